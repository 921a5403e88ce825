/**
 * Bombardment (Merkur 8.0-8.4): artillery of an EM or battery, air units, the pre-invasion strike.
 * Attack value + 2d6 against the highest defence + terrain/town/fort (+AA for air, counter-battery
 * for artillery) + 2d6; three results (8.3) with collateral damage and AA losses.
 */
import type { ChanceNode } from '../../core/game.js';
import { expectKind, type TaskOf, unreachable } from '../../core/kernel.js';
import { pickNode, roll, twoD6Node } from './chance.js';
import { defenders, zoneDefenceBonus } from './combat.js';
import { artilleryValue, emBonus, markFired, supportValue } from './command.js';
import { type AirOption, dec, type MerkurDecision, type MerkurTaskKind } from './decisions.js';
import { engineSecondDefender, groupLoss, type LossOp } from './losses.js';
import { MAP } from './map.js';
import { tell } from './narrate.js';
import { queueRegroup } from './regroup.js';
import { type Bombard, CW, dayOf, GER, isDay, type MerkurState, type Task } from './state.js';
import {
  checkForts,
  combatUnits,
  contested,
  countIn,
  defenceOf,
  halve,
  leadOf,
  occupancy,
  reducedValue,
  unitsIn,
} from './units.js';
import type { MerkurWorkspace } from './workspace.js';

export interface BombardSpec {
  readonly side: 0 | 1;
  readonly value: number;
  readonly zone: number;
  /** Index of the air unit bombarding, or -1 (artillery or pre-invasion). */
  readonly air: number;
  /** V air-summed: every air unit of a combined strike (AA halves each). */
  readonly airs?: readonly number[];
  /** Zone of the firing EM or battery (-1 for air): 8.0, an EM bombarding its own zone takes no collateral. */
  readonly firerZone: number;
  readonly preinvasion: boolean;
}

/** 8.0, 8.2: AA points covering zone `z` (AA units in it or adjacent). */
export function aaPoints(s: MerkurState, z: number): number {
  let n = 0;
  for (const u of s.units) {
    if (u.aa <= 0 || u.status !== 'map') continue;
    if (u.zone === z || MAP.adj[z]!.includes(u.zone)) n += u.reduced ? reducedValue(s, u.aa) : u.aa;
  }
  return n;
}

/**
 * 8.2 (docs/games/merkur.md "Decisions"): the units the defender may name as the target: those of the highest defence
 * (V lead-def-highest: the defender picks among equals), or any (V lead-def-any). Aircraft and the
 * pre-invasion strike never attack an EM (2.4): no target then (empty).
 */
export function bombardTargets(s: MerkurState, spec: BombardSpec): number[] {
  const dside = (1 - spec.side) as 0 | 1;
  const defs = defenders(s, spec.zone, dside);
  if (defs.length === 0) return [];
  if ((spec.air >= 0 || spec.preinvasion) && s.units[defs[0]!]!.type === 'em') return [];
  if (s.rules.v['lead-def-any']) return defs;
  let top = 0;
  for (const i of defs) top = Math.max(top, defenceOf(s, s.units[i]!));
  return defs.filter((i) => defenceOf(s, s.units[i]!) === top);
}

/** 8.2: the engine's target among `targets`: the highest defence, full strength first, then the first. */
export function engineBombardTarget(s: MerkurState, targets: readonly number[]): number {
  return leadOf(s, targets, (i) => defenceOf(s, s.units[i]!));
}

/**
 * 8.2: the defence value before the dice, against target `chosen` (absent: the engine's target).
 * No target: -1.
 */
export function bombardDefence(
  s: MerkurState,
  spec: BombardSpec,
  commit: boolean,
  chosen?: number,
): { d: number; target: number } {
  const dside = (1 - spec.side) as 0 | 1;
  let target = chosen ?? -1;
  if (chosen === undefined) {
    const defs = defenders(s, spec.zone, dside);
    if (defs.length === 0) return { d: 0, target: -1 };
    if ((spec.air >= 0 || spec.preinvasion) && s.units[defs[0]!]!.type === 'em') return { d: 0, target: -1 };
    target = leadOf(s, defs, (i) => defenceOf(s, s.units[i]!));
  }
  if (target < 0) return { d: 0, target: -1 };
  let d = defenceOf(s, s.units[target]!) + zoneDefenceBonus(s, spec.zone, dside, true);
  if (spec.air >= 0 || spec.preinvasion) d += dside === CW ? aaPoints(s, spec.zone) : 0;
  else if (commit) d += supportValue(s, dside, spec.zone, false);
  if (s.rules.v['bomb-em-bonus']) d += emBonus(s, spec.zone, dside, [target]);
  return { d, target };
}

/**
 * 8.0, 2.4 (V-EMALONE): the units a collateral hit may fall on, picked at random among them. By
 * default an EM with friendly units in its zone is immune; under em-reducible-while-accompanied it
 * may be halved but not eliminated while friends are present.
 */
export function collateralVictims(s: MerkurState, z: number, side: 0 | 1): number[] {
  const own = unitsIn(s, z, side);
  const cu = combatUnits(s, own);
  if (cu.length === 0) return own;
  if (!s.rules.v['em-reducible-while-accompanied']) return cu;
  return own.filter((i) => s.units[i]!.type !== 'em' || !s.units[i]!.reduced);
}

/**
 * 8.0 collateral damage: when the bombardment with attack value `a` + 2d6 `x` fails against defence
 * `d` + 2d6 `y` in a contested zone (not an EM bombarding its own zone), the firing side's units
 * one of which is halved, drawn at random; none otherwise.
 */
export function collateralPool(s: MerkurState, spec: BombardSpec, d: number, x: number, y: number): number[] {
  if (spec.value + x >= d + y || spec.preinvasion || !contested(s, spec.zone) || spec.firerZone === spec.zone)
    return [];
  return collateralVictims(s, spec.zone, spec.side);
}

/**
 * 8.1-8.3: resolves one bombardment of `target` with defence `d` (bombardDefence, taken before the
 * dice) and dice `dice`: the attacker's 2d6, the defender's, and (when `collateralPool` is not
 * empty) the index of the collateral victim; returns -1 (A<D), 0 (A=D) or 1 (A>D). With `ops`, the
 * second defender (8.3, "defender chooses", "must retreat or be halved") is added to it for the
 * defender to name and answer, instead of carried out.
 */
export function resolveBombard(
  s: MerkurState,
  ws: MerkurWorkspace,
  spec: BombardSpec,
  d: number,
  target: number,
  dice: readonly number[],
  ops?: LossOp[],
): number {
  const x = dice[0]!;
  const y = dice[1]!;
  const A = spec.value + x;
  const D = d + y;
  const st = s.stats;
  if (spec.preinvasion) st.bombardments_pre++;
  else if (spec.air >= 0) st.bombardments_air++;
  else st.bombardments_art++;
  const dside = (1 - spec.side) as 0 | 1;
  if (ws.trace !== undefined)
    tell(
      s,
      ws,
      spec.side,
      'Merkur 8.3',
      `${spec.preinvasion ? 'pre-invasion ' : spec.air >= 0 ? 'air ' : ''}bombardment of ${MAP.ids[spec.zone]}: ${spec.value}+${x}=${A} vs ${d}+${y}=${D}`,
      { dice: [x, y] },
    );
  if (A < D) {
    // 8.0: collateral damage in a contested zone (not for an EM bombarding its own zone)
    const own = collateralPool(s, spec, d, x, y);
    if (own.length > 0) {
      halve(s, own[dice[2]!]!);
      st.collateral_hits++;
    }
    if (spec.air >= 0 && aaPoints(s, spec.zone) > 0) {
      for (const ai of spec.airs ?? [spec.air]) {
        const a = s.air[ai]!;
        st.aa_hits++;
        if (a.reduced) {
          a.lost = true;
          st.air_units_lost++;
        } else a.reduced = true;
      }
    }
    checkForts(s);
    return -1;
  }
  if (spec.preinvasion) st.preinvasion_hits++;
  halve(s, target);
  if (A > D) {
    const rest = combatUnits(s, unitsIn(s, spec.zone, dside)).filter((i) => i !== target);
    if (rest.length > 0) {
      // 8.3: "Second defender (defender chooses) must retreat or be halved"
      if (ops !== undefined) ops.push({ k: 'second', units: rest, enemy: spec.side });
      else groupLoss(s, ws, [engineSecondDefender(s, rest)], spec.side);
    }
  }
  checkForts(s);
  return A > D ? 1 : 0;
}

/** 8.0: an air unit's bombardment value (reduced: halved). */
export function airValue(s: MerkurState, ai: number): number {
  const a = s.air[ai]!;
  return a.reduced ? reducedValue(s, a.bomb) : a.bomb;
}

export function occupiedCw(s: MerkurState): number[] {
  const { c } = occupancy(s);
  return MAP.ids.map((_, z) => z).filter((z) => c[z]! > 0);
}

/** 8.0: by day the German's air missions (V-AIRDECL: here, or when the Luftwaffe zone is activated). */
export function startAirMissions(s: MerkurState): void {
  s.airSupport = 0;
  if (isDay(s.turn) && !s.rules.v['air-declare-at-activation'])
    s.stack.push({ t: 'air-missions', i: 0, planned: [] });
}

/** 8.4: the German names, zone by zone, the CW-held zones the pre-invasion bombardment strikes. */
function preinvasionStep(s: MerkurState, task: TaskOf<Task, 'preinvasion'>): MerkurDecision | null {
  if (s.turn === 0 && task.i === 0 && task.zones.length === 0) task.zones = occupiedCw(s);
  while (task.i < task.zones.length) {
    const z = task.zones[task.i]!;
    if (countIn(s, z, CW) > 0)
      return dec('preinvasion-target', GER, 'Merkur 8.4', [
        { type: 'preinvasion', zone: z, bombard: true },
        { type: 'preinvasion', zone: z, bombard: false },
      ]);
    task.i++;
  }
  s.stack.pop();
  return null;
}

/** 8.4: the pre-invasion bombardment, zone by zone. */
export const preinvasionTask: MerkurTaskKind<'preinvasion'> = {
  step: (s, _ws, task) => preinvasionStep(s, task),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'preinvasion-target');
    const o = d.options[choice]!;
    task.i++;
    if (o.bombard) {
      const b: Bombard = {
        side: GER,
        value: s.rules.preinvasionStrength,
        zone: o.zone,
        air: -1,
        firerZone: -1,
        preinvasion: true,
      };
      s.stack.push({ t: 'bombards', list: [b], target: null, regroup: false });
    }
  },
};

/** 8.0: each air unit's mission, then (all placed) the bombardments they fly. */
function airMissionsStep(s: MerkurState, task: TaskOf<Task, 'air-missions'>): MerkurDecision | null {
  const day = dayOf(s.turn);
  while (task.i < s.air.length) {
    const a = s.air[task.i]!;
    if (a.lost || a.flownDay === day) {
      task.i++;
      continue;
    }
    const opts: AirOption[] = [{ type: 'air-none', air: task.i }];
    if (s.rules.v['air-support-sortie']) opts.push({ type: 'air-support', air: task.i });
    const hit = new Uint8Array(MAP.count);
    for (const u of s.units) if (u.side === CW && u.status === 'map' && u.type !== 'em') hit[u.zone] = 1;
    for (let z = 0; z < MAP.count; z++)
      if (hit[z] === 1) opts.push({ type: 'air-bomb', air: task.i, zone: z });
    return dec('air-mission', GER, 'Merkur 8.0', opts);
  }
  // 8.0 Notes (docs/games/merkur.md "Decisions"): every mission is placed before any is resolved; then each flies in
  // the order placed (V-AIRSUM air-separate), and one whose target has gone is wasted, or the
  // units sent to one zone add their values into one bombardment (air-summed)
  s.stack.pop();
  const list: Bombard[] = [];
  if (!s.rules.v['air-summed']) {
    for (let k = 0; k < task.planned.length; k += 2) {
      const air = task.planned[k]!;
      const zone = task.planned[k + 1]!;
      list.push({ side: GER, value: airValue(s, air), zone, air, firerZone: -1, preinvasion: false });
    }
    s.stack.push({ t: 'bombards', list, target: null, regroup: true });
    return null;
  }
  const done = new Set<number>();
  for (let k = 0; k < task.planned.length; k += 2) {
    const z = task.planned[k + 1]!;
    if (done.has(z)) continue;
    done.add(z);
    const airs: number[] = [];
    for (let j = 0; j < task.planned.length; j += 2)
      if (task.planned[j + 1] === z) airs.push(task.planned[j]!);
    const value = airs.reduce((a, i) => a + airValue(s, i), 0);
    list.push({ side: GER, value, zone: z, air: airs[0]!, airs, firerZone: -1, preinvasion: false });
  }
  s.stack.push({ t: 'bombards', list, target: null, regroup: true });
  return null;
}

/** 8.0: each air unit's mission; then the bombardments they fly. */
export const airMissionsTask: MerkurTaskKind<'air-missions'> = {
  step: (s, _ws, task) => airMissionsStep(s, task),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'air-mission');
    const o = d.options[choice]!;
    task.i++;
    switch (o.type) {
      case 'air-none':
        return;
      case 'air-support':
        s.air[o.air]!.flownDay = dayOf(s.turn);
        s.airSupport++;
        return;
      case 'air-bomb':
        s.air[o.air]!.flownDay = dayOf(s.turn);
        // 8.0 Notes: placed now, resolved once every air unit has its mission
        task.planned.push(o.air, o.zone);
        return;
      default:
        return unreachable(o);
    }
  },
};

/**
 * 8.0-8.3 (docs/games/merkur.md "Decisions"): the bombardments of a task, in order. An EM or battery's value is taken
 * (and its fired marker placed, 2.5) when its turn comes; the defender names the target when
 * two or more units may be named (`bombardTargets`); the second defender's loss is its choice too.
 */
function bombardsStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'bombards'>,
): MerkurDecision | ChanceNode | null {
  while (task.list.length > 0) {
    let b = task.list[0]!;
    if ('u' in b) {
      const v = artilleryValue(s, b.u);
      if (v <= 0 || s.units[b.u]!.status !== 'map') {
        task.list.shift();
        continue;
      }
      markFired(s, b.u);
      b = {
        side: s.units[b.u]!.side,
        value: v,
        zone: b.to,
        air: -1,
        firerZone: s.units[b.u]!.zone,
        preinvasion: false,
      };
      task.list[0] = b;
    }
    if (task.target === null) {
      const targets = bombardTargets(s, b);
      if (targets.length > 1)
        return dec(
          'bomb-target',
          (1 - b.side) as 0 | 1,
          'Merkur 8.2',
          targets.map((unit) => ({ type: 'bomb-target', unit })),
        );
      task.target = targets[0] ?? -1;
    }
    // 8.1-8.3: the defence before the dice (a supporter committed), then the dice: the attacker's
    // 2d6, the defender's, and the collateral victim's draw when there is one (8.0)
    if (task.dice === undefined || task.d === undefined) {
      const { d, target } = bombardDefence(s, b, true, task.target);
      if (target < 0) {
        task.list.shift();
        task.target = null;
        continue;
      }
      task.target = target;
      task.d = d;
      task.dice = [];
    }
    const dice = task.dice;
    const spec = b;
    if (dice.length < 2) {
      const p = roll(
        ws,
        'bombard',
        '2d6',
        () => (dice.length === 0 ? BOMBARD_ATTACK : BOMBARD_DEFENCE),
        (k) => dice.push(k + 2),
      );
      if (p !== null) return p;
      continue;
    }
    if (dice.length === 2) {
      const n = collateralPool(s, spec, task.d, dice[0]!, dice[1]!).length;
      if (n > 0) {
        const p = roll(
          ws,
          'bombard',
          n,
          () => pickNode('Merkur 8.0', 'collateral victim', n),
          (k) => dice.push(k),
        );
        if (p !== null) return p;
        continue;
      }
    }
    const ops: LossOp[] = [];
    resolveBombard(s, ws, spec, task.d, task.target, dice, ops);
    task.list.shift();
    task.target = null;
    delete task.d;
    delete task.dice;
    if (ops.length > 0) {
      s.stack.push({ t: 'losses', ops, regroup: false });
      return null;
    }
  }
  s.stack.pop();
  if (task.regroup) queueRegroup(s);
  return null;
}

const BOMBARD_ATTACK = twoD6Node('Merkur 8.1', "the bombardment's 2d6");
const BOMBARD_DEFENCE = twoD6Node('Merkur 8.2', "the bombarded defence's 2d6");

/** 8.0-8.3: a list of bombardments, in order. */
export const bombardsTask: MerkurTaskKind<'bombards'> = {
  step: bombardsStep,
  // the 2d6 (the sum k + 2), or the collateral victim's index k
  outcome(_s, _ws, task, _node, k) {
    const dice = task.dice!;
    dice.push(dice.length < 2 ? k + 2 : k);
  },
  answer(_s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'bomb-target');
    task.target = d.options[choice]!.unit;
  },
};
