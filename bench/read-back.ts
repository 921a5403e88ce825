/**
 * Reading a big run back: `node dist/bench/read-back.js make <dir> [GAMES] [BUILD_DIST]` writes a
 * finished Dark Crusade run of GAMES synthetic rows (default 1,000,000: 4 arms, bench/synthetic.ts
 * blocks, the build's own finish: games.parquet with every arm column, the summaries and the
 * report) without playing a game; `node dist/bench/read-back.js load <dir> [BUILD_DIST]` reads it
 * back with the library's loadRun (every column, as the file holds it) and prints one JSON line:
 * rows, columns, seconds and this process's peak RSS (VmHWM). `report` is timed by bench/run.ts
 * as the CLI (`sandtable report <dir>`) under /usr/bin/time -v. BUILD_DIST (default: this build's
 * dist) is the `dist` folder of the build measured, so one script measures two builds.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GameDefinition } from '../src/core/game.js';
import { random, syntheticBlock } from './synthetic.js';

const ARMS = 4;
const BLOCK = 1000;

/** Peak resident set of this process so far, MB. */
export function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m === null ? Math.round(process.memoryUsage().rss / 2 ** 20) : Math.round(Number(m[1]) / 1024);
}

/** The synthetic run: `games` rows of DC over 4 arms (each a reading of the rules), finished by the build in `dist`. */
async function make(dir: string, games: number, dist: string): Promise<void> {
  const load = (path: string) => import(pathToFileURL(join(dist, path)).href);
  const { gameRegistry } = await load('src/games/index.js');
  const { experimentFromValue } = await load('src/runner/experiment.js');
  const { newManifest } = await load('src/runner/manifest.js');
  const { finishRun } = await load('src/runner/finish.js');
  const { GamesTableBuilder } = await load('src/analysis/games-table.js');
  const registry = gameRegistry();
  const def = registry.get('dc') as GameDefinition;
  const perArm = Math.ceil(games / ARMS);
  const alternatives = def.variants.filter((v) => !v.default && v.group !== undefined).slice(0, ARMS - 1);
  const exp = experimentFromValue(
    {
      name: 'read-back',
      game: 'dc',
      games: perArm,
      seed: 1,
      arms: [{ id: 'printed' }, ...alternatives.map((v) => ({ id: v.id, variants: { [v.id]: true } }))],
    },
    'read-back',
    registry,
  );
  const arms = exp.arms.map((a: { id: string; setup: { scenario: string } }) => ({
    arm: a.id,
    scenario: a.setup.scenario,
    from: 0,
    to: perArm,
  }));
  const builder = new GamesTableBuilder(def, arms);
  const next = random(20261204);
  for (let a = 0; a < arms.length; a++)
    for (let start = 0; start < perArm; start += BLOCK) {
      const end = Math.min(perArm, start + BLOCK);
      builder.add(a, start, end, syntheticBlock(def, end - start, next));
    }
  await finishRun(dir, def, newManifest(exp, 1, BLOCK), builder.table(), false, 0);
}

/** loadRun of the build in `dist` on `dir`: one JSON line. */
async function loadBack(dir: string, dist: string): Promise<void> {
  const { loadRun } = await import(pathToFileURL(join(dist, 'src/api/runs.js')).href);
  const t0 = performance.now();
  const run = await loadRun(dir);
  const seconds = (performance.now() - t0) / 1000;
  process.stdout.write(
    `${JSON.stringify({
      dist,
      rows: run.games.numRows(),
      columns: run.games.numCols(),
      seconds,
      peakRssMb: peakRssMb(),
    })}\n`,
  );
}

const [verb, dir, ...rest] = process.argv.slice(2);
const here = join(import.meta.dirname, '..');
if (verb === 'make' && dir !== undefined)
  await make(dir, Number(rest[0] ?? 1_000_000), resolve(rest[1] ?? here));
else if (verb === 'load' && dir !== undefined) await loadBack(dir, resolve(rest[0] ?? here));
else {
  process.stderr.write('usage: node dist/bench/read-back.js make <dir> [games] [dist] | load <dir> [dist]\n');
  process.exit(2);
}
