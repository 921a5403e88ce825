/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/**
 * Wilson score interval for a binomial proportion (docs/statistics.md "Binomial intervals"):
 * centre (x + z²/2)/(n + z²), half-width z·sqrt(n)/(n + z²)·sqrt(p̂(1-p̂) + z²/4n). n = 0 gives [0, 1].
 */
export function wilson(successes: number, n: number, z = Z95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denom = n + z2;
  const centre = (successes + z2 / 2) / denom;
  const half = ((z * Math.sqrt(n)) / denom) * Math.sqrt(p * (1 - p) + z2 / (4 * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
