import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { ByteWriter, ParquetWriter, schemaFromColumnData } from 'hyparquet-writer';
import type { ArmColumn, ColumnSpec } from '../analysis/columns.js';
import { csvCell, toCsv } from '../analysis/csv.js';
import { type GamesTable, numbers } from '../analysis/games-table.js';

export { toCsv };

/** This host's name as it may appear in a file name. */
export const hostLabel = (): string =>
  hostname()
    .replace(/[^A-Za-z0-9.-]/g, '_')
    .slice(0, 64) || 'host';

/** Marks a temporary file: `<file>.tmp-<host>-<pid>-<random>`, never a result. */
export const TEMP_MARK = '.tmp-';

/**
 * A temporary sibling of `path`, unique per host, process and call: two pods that both run as pid
 * 1 on a shared volume, or two writers in one process, never share one.
 */
export function tempPath(path: string): string {
  return `${path}${TEMP_MARK}${hostLabel()}-${process.pid}-${randomBytes(6).toString('hex')}`;
}

/** Writes a file atomically: a temporary sibling, then a rename, so readers never see half a file. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = tempPath(path);
  try {
    writeFileSync(tmp, data, { flag: 'wx' });
    renameSync(tmp, path);
  } catch (e) {
    // a full disk leaves no half-written temporary behind
    rmSync(tmp, { force: true });
    throw e;
  }
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Rows per row group of games.parquet. */
const ROW_GROUP = 100_000;

/** A written file's size and sha256, as a manifest records it. */
export interface WrittenFile {
  readonly bytes: number;
  readonly sha256: string;
}

/** Size and sha256 of content about to be written. */
export function digestOf(data: string | Uint8Array): WrittenFile {
  const bytes = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.byteLength;
  return { bytes, sha256: sha256(data) };
}

/**
 * Writes a file atomically from pieces handed to `put` (a temporary sibling, then a rename), and
 * returns its size and sha256: the whole content never has to exist at once.
 */
function writeAtomicPieces(path: string, body: (put: (bytes: Uint8Array) => void) => void): WrittenFile {
  const hash = createHash('sha256');
  const tmp = tempPath(path);
  const fd = openSync(tmp, 'wx');
  let size = 0;
  try {
    try {
      body((bytes) => {
        hash.update(bytes);
        size += bytes.byteLength;
        for (let at = 0; at < bytes.byteLength; ) at += writeSync(fd, bytes, at);
      });
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  return { bytes: size, sha256: hash.digest('hex') };
}

/** What games.parquet and games.csv carry besides the games table: the arm columns and what "not reached" is. */
export interface GamesFileMeta {
  /** Columns constant within an arm (policies, variants, parameters), after the table's columns. */
  readonly arms: readonly ArmColumn[];
  /** Statistic columns whose value in the table means "not reached" (StatDef.missing): NULL in the files. */
  readonly missing: Readonly<Record<string, number>>;
  /** Key/value metadata of games.parquet (seed, experiment hash, code version...): no time, so bytes stay deterministic. */
  readonly kv: Readonly<Record<string, string>>;
}

/** Key of the parquet metadata entry that lists the arm columns (readers leave them out of the games table). */
export const ARM_COLUMNS_KEY = 'sandtable.arm_columns';
/** Key of the parquet metadata entry that holds the column dictionary (columns.json's content, ColumnEntry). */
export const COLUMNS_KEY = 'sandtable.columns';
/** Key of the parquet metadata entry that maps a NULL back to a statistic's "not reached" value. */
export const MISSING_KEY = 'sandtable.missing';

/** One column of a games file: a name, a physical type, and the values of rows [start, end). */
interface FileColumn {
  readonly name: string;
  readonly type: 'STRING' | 'INT32' | 'DOUBLE' | 'BOOLEAN';
  readonly nullable: boolean;
  slice(start: number, end: number): ArrayLike<string | number | boolean | null>;
}

/** The columns of games.parquet / games.csv in order: the table's, then the arm columns. */
function fileColumns(table: GamesTable, columns: readonly ColumnSpec[], meta: GamesFileMeta): FileColumn[] {
  const out: FileColumn[] = columns.map((c) => {
    const type = c.kind === 'cat' ? 'STRING' : c.kind === 'int' ? 'INT32' : 'DOUBLE';
    if (c.kind === 'cat') {
      const col = table.column(c.name);
      if (col === undefined) throw new Error(`games table: no column ${c.name}`);
      return {
        name: c.name,
        type,
        nullable: false,
        slice: (a, b) => Array.from({ length: b - a }, (_, i) => col.at(a + i) as string),
      };
    }
    const values = numbers(table, c.name);
    const missing = meta.missing[c.name];
    if (missing === undefined)
      return { name: c.name, type, nullable: false, slice: (a, b) => values.subarray(a, b) };
    return {
      name: c.name,
      type,
      nullable: true,
      slice: (a, b) => Array.from(values.subarray(a, b), (v) => (v === missing ? null : v)),
    };
  });
  // Group k of `arm` is the k-th arm of the run (the dictionary's order), as `values` is indexed.
  const arm = table.groupby('arm').groups()!.keys;
  for (const c of meta.arms) {
    const type =
      c.kind === 'cat' ? 'STRING' : c.kind === 'int' ? 'INT32' : c.kind === 'bool' ? 'BOOLEAN' : 'DOUBLE';
    out.push({
      name: c.name,
      type,
      nullable: false,
      slice: (a, b) => Array.from(arm.slice(a, b), (k) => c.values[k]!),
    });
  }
  return out;
}

/**
 * Writes games.parquet and returns its size and sha256: typed columns (INT32, DOUBLE, STRING,
 * BOOLEAN; strings dictionary-encoded), NULL where a statistic was not reached, the arm columns,
 * and `meta.kv` as key/value metadata; deterministic bytes. Written one row group at a time, each
 * group's bytes to the file as soon as it is encoded, so only one group's values and bytes exist at
 * once; `tick` is called before each group (the lock's heartbeat through a long write).
 */
export function writeGamesParquet(
  path: string,
  table: GamesTable,
  columns: readonly ColumnSpec[],
  version: string,
  meta: GamesFileMeta,
  tick: () => void = () => {},
): WrittenFile {
  const cols = fileColumns(table, columns, meta);
  const group = (start: number, end: number) =>
    cols.map(
      (c) =>
        ({
          name: c.name,
          data: c.slice(start, end) as unknown as number[],
          type: c.type,
          nullable: c.nullable,
        }) as const,
    );
  const kvMetadata = Object.entries({
    ...meta.kv,
    [ARM_COLUMNS_KEY]: JSON.stringify(meta.arms.map((c) => c.name)),
    [MISSING_KEY]: JSON.stringify(meta.missing),
  }).map(([key, value]) => ({ key, value }));
  return writeAtomicPieces(path, (put) => {
    // ParquetWriter calls flush() after each row group; offsets in the file keep counting.
    const writer = new ByteWriter(1 << 20);
    const flush = () => {
      put(new Uint8Array(writer.buffer, 0, writer.index));
      writer.index = 0;
    };
    Object.assign(writer, { flush, finish: flush });
    const pq = new ParquetWriter({
      writer,
      schema: schemaFromColumnData({ columnData: group(0, 0) }),
      createdBy: `sandtable ${version}`,
      kvMetadata,
    });
    for (let start = 0; start < table.numRows(); start += ROW_GROUP) {
      tick();
      pq.write({
        columnData: group(start, Math.min(table.numRows(), start + ROW_GROUP)),
        rowGroupSize: ROW_GROUP,
      });
    }
    pq.finish();
  });
}

/**
 * Writes games.csv with the columns of games.parquet, in the same order (an empty cell where
 * parquet has NULL), in pieces, never one string for the whole table, and returns its size and sha256.
 */
export function writeGamesCsv(
  path: string,
  table: GamesTable,
  columns: readonly ColumnSpec[],
  meta: GamesFileMeta,
  tick: () => void = () => {},
): WrittenFile {
  const cols = fileColumns(table, columns, meta);
  const BLOCK = 10_000;
  return writeAtomicPieces(path, (put) => {
    const text = (t: string) => put(Buffer.from(t, 'utf8'));
    text(`${cols.map((c) => c.name).join(',')}\n`);
    for (let start = 0; start < table.numRows(); start += BLOCK) {
      tick();
      const end = Math.min(table.numRows(), start + BLOCK);
      const data = cols.map((c) => c.slice(start, end));
      const lines: string[] = [];
      for (let i = 0; i < end - start; i++)
        lines.push(
          data.map((d) => (d[i] === null ? '' : csvCell(d[i] as string | number | boolean))).join(','),
        );
      text(`${lines.join('\n')}\n`);
    }
  });
}
