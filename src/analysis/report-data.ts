import { table as arqueroTable, from } from 'arquero';
import type { GameDefinition } from '../core/game.js';
import { COMPARISON_COLUMNS, type ComparisonRow, compareArms, comparisonPairs } from './compare.js';
import { toCsv } from './csv.js';
import type { GamesTable } from './games-table.js';
import { type LadderResult, ladderJson } from './ladder.js';
import { entrantRanking, RANKING_COLUMNS, type RankingRow } from './ranking.js';
import {
  type EndTurnRow,
  endTurnSummary,
  type OutcomeRow,
  outcomeSummary,
  type StatRow,
  statSummary,
} from './summary.js';
import { type MatrixVerdict, metaGameJson, robustnessJson } from './verdict.js';

/** How often one board cell was marked (fought over, controlled...) in one arm's games: a row of cells.csv. */
export interface HeatRow {
  readonly arm: string;
  readonly cell: string;
  readonly count: number;
  readonly games: number;
  readonly share: number;
}

/**
 * cells.csv's rows from per-cell counts (arms, then cells, in the order given) and each arm's
 * games: the counts joined with the games on arm, the share derived (0 for an arm without games).
 */
export function heatRows(
  cells: readonly { readonly arm: string; readonly cell: string; readonly count: number }[],
  games: ReadonlyMap<string, number>,
): HeatRow[] {
  if (cells.length === 0) return [];
  return from(cells.map((c, order) => ({ ...c, order })))
    .join(arqueroTable({ arm: [...games.keys()], games: [...games.values()] }), 'arm')
    .derive({ share: 'd => d.games === 0 ? 0 : d.count / d.games' })
    .orderby('order')
    .select(...HEAT_COLUMNS)
    .objects() as HeatRow[];
}

/** The columns of cells.csv. */
export const HEAT_COLUMNS = ['arm', 'cell', 'count', 'games', 'share'] as const;

export type { EndTurnRow } from './summary.js';

/** Everything the summaries and the report show, computed once from the games table. */
export interface ReportData {
  readonly outcomes: readonly OutcomeRow[];
  readonly stats: readonly StatRow[];
  readonly comparisons: readonly ComparisonRow[];
  readonly endTurns: readonly EndTurnRow[];
  readonly heat: readonly HeatRow[];
  /** A round robin's entrants ranked by score (empty without a round robin). */
  readonly ranking?: readonly RankingRow[];
  /** Each policy matrix's meta-game: the value of the game under the run's strongest strategies. */
  readonly verdicts?: readonly MatrixVerdict[];
  /** A skill ladder's values by rung, convergence and gain (only in a run with a ladder). */
  readonly ladder?: LadderResult;
}

export function computeReportData(
  def: GameDefinition,
  table: GamesTable,
  arms: readonly {
    readonly id: string;
    readonly baseline?: string | null | undefined;
    readonly entrants?: Readonly<Record<string, string>> | undefined;
  }[],
  baseline: string | null,
  heat: readonly HeatRow[],
): ReportData {
  const armOrder = arms.map((a) => a.id);
  return {
    outcomes: outcomeSummary(def, table, armOrder),
    stats: statSummary(def, table, armOrder),
    comparisons: compareArms(def, table, comparisonPairs(arms, baseline)),
    endTurns: endTurnSummary(table, armOrder),
    heat,
    ranking: arms.some((a) => a.entrants !== undefined) ? entrantRanking(table, arms) : [],
  };
}

/** The CSV summaries of a run: summary.csv, stats.csv, end-turns.csv, and comparisons.csv / cells.csv / ranking.csv when they apply. */
export function summaryFiles(data: ReportData): Record<string, string> {
  const files: Record<string, string> = {
    'summary.csv': toCsv(data.outcomes, ['arm', 'kind', 'outcome', 'count', 'games', 'rate', 'lo95', 'hi95']),
    'stats.csv': toCsv(data.stats, ['arm', 'stat', 'mean', 'sd', 'min', 'q25', 'median', 'q75', 'max']),
    'end-turns.csv': toCsv(data.endTurns, ['arm', 'end_turn', 'count', 'share']),
  };
  if (data.comparisons.length > 0) files['comparisons.csv'] = toCsv(data.comparisons, COMPARISON_COLUMNS);
  if (data.heat.length > 0) files['cells.csv'] = toCsv(data.heat, HEAT_COLUMNS);
  if ((data.ranking ?? []).length > 0) files['ranking.csv'] = toCsv(data.ranking ?? [], RANKING_COLUMNS);
  if ((data.verdicts ?? []).length > 0) files['metagame.json'] = metaGameJson(data.verdicts ?? []);
  if ((data.verdicts ?? []).some((v) => v.robustness !== undefined))
    files['robustness.json'] = robustnessJson(data.verdicts ?? []);
  if (data.ladder !== undefined) files['ladder.json'] = ladderJson(data.ladder);
  return files;
}
