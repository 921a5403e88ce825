/**
 * Unit values and zone statuses (Merkur 2.2, 3.2, 5.1, 5.5, 7.3): the reduced side (docs/games/merkur.md "Reconstructed values",
 * parameter reducedRule), dispersed paras (2-3-0), stacking per side, contested zones.
 */

import { merkurData } from './data.js';
import { MAP } from './map.js';
import { GER, type MerkurState, type MUnit } from './state.js';

/** 5.1: at most 6 units per side in a sector zone; strategic zones have no limit. */
export const STACK_LIMIT = 6;

/** 2.2 (docs/games/merkur.md "Reconstructed values"): a value on the reduced side. */
export function reducedValue(s: MerkurState, v: number): number {
  switch (s.rules.reducedRule) {
    case 'half-up':
      return Math.ceil(v / 2);
    case 'half-down':
      return Math.floor(v / 2);
    case 'minus-2':
      return Math.max(0, v - 2);
  }
}

/** 7.1: attack factor, reduced and dispersed (7.3: 2-3-0) as they apply. */
export function attackOf(s: MerkurState, u: MUnit): number {
  const base = u.reduced ? reducedValue(s, u.a) : u.a;
  if (!u.dispersed) return base;
  return s.rules.v['dispersed-min'] ? Math.min(2, base) : 2;
}

/** 7.2: defence factor, reduced and dispersed as they apply. */
export function defenceOf(s: MerkurState, u: MUnit): number {
  const base = u.reduced ? reducedValue(s, u.d) : u.d;
  if (!u.dispersed) return base;
  return s.rules.v['dispersed-min'] ? Math.min(3, base) : 3;
}

/** 2.5: an EM's or battery's own artillery value (reduced: the reduced value; dispersed EM: 0). */
export function artOf(s: MerkurState, u: MUnit): number {
  if (u.dispersed) return 0;
  return u.reduced ? reducedValue(s, u.art) : u.art;
}

/** 6.1: movement allowance (dispersed: 0). */
export function moveOf(u: MUnit): number {
  return u.dispersed ? 0 : u.m;
}

export function onMap(u: MUnit): boolean {
  return u.status === 'map';
}

/** Units of `side` in zone `z`. */
export function unitsIn(s: MerkurState, z: number, side: 0 | 1): number[] {
  const out: number[] = [];
  const us = s.units;
  for (let i = 0; i < us.length; i++) {
    const u = us[i]!;
    if (u.zone === z && u.side === side && u.status === 'map') out.push(i);
  }
  return out;
}

export function countIn(s: MerkurState, z: number, side: 0 | 1): number {
  let n = 0;
  for (const u of s.units) if (u.zone === z && u.side === side && u.status === 'map') n++;
  return n;
}

/** Units on the map per zone: `g` German, `c` Commonwealth. */
export interface Occupancy {
  readonly g: Int8Array;
  readonly c: Int8Array;
}

/** Zeroed per-zone counts for `occupancy` to fill (one per owner: a workspace, a policy). */
export function newOccupancy(): Occupancy {
  return { g: new Int8Array(MAP.count), c: new Int8Array(MAP.count) };
}

/**
 * Units per side per zone, in one pass. `into`, when given, is overwritten and returned (a
 * caller's scratch: allocating the arrays cost more than counting).
 */
export function occupancy(s: MerkurState, into?: Occupancy): Occupancy {
  let g: Int8Array;
  let c: Int8Array;
  if (into === undefined) {
    g = new Int8Array(MAP.count);
    c = new Int8Array(MAP.count);
  } else {
    g = into.g;
    c = into.c;
    g.fill(0);
    c.fill(0);
  }
  for (const u of s.units) {
    if (u.status !== 'map' || u.zone < 0) continue;
    if (u.side === GER) g[u.zone]!++;
    else c[u.zone]!++;
  }
  return { g, c };
}

/** 5.1: room left for `side` in zone `z`. */
export function room(s: MerkurState, z: number, side: 0 | 1): number {
  if (MAP.strategic[z]) return 99;
  return STACK_LIMIT - countIn(s, z, side);
}

/** 5.5: both sides present. */
export function contested(s: MerkurState, z: number): boolean {
  let g = false;
  let c = false;
  for (const u of s.units) {
    if (u.zone !== z || u.status !== 'map') continue;
    if (u.side === GER) g = true;
    else c = true;
    if (g && c) return true;
  }
  return false;
}

/** 5.5: zone controlled by `side` (only its units present). */
export function controlledBy(s: MerkurState, z: number, side: 0 | 1): boolean {
  return countIn(s, z, side) > 0 && countIn(s, z, (1 - side) as 0 | 1) === 0;
}

/** Combat units (not EMs) in a list. */
export function combatUnits(s: MerkurState, list: readonly number[]): number[] {
  return list.filter((i) => s.units[i]!.type !== 'em');
}

/** `combatUnits(s, unitsIn(s, z, side))` in one pass. */
export function combatUnitsIn(s: MerkurState, z: number, side: 0 | 1): number[] {
  const out: number[] = [];
  const us = s.units;
  for (let i = 0; i < us.length; i++) {
    const u = us[i]!;
    if (u.zone === z && u.side === side && u.status === 'map' && u.type !== 'em') out.push(i);
  }
  return out;
}

/**
 * 2.2, 7.4: halve a unit (flip; a reduced unit is eliminated). Returns true when it was eliminated.
 * Para eliminations feed 9.0 regrouping (turn-sequence pushes the regroup task).
 */
export function halve(s: MerkurState, ui: number): boolean {
  const u = s.units[ui]!;
  if (!u.reduced) {
    u.reduced = true;
    if (u.side === GER) s.stats.german_steps_lost++;
    else s.stats.cw_steps_lost++;
    return false;
  }
  eliminate(s, ui);
  return true;
}

export function eliminate(s: MerkurState, ui: number): void {
  const u = s.units[ui]!;
  if (u.status !== 'map') return;
  u.status = 'elim';
  u.zone = -1;
  if (u.side === GER) {
    s.stats.german_units_eliminated++;
    s.stats.german_steps_lost++;
    if (u.type === 'para') {
      s.stats.para_units_eliminated++;
      s.paraLosses.push(ui);
    }
    if (u.type === 'em') s.stats.em_destroyed_german++;
  } else {
    s.stats.cw_units_eliminated++;
    s.stats.cw_steps_lost++;
    if (u.type === 'em') s.stats.em_destroyed_cw++;
  }
  // 3.2: a fort is destroyed when no CW units remain in its zone
}

/** 3.2: forts in zones with no CW unit left are destroyed. */
export function checkForts(s: MerkurState): void {
  for (let z = 0; z < MAP.count; z++) {
    if (s.fort[z] !== 1) continue;
    let held = false;
    for (const u of s.units)
      if (u.zone === z && u.side !== GER && u.status === 'map') {
        held = true;
        break;
      }
    if (!held) {
      s.fort[z] = 0;
      s.stats.forts_destroyed++;
    }
  }
}

/** Unit index by id in data order (startGame lists the German units of the data, then the CW's). */
const UNIT_INDEX: ReadonlyMap<string, number> = new Map(
  [...merkurData.german, ...merkurData.commonwealth].map((u, i) => [u.id, i] as const),
);

/** The index in `s.units` of the unit with id `id`. */
export function unitIndex(s: MerkurState, id: string): number {
  const i = UNIT_INDEX.get(id);
  return i !== undefined && s.units[i]?.id === id ? i : s.units.findIndex((u) => u.id === id);
}

/**
 * 7.1, 7.2, 8.2: the unit of `list` with the highest `value`, full strength first, then the first
 * listed (the lead attacker, the lead defender, a bombardment target).
 */
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
