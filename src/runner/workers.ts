import { availableParallelism } from 'node:os';
import { quote, UserError } from '../core/errors.js';

/** Worker threads per core beyond which more threads only cost memory (each is a V8 isolate). */
export const WORKERS_PER_CORE = 4;

/**
 * The worker count `value` asks for: 1 to WORKERS_PER_CORE times the cores, else a user error
 * naming `option`. More threads than cores do not play faster (the games are CPU-bound), and each
 * holds its own heap: 128 on a small machine exhausts memory and aborts V8 rather than failing cleanly.
 */
export function checkWorkers(value: string | number, option: string, cores = availableParallelism()): number {
  const max = Math.max(1, WORKERS_PER_CORE * cores);
  const n = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UserError(
      `option ${option}: expected a whole number of worker threads, at least 1, got ${quote(value)}`,
    );
  if (n > max)
    throw new UserError(
      `option ${option}: at most ${max} on this machine (${WORKERS_PER_CORE} per core, ${cores} core${cores === 1 ? '' : 's'}): games are CPU-bound, so more threads than cores only add memory; got ${quote(value)}`,
    );
  return n;
}
