/**
 * Combat (Merkur 7.0-7.4, 11.0 Maori): lead unit + modifiers + 2d6 against lead defender +
 * modifiers + 2d6, five result bands; retreats (6.1, 7.4) and forts (3.2). The band function and
 * the value functions are what `odds` enumerates (odds.ts), so the exact tables are this code's.
 */
import { d6 } from '../../core/dice.js';
import { emBonus, lendSupport, supportValue, underOrders } from './command.js';
import type { MerkurDecision } from './decisions.js';
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
  /** G7 (2.5 Note, 7.1 Note): the EM or battery the attacker chose to support it, -1 none; absent: `supportValue`. */
  readonly supportA?: number;
  /** C5: the EM or battery the defender chose to support it, -1 none; absent: `supportValue`. */
  readonly supportD?: number;
}

/**
 * The spec of a combat task (state.ts): its own (made for it by whoever pushed it, never shared),
 * so the sides' answers (G6, G7, C5, V-LEADDEF) are written into it in place.
 */
export type CombatTaskSpec = { -readonly [K in keyof CombatSpec]: CombatSpec[K] };

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

/**
 * 7.2, M-38, 2.5 (M-13): units that may lead the defence or be targeted: EMs only when nothing else
 * is left; batteries only when no other friendly unit (but EMs) is in their zone.
 */
export function defenders(s: MerkurState, z: number, side: 0 | 1): number[] {
  const cu = combatUnitsIn(s, z, side);
  if (cu.length === 0) return unitsIn(s, z, side);
  const troops = cu.filter((i) => s.units[i]!.type !== 'battery');
  return troops.length > 0 ? troops : cu;
}

/** 7.3: a para's defence is halved (round up) against enemy tanks unless a friendly EM is in its zone. */
function tankHalving(s: MerkurState, spec: CombatSpec, lead: number, ui: number): boolean {
  const u = s.units[ui]!;
  if (u.type !== 'para') return false;
  if (!tankAttack(s, spec, lead)) return false;
  for (const e of s.units)
    if (e.type === 'em' && e.side === u.side && e.status === 'map' && e.zone === u.zone) return false;
  return true;
}

/** 7.3: the attack (lead `lead`) is one by tanks: a tank among the attackers (V tank-leads: leading). */
export function tankAttack(s: MerkurState, spec: CombatSpec, lead: number): boolean {
  return s.rules.v['tank-leads']
    ? s.units[lead]!.type === 'tank'
    : spec.attackers.some((i) => s.units[i]!.type === 'tank');
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

/**
 * 7.2: the engine's lead defender among `defs` (`defenders`) against lead attacker `leadA`: the
 * highest defence (halved against tanks, 7.3), full strength first, then the lowest index.
 */
export function engineLeadDefender(
  s: MerkurState,
  spec: CombatSpec,
  leadA: number,
  defs: readonly number[],
): number {
  return leadOf(s, defs, (i) => {
    const dv = defenceOf(s, s.units[i]!);
    return tankHalving(s, spec, leadA, i) ? Math.ceil(dv / 2) : dv;
  });
}

/**
 * 5.2: the decision pending is one of a combat on landing (the combat task on top of the stack),
 * where the scripted policies and the solitaire rules answer as the engine did before the
 * landing's lead units, supporters and initiative re-roll were decisions (`landingLeadDefender`).
 */
export function onLandingCombat(s: MerkurState): boolean {
  const top = s.stack[s.stack.length - 1];
  return top !== undefined && top.t === 'combat' && top.spec.kind === 'landing';
}

/** 5.2, 7.2: the engine's lead defender of the combat on landing on top of the stack (-1: none). */
export function landingLeadDefender(s: MerkurState): number {
  const top = s.stack[s.stack.length - 1];
  if (top === undefined || top.t !== 'combat') return -1;
  const spec = top.spec;
  const leadA = spec.leadAttacker ?? leadOf(s, spec.attackers, (i) => attackOf(s, s.units[i]!));
  return engineLeadDefender(s, spec, leadA, defenders(s, spec.zone, (1 - spec.side) as 0 | 1));
}

/** 7.1, 7.2 (11.0 for the Maori): modified values before the dice. `commit` spends air support. */
export function combatValues(s: MerkurState, spec: CombatSpec, commit: boolean): Values {
  const att = spec.attackers;
  const leadA = spec.leadAttacker ?? leadOf(s, att, (i) => attackOf(s, s.units[i]!));
  const dside = (1 - spec.side) as 0 | 1;
  const defs = spec.target !== undefined ? [spec.target] : defenders(s, spec.zone, dside);
  const leadD =
    spec.target !== undefined
      ? spec.target
      : spec.leadDefender !== undefined
        ? spec.leadDefender
        : engineLeadDefender(s, spec, leadA, defs);
  if (spec.kind === 'maori')
    return { a: attackOf(s, s.units[leadA]!) + 1, d: defenceOf(s, s.units[leadD]!), leadA, leadD };
  const a = attackPart(s, spec, leadA, commit);
  const d = defencePart(s, spec, leadA, leadD, defs, commit);
  return { a, d, leadA, leadD };
}

/** 7.1: the attack value before the dice with lead `leadA` (`combatValues`). */
function attackPart(s: MerkurState, spec: CombatSpec, leadA: number, commit: boolean): number {
  const v = s.rules.v;
  const att = spec.attackers;
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
  if (supported && commit)
    a +=
      spec.supportA !== undefined
        ? lendSupport(s, spec.supportA)
        : supportValue(s, spec.side, spec.from, false);
  return a;
}

/** 7.2: the defence value before the dice of lead `leadD` among `defs` against lead attacker `leadA` (`combatValues`). */
function defencePart(
  s: MerkurState,
  spec: CombatSpec,
  leadA: number,
  leadD: number,
  defs: readonly number[],
  commit: boolean,
): number {
  const v = s.rules.v;
  const dside = (1 - spec.side) as 0 | 1;
  let d = defenceOf(s, s.units[leadD]!);
  if (tankHalving(s, spec, leadA, leadD)) d = Math.ceil(d / 2);
  d += emBonus(s, spec.zone, dside, v['em-bonus-any'] ? defs : [leadD]);
  d += zoneDefenceBonus(s, spec.zone, dside, false);
  if (v['def-stack-bonus']) d += combatUnits(s, defs).length - (s.units[leadD]!.type === 'em' ? 0 : 1);
  if ((spec.kind !== 'fire' || v['art-assault-and-fire']) && commit)
    d +=
      spec.supportD !== undefined
        ? lendSupport(s, spec.supportD)
        : supportValue(s, dside, spec.zone, spec.kind === 'landing' && dside === CW);
  return d;
}

/**
 * `combatValues(s, spec, false)` in two parts, for a caller that weighs many attacks on one zone
 * (the policies): the lead attacker, the attack value, and the defence value. The defence depends
 * on the attackers only through `tankAttack` (7.3), and not on the zone they attack from; spec
 * has no chosen lead defender and is not the Maori's (11.0).
 */
export function leadAttackerOf(s: MerkurState, spec: CombatSpec): number {
  return spec.leadAttacker ?? leadOf(s, spec.attackers, (i) => attackOf(s, s.units[i]!));
}
export function attackValue(s: MerkurState, spec: CombatSpec, leadA: number): number {
  return attackPart(s, spec, leadA, false);
}
export function defenceValue(s: MerkurState, spec: CombatSpec, leadA: number): number {
  const defs = defenders(s, spec.zone, (1 - spec.side) as 0 | 1);
  return defencePart(s, spec, leadA, engineLeadDefender(s, spec, leadA, defs), defs, false);
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

/**
 * Carries out a combat whose values and dice are known: statistics, narration, and (`losses`
 * true) its results by the engine's answers and the forts; returns the band.
 */
export function finishCombat(
  s: MerkurState,
  ws: MerkurWorkspace,
  spec: CombatSpec,
  vals: Values,
  x: number,
  y: number,
  losses = true,
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
  if (b === 1) st.band1++;
  else if (b === 2) st.band2++;
  else if (b === 3) st.band3++;
  else if (b === 4) st.band4++;
  else st.band5++;
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
  if (!losses) return b;
  applyBand(s, ws, spec, b, vals.leadA, vals.leadD);
  checkForts(s);
  return b;
}

/**
 * One loss of a combat result still to be carried out (7.4, 3.2, 6.1), as plain data so that a
 * combat of an activation can stop at each choice of the losing side and resume (docs/games/merkur.md "Decisions",
 * G13, C6). An answer field left undefined is asked (or, off the decision path, given by the
 * engine's rule: `engineFort`, `engineRetreat`, `engineGroupLoss`).
 * - step: the unit loses a step (a fort may absorb it; `fort`: the CW's answer), then retreats if `retreat` is set;
 * - elim: fire band 5 eliminates the unit (a fort may absorb it);
 * - retreat: the unit retreats (`zone`: the chosen zone);
 * - group: bands 1/5, 8.3: the other units all retreat (`halve` -1) or one of them (`halve`) loses a step;
 * - em: 2.4: an EM left without combat units by the last one's retreat follows it (`follow`) or stays.
 */
export type LossOp =
  | { k: 'step'; u: number; optional: boolean; retreat: boolean; enemy: 0 | 1; fort?: boolean }
  | { k: 'elim'; u: number; fort?: boolean }
  | { k: 'retreat'; u: number; enemy: 0 | 1; zone?: number }
  | { k: 'group'; units: number[]; enemy: 0 | 1; halve?: number }
  /** 8.3: the defender names the second defender among `units` (`pick`); it must retreat or be halved. */
  | { k: 'second'; units: number[]; enemy: 0 | 1; pick?: number }
  /** 2.4: EM `u`, left in `from` by its last retreating combat unit, may follow it into `to`. */
  | { k: 'em'; u: number; from: number; to: number; enemy: 0 | 1; follow?: boolean };

/** 7.4*: halved, then retreats (a unit that cannot retreat is halved again). */
function hrOp(ui: number, enemy: 0 | 1): LossOp {
  return { k: 'step', u: ui, optional: false, retreat: true, enemy };
}

/** 7.4: the losses band `b` inflicts, in the order they are carried out (11.0 Maori: `maoriOps`). */
export function bandOps(s: MerkurState, spec: CombatSpec, b: number, leadA: number, leadD: number): LossOp[] {
  const aSide = spec.side;
  const dSide = (1 - aSide) as 0 | 1;
  const ops: LossOp[] = [];
  if (spec.kind === 'fire') {
    if (b <= 3) ops.push({ k: 'step', u: leadA, optional: false, retreat: false, enemy: dSide });
    if (b === 3 || b === 4) ops.push({ k: 'step', u: leadD, optional: false, retreat: false, enemy: aSide });
    if (b === 5) ops.push({ k: 'elim', u: leadD });
    return ops;
  }
  const others = spec.attackers.filter((i) => i !== leadA);
  const otherDefs = combatUnits(s, unitsIn(s, spec.zone, dSide)).filter((i) => i !== leadD);
  if (b <= 3) ops.push(hrOp(leadA, dSide));
  if (b === 1) ops.push({ k: 'group', units: others, enemy: dSide });
  if (b >= 3) ops.push(hrOp(leadD, aSide));
  if (b === 5) ops.push({ k: 'group', units: otherDefs, enemy: aSide });
  return ops;
}

/**
 * 11.0 (V-MAORI): the Maori's result touches only the two units: the Maori (defeat) or the target
 * (victory) is halved and retreats; a tie does nothing.
 */
export function maoriOps(b: number, leadA: number, leadD: number): LossOp[] {
  if (b <= 2) return [hrOp(leadA, GER)];
  if (b >= 4) return [hrOp(leadD, CW)];
  return [];
}

/** 7.4: carries out band `b` with the engine's answers. */
function applyBand(
  s: MerkurState,
  ws: MerkurWorkspace,
  spec: CombatSpec,
  b: number,
  leadA: number,
  leadD: number,
): void {
  const ops = spec.kind === 'maori' ? maoriOps(b, leadA, leadD) : bandOps(s, spec, b, leadA, leadD);
  runLosses(s, ws, ops, false);
}

/** A choice the losing side makes while losses are carried out (docs/games/merkur.md "Decisions"). */
export type LossQuestion =
  | { kind: 'fort-sacrifice'; side: 0 | 1; unit: number }
  | { kind: 'retreat-zone'; side: 0 | 1; unit: number; zones: number[]; forced: boolean }
  | { kind: 'loss-choice'; side: 0 | 1; units: number[] }
  | { kind: 'second-defender'; side: 0 | 1; units: number[] }
  | { kind: 'em-follow'; side: 0 | 1; unit: number; from: number; to: number };

/**
 * Carries out `ops` from the first: with `ask`, stops at the first choice still unanswered and
 * returns it (the ops done are removed from `ops`, the one asked stays first); without, takes the
 * engine's answers. Returns null when every op is done.
 */
export function runLosses(
  s: MerkurState,
  ws: MerkurWorkspace,
  ops: LossOp[],
  ask: boolean,
): LossQuestion | null {
  while (ops.length > 0) {
    const op = ops[0]!;
    const u = op.k === 'group' || op.k === 'second' ? undefined : s.units[op.u];
    switch (op.k) {
      case 'step':
      case 'elim': {
        if (op.k === 'step' && u!.status !== 'map') break;
        if (op.fort === undefined && fortEligible(s, op.u, op.k === 'step' && op.optional)) {
          if (ask) return { kind: 'fort-sacrifice', side: CW, unit: op.u };
          op.fort = engineFort(s, op.u);
        }
        if (op.fort === true) {
          sacrificeFort(s, op.u);
          if (op.k === 'step' && op.retreat) ops.splice(1, 0, { k: 'retreat', u: op.u, enemy: op.enemy });
          break;
        }
        if (op.k === 'elim') eliminate(s, op.u);
        else if (!halve(s, op.u) && op.retreat) ops.splice(1, 0, { k: 'retreat', u: op.u, enemy: op.enemy });
        break;
      }
      case 'retreat': {
        if (u!.status !== 'map') break;
        if (op.zone === undefined) {
          const { free, forced } = retreatZones(s, op.u, op.enemy);
          const zones = free.length > 0 ? free : forced;
          if (ask && zones.length > 1)
            return { kind: 'retreat-zone', side: u!.side, unit: op.u, zones, forced: free.length === 0 };
          op.zone = free.length > 0 ? engineRetreat(s, op.u, free) : (forced[0] ?? -1);
        }
        const from = u!.zone;
        retreatTo(s, ws, op.u, op.enemy, op.zone);
        // 2.4: "An EM may voluntarily retreat with the last combat unit under its orders that is
        // retreating" (V-EMFOLLOW: em-follow-own, the EMs that command it; em-follow-any, every EM left)
        if (
          u!.status === 'map' &&
          u!.zone !== from &&
          combatUnits(s, unitsIn(s, from, u!.side)).length === 0
        ) {
          const any = s.rules.v['em-follow-any'] === true;
          ops.splice(
            1,
            0,
            ...unitsIn(s, from, u!.side)
              .filter((e) => any || underOrders(s.units[e]!, u!))
              .map((e): LossOp => ({ k: 'em', u: e, from, to: u!.zone, enemy: op.enemy })),
          );
        }
        break;
      }
      case 'em': {
        const side = u!.side;
        if (u!.status !== 'map' || u!.zone !== op.from || room(s, op.to, side) <= 0) break;
        if (combatUnits(s, unitsIn(s, op.from, side)).length > 0) break;
        if (op.follow === undefined) {
          if (ask) return { kind: 'em-follow', side, unit: op.u, from: op.from, to: op.to };
          op.follow = engineFollow(s, op.from, op.enemy);
        }
        if (op.follow) moveUnit(s, op.u, op.to);
        break;
      }
      case 'second': {
        const list = op.units.filter((i) => s.units[i]!.status === 'map');
        if (list.length === 0 || s.units[list[0]!]!.zone < 0) break;
        if (op.pick === undefined) {
          if (ask && list.length > 1) {
            op.units = list;
            return { kind: 'second-defender', side: s.units[list[0]!]!.side, units: list };
          }
          op.pick = engineSecondDefender(s, list);
        }
        ops.splice(1, 0, { k: 'group', units: [op.pick], enemy: op.enemy });
        break;
      }
      case 'group': {
        const list = op.units.filter((i) => s.units[i]!.status === 'map');
        if (list.length === 0 || s.units[list[0]!]!.zone < 0) break;
        if (op.halve === undefined) {
          if (ask) {
            op.units = list;
            return { kind: 'loss-choice', side: s.units[list[0]!]!.side, units: list };
          }
          op.halve = engineGroupLoss(s, list);
        }
        if (op.halve >= 0)
          ops.splice(1, 0, { k: 'step', u: op.halve, optional: true, retreat: false, enemy: op.enemy });
        else ops.splice(1, 0, ...list.map((i): LossOp => ({ k: 'retreat', u: i, enemy: op.enemy })));
        break;
      }
    }
    ops.shift();
  }
  return null;
}

/**
 * 8.3: the engine's second defender of a bombardment among `units`: the highest defence, full
 * strength first, then the first (the scripted policies' and the solitaire CW's answer).
 */
export function engineSecondDefender(s: MerkurState, units: readonly number[]): number {
  return leadOf(s, units, (i) => defenceOf(s, s.units[i]!));
}

/** 3.2 (V-FORTLOSS): a fort in the zone of CW unit `ui` may absorb this loss instead of the unit. */
export function fortEligible(s: MerkurState, ui: number, optionalLoss: boolean): boolean {
  const u = s.units[ui]!;
  if (u.side !== CW || u.zone < 0 || s.fort[u.zone] !== 1) return false;
  return !s.rules.v['fort-optional-only'] || optionalLoss;
}

/** docs/games/merkur.md "Solitaire" (the engine's and the solitaire answer): sacrifice the fort only when the loss would eliminate the unit. */
export function engineFort(s: MerkurState, ui: number): boolean {
  return s.units[ui]!.reduced;
}

/** 3.2: the fort of unit `ui`'s zone is given up to absorb its loss. */
function sacrificeFort(s: MerkurState, ui: number): void {
  s.fort[s.units[ui]!.zone] = 0;
  s.stats.forts_destroyed++;
  s.stats.forts_sacrificed++;
}

/**
 * 6.1, 7.4 (M-36): the zones unit `ui` may retreat to: `free` (adjacent, room, no enemy; tanks by
 * road), or, when there is none, `forced` (adjacent with room but enemy units: it arrives halved).
 */
export function retreatZones(s: MerkurState, ui: number, enemy: 0 | 1): { free: number[]; forced: number[] } {
  const u = s.units[ui]!;
  const free: number[] = [];
  const forced: number[] = [];
  for (const z of MAP.adj[u.zone]!) {
    if (u.type === 'tank' && !MAP.road[z]) continue;
    if (room(s, z, u.side) <= 0) continue;
    if (countIn(s, z, enemy) > 0) forced.push(z);
    else free.push(z);
  }
  return { free, forced };
}

/** docs/games/merkur.md "Solitaire" (the engine's and the solitaire retreat): nearest objective (CW), then most friends, then lowest index; the smallest key. */
export function retreatKey(s: MerkurState, ui: number, z: number): number {
  const side = s.units[ui]!.side;
  let near = 99;
  if (side === CW) for (const o of MAP.objectives) near = Math.min(near, MAP.dist[z]![o]!);
  return near * 1000 - countIn(s, z, side) * 10 + z / 100;
}

/** The engine's retreat zone among `free` (the smallest `retreatKey`, the first among equals). */
export function engineRetreat(s: MerkurState, ui: number, free: readonly number[]): number {
  let best = -1;
  let bestKey = Number.POSITIVE_INFINITY;
  for (const z of free) {
    const key = retreatKey(s, ui, z);
    if (key < bestKey) {
      bestKey = key;
      best = z;
    }
  }
  return best;
}

/**
 * 6.1, 7.4 (M-36): unit `ui` retreats into zone `to` (-1: nowhere: halved again). Into an enemy or
 * contested zone it arrives halved (eliminated if reduced). A lone EM left behind follows its
 * last unit (2.4).
 */
function retreatTo(s: MerkurState, ws: MerkurWorkspace, ui: number, enemy: 0 | 1, to: number): void {
  const u = s.units[ui]!;
  const from = u.zone;
  const side = u.side;
  if (to < 0) {
    halve(s, ui);
    return;
  }
  if (countIn(s, to, enemy) > 0) {
    if (halve(s, ui)) return;
  }
  moveUnit(s, ui, to);
  if (ws.trace !== undefined)
    tell(s, ws, side, 'Merkur 6.1', `${u.id} retreats ${MAP.ids[from]} -> ${MAP.ids[u.zone]}`);
}

/**
 * 2.4 (docs/games/merkur.md "Decisions"; the engine's and the solitaire answer): the EM follows its last unit when
 * enemy units are in the zone it would be left alone in (where it could be attacked), else stays.
 */
export function engineFollow(s: MerkurState, from: number, enemy: 0 | 1): boolean {
  return countIn(s, from, enemy) > 0;
}

/**
 * docs/games/merkur.md "Solitaire" (the engine's and the solitaire answer to "all retreat, or one halved"): in an
 * objective or contested zone the lowest defence (the first among equals) is halved to hold the
 * ground (its index); elsewhere all retreat (-1).
 */
export function engineGroupLoss(s: MerkurState, list: readonly number[]): number {
  const z = s.units[list[0]!]!.zone;
  if (!MAP.objective[z] && !contested(s, z)) return -1;
  let low = list[0]!;
  for (const i of list) if (defenceOf(s, s.units[i]!) < defenceOf(s, s.units[low]!)) low = i;
  return low;
}

/**
 * The option the engine's rule takes at a loss decision (docs/games/merkur.md "Solitaire": the answer of the solitaire
 * rules and of the scripted policies): fort only to save a unit from elimination, the
 * `engineRetreat` zone (the first forced zone when none is free), `engineGroupLoss`.
 */
export function engineLossAnswer(
  s: MerkurState,
  d: MerkurDecision & { kind: 'fort-sacrifice' | 'retreat-zone' | 'loss-choice' },
): number {
  switch (d.kind) {
    case 'fort-sacrifice':
      return d.options.findIndex((o) => o.use === engineFort(s, o.unit));
    case 'retreat-zone': {
      const first = d.options[0]!;
      if (first.em === true) {
        // 2.4: the option whose zone is the EM's own is "stay"
        const e = s.units[first.unit]!;
        const stay = d.options.findIndex((o) => o.zone === e.zone);
        return engineFollow(s, e.zone, (1 - e.side) as 0 | 1) ? 1 - stay : stay;
      }
      if (first.forced) return 0;
      const z = engineRetreat(
        s,
        first.unit,
        d.options.map((o) => o.zone),
      );
      return d.options.findIndex((o) => o.zone === z);
    }
    case 'loss-choice': {
      const unit = engineGroupLoss(
        s,
        d.options.flatMap((o) => (o.unit >= 0 ? [o.unit] : [])),
      );
      return d.options.findIndex((o) => o.unit === unit);
    }
  }
}

/** 7.4 bands 1/5, 8.3 second defender: "all retreat, or one halved", by the engine's rule. */
export function groupLoss(s: MerkurState, ws: MerkurWorkspace, list: readonly number[], enemy: 0 | 1): void {
  runLosses(s, ws, [{ k: 'group', units: list.slice(), enemy }], false);
}

export function moveUnit(s: MerkurState, ui: number, to: number): void {
  s.units[ui]!.zone = to;
}

/** Is `to` adjacent to `from` (fire, bombardment range)? */
export function inRange(from: number, to: number): boolean {
  return from === to || isAdjacent(from, to);
}
