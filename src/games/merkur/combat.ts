/**
 * Combat (Merkur 7.0-7.4, 11.0 Maori): lead unit + modifiers + 2d6 against lead defender +
 * modifiers + 2d6, five result bands; retreats (6.1, 7.4) and forts (3.2). The band function and
 * the value functions are what `odds` enumerates (odds.ts), so the exact tables are this code's.
 */
import { d6 } from '../../core/dice.js';
import { emBonus, supportValue } from './command.js';
import { isAdjacent, MAP, terrainDefence } from './map.js';
import { tell } from './narrate.js';
import { CW, GER, isDay, type MerkurState } from './state.js';
import {
  attackOf,
  checkForts,
  combatUnits,
  combatUnitsIn,
  contested,
  countIn,
  defenceOf,
  eliminate,
  halve,
  room,
  unitsIn,
} from './units.js';
import type { MerkurWorkspace } from './workspace.js';

export type BandReading = 'headings' | 'symmetric' | 'literal';

/** 7.4: the result band (1..5) of final scores A and D under a reading of the headings (V-BANDS). */
export function band(A: number, D: number, reading: BandReading): 1 | 2 | 3 | 4 | 5 {
  if (A === D) return 3;
  if (A < D) {
    if (reading === 'headings') return 2 * A < D ? 1 : 2;
    return 2 * A <= D ? 1 : 2;
  }
  if (reading === 'literal') return D <= 0 ? 5 : 4;
  return A >= 2 * D ? 5 : 4;
}

export function bandReading(s: MerkurState): BandReading {
  return s.rules.v['bands-symmetric']
    ? 'symmetric'
    : s.rules.v['bands-examples-literal']
      ? 'literal'
      : 'headings';
}

/** 7.3: fire into a contested zone halves the firers' final score, rounding up. */
export function fireScore(raw: number, intoContested: boolean): number {
  return intoContested ? Math.ceil(raw / 2) : raw;
}

/** What kind of attack: assault in its own zone, fire into an adjacent one, landing (5.2), Maori (11.0). */
export type CombatKind = 'assault' | 'fire' | 'landing' | 'maori';

export interface CombatSpec {
  readonly kind: CombatKind;
  readonly side: 0 | 1;
  readonly attackers: readonly number[];
  /** Zone of the defenders. */
  readonly zone: number;
  /** Zone the attack comes from (the defenders' zone for an assault). */
  readonly from: number;
  /** 11.0: the Maori's chosen target. */
  readonly target?: number;
  /** V lead-def-any: the unit the defender chose to lead (7.2, 8.2). */
  readonly leadDefender?: number;
  /** G6: the unit the attacker chose to lead (7.1); absent: `leadOf`, the highest attack. */
  readonly leadAttacker?: number;
}

/** 7.1: the lead attacker: highest attack, full strength first, then lowest index. */
export function leadOf(s: MerkurState, list: readonly number[], value: (i: number) => number): number {
  let best = -1;
  let bv = -1;
  for (const i of list) {
    const v = value(i) * 2 + (s.units[i]!.reduced ? 0 : 1);
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return best;
}

/** 7.2, M-38: units that may lead the defence or be targeted: EMs only when nothing else is left. */
export function defenders(s: MerkurState, z: number, side: 0 | 1): number[] {
  const cu = combatUnitsIn(s, z, side);
  return cu.length > 0 ? cu : unitsIn(s, z, side);
}

/** 7.3: a para's defence is halved (round up) against enemy tanks unless a friendly EM is in its zone. */
function tankHalving(s: MerkurState, spec: CombatSpec, lead: number, ui: number): boolean {
  const u = s.units[ui]!;
  if (u.type !== 'para') return false;
  const tanks = s.rules.v['tank-leads']
    ? s.units[lead]!.type === 'tank'
    : spec.attackers.some((i) => s.units[i]!.type === 'tank');
  if (!tanks) return false;
  for (const e of s.units)
    if (e.type === 'em' && e.side === u.side && e.status === 'map' && e.zone === u.zone) return false;
  return true;
}

/** 7.2, 8.2: the CW's terrain/town/Maleme bonus (the highest of the three) plus a fort (+2); Germans: terrain. */
export function zoneDefenceBonus(s: MerkurState, z: number, side: 0 | 1, bombard: boolean): number {
  let t = terrainDefence(z);
  if (bombard && MAP.terrain[z] === 'plaine' && s.rules.v['bomb-plain-plus1']) t = 1;
  if (bombard && (MAP.terrain[z] === 'boisee' || MAP.terrain[z] === 'difficile')) t = 1;
  if (side === GER) return t;
  const town = MAP.town[z] === 6 ? s.rules.townPrincipale : MAP.town[z] === 4 ? s.rules.townSecondaire : 0;
  return Math.max(t, town, MAP.special[z]!) + (s.fort[z] === 1 ? 2 : 0);
}

export interface Values {
  readonly a: number;
  readonly d: number;
  readonly leadA: number;
  readonly leadD: number;
}

/** 7.1: three or more of `att` belong to one regiment or brigade. */
function threeOfOneGroup(s: MerkurState, att: readonly number[]): boolean {
  for (let j = 0; j + 2 < att.length; j++) {
    const g = s.units[att[j]!]!.group;
    if (g === null) continue;
    let n = 1;
    for (let k = j + 1; k < att.length; k++) if (s.units[att[k]!]!.group === g && ++n >= 3) return true;
  }
  return false;
}

/** 7.1, 7.2 (11.0 for the Maori): modified values before the dice. `commit` spends air support. */
export function combatValues(s: MerkurState, spec: CombatSpec, commit: boolean): Values {
  const v = s.rules.v;
  const att = spec.attackers;
  const leadA = spec.leadAttacker ?? leadOf(s, att, (i) => attackOf(s, s.units[i]!));
  const dside = (1 - spec.side) as 0 | 1;
  const defs = spec.target !== undefined ? [spec.target] : defenders(s, spec.zone, dside);
  const leadD =
    spec.target !== undefined
      ? spec.target
      : spec.leadDefender !== undefined
        ? spec.leadDefender
        : leadOf(s, defs, (i) => {
            const dv = defenceOf(s, s.units[i]!);
            return tankHalving(s, spec, leadA, i) ? Math.ceil(dv / 2) : dv;
          });
  if (spec.kind === 'maori')
    return { a: attackOf(s, s.units[leadA]!) + 1, d: defenceOf(s, s.units[leadD]!), leadA, leadD };
  let a = attackOf(s, s.units[leadA]!);
  // +1 per other unit present (V-UNITCOUNT, V-EMCOUNT)
  if (spec.kind === 'fire' && v['count-zone'])
    a += combatUnits(s, unitsIn(s, spec.from, spec.side)).length - 1;
  else a += att.length - 1;
  if (v['em-counted'] && spec.kind !== 'fire')
    a += unitsIn(s, spec.from, spec.side).filter((i) => s.units[i]!.type === 'em').length;
  // +1 for three battalions of one regiment / brigade
  if (threeOfOneGroup(s, att)) a += 1;
  // +1 German day attack with air support (V-AIRSUP)
  if (spec.side === GER && isDay(s.turn)) {
    if (v['air-support-automatic']) a += 1;
    else if (s.airSupport > 0) {
      a += 1;
      if (commit) s.airSupport--;
    }
  }
  a += emBonus(s, spec.from, spec.side, [leadA]);
  const supported = spec.kind === 'assault' || spec.kind === 'landing' || v['art-assault-and-fire'];
  if (supported && commit) a += supportValue(s, spec.side, spec.from, false);
  let d = defenceOf(s, s.units[leadD]!);
  if (tankHalving(s, spec, leadA, leadD)) d = Math.ceil(d / 2);
  d += emBonus(s, spec.zone, dside, v['em-bonus-any'] ? defs : [leadD]);
  d += zoneDefenceBonus(s, spec.zone, dside, false);
  if (v['def-stack-bonus']) d += combatUnits(s, defs).length - (s.units[leadD]!.type === 'em' ? 0 : 1);
  if ((spec.kind !== 'fire' || v['art-assault-and-fire']) && commit)
    d += supportValue(s, dside, spec.zone, spec.kind === 'landing' && dside === CW);
  return { a, d, leadA, leadD };
}

/** 2d6 from the combat stream. */
export function twoD6(ws: MerkurWorkspace): number {
  const r = ws.streams.stream('combat');
  return d6(r) + d6(r);
}

/** Resolves one combat; returns its band. */
export function resolveCombat(s: MerkurState, ws: MerkurWorkspace, spec: CombatSpec): number {
  const vals = combatValues(s, spec, true);
  const x = twoD6(ws);
  const y = twoD6(ws);
  return finishCombat(s, ws, spec, vals, x, y);
}

/** 7.4: the band of dice x (attacker) and y (defender) for values `vals`. */
export function combatBand(s: MerkurState, spec: CombatSpec, vals: Values, x: number, y: number): number {
  const A = fireScore(vals.a + x, spec.kind === 'fire' && contested(s, spec.zone));
  const D = vals.d + y;
  if (spec.kind === 'maori' && s.rules.v['maori-simple']) return A > D ? 4 : A < D ? 2 : 3;
  return band(A, D, bandReading(s));
}

/** Carries out a combat whose values and dice are known: statistics, narration, results, forts. */
export function finishCombat(
  s: MerkurState,
  ws: MerkurWorkspace,
  spec: CombatSpec,
  vals: Values,
  x: number,
  y: number,
): number {
  const intoContested = spec.kind === 'fire' && contested(s, spec.zone);
  const A = fireScore(vals.a + x, intoContested);
  const D = vals.d + y;
  const b =
    spec.kind === 'maori' && s.rules.v['maori-simple']
      ? A > D
        ? 4
        : A < D
          ? 2
          : 3
      : band(A, D, bandReading(s));
  const st = s.stats;
  st[`band${b}` as 'band1']++;
  if (spec.kind === 'fire') st.fires++;
  else if (spec.kind === 'maori') {
    st.maori_attacks++;
    if (b >= 4) st.maori_wins++;
  } else st.assaults++;
  if (spec.kind === 'landing') {
    st.landing_combats++;
    if (b >= 4) st.landing_combats_won++;
  }
  if (ws.trace !== undefined)
    tell(
      s,
      ws,
      spec.side,
      'Merkur 7.4',
      `${spec.kind} on ${MAP.ids[spec.zone]}: ${vals.a}+${x}${intoContested ? ' (halved)' : ''}=${A} vs ${vals.d}+${y}=${D}: band ${b}`,
      { dice: [x, y] },
    );
  applyBand(s, ws, spec, b, vals.leadA, vals.leadD);
  checkForts(s);
  return b;
}

/** 7.4: carries out band `b`. */
function applyBand(
  s: MerkurState,
  ws: MerkurWorkspace,
  spec: CombatSpec,
  b: number,
  leadA: number,
  leadD: number,
): void {
  const aSide = spec.side;
  const dSide = (1 - aSide) as 0 | 1;
  if (spec.kind === 'maori') {
    // 11.0 (V-MAORI): only the Maori (defeat) or the target (victory) is affected; a tie does nothing
    if (b <= 2) halveAndRetreat(s, ws, leadA, dSide);
    else if (b >= 4) halveAndRetreat(s, ws, leadD, aSide);
    return;
  }
  if (spec.kind === 'fire') {
    if (b <= 3) loseStep(s, leadA, false);
    if (b === 3 || b === 4) loseStep(s, leadD, false);
    if (b === 5) {
      if (!fortAbsorbs(s, leadD, false)) eliminate(s, leadD);
    }
    return;
  }
  const others = spec.attackers.filter((i) => i !== leadA);
  const otherDefs = combatUnits(s, unitsIn(s, spec.zone, dSide)).filter((i) => i !== leadD);
  if (b <= 3) halveAndRetreat(s, ws, leadA, dSide);
  if (b === 1)
    groupLoss(
      s,
      ws,
      others.filter((i) => s.units[i]!.status === 'map'),
      aSide,
    );
  if (b >= 3) halveAndRetreat(s, ws, leadD, aSide);
  if (b === 5)
    groupLoss(
      s,
      ws,
      otherDefs.filter((i) => s.units[i]!.status === 'map'),
      dSide,
    );
}

/** 3.2 (V-FORTLOSS): the CW fort absorbs this loss instead of the unit (only when it would eliminate the unit). */
function fortAbsorbs(s: MerkurState, ui: number, optionalLoss: boolean): boolean {
  const u = s.units[ui]!;
  if (u.side !== CW || u.zone < 0 || s.fort[u.zone] !== 1) return false;
  if (s.rules.v['fort-optional-only'] && !optionalLoss) return false;
  if (!u.reduced) return false;
  s.fort[u.zone] = 0;
  s.stats.forts_destroyed++;
  s.stats.forts_sacrificed++;
  return true;
}

function loseStep(s: MerkurState, ui: number, optional: boolean): boolean {
  if (s.units[ui]!.status !== 'map') return false;
  if (fortAbsorbs(s, ui, optional)) return false;
  return halve(s, ui);
}

/** 7.4*: halved and retreats; a unit that cannot retreat is halved again. */
export function halveAndRetreat(s: MerkurState, ws: MerkurWorkspace, ui: number, enemy: 0 | 1): void {
  if (s.units[ui]!.status !== 'map') return;
  if (loseStep(s, ui, false)) return;
  retreat(s, ws, ui, enemy);
}

/**
 * 6.1, 7.4 (M-36): retreat to a free adjacent zone with room (nearest objective, then most
 * friends, then lowest index); else into an enemy or contested zone, flipped; else halved.
 * A lone EM left behind follows its last unit (2.4).
 */
export function retreat(s: MerkurState, ws: MerkurWorkspace, ui: number, enemy: 0 | 1): void {
  const u = s.units[ui]!;
  const from = u.zone;
  const side = u.side;
  let best = -1;
  let bestKey = Number.POSITIVE_INFINITY;
  let forced = -1;
  for (const z of MAP.adj[from]!) {
    if (u.type === 'tank' && !MAP.road[z]) continue;
    if (room(s, z, side) <= 0) continue;
    if (countIn(s, z, enemy) > 0) {
      if (forced < 0) forced = z;
      continue;
    }
    let near = 99;
    if (side === CW) for (const o of MAP.objectives) near = Math.min(near, MAP.dist[z]![o]!);
    const key = near * 1000 - countIn(s, z, side) * 10 + z / 100;
    if (key < bestKey) {
      bestKey = key;
      best = z;
    }
  }
  if (best >= 0) moveUnit(s, ui, best);
  else if (forced >= 0) {
    if (halve(s, ui)) return;
    moveUnit(s, ui, forced);
  } else {
    halve(s, ui);
    return;
  }
  if (ws.trace !== undefined)
    tell(s, ws, side, 'Merkur 6.1', `${u.id} retreats ${MAP.ids[from]} -> ${MAP.ids[u.zone]}`);
  // 2.4: an EM left alone may retreat with the last combat unit
  if (combatUnits(s, unitsIn(s, from, side)).length === 0 && countIn(s, from, enemy) > 0) {
    for (const e of unitsIn(s, from, side)) if (room(s, u.zone, side) > 0) moveUnit(s, e, u.zone);
  }
}

/**
 * 7.4 bands 1/5, 8.3 second defender: "all retreat, or one halved" (spec §2.3 resolution, used by
 * both sides): in an objective or contested zone one unit (the lowest defence) is halved to hold
 * the ground; elsewhere all retreat.
 */
export function groupLoss(s: MerkurState, ws: MerkurWorkspace, list: readonly number[], enemy: 0 | 1): void {
  if (list.length === 0) return;
  const z = s.units[list[0]!]!.zone;
  if (z < 0) return;
  if (MAP.objective[z] || contested(s, z)) {
    let low = list[0]!;
    for (const i of list) if (defenceOf(s, s.units[i]!) < defenceOf(s, s.units[low]!)) low = i;
    loseStep(s, low, true);
    return;
  }
  for (const i of list) if (s.units[i]!.status === 'map') retreat(s, ws, i, enemy);
}

export function moveUnit(s: MerkurState, ui: number, to: number): void {
  s.units[ui]!.zone = to;
}

/** Is `to` adjacent to `from` (fire, bombardment range)? */
export function inRange(from: number, to: number): boolean {
  return from === to || isAdjacent(from, to);
}
