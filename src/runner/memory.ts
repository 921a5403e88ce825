import { readFileSync } from 'node:fs';
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

/** Virtual address space one worker thread reserves (its V8 isolate and stacks): about 720 MB measured on Node 20. */
export const WORKER_ADDRESS_BYTES = 720 * 2 ** 20;

/** The memory this process may use and what sets it. */
export interface MemoryBudget {
  readonly bytes: number;
  /** "this machine's 15.6 GB", "the container's (cgroup) limit of 4.0 GB", "the address-space limit (ulimit -v) ...". */
  readonly source: string;
}

/**
 * The soft RLIMIT_AS of this process in bytes ("Max address space" of /proc/self/limits), or
 * undefined when unlimited or unreadable (not Linux). `limitsText` is for tests.
 */
export function addressSpaceLimit(limitsText?: string): number | undefined {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return undefined;
    }
  }
  const m = /^Max address space\s+(\S+)/m.exec(text);
  if (m === null || !/^\d+$/.test(m[1]!)) return undefined;
  return Number(m[1]);
}

/** Virtual memory this process already maps (VmSize of /proc/self/status), in bytes; 0 if unreadable. */
function mappedBytes(): number {
  try {
    const m = /^VmSize:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m === null ? 0 : Number(m[1]) * 1024;
  } catch {
    return 0;
  }
}

/**
 * The memory this process may use for a games table: the least of the machine's memory, a
 * container (cgroup) limit, and what its address-space limit (RLIMIT_AS, `ulimit -v`, as Slurm
 * may enforce --mem) leaves after what the process maps already and `workers` worker threads.
 */
export function memoryBudget(workers = 0, rlimit = addressSpaceLimit()): MemoryBudget {
  const total = totalmem();
  let budget: MemoryBudget = { bytes: total, source: `this machine's ${gb(total)}` };
  const constrained = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.();
  if (constrained !== undefined && constrained > 0 && constrained < budget.bytes)
    budget = { bytes: constrained, source: `the container's (cgroup) limit of ${gb(constrained)}` };
  if (rlimit !== undefined) {
    const left = Math.max(0, rlimit - mappedBytes() - workers * WORKER_ADDRESS_BYTES);
    if (left < budget.bytes)
      budget = {
        bytes: left,
        source: `the ${gb(left)} the process's address-space limit (ulimit -v, ${gb(rlimit)}) leaves after its code${workers > 0 ? ` and ${workers} worker thread${workers === 1 ? '' : 's'}` : ''}`,
      };
  }
  return budget;
}

/** The memory this process may use: the machine's, or a smaller container (cgroup) or address-space limit. */
export function memoryLimit(): number {
  return memoryBudget().bytes;
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
  limit: number | MemoryBudget = memoryBudget(),
): void {
  const budget = typeof limit === 'number' ? { bytes: limit, source: `this machine's ${gb(limit)}` } : limit;
  const rows = games * arms;
  const perRow = tableBytesPerRow(def, arms);
  const need = BASE_BYTES + TABLE_FACTOR * perRow * rows;
  const have = 0.8 * budget.bytes;
  const fits = Math.max(0, Math.floor((have - BASE_BYTES) / (TABLE_FACTOR * perRow * arms)));
  if (rows > MAX_TABLE_ROWS) {
    throw new UserError(
      `${what}: ${games} games x ${arms} arms is ${rows} rows; a games table holds at most ${MAX_TABLE_ROWS} (split the experiment into several)`,
    );
  }
  if (need > have) {
    throw new UserError(
      `${what}: ${games} games x ${arms} arms need about ${gb(need)} to hold and report (${perRow} bytes a row), and sandtable may use about ${gb(have)} of ${budget.source}: at most about ${fits} games per arm fit here; play more with --shard k/n and merge them on a machine with more memory`,
    );
  }
}
