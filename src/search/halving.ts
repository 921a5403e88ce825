/**
 * Successive halving with statistical cuts (racing) over candidates evaluated by noisy games
 * (docs/statistics.md "Racing" for the method and its sources): every candidate plays the
 * first `firstGames` game indices; after each round a candidate is dropped only when a paired test
 * on the round's games says it is worse than the round's best, and the survivors play on to eta
 * times as many games, until `maxGames`. Every candidate plays the same game indices (common
 * seeds), so the test compares candidates game index by game index.
 *
 * The test (`pairedWorse`): the loss is a function of a whole set of games (a rate's distance from
 * its band, a median...), not a sum over games, so its difference between two candidates is
 * resampled by the paired bootstrap (game indices drawn with replacement, the same indices for
 * every candidate and arm); the one-sided z test of the
 * difference over its bootstrap standard error gives each candidate's p-value against the round's
 * best, Holm-adjusted over the round's comparisons at level `alpha`.
 *
 * How many survive a round: every candidate the test does not find worse, at least as many as plain
 * halving keeps (the schedule ceil(n/eta), ceil(n/eta^2)... from the first round's n) and at most
 * twice that, so the games spent stay within twice plain halving's. Above the cap the survivors
 * with the lower losses stay; below the plan the lowest-loss of the cut ones are brought back. Equal
 * losses are ordered by a random order of the candidates drawn from the search's seed (never by
 * their index). After the last round the finalists are the candidates the test does not find worse
 * than the best, at most `finalists` and at least two (when two played): `chooseOnFresh` re-plays
 * them on fresh game indices and chooses among them there.
 *
 * The algorithm is pure: it asks `ensure` for games and `loss` for a candidate's loss over a list
 * of game indices, and draws its resamples and its tie order from the seed alone, so the same
 * observations always give the same decisions, whoever played them and in whatever order (resume
 * and worker count change nothing).
 */
import { holm, normalUpperTail } from '../analysis/stats.js';
import { randInt, randUnit, streamRng } from '../core/rng.js';

export interface HalvingPlan {
  /** Games every candidate plays in the first round. */
  readonly firstGames: number;
  /** Games a candidate plays at most (the last round's). */
  readonly maxGames: number;
  /** Each round plans to keep ceil(n / eta) candidates and multiplies the games by eta (default 2). */
  readonly eta?: number;
  /** Most candidates re-played on fresh games after the last round (default 3). */
  readonly finalists?: number;
}

/** How the cuts are tested (defaults: `RACING_DEFAULTS`). */
export interface RacingOptions {
  /** Seeds the bootstrap resamples and the order of equal losses. */
  readonly seed: number;
  /** Level of the Holm-adjusted test at a cut. */
  readonly alpha?: number;
  /** Bootstrap resamples per round. */
  readonly resamples?: number;
}

export const RACING_DEFAULTS = { alpha: 0.05, resamples: 500, finalists: 3 } as const;

/** Why a candidate of a round stays or goes. */
export type CutReason =
  /** The round's best: the reference of the tests. */
  | 'best'
  /** The test does not find it worse than the best: it stays. */
  | 'not worse'
  /** Found worse, but kept so that the round keeps as many as halving plans. */
  | 'kept to the plan'
  /** Found worse: cut. */
  | 'worse'
  /** Not found worse, but above the round's cap (twice the plan, or `finalists`) by its loss: cut. */
  | 'over the cap';

export interface RoundEntry {
  readonly candidate: number;
  /** Loss over the round's games [0, games). */
  readonly loss: number;
  /** Loss minus the best's (0 for the best). */
  readonly difference: number;
  /** Bootstrap standard error of the difference (0 for the best). */
  readonly se: number;
  /** One-sided p of "worse than the best" (1 for the best), and Holm-adjusted over the round. */
  readonly p: number;
  readonly pHolm: number;
  readonly kept: boolean;
  readonly reason: CutReason;
}

export interface RoundRanking {
  /** Games [0, games) every candidate of the round was judged on. */
  readonly games: number;
  /** The round's candidates, best first (equal losses in the seeded tie order). */
  readonly ranking: readonly RoundEntry[];
  /** Fewest and most survivors this round allows (the last round: the finalists' bounds). */
  readonly planned: number;
  readonly cap: number;
  /** The test at this cut, in words (result.json and the report print it). */
  readonly test: string;
}

export interface HalvingResult {
  /** The lowest loss of the last round (before any fresh re-check). */
  readonly best: number;
  /** The last round's survivors, best first: re-played on fresh games. */
  readonly finalists: readonly number[];
  readonly rounds: readonly RoundRanking[];
}

/** The game counts of the rounds of a plan: firstGames, firstGames * eta, ..., capped at maxGames. */
export function roundGames(plan: HalvingPlan): number[] {
  const eta = plan.eta ?? 2;
  const out: number[] = [];
  for (let g = plan.firstGames; ; g *= eta) {
    out.push(Math.min(g, plan.maxGames));
    if (g >= plan.maxGames) return out;
  }
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/** A random order of the candidates, from the seed alone: rank[c] orders equal losses. */
export function tieOrder(candidates: readonly number[], seed: number): Map<number, number> {
  const rng = streamRng(seed, 0, 'search:tie-order');
  const order = [...candidates].sort((a, b) => a - b);
  for (let i = order.length - 1; i > 0; i--) {
    const j = randInt(rng, 0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return new Map(order.map((c, k) => [c, k]));
}

/**
 * The paired bootstrap of each candidate's loss over game indices [from, to): `draws[b][k]` is
 * candidate k's loss over the b-th resample (the same resampled indices for every candidate).
 */
function bootstrap(
  cands: readonly number[],
  from: number,
  to: number,
  loss: (c: number, games: readonly number[]) => number,
  rngSeed: number,
  stream: string,
  resamples: number,
): number[][] {
  const rng = streamRng(rngSeed, 0, stream);
  const n = to - from;
  const out: number[][] = [];
  const idx = new Array<number>(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) idx[i] = from + Math.floor(randUnit(rng) * n);
    out.push(cands.map((c) => loss(c, idx)));
  }
  return out;
}

/**
 * One-sided test that candidate k's loss exceeds candidate r's: the z statistic of the point
 * difference over its bootstrap standard error; resamples where either loss has no value (a
 * statistic no resampled game reached) are left out. Equal records (standard error 0, difference
 * 0) give p = 1; a certain difference (standard error 0) gives p = 0.
 */
function pairedWorse(
  point: number,
  draws: readonly (readonly number[])[],
  k: number,
  r: number,
): { se: number; p: number } {
  if (point === Number.POSITIVE_INFINITY) return { se: 0, p: 0 }; // no value: cannot be judged
  if (!Number.isFinite(point)) return { se: 0, p: 1 };
  let n = 0;
  let s = 0;
  let s2 = 0;
  for (const row of draws) {
    const d = row[k]! - row[r]!;
    if (!Number.isFinite(d)) continue;
    n++;
    s += d;
    s2 += d * d;
  }
  if (n < draws.length / 2 || n < 2) return { se: Number.NaN, p: 1 };
  const mean = s / n;
  const se = Math.sqrt(Math.max(0, (s2 - n * mean * mean) / (n - 1)));
  if (se === 0 || se < 1e-12 * Math.abs(point)) return { se: 0, p: point > 0 ? 0 : 1 };
  return { se, p: normalUpperTail(point / se) };
}

/**
 * Tests every candidate of a round against the round's best on games [from, to): the ranking (best
 * first, equal losses in tie order), each one's difference, standard error, p and Holm-adjusted p.
 */
export function raceRound(
  cands: readonly number[],
  from: number,
  to: number,
  loss: (c: number, games: readonly number[]) => number,
  tie: ReadonlyMap<number, number>,
  opts: { seed: number; stream: string; resamples: number },
): Omit<RoundEntry, 'kept' | 'reason'>[] {
  const all = range(from, to);
  const point = cands.map((c) => loss(c, all));
  const order = cands
    .map((c, k) => ({ c, k, loss: point[k]! }))
    .sort((a, b) => a.loss - b.loss || tie.get(a.c)! - tie.get(b.c)!);
  const ref = order[0]!;
  const draws =
    cands.length > 1 ? bootstrap(cands, from, to, loss, opts.seed, opts.stream, opts.resamples) : [];
  const tests = order.map((o) =>
    o === ref ? { se: 0, p: 1 } : pairedWorse(o.loss - ref.loss, draws, o.k, ref.k),
  );
  const others = holm(tests.slice(1).map((t) => t.p));
  return order.map((o, i) => ({
    candidate: o.c,
    loss: o.loss,
    difference: o.loss - ref.loss,
    se: tests[i]!.se,
    p: tests[i]!.p,
    pHolm: i === 0 ? 1 : others[i - 1]!,
  }));
}

/**
 * Who survives a tested round: the best and every candidate not found worse, at most `cap` (lowest
 * losses first), brought up to `planned` with the lowest-loss of those found worse.
 */
function cut(
  tested: readonly Omit<RoundEntry, 'kept' | 'reason'>[],
  planned: number,
  cap: number,
  alpha: number,
): RoundEntry[] {
  let kept = 0;
  const first = tested.map((e, i) => {
    const notWorse = i === 0 || e.pHolm > alpha;
    const stay = notWorse && kept < cap;
    if (stay) kept++;
    const reason: CutReason = i === 0 ? 'best' : notWorse ? (stay ? 'not worse' : 'over the cap') : 'worse';
    return { ...e, kept: stay, reason };
  });
  return first.map((e) => {
    if (e.kept || e.reason !== 'worse' || kept >= planned) return e;
    kept++;
    return { ...e, kept: true, reason: 'kept to the plan' as const };
  });
}

/**
 * Runs racing over candidates 0..n-1 (those listed). `ensure(cands, games)` must make games
 * [0, games) of each listed candidate available to `loss` (playing only what is missing);
 * `loss(c, games)` is the candidate's loss over the listed game indices (repeats count again), lower
 * is better.
 */
export async function successiveHalving(
  candidates: readonly number[],
  plan: HalvingPlan,
  ensure: (cands: readonly number[], games: number) => Promise<void>,
  loss: (c: number, games: readonly number[]) => number,
  racing: RacingOptions,
): Promise<HalvingResult> {
  if (candidates.length === 0) throw new Error('successive halving: no candidate');
  const eta = plan.eta ?? 2;
  const alpha = racing.alpha ?? RACING_DEFAULTS.alpha;
  const resamples = racing.resamples ?? RACING_DEFAULTS.resamples;
  const maxFinalists = plan.finalists ?? RACING_DEFAULTS.finalists;
  const tie = tieOrder(candidates, racing.seed);
  const schedule = roundGames(plan);
  let alive = [...candidates];
  let planned = alive.length;
  const rounds: RoundRanking[] = [];
  for (const [k, games] of schedule.entries()) {
    await ensure(alive, games);
    const last = k === schedule.length - 1;
    planned = Math.ceil(planned / eta);
    const lo = Math.min(alive.length, last ? 2 : planned);
    const cap = Math.max(lo, Math.min(alive.length, last ? maxFinalists : 2 * planned));
    const tested = raceRound(alive, 0, games, loss, tie, {
      seed: racing.seed,
      stream: `search:racing:${k}`,
      resamples,
    });
    const ranking = cut(tested, lo, cap, alpha);
    rounds.push({
      games,
      ranking,
      planned: lo,
      cap,
      test: `paired bootstrap (${resamples} resamples of games 0..${games - 1}) z test of each candidate's loss against the round's best, Holm-adjusted over ${tested.length - 1} comparison${tested.length === 2 ? '' : 's'}, level ${alpha}`,
    });
    alive = ranking.filter((e) => e.kept).map((e) => e.candidate);
    // one left: it is the answer, and more games would not change the ranking
    if (alive.length === 1) break;
  }
  return { best: rounds.at(-1)!.ranking[0]!.candidate, finalists: alive, rounds };
}

export interface FreshFinalist {
  readonly candidate: number;
  /** Loss over the fresh games, with its 95% bootstrap percentile interval. */
  readonly loss: number;
  readonly low: number;
  readonly high: number;
  /** Against the chosen one (0, 1, 1 for itself): loss difference, one-sided p, Holm-adjusted p. */
  readonly difference: number;
  readonly p: number;
  readonly pHolm: number;
}

export interface FreshChoice {
  /** The finalist with the lowest loss on the fresh games (equal losses: the search's order). */
  readonly chosen: number;
  /** Every finalist, chosen first, by fresh loss. */
  readonly finalists: readonly FreshFinalist[];
  /** The next finalist by fresh loss (absent when one finalist was re-played). */
  readonly runnerUp?: number;
  /** The runner-up is found worse than the chosen one by the test (Holm over the finalists). */
  readonly distinguishable: boolean;
  readonly test: string;
}

/**
 * Chooses among the finalists on fresh game indices [from, to) (none of them seen by the search):
 * the lowest loss there, equal losses in the order the search ranked them; each other finalist is
 * tested against the chosen one as at a cut (paired bootstrap z test, Holm over the finalists).
 */
export function chooseOnFresh(
  finalists: readonly number[],
  from: number,
  to: number,
  loss: (c: number, games: readonly number[]) => number,
  racing: RacingOptions,
): FreshChoice {
  const alpha = racing.alpha ?? RACING_DEFAULTS.alpha;
  const resamples = racing.resamples ?? RACING_DEFAULTS.resamples;
  const searchOrder = new Map(finalists.map((c, k) => [c, k]));
  const tested = raceRound(finalists, from, to, loss, searchOrder, {
    seed: racing.seed,
    stream: 'search:fresh',
    resamples,
  });
  // the percentile intervals of each finalist's loss, from resamples of its own
  const draws = bootstrap(finalists, from, to, loss, racing.seed, 'search:fresh-interval', resamples);
  const pct = (xs: number[], q: number) => {
    const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
    if (s.length === 0) return Number.NaN;
    return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
  };
  const out: FreshFinalist[] = tested.map((e) => {
    const k = finalists.indexOf(e.candidate);
    const xs = draws.map((row) => row[k]!);
    return {
      candidate: e.candidate,
      loss: e.loss,
      low: pct(xs, 0.025),
      high: pct(xs, 0.975),
      difference: e.difference,
      p: e.p,
      pHolm: e.pHolm,
    };
  });
  const runnerUp = out[1];
  return {
    chosen: out[0]!.candidate,
    finalists: out,
    ...(runnerUp === undefined ? {} : { runnerUp: runnerUp.candidate }),
    distinguishable: runnerUp !== undefined && runnerUp.pHolm <= alpha,
    test: `paired bootstrap (${resamples} resamples of games ${from}..${to - 1}) z test of each finalist's loss against the chosen one's, Holm-adjusted over ${Math.max(0, finalists.length - 1)} comparison${finalists.length === 2 ? '' : 's'}, level ${alpha}`,
  };
}
