import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { z } from 'zod';
import { UserError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import type { GameModuleRef } from '../core/registry.js';
import { MAX_SEED } from '../core/rng.js';
import { EXPERIMENT_LIMITS, type Experiment, idPattern, MAX_GAMES } from './experiment.js';
import { parseJsonText } from './json-text.js';
import { sha256, writeAtomic } from './outputs.js';
import { codeVersion } from './version.js';

/**
 * One arm as the manifest records it. In manifest.json `variants` is the experiment file's own
 * record (`{ "id": true | false }`: the variants on, and those on by default it switches off), so
 * an arm copied from a manifest into an experiment file plays the same games; read back it is
 * the list of variants on (`variants`) and the defaults switched off (`variantsOff`). A manifest
 * of an older sandtable, whose `variants` is the list, reads the same way.
 */
export interface ArmManifest {
  readonly id: string;
  readonly description: string;
  readonly scenario: string;
  /** The variants on in this arm, sorted. */
  readonly variants: readonly string[];
  /**
   * Variants on by default that this arm switches off other than by switching on an alternative
   * of their group (absent when none; implied by `variants` and the game, so not hashed).
   */
  readonly variantsOff?: readonly string[];
  readonly params: Readonly<Record<string, unknown>>;
  /** Parameters whose value is a reconstruction (not printed in the rules), as used in this arm. */
  readonly reconstructed: readonly string[];
  readonly policies: Readonly<Record<string, string>>;
  /** The arm this one is compared with, when it names one (else the experiment's baseline). */
  readonly baseline?: string;
  /** In a round robin: the entrant playing each side (the ranking, src/analysis/ranking.ts). */
  readonly entrants?: Readonly<Record<string, string>>;
}

/** One checked file of a shard: a chunk of one arm's games [start, end). */
export interface ShardFile {
  readonly file: string;
  readonly arm: number;
  readonly start: number;
  readonly end: number;
  readonly bytes: number;
  readonly sha256: string;
}

/**
 * What part of an experiment a shard run plays: games [start, end) of every arm, shard `index` of
 * `count` (counted from 0). A complete shard lists every file it holds with its checksum.
 */
export interface ShardInfo {
  readonly index: number;
  readonly count: number;
  readonly start: number;
  readonly end: number;
  /** Rows the shard holds: (end - start) games times the arms. */
  readonly rows: number;
  readonly files?: readonly ShardFile[];
}

/** A shard a merged run was made from, as its manifest said. */
export interface MergedShard {
  readonly dir: string;
  readonly index: number;
  readonly count: number;
  readonly start: number;
  readonly end: number;
  readonly commit: string;
  /** The shard's code hash (see CodeIdentity). */
  readonly code?: string;
  readonly node: string;
  readonly created: string;
  readonly finished: string | null;
  readonly seconds: number | null;
}

/** A file of a run as the manifest vouches for it. */
export interface OutputFile {
  readonly bytes: number;
  readonly sha256: string;
}

/**
 * `run --until-decided A,B`: the paired sequential probability ratio test of "B differs from A by
 * at least delta" on `side`'s score (win 1, no winner 1/2, loss 0), game index by game index.
 */
export interface SequentialRecord {
  /** The baseline arm A and the arm B compared with it. */
  readonly arms: readonly [string, string];
  readonly side: string;
  readonly delta: number;
  /** The test's error rates: alpha of deciding "differs" when B equals A, beta of deciding "within" when they differ by delta. */
  readonly alpha: number;
  readonly beta: number;
  /** `undecided`: the cap on games was reached first. */
  readonly decision: 'differs' | 'within' | 'undecided';
  /** Paired games (indices 0..gamesUsed-1) the test had read when it decided; null if undecided. */
  readonly gamesUsed: number | null;
  /** Games per arm in the run directory (the last round's). */
  readonly gamesPlayed: number;
  readonly maxGames: number;
  /** B's mean score minus A's over the games used (all games played when undecided). */
  readonly meanDiff: number;
  readonly llrUp: number;
  readonly llrDown: number;
  /** Games per arm of each round, the pilot first. */
  readonly rounds: readonly number[];
}

export interface Manifest {
  readonly tool: 'sandtable';
  readonly version: string;
  readonly commit: string;
  /** sha256 of the code that played the games (CodeIdentity.code): results are bound to it. */
  readonly code: string;
  readonly node: string;
  readonly status: 'partial' | 'complete';
  readonly created: string;
  readonly finished?: string;
  readonly name: string;
  readonly description: string;
  readonly game: { readonly id: string; readonly title: string };
  /**
   * A game from outside the package: its module's absolute path and the sha256 of its files
   * (src/runner/game-module.ts), sealed by the experiment hash.
   */
  readonly gameModule?: GameModuleRef;
  readonly dataHash: string;
  readonly experimentHash: string;
  readonly seed: number;
  readonly games: number;
  readonly chunkSize: number;
  readonly workers: number;
  readonly baseline: string | null;
  readonly arms: readonly ArmManifest[];
  readonly experiment: unknown;
  /** Every file of a complete run with its size and sha256, by path relative to the run directory. */
  readonly outputs?: Readonly<Record<string, OutputFile>>;
  /**
   * Files a partial run may have written or may still hold (a run being finished, or a run being
   * replaced): what `--force` removes along with the chunks.
   */
  readonly pending?: readonly string[];
  readonly seconds?: number;
  /** Present in a shard directory: which games it plays, and once complete its files' checksums. */
  readonly shard?: ShardInfo;
  /** Present in a merged run: the shards it was made from. */
  readonly merged?: readonly MergedShard[];
  /** Present after `run --until-precision`: the target, what was reached and the rounds played. */
  readonly precision?: unknown;
  /** Present after `run --until-decided`: the paired sequential test, its decision and the games it used. */
  readonly sequential?: SequentialRecord;
  /**
   * Present after `report` rebuilt the summaries, charts and report: the code that rebuilt them
   * (they are its output, while `version`, `commit` and `code` name the code that played the games).
   */
  readonly reportedBy?: {
    readonly version: string;
    readonly commit: string;
    readonly code: string;
    readonly at: string;
  };
  /** sha256 of the manifest's canonical JSON without this field (manifestChecksum). */
  readonly checksum?: string;
}

/** Canonical JSON: object keys sorted, so equal content hashes equally. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export function dataHash(def: GameDefinition): string {
  return sha256(canonicalJson(def.data));
}

/** Variants on by default that `on` switches off, other than through an alternative of their group being on. */
function variantsSwitchedOff(game: GameDefinition, on: ReadonlySet<string>): string[] {
  const groupsOn = new Set(
    game.variants.filter((v) => on.has(v.id) && v.group !== undefined).map((v) => v.group),
  );
  return game.variants
    .filter((v) => v.default && !on.has(v.id) && (v.group === undefined || !groupsOn.has(v.group)))
    .map((v) => v.id)
    .sort();
}

export function armManifests(exp: Experiment): ArmManifest[] {
  return exp.arms.map((a) => {
    const off = variantsSwitchedOff(exp.game, a.setup.variants);
    return {
      id: a.id,
      description: a.description,
      scenario: a.setup.scenario,
      variants: [...a.setup.variants].sort(),
      ...(off.length === 0 ? {} : { variantsOff: off }),
      params: a.setup.params,
      reconstructed: exp.game.parameters.filter((p) => p.provenance === 'reconstructed').map((p) => p.id),
      policies: a.policies,
      ...(a.baseline === undefined ? {} : { baseline: a.baseline }),
      ...(a.entrants === undefined ? {} : { entrants: a.entrants }),
    };
  });
}

/** An arm as manifest.json holds it: `variants` in the experiment file's shape. */
function armToFile(a: ArmManifest): object {
  const { variantsOff, ...rest } = a;
  const variants: Record<string, boolean> = {};
  for (const v of a.variants) variants[v] = true;
  for (const v of variantsOff ?? []) variants[v] = false;
  return { ...rest, variants };
}

/** An arm of manifest.json as the program holds it (ArmManifest): `variants` a record, or the older list. */
function armFromFile(
  a: ArmManifest | (Omit<ArmManifest, 'variants'> & { variants: Record<string, boolean> }),
): ArmManifest {
  if (Array.isArray(a.variants)) return a as ArmManifest;
  const record = a.variants as Record<string, boolean>;
  const ids = Object.keys(record).sort();
  const off = ids.filter((v) => !record[v]);
  return { ...a, variants: ids.filter((v) => record[v]), ...(off.length === 0 ? {} : { variantsOff: off }) };
}

/** What fixes every game's record: game, data, seed, game count and the arms (not chunking or workers). */
export function experimentHash(exp: Experiment): string {
  return experimentHashOf({
    ...(exp.gameModule === undefined ? {} : { module: exp.gameModule.sha256 }),
    game: exp.game.id,
    dataHash: dataHash(exp.game),
    seed: exp.seed,
    games: exp.games,
    arms: armManifests(exp),
  });
}

/** experimentHash from the fields a manifest records, so a manifest can be checked on its own. */
export function experimentHashOf(f: {
  readonly game: string;
  /** The game module's sha256, for a game from outside the package. */
  readonly module?: string | undefined;
  readonly dataHash: string;
  readonly seed: number;
  readonly games: number;
  readonly arms: readonly ArmManifest[];
}): string {
  // variantsOff follows from variants and the game: left out, so the hash is what it always was
  const arms = f.arms.map(({ variantsOff: _, ...a }) => a);
  // a built-in game's hash is what it always was; a module's content is part of its experiment
  const base = { game: f.game, data: f.dataHash, seed: f.seed, games: f.games, arms };
  return sha256(canonicalJson(f.module === undefined ? base : { ...base, module: f.module }));
}

export function newManifest(exp: Experiment, workers: number, chunkSize: number): Manifest {
  const v = codeVersion();
  return {
    tool: 'sandtable',
    version: v.version,
    commit: v.commit,
    code: v.code,
    node: process.version,
    status: 'partial',
    created: new Date().toISOString(),
    name: exp.name,
    description: exp.description,
    game: { id: exp.game.id, title: exp.game.title },
    ...(exp.gameModule === undefined ? {} : { gameModule: exp.gameModule }),
    dataHash: dataHash(exp.game),
    experimentHash: experimentHash(exp),
    seed: exp.seed,
    games: exp.games,
    chunkSize,
    workers,
    baseline: exp.baseline ?? null,
    arms: armManifests(exp),
    experiment: exp.source,
  };
}

/** The manifest's checksum: sha256 of its canonical JSON without the checksum field. */
export function manifestChecksum(m: object): string {
  const { checksum: _, ...rest } = m as { checksum?: unknown };
  return sha256(canonicalJson(rest));
}

/**
 * Writes a manifest atomically (a temporary sibling, then a rename), sealed with its checksum.
 * Every manifest a run, shard, merge or report writes goes through here.
 */
export function writeManifest(dir: string, m: Manifest): Manifest {
  const { checksum: _, ...rest } = m;
  const file = { ...rest, arms: rest.arms.map(armToFile) };
  const checksum = manifestChecksum(file);
  writeAtomic(`${dir}/manifest.json`, `${JSON.stringify({ ...file, checksum }, null, 2)}\n`);
  return { ...rest, checksum };
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A path inside the run directory: plain names, no "." or ".." segments, no absolute paths. */
export const RUN_FILE = /^(?!\.\.?(?:\/|$))(?!.*\/\.\.?(?:\/|$))[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;
const runFile = z.string().max(200).regex(RUN_FILE, 'a path inside the run directory');
const text = (max: number) => z.string().max(max);

const armManifestSchema = z.object({
  // Sweep arms are named <arm>@<parameter>=<value>: any characters (reports escape them).
  id: text(EXPERIMENT_LIMITS.id * 4),
  description: text(EXPERIMENT_LIMITS.string),
  scenario: text(EXPERIMENT_LIMITS.id),
  variants: z.union([
    z.record(text(EXPERIMENT_LIMITS.id), z.boolean()),
    z.array(text(EXPERIMENT_LIMITS.id)).max(1000),
  ]),
  params: z.record(text(EXPERIMENT_LIMITS.id), z.unknown()),
  reconstructed: z.array(text(EXPERIMENT_LIMITS.id)).max(1000),
  // canonical specs: a tuned policy (policy@name) lists every weight it changes
  policies: z.record(text(EXPERIMENT_LIMITS.id), text(EXPERIMENT_LIMITS.id * 32)),
  baseline: text(EXPERIMENT_LIMITS.id * 4).optional(),
  entrants: z.record(text(EXPERIMENT_LIMITS.id), text(EXPERIMENT_LIMITS.id)).optional(),
});

/** The shape every manifest has: a manifest with a missing or ill-typed key is refused, naming it. */
const manifestSchema = z.object({
  tool: z.literal('sandtable'),
  version: text(64),
  commit: text(128),
  code: hex64,
  node: text(64),
  status: z.enum(['partial', 'complete']),
  created: text(64),
  finished: text(64).optional(),
  name: text(EXPERIMENT_LIMITS.name).regex(idPattern),
  description: text(EXPERIMENT_LIMITS.string),
  game: z.object({ id: text(EXPERIMENT_LIMITS.id), title: text(1000) }),
  gameModule: z.object({ path: text(4096), sha256: hex64 }).optional(),
  dataHash: hex64,
  experimentHash: hex64,
  seed: z.number().int().min(0).max(MAX_SEED),
  games: z.number().int().min(1).max(MAX_GAMES),
  chunkSize: z.number().int().min(1).max(1_000_000),
  workers: z.number().int().min(1).max(1_000_000),
  baseline: text(EXPERIMENT_LIMITS.id * 4).nullable(),
  arms: z.array(armManifestSchema).min(1).max(EXPERIMENT_LIMITS.arms),
  experiment: z.unknown(),
  outputs: z.record(runFile, z.object({ bytes: count, sha256: hex64 })).optional(),
  pending: z.array(runFile).max(100_000).optional(),
  seconds: z.number().min(0).optional(),
  shard: z
    .object({
      index: count,
      count: z.number().int().min(1),
      start: count,
      end: count,
      rows: count,
      files: z
        .array(z.object({ file: runFile, arm: count, start: count, end: count, bytes: count, sha256: hex64 }))
        .optional(),
    })
    .optional(),
  merged: z
    .array(
      z.object({
        dir: text(4096),
        index: count,
        count: count,
        start: count,
        end: count,
        commit: text(128),
        code: hex64.optional(),
        node: text(64),
        created: text(64),
        finished: text(64).nullable(),
        seconds: z.number().nullable(),
      }),
    )
    .optional(),
  sequential: z
    .object({
      arms: z.tuple([text(EXPERIMENT_LIMITS.id * 4), text(EXPERIMENT_LIMITS.id * 4)]),
      side: text(EXPERIMENT_LIMITS.id),
      delta: z.number(),
      alpha: z.number(),
      beta: z.number(),
      decision: z.enum(['differs', 'within', 'undecided']),
      gamesUsed: count.nullable(),
      gamesPlayed: count,
      maxGames: count,
      meanDiff: z.number(),
      llrUp: z.number(),
      llrDown: z.number(),
      rounds: z.array(count),
    })
    .optional(),
  reportedBy: z.object({ version: text(64), commit: text(128), code: hex64, at: text(64) }).optional(),
  checksum: hex64,
});

/** Most bytes of a manifest (a shard of a million chunk files stays far below). */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/** What a directory's manifest.json is: absent, a manifest that checks out, or why it does not. */
export type ManifestState =
  | { readonly kind: 'none' }
  | { readonly kind: 'valid'; readonly manifest: Manifest }
  /** `raw`: the manifest's JSON, when it parses (a damaged or unsealed manifest, read by --trust-data). */
  | { readonly kind: 'invalid'; readonly reason: string; readonly raw?: unknown };

/**
 * Reads and checks a directory's manifest.json: well-formed JSON, a sandtable manifest, sealed
 * with a checksum that matches its content, every key present with the right type, and an
 * experiment hash that matches the seed, game count, arms and data hash it records (so editing
 * any of them is detected even by someone who recomputes the checksum).
 */
export function inspectManifest(dir: string): ManifestState {
  const path = `${dir}/manifest.json`;
  let textIn: string;
  try {
    const st = statSync(path);
    if (!st.isFile()) return { kind: 'invalid', reason: 'not a file' };
    if (st.size > MAX_MANIFEST_BYTES)
      return { kind: 'invalid', reason: `${st.size} bytes, too large for a manifest` };
    textIn = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'none' };
    return { kind: 'invalid', reason: `unreadable (${code ?? String(e)})` };
  }
  let raw: unknown;
  try {
    raw = parseJsonText(textIn, path, 'manifest');
  } catch (e) {
    return { kind: 'invalid', reason: (e as Error).message.replace(`${path}: `, '') };
  }
  if (raw === null || typeof raw !== 'object' || (raw as { tool?: unknown }).tool !== 'sandtable')
    return { kind: 'invalid', reason: 'not a sandtable manifest', raw };
  const recorded = (raw as { checksum?: unknown }).checksum;
  if (recorded === undefined)
    return { kind: 'invalid', reason: 'no checksum: written by hand or by an older sandtable', raw };
  if (recorded !== manifestChecksum(raw))
    return { kind: 'invalid', reason: 'checksum mismatch: the manifest was edited or damaged', raw };
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '');
    return {
      kind: 'invalid',
      reason: `field ${field || '(top level)'}: ${issue.code === 'invalid_type' && issue.input === undefined ? 'missing' : issue.message}`,
      raw,
    };
  }
  const read = raw as Manifest;
  const m: Manifest = { ...read, arms: read.arms.map(armFromFile) };
  const hash = experimentHashOf({
    module: m.gameModule?.sha256,
    game: m.game.id,
    dataHash: m.dataHash,
    seed: m.seed,
    games: m.games,
    arms: m.arms,
  });
  if (hash !== m.experimentHash)
    return {
      kind: 'invalid',
      reason: `its experiment hash ${m.experimentHash.slice(0, 12)} does not match its game, data hash, seed ${m.seed}, ${m.games} games and arms (${hash.slice(0, 12)}): edited`,
      raw,
    };
  return { kind: 'valid', manifest: m };
}

/**
 * A directory's manifest, checked (inspectManifest); anything else is a user error naming it.
 * `remedy` (how to read the run's data without its manifest, e.g. `--trust-data`) ends the
 * refusal of a damaged manifest, and of a missing one where games.parquet is there to be read.
 */
export function readManifest(dir: string, remedy?: string): Manifest {
  const state = inspectManifest(dir);
  const orElse = remedy === undefined ? '' : `; ${remedy}`;
  if (state.kind === 'none')
    throw new UserError(
      `${dir}/manifest.json: no run manifest here (is ${dir} a run directory?)${existsSync(`${dir}/games.parquet`) ? orElse : ''}`,
    );
  if (state.kind === 'invalid')
    throw new UserError(`${dir}/manifest.json: not a valid sandtable manifest: ${state.reason}${orElse}`);
  return state.manifest;
}

/** sha256 and size of a file, read in blocks (games.parquet may be large). */
export function fileDigest(path: string): OutputFile {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  let bytes = 0;
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      hash.update(buf.subarray(0, n));
      bytes += n;
    }
  } finally {
    closeSync(fd);
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Checks files of a complete run against the sizes and sha256 its manifest records (`names`, or
 * every file it lists): the problems, each naming the file.
 */
export function verifyOutputs(dir: string, m: Manifest, names?: readonly string[]): string[] {
  const outputs = m.outputs ?? {};
  const problems: string[] = [];
  for (const name of names ?? Object.keys(outputs)) {
    const want = outputs[name];
    const path = `${dir}/${name}`;
    if (want === undefined) {
      problems.push(`${path}: not listed in ${dir}/manifest.json`);
      continue;
    }
    let got: OutputFile;
    try {
      got = fileDigest(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      problems.push(
        `${path}: ${code === 'ENOENT' ? 'missing' : `unreadable (${code ?? String(e)})`} (listed in ${dir}/manifest.json)`,
      );
      continue;
    }
    if (got.bytes !== want.bytes)
      problems.push(
        `${path}: ${got.bytes} bytes, the manifest says ${want.bytes}: truncated, replaced or edited`,
      );
    else if (got.sha256 !== want.sha256)
      problems.push(`${path}: its sha256 differs from the manifest's: edited, damaged or replaced`);
  }
  return problems;
}

/** Refuses a run directory whose files do not match its manifest, listing every such file. */
export function assertOutputs(dir: string, m: Manifest, names?: readonly string[]): void {
  const problems = verifyOutputs(dir, m, names);
  if (problems.length === 1) throw new UserError(`${problems[0]}; the run directory cannot be trusted`);
  if (problems.length > 1)
    throw new UserError(
      `${dir}: ${problems.length} files do not match the manifest, the run directory cannot be trusted: ${problems.join('; ')}`,
    );
}

/** The identity a manifest's chunks are bound to (see chunk-file.ts). */
export function chunkBinding(m: Manifest): {
  readonly experimentHash: string;
  readonly seed: number;
  readonly dataHash: string;
  readonly code: string;
} {
  return { experimentHash: m.experimentHash, seed: m.seed, dataHash: m.dataHash, code: m.code };
}

/**
 * Refuses a manifest whose `experiment` (the file as run, which replay and merge play from) does
 * not say what its recorded seed, game count and arms say: the recorded fields are sealed by the
 * experiment hash, so a difference means the experiment was edited.
 */
export function assertExperimentMatches(m: Manifest, exp: Experiment, where: string): void {
  const core = (arms: readonly ArmManifest[]) =>
    arms.map((a) => ({
      id: a.id,
      scenario: a.scenario,
      variants: [...a.variants].sort(),
      policies: a.policies,
      baseline: a.baseline ?? null,
    }));
  const mine = armManifests(exp);
  const paramsDiffer = m.arms.some((a, i) =>
    Object.keys(a.params).some((k) => canonicalJson(a.params[k]) !== canonicalJson(mine[i]?.params[k])),
  );
  if (
    m.seed !== exp.seed ||
    m.games !== exp.games ||
    canonicalJson(core(m.arms)) !== canonicalJson(core(mine)) ||
    paramsDiffer
  ) {
    throw new UserError(
      `${where}: its experiment does not match its recorded seed, games and arms (the experiment was edited); the run directory cannot be trusted`,
    );
  }
}
