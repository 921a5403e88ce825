/**
 * Weather and Luftwaffe strength (DC 7.A, 5.A; RULES-CHECKLIST C-1): constant months, the spring roll (March:
 * sets Mar-May) and the autumn roll (October: sets Oct-Nov), and German air units by year and column.
 */
import { randInt } from '../../core/rng.js';
import { dcData } from './data.js';
import { tell } from './narrate.js';
import type { DcRules } from './resolve.js';
import { type DcState, monthOf, type SideIx, yearOf } from './state.js';
import type { DcWorkspace } from './workspace.js';

export const WEATHER_NAMES = ['Good', 'Mud', 'Snow'] as const;
const CODE = { good: 0, mud: 1, snow: 2 } as const;

/** Weather code (0 Good, 1 Mud, 2 Snow) of a month in a column (1 or 2) under the rules' readings. */
export function weatherOf(rules: DcRules, month: number, col: number): number {
  const row = dcData.weather.months[month - 1]!;
  if (month === 3 && col === 2) return CODE[rules.marchC2];
  // 1E-errata 2 (variant winter-col2): the 1st-edition Dec-Feb column 2 (parameter winter-col2-weather)
  if (rules.winterC2 !== null && col === 2 && (month === 12 || month <= 2)) return CODE[rules.winterC2];
  // variant spring-may-swapped: May column 1 Good, column 2 Mud
  if (month === 5 && rules.maySwapped) return col === 1 ? 0 : 1;
  return CODE[col === 1 ? row.c1 : row.c2];
}

/** DC 7.A, 5.A: German air units of a month, year and column; June 1941 of a June game gets 4. */
export function airOf(month: number, year: number, col: number, firstTurn: boolean): number {
  const cell = dcData.weather.months[month - 1]!.air[String(year)];
  if (cell === undefined) return 0;
  const n = cell[col - 1]!;
  return firstTurn && month === 6 && year === 1941 ? n + dcData.setup.germanAir.juneBonus : n;
}

/**
 * Which column a month reads (spring/autumn rolls; constant months read column 1). `winterCol`
 * (variant winter-col2-1st, 1E-errata 2): Dec, Jan and Feb read the autumn roll's column, the
 * reading under which the 1st-edition table's two winter columns could differ at all.
 */
export function columnOf(month: number, springCol: number, autumnCol: number, winterCol = false): number {
  if (month >= 3 && month <= 5) return springCol;
  if (month === 10 || month === 11) return autumnCol;
  if (winterCol && (month === 12 || month <= 2)) return autumnCol;
  return 1;
}

/** DC 7.A notes a, d: the die roll's column: spring 1-3 -> 1, 4-6 -> 2; autumn 1-2 -> 1, 3-6 -> 2. */
export function rollColumn(month: number, die: number): number {
  if (month === 3) return die <= 3 ? 1 : 2;
  return die <= 2 ? 1 : 2;
}

/** Exact distribution of the column a roll month selects (RULES-CHECKLIST C-1). */
export function columnDistribution(month: 3 | 10): readonly [number, number] {
  return month === 3 ? [1 / 2, 1 / 2] : [1 / 3, 2 / 3];
}

export interface WeatherState {
  weather: number;
  springCol: number;
  autumnCol: number;
  air: number;
}

/** Phase A: rolls (March, October) from the `weather` stream and sets weather and air for `turn`. */
export function weatherPhase(
  rules: DcRules,
  turn: number,
  firstTurn: boolean,
  st: WeatherState,
  roll: () => number,
): number | null {
  const month = monthOf(turn);
  const year = yearOf(turn);
  let die: number | null = null;
  // DC 3.A, 7.A note e: May 1941 of a May game: weather is rolled per point assaulted (RULES-CHECKLIST C-2),
  // the map is otherwise Good, and the Axis has 3 air units (column 2 of the May 1941 cell)
  if (month === 5 && year === 1941) {
    st.weather = 0;
    st.air = airOf(month, year, 2, firstTurn);
    return null;
  }
  if (month === 3) {
    die = roll();
    st.springCol = rollColumn(3, die);
  } else if (month === 10) {
    die = roll();
    st.autumnCol = rollColumn(10, die);
  }
  const col = columnOf(month, st.springCol, st.autumnCol, rules.winterC2 !== null);
  st.weather = weatherOf(rules, month, col);
  st.air = airOf(month, year, col, firstTurn);
  return die;
}

/** DC 3.A: a May 1941 assault die: odd = Mud at that point, even = Good. */
export function mayMudDie(die: number): boolean {
  return die % 2 === 1;
}

/**
 * DC 3.A (RULES-CHECKLIST C-2): May 1941 of a May game: a die for each of `points` (those `side`
 * assaults); odd (Mud) points are kept in `s.mud`.
 */
export function mayMud(s: DcState, ws: DcWorkspace, side: SideIx, points: readonly number[]): void {
  const rng = ws.streams.stream('weather');
  const dice: number[] = [];
  for (const p of points) {
    const d = randInt(rng, 1, 6);
    dice.push(d);
    if (mayMudDie(d)) s.mud.push(p);
  }
  if (dice.length > 0)
    tell(
      s,
      ws,
      side,
      'DC 3.A',
      `May 1941 mud rolls: ${s.mud.length} of ${dice.length} assaulted point(s) in Mud`,
      dice,
    );
}

/** Spec C-2: P(Mud) at one assaulted point, from `mayMudDie` over the six faces. */
export function mayMudProbability(): number {
  return [1, 2, 3, 4, 5, 6].filter(mayMudDie).length / 6;
}

/** A d6 from the `weather` stream. */
export function weatherDie(rng: Parameters<typeof randInt>[0]): number {
  return randInt(rng, 1, 6);
}
