/**
 * The best-response loop (src/search/balance.ts) on payoff sources with known answers: matrix
 * games whose cells give the same score in every game (so every bootstrap bound equals the gain
 * and the loop's choices are exact), and one whose games are drawn at random around known means.
 * The loop must add the right best response, stop when none gains, play candidates first only
 * against the other side's equilibrium support, and continue from finished rounds to the same end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type LpSolver, loadLpSolver } from '../src/analysis/metagame.js';
import { randUnit, streamRng } from '../src/core/rng.js';
import {
  balanceLoop,
  type Cell,
  type LoopConfig,
  type PayoffSource,
  type RoundRecord,
} from '../src/search/balance.js';

let lp: LpSolver;
beforeAll(async () => {
  lp = await loadLpSolver();
});

/** A source over a table of cell means: every game of a cell scores `mean` (noise 0), or 0/1 draws. */
function stubSource(
  means: Readonly<Record<string, Readonly<Record<string, number>>>>,
  games: number,
  noisy = false,
): PayoffSource & { played: Cell[] } {
  const cache = new Map<string, Float64Array>();
  const played: Cell[] = [];
  const key = (c: Cell) => `${c.row}|${c.col}`;
  return {
    played,
    async ensure(cells) {
      for (const c of cells) {
        if (cache.has(key(c))) continue;
        const m = means[c.row]?.[c.col];
        if (m === undefined) throw new Error(`no mean for ${key(c)}`);
        played.push(c);
        const rng = streamRng(7, 0, key(c));
        cache.set(
          key(c),
          Float64Array.from({ length: games }, () => (noisy ? (randUnit(rng) < m ? 1 : 0) : m)),
        );
      }
    },
    scores(c) {
      const s = cache.get(key(c));
      if (s === undefined) throw new Error(`not ensured: ${key(c)}`);
      return s;
    },
  };
}

const config = (
  row: { start: string[]; candidates: string[] },
  col: { start: string[]; candidates: string[] },
  rounds = 5,
): LoopConfig => ({
  seed: 11,
  rounds,
  alpha: 0.05,
  resamples: 200,
  band: { lo: 0.45, hi: 0.55 },
  row: { id: 'red', name: 'Red', ...row },
  col: { id: 'blue', name: 'Blue', ...col },
});

// rock-paper-scissors as the row side's score: a win 1, a tie 1/2
const RPS = {
  R: { R: 0.5, P: 0, S: 1 },
  P: { R: 1, P: 0.5, S: 0 },
  S: { R: 0, P: 1, S: 0.5 },
};

describe('balanceLoop on known matrix games', () => {
  it('rock-paper-scissors from rock alone: adds paper, then scissors, then stops at the mixed equilibrium', async () => {
    const src = stubSource(RPS, 20);
    const r = await balanceLoop(
      lp,
      src,
      config({ start: ['R'], candidates: ['P', 'S'] }, { start: ['R'], candidates: ['P', 'S'] }),
    );
    expect(r.rounds.map((x) => [x.row.added, x.col.added])).toEqual([
      ['P', 'P'],
      ['S', 'S'],
      [null, null],
    ]);
    expect(r.stop).toBe('converged');
    expect(r.final.value).toBeCloseTo(0.5, 9);
    r.final.rowMix.forEach((w) => {
      expect(w).toBeCloseTo(1 / 3, 9);
    });
    r.final.colMix.forEach((w) => {
      expect(w).toBeCloseTo(1 / 3, 9);
    });
    // round 1: paper against rock gains 1/2 (it wins where rock tied), for either side
    const first = r.rounds[0]!;
    expect(first.row.tested.find((c) => c.spec === 'P')!.gain).toBeCloseTo(0.5, 12);
    expect(first.row.tested.find((c) => c.spec === 'S')!.gain).toBeCloseTo(-0.5, 12);
    expect(first.col.baseline).toBeCloseTo(0.5, 12);
    // round 3 has nothing left to test
    expect(r.rounds[2]!.row.tested).toEqual([]);
  });

  it('a pure saddle point: adds the one candidate that beats the column, never the dominated one, then stops', async () => {
    // row a vs col x: 0.3; b beats x (0.6) but y holds it (0.4); c is dominated by a
    const means = {
      a: { x: 0.3, y: 0.2 },
      b: { x: 0.6, y: 0.4 },
      c: { x: 0.2, y: 0.1 },
    };
    const src = stubSource(means, 10);
    const r = await balanceLoop(
      lp,
      src,
      config({ start: ['a'], candidates: ['c', 'b'] }, { start: ['x'], candidates: ['y'] }),
    );
    // round 1: b gains 0.3 against x; y gains 0.1 for the column side against a
    expect(r.rounds[0]!.row.added).toBe('b');
    expect(r.rounds[0]!.col.added).toBe('y');
    expect(r.rounds[0]!.row.tested.map((c) => c.spec)).toEqual(['c', 'b']);
    expect(r.rounds[0]!.row.level).toBeCloseTo(0.025, 12); // 0.05 over two candidates
    // round 2: {a, b} x {x, y}: b dominates a, y holds b to 0.4: the saddle (b, y), value 0.4
    expect(r.rounds[1]!.row.added).toBeNull();
    expect(r.rounds[1]!.col.added).toBeNull();
    expect(r.stop).toBe('converged');
    expect(r.final.value).toBeCloseTo(0.4, 9);
    expect(r.final.rows).toEqual(['a', 'b']);
    expect(r.final.rowMix[1]).toBeCloseTo(1, 9);
    expect(r.final.colMix[1]).toBeCloseTo(1, 9);
    // c, never added, met only the column the equilibrium played in each round: x, then y
    expect(r.rounds[1]!.row.against).toEqual([{ policy: 'y', weight: 1 }]);
    expect(src.played.filter((c) => c.row === 'c').map((c) => c.col)).toEqual(['x', 'y']);
    expect(r.final.rows).not.toContain('c');
  });

  it('a candidate is tested only against the support, and the added one then meets every column', async () => {
    // col mix of {x, z} against {a}: z is never played by the equilibrium (x does better)
    const means = {
      a: { x: 0.4, z: 0.9 },
      b: { x: 0.7, z: 0.8 },
    };
    const src = stubSource(means, 10);
    const r = await balanceLoop(
      lp,
      src,
      config({ start: ['a'], candidates: ['b'] }, { start: ['x', 'z'], candidates: [] }, 1),
    );
    expect(r.rounds[0]!.row.against).toEqual([{ policy: 'x', weight: 1 }]);
    expect(r.rounds[0]!.row.added).toBe('b');
    // b vs x during the oracle; b vs z only after it was added, for the final matrix
    expect(src.played.map((c) => `${c.row}${c.col}`)).toEqual(['ax', 'az', 'bx', 'bz']);
    expect(r.stop).toBe('round-limit');
    expect(r.final.rows).toEqual(['a', 'b']);
    expect(r.final.value).toBeCloseTo(0.7, 9);
  });

  it('noisy games: a gain far beyond the noise is added; one within it is not', async () => {
    const means = {
      a: { x: 0.5 },
      strong: { x: 0.8 },
      weak: { x: 0.52 },
    };
    const big = await balanceLoop(
      lp,
      stubSource(means, 400, true),
      config({ start: ['a'], candidates: ['weak', 'strong'] }, { start: ['x'], candidates: [] }, 1),
    );
    expect(big.rounds[0]!.row.added).toBe('strong');
    const small = await balanceLoop(
      lp,
      stubSource(means, 400, true),
      config({ start: ['a'], candidates: ['weak'] }, { start: ['x'], candidates: [] }, 1),
    );
    const weak = small.rounds[0]!.row.tested[0]!;
    expect(weak.significant).toBe(false);
    expect(small.rounds[0]!.row.added).toBeNull();
    expect(small.stop).toBe('converged');
  });

  it('continuing from finished rounds gives what one uninterrupted loop gives', async () => {
    const cfg = (rounds: number) =>
      config({ start: ['R'], candidates: ['P', 'S'] }, { start: ['R'], candidates: ['P', 'S'] }, rounds);
    const straight = await balanceLoop(lp, stubSource(RPS, 20), cfg(3));
    const kept: RoundRecord[] = [];
    const first = await balanceLoop(lp, stubSource(RPS, 20), cfg(1), { onRound: (x) => kept.push(x) });
    expect(first.stop).toBe('round-limit');
    expect(kept).toHaveLength(1);
    const resumed = await balanceLoop(lp, stubSource(RPS, 20), cfg(3), {
      done: JSON.parse(JSON.stringify(kept)) as RoundRecord[],
    });
    expect(JSON.stringify(resumed)).toBe(JSON.stringify(straight));
  });
});
