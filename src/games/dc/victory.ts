/**
 * Victory (DC 2.B): victory points held in overland supply, the yearly requirement "home + enemy"
 * (the first number all year, the one after a slash in December), factory pairs (2.B.1.a), the
 * victory-determination phase (B.7, C.7) with the unilateral draw after February 1942 (2.B.1.b) and
 * the draw by agreement (2.B.1.c), the July 1944 time limit, and the Campaign game's checks between
 * phases and after each combat (2.B.3, the conditions themselves in campaign.ts).
 */
import type { Decision } from '../../core/game.js';
import type { DcDecision, DrawOption, MutualOption } from './decisions.js';
import { type DcMap, mapByKey } from './map.js';
import { tell } from './narrate.js';
import {
  type DcState,
  type DcTask,
  monthOf,
  other,
  SIDE_IDS,
  type SideIx,
  TURN_FEB42,
  yearOf,
} from './state.js';
import { mapOf, supplyReach } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** VP of `side`'s own 1941 cities and of the enemy's it holds in overland supply (DC 2.B.1.a). */
export function vpHeld(s: DcState, ws: DcWorkspace, side: SideIx): { home: number; enemy: number } {
  const m = mapOf(s);
  const reach = supplyReach(s, ws, side === 0 ? 'axis-overland' : 'soviet-overland');
  let home = 0;
  let enemy = 0;
  for (let p = 0; p < m.n; p++) {
    const v = m.vp[p]!;
    if (v === 0 || s.control[p] !== side || reach[p] !== 1) continue;
    if (m.side1941[p] === side) home += v;
    else enemy += v;
  }
  return { home, enemy };
}

export const HOME_VP: readonly [number, number] = [7, 16];

/** The requirement [home, enemy] of `side` in the current month (the chart, reconstructed but Dec 1941 Axis 7+7 printed; parameter vp-chart). */
export function requirement(s: DcState, side: SideIx): readonly [number, number] {
  const year = Math.min(1944, yearOf(s.turn));
  const row = s.rules.victoryYears.find((y) => y.year === year)!;
  const dec = monthOf(s.turn) === 12;
  if (side === 0) return (dec ? row.axisDec : null) ?? row.axis;
  return (dec ? row.sovietDec : null) ?? row.soviet;
}

/**
 * Does `side` meet its requirement now? All its home VP plus the enemy VP required, in overland
 * supply; each pair of destroyed Soviet factories counts +1 for the Axis and -1 for the Soviets
 * (DC 2.B.1.a): on the enemy-VP part of each side's requirement, or under variant factory-vp-home
 * the Soviet point on his home part.
 */
export function meets(
  s: DcState,
  ws: DcWorkspace,
  side: SideIx,
  held: { readonly home: number; readonly enemy: number } = vpHeld(s, ws, side),
): boolean {
  const [h, e] = requirement(s, side);
  const c = counted(s, side, held);
  return c.home >= h && c.enemy >= e;
}

/**
 * Margin of the enemy-VP part over the requirement (negative: short), for the statistics. `held`
 * (meets too): `vpHeld` of the side when the caller has it already.
 */
export function margin(
  s: DcState,
  ws: DcWorkspace,
  side: SideIx,
  held: { readonly home: number; readonly enemy: number } = vpHeld(s, ws, side),
): number {
  const [h, e] = requirement(s, side);
  const c = counted(s, side, held);
  return c.enemy - e - (h - Math.min(c.home, h));
}

/** The VP of `side` as its requirement counts them: each pair of destroyed Soviet factories +1 for the Axis, -1 for the Soviets (DC 2.B.1.a; variant factory-vp). */
function counted(
  s: DcState,
  side: SideIx,
  held: { readonly home: number; readonly enemy: number },
): { home: number; enemy: number } {
  const pairs = Math.floor(s.factoriesLost / 2);
  if (side === 0) return { home: held.home, enemy: held.enemy + pairs };
  if (s.rules.factoryVpHome) return { home: held.home - pairs, enemy: held.enemy };
  return { home: held.home, enemy: held.enemy - pairs };
}

/** Ends the game; records the enemy VP each side holds in overland supply at that moment (docs/games/dc.md "Statistics"). */
export function end(s: DcState, ws: DcWorkspace, result: string, level: string, reason: string): void {
  s.stats.axisEnemyVpEnd = vpHeld(s, ws, 0).enemy;
  s.stats.sovietEnemyVpEnd = vpHeld(s, ws, 1).enemy;
  s.result = { result, level, reason };
  s.over = true;
  s.stack.length = 0;
}

const FALL: readonly [
  string,
  'moscowFall' | 'leningradFall' | 'kievFall' | 'stalingradFall' | 'rostovFall',
][] = [
  ['MOS', 'moscowFall'],
  ['LEN', 'leningradFall'],
  ['KIE', 'kievFall'],
  ['STL', 'stalingradFall'],
  ['ROS', 'rostovFall'],
];

/** DC 2.B.3: the Campaign checks made between phases; true when the game ended. */
export function campaignBetweenPhases(s: DcState, ws: DcWorkspace): boolean {
  let e = instantCheck(s);
  // the end of an Axis player turn (after B.8)
  if (e === null && s.seq === 9) e = endOfAxisTurn(s);
  return campaignEnd(s, ws, e);
}

/** R-212 (DC 2.B.3.a.iii, b.i): the Campaign instant conditions, checked after each combat; true when the game ended. */
export function campaignInstant(s: DcState, ws: DcWorkspace): boolean {
  return campaignEnd(s, ws, instantCheck(s));
}

function campaignEnd(s: DcState, ws: DcWorkspace, e: CampaignEnd | null): boolean {
  if (e === null) return false;
  end(s, ws, e.result, e.level, 'campaign-check');
  tell(s, ws, e.result === 'axis-win' ? 0 : 1, e.rule, e.text);
  return true;
}

/** DC 2.B.1.b (variant draw-phase): who may declare a draw at the victory phase checking `check`. */
function declarer(s: DcState, check: SideIx): SideIx {
  return s.rules.drawOwnTurn ? other(check) : check;
}

/**
 * The victory-determination phase checking `task.check` (B.7, C.7): stage 0 the check, stage 1 the
 * draw a side may declare (the task stays on the stack while it is asked, stage 2; the answer pops it).
 */
export function victoryStep(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'victory' }): DcDecision | null {
  const side = task.check;
  if (s.rules.version === 'campaign') {
    s.stack.pop();
    victoryStats(s, ws, side);
    // DC 2.B.3: the Soviet conditions at B.7; the Axis cities at B.7 and C.7
    const e =
      side === 1 ? (sovietCheck(s, ws) ?? axisCitiesCheck(s, ws, false)) : axisCitiesCheck(s, ws, true);
    if (e !== null) {
      end(s, ws, e.result, e.level, 'campaign-check');
      tell(s, ws, e.result === 'axis-win' ? 0 : 1, e.rule, e.text);
    }
    return null;
  }
  if (task.stage === 0) {
    task.stage = 1;
    const held = victoryStats(s, ws, side);
    if (meets(s, ws, side, held)) {
      end(
        s,
        ws,
        side === 0 ? 'axis-win' : 'soviet-win',
        side === 0 ? 'axis-vp' : 'soviet-vp',
        'victory-check',
      );
      tell(s, ws, side, 'DC 2.B.1.a', `${SIDE_IDS[side]} meets the victory requirement`);
      return null;
    }
  }
  // DC 2.B.1.b: after the end of the February 1942 turn; DC 2.B.2: not in the Tournament Campaign game
  if (s.turn <= TURN_FEB42 || s.rules.version !== 'tournament') {
    s.stack.pop();
    return null;
  }
  task.stage = 2;
  return {
    kind: 'declare-draw',
    side: SIDE_IDS[declarer(s, side)],
    rule: 'DC 2.B.1.b',
    options: [
      { type: 'draw', declare: false },
      { type: 'draw', declare: true },
    ],
  } as Decision<'declare-draw', DrawOption>;
}

/** Carries out a D-30 answer: the phase ends, with the draw declared or not (DC 2.B.1.b). */
export function applyDeclare(s: DcState, ws: DcWorkspace, side: SideIx, o: DrawOption): void {
  s.stack.pop();
  if (o.declare) applyDraw(s, ws, side);
}

/** The statistics kept at each victory-determination phase (docs/games/dc.md "Statistics"), for every version; returns `vpHeld` of `side`. */
function victoryStats(s: DcState, ws: DcWorkspace, side: SideIx): { home: number; enemy: number } {
  const held = vpHeld(s, ws, side);
  const mg = margin(s, ws, side, held);
  if (side === 0) {
    if (mg > s.stats.axisReqMarginBest) s.stats.axisReqMarginBest = mg;
    const { enemy } = held;
    if (enemy > s.stats.axisEnemyVpMax) {
      s.stats.axisEnemyVpMax = enemy;
      s.stats.axisEnemyVpMaxTurn = s.turn;
    }
    if (yearOf(s.turn) === 1942 && enemy > s.stats.axisEnemyVpMax1942) s.stats.axisEnemyVpMax1942 = enemy;
    if (monthOf(s.turn) === 12) {
      if (s.turn === 8) s.stats.axisEnemyVpDec41 = enemy;
      if (s.turn === 20) s.stats.axisEnemyVpDec42 = enemy;
      if (s.turn === 32) s.stats.axisEnemyVpDec43 = enemy;
    }
  } else if (mg > s.stats.sovietReqMarginBest) s.stats.sovietReqMarginBest = mg;
  const m = mapOf(s);
  for (const [id, stat] of FALL)
    if (s.stats[stat] < 0 && s.control[m.index.get(id)!] === 0) s.stats[stat] = s.turn;
  return held;
}

function applyDraw(s: DcState, ws: DcWorkspace, side: SideIx): void {
  s.stats.drawDeclaredTurn = s.turn;
  s.stats.drawDeclarer = side;
  const opp = other(side);
  // DC 2.B.1.b: the other player wins instead if he has enough VP at that moment
  if (meets(s, ws, opp)) {
    end(s, ws, opp === 0 ? 'axis-win' : 'soviet-win', 'declared-draw-lost', 'draw-declared');
    tell(
      s,
      ws,
      side,
      'DC 2.B.1.b',
      `${SIDE_IDS[side]} declares a draw, but ${SIDE_IDS[opp]} meets its requirement and wins`,
    );
    return;
  }
  end(s, ws, 'draw', `draw-declared-${SIDE_IDS[side]}`, 'draw-declared');
  tell(s, ws, side, 'DC 2.B.1.b', `${SIDE_IDS[side]} declares a draw`);
}

/** D-40 (DC 2.B.1.c): the side proposing (stage 0) or accepting (stage 1) a draw. */
export function mutualDecision(task: DcTask & { t: 'mutual' }): DcDecision {
  return {
    kind: 'mutual-draw',
    side: SIDE_IDS[task.stage === 0 ? task.side : other(task.side)],
    rule: 'DC 2.B.1.c',
    options: [
      { type: 'mutual', yes: false },
      { type: 'mutual', yes: true },
    ],
  } as Decision<'mutual-draw', MutualOption>;
}

/** Carries out a D-40 answer: no ends the offer, a proposal goes to the other side, an acceptance ends the game. */
export function applyMutual(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'mutual' },
  o: MutualOption,
): void {
  if (!o.yes) s.stack.pop();
  else if (task.stage === 0) task.stage = 1;
  else {
    end(s, ws, 'draw', 'draw-agreed', 'draw-agreed');
    tell(s, ws, task.side, 'DC 2.B.1.c', 'a draw by mutual agreement');
  }
}

// The Campaign game's victory conditions (DC 2.B.3), June/May 1941 to February 1945, and the exits
// off the map they count (2.B.3.b). Readings (RULES-CHECKLIST.md ):
// - "at any instant" and "the instant this occurs" (a.iii, b.i) are checked after each combat
//   (R-212; the game ends there, before the phase's next battle) and at every phase boundary (the
//   control changes of movement);
// - (a.ii) "throughout six complete and consecutive turns": held at both victory-determination
//   checks (B.7 and C.7) of six consecutive game turns;
// - (b.ii), (b.iii) "two consecutive game turns": met at the Soviet check (B.7) of two consecutive
//   turns, the second no later than February 1945 (RULES-CHECKLIST K-25);
// - "sent off the board" (b.ii) counts exits through the west and north (Axis-side) edges, (b.iii)
//   the west edge only; an exited unit "in supply via its exit line" is one whose exit point is
//   Soviet-controlled and in Soviet supply;
// - "All Soviet units" (a.i) are the combat units: factories are not counted.

export type CampaignEnd = {
  readonly result: 'axis-win' | 'soviet-win';
  readonly level: string;
  readonly rule: string;
  readonly text: string;
};

const AXIS_CITIES = ['LEN', 'MOS', 'STL'] as const;
/** DC 2.B.3.a.ii: six complete consecutive turns; b.ii-iii: two consecutive turns. */
export const CITIES_TURNS = 6;
export const EXIT_TURNS = 2;
/** DC 2.B.3.b.ii-iii: army-sized units exited. */
export const EXITS_WITH_CITIES = 10;
export const EXITS_WEST = 20;

/** Per map key: does a point have a west / north exit (1 west, 2 north), for Campaign exits. */
function exitKind(m: DcMap, p: number): number {
  return m.edgeWest[p] === 1 ? 1 : m.edgeNorth[p] === 1 ? 2 : 0;
}

/** The exit at point `p` a Soviet unit may leave by (DC 2.B.3.b): its line class index, or -1. */
export function exitClass(s: DcState, p: number): number {
  const m = mapOf(s);
  if (exitKind(m, p) === 0) return -1;
  return m.exitClass[p]!;
}

/** Exited units in supply through their exit lines: [all, west]. */
export function suppliedExits(s: DcState, ws: DcWorkspace): [number, number] {
  if (s.exits.length === 0) return [0, 0];
  const m = mapByKey(s.rules.mapKey);
  const reach = supplyReach(s, ws, 'soviet');
  let all = 0;
  let west = 0;
  for (let k = 0; k < s.exits.length; k += 2) {
    const p = s.exits[k + 1]!;
    if (s.control[p] !== 1 || reach[p] !== 1) continue;
    all++;
    if (m.edgeWest[p] === 1) west++;
  }
  return [all, west];
}

/** (a.iii) every victory city Axis-controlled; (b.i) no German unit on the map. */
export function instantCheck(s: DcState): CampaignEnd | null {
  const m = mapOf(s);
  let allVp = true;
  for (let p = 0; p < m.n && allVp; p++) if (m.vp[p]! > 0 && s.control[p] !== 0) allVp = false;
  if (allVp)
    return {
      result: 'axis-win',
      level: 'campaign-axis-all-cities',
      rule: 'DC 2.B.3.a.iii',
      text: 'every victory city is under Axis control',
    };
  // variant box-on-map: under box-in-play a German unit held in the west box (status 5) is not eliminated
  const box = s.rules.boxInPlay;
  for (const u of s.units)
    if ((u.st === 0 || (box && u.st === 5)) && s.rules.types[u.t]!.nation === 'german') return null;
  return {
    result: 'soviet-win',
    level: 'campaign-soviet-no-germans',
    rule: 'DC 2.B.3.b.i',
    text: 'every German unit on the map is eliminated',
  };
}

/** (a.i) at the end of an Axis player turn: no Soviet combat unit on the map. */
export function endOfAxisTurn(s: DcState): CampaignEnd | null {
  let any = false;
  // variant box-on-map: under box-in-play a Soviet unit held in Siberia (status 5) counts as on the map
  const box = s.rules.boxInPlay;
  for (const u of s.units)
    if ((u.st === 0 || (box && u.st === 5)) && u.side === 1 && s.rules.types[u.t]!.id !== 'factory') {
      any = true;
      break;
    }
  s.camp.noSoviet = any ? 0 : s.camp.noSoviet + 1;
  if (s.camp.noSoviet < 2) return null;
  return {
    result: 'axis-win',
    level: 'campaign-axis-no-soviets',
    rule: 'DC 2.B.3.a.i',
    text: 'no Soviet unit on the map at the end of two consecutive Axis player turns',
  };
}

/** (a.ii) at B.7 (`last` false) and C.7 (`last` true): Leningrad, Moscow, Stalingrad in Axis overland supply. */
export function axisCitiesCheck(s: DcState, ws: DcWorkspace, last: boolean): CampaignEnd | null {
  const m = mapOf(s);
  const reach = supplyReach(s, ws, 'axis-overland');
  const held = AXIS_CITIES.every((id) => {
    const p = m.index.get(id)!;
    return s.control[p] === 0 && reach[p] === 1;
  });
  if (!held) s.camp.citiesTurn = false;
  if (!last) return null;
  s.camp.cities = s.camp.citiesTurn ? s.camp.cities + 1 : 0;
  s.camp.citiesTurn = true;
  if (s.camp.cities < CITIES_TURNS) return null;
  return {
    result: 'axis-win',
    level: 'campaign-axis-cities',
    rule: 'DC 2.B.3.a.ii',
    text: 'Leningrad, Moscow and Stalingrad held in Axis overland supply for six complete turns',
  };
}

/** (b.ii), (b.iii) at the Soviet check (B.7). */
export function sovietCheck(s: DcState, ws: DcWorkspace): CampaignEnd | null {
  const m = mapOf(s);
  const [all, west] = suppliedExits(s, ws);
  let cities = all >= EXITS_WITH_CITIES;
  for (let p = 0; p < m.n && cities; p++) {
    if (m.vp[p] === 0) continue;
    const id = m.ids[p]!;
    if ((m.side1941[p] === 1 || id === 'WAR' || id === 'BUC') && s.control[p] !== 1) cities = false;
  }
  s.camp.sovCities = cities ? s.camp.sovCities + 1 : 0;
  s.camp.sovWest = west >= EXITS_WEST ? s.camp.sovWest + 1 : 0;
  if (s.camp.sovCities >= EXIT_TURNS)
    return {
      result: 'soviet-win',
      level: 'campaign-soviet-cities-exits',
      rule: 'DC 2.B.3.b.ii',
      text: 'every Soviet victory city, Warsaw and Bucharest held with 10 armies supplied off the map, two turns',
    };
  if (s.camp.sovWest >= EXIT_TURNS)
    return {
      result: 'soviet-win',
      level: 'campaign-soviet-west-exits',
      rule: 'DC 2.B.3.b.iii',
      text: 'twenty armies supplied off the west edge for two turns',
    };
  return null;
}
