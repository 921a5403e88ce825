/**
 * The ranking of a round robin's entrants (docs/cli.md "Matrices and round robins"): each entrant's
 * mean score over every game it played, on either side.
 */
import { table as arqueroTable, desc, from } from 'arquero';
import type { GamesTable } from './games-table.js';
import { Z95 } from './intervals.js';

/** One line of ranking.csv. */
export interface RankingRow {
  readonly rank: number;
  readonly entrant: string;
  /** Games the entrant played a side in (a game against itself counts once per side). */
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly score: number;
  readonly lo95: number;
  readonly hi95: number;
}

export const RANKING_COLUMNS = [
  'rank',
  'entrant',
  'games',
  'wins',
  'draws',
  'losses',
  'score',
  'lo95',
  'hi95',
] as const;

/** How summary.md states the scoring and the interval (kept next to the code that does both). */
export const RANKING_SCORING =
  "Score: an entrant's mean over all its games on either side, a win 1, a game without a winner 1/2, a loss 0 (the winner as the game's results declare it). 95% interval: normal approximation with the seed as the unit (every arm plays the same seeds, so an entrant's games on one seed share their dice and only seeds are independent), clipped to [0, 1].";

/**
 * Entrants ranked by score (ties in the order they first appear in `arms`). Arms without
 * `entrants` are not counted. A game's winner column holds a side id, or `none` for no winner.
 * Verbs: the games joined with each arm's (side, entrant) roles, scored per row; per entrant the
 * win, draw and loss counts; per entrant and seed the score sum and games, whose residuals give
 * the seed-clustered standard error (summed in seed order).
 */
export function entrantRanking(
  table: GamesTable,
  arms: readonly { readonly id: string; readonly entrants?: Readonly<Record<string, string>> | undefined }[],
): RankingRow[] {
  const roles = arms.flatMap((a) =>
    Object.entries(a.entrants ?? {}).map(([side, entrant]) => ({ arm: a.id, side, entrant })),
  );
  const entrants = [...new Set(roles.map((r) => r.entrant))];
  if (roles.length === 0) return [];
  const scored = table
    .select('arm', 'game', 'winner')
    .join(from(roles), 'arm')
    .derive({ score: "d => d.winner === d.side ? 1 : d.winner === 'none' ? 0.5 : 0" });
  const totals = arqueroTable({ entrant: entrants, first: Int32Array.from(entrants.keys()) })
    .join_left(
      scored.groupby('entrant').rollup({
        wins: 'd => op.sum(d.score === 1)',
        draws: 'd => op.sum(d.score === 0.5)',
        losses: 'd => op.sum(d.score === 0)',
      }),
      'entrant',
    )
    .derive({
      wins: 'd => d.wins ?? 0',
      draws: 'd => d.draws ?? 0',
      losses: 'd => d.losses ?? 0',
    })
    .derive({ games: 'd => d.wins + d.draws + d.losses' })
    .derive({ score: 'd => d.games === 0 ? 0 : (d.wins + d.draws / 2) / d.games' });
  const spread = scored
    .groupby('entrant', 'game')
    .rollup({ sum: 'd => op.sum(d.score)', n: 'd => op.count()' })
    .join(totals.select('entrant', 'score'), 'entrant')
    .orderby('game')
    .groupby('entrant')
    .rollup({
      seeds: 'd => op.count()',
      ss: 'd => op.sum((d.sum - d.score * d.n) * (d.sum - d.score * d.n))',
    });
  const rows = totals.join_left(spread, 'entrant').orderby(desc('score'), 'first').objects() as (Omit<
    RankingRow,
    'rank' | 'lo95' | 'hi95'
  > & { seeds?: number; ss?: number })[];
  return rows.map(({ entrant, games, wins, draws, losses, score, seeds = 0, ss = 0 }, k) => {
    // Standard error of the ratio estimate over seeds g (S_g, n_g): the squared residuals
    // S_g - score n_g summed, times k / (k - 1) for k seeds, over n squared; infinite (interval
    // [0, 1]) with fewer than two seeds.
    const se = seeds < 2 ? Number.POSITIVE_INFINITY : Math.sqrt((ss * seeds) / (seeds - 1)) / games;
    const half = Z95 * se;
    return {
      rank: k + 1,
      entrant,
      games,
      wins,
      draws,
      losses,
      score,
      lo95: Math.max(0, score - half),
      hi95: Math.min(1, score + half),
    };
  });
}
