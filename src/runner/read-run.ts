import { asyncBufferFromFile, parquetMetadataAsync, parquetRead } from 'hyparquet';
import { codeArray, type FileColumnData, fileTable, type GamesTable } from '../analysis/games-table.js';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { parseExperiment } from './experiment.js';
import { cliCommand } from './hint.js';
import { assertExperimentMatches, assertOutputs, type Manifest, readManifest } from './manifest.js';
import { ARM_COLUMNS_KEY, COLUMNS_KEY, MISSING_KEY } from './outputs.js';

/** A JSON value of games.parquet's key/value metadata, or `fallback` when the key is absent (older runs). */
function kvJson<T>(
  kv: readonly { key: string; value?: string | undefined }[] | undefined,
  key: string,
  fallback: T,
): T {
  const v = kv?.find((e) => e.key === key)?.value;
  return v === undefined ? fallback : (JSON.parse(v) as T);
}

/**
 * What to read of games.parquet. `nulls: 'sentinel'` gives the analysis' games table: a NULL
 * statistic becomes its "not reached" value (StatDef.missing) again, booleans 0/1. `nulls: 'null'`
 * gives the file as it is: NULLs as nulls, booleans as booleans. `columns` names the columns to
 * decode (the others are never decoded; a name the file lacks is left out); by default the games
 * table's columns (`sentinel`) or every column of the file (`null`).
 */
export interface ReadGames {
  readonly nulls: 'sentinel' | 'null';
  readonly columns?: readonly string[];
}

/** The games table's columns, in the analysis' form: what `report` and finishing a run read back. */
export const TABLE_READ: ReadGames = { nulls: 'sentinel' };

/** Columns decoded by one parquetRead call (of one row group). */
const COLUMNS_AT_ONCE = 16;

/** Bit `i` of a bitmap set. */
function setBit(bits: Uint8Array, i: number): void {
  bits[i >> 3]! |= 1 << (i & 7);
}

/**
 * Reads games.parquet as `read` says: INT32 columns as Int32Array, strings as dictionary columns,
 * other numbers as doubles. Only the columns asked for are decoded, one row group at a time.
 */
export async function readGamesParquet(path: string, read: ReadGames): Promise<GamesTable> {
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  const rows = Number(metadata.num_rows);
  const armColumns = new Set(kvJson<string[]>(metadata.key_value_metadata, ARM_COLUMNS_KEY, []));
  const missing = kvJson<Record<string, number>>(metadata.key_value_metadata, MISSING_KEY, {});
  const wanted =
    read.columns === undefined
      ? (name: string) => read.nulls === 'null' || !armColumns.has(name)
      : (name: string) => read.columns!.includes(name);
  const fill = new Map<string, (data: ArrayLike<unknown>, at: number) => void>();
  const make: (() => FileColumnData)[] = [];
  const names: string[] = [];
  for (const el of metadata.schema.slice(1)) {
    const name = el.name;
    if (!wanted(name)) continue;
    names.push(name);
    const absent = missing[name] ?? 0;
    if (el.type === 'BYTE_ARRAY') {
      const codes = new Uint32Array(rows);
      const categories: string[] = [];
      const index = new Map<string, number>();
      fill.set(name, (data, at) => {
        for (let i = 0; i < data.length; i++) {
          const v = String(data[i]);
          let k = index.get(v);
          if (k === undefined) {
            k = categories.push(v) - 1;
            index.set(v, k);
          }
          codes[at + i] = k;
        }
      });
      make.push(() => {
        // the narrowest code array that holds the categories, as the games table keeps them
        const narrow = codeArray(categories.length, rows);
        narrow.set(codes);
        return { kind: 'cat', codes: narrow, categories };
      });
    } else if (el.type === 'BOOLEAN' && read.nulls === 'null') {
      const bits = new Uint8Array((rows + 7) >> 3);
      fill.set(name, (data, at) => {
        for (let i = 0; i < data.length; i++) if (data[i] === true) setBit(bits, at + i);
      });
      make.push(() => ({ kind: 'bool', bits, length: rows }));
    } else {
      const values =
        el.type === 'INT32' || el.type === 'BOOLEAN' ? new Int32Array(rows) : new Float64Array(rows);
      const nullable = el.repetition_type === 'OPTIONAL' && read.nulls === 'null';
      const valid = new Uint8Array(nullable ? (rows + 7) >> 3 : 0);
      let nulls = 0;
      fill.set(name, (data, at) => {
        for (let i = 0; i < data.length; i++) {
          const v = data[i];
          if (v === null || v === undefined) {
            values[at + i] = absent;
            nulls++;
          } else {
            values[at + i] = Number(v);
            if (nullable) setBit(valid, at + i);
          }
        }
      });
      make.push(() =>
        nullable && nulls > 0
          ? { kind: 'nullable', values, valid, nulls }
          : values instanceof Int32Array
            ? { kind: 'int', values }
            : { kind: 'float', values },
      );
    }
  }
  // One row group and a few columns at a time: parquetRead decodes everything it is given at once
  // and keeps the decoded values (JS arrays) until it returns, so a whole file's worth of values
  // would otherwise exist together.
  let start = 0;
  for (const group of metadata.row_groups) {
    const end = start + Number(group.num_rows);
    for (let c = 0; c < names.length; c += COLUMNS_AT_ONCE)
      await parquetRead({
        file,
        metadata,
        columns: names.slice(c, c + COLUMNS_AT_ONCE),
        rowStart: start,
        rowEnd: end,
        onChunk: ({ columnName, columnData, rowStart }) =>
          fill.get(columnName)?.(columnData as ArrayLike<unknown>, rowStart),
      });
    start = end;
  }
  return fileTable(names.map((n, i) => [n, make[i]!()] as const));
}

/**
 * The run identity games.parquet records in its key/value metadata (finish.ts gamesFileMeta:
 * `sandtable.game`, `.seed`, `.games_per_arm`, `.experiment_hash`, `.data_hash`, `.code`...), every
 * `sandtable.` key but the column dictionaries; empty for a file written before it carried them.
 */
export async function gamesParquetIdentity(path: string): Promise<Readonly<Record<string, string>>> {
  const metadata = await parquetMetadataAsync(await asyncBufferFromFile(path));
  const out: Record<string, string> = {};
  for (const { key, value } of metadata.key_value_metadata ?? [])
    if (
      key.startsWith('sandtable.') &&
      ![ARM_COLUMNS_KEY, MISSING_KEY, COLUMNS_KEY].includes(key) &&
      value !== undefined
    )
      out[key] = value;
  return out;
}

/** How `sandtable <command> DIR` reads a run whose manifest cannot be trusted: the remedy a refusal names. */
export function trustRemedy(command: 'report' | 'compare' | 'loadRun', dir: string): string {
  if (command === 'report')
    return `to read its games.parquet anyway, read-only, writing the report elsewhere: ${cliCommand('report', dir, '--trust-data', '--out', '<new dir>')} (add --experiment FILE if the manifest is unreadable)`;
  return `to read its games.parquet anyway, read-only: ${command === 'compare' ? 'add --trust-data' : 'pass { trustData: true }'} (and ${command === 'compare' ? '--experiment FILE' : '{ experiment: FILE }'} if the manifest is unreadable)`;
}

/** Why a run directory's manifest is not that of a finished run, and what to do about it. */
function partialMessage(dir: string, m: Manifest): string {
  if (m.merged !== undefined)
    return `${dir}: the merge that writes this run did not finish; run it again: ${cliCommand('merge', '<shard dirs>', '--out', dir, '--force')}`;
  if (m.shard !== undefined)
    return `${dir}: this is a shard (${m.shard.index}/${m.shard.count}), not a run: merge the shards with ${cliCommand('merge', '<shard dirs>', '--out', '<run dir>')}`;
  return `${dir}: the run is partial; finish it with ${cliCommand('run', '<experiment>', '--resume', dir)}`;
}

/**
 * A finished run read back from its directory (no re-simulation): its manifest (checked, see
 * readManifest) and games table. Before anything is read, the files `verify` names (default:
 * every file the manifest lists) must match the sizes and sha256 it records; a mismatch is a user
 * error naming the file, never read as it is. With `games`, the manifest's embedded experiment is
 * parsed and must match its recorded seed, game count and arms (assertExperimentMatches). `read`
 * says which columns are decoded, and how. `remedy` is added to the refusal of a missing or
 * damaged manifest (readManifest).
 */
export async function loadRun(
  dir: string,
  verify?: readonly string[],
  games?: GameRegistry,
  read: ReadGames = TABLE_READ,
  remedy?: string,
): Promise<{ manifest: Manifest; table: GamesTable }> {
  const manifest = readManifest(dir, remedy);
  if (manifest.status !== 'complete' || manifest.shard !== undefined)
    throw new UserError(partialMessage(dir, manifest));
  // As replay does: the embedded experiment must say what the recorded seed, games and arms say.
  if (games !== undefined)
    assertExperimentMatches(
      manifest,
      parseExperiment(manifest.experiment, `${dir}/manifest.json: experiment`, games),
      `${dir}/manifest.json`,
    );
  const path = `${dir}/games.parquet`;
  if (manifest.outputs?.['games.parquet'] === undefined)
    throw new UserError(`${dir}/manifest.json: lists no games.parquet; the run directory is incomplete`);
  assertOutputs(dir, manifest, verify);
  let table: GamesTable;
  try {
    table = await readGamesParquet(path, read);
  } catch (e) {
    throw new UserError(`${path}: unreadable parquet (${(e as Error).message})`);
  }
  const rows = manifest.games * manifest.arms.length;
  if (table.numRows() !== rows)
    throw new UserError(
      `${path}: ${table.numRows()} rows, the manifest says ${manifest.games} games x ${manifest.arms.length} arms`,
    );
  return { manifest, table };
}
