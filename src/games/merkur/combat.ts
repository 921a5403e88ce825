/**
 * Combat (Merkur 7.0-7.4, 11.0 Maori): lead unit + modifiers + 2d6 against lead defender +
 * modifiers + 2d6, five result bands. The band function and the value functions are what `odds`
 * enumerates (odds.ts), so the exact tables are this code's. A combat runs as a task (`combatTask`):
 * its lead units (7.1, 7.2), supporters (2.5 Note, 7.1 Note), the dice and the initiative re-roll
 * (3.1 a, 7.4); its losses are losses.ts.
 */
import type { ChanceNode } from '../../core/game.js';
import { expectKind, type TaskOf, unreachable } from '../../core/kernel.js';
import { roll, twoD6Node } from './chance.js';
import { emBonus, lendSupport, supporters, supportValue } from './command.js';
import { dec, type MerkurDecision, type MerkurTaskKind, sideIndex } from './decisions.js';
import { canUseInitiative, useInitiative } from './initiative.js';
import { bandOps, maoriOps } from './losses.js';
import { MAP, terrainDefence } from './map.js';
import { tell } from './narrate.js';
import { CW, GER, isDay, type MerkurState, type Task } from './state.js';
import {
  attackOf,
  combatUnits,
  combatUnitsIn,
  contested,
  countIn,
  defenceOf,
  leadOf,
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

/** 7.4: the band of dice x (attacker) and y (defender) for values `vals`. */
export function combatBand(s: MerkurState, spec: CombatSpec, vals: Values, x: number, y: number): number {
  const A = fireScore(vals.a + x, spec.kind === 'fire' && contested(s, spec.zone));
  const D = vals.d + y;
  if (spec.kind === 'maori' && s.rules.v['maori-simple']) return A > D ? 4 : A < D ? 2 : 3;
  return band(A, D, bandReading(s));
}

/**
 * A combat whose values and dice are known: its statistics and narration; returns the band (the
 * losses it inflicts are losses.ts `bandOps`, carried out by a `losses` task).
 */
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
  return b;
}

/**
 * One combat of an activation (7.0-7.4), on landing (5.2), a beach assault (5.4) or the Maori's
 * (11.0, pushed at stage 1 with its values taken): its attackers must still stand where they
 * attack from and the enemy must still be there (earlier combats may have changed both). An
 * attacker holding the initiative may have both sides re-roll a result of band 1-2 (3.1 a); under
 * V reroll-defender-too a defender holding it may re-roll a result of band 4-5 not re-rolled
 * already. The second result stands. The dice are chance points (chance.ts).
 */
export function combatStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'combat'>,
): MerkurDecision | ChanceNode | null {
  const sp = task.spec;
  const enemy = (1 - sp.side) as 0 | 1;
  if (task.stage === 0) {
    const att = sp.attackers.filter((i) => s.units[i]!.status === 'map' && s.units[i]!.zone === sp.from);
    if (att.length === 0 || countIn(s, sp.zone, enemy) === 0) {
      s.stack.pop();
      return null;
    }
    const spec: CombatSpec = att.length === sp.attackers.length ? sp : { ...sp, attackers: att };
    task.spec = spec;
    // G6 (7.1): the attacker chooses the unit that leads, among the participating combat units
    if (spec.leadAttacker === undefined) {
      const leads = combatUnits(s, att);
      if (leads.length > 1)
        return dec(
          'lead-attacker',
          sp.side,
          'Merkur 7.1',
          leads.map((unit) => ({ type: 'lead-attacker', unit })),
        );
    }
    // V-LEADDEF lead-def-any: the defender chooses the unit that leads (7.2)
    if (s.rules.v['lead-def-any'] && spec.leadDefender === undefined) {
      const defs = defenders(s, spec.zone, enemy);
      if (defs.length > 1)
        return dec(
          'lead-defender',
          enemy,
          'Merkur 7.2',
          defs.map((unit) => ({ type: 'lead-defender', unit })),
        );
    }
    // G7, C5 (2.5 Note, 7.1 Note): the attacker, then the defender, names the EM or battery that
    // supports it, or none (art-one-per-zone: every zone's strongest adds, no choice)
    if (!s.rules.v['art-one-per-zone']) {
      const both = s.rules.v['art-assault-and-fire'] === true;
      // no supporter: none (-1), as `supportValue` would find when the values are taken just below
      if (spec.supportA === undefined && (spec.kind !== 'fire' || both)) {
        const list = supporters(s, sp.side, spec.from, false);
        if (list.length > 0) return supportDecision(sp.side, list);
        task.spec.supportA = -1;
      }
      if (spec.supportD === undefined && (spec.kind !== 'fire' || both)) {
        // 5.2: the CW supports a combat on landing only from the landing zone
        const list = supporters(s, enemy, spec.zone, spec.kind === 'landing' && enemy === CW);
        if (list.length > 0) return supportDecision(enemy, list);
        task.spec.supportD = -1;
      }
    }
    task.vals = combatValues(s, task.spec, true);
    task.stage = 1;
  }
  // 7.0: the attacker's 2d6, then the defender's
  if (task.stage === 1 || task.stage === 2) {
    const p = roll(
      ws,
      'combat',
      '2d6',
      () => (task.stage === 1 ? ATTACKER_DICE : DEFENDER_DICE),
      (k) => combatDice(task, k),
    );
    if (p !== null || task.stage <= 2) return p;
  }
  const vals = task.vals!;
  const maori = sp.kind === 'maori';
  if (task.stage === 3) {
    task.stage = 4;
    const solitaireNever = sp.side === CW && s.rules.solitaire && s.rules.soloInitiative === 'never';
    if (
      !maori &&
      !task.rerolled &&
      combatBand(s, task.spec, vals, task.x, task.y) <= 2 &&
      canUseInitiative(s, sp.side) &&
      !solitaireNever
    )
      return dec('initiative', sp.side, 'Merkur 3.1, 7.4', [{ type: 'keep' }, { type: 'reroll' }]);
  }
  if (
    !maori &&
    s.rules.v['reroll-defender-too'] &&
    !task.rerolled &&
    canUseInitiative(s, enemy) &&
    !(enemy === CW && s.rules.solitaire && s.rules.soloInitiative === 'never') &&
    combatBand(s, task.spec, vals, task.x, task.y) >= 4
  ) {
    task.rerolled = true;
    return dec('initiative', enemy, 'Merkur 3.1, 7.4', [{ type: 'keep' }, { type: 'reroll' }]);
  }
  s.stack.pop();
  const b = finishCombat(s, ws, task.spec, vals, task.x, task.y);
  // 7.4: the losses, one at a time, each side choosing where the rules leave it a choice (after a
  // combat on landing the paras regroup once every landing combat is done, `landingStep`); 11.0:
  // the Maori's result touches only the two units
  s.stack.push({
    t: 'losses',
    ops: maori ? maoriOps(b, vals.leadA, vals.leadD) : bandOps(s, task.spec, b, vals.leadA, vals.leadD),
    regroup: task.spec.kind !== 'landing',
  });
  return null;
}

const ATTACKER_DICE = twoD6Node('Merkur 7.0', "the attacker's 2d6");
const DEFENDER_DICE = twoD6Node('Merkur 7.0', "the defender's 2d6");

/** Outcome `k` (the sum k + 2) of the combat's current 2d6: the attacker's, then the defender's. */
function combatDice(task: TaskOf<Task, 'combat'>, k: number): void {
  if (task.stage === 1) task.x = k + 2;
  else task.y = k + 2;
  task.stage++;
}

/** G7, C5: `side` names its supporting EM or battery among `list`, or none. */
function supportDecision(side: 0 | 1, list: readonly number[]): MerkurDecision {
  return dec('artillery-support', side, 'Merkur 2.5, 7.1', [
    { type: 'support', unit: -1 },
    ...list.map((unit) => ({ type: 'support' as const, unit })),
  ]);
}

/** 7.0-7.4: one combat, its choices, dice and re-roll. */
export const combatTask: MerkurTaskKind<'combat'> = {
  step: combatStep,
  outcome: (_s, _ws, task, _node, k) => combatDice(task, k),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'lead-attacker', 'lead-defender', 'artillery-support', 'initiative');
    const spec = task.spec;
    switch (d.kind) {
      case 'lead-attacker':
        spec.leadAttacker = d.options[choice]!.unit;
        return;
      case 'lead-defender':
        spec.leadDefender = d.options[choice]!.unit;
        return;
      case 'artillery-support':
        if (sideIndex(d) === spec.side) spec.supportA = d.options[choice]!.unit;
        else spec.supportD = d.options[choice]!.unit;
        return;
      case 'initiative':
        // the attacker's question comes first: after it, the result (kept or re-rolled) is not
        // offered to the defender again once re-rolled
        if (d.options[choice]!.type === 'reroll') {
          useInitiative(s, sideIndex(d));
          task.rerolled = true;
          task.stage = 1;
        }
        return;
      default:
        return unreachable(d);
    }
  },
};
