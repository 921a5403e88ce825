/**
 * EMs: command bonus, artillery values and support (Merkur 2.3-2.5, 7.1 Note, 8.0 "Fire command
 * structure"). Divisional EMs sum their subordinates' artillery on the same map within two zones.
 */
import { merkurData } from './data.js';
import { MAP } from './map.js';
import type { MerkurState, MUnit } from './state.js';
import { artOf, contested, type Occupancy } from './units.js';

/**
 * Indices of the EMs in `MerkurState.units`, in unit order: startGame (setup.ts) lists every German
 * unit of the data and then every CW unit, so an index's type never changes.
 */
export const EM_INDICES: readonly number[] = [...merkurData.german, ...merkurData.commonwealth].flatMap(
  (u, i) => (u.type === 'em' ? [i] : []),
);

/** 2.5: German divisional EMs whose subordinates are the para regiment EMs. */
const PARA_DIVISIONAL = new Set(['Suessmann', 'Ramcke']);

/** Per unit index (data order, as `EM_INDICES`): the other para divisional EM of a para divisional EM, else -1 (E3). */
const OTHER_PARA_DIVISIONAL: readonly number[] = (() => {
  const all = [...merkurData.german, ...merkurData.commonwealth];
  return all.map((u) =>
    PARA_DIVISIONAL.has(u.id) ? all.findIndex((v) => PARA_DIVISIONAL.has(v.id) && v.id !== u.id) : -1,
  );
})();

/** Per unit index: `subordinates` (its side, id and divisional flag never change), built once. */
const SUBORDINATES: readonly (readonly number[])[] = (() => {
  const all = [...merkurData.german, ...merkurData.commonwealth];
  const side = (i: number) => (i < merkurData.german.length ? 0 : 1);
  return all.map((em, emi) =>
    em.type !== 'em' || em.id === 'Ringel'
      ? []
      : EM_INDICES.filter((i) => side(i) === side(emi) && !all[i]!.divisional && i !== emi),
  );
})();

/** 2.5: the EMs a divisional EM sums (same side, non-divisional, with a command, not batteries). */
export function subordinates(_s: MerkurState, emi: number): readonly number[] {
  return SUBORDINATES[emi]!;
}

/**
 * 2.5 (E1, E2): a divisional EM's artillery: the sum of its subordinates' values on the same map
 * within two zones. With div-blocked (8.0) it is 0 once any subordinate has fired; with
 * div-excludes-fired the fired ones are left out. Suessmann and Ramcke block each other (E3).
 * Ringel: the sum of the batteries in his zone when at least two are there (adjacent zone only);
 * `forSupport` (V ringel-sum-support, 7.1 Note): fired batteries count in the sum lent as support.
 */
export function divisionalArt(s: MerkurState, emi: number, forSupport = false): number {
  const em = s.units[emi]!;
  if (em.status !== 'map' || em.dispersed || em.fired) return 0;
  if (em.id === 'Ringel') {
    // 7.1 Note: a fired marker does not stop a battery's value supporting an assault (`forSupport`)
    let sum = 0;
    let n = 0;
    for (const u of s.units)
      if (u.type === 'battery' && u.status === 'map' && u.zone === em.zone && (forSupport || !u.fired)) {
        sum += artOf(s, u);
        n++;
      }
    return n >= 2 && !em.reduced ? sum : 0;
  }
  const other = OTHER_PARA_DIVISIONAL[emi]!;
  if (other >= 0 && s.units[other]!.fired) return 0;
  let sum = 0;
  for (const i of subordinates(s, emi)) {
    const u = s.units[i]!;
    if (u.status !== 'map') continue;
    if (u.fired) {
      if (s.rules.v['div-blocked']) return 0;
      continue;
    }
    if (MAP.map[u.zone] !== MAP.map[em.zone] || MAP.dist[em.zone]![u.zone]! > 2) continue;
    sum += artOf(s, u);
  }
  return sum;
}

/**
 * 2.5 (M-07): the zones EM or battery `ui`, standing in zone `z` with the positions `occ`, may
 * bombard (4.0): its own or an adjacent zone holding enemy units, only its own when that is
 * contested; Ringel's sum only into an adjacent zone. None when it has no artillery value now.
 */
export function bombardZones(s: MerkurState, ui: number, z: number, occ: Occupancy): number[] {
  const out: number[] = [];
  if (artilleryValue(s, ui) <= 0) return out;
  const theirs = s.units[ui]!.side === 0 ? occ.c : occ.g;
  const ownContested = occ.g[z]! > 0 && occ.c[z]! > 0;
  const targets = ownContested ? [z] : [z, ...MAP.adj[z]!];
  for (const y of targets) {
    if (theirs[y]! === 0) continue;
    if (s.units[ui]!.id === 'Ringel' && y === z) continue;
    out.push(y);
  }
  return out;
}

/** 2.5: the artillery value an EM or battery can use now (divisional computed; 0 when fired). */
export function artilleryValue(s: MerkurState, ui: number): number {
  const u = s.units[ui]!;
  if (u.status !== 'map' || u.fired) return 0;
  if (u.type === 'em' && u.divisional) return divisionalArt(s, ui);
  if (u.type !== 'em' && u.type !== 'battery') return 0;
  return artOf(s, u);
}

/** 2.5, 8.0 (E2, E3): mark an EM as fired, with what its fire entails for the others. */
export function markFired(s: MerkurState, ui: number): void {
  const u = s.units[ui]!;
  u.fired = true;
  if (u.type !== 'em' || !u.divisional) return;
  if (u.id === 'Ringel') {
    for (const b of s.units)
      if (b.type === 'battery' && b.status === 'map' && b.zone === u.zone) b.fired = true;
    return;
  }
  // 2.5: every subordinate counts as having fired, in range or not
  for (const i of subordinates(s, ui)) s.units[i]!.fired = true;
}

/** 2.5: does EM `em` directly command unit `u`? */
export function commands(em: MUnit, u: MUnit): boolean {
  return em.cmd !== null && u.group !== null && em.cmd === u.group;
}

/**
 * 2.4, 2.5: unit `u` is under the orders of EM `em`: a divisional EM commands every unit of its
 * side (as for the combat bonus, `emBonus`), another the units of its regiment or brigade (`commands`).
 */
export function underOrders(em: MUnit, u: MUnit): boolean {
  return em.side === u.side && (em.divisional || commands(em, u));
}

/**
 * 2.5 combat bonus: +1 when an EM of the unit's side in zone `z` commands `lead` directly, or is
 * divisional (all units of its side in its zone). div-cmd-map: Suessmann and Ramcke also give it
 * to paras anywhere on their map. Never more than +1 (bonuses do not add up).
 */
export function emBonus(s: MerkurState, z: number, side: 0 | 1, led: readonly number[]): number {
  const mapWide = s.rules.v['div-cmd-map'];
  for (const k of EM_INDICES) {
    const em = s.units[k]!;
    if (em.side !== side || em.status !== 'map') continue;
    if (em.zone === z) {
      if (em.divisional) return 1;
      for (const i of led) if (commands(em, s.units[i]!)) return 1;
    } else if (mapWide && PARA_DIVISIONAL.has(em.id) && MAP.map[em.zone] === MAP.map[z]) {
      for (const i of led) if (s.units[i]!.type === 'para') return 1;
    }
  }
  return 0;
}

/**
 * 2.5 Note, 7.1 Note: the artillery value unit `i` can lend as support now (a fired marker does
 * not prevent support; divisional EMs sum their subordinates; Ringel's sum only under
 * ringel-sum-support). 0 when it cannot support.
 */
export function supporterValue(s: MerkurState, i: number): number {
  const u = s.units[i]!;
  const wasFired = u.fired;
  u.fired = false;
  let v = u.type === 'em' && u.divisional ? divisionalArt(s, i, u.id === 'Ringel') : artOf(s, u);
  u.fired = wasFired;
  if (u.id === 'Ringel' && !s.rules.v['ringel-sum-support']) v = 0;
  return v;
}

/**
 * 2.5 Note, 7.1 Note (G7, C5): per zone in range of a combat in zone `z` (`z` or adjacent; one in a
 * contested zone supports only its own zone; `ownZoneOnly` for combat on landing, 5.2), the EMs and
 * batteries of `side` of the highest value there ("only the strongest of the counters present may
 * support ... In the case of equal strengths the player chooses"), zones in the order first met in
 * `s.units`, units in index order.
 */
function supporterGroups(s: MerkurState, side: 0 | 1, z: number, ownZoneOnly: boolean): number[][] {
  const once = s.rules.v['support-once-per-turn'];
  // per zone in the order first met: its best value and the units of that value
  const zones: number[] = [];
  const best: number[] = [];
  const groups: number[][] = [];
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i]!;
    if (u.side !== side || u.status !== 'map' || (u.type !== 'em' && u.type !== 'battery')) continue;
    if (u.dispersed || (once && u.supported)) continue;
    if (u.zone !== z) {
      if (ownZoneOnly || !MAP.adj[z]!.includes(u.zone) || contested(s, u.zone)) continue;
    }
    const v = supporterValue(s, i);
    if (v <= 0) continue;
    const k = zones.indexOf(u.zone);
    if (k < 0) {
      zones.push(u.zone);
      best.push(v);
      groups.push([i]);
    } else if (v > best[k]!) {
      best[k] = v;
      groups[k] = [i];
    } else if (v === best[k]) groups[k]!.push(i);
  }
  return groups;
}

/** G7, C5: the units that may support `side` in a combat in zone `z` (`supporterGroups`, flattened). */
export function supporters(s: MerkurState, side: 0 | 1, z: number, ownZoneOnly: boolean): number[] {
  return flatten(supporterGroups(s, side, z, ownZoneOnly));
}

/** `groups.flat()` (a plain loop: `flat` cost more than the search that made the groups). */
function flatten(groups: readonly (readonly number[])[]): number[] {
  if (groups.length === 1) return groups[0]!.slice();
  const out: number[] = [];
  for (const g of groups) for (const i of g) out.push(i);
  return out;
}

/** 7.1 Note: supporter `i` lends its value (-1: none); marks it under support-once-per-turn. */
export function lendSupport(s: MerkurState, i: number): number {
  if (i < 0) return 0;
  if (s.rules.v['support-once-per-turn']) s.units[i]!.supported = true;
  return supporterValue(s, i);
}

/**
 * 2.5 Note, 7.1 Note (E4): artillery support for `side` in a combat in zone `z` as the engine
 * gives it when nobody chooses (combat on landing, bombardment defence): the strongest of
 * `supporters` (the first among equals); art-one-per-zone: the strongest of each zone adds.
 * Returns the value and marks the supporters under support-once-per-turn.
 */
export function supportValue(s: MerkurState, side: 0 | 1, z: number, ownZoneOnly: boolean): number {
  const groups = supporterGroups(s, side, z, ownZoneOnly);
  if (s.rules.v['art-one-per-zone']) {
    let total = 0;
    for (const g of groups) total += lendSupport(s, g[0]!);
    return total;
  }
  return lendSupport(s, strongestSupporter(s, flatten(groups)));
}

/** The engine's supporter among `list`: the highest value, the first among equals; -1 when empty. */
export function strongestSupporter(s: MerkurState, list: readonly number[]): number {
  let best = -1;
  let bv = 0;
  for (const i of list) {
    const v = supporterValue(s, i);
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return best;
}
