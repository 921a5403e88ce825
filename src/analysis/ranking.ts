/**
 * The ranking of a round robin's entrants (README "Matrices and round robins"): each entrant's
 * mean score over every game it played, on either side.
 */
import { catColumn, type GamesTable, numColumn } from './games-table.js';
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

/** Per entrant: wins, draws, losses, and score sum and games per game index (seed). */
interface Tally {
  wins: number;
  draws: number;
  losses: number;
  readonly sum: Float64Array;
  readonly n: Float64Array;
}

/**
 * Entrants ranked by score (ties in the order they first appear in `arms`). Arms without
 * `entrants` are not counted. A game's winner column holds a side id, or `none` for no winner.
 */
export function entrantRanking(
  table: GamesTable,
  arms: readonly { readonly id: string; readonly entrants?: Readonly<Record<string, string>> | undefined }[],
): RankingRow[] {
  const armCol = catColumn(table, 'arm');
  const winner = catColumn(table, 'winner');
  const games = numColumn(table, 'game');
  let bound = 0;
  for (let i = 0; i < games.length; i++) if (games[i]! + 1 > bound) bound = games[i]! + 1;
  const tallies = new Map<string, Tally>();
  const byCode = armCol.categories.map((id) => arms.find((a) => a.id === id)?.entrants);
  for (const a of arms)
    for (const e of Object.values(a.entrants ?? {}))
      if (!tallies.has(e))
        tallies.set(e, {
          wins: 0,
          draws: 0,
          losses: 0,
          sum: new Float64Array(bound),
          n: new Float64Array(bound),
        });
  for (let i = 0; i < table.rows; i++) {
    const entrants = byCode[armCol.codes[i]!];
    if (entrants === undefined) continue;
    const w = winner.categories[winner.codes[i]!];
    const g = games[i]!;
    for (const [side, e] of Object.entries(entrants)) {
      const t = tallies.get(e)!;
      const score = w === side ? 1 : w === 'none' ? 0.5 : 0;
      if (score === 1) t.wins++;
      else if (score === 0.5) t.draws++;
      else t.losses++;
      t.sum[g]! += score;
      t.n[g]!++;
    }
  }
  const rows = [...tallies].map(([entrant, t]) => {
    const n = t.wins + t.draws + t.losses;
    const score = n === 0 ? 0 : (t.wins + t.draws / 2) / n;
    const half = Z95 * seedClusteredSe(t, score, n);
    return {
      entrant,
      games: n,
      wins: t.wins,
      draws: t.draws,
      losses: t.losses,
      score,
      lo95: Math.max(0, score - half),
      hi95: Math.min(1, score + half),
    };
  });
  return rows
    .map((r, i) => ({ r, i }))
    .sort((x, y) => y.r.score - x.r.score || x.i - y.i)
    .map(({ r }, k) => ({ rank: k + 1, ...r }));
}

/**
 * Standard error of the ratio estimate `score` = sum / n over seeds g (S_g, n_g): the squared
 * residuals S_g - score n_g summed, times k / (k - 1) for k seeds, over n squared. Infinite
 * (interval [0, 1]) with fewer than two seeds.
 */
function seedClusteredSe(t: Tally, score: number, n: number): number {
  let k = 0;
  let ss = 0;
  for (let g = 0; g < t.n.length; g++) {
    const ng = t.n[g]!;
    if (ng === 0) continue;
    k++;
    const r = t.sum[g]! - score * ng;
    ss += r * r;
  }
  return k < 2 ? Number.POSITIVE_INFINITY : Math.sqrt((ss * k) / (k - 1)) / n;
}
