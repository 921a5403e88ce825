import { readFileSync } from 'node:fs';
import { gamesForWilsonHalfWidth, wilsonHalfWidth } from '../analysis/stats.js';
import type { Experiment } from './experiment.js';
import { readManifest, writeManifest } from './manifest.js';
import { runInRounds } from './rounds.js';
import type { RunOptions, RunOutcome } from './run.js';

export { gamesForWilsonHalfWidth } from '../analysis/stats.js';

/** Planned game counts are whole multiples of this: fine enough never to overshoot by much. */
export const PRECISION_STEP = 100;

/** One win rate of a finished run: wins of one side in one arm, out of the arm's games. */
export interface WinCount {
  readonly wins: number;
  readonly games: number;
}

/** The win rates (each side, each arm) of a finished run's summary.csv. */
export function winCounts(dir: string): WinCount[] {
  const [, ...lines] = readFileSync(`${dir}/summary.csv`, 'utf8').trim().split('\n');
  return lines.flatMap((l) => {
    const [, kind, , count, games] = l.split(',');
    return kind === 'winner' ? [{ wins: Number(count), games: Number(games) }] : [];
  });
}

/** The largest 95% (Wilson) half-width among the win rates. */
export function widestHalfWidth(counts: readonly WinCount[]): number {
  return Math.max(0, ...counts.map((c) => wilsonHalfWidth(c.wins, c.games)));
}

/**
 * Games per arm for the next round: the smallest count at which every observed win rate's Wilson
 * 95% half-width is <= `target`, rounded up to PRECISION_STEP, more than `current` and at most
 * `maxGames`.
 */
export function plannedGames(
  counts: readonly WinCount[],
  target: number,
  current: number,
  maxGames: number,
): number {
  const needed = Math.max(
    0,
    ...counts.map((c) => gamesForWilsonHalfWidth(c.games === 0 ? 0.5 : c.wins / c.games, target)),
  );
  const stepped = Math.ceil(needed / PRECISION_STEP) * PRECISION_STEP;
  return Math.min(maxGames, Math.max(stepped, current + PRECISION_STEP));
}

/** The outcome of `run --until-precision`: the last round's run, with totals over all rounds. */
export interface PrecisionOutcome extends RunOutcome {
  /** Games per arm of each round, the pilot first. */
  readonly rounds: readonly number[];
}

/**
 * `run --until-precision h`: plays a pilot of the experiment's game count, then reruns with the game
 * count the pilot's rates call for, until every win rate's 95% interval has half-width <= h or the
 * cap is reached. Each round is an ordinary run (so the final directory is byte-identical to
 * `run --games <final count>`); the manifest records the rounds. `played` and `seconds` of a
 * complete outcome are totals over the rounds; its manifest is the last round's. An interrupted
 * round returns its own outcome (resumable as `run --games <its count> --resume`).
 */
export async function runUntilPrecision(
  exp: Experiment,
  opts: RunOptions,
  target: number,
  maxGames: number,
  where: string,
): Promise<PrecisionOutcome> {
  const log: { games: number; halfWidth: number }[] = [];
  const out = await runInRounds(exp, opts, where, (_r, games) => {
    const now = games[games.length - 1]!;
    const counts = winCounts(opts.out);
    const halfWidth = widestHalfWidth(counts);
    log.push({ games: now, halfWidth });
    if (halfWidth > target && now < maxGames && log.length < 6)
      return plannedGames(counts, target, now, maxGames);
    const precision = { target, achieved: halfWidth, reached: halfWidth <= target, maxGames, rounds: log };
    writeManifest(opts.out, { ...readManifest(opts.out), precision });
    if (!opts.quiet) {
      process.stderr.write(
        halfWidth <= target
          ? `precision reached: every win rate within +-${(100 * halfWidth).toFixed(2)} points after ${now} games per arm\n`
          : `precision not reached: +-${(100 * halfWidth).toFixed(2)} points at the cap of ${now} games per arm (target +-${(100 * target).toFixed(2)})\n`,
      );
    }
    return undefined;
  });
  return out.status === 'complete' ? { ...out, manifest: readManifest(opts.out) } : out;
}
