import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { GamesTable } from '../analysis/games-table.js';
import type { HeatRow } from '../analysis/report-data.js';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { type Experiment, experimentFromValue, loadExperiment } from './experiment.js';
import { cliCommand } from './hint.js';
import { acquireLock } from './lock.js';
import {
  armManifests,
  dataHash,
  experimentHashOf,
  fileDigest,
  inspectManifest,
  type Manifest,
  type OutputFile,
} from './manifest.js';
import { checkOutPath } from './out-dir.js';
import { gamesParquetIdentity, loadRun, type ReadGames, readGamesParquet, TABLE_READ } from './read-run.js';
import { HEAT_FILE, readHeat } from './rebuild.js';
import { reportFiles } from './report-files.js';
import { runSubdir, writeRunFile } from './run-paths.js';
import { codeVersion } from './version.js';

/**
 * `--trust-data`: a finished run whose manifest.json is missing, damaged, or written before
 * manifests were sealed with a checksum, read without writing anything into it. What can be
 * verified is (games.parquet against the sha256 the manifest records, when it records one; the
 * experiment against the identity games.parquet records: its game, seed, games per arm and
 * experiment hash; the rows against games per arm times arms), and what cannot is said, one line
 * per item. A data file whose recorded sha256 disagrees is never read, flag or not.
 */

/** What `--trust-data` reads besides the run directory. */
export interface TrustOptions {
  /**
   * An experiment file standing in for the manifest's embedded experiment: needed when that
   * cannot be read (no manifest, or one too damaged to parse); preferred to it when given.
   */
  readonly experiment?: string | undefined;
}

/** A run read with `--trust-data`. */
export interface TrustedRun {
  /** The manifest when it is sound, else one rebuilt from the experiment and games.parquet's identity. */
  readonly manifest: Manifest;
  readonly table: GamesTable;
  /** Whether the manifest checked out (the run was read as loadRun reads it, every check made). */
  readonly sound: boolean;
  /** What was verified and what could not be, one item each, each naming the file. */
  readonly notes: readonly string[];
}

/** A recorded size and sha256 of `name` in a manifest's raw JSON: `{ bytes, sha256 }`, or an older manifest's bare sha256. */
function recordedDigest(
  raw: unknown,
  name: string,
): { readonly bytes?: number; readonly sha256: string } | undefined {
  const outputs = (raw as { outputs?: unknown } | undefined)?.outputs;
  if (outputs === null || typeof outputs !== 'object') return undefined;
  const r = (outputs as Record<string, unknown>)[name];
  const hex = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
  if (hex(r)) return { sha256: r };
  if (r !== null && typeof r === 'object') {
    const { bytes, sha256 } = r as { bytes?: unknown; sha256?: unknown };
    if (hex(sha256)) return typeof bytes === 'number' ? { bytes, sha256 } : { sha256 };
  }
  return undefined;
}

/**
 * Checks data file `name` of `dir` against the digest the untrusted manifest's JSON `raw` records:
 * a note when it matches or when nothing is recorded; a refusal when it differs, flag or not.
 */
function checkDataFile(dir: string, name: string, raw: unknown): string {
  const path = `${dir}/${name}`;
  const want = recordedDigest(raw, name);
  if (want === undefined)
    return `${path}: unverified (${raw === undefined ? 'no readable manifest records its sha256' : 'the manifest records no sha256 of it'})`;
  let got: OutputFile;
  try {
    got = fileDigest(path);
  } catch (e) {
    throw new UserError(`${path}: unreadable (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  if ((want.bytes !== undefined && got.bytes !== want.bytes) || got.sha256 !== want.sha256)
    throw new UserError(
      `${path}: its ${want.bytes !== undefined && got.bytes !== want.bytes ? `size (${got.bytes} bytes, recorded ${want.bytes})` : 'sha256'} differs from what ${dir}/manifest.json records: edited, damaged or replaced; not read, even with --trust-data`,
    );
  return `${path}: matches the sha256 ${dir}/manifest.json records (a record no checksum seals)`;
}

/** The experiment a damaged run played: the file given, else the manifest's embedded copy; else a refusal. */
function experimentOf(
  dir: string,
  raw: unknown,
  why: string,
  games: GameRegistry,
  opts: TrustOptions,
  identity: Readonly<Record<string, string>>,
): { exp: Experiment; from: string } {
  // seed and games per arm as games.parquet records them: the experiment hash checks them with the arms
  const seed = identity['sandtable.seed'];
  const perArm = identity['sandtable.games_per_arm'];
  const overrides = {
    ...(seed === undefined ? {} : { seed: Number(seed) }),
    ...(perArm === undefined ? {} : { games: Number(perArm) }),
  };
  if (opts.experiment !== undefined)
    return { exp: loadExperiment(opts.experiment, games, overrides), from: opts.experiment };
  const embedded = (raw as { experiment?: unknown } | undefined)?.experiment;
  if (embedded !== undefined) {
    try {
      return {
        exp: experimentFromValue(embedded, `${dir}/manifest.json: experiment`, games, overrides),
        from: `the copy embedded in ${dir}/manifest.json`,
      };
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      throw new UserError(
        `${dir}/manifest.json: ${why}, and its embedded experiment cannot be used (${e.message}); give the experiment file the run played with --experiment FILE`,
      );
    }
  }
  throw new UserError(
    `${dir}/manifest.json: ${why}, so the experiment the run played is unknown; give the experiment file the run played with --experiment FILE`,
  );
}

/**
 * Reads the finished run in `dir` for `--trust-data`. A sound manifest is read as loadRun reads it
 * (every check, of every file it lists unless `inputsOnly`: then of games.parquet and the `extra`
 * files it lists). Otherwise games.parquet is read if its recorded sha256 (when there is one)
 * matches, with the experiment (opts.experiment, else the manifest's embedded copy) checked against
 * what games.parquet records and its rows; anything that disagrees is refused, and anything that
 * cannot be checked is a note. `extra` names other data files the caller reads when they are
 * there (cells.csv): `files` says which of them may be read, each checked or noted likewise.
 */
export async function readTrusted(
  dir: string,
  games: GameRegistry,
  opts: TrustOptions = {},
  read: ReadGames = TABLE_READ,
  how: { readonly inputsOnly?: boolean; readonly extra?: readonly string[] } = {},
): Promise<TrustedRun & { readonly files: readonly string[] }> {
  const extra = how.extra ?? [];
  const state = inspectManifest(dir);
  if (state.kind === 'valid') {
    const files = extra.filter((f) => state.manifest.outputs?.[f] !== undefined);
    const verify = how.inputsOnly === true ? ['games.parquet', ...files] : undefined;
    const { manifest, table } = await loadRun(dir, verify, games, read);
    const checked =
      verify === undefined ? 'every file it lists matches it' : `${verify.join(' and ')} match it`;
    return {
      manifest,
      table,
      sound: true,
      files,
      notes: [
        `${dir}/manifest.json: sealed and consistent with its experiment; ${checked}${opts.experiment === undefined ? '' : ` (${opts.experiment} is not used: the manifest's own experiment is)`}`,
      ],
    };
  }
  const parquet = `${dir}/games.parquet`;
  if (!existsSync(parquet))
    throw new UserError(
      state.kind === 'none'
        ? `${dir}: neither manifest.json nor games.parquet here (is ${dir} a run directory?)`
        : `${dir}/manifest.json: not a valid sandtable manifest: ${state.reason}; and ${parquet} is missing, so there is no data to read`,
    );
  const raw = state.kind === 'invalid' ? state.raw : undefined;
  const why = state.kind === 'none' ? 'missing' : state.reason;
  const notes: string[] = [
    `${dir}/manifest.json: ${why}: not trusted; what it records is used only as checked below`,
  ];
  const recorded = (raw ?? {}) as { status?: unknown; shard?: unknown; merged?: unknown };
  if (recorded.status === 'partial' || (recorded.shard !== undefined && recorded.shard !== null))
    throw new UserError(
      `${dir}/manifest.json: records ${recorded.status === 'partial' ? 'a partial run' : 'a shard'} (though ${why}); --trust-data reads only a finished run: ${recorded.status === 'partial' && recorded.shard === undefined && recorded.merged === undefined ? `finish it with ${cliCommand('run', '<experiment>', '--resume', dir)}` : `merge the shards with ${cliCommand('merge', '<shard dirs>', '--out', '<run dir>')}`}`,
    );
  notes.push(checkDataFile(dir, 'games.parquet', raw));
  let identity: Readonly<Record<string, string>>;
  try {
    identity = await gamesParquetIdentity(parquet);
  } catch (e) {
    throw new UserError(`${parquet}: unreadable parquet (${(e as Error).message})`);
  }
  const { exp, from } = experimentOf(dir, raw, why, games, opts, identity);
  const arms = armManifests(exp);
  const recordedData = identity['sandtable.data_hash'];
  const playedData = recordedData ?? dataHash(exp.game);
  const expHash = experimentHashOf({
    module: exp.gameModule?.sha256,
    game: exp.game.id,
    dataHash: playedData,
    seed: exp.seed,
    games: exp.games,
    arms,
  });
  const recordedHash = identity['sandtable.experiment_hash'];
  if (identity['sandtable.game'] !== undefined && identity['sandtable.game'] !== exp.game.id)
    throw new UserError(
      `${parquet}: holds games of ${identity['sandtable.game']}, but the experiment (${from}) is of ${exp.game.id}: not the experiment that played them`,
    );
  if (recordedHash === undefined)
    notes.push(
      `experiment: from ${from}; ${parquet} records no experiment hash (written before it did), so its arms are unverified (only their ids and game counts are checked)`,
    );
  else if (recordedHash !== expHash)
    throw new UserError(
      `${parquet}: records experiment hash ${recordedHash.slice(0, 12)}, but the experiment (${from}) with seed ${exp.seed} and ${exp.games} games per arm has ${expHash.slice(0, 12)}: not the experiment that played these games (its arms, variants, parameters or policies differ)`,
    );
  else
    notes.push(
      `experiment: from ${from}; matches the experiment hash ${parquet} records (game, data, seed ${exp.seed}, ${exp.games} games per arm and the ${arms.length} arm${arms.length === 1 ? '' : 's'})`,
    );
  if (recordedData !== undefined && recordedData !== dataHash(exp.game))
    notes.push(
      `game data: the games were played with data ${recordedData.slice(0, 12)}, this build's is ${dataHash(exp.game).slice(0, 12)}`,
    );
  let table: GamesTable;
  try {
    table = await readGamesParquet(parquet, read);
  } catch (e) {
    throw new UserError(`${parquet}: unreadable parquet (${(e as Error).message})`);
  }
  // every arm of the experiment, each with its games per arm, and no other arm
  const counts = new Map<string, number>();
  const armColumn = table.getter('arm');
  for (let i = 0; i < table.numRows(); i++) {
    const a = String(armColumn(i));
    counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  const wrong = [...new Set([...arms.map((a) => a.id), ...counts.keys()])].filter(
    (a) => counts.get(a) !== exp.games || !arms.some((x) => x.id === a),
  );
  if (wrong.length > 0)
    throw new UserError(
      `${parquet}: ${table.numRows()} rows, not ${exp.games} games for each of the experiment's ${arms.length} arms (${from}): arm ${wrong[0]} has ${counts.get(wrong[0]!) ?? 0}${arms.some((x) => x.id === wrong[0]) ? '' : ' and is not in the experiment'}`,
    );
  notes.push(
    `${parquet}: ${exp.games} games for each of the ${arms.length} arm${arms.length === 1 ? '' : 's'}, as the experiment says`,
  );
  const code = identity['sandtable.code'];
  const version = identity['sandtable.code_version'];
  notes.push(
    code === undefined
      ? `code: the code that played the games is not recorded in ${parquet}: unknown`
      : `code: played by sandtable ${version ?? '?'} (code ${code.slice(0, 12)}), as ${parquet} records`,
  );
  const recordsLeftOut = ['sequential', 'precision', 'merged'].filter(
    (k) => (raw as Record<string, unknown> | undefined)?.[k] !== undefined,
  );
  if (recordsLeftOut.length > 0)
    notes.push(
      `${dir}/manifest.json: its ${recordsLeftOut.join(', ')} record${recordsLeftOut.length === 1 ? ' is' : 's are'} unsealed and left out`,
    );
  const files = extra.filter((f) => existsSync(`${dir}/${f}`));
  for (const f of files) notes.push(checkDataFile(dir, f, raw));
  const manifest: Manifest = {
    tool: 'sandtable',
    // the code as games.parquet records it; what only the untrusted manifest says is not shown
    version: version ?? 'unknown',
    commit: 'unknown',
    code: code ?? '',
    node: 'unknown',
    status: 'complete',
    created: '',
    name: exp.name,
    description: exp.description,
    game: { id: exp.game.id, title: exp.game.title },
    dataHash: playedData,
    experimentHash: expHash,
    seed: exp.seed,
    games: exp.games,
    chunkSize: exp.chunkSize,
    workers: 1,
    baseline: exp.baseline ?? null,
    arms,
    experiment: exp.source,
  };
  return { manifest, table, sound: false, notes, files };
}

/** Whether `inner`'s real path (of its deepest existing part) is `outer`'s or below it. */
function within(outer: string, inner: string): boolean {
  const root = realpathSync(outer);
  let p = resolve(inner);
  for (;;) {
    if (existsSync(p)) break;
    const up = dirname(p);
    if (up === p) return false;
    p = up;
  }
  const real = realpathSync(p);
  return real === root || real.startsWith(`${root}/`);
}

/**
 * `report DIR --trust-data --out OUT`: the report of a run read with readTrusted, written into
 * OUT (a new or empty directory outside DIR): the CSV summaries, charts, summary.md and index.html,
 * each saying first what was verified and what could not be. DIR is only read (no lock, no
 * manifest, no file written there). Returns the notes.
 */
export async function reportTrusted(
  dir: string,
  out: string,
  games: GameRegistry,
  opts: TrustOptions = {},
): Promise<readonly string[]> {
  checkOutPath(out, '--out');
  if (existsSync(dir) && within(dir, out))
    throw new UserError(
      `option --out ${out}: inside the run directory ${dir}; --trust-data writes nothing into the run it reads: name a directory elsewhere`,
    );
  if (existsSync(out)) {
    if (!lstatSync(out).isDirectory()) throw new UserError(`option --out ${out}: not a directory`);
    if (readdirSync(out).length > 0)
      throw new UserError(
        `option --out ${out}: not empty; the rebuilt report goes into a new (or empty) directory, so nothing is written over`,
      );
  }
  const run = await readTrusted(dir, games, opts, TABLE_READ, { inputsOnly: true, extra: [HEAT_FILE] });
  const heat: HeatRow[] = run.files.includes(HEAT_FILE) ? readHeat(dir) : [];
  const v = codeVersion();
  const notes = [
    ...run.notes,
    `report: rebuilt by sandtable ${v.version} (code ${v.code.slice(0, 12)}) into ${out}; ${dir} was only read`,
  ];
  const def = games.get(run.manifest.game.id, `${dir}: game`);
  const files = await reportFiles(def, run.manifest, run.table, heat, run.sound ? [] : notes);
  mkdirSync(out, { recursive: true });
  const lock = await acquireLock(out);
  try {
    runSubdir(out, 'charts');
    for (const [name, content] of Object.entries(files)) {
      lock.check(`writing ${name}`);
      writeRunFile(out, name, content);
    }
  } finally {
    lock.release();
  }
  return notes;
}
