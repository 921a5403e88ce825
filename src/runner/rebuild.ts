import { compareArms, COMPARISON_COLUMNS } from '../analysis/compare.js';
import { outcomeSummary, statSummary } from '../analysis/summary.js';
import { getGame } from '../games/index.js';
import { writeReport } from '../report/report.js';
import { sha256, toCsv, writeAtomic } from './outputs.js';
import { loadRun } from './read-run.js';

/** Recomputes summary.csv, stats.csv, comparisons.csv and the report of a finished run from games.parquet. */
export async function rebuildReport(dir: string): Promise<void> {
  const { manifest, table } = await loadRun(dir);
  const def = getGame(manifest.game.id, `${dir}/manifest.json: game`);
  const armOrder = manifest.arms.map((a) => a.id);
  const outcomes = outcomeSummary(def, table, armOrder);
  const stats = statSummary(def, table, armOrder);
  const comparisons = manifest.baseline === null ? [] : compareArms(def, table, armOrder, manifest.baseline);
  const files: Record<string, string> = {
    'summary.csv': toCsv(outcomes, ['arm', 'kind', 'outcome', 'count', 'games', 'rate', 'lo95', 'hi95']),
    'stats.csv': toCsv(stats, ['arm', 'stat', 'mean', 'sd', 'min', 'q25', 'median', 'q75', 'max']),
  };
  if (manifest.baseline !== null) files['comparisons.csv'] = toCsv(comparisons, COMPARISON_COLUMNS);
  for (const [name, data] of Object.entries(files)) writeAtomic(`${dir}/${name}`, data);
  const report = writeReport(dir, def, manifest, { outcomes, stats, comparisons });
  const outputs: Record<string, string> = { ...(manifest.outputs ?? {}) };
  for (const [name, data] of Object.entries({ ...files, ...report })) outputs[name] = sha256(data);
  writeAtomic(`${dir}/manifest.json`, `${JSON.stringify({ ...manifest, outputs }, null, 2)}\n`);
}
