import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { GamesTableBuilder } from '../analysis/games-table.js';
import { UserError } from '../core/errors.js';
import type { ChunkTask } from './chunk.js';
import {
  chunkFileName,
  chunkOwner,
  encodeChunk,
  parseChunkFileName,
  readChunkFile,
  writeChunkFile,
} from './chunk-file.js';
import type { Experiment } from './experiment.js';
import { finishRun } from './finish.js';
import { HeatCounts } from './heat.js';
import { cliCommand } from './hint.js';
import { chunkLayout } from './layout.js';
import { acquireLock, type DirLock } from './lock.js';
import { chunkBinding, experimentHash, type Manifest, newManifest, writeManifest } from './manifest.js';
import { checkTableMemory, memoryBudget } from './memory.js';
import {
  inspectOutDir,
  notARunError,
  type OutDirState,
  removeIfEmpty,
  removeRunFiles,
  removeTemps,
} from './out-dir.js';
import { TEMP_MARK } from './outputs.js';
import { createPool } from './pool.js';
import { createProgress } from './progress.js';
import {
  assertNoLinks,
  assertNoneOverwritten,
  isRunOutputName,
  keptMessage,
  planRemoval,
  removeRunFile,
  runPath,
  runSubdir,
} from './run-paths.js';
import { finishShard, type ShardSpec, shardInfo, shardLabel } from './shard.js';
import { codeLabel, codeVersion } from './version.js';

export interface RunOptions {
  readonly out: string;
  readonly workers: number;
  readonly csv: boolean;
  /** Continue the partial run in `out` instead of starting a new one. */
  readonly resume: boolean;
  /**
   * `run --resume` without a directory, as restarted cluster tasks use it: start the run if `out`
   * holds none, continue it if it is partial, and leave it alone (status `done`) if this
   * experiment is already complete there. Decided under the directory's lock.
   */
  readonly continueOrStart?: boolean;
  /** Replace the sandtable run in `out` (its files only; anything else there is refused). */
  readonly force: boolean;
  readonly quiet?: boolean;
  /** Aborting stops the run: finished chunks stay on disk and the manifest stays partial. */
  readonly signal?: AbortSignal;
  /** The experiment file, quoted in the replay command of a failure. */
  readonly source?: string;
  /**
   * Play only shard k of n (games [start, end) of every arm) and leave a shard directory for
   * `merge`. On resume it defaults to the shard the directory holds.
   */
  readonly shard?: ShardSpec;
  /** Told about chunk files found damaged on resume (they are played again). Default: stderr. */
  readonly warn?: (message: string) => void;
  /** How long to wait for another process's lock on `out` (default 0: refuse at once). */
  readonly lockWaitMs?: number;
}

/** A game threw: names the game, arm and seed, keeps finished chunks, and says how to replay it. */
/**
 * The text of what a worker threw: an Error's message, or the message of an error-like object (a
 * worker's error can arrive as plain data), or the value as JSON, never "[object Object]".
 */
function causeText(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (typeof cause === 'object' && cause !== null) {
    const m = (cause as { message?: unknown }).message;
    if (typeof m === 'string') return m;
    try {
      return JSON.stringify(cause);
    } catch {
      return Object.prototype.toString.call(cause);
    }
  }
  return String(cause);
}

export class RunFailure extends Error {
  constructor(exp: Experiment, t: ChunkTask, out: string, cause: unknown, source = '<experiment>') {
    const msg = causeText(cause);
    const game = /game (\d+) of arm/.exec(msg)?.[1];
    const arm = exp.arms[t.arm]!.id;
    super(
      game === undefined
        ? // Not a game's failure (a worker that could not start, say): no game to replay.
          `${msg}\n  while playing arm ${arm}, seed ${exp.seed}, games ${t.start}..${t.end - 1}; finished chunks are kept in ${out} (continue with --resume ${out})`
        : `${msg}\n  arm ${arm}, seed ${exp.seed}, game ${game}; finished chunks are kept in ${out}\n  reproduce: ${cliCommand('play', '--from', source, '--arm', arm, '--game', game, '--seed', String(exp.seed), '--trace')}`,
    );
    this.name = 'RunFailure';
  }
}

export interface RunOutcome {
  /** `done`: with continueOrStart, the run was already complete and nothing was played. */
  readonly status: 'complete' | 'interrupted' | 'done';
  readonly out: string;
  readonly played: number;
  readonly reused: number;
  readonly seconds: number;
  readonly manifest: Manifest;
  /** Chunk files found damaged or foreign on resume, played again. */
  readonly discarded: readonly string[];
}

/**
 * Every chunk of the experiment (or of games [from, to) of every arm, for a shard): for each arm,
 * contiguous game-index ranges of `chunkSize`.
 */
export function planChunks(exp: Experiment, chunkSize: number, from = 0, to = exp.games): ChunkTask[] {
  const tasks: ChunkTask[] = [];
  exp.arms.forEach((arm, a) => {
    for (let start = from; start < to; start += chunkSize) {
      tasks.push({
        game: exp.game.id,
        arm: a,
        scenario: arm.setup.scenario,
        variants: [...arm.setup.variants].sort(),
        params: arm.setup.params,
        policies: arm.policies,
        ...(exp.gameModule === undefined
          ? {}
          : { gameModule: exp.gameModule.path, gameModuleHash: exp.gameModule.sha256 }),
        seed: exp.seed,
        start,
        end: Math.min(to, start + chunkSize),
      });
    }
  });
  return tasks;
}

const chunkName = (t: ChunkTask) => chunkFileName(t);

const sameShard = (
  a: { index: number; count: number } | undefined,
  b: { index: number; count: number } | undefined,
) => a?.index === b?.index && a?.count === b?.count;

/** What a run does with its directory: start in it, continue the partial run there, or replace the run there. */
type Plan =
  | { readonly mode: 'fresh'; readonly shard: ShardSpec | undefined }
  | { readonly mode: 'done'; readonly shard: ShardSpec | undefined; readonly old: Manifest }
  | { readonly mode: 'resume'; readonly shard: ShardSpec | undefined; readonly old: Manifest }
  | { readonly mode: 'replace'; readonly shard: ShardSpec | undefined; readonly old: Manifest }
  /** --resume of a run whose manifest is damaged (or missing): its chunks that belong to this experiment are kept. */
  | { readonly mode: 'recover'; readonly shard: ShardSpec | undefined; readonly why: string };

/** Whether `out/chunks` holds at least one chunk of this experiment (its hash and seed). */
function holdsChunksOf(out: string, exp: Experiment): boolean {
  const dir = `${out}/chunks`;
  if (!existsSync(dir)) return false;
  const hash = experimentHash(exp);
  return readdirSync(dir).some((f) => {
    if (parseChunkFileName(f) === undefined) return false;
    const owner = chunkOwner(`${dir}/${f}`);
    return owner !== undefined && owner.experimentHash === hash && owner.seed === exp.seed;
  });
}

/**
 * Decides from what `out` holds whether the run may start, continue or replace it, or refuses
 * (a user error naming the directory). Writes nothing: it runs once before anything is created
 * and again under the directory's lock.
 */
function planRun(exp: Experiment, given: RunOptions, state: OutDirState): Plan {
  const out = given.out;
  // Cluster mode: whatever the directory holds now (another task may have started or finished it).
  const opts = given.continueOrStart ? { ...given, resume: state.kind === 'run' } : given;
  if (given.continueOrStart && state.kind === 'run') {
    const m = state.manifest;
    const shard = given.shard;
    if (
      m.status === 'complete' &&
      m.experimentHash === experimentHash(exp) &&
      (shard === undefined ? m.shard === undefined : sameShard(shard, m.shard))
    )
      return { mode: 'done', shard: m.shard, old: m };
  }
  if (state.kind === 'absent' || state.kind === 'free') {
    if (opts.resume) throw new UserError(`${out}: --resume: no run to resume here`);
    return { mode: 'fresh', shard: opts.shard };
  }
  if (state.kind !== 'run') {
    // A damaged manifest loses nothing: every chunk carries its experiment hash, seed, data hash
    // and code (chunk-file.ts), so those of this experiment are re-adopted, the rest played again.
    // Only when some chunk there is this experiment's: chunks of another run are never the
    // material of a recovery (they stay, and the directory is refused as before).
    if (
      opts.resume &&
      !given.continueOrStart &&
      (state.kind === 'foreign' || state.kind === 'stray') &&
      holdsChunksOf(out, exp)
    )
      return {
        mode: 'recover',
        shard: opts.shard,
        why:
          state.kind === 'foreign'
            ? `${out}/manifest.json is not a valid manifest (${state.reason})`
            : `${out} holds ${state.files.join(' and ')} but no manifest.json`,
      };
    throw notARunError(out, state, opts.resume ? '--resume' : '--force');
  }
  const old = state.manifest;
  if (opts.resume) {
    const here = codeVersion();
    // a game from outside the package: its module's files must be the ones the run started with
    const oldModule = old.gameModule?.sha256;
    const newModule = exp.gameModule?.sha256;
    if (oldModule !== newModule)
      throw new UserError(
        `${out}: --resume: the game module ${exp.gameModule?.path ?? old.gameModule?.path ?? ''} has changed since this run started (sha256 ${oldModule?.slice(0, 12) ?? 'none'}, now ${newModule?.slice(0, 12) ?? 'none'}); results of different rules are never mixed: restore the module, or start again with --force`,
      );
    if (old.experimentHash !== experimentHash(exp)) {
      throw new UserError(
        `${out}: --resume: this run directory holds a different experiment (hash ${old.experimentHash.slice(0, 12)}, seed ${old.seed}, ${old.games} games vs ${experimentHash(exp).slice(0, 12)}, seed ${exp.seed}, ${exp.games} games); same file, seed and --games are needed`,
      );
    }
    const shard = opts.shard ?? old.shard;
    if (!sameShard(shard, old.shard)) {
      const held = old.shard === undefined ? 'a whole run, not a shard' : `shard ${shardLabel(old.shard)}`;
      throw new UserError(
        `${out}: --resume: this directory holds ${held}, but --shard ${shard === undefined ? '(none)' : shardLabel(shard)} was given`,
      );
    }
    if (old.status === 'complete')
      throw new UserError(
        `${out}: --resume: this ${shard === undefined ? 'run' : 'shard'} is already complete`,
      );
    // Kept chunks were played by the code that started the run: other code must not add to them.
    if (old.version !== here.version || old.code !== here.code) {
      throw new UserError(
        `${out}: --resume: this run was started by ${codeLabel(old)} (commit ${old.commit}), this is ${codeLabel(here)} (commit ${here.commit}); results of different code are never mixed: resume it with the build that started it, or start again with --force`,
      );
    }
    return {
      mode: 'resume',
      shard: shard === undefined ? undefined : { index: shard.index, count: shard.count },
      old,
    };
  }
  if (opts.force) return { mode: 'replace', shard: opts.shard, old };
  throw new UserError(
    `${out}: already holds a run; use --resume to continue it, --force to replace it, or --out for another directory`,
  );
}

/**
 * Runs an experiment into `opts.out`: chunks are played on a worker pool and each finished chunk
 * is written atomically to out/chunks, so an interrupted run keeps its work and `resume` plays
 * only what is missing. Results never depend on workers or chunk size.
 *
 * Everything that can refuse the run is checked before anything is written; then the directory
 * is locked (one writer at a time, see lock.ts) and checked again. Replacing a run first switches
 * the manifest to the new, partial run (listing the old run's files as pending), then removes the
 * old run's files and nothing else.
 */
export async function runExperiment(exp: Experiment, opts: RunOptions): Promise<RunOutcome> {
  const t0 = Date.now();
  const out = opts.out;
  const warn = opts.warn ?? ((m: string) => process.stderr.write(`${m}\n`));
  const first = planRun(exp, opts, inspectOutDir(out));
  if (first.mode === 'done')
    return { status: 'done', out, played: 0, reused: 0, seconds: 0, manifest: first.old, discarded: [] };
  if (first.shard === undefined)
    checkTableMemory(
      exp.game,
      exp.games,
      exp.arms.length,
      `${exp.name}: --games ${exp.games}`,
      memoryBudget(opts.workers),
    );
  // Nothing is written or removed through a link: refused before anything is made (run-paths.ts).
  if (existsSync(out)) assertNoLinks(out, 'old' in first ? first.old : undefined);
  mkdirSync(out, { recursive: true });
  const lock = await acquireLock(out, { waitMs: opts.lockWaitMs ?? 0, warn });
  try {
    const plan = planRun(exp, opts, inspectOutDir(out));
    if (plan.mode === 'done')
      return { status: 'done', out, played: 0, reused: 0, seconds: 0, manifest: plan.old, discarded: [] };
    assertNoLinks(out, 'old' in plan ? plan.old : undefined);
    return await runLocked(exp, opts, plan, lock, t0, warn);
  } finally {
    lock.release();
  }
}

async function runLocked(
  exp: Experiment,
  opts: RunOptions,
  plan: Exclude<Plan, { mode: 'done' }>,
  lock: DirLock,
  t0: number,
  warn: (m: string) => void,
): Promise<RunOutcome> {
  const out = opts.out;
  const shard = plan.shard;
  let manifest = newManifest(exp, opts.workers, exp.chunkSize);
  if (plan.mode === 'resume') {
    manifest = {
      ...manifest,
      created: plan.old.created,
      chunkSize: plan.old.chunkSize,
      ...(plan.old.pending === undefined ? {} : { pending: plan.old.pending }),
    };
  }
  if (plan.mode === 'recover') {
    // The chunk size the chunks were played with, from their names (results never depend on it).
    const sizes = existsSync(`${out}/chunks`)
      ? readdirSync(runPath(out, 'chunks')).flatMap((f) => {
          const k = parseChunkFileName(f);
          return k === undefined ? [] : [k.end - k.start];
        })
      : [];
    const chunkSize = sizes.length === 0 ? manifest.chunkSize : Math.max(...sizes);
    manifest = { ...manifest, chunkSize };
    // The damaged manifest is kept beside the run, never lost.
    if (existsSync(`${out}/manifest.json`))
      copyFileSync(runPath(out, 'manifest.json'), runPath(out, `manifest.damaged-${Date.now()}.json`));
    warn(
      `sandtable: ${plan.why}; recovering: chunks of this experiment (seed ${exp.seed}, ${exp.games} games, this code) are kept, the rest played again`,
    );
  }
  if (shard !== undefined) manifest = { ...manifest, shard: shardInfo(exp.games, exp.arms.length, shard) };
  if (plan.mode === 'replace') {
    // The switch: from here the directory holds the new (partial) run, whose manifest still lists
    // the old run's files, so a kill at any later point leaves a partial run, never the old
    // manifest over new files or the reverse.
    // Only files still as the old run wrote them are its to remove; the rest stay, named.
    const { remove, kept } = planRemoval(out, plan.old);
    assertNoneOverwritten(kept);
    manifest = { ...manifest, pending: remove };
    lock.check('replacing the run in the directory');
    manifest = writeManifest(out, manifest);
    removeRunFiles(out, plan.old, remove);
    const note = keptMessage(out, kept);
    if (note !== undefined) warn(`sandtable: ${note}`);
  } else {
    lock.check('writing the manifest');
    manifest = writeManifest(out, manifest);
  }
  // Temporary files of a killed process are never results; the lock says no one else writes here.
  removeTemps(out, '', (base) => base === 'manifest.json' || (manifest.pending ?? []).includes(base));
  const charts = runPath(out, 'charts');
  removeTemps(out, 'charts', (base) => isRunOutputName(`charts/${base}`));
  removeIfEmpty(charts);
  const chunksDir = runSubdir(out, 'chunks');

  const layout = chunkLayout(exp);
  const binding = chunkBinding(manifest);
  const tasks = planChunks(exp, manifest.chunkSize, manifest.shard?.start, manifest.shard?.end);
  // A whole run copies each block into the games table and the hex counts as it comes and drops
  // it; a shard only keeps its chunk files (the table is made once, by merge).
  const whole = manifest.shard === undefined;
  const builder = whole
    ? new GamesTableBuilder(
        exp.game,
        exp.arms.map((arm) => ({ arm: arm.id, scenario: arm.setup.scenario, from: 0, to: exp.games })),
      )
    : undefined;
  const heat = whole ? new HeatCounts(exp) : undefined;
  const done = new Set<ChunkTask>();
  const consume = (t: ChunkTask, block: Float64Array) => {
    builder?.add(t.arm, t.start, t.end, block);
    heat?.add(t.arm, t.start, t.end, block);
    done.add(t);
  };
  const discarded: string[] = [];
  const planned = new Set(tasks.map(chunkName));
  for (const f of readdirSync(chunksDir)) {
    const path = `${chunksDir}/${f}`;
    if (f.includes(TEMP_MARK)) {
      removeRunFile(out, `chunks/${f}`);
    } else if (!planned.has(f) && parseChunkFileName(f) !== undefined) {
      // A chunk file this run would never write (another chunk size or range): not ours to use.
      discarded.push(path);
      warn(
        `sandtable: ${path}: not a chunk of this run (chunk size ${manifest.chunkSize}); removed, never used`,
      );
      removeRunFile(out, `chunks/${f}`);
    }
  }
  const present = new Set(readdirSync(chunksDir));
  for (const t of tasks) {
    if (!present.has(chunkName(t))) continue;
    const path = `${chunksDir}/${chunkName(t)}`;
    const chunk = readChunkFile(path, t, layout, binding);
    if (chunk.ok) {
      consume(t, chunk.data);
    } else {
      discarded.push(path);
      warn(`sandtable: ${path}: ${chunk.reason}; not used, its games are played again`);
    }
  }
  lock.touch();
  const reused = [...done].reduce((n, t) => n + t.end - t.start, 0);
  const pending = tasks.filter((t) => !done.has(t));
  const total = tasks.reduce((n, t) => n + t.end - t.start, 0);
  const progress = createProgress(exp.name, process.stderr, opts.quiet ?? false);
  progress.start(total, reused);
  let played = 0;
  let interrupted = false;
  if (pending.length > 0) {
    const pool = createPool(opts.workers);
    const abort = new AbortController();
    const onAbort = () => {
      interrupted = true;
      abort.abort();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    let failure: unknown;
    /** Set when the lock was taken over: nothing more is written, and this is what the run says. */
    let lost: unknown;
    // At most two tasks per worker in flight: the queue stays short, so an interrupt stops promptly.
    // After a failure no new task starts, but the other workers' tasks in flight finish and are kept.
    let next = 0;
    const lane = async () => {
      while (next < pending.length && !abort.signal.aborted && failure === undefined && lost === undefined) {
        const t = pending[next++]!;
        try {
          const buf = await pool.run(t, { signal: abort.signal });
          const block = new Float64Array(buf);
          // A commit point: a chunk is adopted only while the directory is still this run's.
          try {
            lock.check(`adopting chunk ${chunkName(t)}`);
          } catch (e) {
            lost ??= e;
            abort.abort();
            return;
          }
          writeChunkFile(out, `chunks/${chunkName(t)}`, encodeChunk(t, layout, block, binding));
          consume(t, block);
          played += t.end - t.start;
          progress.advance(t.end - t.start);
        } catch (e) {
          if (!interrupted && failure === undefined && lost === undefined)
            failure = new RunFailure(exp, t, out, e, opts.source);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(pending.length, 2 * opts.workers) }, lane));
    opts.signal?.removeEventListener('abort', onAbort);
    progress.stop();
    await pool.destroy();
    if (lost !== undefined) throw lost;
    if (failure !== undefined) throw failure;
  } else {
    progress.stop();
  }
  const seconds = (Date.now() - t0) / 1000;
  if (interrupted) return { status: 'interrupted', out, played, reused, seconds, manifest, discarded };
  lock.touch();
  if (manifest.shard !== undefined) {
    // A shard keeps its checked chunks for `merge`; the report is made once, from all shards.
    const done = finishShard(out, manifest, tasks, layout, seconds, lock.check);
    return { status: 'complete', out, played, reused, seconds, manifest: done, discarded };
  }
  const final = await finishRun(out, exp.game, manifest, builder!.table(), opts.csv, seconds, heat!.rows(), {
    check: lock.check,
    touch: lock.touch,
    again: cliCommand('run', opts.source ?? '<experiment>', '--resume', out),
  });
  for (const t of tasks) removeRunFile(out, `chunks/${chunkName(t)}`);
  removeIfEmpty(chunksDir);
  return { status: 'complete', out, played, reused, seconds, manifest: final, discarded };
}
