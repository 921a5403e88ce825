import { type Interval, wilson, Z95 } from './intervals.js';

// Pure statistics for comparing arms. Every function is documented with its source and has
// known-answer tests in tests/analysis-*.test.ts.

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), |error| < 1e-13 for x > 0.
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const xx = x - 1;
  let a = c[0]!;
  const t = xx + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (xx + i);
  return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(a);
}

function betaContinuedFraction(a: number, b: number, x: number): number {
  // Modified Lentz evaluation (Numerical Recipes §6.4).
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b) = P(Beta(a, b) <= x). */
export function betaCdf(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** The q-quantile of Beta(a, b), by bisection to 1e-12. */
export function betaQuantile(q: number, a: number, b: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (betaCdf(mid, a, b) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Jeffreys interval: the equal-tailed interval of Beta(x + 1/2, n - x + 1/2), with the lower end 0
 * when x = 0 and the upper end 1 when x = n (docs/statistics.md "Binomial intervals").
 */
export function jeffreys(successes: number, n: number, level = 0.95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const a = successes + 0.5;
  const b = n - successes + 0.5;
  const tail = (1 - level) / 2;
  return {
    low: successes === 0 ? 0 : betaQuantile(tail, a, b),
    high: successes === n ? 1 : betaQuantile(1 - tail, a, b),
  };
}

/** P(X <= k) for X ~ Binomial(n, p), summed in log space so large n stays exact to rounding. */
export function binomialCdf(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  const lc = logGamma(n + 1);
  let max = Number.NEGATIVE_INFINITY;
  const terms: number[] = [];
  for (let i = 0; i <= k; i++) {
    const t = lc - logGamma(i + 1) - logGamma(n - i + 1) + i * lp + (n - i) * lq;
    terms.push(t);
    if (t > max) max = t;
  }
  let s = 0;
  for (const t of terms) s += Math.exp(t - max);
  return Math.min(1, Math.exp(max) * s);
}

/**
 * Exact (conditional) McNemar test: with b and c the two kinds of discordant pairs, the two-sided
 * p-value 2·P(X <= min(b, c)) for X ~ Binomial(b + c, 1/2), capped at 1 (docs/statistics.md
 * "Paired comparisons").
 */
export function mcnemarExact(b: number, c: number): number {
  const m = b + c;
  if (m === 0) return 1;
  return Math.min(1, 2 * binomialCdf(Math.min(b, c), m, 0.5));
}

/** A paired 2x2 table of two arms on the same games: a both succeed, b only A, c only B, d neither. */
export interface PairedTable {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
}

export interface PairedDifference {
  readonly n: number;
  /** Success rate of B minus that of A: (c - b) / n. */
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  /** Share of games where the arms disagree: (b + c) / n. */
  readonly discordant: number;
  /** Exact McNemar p-value. */
  readonly p: number;
}

/**
 * Difference of paired proportions (B - A) with Newcombe's square-and-add interval
 * (docs/statistics.md "Paired comparisons"): Wilson limits of each rate combined with the phi correlation.
 */
export function pairedDifference(t: PairedTable, z = Z95): PairedDifference {
  const n = t.a + t.b + t.c + t.d;
  if (n === 0) return { n, estimate: 0, low: -1, high: 1, discordant: 0, p: 1 };
  // In Newcombe's notation theta = p1 - p2 with p1 = (a+b)/n; we report p2 - p1 (B minus A).
  const p1 = (t.a + t.b) / n;
  const p2 = (t.a + t.c) / n;
  const w1 = wilson(t.a + t.b, n, z);
  const w2 = wilson(t.a + t.c, n, z);
  const denom = (t.a + t.b) * (t.c + t.d) * (t.a + t.c) * (t.b + t.d);
  let phi = 0;
  if (denom > 0) {
    const ad = t.a * t.d;
    const bc = t.b * t.c;
    // Newcombe's continuity adjustment of phi: shrink |ad - bc| by n/2 when ad > bc.
    phi = (ad > bc ? Math.max(ad - bc - n / 2, 0) : ad - bc) / Math.sqrt(denom);
  }
  const theta = p1 - p2;
  const dl = Math.sqrt(
    Math.max(0, (p1 - w1.low) ** 2 - 2 * phi * (p1 - w1.low) * (w2.high - p2) + (w2.high - p2) ** 2),
  );
  const du = Math.sqrt(
    Math.max(0, (w1.high - p1) ** 2 - 2 * phi * (w1.high - p1) * (p2 - w2.low) + (p2 - w2.low) ** 2),
  );
  const lowTheta = Math.max(-1, theta - dl);
  const highTheta = Math.min(1, theta + du);
  return {
    n,
    estimate: -theta,
    low: -highTheta,
    high: -lowTheta,
    discordant: (t.b + t.c) / n,
    p: mcnemarExact(t.b, t.c),
  };
}

/**
 * Difference of two independent proportions (y/m - x/n) with Newcombe's hybrid score interval
 * (docs/statistics.md "Paired comparisons"). Used to show what pairing saves.
 */
export function independentDifference(
  x: number,
  n: number,
  y: number,
  m: number,
  z = Z95,
): { estimate: number; low: number; high: number } {
  const p1 = n === 0 ? 0 : x / n;
  const p2 = m === 0 ? 0 : y / m;
  const w1 = wilson(x, n, z);
  const w2 = wilson(y, m, z);
  const d = p2 - p1;
  const low = d - Math.sqrt((p2 - w2.low) ** 2 + (w1.high - p1) ** 2);
  const high = d + Math.sqrt((w2.high - p2) ** 2 + (p1 - w1.low) ** 2);
  return { estimate: d, low, high };
}

/** Holm's step-down adjustment of p-values (docs/statistics.md "Families of tests"): adjusted values in the input order. */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0]);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

export type SprtDecision = 'differs' | 'within' | 'continue';

/**
 * Sequential test of "B differs from A by at least d" on paired per-game differences
 * D_i = success_B - success_A in {-1, 0, 1}: two one-sided Wald SPRTs (delta = +d and delta = -d
 * against delta = 0, each at alpha/2) on the Gaussian log-likelihood ratio with the running variance
 * of D (docs/statistics.md "Sequential tests"). "differs" once either alternative is accepted, "within" once
 * both nulls are, "continue" otherwise.
 */
export function pairedSprt(
  sumD: number,
  sumD2: number,
  n: number,
  d: number,
  alpha = 0.05,
  beta = 0.1,
): { decision: SprtDecision; llrUp: number; llrDown: number } {
  if (n < 2 || d <= 0) return { decision: 'continue', llrUp: 0, llrDown: 0 };
  const mean = sumD / n;
  const variance = Math.max((sumD2 - n * mean * mean) / (n - 1), 1 / n);
  const upper = Math.log((1 - beta) / (alpha / 2));
  const lower = Math.log(beta / (1 - alpha / 2));
  const llrUp = (d * sumD - (n * d * d) / 2) / variance;
  const llrDown = (-d * sumD - (n * d * d) / 2) / variance;
  if (llrUp >= upper || llrDown >= upper) return { decision: 'differs', llrUp, llrDown };
  if (llrUp <= lower && llrDown <= lower) return { decision: 'within', llrUp, llrDown };
  return { decision: 'continue', llrUp, llrDown };
}

/** Half-width of the Wilson 95% interval of `successes` (not necessarily whole) in `n` games. */
export function wilsonHalfWidth(successes: number, n: number): number {
  const ci = wilson(successes, n);
  return (ci.high - ci.low) / 2;
}

/**
 * The smallest game count whose Wilson 95% interval around `rate` has half-width <= `target`. The
 * half-width falls as the count grows (for any rate), so a bisection finds it.
 */
export function gamesForWilsonHalfWidth(rate: number, target: number): number {
  let hi = 1;
  while (wilsonHalfWidth(rate * hi, hi) > target) hi *= 2;
  let lo = hi / 2;
  // invariant: hi meets the target; lo misses it (or is below one game)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wilsonHalfWidth(rate * mid, mid) > target) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Games per arm for a rate's 95% interval half-width to be at most `halfWidth` (worst case p = 1/2). */
export function gamesForRate(halfWidth: number, p = 0.5, z = Z95): number {
  return Math.ceil((z * z * p * (1 - p)) / (halfWidth * halfWidth));
}

/** Games per arm so that the difference of two independent arms has half-width <= `halfWidth`. */
export function gamesForIndependentDifference(halfWidth: number, p1 = 0.5, p2 = 0.5, z = Z95): number {
  return Math.ceil((z * z * (p1 * (1 - p1) + p2 * (1 - p2))) / (halfWidth * halfWidth));
}

/**
 * Games (paired on common seeds) so that the paired difference has half-width <= `halfWidth`,
 * given the share of games where the arms disagree (`discordant`) and the expected difference.
 */
export function gamesForPairedDifference(halfWidth: number, discordant: number, delta = 0, z = Z95): number {
  return Math.ceil((z * z * Math.max(discordant - delta * delta, 1e-9)) / (halfWidth * halfWidth));
}

/**
 * The standard normal upper tail P(Z > z), from the complementary error function by Chebyshev
 * fitting (Numerical Recipes 2nd ed. §6.2, erfcc: fractional error below 1.2e-7 everywhere).
 */
export function normalUpperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/**
 * The standard normal quantile: z with P(Z <= z) = q, by Acklam's rational approximation (relative
 * error below 1.2e-9; docs/statistics.md "Normal quantile").
 */
export function normalQuantile(q: number): number {
  if (q <= 0) return Number.NEGATIVE_INFINITY;
  if (q >= 1) return Number.POSITIVE_INFINITY;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (q < low) {
    const r = Math.sqrt(-2 * Math.log(q));
    x =
      (((((c[0]! * r + c[1]!) * r + c[2]!) * r + c[3]!) * r + c[4]!) * r + c[5]!) /
      ((((d[0]! * r + d[1]!) * r + d[2]!) * r + d[3]!) * r + 1);
  } else if (q <= 1 - low) {
    const r = q - 0.5;
    const s = r * r;
    x =
      ((((((a[0]! * s + a[1]!) * s + a[2]!) * s + a[3]!) * s + a[4]!) * s + a[5]!) * r) /
      (((((b[0]! * s + b[1]!) * s + b[2]!) * s + b[3]!) * s + b[4]!) * s + 1);
  } else {
    const r = Math.sqrt(-2 * Math.log(1 - q));
    x =
      -(((((c[0]! * r + c[1]!) * r + c[2]!) * r + c[3]!) * r + c[4]!) * r + c[5]!) /
      ((((d[0]! * r + d[1]!) * r + d[2]!) * r + d[3]!) * r + 1);
  }
  return x;
}

/**
 * Clopper-Pearson (exact) interval for a binomial proportion at confidence 1 - `alpha`: the Beta
 * quantiles alpha/2 of Beta(x, n - x + 1) and 1 - alpha/2 of Beta(x + 1, n - x), 0 for x = 0 and 1
 * for x = n (docs/statistics.md "Binomial intervals"). It excludes p0 = 1/2 exactly when the two-sided exact
 * binomial test, 2 min(P(X <= x), P(X >= x)) capped at 1, has p < alpha.
 */
export function clopperPearson(successes: number, n: number, alpha = 0.05): Interval {
  if (n === 0) return { low: 0, high: 1 };
  return {
    low: successes === 0 ? 0 : betaQuantile(alpha / 2, successes, n - successes + 1),
    high: successes === n ? 1 : betaQuantile(1 - alpha / 2, successes + 1, n - successes),
  };
}

/**
 * The interval for a paired difference of rates (B - A) that the exact McNemar test inverts, at
 * confidence 1 - `alpha`: given the m = b + c discordant games of n, the difference is
 * (2 pi - 1) m / n with pi = c / m, and pi's Clopper-Pearson interval maps to the difference's.
 * It excludes 0 exactly when mcnemarExact(b, c) < alpha (conditional on the discordant count, as
 * the test is). No discordant game: the difference is 0, [0, 0].
 */
export function mcnemarInterval(t: PairedTable, alpha = 0.05): Interval {
  const n = t.a + t.b + t.c + t.d;
  const m = t.b + t.c;
  if (n === 0) return { low: -1, high: 1 };
  if (m === 0) return { low: 0, high: 0 };
  const cp = clopperPearson(t.c, m, alpha);
  return { low: ((2 * cp.low - 1) * m) / n, high: ((2 * cp.high - 1) * m) / n };
}

/**
 * The confidence level at which a Holm-adjusted verdict is judged: with p its unadjusted and
 * `pHolm` its adjusted p-value, the interval at level 1 - alpha p / pHolm excludes the null exactly
 * when pHolm < alpha (for a test whose p-value inverts that interval). p = 0 or pHolm = 0: the
 * step's own multiplier `m` (alpha / m).
 */
export function holmAlpha(p: number, pHolm: number, m: number, alpha = 0.05): number {
  if (!(p > 0) || !(pHolm > 0)) return alpha / Math.max(1, m);
  return Math.min(alpha, (alpha * p) / pHolm);
}

/** A paired comparison of per-game scores (win 1, draw 1/2, loss 0) of one side in two arms. */
export interface PairedScore {
  readonly n: number;
  /** Mean score difference, B minus A. */
  readonly estimate: number;
  /** Its standard error: the sample sd of the per-game differences over sqrt(n). */
  readonly se: number;
  /** Two-sided p of the paired z test (estimate / se against the standard normal). */
  readonly p: number;
}

/**
 * The paired z test of mean score differences D_i (B minus A on game i, each in -1..1 by halves):
 * z = mean / (sd / sqrt(n)), p = 2 P(Z > |z|). Constant differences: p = 1 when they are 0, else
 * 0 (se 0). Its interval is scoreInterval.
 */
export function pairedScore(sumD: number, sumD2: number, n: number): PairedScore {
  if (n === 0) return { n, estimate: 0, se: Number.POSITIVE_INFINITY, p: 1 };
  const mean = sumD / n;
  const variance = n < 2 ? 0 : Math.max(0, (sumD2 - n * mean * mean) / (n - 1));
  const se = Math.sqrt(variance / n);
  if (se === 0) return { n, estimate: mean, se, p: mean === 0 ? 1 : 0 };
  return { n, estimate: mean, se, p: Math.min(1, 2 * normalUpperTail(Math.abs(mean / se))) };
}

/** The interval pairedScore's test inverts at confidence 1 - alpha: mean +- z(1 - alpha/2) se. */
export function scoreInterval(s: PairedScore, alpha = 0.05): Interval {
  if (!Number.isFinite(s.se)) return { low: -1, high: 1 };
  const half = normalQuantile(1 - alpha / 2) * s.se;
  return { low: Math.max(-1, s.estimate - half), high: Math.min(1, s.estimate + half) };
}
