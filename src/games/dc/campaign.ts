/**
 * The Campaign game's victory conditions (DC 2.B.3), June/May 1941 to February 1945, and the exits
 * off the map they count (2.B.3.b). Readings (RULES-CHECKLIST.md ):
 * - "at any instant" and "the instant this occurs" (a.iii, b.i) are checked after each combat
 *   (R-212; the game ends there, before the phase's next battle) and at every phase boundary (the
 *   control changes of movement);
 * - (a.ii) "throughout six complete and consecutive turns": held at both victory-determination
 *   checks (B.7 and C.7) of six consecutive game turns;
 * - (b.ii), (b.iii) "two consecutive game turns": met at the Soviet check (B.7) of two consecutive
 *   turns, the second no later than February 1945 (RULES-CHECKLIST K-25);
 * - "sent off the board" (b.ii) counts exits through the west and north (Axis-side) edges, (b.iii)
 *   the west edge only; an exited unit "in supply via its exit line" is one whose exit point is
 *   Soviet-controlled and in Soviet supply;
 * - "All Soviet units" (a.i) are the combat units: factories are not counted.
 */
import { type DcMap, mapByKey } from './map.js';
import type { DcState } from './state.js';
import { mapOf, supplyReach } from './supply.js';
import type { DcWorkspace } from './workspace.js';

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
