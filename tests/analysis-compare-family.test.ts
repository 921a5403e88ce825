import { from } from 'arquero';
import { describe, expect, it } from 'vitest';
import { comparePairs, compareScores } from '../src/analysis/compare.js';
import { holm, mcnemarExact } from '../src/analysis/stats.js';
import { gameRegistry } from '../src/games/index.js';

// One family per comparison set: every pair compared together is Holm-adjusted together (as
// `compare` does over all the arm pairs of two runs), and every verdict's interval is the one its
// test inverts at the level Holm judges it, so it excludes 0 exactly when the verdict says
// distinguishable.

const sfo = gameRegistry().get('sfo');

/** 200 games per arm: arm x's winners by game index from a rule on the index. */
function table(arms: Record<string, (g: number) => string>) {
  return from(
    Object.entries(arms).flatMap(([arm, winner]) =>
      Array.from({ length: 200 }, (_, game) => ({ arm, game, winner: winner(game) })),
    ),
  );
}

const t = table({
  base: (g) => (g % 4 === 0 ? 'soviet' : g % 4 === 1 ? 'none' : 'us'),
  // more Soviet wins: clearly distinguishable
  up: (g) => (g % 4 <= 1 ? 'soviet' : 'us'),
  // one game differs: not distinguishable
  near: (g) => (g === 2 ? 'soviet' : g % 4 === 0 ? 'soviet' : g % 4 === 1 ? 'none' : 'us'),
  // a few more Soviet wins: borderline, decided by the family's size
  some: (g) => (g % 4 === 0 || g % 20 === 1 || g % 20 === 5 ? 'soviet' : g % 4 === 1 ? 'none' : 'us'),
});

describe('a family of paired comparisons', () => {
  const pairs = ['up', 'near', 'some'].map((arm) => ({
    arm,
    baseline: 'base',
    armRef: { table: t, arm },
    baselineRef: { table: t, arm: 'base' },
  }));
  const rows = comparePairs(sfo, pairs).filter((r) => r.outcome === 'win:soviet');

  it('is Holm-adjusted over every pair compared together, not one pair at a time', () => {
    expect(rows.map((r) => r.p_holm)).toEqual(holm(rows.map((r) => r.p_mcnemar)));
    const alone = comparePairs(sfo, [pairs[2]!]).find((r) => r.outcome === 'win:soviet')!;
    expect(alone.p_holm).toBe(alone.p_mcnemar);
    expect(rows[2]!.p_holm).toBeGreaterThan(alone.p_holm);
  });

  it('prints beside each p the interval its test inverts', () => {
    for (const r of rows) {
      expect(r.exact_lo95 > 0 || r.exact_hi95 < 0, r.arm).toBe(r.p_mcnemar < 0.05);
      expect(r.holm_lo > 0 || r.holm_hi < 0, r.arm).toBe(r.p_holm < 0.05);
      expect(r.holm_level).toBeGreaterThanOrEqual(0.95);
      expect(r.holm_lo).toBeLessThanOrEqual(r.exact_lo95 + 1e-12);
    }
    const up = rows[0]!;
    // up wins 50 more games for the Soviet side (the games without a winner), never fewer
    expect(up.diff).toBeCloseTo(0.25, 12);
    expect(up.p_mcnemar).toBe(mcnemarExact(0, 50));
  });

  it('compares scores (a game without a winner 1/2) with the z test and its interval, Holm over the set', () => {
    const s = compareScores(
      t,
      ['up', 'near', 'some'].map((arm) => ({ arm, baseline: 'base', side: 'soviet' })),
    );
    expect(s[0]!.diff).toBeCloseTo(0.125, 12); // 50 of 200 games from 1/2 to 1
    expect(s.map((r) => r.p_holm)).toEqual(holm(s.map((r) => r.p)));
    for (const r of s) {
      expect(r.lo95 > 0 || r.hi95 < 0, r.arm).toBe(r.p < 0.05);
      expect(r.holm_lo > 0 || r.holm_hi < 0, r.arm).toBe(r.p_holm < 0.05);
    }
    // the us side's score moves by the same amount the other way
    const us = compareScores(t, [{ arm: 'up', baseline: 'base', side: 'us' }])[0]!;
    expect(us.diff).toBeCloseTo(-0.125, 12);
  });
});
