import { readFileSync } from 'node:fs';
import type { HeatRow } from '../analysis/report-data.js';
import type { GameRegistry } from '../core/registry.js';
import { writing } from './finish.js';
import { cliCommand } from './hint.js';
import { acquireLock } from './lock.js';
import { assertOutputs, type OutputFile, readManifest, writeManifest } from './manifest.js';
import { digestOf } from './outputs.js';
import { loadRun, trustRemedy } from './read-run.js';
import { reportFiles } from './report-files.js';
import { assertNoLinks, runSubdir, type StagedFile, stageRunFile } from './run-paths.js';
import { codeVersion } from './version.js';

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
  // refuses a directory that is not a run, or one with a link in it, before a lock file is made in it
  assertNoLinks(dir, readManifest(dir, trustRemedy('report', dir)));
  const lock = await acquireLock(dir);
  try {
    const listed = readManifest(dir).outputs ?? {};
    const heated = HEAT_FILE in listed;
    const inputs = ['games.parquet', ...(heated ? [HEAT_FILE] : [])];
    const { manifest, table } = await loadRun(dir, inputs, games);
    assertNoLinks(dir, manifest);
    const def = games.get(manifest.game.id, `${dir}/manifest.json: game`);
    const files = await reportFiles(def, manifest, table, heated ? readHeat(dir) : []);
    assertOutputs(
      dir,
      manifest,
      Object.keys(manifest.outputs ?? {}).filter((f) => !(f in files) && !inputs.includes(f)),
    );
    const again = cliCommand('report', dir);
    lock.check('writing the report files');
    runSubdir(dir, 'charts');
    // each written under a temporary name in the folder opened for it (run-paths.ts stageRunFile:
    // no link swapped in meanwhile is followed), then all renamed into place
    const staged: StagedFile[] = [];
    try {
      for (const [name, content] of Object.entries(files))
        staged.push(writing(dir, name, again, () => stageRunFile(dir, name, content)));
      lock.check('renaming the report files into place');
      for (const s of staged) s.commit();
    } finally {
      for (const s of staged) s.discard();
    }
    const outputs: Record<string, OutputFile> = { ...(manifest.outputs ?? {}) };
    for (const [name, content] of Object.entries(files)) outputs[name] = digestOf(content);
    // The summaries are this build's: the manifest says which code made them, beside the code that played.
    const v = codeVersion();
    lock.check('writing the manifest');
    writing(dir, 'manifest.json', again, () =>
      writeManifest(dir, {
        ...manifest,
        outputs,
        reportedBy: { version: v.version, commit: v.commit, code: v.code, at: new Date().toISOString() },
      }),
    );
  } finally {
    lock.release();
  }
}
