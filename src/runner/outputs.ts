import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { ByteWriter, ParquetWriter, schemaFromColumnData } from 'hyparquet-writer';
import type { ColumnSpec } from '../analysis/columns.js';
import { csvCell, toCsv } from '../analysis/csv.js';
import { column, type GamesTable, valueAt } from '../analysis/games-table.js';

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
  writeFileSync(tmp, data);
  renameSync(tmp, path);
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
  const fd = openSync(tmp, 'w');
  let size = 0;
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
  return { bytes: size, sha256: hash.digest('hex') };
}

/**
 * Writes games.parquet and returns its size and sha256: typed columns (INT32, DOUBLE, STRING), no nulls,
 * deterministic bytes. Written one row group at a time from the table's columns, each group's
 * bytes to the file as soon as it is encoded, so only one group's values (strings for the
 * categories) and bytes exist at once.
 */
export function writeGamesParquet(
  path: string,
  table: GamesTable,
  columns: readonly ColumnSpec[],
  version: string,
): WrittenFile {
  const group = (start: number, end: number) =>
    columns.map((c) => {
      const col = column(table, c.name);
      const data =
        col.kind === 'cat'
          ? Array.from(col.codes.subarray(start, end), (k) => col.categories[k]!)
          : col.values.subarray(start, end);
      const type = c.kind === 'cat' ? 'STRING' : c.kind === 'int' ? 'INT32' : 'DOUBLE';
      return { name: c.name, data: data as unknown as number[], type, nullable: false } as const;
    });
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
    });
    for (let start = 0; start < table.rows; start += ROW_GROUP) {
      pq.write({
        columnData: group(start, Math.min(table.rows, start + ROW_GROUP)),
        rowGroupSize: ROW_GROUP,
      });
    }
    pq.finish();
  });
}

/**
 * Writes games.csv from the games table (same columns and order as games.parquet) in pieces, never
 * one string for the whole table, and returns its size and sha256.
 */
export function writeGamesCsv(path: string, table: GamesTable, columns: readonly ColumnSpec[]): WrittenFile {
  const cols = columns.map((c) => column(table, c.name));
  return writeAtomicPieces(path, (put) => {
    const text = (t: string) => put(Buffer.from(t, 'utf8'));
    text(`${columns.map((c) => c.name).join(',')}\n`);
    const lines: string[] = [];
    for (let i = 0; i < table.rows; i++) {
      lines.push(cols.map((c) => csvCell(valueAt(c, i))).join(','));
      if (lines.length === 10_000 || i === table.rows - 1) {
        text(`${lines.join('\n')}\n`);
        lines.length = 0;
      }
    }
  });
}
