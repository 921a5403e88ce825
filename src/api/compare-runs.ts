/**
 * Two runs compared, over a registry the caller gives (src/api/runs.ts gives every game by
 * default; the CLI gives the game the runs' manifests name).
 */
import { type ComparisonRow, comparePairs } from '../analysis/compare.js';
import type { GamesTable } from '../analysis/games-table.js';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import type { Manifest } from '../runner/manifest.js';
import { type ReadGames, loadRun as readRun, trustRemedy } from '../runner/read-run.js';
import { readTrusted } from '../runner/trust-data.js';

/** How a run is read: checked, or with `trustData` (src/api/runs.ts LoadRunOptions). */
export interface ReadOptions {
  readonly trustData?: boolean;
  readonly experiment?: string;
}

/** Reads one run as loadRun and compare do: checked, or with `trustData` as readTrusted reads it. */
export async function readOne(
  dir: string,
  opts: ReadOptions,
  registry: GameRegistry,
  read: ReadGames,
  command: 'compare' | 'loadRun',
): Promise<{ manifest: Manifest; table: GamesTable; trust?: readonly string[] }> {
  if (opts.trustData !== true) return readRun(dir, undefined, registry, read, trustRemedy(command, dir));
  const r = await readTrusted(dir, registry, { experiment: opts.experiment }, read);
  return { manifest: r.manifest, table: r.table, trust: r.notes };
}

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
  /** Read with `trustData`: what was verified of each run and what could not be (LoadedRun.trust). */
  readonly trust?: { readonly a: readonly string[]; readonly b: readonly string[] };
}

/**
 * `sandtable compare dirA dirB` as data: both runs read and verified as loadRun does, then paired.
 * Both runs play game indices 0..games-1 of every arm with the same dice, so the first
 * min(games) indices are common to both, and only those are paired. Runs of different games or
 * seeds, or with no arm in common, are a UserError. With `opts.trustData`, a run whose manifest is
 * missing, damaged or unsealed is read as far as it can be verified (src/api/runs.ts LoadRunOptions).
 */
export async function compare(
  dirA: string,
  dirB: string,
  registry: GameRegistry,
  opts: ReadOptions = {},
): Promise<RunComparison> {
  const read = { nulls: 'sentinel', columns: COMPARE_COLUMNS } as const;
  const [a, b] = await Promise.all([
    readOne(dirA, opts, registry, read, 'compare'),
    readOne(dirB, opts, registry, read, 'compare'),
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
    ...(a.trust === undefined || b.trust === undefined ? {} : { trust: { a: a.trust, b: b.trust } }),
  };
}
