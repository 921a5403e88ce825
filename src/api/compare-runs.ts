/**
 * Two runs compared, over a registry the caller gives (src/api/runs.ts gives every game by
 * default; the CLI gives the game the runs' manifests name).
 */
import { type ComparisonRow, comparePairs } from '../analysis/compare.js';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { loadRun as readRun } from '../runner/read-run.js';

/** The columns `compare` decodes: how each game ended, never the statistics or the arm columns. */
const COMPARE_COLUMNS = ['game', 'arm', 'scenario', 'result', 'winner', 'end_reason', 'victory_level'];

/** Two runs compared: B against A, paired game by game on the seeds they share. */
export interface RunComparison {
  /** The game both runs played. */
  readonly game: { readonly id: string; readonly title: string };
  readonly seed: number;
  /** Games per arm paired: game indices 0..games-1, which both runs played with the same dice. */
  readonly games: number;
  /** Games per arm in run A and in run B (they may differ: only the common indices are paired). */
  readonly played: { readonly a: number; readonly b: number };
  /**
   * Per side's win rate and arm pair (the only arms, or the arms of the same id): rate in B, rate
   * in A, the paired difference B - A, the exact McNemar p with the 95% interval it inverts, its
   * Holm adjustment over all the pairs compared (per side) with the interval at the level Holm
   * judges it, Newcombe's paired 95% interval and the unpaired one for contrast, and the
   * discordant share. Arm labels are `<dirB>:<arm>` and `<dirA>:<arm>`.
   */
  readonly rows: readonly ComparisonRow[];
}

/**
 * `sandtable compare dirA dirB` as data: both runs read and verified as loadRun does, then paired.
 * Both runs play game indices 0..games-1 of every arm with the same dice, so the first
 * min(games) indices are common to both, and only those are paired. Runs of different games or
 * seeds, or with no arm in common, are a UserError.
 */
export async function compare(dirA: string, dirB: string, registry: GameRegistry): Promise<RunComparison> {
  const read = { nulls: 'sentinel', columns: COMPARE_COLUMNS } as const;
  const [a, b] = await Promise.all([
    readRun(dirA, undefined, registry, read),
    readRun(dirB, undefined, registry, read),
  ]);
  const ma = a.manifest;
  const mb = b.manifest;
  if (ma.game.id !== mb.game.id)
    throw new UserError(`compare: ${dirA} is ${ma.game.id} but ${dirB} is ${mb.game.id}`);
  if (ma.seed !== mb.seed)
    throw new UserError(
      `compare: the runs do not share seeds (${dirA}: seed ${ma.seed}, ${dirB}: seed ${mb.seed}); pairing needs the same master seed`,
    );
  const def = registry.get(ma.game.id);
  const bIds = new Set(mb.arms.map((x) => x.id));
  const pairs: [string, string][] =
    ma.arms.length === 1 && mb.arms.length === 1
      ? [[ma.arms[0]!.id, mb.arms[0]!.id]]
      : ma.arms.filter((x) => bIds.has(x.id)).map((x) => [x.id, x.id]);
  if (pairs.length === 0) throw new UserError(`compare: no arm ids in common between ${dirA} and ${dirB}`);
  // one family: Holm over every pair compared here, per side's wins
  const rows = comparePairs(
    def,
    pairs.map(([armA, armB]) => ({
      arm: `${dirB}:${armB}`,
      baseline: `${dirA}:${armA}`,
      armRef: { table: b.table, arm: armB },
      baselineRef: { table: a.table, arm: armA },
    })),
  );
  return {
    game: { id: def.id, title: def.title },
    seed: ma.seed,
    games: Math.min(ma.games, mb.games),
    played: { a: ma.games, b: mb.games },
    rows,
  };
}
