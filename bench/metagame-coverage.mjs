/**
 * How often the meta-game's bootstrap interval covers the true value of the game: simulates
 * `datasets` runs of known matrix games (each cell a Bernoulli score per game index, with a
 * per-game draw that every cell reads half the time, as common dice give), solves each run's meta-game with its
 * 95% percentile bootstrap, and prints the share of intervals that hold the true value.
 * Usage: node bench/metagame-coverage.mjs [datasets=300] [games=500] [resamples=400]
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { loadLpSolver, metaGame, solveZeroSum } from '../dist/src/analysis/metagame.js';
import { streamState } from '../dist/src/core/rng.js';

const [datasets = 300, games = 500, resamples = 400] = process.argv.slice(2).map(Number);
const lp = await loadLpSolver();
const uniformFloat = (rng) => uniformInt(rng, 0, 0x3fffffff) / 0x40000000;
const GAMES = {
  'mixed 2x2': [
    [0.6, 0.4],
    [0.45, 0.55],
  ],
  'mixed 3x3': [
    [0.55, 0.3, 0.7],
    [0.7, 0.5, 0.35],
    [0.35, 0.65, 0.5],
  ],
  'pure saddle 3x3': [
    [0.62, 0.7, 0.66],
    [0.55, 0.6, 0.58],
    [0.5, 0.75, 0.6],
  ],
};
for (const [name, p] of Object.entries(GAMES)) {
  const truth = solveZeroSum(lp, p).value;
  let covered = 0;
  let width = 0;
  for (let d = 0; d < datasets; d++) {
    const rng = xoroshiro128plusFromState(streamState(20261204, d, `coverage:${name}`));
    const cells = p.map((row) => row.map(() => new Float64Array(games)));
    for (let g = 0; g < games; g++) {
      const shock = uniformFloat(rng); // one uniform per game index, shared: correlated cells
      for (const [r, row] of p.entries()) {
        for (const [c, q] of row.entries()) {
          // Half the time the cell reads the game's shared draw: cells correlate across a game index.
          const own = uniformFloat(rng);
          const u = uniformFloat(rng) < 0.5 ? shock : own;
          cells[r][c][g] = u < q ? 1 : 0;
        }
      }
    }
    const mg = metaGame(lp, cells, { seed: d, resamples });
    if (mg.interval[0] <= truth && truth <= mg.interval[1]) covered++;
    width += mg.interval[1] - mg.interval[0];
  }
  console.log(
    `${name}: true value ${(truth * 100).toFixed(2)}%, ${datasets} runs of ${games} games a cell, ` +
      `${resamples} resamples: 95% interval covered it in ${covered} (${((covered / datasets) * 100).toFixed(1)}%), ` +
      `mean width ${((width / datasets) * 100).toFixed(2)} points`,
  );
}
