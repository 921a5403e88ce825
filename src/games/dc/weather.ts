/**
 * Weather and Luftwaffe strength (DC 7.A, 5.A; RULES-CHECKLIST C-1): constant months, the spring roll (March:
 * sets Mar-May) and the autumn roll (October: sets Oct-Nov), and German air units by year and column.
 */
import type { Decision } from '../../core/game.js';
import { randInt } from '../../core/rng.js';
import { dcData } from './data.js';
import type { DcDecision, WindowOption } from './decisions.js';
import { tell } from './narrate.js';
import type { DcRules } from './resolve.js';
import { type DcState, type DcTask, monthOf, type SideIx, turnLabel, yearOf } from './state.js';
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

/** DC 3.A (RULES-CHECKLIST C-2): May 1941 of a May game: a die for each of `points` (those `side` assaults), a task. */
export function startMayMud(s: DcState, side: SideIx, points: readonly number[]): void {
  if (points.length > 0) s.stack.push({ t: 'may-mud', side, points: points.slice(), i: 0, dice: [] });
}

/** Spec C-2: P(Mud) at one assaulted point, from `mayMudDie` over the six faces. */
export function mayMudProbability(): number {
  return [1, 2, 3, 4, 5, 6].filter(mayMudDie).length / 6;
}

/** A d6 from the `weather` stream. */
export function weatherDie(rng: Parameters<typeof randInt>[0]): number {
  return randInt(rng, 1, 6);
}

// The 1944 Luftwaffe window (DC 7.A note c; RULES-CHECKLIST, D-7 `air-1944-window`): the 1944 cells
// marked * or • give no air, but among the Good-weather turns of 1944 the Axis may pick two
// consecutive ones with 1 German air unit each — asked at the weather phase of each Good 1944 turn
// while the window is unused; "open now" gives this turn and the next Good turn 1 air unit.
// Variant group 1944-air: May 1944's printed 1 is separate from the window (may44-separate), or is
// the window itself (may44-in-window: May 1944 gives air only through the window).

/** the window's state: 0 unused, 1 open (one more Good turn to come), 2 spent. */
export type Window44 = 0 | 1 | 2;

/** Weather phase of a 1944 turn, after the table's air: applies the window; true when D-7 is to be asked. */
export function window1944(s: DcState): boolean {
  if (yearOf(s.turn) !== 1944) return false;
  // variant may44-in-window: the May 1944 entry is the window, not an extra air unit
  if (s.rules.may44InWindow && monthOf(s.turn) === 5) s.air = 0;
  if (s.weather !== 0) return false;
  if (s.w44 === 1) {
    s.air = Math.max(s.air, 1);
    s.w44 = 2;
  }
  s.airFree = s.air;
  return s.w44 === 0;
}

/** D-7: open the window now, or not yet. */
export function windowDecision(): DcDecision {
  return {
    kind: 'air-1944-window',
    side: 'axis',
    rule: 'DC 7.A note c',
    options: [
      { type: 'window', open: false },
      { type: 'window', open: true },
    ],
  } as Decision<'air-1944-window', WindowOption>;
}

export function applyWindow(s: DcState, open: boolean): void {
  if (!open) return;
  s.w44 = 1;
  s.air = Math.max(s.air, 1);
  s.airFree = s.air;
  s.stats.air44Opened = s.turn;
}

/** DC 7.A: whether the turn's weather takes a die (the spring roll in March, the autumn roll in October). */
export function weatherRolls(turn: number): boolean {
  const month = monthOf(turn);
  return month === 3 || month === 10;
}

/**
 * Game-turn phase A (DC 7.A): the turn's weather and Luftwaffe strength from `die` (null when the
 * month takes none, `weatherRolls`); the weather task ends, the 1944 air window may be asked next.
 */
export function weatherTurn(s: DcState, ws: DcWorkspace, die: number | null): void {
  s.stack.pop();
  const st = { weather: s.weather, springCol: s.springCol, autumnCol: s.autumnCol, air: s.air };
  s.mud = [];
  s.stratUsed = 0;
  weatherPhase(s.rules, s.turn, s.turn === s.first, st, () => {
    if (die === null) throw new Error(`DC 7.A: ${turnLabel(s.turn)} rolls for its weather`);
    return die;
  });
  s.weather = st.weather;
  s.springCol = st.springCol;
  s.autumnCol = st.autumnCol;
  s.air = st.air;
  s.airFree = st.air;
  // variant lw-lines: the air on the map keeps its points (D-8 moves it one line)
  s.airAt = s.rules.lwLines ? s.airAt.slice(0, s.air) : [];
  s.airUp = [];
  s.airBt = [];
  if (s.turn === 6) s.stats.oct41Mud = s.weather === 1 ? 1 : 0;
  // R-187 (DC 14.B.3): from the first Good-weather turn of 1944 Soviet air may accompany breakthroughs
  if (!s.sovAirBt && s.weather === 0 && yearOf(s.turn) >= 1944) s.sovAirBt = true;
  if (window1944(s)) s.stack.push({ t: 'air44' });
  tell(
    s,
    ws,
    null,
    'DC 7.A',
    `${turnLabel(s.turn)}: ${WEATHER_NAMES[s.weather]}, ${s.air} German air unit(s)`,
    die === null ? undefined : [die],
  );
}

/**
 * DC 3.A (RULES-CHECKLIST C-2): the May 1941 mud die of the next point the task's side assaults:
 * odd, Mud there; after the last, the narration (the task ends).
 */
export function applyMudDie(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'may-mud' }, die: number): void {
  task.dice.push(die);
  if (mayMudDie(die)) s.mud.push(task.points[task.i]!);
  task.i++;
  if (task.i < task.points.length) return;
  s.stack.pop();
  tell(
    s,
    ws,
    task.side,
    'DC 3.A',
    `May 1941 mud rolls: ${s.mud.length} of ${task.dice.length} assaulted point(s) in Mud`,
    task.dice,
  );
}
