import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { GamesTableBuilder } from '../analysis/games-table.js';
import { UserError } from '../core/errors.js';
import type { ChunkTask } from './chunk.js';
import { chunkFileName, encodeChunk, readChunkFile, writeChunkFile } from './chunk-file.js';
import type { Experiment } from './experiment.js';
import { finishRun } from './finish.js';
import { chunkLayout, HeatCounts } from './layout.js';
import { type Manifest, newManifest, readManifest } from './manifest.js';
import { writeAtomic } from './outputs.js';
import { createPool } from './pool.js';
import { createProgress } from './progress.js';
import { finishShard, type ShardSpec, shardInfo, shardLabel } from './shard.js';

export interface RunOptions {
  readonly out: string;
  readonly workers: number;
  readonly csv: boolean;
  /** Continue the partial run in `out` instead of starting a new one. */
  readonly resume: boolean;
  /** Replace whatever run is in `out`. */
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
}

/** A game threw: names the game, arm and seed, keeps finished chunks, and says how to replay it. */
export class RunFailure extends Error {
  constructor(exp: Experiment, t: ChunkTask, out: string, cause: unknown, source = '<experiment>') {
    const msg = cause instanceof Error ? cause.message : String(cause);
    const game = /game (\d+) of arm/.exec(msg)?.[1];
    const arm = exp.arms[t.arm]!.id;
    super(
      game === undefined
        ? // Not a game's failure (a worker that could not start, say): no game to replay.
          `${msg}\n  while playing arm ${arm}, seed ${exp.seed}, games ${t.start}..${t.end - 1}; finished chunks are kept in ${out} (continue with --resume ${out})`
        : `${msg}\n  arm ${arm}, seed ${exp.seed}, game ${game}; finished chunks are kept in ${out}\n  reproduce: sandtable play --from ${source} --arm ${arm} --game ${game} --seed ${exp.seed} --trace`,
    );
    this.name = 'RunFailure';
  }
}

export interface RunOutcome {
  readonly status: 'complete' | 'interrupted';
  readonly out: string;
  readonly played: number;
  readonly reused: number;
  readonly seconds: number;
  readonly manifest: Manifest;
  /** Chunk files found damaged on resume, played again. */
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

/**
 * Runs an experiment into `opts.out`: chunks are played on a worker pool and each finished chunk
 * is written atomically to out/chunks, so an interrupted run keeps its work and `resume` plays
 * only what is missing. Results never depend on workers or chunk size.
 */
export async function runExperiment(exp: Experiment, opts: RunOptions): Promise<RunOutcome> {
  const t0 = Date.now();
  const out = opts.out;
  const warn = opts.warn ?? ((m: string) => process.stderr.write(`${m}\n`));
  let shard = opts.shard;
  let manifest = newManifest(exp, opts.workers, exp.chunkSize);
  if (existsSync(`${out}/manifest.json`)) {
    if (opts.resume) {
      const old = readManifest(out);
      if (old.experimentHash !== manifest.experimentHash) {
        throw new UserError(
          `${out}: --resume: this run directory holds a different experiment (hash ${old.experimentHash.slice(0, 12)} vs ${manifest.experimentHash.slice(0, 12)}); same file, seed and --games are needed`,
        );
      }
      if (shard === undefined && old.shard !== undefined) shard = old.shard;
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
      // Kept chunks were played by the code that started the run: another release must not add to them.
      if (old.version !== manifest.version) {
        throw new UserError(
          `${out}: --resume: this run was started by sandtable ${old.version}, this is ${manifest.version}; resume it with the same release or start again with --force`,
        );
      }
      if (old.commit !== manifest.commit) {
        warn(`sandtable: warning: ${out} was started by commit ${old.commit}, resumed by ${manifest.commit}`);
      }
      manifest = { ...manifest, created: old.created, chunkSize: old.chunkSize };
    } else if (opts.force) {
      rmSync(out, { recursive: true, force: true });
    } else {
      throw new UserError(
        `${out}: already holds a run; use --resume to continue it, --force to replace it, or --out for another directory`,
      );
    }
  } else if (opts.resume) {
    throw new UserError(`${out}: --resume: no run to resume here`);
  }
  if (shard !== undefined) manifest = { ...manifest, shard: shardInfo(exp.games, exp.arms.length, shard) };
  const chunksDir = `${out}/chunks`;
  mkdirSync(chunksDir, { recursive: true });
  writeAtomic(`${out}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);

  const layout = chunkLayout(exp);
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
  const present = new Set(readdirSync(chunksDir));
  // A kill -9 can leave a temporary file behind; it was never renamed, so it is never a result.
  for (const f of present) if (f.includes('.tmp-')) rmSync(`${chunksDir}/${f}`, { force: true });
  for (const t of tasks) {
    if (!present.has(chunkName(t))) continue;
    const chunk = readChunkFile(`${chunksDir}/${chunkName(t)}`, t, layout);
    if (chunk.ok) {
      consume(t, chunk.data);
    } else {
      discarded.push(`${chunksDir}/${chunkName(t)}`);
      warn(`sandtable: ${chunksDir}/${chunkName(t)}: ${chunk.reason}; not used, its games are played again`);
    }
  }
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
    // At most two tasks per worker in flight: the queue stays short, so an interrupt stops promptly.
    let next = 0;
    const lane = async () => {
      while (next < pending.length && !abort.signal.aborted) {
        const t = pending[next++]!;
        try {
          const buf = await pool.run(t, { signal: abort.signal });
          const block = new Float64Array(buf);
          writeChunkFile(`${chunksDir}/${chunkName(t)}`, encodeChunk(t, layout, block));
          consume(t, block);
          played += t.end - t.start;
          progress.advance(t.end - t.start);
        } catch (e) {
          if (!interrupted && failure === undefined) failure = new RunFailure(exp, t, out, e, opts.source);
          abort.abort();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(pending.length, 2 * opts.workers) }, lane));
    opts.signal?.removeEventListener('abort', onAbort);
    progress.stop();
    await pool.destroy();
    if (failure !== undefined) throw failure;
  } else {
    progress.stop();
  }
  const seconds = (Date.now() - t0) / 1000;
  if (interrupted) return { status: 'interrupted', out, played, reused, seconds, manifest, discarded };
  if (manifest.shard !== undefined) {
    // A shard keeps its checked chunks for `merge`; the report is made once, from all shards.
    const done = finishShard(out, manifest, tasks, layout, seconds);
    return { status: 'complete', out, played, reused, seconds, manifest: done, discarded };
  }
  await finishRun(out, exp.game, manifest, builder!.table(), opts.csv, seconds, heat!.rows());
  rmSync(chunksDir, { recursive: true, force: true });
  return { status: 'complete', out, played, reused, seconds, manifest: readManifest(out), discarded };
}
