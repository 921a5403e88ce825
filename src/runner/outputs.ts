import { createHash } from 'node:crypto';
import { closeSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { ByteWriter, ParquetWriter, schemaFromColumnData } from 'hyparquet-writer';
import { column, type GamesTable, valueAt } from '../analysis/games-table.js';
import type { ColumnSpec } from './layout.js';

/** Writes a file atomically: a temporary sibling, then a rename, so readers never see half a file. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Rows per row group of games.parquet. */
const ROW_GROUP = 100_000;

/**
 * games.parquet: typed columns (INT32, DOUBLE, STRING), no nulls, deterministic bytes. Written one
 * row group at a time from the table's columns, so only one group's values (strings for the
 * categories) exist at once.
 */
export function gamesParquet(table: GamesTable, columns: readonly ColumnSpec[], version: string): Uint8Array {
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
  const writer = new ByteWriter();
  const pq = new ParquetWriter({
    writer,
    schema: schemaFromColumnData({ columnData: group(0, 0) }),
    createdBy: `sandtable ${version}`,
  });
  for (let start = 0; start < table.rows; start += ROW_GROUP) {
    pq.write({ columnData: group(start, Math.min(table.rows, start + ROW_GROUP)), rowGroupSize: ROW_GROUP });
  }
  pq.finish();
  return new Uint8Array(writer.getBuffer());
}

function csvCell(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(6);
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** CSV text with a header row; numbers that are not integers get six decimals. */
export function toCsv(rows: readonly object[], columns?: readonly string[]): string {
  if (rows.length === 0) return columns === undefined ? '' : `${columns.join(',')}\n`;
  const cols = columns ?? Object.keys(rows[0]!);
  const lines = [cols.join(',')];
  for (const r of rows) lines.push(cols.map((c) => csvCell((r as Record<string, unknown>)[c])).join(','));
  return `${lines.join('\n')}\n`;
}

/**
 * games.csv from the games table, same columns and order as games.parquet, written atomically in
 * pieces (never one string for the whole table); returns its sha256.
 */
export function writeGamesCsv(path: string, table: GamesTable, columns: readonly ColumnSpec[]): string {
  const cols = columns.map((c) => column(table, c.name));
  const hash = createHash('sha256');
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  try {
    const put = (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      hash.update(bytes);
      for (let at = 0; at < bytes.byteLength; ) at += writeSync(fd, bytes, at);
    };
    put(`${columns.map((c) => c.name).join(',')}\n`);
    const lines: string[] = [];
    for (let i = 0; i < table.rows; i++) {
      lines.push(cols.map((c) => csvCell(valueAt(c, i))).join(','));
      if (lines.length === 10_000 || i === table.rows - 1) {
        put(`${lines.join('\n')}\n`);
        lines.length = 0;
      }
    }
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  return hash.digest('hex');
}
