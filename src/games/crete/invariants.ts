/**
 * Rule violations in a Crete state (docs/architecture.md "Conformance"): stacking, no enemy sharing a square, unit accounting,
 * points, the turn-1 minimum, and the landed paras of C-48 (K15.6): a para is off the map until it
 * drops and carries its drop turn once it has, and no battle on the stack attacks with a para that
 * landed this turn, except its own forced scatter attack (K15.5) or, under
 * landed-may-counterattack, a counter-attack (V-LANDCA); under stack-cannot-attack no unit stacked
 * with one attacks either (V-LANDSTACK).
 */
import { MAP } from './map.js';
import { type CreteState, DEAD, LIMBO, POOL, TRANSIT } from './state.js';

export function invariants(s: CreteState): string[] {
  const bad: string[] = [];
  const ger = new Uint8Array(MAP.size);
  const bri = new Uint8Array(MAP.size);
  let britishLost = 0;
  let germanLost = 0;
  s.units.forEach((u) => {
    if (u.loc >= MAP.size || (u.loc < 0 && ![POOL, DEAD, TRANSIT, LIMBO].includes(u.loc)))
      bad.push(`${u.name} at ${u.loc}`);
    if (u.loc >= 0) (u.side === 'german' ? ger : bri)[u.loc]!++;
    if (u.loc === DEAD) {
      if (u.kind === 'air') bad.push(`air unit ${u.name} destroyed (K16)`);
      else if (u.side === 'german') germanLost += u.cf;
      else britishLost += u.cf;
    }
    if (u.loc === LIMBO && s.pending?.kind !== 'chance' && s.stack.length === 0)
      bad.push(`${u.name} left in the air`);
    if (u.kind === 'para') {
      const dropped = u.landed >= 1;
      if (dropped !== (u.loc !== POOL) || u.landed > s.turn)
        bad.push(`para ${u.name} at ${u.loc} with drop turn ${u.landed} on turn ${s.turn} (K15)`);
    }
  });
  for (const task of s.stack) {
    if (task.t !== 'roll' && task.t !== 'ca' && task.t !== 'ex' && task.t !== 'after-scatter') continue;
    const b = task.battle;
    if (b.scatter) continue;
    const fresh = (i: number) => s.units[i]!.kind === 'para' && s.units[i]!.landed === s.turn;
    const mayCounter = b.depth > 0 && s.rules.landedCa === 'landed-may-counterattack';
    for (const i of b.attackers) {
      if (fresh(i) && !mayCounter)
        bad.push(`${s.units[i]!.name} attacks on its landing turn ${s.turn} (K15.6)`);
      else if (
        b.depth === 0 &&
        s.rules.landedStack === 'stack-cannot-attack' &&
        s.units.some((x, j) => fresh(j) && x.loc === s.units[i]!.loc && x.loc >= 0)
      )
        bad.push(`${s.units[i]!.name} attacks from a square with a para landed this turn (V-LANDSTACK)`);
    }
  }
  for (let h = 0; h < MAP.size; h++) {
    if (ger[h]! > s.rules.stack || bri[h]! > s.rules.stack) bad.push(`over 3 units on ${MAP.ids[h]} (K11.1)`);
    if (ger[h]! > 0 && bri[h]! > 0) bad.push(`both sides on ${MAP.ids[h]} (K8.6)`);
  }
  if (s.points.german !== britishLost)
    bad.push(`German kill points ${s.points.german} != Allied CF lost ${britishLost}`);
  if (s.points.british !== germanLost - s.drownedCf)
    bad.push(
      `British kill points ${s.points.british} != German CF lost ${germanLost} - unscored drowned ${s.drownedCf}`,
    );
  if ((s.turn > 1 || s.seq > 1) && s.turn >= 1) {
    const t1 = s.stats.paras_dropped_t1;
    const allocated = s.secret === null ? t1 : s.secret.alloc.filter((b) => b >= 0).length;
    if (t1 !== allocated) bad.push(`turn-1 drops ${t1} != allocated ${allocated} (K6.1)`);
    if (allocated < s.rules.minDrops)
      bad.push(`turn-1 allocation ${allocated} below the minimum ${s.rules.minDrops}`);
  }
  return bad;
}
