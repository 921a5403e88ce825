/** Rule violations in a state (docs/architecture.md "Conformance"): empty when the state is legal. */

import { mapOf } from './map.js';
import { unitsOfLevel } from './setup.js';
import type { SfoState } from './state.js';

export function invariants(state: SfoState): string[] {
  const out: string[] = [];
  const m = mapOf(state);
  const expected = unitsOfLevel(state.rules.level).length;
  const expert = state.rules.expert !== null;
  if (state.units.length !== expected) out.push(`unit count ${state.units.length}, expected ${expected}`);
  const sov = new Uint8Array(m.size);
  const us = new Uint8Array(m.size);
  for (const u of state.units) {
    if (u.status === 'map') {
      if (!Number.isInteger(u.hex) || u.hex < 0 || u.hex >= m.size) {
        out.push(`${u.id} on non-existent hex ${u.hex}`);
        continue;
      }
      if (u.side === 'soviet') sov[u.hex] = sov[u.hex]! + 1;
      else us[u.hex] = us[u.hex]! + 1;
      if (m.forest[u.hex] === 1 && !state.rules.forestAllowed)
        out.push(`${u.id} in forest ${m.ids[u.hex]} in Basic (SFO 3.1)`);
    } else if (u.hex !== -1) {
      out.push(`${u.id} is ${u.status} but has hex ${u.hex}`);
    }
    if (u.status === 'reserve' && u.side !== 'us' && !expert) out.push(`${u.id} in reserve`);
    if (u.disrupted && (!expert || u.status !== 'map'))
      out.push(`${u.id} disrupted while ${u.status}${expert ? '' : ' outside the Expert game'}`);
  }
  for (let h = 0; h < m.size; h++) {
    if (sov[h]! > 0 && us[h]! > 0) out.push(`both sides on ${m.ids[h]}`);
    const n = Math.max(sov[h]!, us[h]!);
    if (n > state.rules.stackLimit)
      out.push(`${n} units on ${m.ids[h]} over the stacking limit ${state.rules.stackLimit} (SFO 8.2)`);
  }
  const sovElim = state.units.filter((u) => u.side === 'soviet' && u.status === 'eliminated').length;
  const usElim = state.units.filter((u) => u.side === 'us' && u.status === 'eliminated').length;
  if (usElim + state.stats.us_replacements !== state.stats.us_units_lost)
    out.push(
      `US eliminated ${usElim} + replaced ${state.stats.us_replacements} != lost ${state.stats.us_units_lost}`,
    );
  if (sovElim + state.stats.soviet_replacements !== state.stats.soviet_units_lost) {
    out.push(
      `Soviet eliminated ${sovElim} + replaced ${state.stats.soviet_replacements} != lost ${state.stats.soviet_units_lost}`,
    );
  }
  if (state.rules.level === 'advanced' && state.stats.soviet_replacements > 2)
    out.push('more than 2 Soviet replacements (SFO 7)');
  if (!expert && state.stats.us_replacements > 0) out.push('US replacements outside the Expert game');
  const xs = state.expert;
  if (expert !== (xs !== null)) out.push('expert play state does not match the level');
  if (state.rules.level === 'basic' && state.units.some((u) => u.status === 'arriving'))
    out.push('arriving units in Basic');
  return out;
}
