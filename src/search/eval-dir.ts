/**
 * What the resumable search directories share (calibrate and tune's evals/, src/search/run.ts;
 * balance's cells/, src/search/balance-run.ts): their kept files read back, checked and otherwise
 * removed, and the lanes that play the missing ranges of game indices on the worker pool. Each
 * finished range is handed to the caller as soon as it arrives, so the caller writes it atomically
 * before the next one starts and an interrupted run loses no finished range.
 */
import { readdirSync, rmSync } from 'node:fs';
import type { ChunkTask } from '../runner/chunk.js';
import { TEMP_MARK } from '../runner/outputs.js';
import { createPool } from '../runner/pool.js';
import { createProgress } from '../runner/progress.js';

/**
 * Reads the files of `dir` back: temporaries of an interrupted write are removed silently; a file
 * `keep` refuses (returns false or throws while reading it) is removed with the warning `why` gives,
 * so its games are played again.
 */
export function readKept(
  dir: string,
  keep: (file: string, path: string) => boolean,
  why: (path: string) => string,
  warn: (message: string) => void,
): void {
  for (const f of readdirSync(dir)) {
    const path = `${dir}/${f}`;
    if (f.includes(TEMP_MARK)) {
      rmSync(path, { force: true });
      continue;
    }
    let ok: boolean;
    try {
      ok = keep(f, path);
    } catch {
      ok = false;
    }
    if (!ok) {
      warn(why(path));
      rmSync(path, { force: true });
    }
  }
}

/** A range of game indices to play, [start, end). */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/** The worker pool of a search directory, with its progress bar and its interruption. */
export interface Lanes {
  /** Whether the run's signal has aborted: nothing more is started. */
  readonly interrupted: boolean;
  /** Games played by this process so far. */
  readonly played: number;
  /**
   * Plays `tasks` (the chunk `job` gives for each), at most two a worker in flight, and hands each
   * result to `adopt` as it arrives. After a failure no new task starts; the tasks in flight finish
   * and are adopted, then the first failure is thrown. An interruption is not a failure: it
   * returns, with `interrupted` set.
   */
  play<T extends Range>(
    tasks: readonly T[],
    job: (t: T) => ChunkTask,
    adopt: (t: T, result: ArrayBuffer) => void,
  ): Promise<void>;
  /** Stops listening to the signal and ends the pool. */
  close(): Promise<void>;
}

export function createLanes(opts: {
  readonly name: string;
  readonly workers: number;
  readonly quiet?: boolean;
  readonly signal?: AbortSignal;
  /** Called after each adopted task (the directory's lock heartbeat). */
  readonly touch: () => void;
}): Lanes {
  const pool = createPool(opts.workers);
  const abort = new AbortController();
  let interrupted = false;
  let played = 0;
  const onAbort = () => {
    interrupted = true;
    abort.abort();
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) onAbort();
  const progress = createProgress(opts.name, process.stderr, opts.quiet ?? false);
  return {
    get interrupted() {
      return interrupted;
    },
    get played() {
      return played;
    },
    async play(tasks, job, adopt) {
      if (tasks.length === 0 || interrupted) return;
      progress.start(
        tasks.reduce((n, t) => n + t.end - t.start, 0),
        0,
      );
      let next = 0;
      let failure: unknown;
      const lane = async () => {
        while (next < tasks.length && !abort.signal.aborted && failure === undefined) {
          const t = tasks[next++]!;
          try {
            adopt(t, await pool.run(job(t), { signal: abort.signal }));
            played += t.end - t.start;
            progress.advance(t.end - t.start);
            opts.touch();
          } catch (e) {
            if (!interrupted && failure === undefined) failure = e;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(tasks.length, 2 * opts.workers) }, lane));
      progress.stop();
      if (failure !== undefined) throw failure;
    },
    async close() {
      opts.signal?.removeEventListener('abort', onAbort);
      await pool.destroy();
    },
  };
}
