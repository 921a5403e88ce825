import { asyncBufferFromFile, parquetMetadataAsync, parquetRead } from 'hyparquet';
import { type ColumnData, type GamesTable, gamesTable } from '../analysis/games-table.js';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { parseExperiment } from './experiment.js';
import { cliCommand } from './hint.js';
import { assertExperimentMatches, assertOutputs, type Manifest, readManifest } from './manifest.js';
import { ARM_COLUMNS_KEY, MISSING_KEY } from './outputs.js';

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
 * Reads games.parquet into a games table: INT32 columns as Int32Array, strings as dictionary columns,
 * other numbers as doubles; a NULL statistic becomes its "not reached" value again. The arm columns
 * (policies, variants, parameters: the manifest's arms, repeated per row) are left out.
 */
async function readGamesParquet(path: string): Promise<GamesTable> {
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  const rows = Number(metadata.num_rows);
  const armColumns = new Set(kvJson<string[]>(metadata.key_value_metadata, ARM_COLUMNS_KEY, []));
  const missing = kvJson<Record<string, number>>(metadata.key_value_metadata, MISSING_KEY, {});
  const fill = new Map<string, (data: ArrayLike<unknown>, at: number) => void>();
  const make: (() => ColumnData)[] = [];
  const names: string[] = [];
  for (const el of metadata.schema.slice(1)) {
    const name = el.name;
    if (armColumns.has(name)) continue;
    names.push(name);
    const absent = missing[name];
    if (el.type === 'INT32') {
      const values = new Int32Array(rows);
      fill.set(name, (data, at) => {
        for (let i = 0; i < data.length; i++) values[at + i] = data[i] === null ? absent! : Number(data[i]);
      });
      make.push(() => ({ kind: 'int', values }));
    } else if (el.type === 'BYTE_ARRAY') {
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
      make.push(() => ({ kind: 'cat', codes, categories }));
    } else {
      const values = new Float64Array(rows);
      fill.set(name, (data, at) => {
        for (let i = 0; i < data.length; i++) values[at + i] = data[i] === null ? absent! : Number(data[i]);
      });
      make.push(() => ({ kind: 'float', values }));
    }
  }
  await parquetRead({
    file,
    metadata,
    onChunk: ({ columnName, columnData, rowStart }) =>
      fill.get(columnName)?.(columnData as ArrayLike<unknown>, rowStart),
  });
  return gamesTable(names.map((n, i) => [n, make[i]!()] as const));
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
 * parsed and must match its recorded seed, game count and arms (assertExperimentMatches).
 */
export async function loadRun(
  dir: string,
  verify?: readonly string[],
  games?: GameRegistry,
): Promise<{ manifest: Manifest; table: GamesTable }> {
  const manifest = readManifest(dir);
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
    table = await readGamesParquet(path);
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
