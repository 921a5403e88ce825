import { mkdirSync } from 'node:fs';
import { type ArmBlocks, gamesTable, gamesTableColumns, type Table } from '../analysis/games-table.js';
import { COMPARISON_COLUMNS, compareArms } from '../analysis/compare.js';
import { outcomeSummary, statSummary } from '../analysis/summary.js';
import type { GameDefinition } from '../core/game.js';
import { writeReport } from '../report/report.js';
import type { Manifest } from './manifest.js';
import { gamesCsv, gamesParquet, sha256, toCsv, writeAtomic } from './outputs.js';

/**
 * Writes a finished run's outputs from its blocks: games.parquet (+ games.csv), summary.csv,
 * stats.csv, the report, and last the manifest marked complete with a checksum of every file.
 */
export function finishRun(dir: string, def: GameDefinition, manifest: Manifest, arms: readonly ArmBlocks[], csv: boolean, seconds: number): Table {
  mkdirSync(dir, { recursive: true });
  const table = gamesTable(def, arms);
  const columns = gamesTableColumns(def);
  const armOrder = manifest.arms.map((a) => a.id);
  const files: Record<string, Uint8Array | string> = {};
  files['games.parquet'] = gamesParquet(table, columns, manifest.version);
  if (csv) files['games.csv'] = gamesCsv(table, columns);
  const outcomes = outcomeSummary(def, table, armOrder);
  const stats = statSummary(def, table, armOrder);
  files['summary.csv'] = toCsv(outcomes, ['arm', 'kind', 'outcome', 'count', 'games', 'rate', 'lo95', 'hi95']);
  files['stats.csv'] = toCsv(stats, ['arm', 'stat', 'mean', 'sd', 'min', 'q25', 'median', 'q75', 'max']);
  const comparisons = manifest.baseline === null ? [] : compareArms(def, table, armOrder, manifest.baseline);
  if (manifest.baseline !== null) files['comparisons.csv'] = toCsv(comparisons, COMPARISON_COLUMNS);
  for (const [name, data] of Object.entries(files)) writeAtomic(`${dir}/${name}`, data);
  const report = writeReport(dir, def, manifest, { outcomes, stats, comparisons });
  const outputs: Record<string, string> = {};
  for (const [name, data] of Object.entries({ ...files, ...report })) outputs[name] = sha256(data);
  const done: Manifest = { ...manifest, status: 'complete', finished: new Date().toISOString(), seconds, outputs };
  writeAtomic(`${dir}/manifest.json`, `${JSON.stringify(done, null, 2)}\n`);
  return table;
}
