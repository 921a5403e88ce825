import { beforeAll, describe, expect, it } from 'vitest';
import {
  convergenceStatus,
  type LadderDesign,
  ladderAnalysis,
  ladderJson,
  skillGain,
} from '../src/analysis/ladder.js';
import { type LpSolver, loadLpSolver, metaGame } from '../src/analysis/metagame.js';

// A skill ladder's verdict (src/analysis/ladder.ts) on synthetic per-game scores whose rung values
// are known exactly: each side has one script (rung 0) and a search player at rungs 1 and 2; a
// player of a higher rung beats every player of a lower one in every game (score 1 for the row
// side when its player is the higher, 0 when the column side's is), and the two players of the
// same rung meet on a cell of mean d[r]. Then the value at rung r is d[r]: the row side's rung-r
// player guarantees d[r] and the column side's holds it to d[r] (a saddle point), in the whole
// sample and in every bootstrap resample.

let lp: LpSolver;
beforeAll(async () => {
  lp = await loadLpSolver();
});

const NAMES = { rowSide: 'Red', colSide: 'Blue' };

function design(margin: number): LadderDesign {
  const rows = ['r-script', 'r-search:b=1', 'r-search:b=2'];
  const cols = ['b-script', 'b-search:b=1', 'b-search:b=2'];
  return {
    rowSide: 'red',
    colSide: 'blue',
    rows,
    cols,
    arms: rows.map((r) => cols.map((c) => `${r}_vs_${c}`)),
    rowRung: [0, 1, 2],
    colRung: [0, 1, 2],
    budget: 'b',
    rungs: [1, 2],
    margin,
  };
}

/** The scores of the construction above: `diagonal[r]` holds the games of the rung-r pairing. */
function scores(diagonal: readonly (readonly number[])[]): Float64Array[][] {
  const n = diagonal[0]!.length;
  return [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) =>
      i === j ? Float64Array.from(diagonal[i]!) : new Float64Array(n).fill(i > j ? 1 : 0),
    ),
  );
}

const constant = (x: number, n = 50) => new Array<number>(n).fill(x);

describe('the value at each rung', () => {
  it('is the meta-game value of the nested sub-matrix, exact on constant cells', () => {
    const r = ladderAnalysis(lp, scores([constant(0.6), constant(0.7), constant(0.71)]), design(0.03), {
      seed: 1,
      resamples: 200,
      names: NAMES,
    });
    expect(r.rungs.map((g) => g.label)).toEqual(['scripts', 'b 1', 'b 2']);
    expect(r.rungs.map((g) => g.budget)).toEqual([null, 1, 2]);
    expect(r.rungs.map((g) => g.rows)).toEqual([
      ['r-script'],
      ['r-script', 'r-search:b=1'],
      ['r-script', 'r-search:b=1', 'r-search:b=2'],
    ]);
    r.rungs.forEach((g, i) => {
      const v = [0.6, 0.7, 0.71][i]!;
      expect(g.meta.value).toBeCloseTo(v, 9);
      expect(g.meta.interval[0]).toBeCloseTo(v, 9);
      expect(g.meta.interval[1]).toBeCloseTo(v, 9);
    });
    // the top rung plays its search players only
    expect(r.rungs[2]!.meta.rowMix).toEqual([0, 0, 1]);
    expect(r.rungs[2]!.meta.colMix).toEqual([0, 0, 1]);
    expect(r.steps.map((s) => s.diff)).toEqual([expect.closeTo(0.1, 9), expect.closeTo(0.01, 9)]);
  });

  it("each rung's interval is the sub-matrix's own meta-game interval (same seed, same resamples)", () => {
    const noisy = (k: number) =>
      Array.from({ length: 60 }, (_, g) => (g % 5 < k ? 1 : g % 7 === 0 ? 0.5 : 0));
    const s = scores([noisy(2), noisy(3), noisy(3)]);
    const r = ladderAnalysis(lp, s, design(0.03), { seed: 7, resamples: 150, names: NAMES });
    const sub = (k: number) => s.slice(0, k).map((row) => row.slice(0, k));
    r.rungs.forEach((g, i) => {
      const own = metaGame(lp, sub(i + 1), { seed: 7, resamples: 150 });
      expect(g.meta.value).toBe(own.value);
      expect(g.meta.interval).toEqual(own.interval);
    });
  });
});

describe('convergence: the two strongest rungs, paired', () => {
  it('converged when their difference and its interval are within the margin; skill favours the side the value moves to', () => {
    const r = ladderAnalysis(lp, scores([constant(0.6), constant(0.7), constant(0.71)]), design(0.03), {
      seed: 1,
      resamples: 200,
      names: NAMES,
    });
    expect(r.convergence.status).toBe('converged');
    expect(r.convergence.diff).toBeCloseTo(0.01, 9);
    expect(r.convergence.from).toBe(1);
    expect(r.convergence.to).toBe(2);
    expect(r.gain.favours).toBe('row');
    expect(r.gain.diff).toBeCloseTo(0.11, 9);
    expect(r.sentence).toBe(
      "From scripts to search at b 2, Red's score under the strongest strategies moves from 60.0% [60.0, 60.0] to 71.0% [71.0, 71.0] (win 1, draw 1/2; 50 games a pairing); skill favours Red (Red +11.0 points [+11.0, +11.0]); the verdict has converged: the two strongest rungs (b 1, b 2) differ by +1.0 points [+1.0, +1.0], within the margin of ±3.",
    );
  });

  it('still moving when the whole interval is beyond the margin; the column side gains when the value falls', () => {
    const r = ladderAnalysis(lp, scores([constant(0.6), constant(0.5), constant(0.4)]), design(0.03), {
      seed: 1,
      resamples: 200,
      names: NAMES,
    });
    expect(r.convergence.status).toBe('moving');
    expect(r.convergence.diff).toBeCloseTo(-0.1, 9);
    expect(r.gain.favours).toBe('col');
    expect(r.sentence).toContain('skill favours Blue (Red -20.0 points [-20.0, -20.0])');
    expect(r.sentence).toContain('the verdict has not converged and is still moving');
  });

  it('not enough games to tell when the paired interval reaches across an edge of the margin', () => {
    // rung 2's pairing wins 2 more games of 40 than rung 1's, on the same game indices: a paired
    // difference of exactly +5 points whose resamples range over 0 and +10
    const one = Array.from({ length: 40 }, (_, g) => (g < 20 ? 1 : 0));
    const two = one.map((x, g) => (g === 30 || g === 35 ? 1 : x));
    const r = ladderAnalysis(lp, scores([constant(0.5, 40), one, two]), design(0.03), {
      seed: 3,
      resamples: 400,
      names: NAMES,
    });
    expect(r.convergence.diff).toBeCloseTo(0.05, 12);
    expect(r.convergence.interval[0]).toBeLessThan(0.03);
    expect(r.convergence.interval[1]).toBeGreaterThan(0.03);
    // a paired difference never goes below 0 here: the second pairing only adds wins
    expect(r.convergence.interval[0]).toBeGreaterThanOrEqual(0);
    expect(r.convergence.status).toBe('undecided');
    expect(r.sentence).toContain('not enough games to tell');
    // the same wins, unpaired, would move the value's own intervals far more than the pairing's
    const w = r.rungs[2]!.meta.interval[1] - r.rungs[2]!.meta.interval[0];
    expect(r.convergence.interval[1] - r.convergence.interval[0]).toBeLessThan(w / 2);
  });

  it('the readings of an interval against the margin and against 0', () => {
    expect(convergenceStatus([-0.03, 0.03], 0.03)).toBe('converged');
    expect(convergenceStatus([-0.031, 0.01], 0.03)).toBe('undecided');
    expect(convergenceStatus([0.031, 0.05], 0.03)).toBe('moving');
    expect(convergenceStatus([-0.2, -0.04], 0.03)).toBe('moving');
    expect(skillGain([0.001, 0.2])).toBe('row');
    expect(skillGain([-0.2, -0.001])).toBe('col');
    expect(skillGain([0, 0.2])).toBe('neither');
  });

  it('is deterministic: the same seed gives the same ladder.json, another seed other intervals', () => {
    const noisy = (k: number) => Array.from({ length: 60 }, (_, g) => (g % 6 < k ? 1 : 0));
    const s = scores([noisy(2), noisy(3), noisy(4)]);
    const run = (seed: number) => ladderAnalysis(lp, s, design(0.03), { seed, resamples: 100, names: NAMES });
    expect(ladderJson(run(5))).toBe(ladderJson(run(5)));
    expect(ladderJson(run(5))).not.toBe(ladderJson(run(6)));
    const json = JSON.parse(ladderJson(run(5))) as {
      rungs: { value: number }[];
      convergence: { status: string };
    };
    expect(json.rungs.map((g) => g.value)).toEqual([2 / 6, 3 / 6, 4 / 6].map((v) => expect.closeTo(v, 9)));
    expect(json.convergence.status).toBe('moving');
  });
});
