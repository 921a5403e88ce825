import { availableParallelism } from 'node:os';
import { quote, UserError } from '../core/errors.js';
import { checkWorkers } from '../runner/workers.js';

/** Parses a whole number flag in [min, max]; a bad value is a user error naming the flag. */
export function intFlag(flag: string, min: number, max: number): (value: string) => number {
  return (value: string) => {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new UserError(`option ${flag}: expected a whole number in ${min}..${max}, got ${quote(value)}`);
    }
    return n;
  };
}

/** Collects repeatable `key=value` flags into a record. */
export function collectPairs(
  flag: string,
): (value: string, prev: Record<string, string> | undefined) => Record<string, string> {
  return (value, prev) => {
    const i = value.indexOf('=');
    if (i <= 0) throw new UserError(`option ${flag}: expected key=value, got ${quote(value)}`);
    return { ...(prev ?? {}), [value.slice(0, i)]: value.slice(i + 1) };
  };
}

/** Collects repeatable `id` or `id=on|off` variant flags. */
export function collectVariants(
  value: string,
  prev: Record<string, boolean> | undefined,
): Record<string, boolean> {
  const [id, state = 'on'] = value.split('=', 2) as [string, string?];
  if (!['on', 'off', 'true', 'false'].includes(state))
    throw new UserError(`option --variant: expected id or id=on|off, got ${quote(value)}`);
  return { ...(prev ?? {}), [id]: state === 'on' || state === 'true' };
}

/** Parses an interval half-width in (0, 0.5), e.g. 0.01 for +-1 point. */
export function precisionFlag(value: string): number {
  const n = Number(value);
  if (!/^\d*\.?\d+$/.test(value.trim()) || !(n > 0 && n < 0.5)) {
    throw new UserError(
      `option --until-precision: expected a half-width between 0 and 0.5 (e.g. 0.01 for +-1 point), got ${quote(value)}`,
    );
  }
  return n;
}

/** A parser for a flag that takes a proportion strictly between 0 and 1 (a difference, an error rate). */
export function openFractionFlag(flag: string, max = 1): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (!/^\d*\.?\d+$/.test(value.trim()) || !(n > 0 && n < max))
      throw new UserError(
        `option ${flag}: expected a number between 0 and ${max} (exclusive), got ${quote(value)}`,
      );
    return n;
  };
}

export { WORKERS_PER_CORE } from '../runner/workers.js';

/** Parses `--workers` (see checkWorkers). */
export function workersFlag(value: string, cores = availableParallelism()): number {
  return checkWorkers(value, '--workers', cores);
}

/**
 * A command's "Examples:" help section (for `addHelpText('after', ...)`): each example a command
 * line as the README shows it and what it does, the explanations aligned after `#`.
 */
export function examplesHelp(examples: readonly (readonly [command: string, what: string])[]): string {
  return `\nExamples:\n${helpRows(examples.map(([c, what]) => [c, `# ${what}`]))}`;
}

/** Help lines as commander prints them: indented, each left part padded to the widest. */
export function helpRows(rows: readonly (readonly [left: string, right: string])[]): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join('\n');
}

/**
 * The stop of a long command (calibrate, tune, balance): the first SIGINT or SIGTERM says
 * `message` on stderr and aborts `signal`, so the command stops after what it has finished and
 * keeps it; `release` removes the handlers once the command is done.
 */
export function stopOnSignals(message: string): { readonly signal: AbortSignal; release(): void } {
  const ctrl = new AbortController();
  const onStop = () => {
    process.stderr.write(`\nstopping: ${message}\n`);
    ctrl.abort();
  };
  process.once('SIGINT', onStop);
  process.once('SIGTERM', onStop);
  return {
    signal: ctrl.signal,
    release() {
      process.off('SIGINT', onStop);
      process.off('SIGTERM', onStop);
    },
  };
}
