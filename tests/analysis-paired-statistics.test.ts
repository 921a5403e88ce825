import { describe, expect, it } from 'vitest';
import { wilson } from '../src/analysis/intervals.js';
import {
  betaCdf,
  betaQuantile,
  binomialCdf,
  clopperPearson,
  gamesForIndependentDifference,
  gamesForPairedDifference,
  gamesForRate,
  holm,
  holmAlpha,
  independentDifference,
  jeffreys,
  mcnemarExact,
  mcnemarInterval,
  normalQuantile,
  normalUpperTail,
  pairedDifference,
  pairedScore,
  pairedSprt,
  scoreInterval,
} from '../src/analysis/stats.js';

describe('Jeffreys interval', () => {
  it('matches Brown, Cai & DasGupta (2001): the ends are Beta(x+1/2, n-x+1/2) quantiles', () => {
    const ci = jeffreys(81, 263);
    expect(betaCdf(ci.low, 81.5, 182.5)).toBeCloseTo(0.025, 9);
    expect(betaCdf(ci.high, 81.5, 182.5)).toBeCloseTo(0.975, 9);
    // Close to Wilson for moderate n (Newcombe 1998: 0.2553-0.3662).
    expect(Math.abs(ci.low - 0.2553)).toBeLessThan(0.002);
    expect(Math.abs(ci.high - 0.3662)).toBeLessThan(0.002);
  });

  it('has a zero lower end with no successes and a unit upper end with all', () => {
    expect(jeffreys(0, 20).low).toBe(0);
    expect(jeffreys(20, 20).high).toBe(1);
  });

  it('agrees with closed forms: uniform, Beta(1, b), and the arcsine law Beta(1/2, 1/2)', () => {
    expect(betaCdf(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(betaCdf(0.2, 1, 7.5)).toBeCloseTo(1 - 0.8 ** 7.5, 12);
    for (const q of [0.025, 0.3, 0.975])
      expect(betaQuantile(q, 0.5, 0.5)).toBeCloseTo(Math.sin((Math.PI * q) / 2) ** 2, 10);
  });
});

describe('exact McNemar test', () => {
  it('b = 6, c = 16 (the [59 6; 16 80] table above) gives p = 2 * 110056 / 2^22 = 0.0525', () => {
    expect(mcnemarExact(6, 16)).toBeCloseTo(0.05248, 4);
  });

  it('is symmetric in b and c and 1 with no discordant pairs', () => {
    expect(mcnemarExact(16, 6)).toBe(mcnemarExact(6, 16));
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(5, 5)).toBe(1);
  });

  it('binomialCdf agrees with the direct sum', () => {
    // 2^-22 * sum_{k<=6} C(22, k) = 110056 / 4194304
    expect(binomialCdf(6, 22, 0.5)).toBeCloseTo(110056 / 4194304, 12);
  });
});

describe('paired difference (Newcombe square-and-add)', () => {
  // contingencytables (Fagerland et al.), test-ch8: n = [59 6; 16 80] -> -0.0621 (-0.1186 to -0.0046).
  it('reproduces the published interval for [59 6; 16 80]', () => {
    const r = pairedDifference({ a: 59, b: 6, c: 16, d: 80 });
    // Published as p1 - p2 (A minus B); we report B minus A, so the signs flip.
    expect(r.estimate).toBeCloseTo(0.0621, 4);
    expect(r.low).toBeCloseTo(0.0046, 4);
    expect(r.high).toBeCloseTo(0.1186, 4);
    expect(r.discordant).toBeCloseTo(22 / 161, 12);
  });

  it('is narrower than the independent interval when arms agree on most games', () => {
    // 10,000 games, rates 0.50 and 0.53, the arms disagree on only 5% of games.
    const paired = pairedDifference({ a: 4850, b: 100, c: 400, d: 4650 });
    const indep = independentDifference(4950, 10_000, 5250, 10_000);
    expect(paired.estimate).toBeCloseTo(indep.estimate, 12);
    expect(paired.high - paired.low).toBeLessThan((indep.high - indep.low) / 2);
  });
});

describe('Holm correction', () => {
  it('matches the step-down values of Holm (1979) on a textbook set', () => {
    // p = (0.01, 0.04, 0.03, 0.005): sorted 0.005*4=0.02, 0.01*3=0.03, 0.03*2=0.06, 0.04*1 -> max(0.06, 0.04)
    expect(holm([0.01, 0.04, 0.03, 0.005])).toEqual([0.03, 0.06, 0.06, 0.02]);
  });
});

describe('sequential test', () => {
  it('decides "differs" on a clear difference and "within" on none', () => {
    // B wins 20% more games than A, D in {0, 1}.
    const n = 400;
    const sum = 0.2 * n;
    expect(pairedSprt(sum, sum, n, 0.1).decision).toBe('differs');
    // No difference, 10% discordant split evenly.
    expect(pairedSprt(0, 0.1 * 4000, 4000, 0.05).decision).toBe('within');
    expect(pairedSprt(2, 4, 10, 0.05).decision).toBe('continue');
  });
});

describe('games planner', () => {
  it('about 9,604 games give +-1 point at p = 1/2', () => {
    expect(gamesForRate(0.01)).toBe(9604);
    const n = gamesForRate(0.01);
    const ci = wilson(n / 2, n);
    expect((ci.high - ci.low) / 2).toBeLessThanOrEqual(0.01);
  });

  it('pairing needs fewer games than independent arms when arms mostly agree', () => {
    expect(gamesForIndependentDifference(0.01)).toBe(19208);
    expect(gamesForPairedDifference(0.01, 0.1)).toBeLessThan(4000);
  });
});

describe('one test, one interval', () => {
  it('Clopper-Pearson ends are the Beta quantiles, 0 and 1 at the edges (Clopper & Pearson 1934)', () => {
    const ci = clopperPearson(3, 20);
    expect(betaCdf(ci.low, 3, 18)).toBeCloseTo(0.025, 9);
    expect(betaCdf(ci.high, 4, 17)).toBeCloseTo(0.975, 9);
    expect(clopperPearson(0, 10).low).toBe(0);
    // x = 0 of 10: upper end 1 - 0.025^(1/10)
    expect(clopperPearson(0, 10).high).toBeCloseTo(1 - 0.025 ** 0.1, 9);
    expect(clopperPearson(10, 10).high).toBe(1);
  });

  it('the exact McNemar interval excludes 0 exactly when the exact McNemar test rejects, at any level', () => {
    for (const alpha of [0.05, 0.01, 0.005])
      for (let b = 0; b <= 30; b += 3)
        for (let c = 0; c <= 30; c += 2) {
          const t = { a: 40, b, c, d: 100 };
          const ci = mcnemarInterval(t, alpha);
          const excludes = ci.low > 0 || ci.high < 0;
          expect(excludes, `b ${b}, c ${c}, alpha ${alpha}`).toBe(mcnemarExact(b, c) < alpha);
          // the estimate (c - b) / n lies inside, and the interval within the discordant share
          const n = 40 + b + c + 100;
          expect(ci.low).toBeLessThanOrEqual((c - b) / n + 1e-12);
          expect(ci.high).toBeGreaterThanOrEqual((c - b) / n - 1e-12);
          expect(ci.high).toBeLessThanOrEqual((b + c) / n + 1e-12);
        }
    expect(mcnemarInterval({ a: 5, b: 0, c: 0, d: 5 })).toEqual({ low: 0, high: 0 });
  });

  it('the paired z test and its interval agree, and the normal tail and quantile invert each other', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(2 * normalUpperTail(1.959963984540054)).toBeCloseTo(0.05, 7);
    expect(normalUpperTail(-1)).toBeCloseTo(0.8413447460685429, 7);
    for (const q of [0.001, 0.02, 0.3, 0.5, 0.9, 0.999])
      expect(1 - normalUpperTail(normalQuantile(q))).toBeCloseTo(q, 7);
    // differences of 0, +-1/2 and +-1 over 200 games
    for (const [sum, sum2] of [
      [12, 40],
      [20, 40],
      [-6.5, 30],
      [3, 60],
    ] as const) {
      const s = pairedScore(sum, sum2, 200);
      for (const alpha of [0.05, 0.0125]) {
        const ci = scoreInterval(s, alpha);
        expect(ci.low > 0 || ci.high < 0, `sum ${sum}, alpha ${alpha}`).toBe(s.p < alpha);
      }
    }
    expect(pairedScore(0, 0, 100)).toMatchObject({ estimate: 0, p: 1 });
  });

  it('Holm judges each comparison at the level that makes its interval match the adjusted p', () => {
    const p = [0.001, 0.02, 0.03, 0.2];
    const adjusted = holm(p);
    for (const [i, pi] of p.entries()) {
      const level = holmAlpha(pi, adjusted[i]!, p.length);
      // rejecting the unadjusted p at this level is rejecting the adjusted one at 5%
      expect(pi < level, `p ${pi}`).toBe(adjusted[i]! < 0.05);
    }
    expect(holmAlpha(0.001, 0.004, 4)).toBeCloseTo(0.0125, 12);
    expect(holmAlpha(0, 0, 4)).toBeCloseTo(0.0125, 12);
  });
});
