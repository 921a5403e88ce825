import type { GamesTable } from '../analysis/games-table.js';
import { pairedSprt, type SprtDecision } from '../analysis/stats.js';
import { UserError } from '../core/errors.js';
import { createRegistry } from '../core/registry.js';
import type { Experiment } from './experiment.js';
import { readManifest, type SequentialRecord, writeManifest } from './manifest.js';
import { loadRun } from './read-run.js';
import { rebuildReport } from './rebuild.js';
import { runInRounds } from './rounds.js';
import type { RunOptions, RunOutcome } from './run.js';

/**
 * The test estimates the variance of the paired differences from the games themselves, so it takes
 * no decision before this many paired games (a handful of equal games would otherwise look like
 * no variance at all).
 */
export const SPRT_MIN_GAMES = 100;

/** What `run --until-decided` tests: arm B against arm A on one side's score. */
export interface SequentialQuestion {
  readonly armA: string;
  readonly armB: string;
  readonly side: string;
  readonly delta: number;
  readonly alpha: number;
  readonly beta: number;
}

/**
 * The question checked against the experiment: both arms named by it and different, the side one
 * of its game's (default: the first). A bad value is a UserError naming the option.
 */
export function sequentialQuestion(
  exp: Experiment,
  arms: string,
  opts: { delta: number; alpha: number; beta: number; side?: string | undefined },
): SequentialQuestion {
  const ids = exp.arms.map((a) => a.id);
  const parts = arms.split(',');
  if (parts.length !== 2 || parts[0] === parts[1])
    throw new UserError(
      `option --until-decided: expected two different arms as A,B, got ${JSON.stringify(arms)}`,
    );
  for (const id of parts)
    if (!ids.includes(id))
      throw new UserError(
        `option --until-decided: no arm ${JSON.stringify(id)} in experiment ${exp.name} (arms: ${ids.join(', ')})`,
      );
  const sides = exp.game.sides.map((s) => s.id);
  const side = opts.side ?? sides[0]!;
  if (!sides.includes(side))
    throw new UserError(
      `option --side: no side ${JSON.stringify(side)} in ${exp.game.id} (sides: ${sides.join(', ')})`,
    );
  return { armA: parts[0]!, armB: parts[1]!, side, delta: opts.delta, alpha: opts.alpha, beta: opts.beta };
}

/**
 * The per-game score differences of `side`, arm B minus arm A, in game-index order over the game
 * indices both played (win 1, no winner 1/2, loss 0).
 */
export function scoreDifferences(table: GamesTable, q: SequentialQuestion): Float64Array {
  const s = JSON.stringify(q.side);
  const scored = (arm: string) =>
    table
      .params({ arm })
      .filter('(d, $) => d.arm === $.arm')
      .derive({ s: `d => d.winner === ${s} ? 1 : d.winner === 'none' ? 0.5 : 0` })
      .select('game', 's');
  const joined = scored(q.armA)
    .rename({ s: 'x' })
    .join(scored(q.armB).rename({ s: 'y' }), 'game')
    .orderby('game')
    .derive({ d: 'd => d.y - d.x' });
  return Float64Array.from(joined.array('d') as ArrayLike<number>);
}

/**
 * Wald's paired SPRT (stats.ts pairedSprt) read game index by game index, as if the games had
 * been played one at a time: the first prefix of at least SPRT_MIN_GAMES games at which it
 * decides, or `continue` with every game read.
 */
export function sequentialDecision(
  diffs: Float64Array,
  q: SequentialQuestion,
): { decision: SprtDecision; n: number; meanDiff: number; llrUp: number; llrDown: number } {
  let sum = 0;
  let sum2 = 0;
  let last = { decision: 'continue' as SprtDecision, llrUp: 0, llrDown: 0 };
  for (let i = 0; i < diffs.length; i++) {
    const d = diffs[i]!;
    sum += d;
    sum2 += d * d;
    const n = i + 1;
    if (n < SPRT_MIN_GAMES) continue;
    last = pairedSprt(sum, sum2, n, q.delta, q.alpha, q.beta);
    if (last.decision !== 'continue') return { ...last, n, meanDiff: sum / n };
  }
  return { ...last, n: diffs.length, meanDiff: diffs.length === 0 ? 0 : sum / diffs.length };
}

/** The outcome of `run --until-decided`: the last round's run, with totals over all rounds. */
export interface DecidedOutcome extends RunOutcome {
  readonly rounds: readonly number[];
  readonly sequential?: SequentialRecord;
}

/**
 * `run --until-decided A,B`: plays the experiment's game count, reads the paired SPRT of B against
 * A over the game indices in order, and while it has not decided reruns with twice the games (at
 * most `maxGames`). Each round is an ordinary run on the same seeds (so the final directory holds
 * what `run --games <final count>` would, and the earlier games are the same games); the decision,
 * the games it used, the error rates and the rounds go into the manifest, and the report is
 * rebuilt so that summary.md and index.html state them. `played` and `seconds` of a complete
 * outcome are totals over the rounds. An interrupted round returns its own outcome (resumable as
 * `run --games <its count> --resume`), as `--until-precision` does.
 */
export async function runUntilDecided(
  exp: Experiment,
  opts: RunOptions,
  q: SequentialQuestion,
  maxGames: number,
  where: string,
): Promise<DecidedOutcome> {
  let sequential: SequentialRecord | undefined;
  const out = await runInRounds(exp, opts, where, async (_r, rounds) => {
    const now = rounds[rounds.length - 1]!;
    const { table } = await loadRun(opts.out, ['games.parquet']);
    const t = sequentialDecision(scoreDifferences(table, q), q);
    if (t.decision === 'continue' && now < maxGames) return Math.min(maxGames, now * 2);
    sequential = {
      arms: [q.armA, q.armB],
      side: q.side,
      delta: q.delta,
      alpha: q.alpha,
      beta: q.beta,
      decision: t.decision === 'continue' ? 'undecided' : t.decision,
      gamesUsed: t.decision === 'continue' ? null : t.n,
      gamesPlayed: now,
      maxGames,
      meanDiff: t.meanDiff,
      llrUp: t.llrUp,
      llrDown: t.llrDown,
      rounds: [...rounds],
    };
    writeManifest(opts.out, { ...readManifest(opts.out), sequential });
    await rebuildReport(opts.out, createRegistry([exp.game]));
    if (!opts.quiet)
      process.stderr.write(
        sequential.gamesUsed === null
          ? `undecided: no decision within the cap of ${now} games per arm\n`
          : `decided: ${q.armB} ${sequential.decision === 'differs' ? 'differs from' : 'is within'} ${q.armA} by ${sequential.decision === 'differs' ? 'at least' : 'less than'} ${(100 * q.delta).toFixed(1)} points after ${sequential.gamesUsed} paired games\n`,
      );
    return undefined;
  });
  return out.status === 'complete' && sequential !== undefined
    ? { ...out, manifest: readManifest(opts.out), sequential }
    : out;
}
