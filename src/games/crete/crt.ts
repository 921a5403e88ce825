/**
 * The two combat results tables (K18: "All Out Attack" and "Limited Attack"; reconstructed, data
 * file) and the odds column (K10.4): attacker CF to defender CF, reduced in the defender's favour.
 */
import { creteData } from './data.js';
import type { CreteRules, Table } from './state.js';

export type CombatResult = 'AE' | 'AR' | 'NE' | 'CA' | 'EX' | 'DR' | 'DE';
export const COMBAT_RESULTS: readonly CombatResult[] = ['AE', 'AR', 'NE', 'CA', 'EX', 'DR', 'DE'];
export const COLUMNS: readonly string[] = creteData.crt.columns;

/**
 * K10.4: the column index 0..7 (1-3 ... 6-1) of attack `a` against defence `d`, rounding in the
 * defender's favour; below 1-3 gives -1 (V-ODDS decides), above 6-1 gives 6-1.
 */
export function oddsIndex(a: number, d: number): number {
  if (a <= 0) return -1;
  if (d <= 0) return COLUMNS.length - 1;
  if (a >= d) return Math.min(COLUMNS.length - 1, 1 + Math.floor(a / d));
  const k = Math.ceil(d / a);
  return k === 2 ? 1 : k === 3 ? 0 : -1;
}

/** The odds label of K10.4 (e.g. 8 to 3 -> '2-1'), with the clamps of odds-clamp. */
export function oddsColumn(a: number, d: number): string {
  return COLUMNS[Math.max(0, oddsIndex(a, d))]!;
}

/** The column used under the V-ODDS reading: -1 when the attack is not allowed. */
export function usedColumn(rules: CreteRules, a: number, d: number): number {
  const i = oddsIndex(a, d);
  if (i >= 0) return i;
  return rules.odds === 'odds-min-1-3' ? -1 : 0;
}

/** The result of die 1..6 in column 0..7 of `table` under the crt-set parameter. */
export function crtResult(
  crtSet: CreteRules['crtSet'],
  table: Table,
  column: number,
  die: number,
): CombatResult {
  if (table === 'all-out') {
    const c = crtSet === 'bloody' ? Math.max(0, column - 1) : column;
    return creteData.crt.allOut[die - 1]![c]! as CombatResult;
  }
  const r = creteData.crt.limited[die - 1]![column]! as CombatResult;
  return crtSet === 'soft' && column >= 6 && r === 'DE' ? 'DR' : r;
}

/** Sixths of each result in one column (the exact distribution the die draws from). */
export function crtSixths(
  crtSet: CreteRules['crtSet'],
  table: Table,
  column: number,
): Record<CombatResult, number> {
  const out = { AE: 0, AR: 0, NE: 0, CA: 0, EX: 0, DR: 0, DE: 0 };
  for (let d = 1; d <= 6; d++) out[crtResult(crtSet, table, column, d)]++;
  return out;
}
