/** SCS invariants: stacking (6.2-6.3), German counter accounting, Soviet step accounting, front (3.7), control. */
import { scsMap } from './map.js';
import { GERMAN, isCombatUnit, type ScsState, SOVIET } from './state.js';

export function invariants(s: ScsState): string[] {
  const errors: string[] = [];
  // SCS 6.2: one army per hex, armies only on Soviet hexes (outside a battle and the attack it
  // belongs to: 3.7, the force stands in the hex it attacks until the battle's result is carried out)
  const seen = new Map<number, string>();
  const attacking = (i: number, h: number): boolean =>
    s.stack.some((t) => t.t === 'attack' && t.a === i && t.h === h);
  for (let i = 0; i < s.armies.length - 1; i++) {
    const a = s.armies[i]!;
    if (a.hex >= 0) {
      if (a.steps <= 0) errors.push(`army ${a.id} on the map with ${a.steps} steps`);
      const other = seen.get(a.hex);
      if (other !== undefined)
        errors.push(`armies ${other} and ${a.id} stacked in ${scsMap.ids[a.hex]} (6.2)`);
      seen.set(a.hex, a.id);
      if (s.control[a.hex] !== SOVIET && s.engaged.length === 0 && !attacking(i, a.hex))
        errors.push(`army ${a.id} in German hex ${scsMap.ids[a.hex]}`);
    } else if (a.hex === -1 && a.steps !== 0) errors.push(`army ${a.id} dead with ${a.steps} steps`);
    if (a.steps > a.full || a.steps < 0) errors.push(`army ${a.id} has ${a.steps} of ${a.full} steps`);
  }
  // SCS 6.3: 1E always with a living host
  const e = s.armies[s.armies.length - 1]!;
  if (e.steps > 0) {
    if (s.host < 0 || s.host >= s.armies.length - 1 || s.armies[s.host]!.hex < 0)
      errors.push(`1E (${e.steps} steps) has no host on the map`);
  } else if (s.host !== -1) errors.push('1E dead but still has a host');
  // Soviet step accounting: on map + lost - replaced = full strengths of the armies that have entered
  let steps = 0;
  let full = 0;
  for (const a of s.armies) {
    if (a.hex === -2 || a.hex === -4) continue;
    steps += a.steps;
    full += a.full;
  }
  if (steps + s.stepsLost - s.stepsReplaced !== full) {
    errors.push(`Soviet steps ${steps} + lost ${s.stepsLost} - replaced ${s.stepsReplaced} != ${full}`);
  }
  // German counters: each in exactly one place (pool, marker, held, battle, track, aside, removed)
  const count = new Array<number>(s.gType.length).fill(0);
  const mark = (id: number, where: string) => {
    if (!(id >= 0 && id < count.length)) errors.push(`unknown German counter ${id} in ${where}`);
    else count[id]!++;
  };
  for (const id of s.pool) mark(id, 'pool');
  for (const id of s.engaged) mark(id, 'battle');
  for (const id of s.aside) mark(id, 'aside');
  for (const id of s.removed) mark(id, 'removed');
  s.track.forEach((b, t) => {
    for (const id of b) mark(id, `turn ${t} box`);
  });
  for (let h = 0; h < scsMap.size; h++) {
    if (s.marker[h]! >= 0) {
      mark(s.marker[h]!, `marker ${scsMap.ids[h]}`);
      if (s.control[h] !== GERMAN) errors.push(`marker in Soviet hex ${scsMap.ids[h]}`);
    }
    for (const id of s.held[h]!) {
      mark(id, `held ${scsMap.ids[h]}`);
      if (!isCombatUnit(s.gType[id]!))
        errors.push(`support marker ${id} held in ${scsMap.ids[h]} (10.6-10.9)`);
    }
    if (s.marker[h]! >= 0 && s.held[h]!.length > 0)
      errors.push(`hex ${scsMap.ids[h]} has both a marker and held units`);
  }
  count.forEach((c, id) => {
    if (c !== 1) errors.push(`German counter ${id} found ${c} times`);
  });
  for (let h = 0; h < scsMap.size; h++)
    if (s.control[h] !== GERMAN && s.control[h] !== SOVIET)
      errors.push(`hex ${scsMap.ids[h]} control ${s.control[h]}`);
  return errors;
}

/** SCS 3.7: German hexes next to Soviet ones without marker or held defenders (legal only mid-battle or after the game ended). */
export function unmarkedFrontHexes(s: ScsState): string[] {
  const out: string[] = [];
  for (let h = 0; h < scsMap.size; h++) {
    if (s.control[h] !== GERMAN || s.marker[h]! >= 0 || s.held[h]!.length > 0) continue;
    if (scsMap.nbr[h]!.some((n) => s.control[n] === SOVIET)) out.push(scsMap.ids[h]!);
  }
  return out;
}
