import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { ColumnSpec } from './layout.js';
import type { Table } from '../analysis/games-table.js';

/** Writes a file atomically: a temporary sibling, then a rename, so readers never see half a file. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** games.parquet: typed columns (INT32, DOUBLE, STRING), no nulls, deterministic bytes. */
export function gamesParquet(table: Table, columns: readonly ColumnSpec[], version: string): Uint8Array {
  const columnData = columns.map((c) => {
    const data = table.array(c.name) as ArrayLike<unknown>;
    const type = c.kind === 'cat' ? 'STRING' : c.kind === 'int' ? 'INT32' : 'DOUBLE';
    return { name: c.name, data: data as unknown as number[], type, nullable: false } as const;
  });
  const buf = parquetWriteBuffer({ columnData, createdBy: `sandtable ${version}`, rowGroupSize: 100_000 });
  return new Uint8Array(buf);
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

/** games.csv from the games table, same columns and order as games.parquet. */
export function gamesCsv(table: Table, columns: readonly ColumnSpec[]): string {
  const arrays = columns.map((c) => table.array(c.name) as ArrayLike<unknown>);
  const n = table.numRows();
  const lines = [columns.map((c) => c.name).join(',')];
  for (let i = 0; i < n; i++) lines.push(arrays.map((a) => csvCell(a[i])).join(','));
  return `${lines.join('\n')}\n`;
}
