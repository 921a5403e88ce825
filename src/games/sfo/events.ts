/** Events phases (SFO 7): Advanced Soviet replacements and the West German V reinforcement. */
import type { SfoOption } from './options.js';
import type { SfoState } from './state.js';
import { sovietTowns } from './victory.js';

export const V_ID = 'WG-V';

/** Eliminated Soviet units (candidates for replacement). */
export function eliminatedSoviets(state: SfoState): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.side === 'soviet' && u.status === 'eliminated') out.push(i);
  });
  return out;
}

/**
 * SFO 7 (Advanced): from turn 2, once per game, the Soviets may bring in up to two eliminated units;
 * all-or-nothing (taking one uses the replacement up). Options 0..min(2, eliminated); empty when not available.
 */
export function replacementOptions(state: SfoState): SfoOption[] {
  if (state.rules.level !== 'advanced' || state.turn < 2 || state.replacementUsed) return [];
  const n = Math.min(2, eliminatedSoviets(state).length);
  if (n === 0) return [];
  const out: SfoOption[] = [];
  for (let c = 0; c <= n; c++) out.push({ type: 'replace', count: c });
  return out;
}

/** SFO 7: the chosen eliminated units become arriving units on the east edge; the replacement is used up. */
export function applyReplacement(state: SfoState, count: number): number[] {
  if (count <= 0) return [];
  const units = eliminatedSoviets(state).slice(0, count);
  if (units.length !== count)
    throw new Error(`replacement of ${count} units with ${units.length} eliminated`);
  for (const i of units) {
    const u = state.units[i]!;
    u.status = 'arriving';
    u.hex = -1;
  }
  state.replacementUsed = true;
  state.stats.soviet_replacements = count;
  return units;
}

/**
 * SFO 7 (Advanced): if at the start of the US events phase the Soviets occupy two or more towns,
 * the West German V arrives at the west edge (once per game). Returns true when it arrives now.
 */
export function checkReinforcement(state: SfoState): boolean {
  if (state.rules.level !== 'advanced') return false;
  const v = state.units.find((u) => u.id === V_ID);
  if (v === undefined || v.status !== 'reserve') return false;
  if (sovietTowns(state) < 2) return false;
  v.status = 'arriving';
  state.stats.v_arrival_turn = state.turn;
  return true;
}
