import { readFileSync } from 'node:fs';
import { wilson } from '../analysis/intervals.js';
import { gamesForRate } from '../analysis/stats.js';
import { type Experiment, withOverrides } from './experiment.js';
import { readManifest, writeManifest } from './manifest.js';
import { type RunOptions, type RunOutcome, runExperiment } from './run.js';

/** Largest 95% half-width among the win rates (each side, each arm) of a finished run's summary.csv. */
export function widestWinInterval(dir: string): { halfWidth: number; worstRate: number } {
  const [, ...lines] = readFileSync(`${dir}/summary.csv`, 'utf8').trim().split('\n');
  let halfWidth = 0;
  let worstRate = 0.5;
  for (const l of lines) {
    const [, kind, , count, games] = l.split(',');
    if (kind !== 'winner') continue;
    const n = Number(games);
    const x = Number(count);
    const ci = wilson(x, n);
    const h = (ci.high - ci.low) / 2;
    if (h > halfWidth) {
      halfWidth = h;
      worstRate = n === 0 ? 0.5 : x / n;
    }
  }
  return { halfWidth, worstRate };
}

/**
 * `run --until-precision h`: plays a pilot of the experiment's game count, then reruns with the game
 * count the pilot's rates call for, until every win rate's 95% interval has half-width <= h or the
 * cap is reached. Each round is an ordinary run (so the final directory is byte-identical to
 * `run --games <final count>`); the manifest records the rounds.
 */
export async function runUntilPrecision(
  exp: Experiment,
  opts: RunOptions,
  target: number,
  maxGames: number,
  where: string,
): Promise<RunOutcome> {
  const rounds: { games: number; halfWidth: number }[] = [];
  let current = exp;
  for (;;) {
    // The first round replaces a run already in the directory only with --force; later rounds
    // replace the round before.
    const r = await runExperiment(current, {
      ...opts,
      force: opts.force || rounds.length > 0,
      resume: false,
    });
    if (r.status !== 'complete') return r;
    const { halfWidth, worstRate } = widestWinInterval(opts.out);
    rounds.push({ games: current.games, halfWidth });
    const capped = current.games >= maxGames;
    if (halfWidth <= target || capped || rounds.length >= 6) {
      const m = readManifest(opts.out);
      const precision = { target, achieved: halfWidth, reached: halfWidth <= target, maxGames, rounds };
      writeManifest(opts.out, { ...m, precision });
      if (!opts.quiet) {
        process.stderr.write(
          halfWidth <= target
            ? `precision reached: every win rate within +-${(100 * halfWidth).toFixed(2)} points after ${current.games} games per arm\n`
            : `precision not reached: +-${(100 * halfWidth).toFixed(2)} points at the cap of ${current.games} games per arm (target +-${(100 * target).toFixed(2)})\n`,
        );
      }
      return { ...r, manifest: readManifest(opts.out) };
    }
    const needed = Math.ceil(
      gamesForRate(target, Math.max(worstRate, 1 - worstRate) === 1 ? 0.5 : worstRate) * 1.05,
    );
    const chunk = current.chunkSize;
    const next = Math.min(maxGames, Math.max(current.games + chunk, Math.ceil(needed / chunk) * chunk));
    current = withOverrides(exp, { games: next }, where);
  }
}
