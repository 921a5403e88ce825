/**
 * What the resumable search directories share (calibrate and tune's evals/, src/search/run.ts;
 * balance's cells/, src/search/balance-run.ts): the manifest that binds the directory to its
 * problem's hash and the code, their kept files read back, checked and otherwise removed, and the lanes that play the missing ranges of game indices on the worker pool. Each
 * finished range is handed to the caller as soon as it arrives, so the caller writes it atomically
 * before the next one starts and an interrupted run loses no finished range.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import type { ChunkTask } from '../runner/chunk.js';
import { sha256, TEMP_MARK, writeAtomic } from '../runner/outputs.js';
import { createPool } from '../runner/pool.js';
import { createProgress } from '../runner/progress.js';
import { codeVersion } from '../runner/version.js';

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

/** The lanes of search `name` on `opts.workers` threads; `touch` (the lock's heartbeat) after each adopted task. */
export function createLanes(
  name: string,
  opts: { readonly workers: number; readonly quiet?: boolean; readonly signal?: AbortSignal },
  touch: () => void,
): Lanes {
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
  const progress = createProgress(name, process.stderr, opts.quiet ?? false);
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
            touch();
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

/** What a search directory's manifest says, whatever the search (calibrate, tune, balance). */
export interface DirManifest {
  readonly tool: 'sandtable';
  readonly version: string;
  readonly commit: string;
  readonly code: string;
  readonly status: 'partial' | 'complete';
  readonly created: string;
  readonly finished?: string;
  readonly name: string;
  readonly game: string;
  readonly seed: number;
  readonly hash: string;
  readonly workers: number;
  readonly problem: unknown;
  /** Complete runs: every output file with its sha256. */
  readonly outputs?: Readonly<Record<string, { bytes: number; sha256: string }>>;
}

/** The fields every manifest of a new or continued search starts with (`created` kept on a resume). */
export function manifestBase(
  p: {
    readonly name: string;
    readonly game: { readonly id: string };
    readonly seed: number;
    readonly hash: string;
    readonly source: unknown;
  },
  workers: number,
  created: string | undefined,
): Omit<DirManifest, 'outputs' | 'finished'> {
  const v = codeVersion();
  return {
    tool: 'sandtable',
    version: v.version,
    commit: v.commit,
    code: v.code,
    status: 'partial',
    created: created ?? new Date().toISOString(),
    name: p.name,
    game: p.game.id,
    seed: p.seed,
    hash: p.hash,
    workers,
    problem: p.source,
  };
}

/** The manifest `file` of `out`, undefined when there is none; a user error when it cannot be read. */
export function readDirManifest<M extends DirManifest>(
  out: string,
  file: string,
  what: string,
): M | undefined {
  const path = `${out}/${file}`;
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as M;
  } catch {
    throw new UserError(`${path}: not a readable ${what} manifest; use --force to start again`);
  }
}

export function writeDirManifest(out: string, file: string, m: DirManifest): void {
  writeAtomic(`${out}/${file}`, `${JSON.stringify(m, null, 2)}\n`);
}

/** Marks the run complete with its output files' checksums (after they are written), and writes it. */
export function completeDirManifest<M extends DirManifest>(
  out: string,
  file: string,
  m: M,
  files: readonly string[],
): M {
  const outputs: Record<string, { bytes: number; sha256: string }> = {};
  for (const f of files) {
    const data = readFileSync(`${out}/${f}`);
    outputs[f] = { bytes: data.length, sha256: sha256(data) };
  }
  const done: M = { ...m, status: 'complete', finished: new Date().toISOString(), outputs };
  writeDirManifest(out, file, done);
  return done;
}
