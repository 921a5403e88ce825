import { existsSync } from 'node:fs';
import { asyncBufferFromFile, parquetMetadataAsync, parquetRead } from 'hyparquet';
import type { GamesColumn, GamesTable } from '../analysis/games-table.js';
import { UserError } from '../core/errors.js';
import { type Manifest, readManifest } from './manifest.js';

/** Reads games.parquet into a games table: INT32 columns as Int32Array, strings dictionary-encoded, other numbers as doubles. */
async function readGamesParquet(path: string): Promise<GamesTable> {
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  const rows = Number(metadata.num_rows);
  const fill = new Map<string, (data: ArrayLike<unknown>, at: number) => void>();
  const make: (() => GamesColumn)[] = [];
  const names: string[] = [];
  for (const el of metadata.schema.slice(1)) {
    const name = el.name;
    names.push(name);
    if (el.type === 'INT32') {
      const values = new Int32Array(rows);
      fill.set(name, (data, at) => values.set(data as ArrayLike<number>, at));
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
        for (let i = 0; i < data.length; i++) values[at + i] = Number(data[i]);
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
  return { rows, columns: new Map(names.map((n, i) => [n, make[i]!()])) };
}

/** A finished run read back from its directory: manifest and games table (no re-simulation). */
export async function loadRun(dir: string): Promise<{ manifest: Manifest; table: GamesTable }> {
  const manifest = readManifest(dir);
  if (manifest.status !== 'complete')
    throw new UserError(
      `${dir}: the run is partial; finish it with sandtable run <experiment> --resume ${dir}`,
    );
  const path = `${dir}/games.parquet`;
  if (!existsSync(path)) throw new UserError(`${path}: missing (the run directory is incomplete)`);
  let table: GamesTable;
  try {
    table = await readGamesParquet(path);
  } catch (e) {
    throw new UserError(`${path}: unreadable parquet (${(e as Error).message})`);
  }
  return { manifest, table };
}
