import { availableParallelism } from 'node:os';
import { quote, UserError } from '../core/errors.js';

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

/** Worker threads per core beyond which more threads only cost memory (each is a V8 isolate). */
export const WORKERS_PER_CORE = 4;

/**
 * Parses `--workers`: 1 to WORKERS_PER_CORE times the cores. More threads than cores do not play
 * faster (the games are CPU-bound), and each holds its own heap: 128 on a small machine exhausts
 * memory and aborts V8 rather than failing cleanly.
 */
export function workersFlag(value: string, cores = availableParallelism()): number {
  const max = Math.max(1, WORKERS_PER_CORE * cores);
  const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UserError(
      `option --workers: expected a whole number of worker threads, at least 1, got ${quote(value)}`,
    );
  if (n > max)
    throw new UserError(
      `option --workers: at most ${max} on this machine (${WORKERS_PER_CORE} per core, ${cores} core${cores === 1 ? '' : 's'}): games are CPU-bound, so more threads than cores only add memory; got ${quote(value)}`,
    );
  return n;
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
