/**
 * Bombardment (Merkur 8.0-8.4): artillery of an EM or battery, air units, the pre-invasion strike.
 * Attack value + 2d6 against the highest defence + terrain/town/fort (+AA for air, counter-battery
 * for artillery) + 2d6; three results (8.3) with collateral damage and AA losses.
 */
import { d6 } from '../../core/dice.js';
import { randInt } from '../../core/rng.js';
import {
  defenders,
  engineSecondDefender,
  groupLoss,
  type LossOp,
  leadOf,
  zoneDefenceBonus,
} from './combat.js';
import { emBonus, supportValue } from './command.js';
import { MAP } from './map.js';
import { tell } from './narrate.js';
import { CW, type MerkurState } from './state.js';
import { checkForts, combatUnits, contested, defenceOf, halve, reducedValue, unitsIn } from './units.js';
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
 * 8.1-8.3: resolves one bombardment against target `chosen` (absent: the engine's); returns -1
 * (A<D), 0 (A=D) or 1 (A>D), or null with no target. With `ops`, the second defender (8.3,
 * "defender chooses", "must retreat or be halved") is added to it for the defender to name and
 * answer, instead of carried out.
 */
export function resolveBombard(
  s: MerkurState,
  ws: MerkurWorkspace,
  spec: BombardSpec,
  chosen?: number,
  ops?: LossOp[],
): number | null {
  const { d, target } = bombardDefence(s, spec, true, chosen);
  if (target < 0) return null;
  const r = ws.streams.stream('bombard');
  const x = d6(r) + d6(r);
  const y = d6(r) + d6(r);
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
    if (!spec.preinvasion && contested(s, spec.zone) && spec.firerZone !== spec.zone) {
      const own = collateralVictims(s, spec.zone, spec.side);
      if (own.length > 0) {
        halve(s, own[randInt(r, 0, own.length - 1)]!);
        st.collateral_hits++;
      }
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
