import { type Experiment, withOverrides } from './experiment.js';
import { type RunOptions, type RunOutcome, runExperiment } from './run.js';

/**
 * Plays `exp` in rounds on the same seeds (`run --until-precision`, `run --until-decided`): each
 * round is an ordinary run of `exp` at that round's game count, so the directory always holds what
 * `run --games <count>` would, and the earlier games are the same games. The first round replaces a
 * run already in the directory only with --force; later rounds replace the round before. After each
 * complete round `next(r, rounds)` (rounds: every round's game count so far, this one last) gives
 * the next round's game count, or undefined to stop. The result is the last round's outcome with
 * `played` and `seconds` totalled over the rounds; an interrupted round returns as itself
 * (resumable as `run --games <its count> --resume`).
 */
export async function runInRounds(
  exp: Experiment,
  opts: RunOptions,
  where: string,
  next: (r: RunOutcome, rounds: readonly number[]) => Promise<number | undefined> | number | undefined,
): Promise<RunOutcome & { readonly rounds: number[] }> {
  const rounds: number[] = [];
  let current = exp;
  let played = 0;
  let seconds = 0;
  for (;;) {
    const r = await runExperiment(current, {
      ...opts,
      force: opts.force || rounds.length > 0,
      resume: false,
    });
    rounds.push(current.games);
    if (r.status !== 'complete') return { ...r, rounds };
    played += r.played;
    seconds += r.seconds;
    const games = await next(r, rounds);
    if (games === undefined) return { ...r, played, seconds, rounds };
    current = withOverrides(exp, { games }, where);
  }
}
