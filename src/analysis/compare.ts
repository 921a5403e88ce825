import type { GameDefinition } from '../core/game.js';
import { catColumn, type GamesTable, numColumn } from './games-table.js';
import { holm, independentDifference, pairedDifference } from './stats.js';

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

/**
 * Outcome indicator by game index of one arm: 1 where `column` is `value`, 0 where it is not, -1
 * for game indices the arm did not play (a later row of the same game index wins).
 */
function indicator(ref: ArmRef, column: string, value: string, size: number): Int8Array {
  const out = new Int8Array(size).fill(-1);
  const arms = catColumn(ref.table, 'arm');
  const a = arms.categories.indexOf(ref.arm);
  if (a < 0) return out;
  const games = numColumn(ref.table, 'game');
  const col = catColumn(ref.table, column);
  const hit = col.categories.indexOf(value);
  for (let i = 0; i < ref.table.rows; i++)
    if (arms.codes[i] === a) out[games[i]!] = col.codes[i] === hit ? 1 : 0;
  return out;
}

/** One past the largest game index of a table. */
function gameBound(table: GamesTable): number {
  const games = numColumn(table, 'game');
  let max = -1;
  for (let i = 0; i < games.length; i++) if (games[i]! > max) max = games[i]!;
  return max + 1;
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
  const rows: ComparisonRow[] = [];
  for (const side of def.sides) {
    const sideRows: Omit<ComparisonRow, 'p_holm'>[] = [];
    for (const { arm, baseline, armRef, baselineRef } of pairs) {
      const size = Math.max(gameBound(armRef.table), gameBound(baselineRef.table));
      const base = indicator(baselineRef, 'winner', side.id, size);
      const other = indicator(armRef, 'winner', side.id, size);
      let a = 0;
      let b = 0;
      let c = 0;
      let d = 0;
      for (let g = 0; g < size; g++) {
        const x = base[g]!;
        const y = other[g]!;
        if (x < 0 || y < 0) continue;
        if (x === 1 && y === 1) a++;
        else if (x === 1) b++;
        else if (y === 1) c++;
        else d++;
      }
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
    }
    const adjusted = holm(sideRows.map((r) => r.p_mcnemar));
    for (const [i, r] of sideRows.entries()) rows.push({ ...r, p_holm: adjusted[i]! });
  }
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
