import type { GameDefinition } from '../core/game.js';
import { catColumn, type GamesTable, numColumn, rowsByCategory } from './games-table.js';
import { wilson } from './intervals.js';

/** One line of summary.csv: how often an outcome happened in an arm, with its Wilson 95% interval. */
export interface OutcomeRow {
  readonly arm: string;
  readonly kind: 'winner' | 'result';
  readonly outcome: string;
  readonly count: number;
  readonly games: number;
  readonly rate: number;
  readonly lo95: number;
  readonly hi95: number;
}

/** Rows per category of `name` within each arm: counts[armCode * categories + code]. */
function countByArm(
  table: GamesTable,
  name: string,
): { counts: Float64Array; categories: readonly string[] } {
  const arm = catColumn(table, 'arm');
  const col = catColumn(table, name);
  const k = col.categories.length;
  const counts = new Float64Array(arm.categories.length * k);
  for (let i = 0; i < table.rows; i++) counts[arm.codes[i]! * k + col.codes[i]!]!++;
  return { counts, categories: col.categories };
}

/**
 * Outcome rates per arm: each side's wins and games without a winner (kind "winner"), then each
 * result category (kind "result"); every rate with its Wilson 95% interval (DESIGN §4).
 */
export function outcomeSummary(
  def: GameDefinition,
  table: GamesTable,
  armOrder: readonly string[],
): OutcomeRow[] {
  const arms = catColumn(table, 'arm').categories;
  const byKind = { winner: countByArm(table, 'winner'), result: countByArm(table, 'result') };
  const gamesPerArm = new Float64Array(arms.length);
  const { codes } = catColumn(table, 'arm');
  for (let i = 0; i < table.rows; i++) gamesPerArm[codes[i]!]!++;
  const rows: OutcomeRow[] = [];
  for (const arm of armOrder) {
    const a = arms.indexOf(arm);
    const games = a < 0 ? 0 : gamesPerArm[a]!;
    const outcomes: [OutcomeRow['kind'], string][] = [
      ...def.sides.map((s): [OutcomeRow['kind'], string] => ['winner', s.id]),
      ['winner', 'none'],
      ...def.results.map((r): [OutcomeRow['kind'], string] => ['result', r.id]),
    ];
    for (const [kind, outcome] of outcomes) {
      const { counts, categories } = byKind[kind];
      const c = categories.indexOf(outcome);
      const count = a < 0 || c < 0 ? 0 : counts[a * categories.length + c]!;
      const ci = wilson(count, games);
      rows.push({
        arm,
        kind,
        outcome,
        count,
        games,
        rate: games === 0 ? 0 : count / games,
        lo95: ci.low,
        hi95: ci.high,
      });
    }
  }
  return rows;
}

/** Per-arm distribution of each of the game's statistics: mean, sd, min, quartiles, max. */
export interface StatRow {
  readonly arm: string;
  readonly stat: string;
  readonly mean: number;
  readonly sd: number;
  readonly min: number;
  readonly q25: number;
  readonly median: number;
  readonly q75: number;
  readonly max: number;
}

/** The p-quantile of ascending values, interpolated between order statistics ((n - 1) p, R-7). */
function quantile(sorted: Float64Array, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  if (p <= 0 || n < 2) return sorted[0]!;
  if (p >= 1) return sorted[n - 1]!;
  const i = (n - 1) * p;
  const i0 = Math.floor(i);
  const v0 = sorted[i0]!;
  return v0 + (sorted[i0 + 1]! - v0) * (i - i0);
}

/**
 * Mean (Welford's running update, in row order), sample sd, min, quartiles and max of `values` at
 * `rows`. Same arithmetic, in the same order, as the arquero rollup the summaries were first made
 * with, so stats.csv did not change by a bit.
 */
export function distribution(
  values: Int32Array | Float64Array,
  rows: Uint32Array,
): Omit<StatRow, 'arm' | 'stat'> {
  let mean = 0;
  let dev = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let integers = true;
  const n = rows.length;
  for (let k = 0; k < n; k++) {
    const v = values[rows[k]!]!;
    const d = v - mean;
    mean += d / (k + 1);
    dev += d * (v - mean);
    if (v < min) min = v;
    if (v > max) max = v;
    if (integers && !Number.isInteger(v)) integers = false;
  }
  const q =
    integers && max - min < 1 << 20
      ? countedQuantiles(values, rows, min, max)
      : sortedQuantiles(values, rows);
  return {
    mean: n > 0 ? mean : Number.NaN,
    sd: n > 1 ? Math.sqrt(dev / (n - 1)) : Number.NaN,
    min: n > 0 ? min : Number.NaN,
    ...q,
    max: n > 0 ? max : Number.NaN,
  };
}

type Quartiles = { q25: number; median: number; q75: number };

function sortedQuantiles(values: Int32Array | Float64Array, rows: Uint32Array): Quartiles {
  const sorted = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) sorted[k] = values[rows[k]!]!;
  sorted.sort();
  return { q25: quantile(sorted, 0.25), median: quantile(sorted, 0.5), q75: quantile(sorted, 0.75) };
}

/**
 * The quartiles of integer values in [min, max] from their counts: the same order statistics (and
 * so the same interpolation) as sorting, in one pass.
 */
function countedQuantiles(
  values: Int32Array | Float64Array,
  rows: Uint32Array,
  min: number,
  max: number,
): Quartiles {
  const n = rows.length;
  if (n === 0) return { q25: Number.NaN, median: Number.NaN, q75: Number.NaN };
  const counts = new Float64Array(max - min + 1);
  for (let k = 0; k < n; k++) counts[values[rows[k]!]! - min]!++;
  // The value at sorted position i (0-based): the first value whose cumulative count exceeds i.
  const at = (i: number) => {
    let seen = 0;
    for (let v = 0; v < counts.length; v++) {
      seen += counts[v]!;
      if (seen > i) return v + min;
    }
    return max;
  };
  const q = (p: number) => {
    if (n < 2) return at(0);
    const i = (n - 1) * p;
    const i0 = Math.floor(i);
    const v0 = at(i0);
    return v0 + (at(i0 + 1) - v0) * (i - i0);
  };
  return { q25: q(0.25), median: q(0.5), q75: q(0.75) };
}

export function statSummary(def: GameDefinition, table: GamesTable, armOrder: readonly string[]): StatRow[] {
  const names = ['end_turn', ...def.stats.map((s) => s.id)];
  const missing = new Map(def.stats.filter((s) => s.missing !== undefined).map((s) => [s.id, s.missing!]));
  const arm = catColumn(table, 'arm');
  const byArm = rowsByCategory(arm.codes, arm.categories.length);
  const rows: StatRow[] = [];
  for (const id of armOrder) {
    const a = arm.categories.indexOf(id);
    if (a < 0 || byArm[a]!.length === 0) continue;
    for (const stat of names) {
      const values = numColumn(table, stat);
      const skip = missing.get(stat);
      const at = skip === undefined ? byArm[a]! : byArm[a]!.filter((r) => values[r] !== skip);
      rows.push({ arm: id, stat, ...distribution(values, at) });
    }
  }
  return rows;
}

/** How many games of each arm ended on each turn. */
export interface EndTurnRow {
  readonly arm: string;
  readonly end_turn: number;
  readonly count: number;
  readonly share: number;
}

/** Games per end turn for each arm (in `armOrder`, turns ascending), as a share of the arm's games. */
export function endTurnSummary(
  table: GamesTable,
  armOrder: readonly string[],
  games: ReadonlyMap<string, number>,
): EndTurnRow[] {
  const arm = catColumn(table, 'arm');
  const turns = numColumn(table, 'end_turn');
  const counts = arm.categories.map(() => new Map<number, number>());
  for (let i = 0; i < table.rows; i++) {
    const m = counts[arm.codes[i]!]!;
    m.set(turns[i]!, (m.get(turns[i]!) ?? 0) + 1);
  }
  return armOrder.flatMap((id) => {
    const a = arm.categories.indexOf(id);
    if (a < 0) return [];
    return [...counts[a]!.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([end_turn, count]) => ({ arm: id, end_turn, count, share: count / (games.get(id) ?? 1) }));
  });
}
