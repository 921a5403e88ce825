/**
 * Instructions per game of two builds, counted by valgrind (callgrind) on a single-threaded Node
 * (no concurrent compiler or GC threads): a count that, unlike time, other work on the machine
 * does not move. Each build plays the engine ceiling's games (bench/ceiling.ts: the default
 * policies, then replayed; the first scenario, SFO Advanced) twice, `small` and `large` games; the
 * per-game figure is the difference over `large - small` games, so start-up and module loading
 * cancel out.
 *
 *   node bench/instructions.mjs <build A root> <build B root> <game> [small=30] [large=330]
 *
 * Needs `valgrind` on the PATH; each run takes minutes (valgrind runs ~50x slower than Node alone).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [rootA, rootB, game, smallArg, largeArg] = process.argv.slice(2);
if (rootA === undefined || rootB === undefined || game === undefined) {
  console.error('usage: node bench/instructions.mjs <build A root> <build B root> <game> [small] [large]');
  process.exit(2);
}
const small = Number(smallArg ?? 30);
const large = Number(largeArg ?? 330);
const player = fileURLToPath(new URL('./instructions-play.mjs', import.meta.url));

/** The instructions valgrind counted for `n` games of the build at `root`. */
function instructions(root, n) {
  const r = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded',
      player,
      root,
      game,
      String(n),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  if (r.error !== undefined) throw r.error;
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || m === null)
    throw new Error(`valgrind failed for ${root} (${n} games): ${r.stderr.slice(-500)}`);
  return Number(m[1]);
}

const perGame = (root) => (instructions(root, large) - instructions(root, small)) / (large - small);
const a = perGame(rootA);
const b = perGame(rootB);
console.log(
  `${game}: instructions per game, A ${(a / 1e6).toFixed(2)}M, B ${(b / 1e6).toFixed(2)}M, B/A ${(b / a).toFixed(3)}`,
);
