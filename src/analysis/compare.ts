import type { ColumnTable } from 'arquero';
import type { GameDefinition } from '../core/game.js';
import type { GamesTable } from './games-table.js';
import { holm, independentDifference, type PairedTable, pairedDifference } from './stats.js';

/** One arm against the baseline on one outcome, paired game by game on common seeds. */
export interface ComparisonRow {
  readonly arm: string;
  readonly baseline: string;
  readonly outcome: string;
  readonly games: number;
  readonly rate: number;
  readonly baseline_rate: number;
  readonly diff: number;
  readonly lo95: number;
  readonly hi95: number;
  /** The interval the same data would give if the arms had not shared seeds. */
  readonly indep_lo95: number;
  readonly indep_hi95: number;
  readonly discordant: number;
  readonly p_mcnemar: number;
  readonly p_holm: number;
}

/** One arm of a games table. */
export interface ArmRef {
  readonly table: GamesTable;
  readonly arm: string;
}

/** Game index and winner of one arm's rows. */
function winners(ref: ArmRef): ColumnTable {
  return ref.table.params({ arm: ref.arm }).filter('(d, $) => d.arm === $.arm').select('game', 'winner');
}

/**
 * The paired 2x2 table of each side's wins over the game indices both arms played (a join on
 * game): a both win, b only the baseline, c only the arm, d neither.
 */
function pairedCounts(def: GameDefinition, arm: ColumnTable, baseline: ColumnTable): PairedTable[] {
  const spec: Record<string, string> = {};
  def.sides.forEach((side, i) => {
    const s = JSON.stringify(side.id);
    spec[`a${i}`] = `d => op.sum(d.x === ${s} && d.y === ${s})`;
    spec[`b${i}`] = `d => op.sum(d.x === ${s} && d.y !== ${s})`;
    spec[`c${i}`] = `d => op.sum(d.x !== ${s} && d.y === ${s})`;
    spec[`d${i}`] = `d => op.sum(d.x !== ${s} && d.y !== ${s})`;
  });
  const r = baseline
    .rename({ winner: 'x' })
    .join(arm.rename({ winner: 'y' }), 'game')
    .rollup(spec)
    .object() as Record<string, number | undefined>;
  return def.sides.map((_, i) => ({
    a: r[`a${i}`] ?? 0,
    b: r[`b${i}`] ?? 0,
    c: r[`c${i}`] ?? 0,
    d: r[`d${i}`] ?? 0,
  }));
}

/** Which arm each arm is compared with: its own baseline, else the experiment's; none for itself. */
export function comparisonPairs(
  arms: readonly { readonly id: string; readonly baseline?: string | null | undefined }[],
  baseline: string | null,
): { arm: string; baseline: string }[] {
  return arms.flatMap((a) => {
    const b = a.baseline ?? baseline;
    return b === null || b === undefined || b === a.id ? [] : [{ arm: a.id, baseline: b }];
  });
}

/**
 * Each arm against its baseline on each side's win rate: the paired difference (Newcombe) with the
 * exact McNemar p-value, Holm-adjusted over all the comparisons of that side, and the unpaired
 * interval for contrast. Only game indices both arms played are paired.
 */
export function compareArms(
  def: GameDefinition,
  table: GamesTable,
  pairs: readonly { arm: string; baseline: string }[],
): ComparisonRow[] {
  return comparePairs(
    def,
    pairs.map((p) => ({ ...p, armRef: { table, arm: p.arm }, baselineRef: { table, arm: p.baseline } })),
  );
}

/**
 * As compareArms, for arms that may come from different tables (runs): each pair names the rows'
 * labels (arm, baseline) and where the arm and its baseline are.
 */
export function comparePairs(
  def: GameDefinition,
  pairs: readonly { arm: string; baseline: string; armRef: ArmRef; baselineRef: ArmRef }[],
): ComparisonRow[] {
  // each arm's rows are filtered once, however many pairs it is in
  const byTable = new Map<GamesTable, Map<string, ColumnTable>>();
  const rowsOf = (ref: ArmRef) => {
    const arms = byTable.get(ref.table) ?? new Map<string, ColumnTable>();
    byTable.set(ref.table, arms);
    const t = arms.get(ref.arm) ?? winners(ref);
    arms.set(ref.arm, t);
    return t;
  };
  const counts = pairs.map((p) => pairedCounts(def, rowsOf(p.armRef), rowsOf(p.baselineRef)));
  const rows: ComparisonRow[] = [];
  def.sides.forEach((side, si) => {
    const sideRows: Omit<ComparisonRow, 'p_holm'>[] = [];
    pairs.forEach(({ arm, baseline }, pi) => {
      const { a, b, c, d } = counts[pi]![si]!;
      const n = a + b + c + d;
      const pd = pairedDifference({ a, b, c, d });
      const ind = independentDifference(a + b, n, a + c, n);
      sideRows.push({
        arm,
        baseline,
        outcome: `win:${side.id}`,
        games: n,
        rate: n === 0 ? 0 : (a + c) / n,
        baseline_rate: n === 0 ? 0 : (a + b) / n,
        diff: pd.estimate,
        lo95: pd.low,
        hi95: pd.high,
        indep_lo95: ind.low,
        indep_hi95: ind.high,
        discordant: pd.discordant,
        p_mcnemar: pd.p,
      });
    });
    const adjusted = holm(sideRows.map((r) => r.p_mcnemar));
    for (const [i, r] of sideRows.entries()) rows.push({ ...r, p_holm: adjusted[i]! });
  });
  return rows;
}

export const COMPARISON_COLUMNS = [
  'arm',
  'baseline',
  'outcome',
  'games',
  'rate',
  'baseline_rate',
  'diff',
  'lo95',
  'hi95',
  'indep_lo95',
  'indep_hi95',
  'discordant',
  'p_mcnemar',
  'p_holm',
] as const;
