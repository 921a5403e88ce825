/**
 * Successive halving over candidates evaluated by noisy games (Karnin, Koren & Somekh 2013,
 * "Almost optimal exploration in multi-armed bandits", ICML; Jamieson & Talwalkar 2016 for its use
 * over configurations): every candidate plays the first `firstGames` game indices; the better
 * 1/eta of them play on to eta times as many, and so on, until one is left or `maxGames` is
 * reached. Games go to the candidates whose ranking is still in doubt, and every candidate plays
 * the same game indices (common seeds), so differences between candidates are not dice.
 *
 * The algorithm is pure: it asks `ensure` for games and `loss` for a candidate's loss over the
 * games [0, n), so the same observations always give the same decisions, whoever played them and
 * in whatever order (resume and worker count change nothing).
 */

export interface HalvingPlan {
  /** Games every candidate plays in the first round. */
  readonly firstGames: number;
  /** Games a candidate plays at most (the last round's). */
  readonly maxGames: number;
  /** Each round keeps ceil(alive / eta) candidates and multiplies the games by eta (default 2). */
  readonly eta?: number;
}

export interface RoundRanking {
  /** Games [0, games) every candidate of the round was judged on. */
  readonly games: number;
  /** The round's candidates, best first (ties by candidate index), with their loss. */
  readonly ranking: readonly { readonly candidate: number; readonly loss: number }[];
}

export interface HalvingResult {
  readonly best: number;
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

/**
 * Runs successive halving over candidates 0..n-1 (those `feasible` allows). `ensure(cands, games)`
 * must make games [0, games) of each listed candidate available to `loss` (playing only what is
 * missing); `loss(c, games)` is the candidate's loss over those games, lower is better.
 */
export async function successiveHalving(
  candidates: readonly number[],
  plan: HalvingPlan,
  ensure: (cands: readonly number[], games: number) => Promise<void>,
  loss: (c: number, games: number) => number,
): Promise<HalvingResult> {
  if (candidates.length === 0) throw new Error('successive halving: no candidate');
  const eta = plan.eta ?? 2;
  let alive = [...candidates];
  const rounds: RoundRanking[] = [];
  for (const games of roundGames(plan)) {
    await ensure(alive, games);
    const ranking = alive
      .map((candidate) => ({ candidate, loss: loss(candidate, games) }))
      .sort((a, b) => a.loss - b.loss || a.candidate - b.candidate);
    rounds.push({ games, ranking });
    alive = ranking.slice(0, Math.ceil(ranking.length / eta)).map((r) => r.candidate);
    // one left: it is the answer, and more games would not change the ranking
    if (alive.length === 1) break;
  }
  return { best: rounds.at(-1)!.ranking[0]!.candidate, rounds };
}
