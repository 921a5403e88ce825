import { mkdirSync } from 'node:fs';
import { type ArmBlocks, gamesTable, gamesTableColumns, type Table } from '../analysis/games-table.js';
import { computeReportData, type HeatRow, summaryFiles } from '../analysis/report-data.js';
import type { GameDefinition } from '../core/game.js';
import { writeReport } from '../report/report.js';
import type { Manifest } from './manifest.js';
import { gamesCsv, gamesParquet, sha256, writeAtomic } from './outputs.js';

/**
 * Writes a finished run's outputs from its blocks: games.parquet (+ games.csv), the CSV summaries,
 * the charts and report, and last the manifest marked complete with a checksum of every file.
 */
export async function finishRun(
  dir: string,
  def: GameDefinition,
  manifest: Manifest,
  arms: readonly ArmBlocks[],
  csv: boolean,
  seconds: number,
  heat: readonly HeatRow[] = [],
): Promise<Table> {
  mkdirSync(dir, { recursive: true });
  const table = gamesTable(def, arms);
  const columns = gamesTableColumns(def);
  const files: Record<string, Uint8Array | string> = {};
  files['games.parquet'] = gamesParquet(table, columns, manifest.version);
  if (csv) files['games.csv'] = gamesCsv(table, columns);
  const data = computeReportData(def, table, manifest.arms, manifest.baseline, heat);
  Object.assign(files, summaryFiles(data));
  for (const [name, content] of Object.entries(files)) writeAtomic(`${dir}/${name}`, content);
  const report = await writeReport(dir, def, manifest, data);
  const outputs: Record<string, string> = {};
  for (const [name, content] of Object.entries({ ...files, ...report })) outputs[name] = sha256(content);
  const done: Manifest = { ...manifest, status: 'complete', finished: new Date().toISOString(), seconds, outputs };
  writeAtomic(`${dir}/manifest.json`, `${JSON.stringify(done, null, 2)}\n`);
  return table;
}
