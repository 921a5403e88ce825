import { existsSync, readFileSync } from 'node:fs';
import { computeReportData, type HeatRow, summaryFiles } from '../analysis/report-data.js';
import type { GameRegistry } from '../core/registry.js';
import { writeReport } from '../report/report.js';
import { sha256, writeAtomic } from './outputs.js';
import { loadRun } from './read-run.js';

/**
 * The per-cell heat of a run: cells.csv, or hexes.csv of a run made before boards had cells (same
 * columns, `hex` for `cell`). Cell ids and arm ids hold no comma or quote (core/board.ts, the
 * experiment schema), so a line splits on commas.
 */
export function readHeat(dir: string): HeatRow[] {
  const path = [`${dir}/cells.csv`, `${dir}/hexes.csv`].find((p) => existsSync(p));
  if (path === undefined) return [];
  const [, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  return lines.map((l) => {
    const [arm, cell, count, games, share] = l.split(',') as [string, string, string, string, string];
    return { arm, cell, count: Number(count), games: Number(games), share: Number(share) };
  });
}

/** Recomputes the summaries, charts and report of a finished run from its files, without re-simulating. */
export async function rebuildReport(dir: string, games: GameRegistry): Promise<void> {
  const { manifest, table } = await loadRun(dir);
  const def = games.get(manifest.game.id, `${dir}/manifest.json: game`);
  const data = computeReportData(def, table, manifest.arms, manifest.baseline, readHeat(dir));
  const files = summaryFiles(data);
  for (const [name, content] of Object.entries(files)) writeAtomic(`${dir}/${name}`, content);
  const report = await writeReport(dir, def, manifest, data, writeAtomic);
  const outputs: Record<string, string> = { ...(manifest.outputs ?? {}) };
  for (const [name, content] of Object.entries({ ...files, ...report })) outputs[name] = sha256(content);
  writeAtomic(`${dir}/manifest.json`, `${JSON.stringify({ ...manifest, outputs }, null, 2)}\n`);
}
