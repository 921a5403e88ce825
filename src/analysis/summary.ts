import { table as arqueroTable, type ColumnTable } from 'arquero';
import type { GameDefinition } from '../core/game.js';
import { type GamesTable, numbers } from './games-table.js';
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

/** `arms` in order as a table (arm, order): joined with a rollup, it keeps and orders the arms asked for. */
function armOrderTable(arms: readonly string[]): ColumnTable {
  return arqueroTable({ arm: [...arms], order: Int32Array.from(arms.keys()) });
}

/**
 * Outcome rates per arm: each side's wins and games without a winner (kind "winner"), then each
 * result category (kind "result"); every rate with its Wilson 95% interval (docs/architecture.md "Statistics"). Counts are
 * `groupby(arm, winner | result).count()` joined onto every (arm, outcome) asked for.
 */
export function outcomeSummary(
  def: GameDefinition,
  table: GamesTable,
  armOrder: readonly string[],
): OutcomeRow[] {
  const outcomes: [OutcomeRow['kind'], string][] = [
    ...def.sides.map((s): [OutcomeRow['kind'], string] => ['winner', s.id]),
    ['winner', 'none'],
    ...def.results.map((r): [OutcomeRow['kind'], string] => ['result', r.id]),
  ];
  const wanted = arqueroTable({
    arm: armOrder.flatMap((a) => outcomes.map(() => a)),
    kind: armOrder.flatMap(() => outcomes.map(([k]) => k)),
    outcome: armOrder.flatMap(() => outcomes.map(([, o]) => o)),
    order: Int32Array.from({ length: armOrder.length * outcomes.length }, (_, i) => i),
  });
  const counts = (kind: OutcomeRow['kind']) =>
    table
      .groupby('arm', kind)
      .count()
      .rename({ [kind]: 'outcome' })
      .derive({ kind: `() => ${JSON.stringify(kind)}` });
  const keys = ['arm', 'kind', 'outcome'];
  const rows = wanted
    .join_left(counts('winner').concat(counts('result')), [keys, keys])
    .join_left(table.groupby('arm').count({ as: 'games' }), 'arm')
    .orderby('order')
    .objects() as {
    arm: string;
    kind: OutcomeRow['kind'];
    outcome: string;
    count?: number;
    games?: number;
  }[];
  return rows.map(({ arm, kind, outcome, count = 0, games = 0 }) => {
    const ci = wilson(count, games);
    return {
      arm,
      kind,
      outcome,
      count,
      games,
      rate: games === 0 ? 0 : count / games,
      lo95: ci.low,
      hi95: ci.high,
    };
  });
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
export function quantile(sorted: ArrayLike<number>, p: number): number {
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

/**
 * end_turn and each of the game's statistics per arm (arms in `armOrder` that have games, in that
 * order; statistics in the game's order). The rows of each arm are arquero's partition of
 * `groupby(arm)`, made once; each statistic's distribution is then read straight off its typed
 * column (`distribution`: one pass, quartiles by counting for integers), as 26 rollups with an
 * `array_agg` each cost five times the time on a million games. A statistic's "not reached" value
 * (StatDef.missing) is left out; an arm where no game reached it gets NaN throughout.
 */
export function statSummary(def: GameDefinition, table: GamesTable, armOrder: readonly string[]): StatRow[] {
  const names = ['end_turn', ...def.stats.map((s) => s.id)];
  const missing = new Map(def.stats.filter((s) => s.missing !== undefined).map((s) => [s.id, s.missing!]));
  const grouped = table.groupby('arm');
  const groups = grouped.groups();
  const parts = grouped.partitions();
  const rowsOf = new Map<string, Uint32Array>();
  for (let g = 0; g < groups.size; g++)
    rowsOf.set(String(groups.get[0]!(groups.rows[g]!, table.data())), Uint32Array.from(parts[g]!));
  const rows: StatRow[] = [];
  for (const arm of armOrder) {
    const at = rowsOf.get(arm);
    if (at === undefined || at.length === 0) continue;
    for (const stat of names) {
      const values = numbers(table, stat);
      const skip = missing.get(stat);
      rows.push({
        arm,
        stat,
        ...distribution(values, skip === undefined ? at : at.filter((r) => values[r] !== skip)),
      });
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
export function endTurnSummary(table: GamesTable, armOrder: readonly string[]): EndTurnRow[] {
  return table
    .groupby('arm', 'end_turn')
    .count()
    .join(table.groupby('arm').count({ as: 'games' }), 'arm')
    .join(armOrderTable(armOrder), 'arm')
    .derive({ share: (d: { count: number; games: number }) => d.count / d.games })
    .orderby('order', 'end_turn')
    .select('arm', 'end_turn', 'count', 'share')
    .objects() as EndTurnRow[];
}
