import { describe, expect, it } from 'vitest';
import { wilson } from '../src/analysis/intervals.js';

describe('Wilson 95% interval', () => {
  // Newcombe (1998), Stat. Med. 17:857, Table I, method 3 (score interval without continuity correction).
  const cases: [number, number, number, number][] = [
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ];
  for (const [x, n, lo, hi] of cases) {
    it(`${x}/${n} gives [${lo}, ${hi}]`, () => {
      const ci = wilson(x, n);
      expect(ci.low).toBeCloseTo(lo, 4);
      expect(ci.high).toBeCloseTo(hi, 4);
    });
  }

  it('is [0, 1] with no games', () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });
});
