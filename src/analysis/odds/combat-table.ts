/**
 * A designer's own combat results table, and its exact odds. The format (docs/combat-tables.md):
 * columns are odds ratios ("1-2", "3:1"), strength differentials ("-1", "0", "+2") or plain labels;
 * rows are die totals (one total, or a range "2-3") of one die or the sum of several; each cell is a
 * result code, described by an optional legend that may give each side's losses and retreats.
 * The same table is read from CSV (the grid, with `# key: value` lines above it) or JSON.
 *
 * Odds are exact: a die total's chance is its count of die faces over sides^dice, so a column's
 * probabilities are whole counts over one denominator and sum to exactly 1. A die modifier moves
 * the total, clamped to the rows printed (the common printed rule: "a modified roll below the
 * table's lowest row uses that row"); a column shift moves the column, clamped to the table's ends.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { quote, UserError } from '../../core/errors.js';
import type { OddsTable } from '../../core/game.js';

/** How a battle's two strengths pick a column. */
export type ColumnKind = 'ratio' | 'differential' | 'label';

/**
 * How a ratio between printed columns is rounded: `defender` (the common printed rule: 7 to 3 is
 * 2-1, 3 to 7 is 1-3), `attacker` (7 to 3 is 3-1, 3 to 7 is 1-2), or `nearest` (7 to 3 is 2-1).
 */
export type Rounding = 'defender' | 'attacker' | 'nearest';

/** What a battle whose column lies beyond the printed ones uses: the end column, or no attack. */
export type Beyond = 'clamp' | 'refuse';

/** One side's share of a result: steps lost (or the whole force) and hexes (or zones) retreated. */
export interface SideEffect {
  readonly loss?: number | 'all';
  readonly retreat?: number;
}

export interface ResultDef {
  readonly code: string;
  readonly description: string;
  readonly attacker?: SideEffect;
  readonly defender?: SideEffect;
}

/** A validated combat results table. */
export interface CombatTable {
  /** Where it came from (a file name), for messages. */
  readonly file: string;
  readonly title: string;
  readonly source?: string;
  readonly dice: { readonly count: number; readonly sides: number };
  readonly columnKind: ColumnKind;
  readonly columns: readonly string[];
  /** Each column's value: the ratio attack/defence, the differential, or its index for labels. */
  readonly columnValues: readonly number[];
  /** The die totals each row covers, [from, to], in printed order. */
  readonly rows: readonly (readonly [number, number])[];
  /** cells[row][column]: a result code. */
  readonly cells: readonly (readonly string[])[];
  /** Result codes in order of first appearance in the legend, then in the grid. */
  readonly results: readonly ResultDef[];
  readonly rounding: Rounding;
  readonly beyond: Beyond;
}

/** The situation a table is read in. Without attack and defence (or a column), every column. */
export interface Situation {
  readonly attack?: number;
  readonly defence?: number;
  /** A column by its printed label. */
  readonly column?: string;
  /** Columns to shift the battle's column by (right is positive, towards the attacker's side). */
  readonly shift?: number;
  /** Die roll modifier added to the die total. */
  readonly drm?: number;
}

// --- reading a table -----------------------------------------------------------------------------

const DICE = /^(\d*)d(\d+)$/i;

function parseDice(text: string, where: string): { count: number; sides: number } {
  const m = DICE.exec(text.trim());
  const count = m === null ? Number.NaN : m[1] === '' ? 1 : Number(m[1]);
  const sides = m === null ? Number.NaN : Number(m[2]);
  if (!(count >= 1 && count <= 4 && sides >= 2 && sides <= 100)) {
    throw new UserError(
      `${where}: dice ${quote(text)} must be like 1d6, 2d6 or 1d10 (1-4 dice of 2-100 sides)`,
    );
  }
  return { count, sides };
}

const RATIO = /^(\d+(?:\.\d+)?)\s*[-:]\s*(\d+(?:\.\d+)?)$/;
const DIFFERENTIAL = /^[+-]?\d+$/;

function columnValue(kind: ColumnKind, label: string, index: number): number | undefined {
  if (kind === 'label') return index;
  if (kind === 'differential') return DIFFERENTIAL.test(label.trim()) ? Number(label.trim()) : undefined;
  const m = RATIO.exec(label.trim());
  if (m === null) return undefined;
  const a = Number(m[1]);
  const d = Number(m[2]);
  return a > 0 && d > 0 ? a / d : undefined;
}

/** The column kind the labels read as: ratios, else differentials, else plain labels. */
function detectKind(labels: readonly string[]): ColumnKind {
  if (labels.every((l) => RATIO.test(l.trim()))) return 'ratio';
  if (labels.every((l) => DIFFERENTIAL.test(l.trim()))) return 'differential';
  return 'label';
}

function parseRowKey(text: string, where: string): [number, number] {
  const t = text.trim();
  const m = /^(-?\d+)(?:\s*(?:-|\.\.|to)\s*(-?\d+))?$/.exec(t);
  if (m === null)
    throw new UserError(`${where}: die total ${quote(text)} must be a whole number or a range like 2-3`);
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  if (to < from) throw new UserError(`${where}: die range ${quote(text)} runs backwards`);
  return [from, to];
}

const EFFECT = /^(attacker|defender)\s*:\s*(.+)$/i;

/** "attacker: loss 1, retreat 2" or "defender: loss all" (a CSV legend's per-side effects). */
function parseEffects(
  parts: readonly string[],
  where: string,
): { attacker?: SideEffect; defender?: SideEffect } {
  const out: { attacker?: SideEffect; defender?: SideEffect } = {};
  for (const part of parts) {
    const m = EFFECT.exec(part.trim());
    if (m === null)
      throw new UserError(`${where}: ${quote(part.trim())} must be like "attacker: loss 1, retreat 1"`);
    const side = m[1]!.toLowerCase() as 'attacker' | 'defender';
    const effect: { loss?: number | 'all'; retreat?: number } = {};
    for (const item of m[2]!.split(',')) {
      const [k, v, extra] = item.trim().split(/\s+/);
      const n = Number(v);
      if (extra === undefined && k === 'loss' && v === 'all') effect.loss = 'all';
      else if (
        extra === undefined &&
        (k === 'loss' || k === 'retreat') &&
        Number.isInteger(n) &&
        n >= 0 &&
        n <= 99
      )
        effect[k] = n;
      else throw new UserError(`${where}: ${quote(item.trim())} must be "loss N", "loss all" or "retreat N"`);
    }
    out[side] = effect;
  }
  return out;
}

const effectSchema = z
  .object({
    loss: z.union([z.number().int().min(0).max(99), z.literal('all')]).optional(),
    retreat: z.number().int().min(0).max(99).optional(),
  })
  .strict();

const jsonSchema = z
  .object({
    title: z.string().min(1).max(200),
    source: z.string().max(2000).optional(),
    dice: z.string().max(10),
    columnKind: z.enum(['ratio', 'differential', 'label']).optional(),
    columns: z.array(z.string().min(1).max(40)).min(1).max(60),
    rows: z
      .array(
        z
          .object({ die: z.union([z.number().int(), z.string().max(20)]), results: z.array(z.string()) })
          .strict(),
      )
      .min(1)
      .max(400),
    results: z
      .record(
        z.string().min(1).max(20),
        z
          .object({
            description: z.string().max(200).optional(),
            attacker: effectSchema.optional(),
            defender: effectSchema.optional(),
          })
          .strict(),
      )
      .optional(),
    rounding: z.enum(['defender', 'attacker', 'nearest']).optional(),
    beyond: z.enum(['clamp', 'refuse']).optional(),
  })
  .strict();

interface RawTable {
  title: string;
  source?: string;
  dice: string;
  columnKind?: ColumnKind;
  columns: string[];
  rows: { key: string; cells: string[]; where: string }[];
  legend: ResultDef[];
  hasLegend: boolean;
  rounding?: Rounding;
  beyond?: Beyond;
}

/** Validates a raw table: the grid's shape, the codes against the legend, the die against the rows. */
function validate(raw: RawTable, file: string): CombatTable {
  const columnKind = raw.columnKind ?? detectKind(raw.columns);
  const columnValues = raw.columns.map((label, c) => {
    const v = columnValue(columnKind, label, c);
    if (v === undefined)
      throw new UserError(`${file}: column ${c + 1} ${quote(label)} is not a ${columnKind} column label`);
    return v;
  });
  if (new Set(raw.columns.map((l) => l.trim())).size !== raw.columns.length)
    throw new UserError(`${file}: two columns share a label`);
  if (columnKind !== 'label')
    for (let c = 1; c < columnValues.length; c++)
      if (!(columnValues[c]! > columnValues[c - 1]!))
        throw new UserError(
          `${file}: column ${c + 1} ${quote(raw.columns[c])} does not follow ${quote(raw.columns[c - 1])}: ${columnKind} columns run from the defender's best to the attacker's best`,
        );
  const dice = parseDice(raw.dice, `${file}: dice`);
  const known = new Map(raw.legend.map((r) => [r.code, r]));
  const results: ResultDef[] = [...raw.legend];
  const rows: [number, number][] = [];
  const cells: string[][] = [];
  for (const [i, row] of raw.rows.entries()) {
    const at = `${file}: ${row.where}`;
    const key = parseRowKey(row.key, at);
    if (row.cells.length !== raw.columns.length)
      throw new UserError(
        `${at} (die ${row.key.trim()}) has ${row.cells.length} results, the header has ${raw.columns.length} columns`,
      );
    const codes = row.cells.map((cell, c) => {
      const code = cell.trim();
      if (code === '')
        throw new UserError(
          `${at} (die ${row.key.trim()}), column ${c + 1} (${raw.columns[c]}): an empty cell`,
        );
      if (!known.has(code)) {
        if (raw.hasLegend)
          throw new UserError(
            `${at} (die ${row.key.trim()}), column ${c + 1} (${raw.columns[c]}): result ${quote(code)} is not in the legend (${[...known.keys()].join(', ')})`,
          );
        const def: ResultDef = { code, description: code };
        known.set(code, def);
        results.push(def);
      }
      return code;
    });
    rows.push(key);
    cells.push(codes);
    void i;
  }
  // The die's totals must be covered by the rows exactly once each, and no row may lie outside.
  const lo = dice.count;
  const hi = dice.count * dice.sides;
  const cover = new Map<number, number>();
  for (const [r, [from, to]] of rows.entries()) {
    for (let t = from; t <= to; t++) {
      if (t < lo || t > hi)
        throw new UserError(
          `${file}: ${raw.rows[r]!.where} (die ${raw.rows[r]!.key.trim()}) lies outside the totals ${raw.dice} can roll (${lo}-${hi})`,
        );
      const prev = cover.get(t);
      if (prev !== undefined)
        throw new UserError(
          `${file}: ${raw.rows[prev]!.where} and ${raw.rows[r]!.where} both cover the die total ${t}`,
        );
      cover.set(t, r);
    }
  }
  const missing = [];
  for (let t = lo; t <= hi; t++) if (!cover.has(t)) missing.push(t);
  if (missing.length > 0)
    throw new UserError(
      `${file}: the dice ${raw.dice} roll ${lo}-${hi} but no row covers ${missing.join(', ')}`,
    );
  return {
    file,
    title: raw.title,
    ...(raw.source !== undefined ? { source: raw.source } : {}),
    dice,
    columnKind,
    columns: raw.columns.map((l) => l.trim()),
    columnValues,
    rows,
    cells,
    results,
    rounding: raw.rounding ?? 'defender',
    beyond: raw.beyond ?? 'clamp',
  };
}

const META_KEYS = ['title', 'source', 'dice', 'columns', 'rounding', 'beyond'] as const;

/**
 * A table from CSV text: `# key: value` lines (title, source, dice, columns, rounding, beyond, and
 * `result CODE: description | attacker: loss 1 | defender: retreat 1` for the legend) above a
 * grid whose header row names the die column, then the columns, and whose rows give a die total
 * (or range) and one result per column.
 */
export function parseCsvTable(text: string, file: string): CombatTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const meta: Record<string, string> = {};
  const legend: ResultDef[] = [];
  const gridLines: string[] = [];
  const lineNumbers: number[] = [];
  for (const [i, line] of lines.entries()) {
    const t = line.trim();
    if (t === '') continue;
    if (t.startsWith('#')) {
      const body = t.slice(1).trim();
      const m = /^([A-Za-z]+)(?:\s+(\S+))?\s*:\s*(.*)$/.exec(body);
      if (m === null) continue; // a plain comment
      const key = m[1]!.toLowerCase();
      if (key === 'result') {
        if (m[2] === undefined)
          throw new UserError(`${file}: line ${i + 1}: a legend line is "# result CODE: description"`);
        const [description, ...effects] = m[3]!.split('|');
        if (legend.some((r) => r.code === m[2]))
          throw new UserError(`${file}: line ${i + 1}: result ${quote(m[2])} is described twice`);
        legend.push({
          code: m[2],
          description: description!.trim() || m[2],
          ...parseEffects(effects, `${file}: line ${i + 1}`),
        });
      } else if ((META_KEYS as readonly string[]).includes(key) && m[2] === undefined) {
        meta[key] = m[3]!.trim();
      } else if (m[2] === undefined) {
        throw new UserError(
          `${file}: line ${i + 1}: unknown key ${quote(key)} (known: ${[...META_KEYS, 'result'].join(', ')})`,
        );
      }
      continue;
    }
    gridLines.push(line);
    lineNumbers.push(i + 1);
  }
  let grid: string[][];
  try {
    grid = parseCsv(gridLines.join('\n'), { relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (e) {
    throw new UserError(`${file}: not valid CSV: ${(e as Error).message}`);
  }
  const [header, ...body] = grid;
  if (header === undefined || header.length < 2)
    throw new UserError(`${file}: no header row (the die column, then one label per column)`);
  if (body.length === 0) throw new UserError(`${file}: no rows under the header`);
  const columnKind = meta.columns;
  if (columnKind !== undefined && !['ratio', 'differential', 'label'].includes(columnKind))
    throw new UserError(`${file}: columns ${quote(columnKind)} must be ratio, differential or label`);
  const rounding = meta.rounding;
  if (rounding !== undefined && !['defender', 'attacker', 'nearest'].includes(rounding))
    throw new UserError(`${file}: rounding ${quote(rounding)} must be defender, attacker or nearest`);
  const beyond = meta.beyond;
  if (beyond !== undefined && !['clamp', 'refuse'].includes(beyond))
    throw new UserError(`${file}: beyond ${quote(beyond)} must be clamp or refuse`);
  return validate(
    {
      title: meta.title ?? file,
      ...(meta.source !== undefined ? { source: meta.source } : {}),
      dice: meta.dice ?? '1d6',
      ...(columnKind !== undefined ? { columnKind: columnKind as ColumnKind } : {}),
      columns: header.slice(1),
      rows: body.map((r, i) => ({ key: r[0]!, cells: r.slice(1), where: `line ${lineNumbers[i + 1]!}` })),
      legend,
      hasLegend: legend.length > 0,
      ...(rounding !== undefined ? { rounding: rounding as Rounding } : {}),
      ...(beyond !== undefined ? { beyond: beyond as Beyond } : {}),
    },
    file,
  );
}

/** A table from a parsed JSON document (the same content as the CSV form, as fields). */
export function parseJsonTable(doc: unknown, file: string): CombatTable {
  const r = jsonSchema.safeParse(doc);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const field = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    throw new UserError(`${file}: field ${field}: ${issue.message}`);
  }
  const t = r.data;
  const legend: ResultDef[] = Object.entries(t.results ?? {}).map(([code, d]) => ({
    code,
    description: d.description ?? code,
    ...(d.attacker !== undefined ? { attacker: d.attacker as SideEffect } : {}),
    ...(d.defender !== undefined ? { defender: d.defender as SideEffect } : {}),
  }));
  return validate(
    {
      title: t.title,
      ...(t.source !== undefined ? { source: t.source } : {}),
      dice: t.dice,
      ...(t.columnKind !== undefined ? { columnKind: t.columnKind } : {}),
      columns: t.columns,
      rows: t.rows.map((row, i) => ({ key: String(row.die), cells: row.results, where: `rows[${i}]` })),
      legend,
      hasLegend: t.results !== undefined,
      ...(t.rounding !== undefined ? { rounding: t.rounding } : {}),
      ...(t.beyond !== undefined ? { beyond: t.beyond } : {}),
    },
    file,
  );
}

// --- exact odds ----------------------------------------------------------------------------------

/** Ways to roll each total with `count` dice of `sides` faces: index = total, over sides^count. */
export function diceCounts(count: number, sides: number): { ways: number[]; outOf: number } {
  let ways = [1];
  for (let d = 0; d < count; d++) {
    const next = new Array<number>(ways.length + sides).fill(0);
    ways.forEach((w, t) => {
      for (let f = 1; f <= sides; f++) next[t + f]! += w;
    });
    ways = next;
  }
  return { ways, outOf: sides ** count };
}

/** The printed column a battle of `attack` to `defence` falls in, or -1 (below the table, refused). */
export function battleColumn(
  table: CombatTable,
  attack: number,
  defence: number,
): { index: number; why: string } {
  const vals = table.columnValues;
  const last = vals.length - 1;
  if (table.columnKind === 'label')
    throw new UserError(`${table.file}: its columns are labels: name one with --column`);
  const ratio = table.columnKind === 'ratio';
  const x = ratio ? (defence === 0 ? Number.POSITIVE_INFINITY : attack / defence) : attack - defence;
  const raw = ratio ? `${attack} to ${defence}` : `difference ${x >= 0 ? '+' : ''}${x}`;
  const eps = ratio ? 1e-12 : 0;
  const below = vals.reduce((best, v, i) => (v <= x + eps ? i : best), -1);
  const above = vals.findIndex((v) => v >= x - eps);
  // Ratios are compared on a log scale: 1-2 is as far below 1-1 as 2-1 is above it.
  const distance = (v: number) => (ratio ? Math.abs(Math.log(x / v)) : Math.abs(x - v));
  const index =
    below === -1
      ? -1
      : above === -1
        ? last
        : table.rounding === 'defender'
          ? below
          : table.rounding === 'attacker'
            ? above
            : distance(vals[below]!) <= distance(vals[above]!)
              ? below
              : above;
  if (index === -1) {
    if (table.beyond === 'refuse')
      throw new UserError(
        `${table.file}: ${raw} is below the first column ${table.columns[0]} (beyond: refuse)`,
      );
    return { index: 0, why: `${raw} is below ${table.columns[0]}: the first column is used (beyond: clamp)` };
  }
  if (above === -1) {
    if (table.beyond === 'refuse')
      throw new UserError(
        `${table.file}: ${raw} is beyond the last column ${table.columns[last]} (beyond: refuse)`,
      );
    return {
      index: last,
      why: `${raw} is beyond ${table.columns[last]}: the last column is used (beyond: clamp)`,
    };
  }
  const exact = below === above;
  const how = table.rounding === 'nearest' ? 'to the nearest column' : `in the ${table.rounding}'s favour`;
  return { index, why: `${raw} reads ${table.columns[index]}${exact ? '' : ` (rounded ${how})`}` };
}

/** Probability of each result in column `c` with die modifier `drm`, as counts over one denominator. */
export function columnCounts(
  table: CombatTable,
  c: number,
  drm: number,
): { counts: Map<string, number>; outOf: number } {
  const { ways, outOf } = diceCounts(table.dice.count, table.dice.sides);
  const lo = table.dice.count;
  const hi = table.dice.count * table.dice.sides;
  const counts = new Map<string, number>(table.results.map((r) => [r.code, 0]));
  for (let t = lo; t <= hi; t++) {
    const modified = Math.min(hi, Math.max(lo, t + drm));
    const r = table.rows.findIndex(([from, to]) => modified >= from && modified <= to);
    const code = table.cells[r]![c]!;
    counts.set(code, counts.get(code)! + ways[t]!);
  }
  return { counts, outOf };
}

function expectedLoss(
  table: CombatTable,
  probs: ReadonlyMap<string, number>,
  side: 'attacker' | 'defender',
): string {
  let steps = 0;
  let all = 0;
  for (const r of table.results) {
    const loss = r[side]?.loss;
    if (loss === 'all') all += probs.get(r.code) ?? 0;
    else if (loss !== undefined) steps += loss * (probs.get(r.code) ?? 0);
  }
  const parts = [];
  if (steps > 0 || all === 0) parts.push(`${steps.toFixed(2)} steps`);
  if (all > 0) parts.push(`eliminated ${(all * 100).toFixed(2)}%`);
  return parts.join(', ');
}

/**
 * The exact odds of `table` in `situation`: with attack and defence (or a column), one battle's
 * column (after the shift); otherwise every column. The die modifier applies either way. The
 * result has the OddsTable shape of the built-in games' calculators.
 */
export function oddsOfTable(table: CombatTable, situation: Situation = {}): OddsTable {
  const drm = situation.drm ?? 0;
  const shift = situation.shift ?? 0;
  const notes: string[] = [];
  let columns: number[];
  let heading: string;
  const battle = situation.attack !== undefined || situation.defence !== undefined;
  if (battle && (situation.attack === undefined || situation.defence === undefined))
    throw new UserError('odds --table: give both --attack and --defence (or neither)');
  if (battle && situation.column !== undefined)
    throw new UserError('odds --table: give --attack and --defence or --column, not both');
  if (battle || situation.column !== undefined) {
    let base: number;
    if (situation.column !== undefined) {
      base = table.columns.indexOf(situation.column.trim());
      if (base === -1)
        throw new UserError(
          `odds --table: column ${quote(situation.column)} is not in ${table.file} (columns: ${table.columns.join(', ')})`,
        );
      heading = `column ${table.columns[base]}`;
    } else {
      const b = battleColumn(table, situation.attack!, situation.defence!);
      base = b.index;
      heading = `attack ${situation.attack} vs defence ${situation.defence}`;
      notes.push(`Column: ${b.why}.`);
    }
    const shifted = Math.min(table.columns.length - 1, Math.max(0, base + shift));
    if (shift !== 0) {
      notes.push(
        `Shift ${shift > 0 ? '+' : ''}${shift}: ${table.columns[base]} -> ${table.columns[shifted]}${
          shifted !== base + shift ? ' (clamped at the end of the table)' : ''
        }.`,
      );
    }
    columns = [shifted];
  } else {
    if (shift !== 0)
      throw new UserError('odds --table: --shift needs a battle (--attack and --defence, or --column)');
    columns = table.columns.map((_, c) => c);
    heading = 'every column';
  }
  if (drm !== 0)
    notes.push(
      `Die modifier ${drm > 0 ? '+' : ''}${drm}: a modified total beyond the rows printed uses the nearest row.`,
    );
  const perColumn = columns.map((c) => columnCounts(table, c, drm));
  const probs = perColumn.map(({ counts, outOf }) => new Map([...counts].map(([k, n]) => [k, n / outOf])));
  const dice = `${table.dice.count}d${table.dice.sides}`;
  notes.push(
    `Exact: every total of ${dice} counted over ${table.dice.sides ** table.dice.count} equally likely rolls.`,
  );
  if (table.results.some((r) => r.attacker?.loss !== undefined || r.defender?.loss !== undefined)) {
    for (const side of ['attacker', 'defender'] as const) {
      const per = probs.map((p, i) => `${table.columns[columns[i]!]}: ${expectedLoss(table, p, side)}`);
      notes.push(`Expected ${side} losses (legend): ${per.join('; ')}.`);
    }
  }
  return {
    title: `${table.title}: ${heading}${drm !== 0 ? `, die ${drm > 0 ? '+' : ''}${drm}` : ''}`,
    rule: table.file,
    columns: columns.map((c) => table.columns[c]!),
    rows: table.results.map((r) => ({ outcome: r.code, p: probs.map((p) => p.get(r.code) ?? 0) })),
    notes,
  };
}

/** The change from `base` to `other` in each result's probability, per column both print. */
export interface TableDifference {
  readonly title: string;
  readonly columns: readonly string[];
  /** delta[c]: other minus base, in probability (a result one table lacks counts as 0 there). */
  readonly rows: readonly { readonly outcome: string; readonly delta: readonly number[] }[];
  readonly notes: readonly string[];
}

/** Compares two tables' odds in the same situation, column by column (matched by label). */
export function compareTables(
  base: CombatTable,
  other: CombatTable,
  situation: Situation = {},
): TableDifference {
  const a = oddsOfTable(base, situation);
  const b = oddsOfTable(other, situation);
  const shared = a.columns.filter((c) => b.columns.includes(c));
  const notes: string[] = [];
  const onlyA = a.columns.filter((c) => !b.columns.includes(c));
  const onlyB = b.columns.filter((c) => !a.columns.includes(c));
  if (onlyA.length > 0) notes.push(`Only in ${base.file}: ${onlyA.join(', ')}.`);
  if (onlyB.length > 0) notes.push(`Only in ${other.file}: ${onlyB.join(', ')}.`);
  if (shared.length === 0)
    throw new UserError(
      `odds --against: ${base.file} and ${other.file} share no column label in this situation`,
    );
  const outcomes = [...new Set([...a.rows.map((r) => r.outcome), ...b.rows.map((r) => r.outcome)])];
  const p = (t: OddsTable, outcome: string, col: string) =>
    t.rows.find((r) => r.outcome === outcome)?.p[t.columns.indexOf(col)] ?? 0;
  return {
    title: `${other.title} against ${base.title}: change in each result's probability (points)`,
    columns: shared,
    rows: outcomes.map((o) => ({ outcome: o, delta: shared.map((c) => p(b, o, c) - p(a, o, c)) })),
    notes,
  };
}

/** A difference table as aligned text, in signed percentage points with two decimals. */
export function formatTableDifference(d: TableDifference): string {
  const cell = (x: number) => {
    const s = (x * 100).toFixed(2);
    return Number(s) === 0 ? '0.00' : x > 0 ? `+${s}` : s;
  };
  const head = ['outcome', ...d.columns];
  const body = d.rows.map((r) => [r.outcome, ...r.delta.map(cell)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    d.title,
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...body.map(line),
    ...d.notes.map((n) => `  ${n}`),
  ].join('\n');
}
