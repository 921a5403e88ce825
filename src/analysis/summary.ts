import { table as arqueroTable, type ColumnTable } from 'arquero';
import type { GameDefinition } from '../core/game.js';
import type { GamesTable } from './games-table.js';
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

/** A column reference in an arquero expression string. */
const field = (name: string): string => `d[${JSON.stringify(name)}]`;

/**
 * Outcome rates per arm: each side's wins and games without a winner (kind "winner"), then each
 * result category (kind "result"); every rate with its Wilson 95% interval (DESIGN §4). Counts are
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

/** The p-quantile of ascending values, interpolated between order statistics ((n - 1) p, R-7, as op.quantile). */
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
 * end_turn and each of the game's statistics per arm (arms in `armOrder` that have games, in that
 * order; statistics in the game's order): per statistic one `groupby(arm).rollup` of mean
 * (Welford, in row order), sample sd, min, max and the values, whose quartiles are read off
 * them sorted as a Float64Array (op.quantile's comparator sort of a plain array is several times
 * slower on a million rows). A statistic's "not reached" value (StatDef.missing) is null to the
 * aggregates, so left out; an arm where no game reached it gets NaN throughout.
 */
export function statSummary(def: GameDefinition, table: GamesTable, armOrder: readonly string[]): StatRow[] {
  const names = ['end_turn', ...def.stats.map((s) => s.id)];
  const missing = new Map(def.stats.map((s) => [s.id, s.missing]));
  const arms = armOrderTable(armOrder);
  const byStat = names.map((stat) => {
    const skip = missing.get(stat);
    const v = skip === undefined ? field(stat) : `(${field(stat)} === ${skip} ? null : ${field(stat)})`;
    const rows = table
      .groupby('arm')
      .rollup({
        mean: `d => op.mean(${v})`,
        sd: `d => op.stdev(${v})`,
        min: `d => op.min(${v})`,
        max: `d => op.max(${v})`,
        values: `d => op.array_agg(${v})`,
      })
      .join(arms, 'arm')
      .orderby('order')
      .objects() as {
      arm: string;
      mean?: number;
      sd?: number;
      min?: number;
      max?: number;
      values: number[];
    }[];
    return rows.map(({ arm, mean, sd, min, max, values }): StatRow => {
      const sorted = Float64Array.from(values).sort();
      return {
        arm,
        stat,
        mean: mean ?? Number.NaN,
        sd: sd ?? Number.NaN,
        min: min ?? Number.NaN,
        q25: quantile(sorted, 0.25),
        median: quantile(sorted, 0.5),
        q75: quantile(sorted, 0.75),
        max: max ?? Number.NaN,
      };
    });
  });
  return byStat[0]!.flatMap((_, a) => byStat.map((rows) => rows[a]!));
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
