/**
 * The library API's runs: play an experiment into a run directory, read a finished run back as an
 * arquero table with its summary, and compare two runs paired on their shared seeds.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ColumnTable } from 'arquero';
import { z } from 'zod';
import { type OutcomeRow, outcomeSummary } from '../analysis/summary.js';
import { UserError } from '../core/errors.js';
import { createRegistry, type GameRegistry } from '../core/registry.js';
import { gameRegistry } from '../games/index.js';
import {
  type Experiment,
  type ExperimentSpec,
  experimentFromValue,
  loadExperiment,
} from '../runner/experiment.js';
import { loadGameModule } from '../runner/game-module.js';
import type { Manifest } from '../runner/manifest.js';
import { checkOutPath } from '../runner/out-dir.js';
import { checkWorkers, defaultWorkers } from '../runner/pool.js';
import { runExperiment as runInto } from '../runner/run.js';
import { compare as compareRuns, type RunComparison, readOne } from './compare-runs.js';

export type { RunComparison } from './compare-runs.js';

/** A finished run read back from its directory. */
export interface LoadedRun {
  /** The run directory. */
  readonly dir: string;
  /** The run's manifest: experiment, seed, games per arm, arms, code version, checksums. */
  readonly manifest: Manifest;
  /**
   * games.parquet as it is: one row per (arm, game), its every column in its order: `game, arm,
   * scenario, result, winner, end_turn, end_reason, victory_level`, the game's own statistics,
   * then what each arm played (`policy_<side>`, `variant_<id>`, `param_<id>`, and in a round
   * robin `entrant_<side>`; columns.json describes them all). Strings are arquero dictionary
   * columns, booleans booleans, numbers numbers (typed arrays); a statistic the game did not
   * reach is null where the file holds NULL, so arquero's aggregates (`op.mean`...) leave it out
   * as the report does.
   */
  readonly games: ColumnTable;
  /**
   * summary.csv's rows: per arm, each side's wins and the games without a winner (kind `winner`),
   * then each result (kind `result`), each with its count, rate and Wilson 95% interval.
   */
  readonly summary: readonly OutcomeRow[];
  /**
   * Read with `trustData`: what was verified and what could not be, one line each (for a run whose
   * manifest is sound, one line saying so); absent otherwise. The manifest of a run whose own is
   * missing or damaged is rebuilt from the experiment and games.parquet's identity.
   */
  readonly trust?: readonly string[];
}

/** How loadRun and compare read a run; every option may be left out. */
export interface LoadRunOptions {
  /** The games the run may be of (default: every game of the toolkit). */
  readonly registry?: GameRegistry;
  /**
   * Read a finished run whose manifest.json is missing, damaged or written before manifests
   * carried a checksum (`--trust-data`), without writing into it: games.parquet is checked
   * against the sha256 the manifest records when it records one (a mismatch is still refused),
   * the experiment against the identity games.parquet records, and what could not be verified is
   * said in `trust`. A sound run is read with every check, as without it. Default false.
   */
  readonly trustData?: boolean;
  /** With trustData: the experiment file the run played, needed when the manifest's copy cannot be read. */
  readonly experiment?: string;
}

const loadOptionsSchema = z.strictObject({
  registry: z
    .custom<GameRegistry>((v) => typeof (v as GameRegistry | undefined)?.get === 'function')
    .optional(),
  trustData: z.boolean().optional(),
  experiment: z.string().optional(),
});

/** The options, given as a registry (the older form) or as LoadRunOptions (checked: an unknown or ill-typed option is a UserError). */
function loadOptions(o: GameRegistry | LoadRunOptions): LoadRunOptions {
  const isRegistry = (x: GameRegistry | LoadRunOptions): x is GameRegistry =>
    typeof (x as Partial<GameRegistry>).get === 'function';
  if (isRegistry(o)) return { registry: o };
  const r = loadOptionsSchema.safeParse(o);
  if (r.success) return o;
  const issue = r.error.issues[0]!;
  throw new UserError(
    issue.code === 'unrecognized_keys'
      ? `loadRun: unknown option${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`
      : `loadRun: option ${issue.path.map(String).join('.')}: ${issue.message}`,
  );
}

/**
 * Reads the finished run in `dir`: its manifest, and its games table once every file the manifest
 * lists matches the size and sha256 recorded there. A missing, partial, damaged or tampered run is
 * a one-line UserError naming the file (the same checks `sandtable report` and `compare` make);
 * with `trustData`, a run whose manifest is missing, damaged or unsealed is read as far as it can
 * be verified (LoadRunOptions). The second argument may be the game registry itself.
 */
export async function loadRun(dir: string, options: GameRegistry | LoadRunOptions = {}): Promise<LoadedRun> {
  const opts = loadOptions(options);
  const registry = await withRunModule(opts.registry ?? gameRegistry(), dir);
  const { manifest, table, trust } = await readOne(dir, opts, registry, { nulls: 'null' }, 'loadRun');
  const def = registry.get(manifest.game.id, `${dir}/manifest.json`);
  const summary = outcomeSummary(
    def,
    table,
    manifest.arms.map((a) => a.id),
  );
  return { dir, manifest, games: table, summary, ...(trust === undefined ? {} : { trust }) };
}

/** Options of runExperiment; every one may be left out. */
export interface RunExperimentOptions {
  /** The run directory (default `reports/<name>`, relative to the working directory). */
  readonly out?: string;
  /** Worker threads, 1 to 4 per core (default: the cores). Results never depend on it. */
  readonly workers?: number;
  /** Games per arm, in place of the experiment's. */
  readonly games?: number;
  /** Master seed, in place of the experiment's. */
  readonly seed?: number;
  /** Games per worker task, in place of the experiment's. Results never depend on it. */
  readonly chunkSize?: number;
  /** Also write games.csv (default false). */
  readonly csv?: boolean;
  /** Replace the sandtable run already in `out` (its files only; default false: refuse). */
  readonly force?: boolean;
  /** Continue the interrupted run in `out` (default false). */
  readonly resume?: boolean;
  /** Draw a progress bar on stderr (default false). */
  readonly progress?: boolean;
  /** Aborting stops the run; finished chunks stay in `out` for `resume`. */
  readonly signal?: AbortSignal;
  /** The games the experiment may name (default: every game of the toolkit). */
  readonly registry?: GameRegistry;
}

const optionsSchema = z.strictObject({
  out: z.string().optional(),
  workers: z.number().optional(),
  games: z.number().optional(),
  seed: z.number().optional(),
  chunkSize: z.number().optional(),
  csv: z.boolean().optional(),
  force: z.boolean().optional(),
  resume: z.boolean().optional(),
  progress: z.boolean().optional(),
  signal: z.instanceof(AbortSignal).optional(),
  registry: z
    .custom<GameRegistry>((v) => typeof (v as GameRegistry | undefined)?.get === 'function')
    .optional(),
});

/** The options checked: a wrong type or an unknown option is a UserError naming it. */
function checkOptions(opts: RunExperimentOptions): RunExperimentOptions {
  const r = optionsSchema.safeParse(opts);
  if (r.success) return opts;
  const issue = r.error.issues[0]!;
  const at = issue.path.map(String).join('.');
  throw new UserError(
    issue.code === 'unrecognized_keys'
      ? `runExperiment: unknown option${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`
      : `runExperiment: option ${at}: ${issue.message}`,
  );
}

/** A text file parsed as JSON, or undefined when it cannot be read or parsed (its reader says why later). */
function peekJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The `gameModule` field of a parsed experiment, when it has one. */
function moduleField(raw: unknown): string | undefined {
  const m =
    raw !== null && typeof raw === 'object' ? (raw as { gameModule?: unknown }).gameModule : undefined;
  return typeof m === 'string' ? m : undefined;
}

/**
 * `registry` with the game of the module at `path` (relative to `base`) added, known by its path
 * (docs/adding-a-game.md); `where` names the file and field in a refusal.
 */
async function withModule(
  registry: GameRegistry,
  path: string,
  base: string,
  where: string,
): Promise<GameRegistry> {
  const { game, ref } = await loadGameModule(path, base, where);
  if (registry.list().some((g) => g.id === game.id) && registry.moduleOf?.(game.id)?.path !== ref.path)
    throw new UserError(
      `${where}: ${ref.path} defines game ${JSON.stringify(game.id)}, the id of a game the registry holds already: give it another id`,
    );
  const others = registry.list().filter((g) => g.id !== game.id);
  const modules = new Map(
    others.flatMap((g) => {
      const m = registry.moduleOf?.(g.id);
      return m === undefined ? [] : [[g.id, m] as const];
    }),
  );
  modules.set(game.id, ref);
  return createRegistry([...others, game], undefined, modules);
}

/** `registry` with the game module a run directory's manifest records, when it records one. */
async function withRunModule(registry: GameRegistry, dir: string): Promise<GameRegistry> {
  const m = peekJson(`${dir}/manifest.json`) as { gameModule?: { path?: unknown } } | undefined;
  const path = m !== null && typeof m === 'object' ? m.gameModule?.path : undefined;
  if (typeof path !== 'string') return registry;
  if (registry.list().some((g) => registry.moduleOf?.(g.id)?.path === path)) return registry;
  return withModule(registry, path, dir, `${dir}/manifest.json: field gameModule.path`);
}

/**
 * The experiment `spec` names: a file read, or a value copied through JSON, then checked as a file
 * is; a game module it names (`gameModule`, relative to the file, or to the working directory for
 * a value) is loaded first.
 */
async function experimentOf(spec: string | ExperimentSpec, opts: RunExperimentOptions): Promise<Experiment> {
  let registry = opts.registry ?? gameRegistry();
  const raw0 = typeof spec === 'string' ? peekJson(spec) : spec;
  const gm = moduleField(raw0);
  if (gm !== undefined)
    registry = await withModule(
      registry,
      gm,
      typeof spec === 'string' ? dirname(spec) : '.',
      `${typeof spec === 'string' ? spec : 'experiment'}: field gameModule`,
    );
  const overrides = { games: opts.games, seed: opts.seed, chunkSize: opts.chunkSize };
  if (typeof spec === 'string') return loadExperiment(spec, registry, overrides);
  let raw: unknown;
  try {
    raw = JSON.parse(JSON.stringify(spec));
  } catch (e) {
    throw new UserError(`experiment: not JSON data (${e instanceof Error ? e.message : String(e)})`);
  }
  return experimentFromValue(raw, 'experiment', registry, overrides);
}

/** A run played by runExperiment: the finished run, read back (see loadRun). */
export interface ExperimentRun extends LoadedRun {
  /** Games played now, and games reused from an interrupted run's finished chunks (`resume`). */
  readonly played: number;
  readonly reused: number;
  readonly seconds: number;
}

/**
 * Plays an experiment — an experiment file's path, or the same content as a value — into its run
 * directory exactly as `sandtable run` does (worker threads, common random numbers, the same
 * outputs and report), then reads the run back. The experiment is checked as a file is: every
 * problem at once, in one UserError line. An existing run directory is refused unless `force` or
 * `resume`. A game that throws is a RunFailure naming the game and how to replay it; an aborted
 * run is a UserError saying how many games are kept.
 */
export async function runExperiment(
  spec: string | ExperimentSpec,
  options: RunExperimentOptions = {},
): Promise<ExperimentRun> {
  const opts = checkOptions(options);
  const exp = await experimentOf(spec, opts);
  const out = opts.out ?? `reports/${exp.name}`;
  checkOutPath(out, 'out');
  const workers = opts.workers === undefined ? defaultWorkers() : checkWorkers(opts.workers, 'workers');
  const r = await runInto(exp, {
    out,
    workers,
    csv: opts.csv ?? false,
    resume: opts.resume ?? false,
    force: opts.force ?? false,
    quiet: opts.progress !== true,
    ...(opts.signal === undefined ? {} : { signal: opts.signal }),
    ...(typeof spec === 'string' ? { source: spec } : {}),
  });
  if (r.status === 'interrupted')
    throw new UserError(
      `${exp.name}: interrupted; ${r.played + r.reused} of ${exp.games * exp.arms.length} games are kept in ${out} (run again with resume: true)`,
    );
  const run = await loadRun(out, opts.registry ?? gameRegistry());
  return { ...run, played: r.played, reused: r.reused, seconds: r.seconds };
}

/**
 * `sandtable compare dirA dirB` as data: both runs read and verified as loadRun does, then paired.
 * Both runs play game indices 0..games-1 of every arm with the same dice, so the first
 * min(games) indices are common to both, and only those are paired. Runs of different games or
 * seeds, or with no arm in common, are a UserError. `options` as loadRun's (`trustData` applies
 * to both runs, `experiment` to each whose manifest's copy cannot be read).
 */
export async function compare(
  dirA: string,
  dirB: string,
  options: GameRegistry | LoadRunOptions = {},
): Promise<RunComparison> {
  const opts = loadOptions(options);
  const registry = await withRunModule(await withRunModule(opts.registry ?? gameRegistry(), dirA), dirB);
  return compareRuns(dirA, dirB, registry, opts);
}
