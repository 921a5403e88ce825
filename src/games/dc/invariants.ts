/** Rule violations in a Dark Crusade state (docs/architecture.md "Conformance" invariants); empty when the state is legal. */

import type { DcState } from './state.js';
import { mapOf } from './supply.js';

export function invariants(s: DcState): string[] {
  const out: string[] = [];
  const m = mapOf(s);
  const battling = s.stack.some((t) => t.t === 'battle' || t.t === 'retreat');
  const sides = new Array<number>(m.n).fill(-1);
  s.units.forEach((u, i) => {
    const ty = s.rules.types[u.t]!;
    if (u.st === 0) {
      // DC 9.A: committed to assault from its side's off-map box (on the edge line, `at` -1)
      if (u.at === -1 && u.atk >= 0 && u.atk < m.n) {
        if (u.losses > ty.limit)
          out.push(`unit ${i} (${u.label}) alive with ${u.losses} losses (limit ${ty.limit})`);
        return;
      }
      if (u.at < 0 || u.at >= m.n) out.push(`unit ${i} on the map at ${u.at}`);
      else if (!battling) {
        // DC 11: one side per point
        if (sides[u.at] === -1) sides[u.at] = u.side;
        else if (sides[u.at] !== u.side) out.push(`both sides on ${m.ids[u.at]}`);
      }
      if (u.losses > ty.limit)
        out.push(`unit ${i} (${u.label}) alive with ${u.losses} losses (limit ${ty.limit})`);
    } else if (u.at !== -1) out.push(`unit ${i} off the map at ${u.at}`);
  });
  // DC 12.A-B: line loads within capacity this phase
  const op = s.stack.find((t) => t.t === 'op');
  if (op !== undefined && op.t === 'op')
    for (let l = 0; l < m.lines; l++) {
      const [total, armour] = s.rules.lineCap[op.side]![m.lineClass[l]!]!;
      if (s.load[2 * l]! > 2 * total! + 1)
        out.push(`line ${m.ids[m.lineA[l]!]}-${m.ids[m.lineB[l]!]} over capacity`);
      if (s.load[2 * l + 1]! > armour!)
        out.push(`line ${m.ids[m.lineA[l]!]}-${m.ids[m.lineB[l]!]} over armour capacity`);
    }
  if (s.airAt.length > s.air) out.push(`${s.airAt.length} German air units placed, ${s.air} available`);
  // D-8 (DC 13.A.4): placed, fought and withheld air together never exceed the air available
  const airs = s.airAt.length + s.airUp.length + s.airBt.length / 2;
  if (airs > s.air) out.push(`${airs} German air units on the map, ${s.air} available`);
  return out;
}
