import {
  batchType,
  bool,
  Column,
  columnFromArray,
  dictionary,
  float64,
  int32,
  tableFromColumns,
  uint8,
  uint16,
  uint32,
  utf8,
} from '@uwdata/flechette';
import { table as arqueroTable, type ColumnTable, fromArrow } from 'arquero';
import type { GameDefinition } from '../core/game.js';
import { type ColumnSpec, recordColumns } from './columns.js';

/** Codes of a categorical column: the narrowest unsigned array that holds its category count. */
export type CodeArray = Uint8Array | Uint16Array | Uint32Array;

/** The data of one column of the games table: codes into a small dictionary, or typed numbers. */
export type ColumnData =
  | { readonly kind: 'cat'; readonly codes: CodeArray; readonly categories: readonly string[] }
  | { readonly kind: 'int'; readonly values: Int32Array }
  | { readonly kind: 'float'; readonly values: Float64Array };

/**
 * The games table: an arquero table, one row per (arm, game index). Numeric columns are the typed
 * arrays themselves (Int32Array, Float64Array); categorical columns are arquero dictionary columns
 * over Arrow dictionary vectors whose keys are the code arrays (no per-row strings or objects: a
 * 1,000,000-game SCS run is ~110 MB). `at(row)` of a categorical column is its category string.
 */
export type GamesTable = ColumnTable;

export function codeArray(categories: number, rows: number): CodeArray {
  return categories <= 0x100
    ? new Uint8Array(rows)
    : categories <= 0x10000
      ? new Uint16Array(rows)
      : new Uint32Array(rows);
}

/**
 * An Arrow dictionary column over `codes` (shared, not copied) with `categories` as its dictionary,
 * in that order.
 */
function dictionaryColumn(codes: CodeArray, categories: readonly string[]): Column<string> {
  const index = codes instanceof Uint8Array ? uint8() : codes instanceof Uint16Array ? uint16() : uint32();
  const type = dictionary(utf8(), index);
  const Batch = batchType(type);
  const batch = new Batch({
    length: codes.length,
    nullCount: 0,
    type,
    validity: new Uint8Array(0),
    values: codes,
  });
  (batch as unknown as { setDictionary(d: Column<string>): void }).setDictionary(
    columnFromArray([...categories], utf8()),
  );
  return new Column([batch]);
}

/**
 * A column as games.parquet holds it, for the table loadRun gives (ColumnData plus what the
 * analysis never needs): numbers with NULLs (`valid` is a bitmap, bit i set when row i holds a
 * value), and booleans (`bits`, bit i set when row i is true).
 */
export type FileColumnData =
  | ColumnData
  | {
      readonly kind: 'nullable';
      readonly values: Int32Array | Float64Array;
      readonly valid: Uint8Array;
      readonly nulls: number;
    }
  | { readonly kind: 'bool'; readonly bits: Uint8Array; readonly length: number };

/** An Arrow column over `values` (shared) with validity bitmap `valid` and `nulls` NULLs. */
function nullableColumn(values: Int32Array | Float64Array, valid: Uint8Array, nulls: number): Column<number> {
  const type = values instanceof Int32Array ? int32() : float64();
  const Batch = batchType(type);
  return new Column([new Batch({ length: values.length, nullCount: nulls, type, validity: valid, values })]);
}

/** An Arrow boolean column over the bitmap `bits` (shared). */
function boolColumn(bits: Uint8Array, length: number): Column<boolean> {
  const type = bool();
  const Batch = batchType(type);
  return new Column([new Batch({ length, nullCount: 0, type, validity: new Uint8Array(0), values: bits })]);
}

/**
 * A table of games.parquet's columns as loadRun gives them: numbers without NULLs as typed
 * arrays, numbers with NULLs and booleans as Arrow columns (arquero reads a NULL as null, and its
 * aggregates such as `op.mean` leave it out), strings as dictionary columns.
 */
export function fileTable(columns: readonly (readonly [string, FileColumnData])[]): ColumnTable {
  const plain: (readonly [string, ColumnData])[] = [];
  const other = new Map<string, Column<number> | Column<boolean>>();
  for (const [name, c] of columns) {
    if (c.kind === 'nullable') other.set(name, nullableColumn(c.values, c.valid, c.nulls));
    else if (c.kind === 'bool') other.set(name, boolColumn(c.bits, c.length));
    else plain.push([name, c]);
  }
  const base = gamesTable(plain);
  const data: Record<string, unknown> = {};
  for (const [name] of columns) data[name] = other.get(name) ?? base.column(name);
  return arqueroTable(
    data,
    columns.map(([name]) => name),
  );
}

/**
 * The games table of `columns`, in that order (all of one length): numeric columns as they are,
 * categorical ones through `aq.fromArrow` of Arrow dictionary vectors, which arquero keeps as
 * dictionary columns (grouping by one reads the codes, no string keys).
 */
export function gamesTable(columns: readonly (readonly [string, ColumnData])[]): GamesTable {
  const cats = columns.flatMap(([name, c]) =>
    c.kind === 'cat' ? [[name, dictionaryColumn(c.codes, c.categories)] as const] : [],
  );
  // flechette's Table is the Arrow table fromArrow takes; the declared types differ on metadata only.
  const arrow = fromArrow(
    tableFromColumns(Object.fromEntries(cats)) as unknown as Parameters<typeof fromArrow>[0],
  );
  const data: Record<string, unknown> = {};
  for (const [name, c] of columns) data[name] = c.kind === 'cat' ? arrow.column(name) : c.values;
  return arqueroTable(
    data,
    columns.map(([name]) => name),
  );
}

/** The typed array of a numeric column of the games table (an error naming it otherwise). */
export function numbers(table: GamesTable, name: string): Int32Array | Float64Array {
  const c = table.column(name) as unknown;
  if (c instanceof Int32Array || c instanceof Float64Array) return c;
  throw new Error(`games table: ${c === undefined ? 'no column' : 'no numeric column'} ${name}`);
}

/** One arm of a run: its id, scenario and the game indices [from, to) its rows cover. */
export interface ArmRange {
  readonly arm: string;
  readonly scenario: string;
  readonly from: number;
  readonly to: number;
}

/**
 * Builds the games table straight from the column-major Float64 blocks workers return (or chunk
 * files hold), in any order: each block is copied into its rows and can be dropped at once. Rows
 * are arms in experiment order, games in index order, whatever order the blocks come in.
 * Columns: game, arm, scenario, result, winner, end_turn, end_reason, victory_level, then the
 * game's own statistics.
 */
export class GamesTableBuilder {
  readonly rows: number;
  private readonly base: number[];
  private readonly game: Int32Array;
  private readonly winner: CodeArray;
  private readonly winnerOfResult: Uint32Array;
  private readonly out: (CodeArray | Int32Array | Float64Array)[];
  private readonly columns: (readonly [string, ColumnData])[];

  constructor(
    def: GameDefinition,
    private readonly arms: readonly ArmRange[],
  ) {
    const rec: ColumnSpec[] = recordColumns(def);
    this.base = [];
    let rows = 0;
    for (const a of arms) {
      this.base.push(rows);
      rows += a.to - a.from;
    }
    this.rows = rows;
    this.game = new Int32Array(rows);
    const armIds = arms.map((a) => a.arm);
    const scenarios = [...new Set(arms.map((a) => a.scenario))];
    const arm = codeArray(armIds.length, rows);
    const scenario = codeArray(scenarios.length, rows);
    arms.forEach((a, i) => {
      arm.fill(i, this.base[i]!, this.base[i]! + a.to - a.from);
      scenario.fill(scenarios.indexOf(a.scenario), this.base[i]!, this.base[i]! + a.to - a.from);
    });
    const winners = [...def.sides.map((s) => s.id), 'none'];
    for (const r of def.results) if (!winners.includes(r.winner ?? 'none')) winners.push(r.winner ?? 'none');
    this.winner = codeArray(winners.length, rows);
    this.winnerOfResult = Uint32Array.from(def.results, (r) => winners.indexOf(r.winner ?? 'none'));
    this.out = rec.map((c) =>
      c.kind === 'cat'
        ? codeArray(c.categories!.length, rows)
        : c.kind === 'int'
          ? new Int32Array(rows)
          : new Float64Array(rows),
    );
    const columns: (readonly [string, ColumnData])[] = [
      ['game', { kind: 'int', values: this.game }],
      ['arm', { kind: 'cat', codes: arm, categories: armIds }],
      ['scenario', { kind: 'cat', codes: scenario, categories: scenarios }],
    ];
    rec.forEach((c, ci) => {
      const data = this.out[ci]!;
      columns.push([
        c.name,
        c.kind === 'cat'
          ? { kind: 'cat', codes: data as CodeArray, categories: c.categories! }
          : c.kind === 'int'
            ? { kind: 'int', values: data as Int32Array }
            : { kind: 'float', values: data as Float64Array },
      ]);
      if (ci === 0) columns.push(['winner', { kind: 'cat', codes: this.winner, categories: winners }]);
    });
    this.columns = columns;
  }

  /** Copies the rows of one block: games [start, end) of arm `arm` (its heat tail is not read). */
  add(arm: number, start: number, end: number, block: Float64Array): void {
    const a = this.arms[arm]!;
    if (start < a.from || end > a.to)
      throw new Error(
        `games table: games ${start}..${end - 1} outside arm ${a.arm}'s ${a.from}..${a.to - 1}`,
      );
    const rows = end - start;
    const at = this.base[arm]! + start - a.from;
    for (let i = 0; i < rows; i++) this.game[at + i] = start + i;
    for (let ci = 0; ci < this.out.length; ci++)
      this.out[ci]!.set(block.subarray(ci * rows, (ci + 1) * rows), at);
    const result = this.out[0]!;
    for (let i = at; i < at + rows; i++) this.winner[i] = this.winnerOfResult[result[i]!]!;
  }

  /** The games table over the builder's arrays (not copied: later `add`s show in it). */
  table(): GamesTable {
    return gamesTable(this.columns);
  }
}

/** Column specs of the games table in order, with descriptions (for the manifest and docs). */
export function gamesTableColumns(def: GameDefinition): ColumnSpec[] {
  const rec = recordColumns(def);
  return [
    {
      name: 'game',
      kind: 'int',
      description: 'game index: with the master seed it fixes every die of the game',
    },
    { name: 'arm', kind: 'cat', description: 'arm of the experiment (policies, variants, parameters)' },
    { name: 'scenario', kind: 'cat', description: 'scenario or level played' },
    rec[0]!,
    {
      name: 'winner',
      kind: 'cat',
      categories: [...def.sides.map((s) => s.id), 'none'],
      description: 'winning side, or none',
    },
    ...rec.slice(1),
  ];
}
