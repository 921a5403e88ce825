import { mkdirSync, readFileSync, renameSync, writeFileSync as writeFileAt } from 'node:fs';
import type { HeatRow } from '../analysis/report-data.js';
import type { GameRegistry } from '../core/registry.js';
import { acquireLock } from './lock.js';
import { assertOutputs, type OutputFile, readManifest, writeManifest } from './manifest.js';
import { digestOf, tempPath } from './outputs.js';
import { loadRun } from './read-run.js';
import { reportFiles } from './report-files.js';

/** The file holding a run's per-cell counts: read back by `report`, as they cannot be recomputed from games.parquet. */
export const HEAT_FILE = 'cells.csv';

/**
 * cells.csv of a run, if it has one. Cell ids and arm ids hold no comma or quote (core/board.ts,
 * the experiment schema), so a line splits on commas.
 */
export function readHeat(dir: string): HeatRow[] {
  const path = `${dir}/${HEAT_FILE}`;
  const [, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  return lines.map((l) => {
    const [arm, cell, count, games, share] = l.split(',') as [string, string, string, string, string];
    return { arm, cell, count: Number(count), games: Number(games), share: Number(share) };
  });
}

/**
 * Recomputes the summaries, charts and report of a finished run from its files, without
 * re-simulating. What it reads (games.parquet, the heat file) and every listed file it does not
 * rewrite must match the manifest; the files it rewrites are written to temporary names first,
 * then renamed together, and the manifest, with their new sizes and hashes, last.
 */
export async function rebuildReport(dir: string, games: GameRegistry): Promise<void> {
  readManifest(dir); // refuses a directory that is not a run before a lock file is made in it
  const lock = await acquireLock(dir);
  try {
    const listed = readManifest(dir).outputs ?? {};
    const heated = HEAT_FILE in listed;
    const inputs = ['games.parquet', ...(heated ? [HEAT_FILE] : [])];
    const { manifest, table } = await loadRun(dir, inputs);
    const def = games.get(manifest.game.id, `${dir}/manifest.json: game`);
    const files = await reportFiles(def, manifest, table, heated ? readHeat(dir) : []);
    assertOutputs(
      dir,
      manifest,
      Object.keys(manifest.outputs ?? {}).filter((f) => !(f in files) && !inputs.includes(f)),
    );
    mkdirSync(`${dir}/charts`, { recursive: true });
    const staged = Object.entries(files).map(([name, content]) => {
      const tmp = tempPath(`${dir}/${name}`);
      writeFileAt(tmp, content);
      return [tmp, `${dir}/${name}`] as const;
    });
    for (const [tmp, path] of staged) renameSync(tmp, path);
    const outputs: Record<string, OutputFile> = { ...(manifest.outputs ?? {}) };
    for (const [name, content] of Object.entries(files)) outputs[name] = digestOf(content);
    writeManifest(dir, { ...manifest, outputs });
  } finally {
    lock.release();
  }
}
