import type { GameDefinition } from '../core/game.js';
import { type ColumnSpec, recordColumns } from './columns.js';

/** Codes of a categorical column: the narrowest unsigned array that holds its category count. */
export type CodeArray = Uint8Array | Uint16Array | Uint32Array;

/** A column of the games table: categories as codes into a small dictionary, numbers as typed arrays. */
export type GamesColumn =
  | { readonly kind: 'cat'; readonly codes: CodeArray; readonly categories: readonly string[] }
  | { readonly kind: 'int'; readonly values: Int32Array }
  | { readonly kind: 'float'; readonly values: Float64Array };

/**
 * The games table, column-major: one row per (arm, game index). No per-row strings or objects: a
 * 1,000,000-game SCS run is ~110 MB (int columns Int32, categories one byte per row).
 */
export interface GamesTable {
  readonly rows: number;
  /** Columns in table (and games.parquet) order. */
  readonly columns: ReadonlyMap<string, GamesColumn>;
}

export function codeArray(categories: number, rows: number): CodeArray {
  return categories <= 0x100
    ? new Uint8Array(rows)
    : categories <= 0x10000
      ? new Uint16Array(rows)
      : new Uint32Array(rows);
}

/** The column `name`, or an error naming it. */
export function column(table: GamesTable, name: string): GamesColumn {
  const c = table.columns.get(name);
  if (c === undefined) throw new Error(`games table: no column ${name}`);
  return c;
}

/** A categorical column's codes and dictionary (an error if the column is numeric). */
export function catColumn(
  table: GamesTable,
  name: string,
): { codes: CodeArray; categories: readonly string[] } {
  const c = column(table, name);
  if (c.kind !== 'cat') throw new Error(`games table: column ${name} is not categorical`);
  return c;
}

/** A numeric column's values (an error if the column is categorical). */
export function numColumn(table: GamesTable, name: string): Int32Array | Float64Array {
  const c = column(table, name);
  if (c.kind === 'cat') throw new Error(`games table: column ${name} is not numeric`);
  return c.values;
}

/** The value of column `c` at `row`: a category string or a number. */
export function valueAt(c: GamesColumn, row: number): string | number {
  return c.kind === 'cat' ? c.categories[c.codes[row]!]! : c.values[row]!;
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
  private readonly rec: ColumnSpec[];
  private readonly base: number[];
  private readonly game: Int32Array;
  private readonly arm: CodeArray;
  private readonly scenario: CodeArray;
  private readonly winner: CodeArray;
  private readonly winnerOfResult: Uint32Array;
  private readonly out: (CodeArray | Int32Array | Float64Array)[];
  private readonly columns: Map<string, GamesColumn>;

  constructor(
    def: GameDefinition,
    private readonly arms: readonly ArmRange[],
  ) {
    this.rec = recordColumns(def);
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
    this.arm = codeArray(armIds.length, rows);
    this.scenario = codeArray(scenarios.length, rows);
    arms.forEach((a, i) => {
      this.arm.fill(i, this.base[i]!, this.base[i]! + a.to - a.from);
      this.scenario.fill(scenarios.indexOf(a.scenario), this.base[i]!, this.base[i]! + a.to - a.from);
    });
    const winners = [...def.sides.map((s) => s.id), 'none'];
    for (const r of def.results) if (!winners.includes(r.winner ?? 'none')) winners.push(r.winner ?? 'none');
    this.winner = codeArray(winners.length, rows);
    this.winnerOfResult = Uint32Array.from(def.results, (r) => winners.indexOf(r.winner ?? 'none'));
    this.out = this.rec.map((c) =>
      c.kind === 'cat'
        ? codeArray(c.categories!.length, rows)
        : c.kind === 'int'
          ? new Int32Array(rows)
          : new Float64Array(rows),
    );
    const columns = new Map<string, GamesColumn>();
    columns.set('game', { kind: 'int', values: this.game });
    columns.set('arm', { kind: 'cat', codes: this.arm, categories: armIds });
    columns.set('scenario', { kind: 'cat', codes: this.scenario, categories: scenarios });
    this.rec.forEach((c, ci) => {
      const data = this.out[ci]!;
      columns.set(
        c.name,
        c.kind === 'cat'
          ? { kind: 'cat', codes: data as CodeArray, categories: c.categories! }
          : c.kind === 'int'
            ? { kind: 'int', values: data as Int32Array }
            : { kind: 'float', values: data as Float64Array },
      );
      if (ci === 0) columns.set('winner', { kind: 'cat', codes: this.winner, categories: winners });
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

  table(): GamesTable {
    return { rows: this.rows, columns: this.columns };
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

/** Row indices of each category of a categorical column, in row order. */
export function rowsByCategory(codes: CodeArray, categories: number): Uint32Array[] {
  const counts = new Uint32Array(categories);
  for (let i = 0; i < codes.length; i++) counts[codes[i]!]!++;
  const out = Array.from(counts, (n) => new Uint32Array(n));
  const fill = new Uint32Array(categories);
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    out[c]![fill[c]!++] = i;
  }
  return out;
}
