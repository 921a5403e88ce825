import type { GameDefinition } from '../core/game.js';
import type { Table } from './games-table.js';
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

/** Outcome indicator per game index of one arm: 1 where `hit(row)` holds. */
function indicator(table: Table, arm: string, column: string, value: string): Map<number, number> {
  const arms = table.array('arm') as ArrayLike<string>;
  const games = table.array('game') as ArrayLike<number>;
  const col = table.array(column) as ArrayLike<string>;
  const out = new Map<number, number>();
  for (let i = 0; i < arms.length; i++) if (arms[i] === arm) out.set(games[i]!, col[i] === value ? 1 : 0);
  return out;
}

/** Which arm each arm is compared with: its own baseline, else the experiment's; none for itself. */
export function comparisonPairs(arms: readonly { readonly id: string; readonly baseline?: string | null | undefined }[], baseline: string | null): { arm: string; baseline: string }[] {
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
export function compareArms(def: GameDefinition, table: Table, pairs: readonly { arm: string; baseline: string }[]): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const side of def.sides) {
    const sideRows: Omit<ComparisonRow, 'p_holm'>[] = [];
    for (const { arm, baseline } of pairs) {
      const base = indicator(table, baseline, 'winner', side.id);
      const other = indicator(table, arm, 'winner', side.id);
      let a = 0;
      let b = 0;
      let c = 0;
      let d = 0;
      for (const [g, x] of base) {
        const y = other.get(g);
        if (y === undefined) continue;
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
  'arm', 'baseline', 'outcome', 'games', 'rate', 'baseline_rate', 'diff', 'lo95', 'hi95', 'indep_lo95', 'indep_hi95', 'discordant', 'p_mcnemar', 'p_holm',
] as const;
