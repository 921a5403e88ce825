/**
 * Combat results tables (SFO 9, Table 2). One definition serves the simulator (lookup by die) and
 * the odds engine (exact distribution per column), so they can never disagree (docs/architecture.md "Chance is explicit").
 */
import { sfoData } from './data.js';

export type CombatResult = 'AE' | 'AR' | 'NE' | 'DR' | 'DE' | 'EX';
export const COMBAT_RESULTS: readonly CombatResult[] = ['AE', 'AR', 'NE', 'DR', 'DE', 'EX'];

/** `unified`: Table 2 (rules); `chart-basic`: the chart sheet's non-unified Basic table (rows 1-2 reconstructed). */
export type CrtId = 'unified' | 'chart-basic';
export type Level = 'basic' | 'advanced' | 'expert';

const TABLES: Record<CrtId, readonly (readonly CombatResult[])[]> = {
  unified: sfoData.crt.unified.rows,
  'chart-basic': sfoData.crt.chartBasic.rows,
};

/** Number of columns: Basic 1..6 attackers, Advanced strength difference 0..+5. */
export const CRT_COLUMNS = 6;

/**
 * Column index 0..5 of a battle, -1 when no attack is possible. SFO 9 Basic: the number of
 * attackers, 1..6 (six at most: one per neighbouring hex at stacking 1). Advanced and Expert: the
 * strength difference; below 0 no attack is possible (SFO 9). Table 2 prints 0..+5 and the rules
 * say nothing of a larger difference: a difference above +5 is fought in the +5 column (a cap, our
 * reading). Advanced never exceeds +5 (six 1-1-4 Soviet units against one defender make +5; the US
 * has five units), the Expert level does: the tanks' offence 2, Ж and Air/Artillery support.
 */
export function crtColumn(level: Level, attackers: number, difference: number): number {
  if (level === 'basic') return attackers < 1 ? -1 : Math.min(attackers, CRT_COLUMNS) - 1;
  if (difference < 0) return -1;
  return Math.min(difference, CRT_COLUMNS - 1);
}

/** Column label as printed: "2" attackers in Basic, "+1" difference in Advanced. */
export function columnLabel(level: Level, column: number): string {
  return level === 'basic' ? `${column + 1} attackers` : `${column === 0 ? '' : '+'}${column}`;
}

/** The table a game uses: the non-unified chart only ever applies to the Basic level. */
export function crtFor(level: Level, chartBasic: boolean): CrtId {
  return level === 'basic' && chartBasic ? 'chart-basic' : 'unified';
}

/** The result of a die roll (1..6) in a column index (0..5). */
export function crtResult(crt: CrtId, column: number, die: number): CombatResult {
  const row = TABLES[crt][die - 1];
  const r = row?.[column];
  if (r === undefined) throw new Error(`CRT ${crt}: no cell for die ${die}, column ${column}`);
  return r;
}

/** Exact outcome counts in sixths (sums to 6) of one column. */
export function crtSixths(crt: CrtId, column: number): Record<CombatResult, number> {
  const out: Record<CombatResult, number> = { AE: 0, AR: 0, NE: 0, DR: 0, DE: 0, EX: 0 };
  for (let die = 1; die <= 6; die++) out[crtResult(crt, column, die)] += 1;
  return out;
}

/** Exact outcome probabilities of one column (each a multiple of 1/6); the simulator samples the same cells. */
export function crtDistribution(crt: CrtId, column: number): Record<CombatResult, number> {
  const s = crtSixths(crt, column);
  const out = { ...s };
  for (const r of COMBAT_RESULTS) out[r] = s[r] / 6;
  return out;
}
