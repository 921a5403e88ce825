import { mkdirSync } from 'node:fs';
import { type GamesTable, gamesTableColumns } from '../analysis/games-table.js';
import { computeReportData, type HeatRow, summaryFiles } from '../analysis/report-data.js';
import type { GameDefinition } from '../core/game.js';
import { writeReport } from '../report/report.js';
import type { Manifest } from './manifest.js';
import { sha256, writeAtomic, writeGamesCsv, writeGamesParquet } from './outputs.js';

/**
 * Writes a finished run's outputs from its games table: games.parquet (+ games.csv), the CSV
 * summaries, the charts and report, and last the manifest marked complete with a checksum of
 * every file.
 */
export async function finishRun(
  dir: string,
  def: GameDefinition,
  manifest: Manifest,
  table: GamesTable,
  csv: boolean,
  seconds: number,
  heat: readonly HeatRow[] = [],
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const columns = gamesTableColumns(def);
  const outputs: Record<string, string> = {};
  outputs['games.parquet'] = writeGamesParquet(`${dir}/games.parquet`, table, columns, manifest.version);
  if (csv) outputs['games.csv'] = writeGamesCsv(`${dir}/games.csv`, table, columns);
  const data = computeReportData(def, table, manifest.arms, manifest.baseline, heat);
  const files = summaryFiles(data);
  for (const [name, content] of Object.entries(files)) writeAtomic(`${dir}/${name}`, content);
  const report = await writeReport(dir, def, manifest, data, writeAtomic);
  for (const [name, content] of Object.entries({ ...files, ...report })) outputs[name] = sha256(content);
  const done: Manifest = {
    ...manifest,
    status: 'complete',
    finished: new Date().toISOString(),
    seconds,
    outputs,
  };
  writeAtomic(`${dir}/manifest.json`, `${JSON.stringify(done, null, 2)}\n`);
}
