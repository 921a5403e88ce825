/** SCS CRT (10.1) and force-generation chance tables: exact distributions, and sampling that matches them. */
import { describe, expect, it } from 'vitest';
import { d6 } from '../src/core/dice.js';
import { streamRng } from '../src/core/rng.js';
import {
  columnHitChances,
  dieDistribution,
  fireDistribution,
  generatedUnits,
  generationDistribution,
  hitsOfDie,
} from '../src/games/scs/crt.js';
import { CRT_SETS } from '../src/games/scs/parameters.js';

describe('SCS CRT distributions', () => {
  it('set B hits 4-6 for shock primary and mechanized, 5-6 for the others, 6 for security', () => {
    const p = columnHitChances(CRT_SETS.B);
    expect(p.shockPrimary).toBeCloseTo(1 / 2);
    expect(p.mech).toBeCloseTo(1 / 2);
    expect(p.combined).toBeCloseTo(1 / 3);
    expect(p.nonMech).toBeCloseTo(1 / 3);
    expect(p.security).toBeCloseTo(1 / 6);
    expect(p.vi).toBeCloseTo(1 / 3);
    expect(columnHitChances(CRT_SETS.A).combined).toBeCloseTo(1 / 6);
    expect(columnHitChances(CRT_SETS.E).mech).toBeCloseTo(1 / 3);
  });

  it('DRMs shift the hit number and a modified roll above 6 is still one hit', () => {
    expect(dieDistribution(4, -1)[1]).toBeCloseTo(1 / 3); // mechanized in forest (10.4)
    expect(dieDistribution(5, 3)[1]).toBeCloseTo(5 / 6); // relief + VIII FK + Guderian
    expect(dieDistribution(5, 4)).toEqual([0, expect.closeTo(1), 0]); // a modified 10 is still one hit
    expect(dieDistribution(6, 3)).toEqual([expect.closeTo(2 / 6), expect.closeTo(4 / 6), 0]);
    expect(dieDistribution(4, 0, true)).toEqual([
      expect.closeTo(1 / 2),
      expect.closeTo(1 / 3),
      expect.closeTo(1 / 6),
    ]);
  });

  it('the distribution of n dice is the n-fold convolution (sums to 1, mean n*p)', () => {
    const dist = fireDistribution(8, 4, 0);
    expect(dist).toHaveLength(9);
    expect(dist.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(dist.reduce((a, p, k) => a + k * p, 0)).toBeCloseTo(4, 12);
    expect(dist[0]).toBeCloseTo(1 / 256, 12);
    const dbl = fireDistribution(3, 4, 0, true);
    expect(dbl).toHaveLength(7);
    expect(dbl.reduce((a, p, k) => a + k * p, 0)).toBeCloseTo(3 * (1 / 3 + 2 / 6), 12);
  });

  it('sampled hits match the exact distribution (the simulator rolls through hitsOfDie)', () => {
    const rng = streamRng(42, 0, 'test');
    const n = 4;
    const trials = 60_000;
    const counts = new Array<number>(2 * n + 1).fill(0);
    for (let t = 0; t < trials; t++) {
      let hits = 0;
      for (let i = 0; i < n; i++) hits += hitsOfDie(d6(rng), 5, 1, true);
      counts[hits]!++;
    }
    const exact = fireDistribution(n, 5, 1, true);
    for (let k = 0; k < exact.length; k++) {
      const p = exact[k]!;
      const sd = Math.sqrt((p * (1 - p)) / trials);
      expect(Math.abs(counts[k]! / trials - p)).toBeLessThan(5 * sd + 1e-9);
    }
  });

  it('force generation: garrison and breakout 1d6-1 (0-5), relief 1d6 (1-6)', () => {
    expect(generationDistribution('garrison')).toEqual(new Array(6).fill(1 / 6));
    expect(generationDistribution('relief')).toEqual([0, ...new Array(6).fill(1 / 6)]);
    expect(generatedUnits(1, 'breakout')).toBe(0);
    expect(generatedUnits(6, 'relief')).toBe(6);
  });
});
