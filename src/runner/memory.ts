import { totalmem } from 'node:os';
import { UserError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { recordColumns } from './layout.js';

/** Most rows a games table may have: its game column is Int32, its codes at most Uint32. */
export const MAX_TABLE_ROWS = 2_000_000_000;

/** Memory the finishing of a run needs besides the table (the CLI, vega, one parquet row group). */
const BASE_BYTES = 300 * 2 ** 20;
/** The finish phase holds the table plus per-statistic working arrays: about 1.5 times the table. */
const TABLE_FACTOR = 1.5;

/** Bytes one row of the games table takes (GamesTableBuilder): typed columns, one-byte codes where they fit. */
export function tableBytesPerRow(def: GameDefinition, arms: number): number {
  const code = (n: number) => (n <= 0x100 ? 1 : n <= 0x10000 ? 2 : 4);
  let bytes = 4 /* game */ + code(arms) /* arm */ + 1 /* scenario */ + 1; /* winner */
  for (const c of recordColumns(def))
    bytes += c.kind === 'cat' ? code(c.categories?.length ?? 0) : c.kind === 'int' ? 4 : 8;
  return bytes;
}

/** The memory this process may use: the machine's, or a smaller container (cgroup) limit. */
export function memoryLimit(): number {
  const total = totalmem();
  const constrained = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.();
  return constrained !== undefined && constrained > 0 && constrained < total ? constrained : total;
}

const gb = (b: number) => `${(b / 2 ** 30).toFixed(1)} GB`;

/**
 * Refuses, before anything is allocated or written, a run or merge whose games table this machine
 * cannot hold (`games` per arm times `arms` rows), naming `what` set the count and saying how many
 * games per arm would fit.
 */
export function checkTableMemory(
  def: GameDefinition,
  games: number,
  arms: number,
  what: string,
  limit = memoryLimit(),
): void {
  const rows = games * arms;
  const perRow = tableBytesPerRow(def, arms);
  const need = BASE_BYTES + TABLE_FACTOR * perRow * rows;
  const have = 0.8 * limit;
  const fits = Math.max(0, Math.floor((have - BASE_BYTES) / (TABLE_FACTOR * perRow * arms)));
  if (rows > MAX_TABLE_ROWS) {
    throw new UserError(
      `${what}: ${games} games x ${arms} arms is ${rows} rows; a games table holds at most ${MAX_TABLE_ROWS} (split the experiment into several)`,
    );
  }
  if (need > have) {
    throw new UserError(
      `${what}: ${games} games x ${arms} arms need about ${gb(need)} to hold and report (${perRow} bytes a row), and this machine lets sandtable use about ${gb(have)} of its ${gb(limit)}: at most about ${fits} games per arm fit here; play more with --shard k/n and merge them on a machine with more memory`,
    );
  }
}
