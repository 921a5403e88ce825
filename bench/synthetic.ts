/** Synthetic worker blocks: random but valid games, for the finish bench and the games-table tests. */
import type { GameDefinition } from '../src/core/game.js';

/** xorshift32 in [0, 1): the same values on every build and run for one seed. */
export function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

/**
 * One column-major block of `rows` games as src/runner/layout.ts lays it out (no heat tail):
 * result, end reason and victory codes in range, end turns 1..`turns`, statistics in [0, 40)
 * (integers where the statistic is), its "not reached" value one time in `missingEvery` where it has one.
 */
export function syntheticBlock(
  def: GameDefinition,
  rows: number,
  next: () => number,
  turns = 12,
  missingEvery = 10,
): Float64Array {
  const out = new Float64Array((4 + def.stats.length) * rows);
  const pick = (n: number) => Math.floor(next() * n);
  for (let i = 0; i < rows; i++) {
    out[i] = pick(def.results.length);
    out[rows + i] = 1 + pick(turns);
    out[2 * rows + i] = pick(def.endReasons.length);
    out[3 * rows + i] = pick(def.victoryLevels.length);
    def.stats.forEach((s, k) => {
      const v = s.kind === 'int' ? pick(40) : next() * 40;
      out[(4 + k) * rows + i] = s.missing !== undefined && next() * missingEvery < 1 ? s.missing : v;
    });
  }
  return out;
}
