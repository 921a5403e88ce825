import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { ArmBlocks } from '../analysis/games-table.js';
import { UserError } from '../core/errors.js';
import type { ChunkTask } from './chunk.js';
import type { Experiment } from './experiment.js';
import { finishRun } from './finish.js';
import { type Manifest, newManifest, readManifest } from './manifest.js';
import { writeAtomic } from './outputs.js';
import { recordColumns } from './layout.js';
import { createPool } from './pool.js';
import { createProgress } from './progress.js';

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
}

/** A game threw: names the game, arm and seed, keeps finished chunks, and says how to replay it. */
export class RunFailure extends Error {
  constructor(exp: Experiment, t: ChunkTask, out: string, cause: unknown, source = '<experiment>') {
    const msg = cause instanceof Error ? cause.message : String(cause);
    const game = /game (\d+) of arm/.exec(msg)?.[1] ?? String(t.start);
    const arm = exp.arms[t.arm]!.id;
    super(
      `${msg}\n  arm ${arm}, seed ${exp.seed}, game ${game}; finished chunks are kept in ${out}\n  reproduce: sandtable play --from ${source} --arm ${arm} --game ${game} --seed ${exp.seed} --trace`,
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
}

/** Every chunk of the experiment: for each arm, contiguous game-index ranges of `chunkSize`. */
export function planChunks(exp: Experiment, chunkSize: number): ChunkTask[] {
  const tasks: ChunkTask[] = [];
  exp.arms.forEach((arm, a) => {
    for (let start = 0; start < exp.games; start += chunkSize) {
      tasks.push({
        game: exp.game.id,
        arm: a,
        scenario: arm.setup.scenario,
        variants: [...arm.setup.variants].sort(),
        params: arm.setup.params,
        policies: arm.policies,
        seed: exp.seed,
        start,
        end: Math.min(exp.games, start + chunkSize),
      });
    }
  });
  return tasks;
}

const chunkName = (t: ChunkTask) => `${t.arm}-${t.start}-${t.end}.f64`;

function readChunk(path: string, expectedValues: number): Float64Array | undefined {
  try {
    const buf = readFileSync(path);
    if (buf.byteLength !== expectedValues * 8) return undefined;
    const copy = new Float64Array(expectedValues);
    new Uint8Array(copy.buffer).set(buf);
    return copy;
  } catch {
    return undefined;
  }
}

/**
 * Runs an experiment into `opts.out`: chunks are played on a worker pool and each finished chunk
 * is written atomically to out/chunks, so an interrupted run keeps its work and `resume` plays
 * only what is missing. Results never depend on workers or chunk size.
 */
export async function runExperiment(exp: Experiment, opts: RunOptions): Promise<RunOutcome> {
  const t0 = Date.now();
  const out = opts.out;
  let manifest = newManifest(exp, opts.workers, exp.chunkSize);
  if (existsSync(`${out}/manifest.json`)) {
    if (opts.resume) {
      const old = readManifest(out);
      if (old.experimentHash !== manifest.experimentHash) {
        throw new UserError(`${out}: --resume: this run directory holds a different experiment (hash ${old.experimentHash.slice(0, 12)} vs ${manifest.experimentHash.slice(0, 12)}); same file, seed and --games are needed`);
      }
      if (old.status === 'complete') throw new UserError(`${out}: --resume: this run is already complete`);
      manifest = { ...manifest, created: old.created, chunkSize: old.chunkSize };
    } else if (opts.force) {
      rmSync(out, { recursive: true, force: true });
    } else {
      throw new UserError(`${out}: already holds a run; use --resume to continue it, --force to replace it, or --out for another directory`);
    }
  } else if (opts.resume) {
    throw new UserError(`${out}: --resume: no run to resume here`);
  }
  const chunksDir = `${out}/chunks`;
  mkdirSync(chunksDir, { recursive: true });
  writeAtomic(`${out}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);

  const cols = recordColumns(exp.game).length;
  const tasks = planChunks(exp, manifest.chunkSize);
  const blocks = new Map<ChunkTask, Float64Array>();
  const present = new Set(readdirSync(chunksDir));
  for (const t of tasks) {
    if (!present.has(chunkName(t))) continue;
    const data = readChunk(`${chunksDir}/${chunkName(t)}`, cols * (t.end - t.start));
    if (data !== undefined) blocks.set(t, data);
  }
  const reused = [...blocks.keys()].reduce((n, t) => n + t.end - t.start, 0);
  const pending = tasks.filter((t) => !blocks.has(t));
  const total = exp.games * exp.arms.length;
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
          writeAtomic(`${chunksDir}/${chunkName(t)}`, new Uint8Array(buf));
          blocks.set(t, new Float64Array(buf));
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
  if (interrupted) return { status: 'interrupted', out, played, reused, seconds, manifest };
  const arms: ArmBlocks[] = exp.arms.map((arm, a) => ({
    arm: arm.id,
    scenario: arm.setup.scenario,
    blocks: tasks.filter((t) => t.arm === a).map((t) => ({ start: t.start, end: t.end, data: blocks.get(t)! })),
  }));
  await finishRun(out, exp.game, manifest, arms, opts.csv, seconds);
  rmSync(chunksDir, { recursive: true, force: true });
  return { status: 'complete', out, played, reused, seconds, manifest: readManifest(out) };
}
