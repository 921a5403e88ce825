/**
 * Use of Luftwaffe units (K16): just before German combat each air unit may be placed on a German
 * square that can attack an adjacent British square; it adds its CF to that square's attack, counts
 * toward the stack limit of 3 (K11.1), never attacks alone, is never destroyed, and goes back after
 * the attack. No air support for a scattered para's forced attack (K15.5, K16).
 */

import { mayAttackFrom } from './combat.js';
import { type UnitTo, unitTo } from './decisions.js';
import { MAP } from './map.js';
import { occupancy } from './movement.js';
import type { CreteState } from './state.js';
import type { CreteWorkspace } from './workspace.js';

/** Squares air unit may join (K16, K11.1): German squares with attackers, adjacent to British, with room. */
export function airSquares(s: CreteState, ws: CreteWorkspace): number[] {
  occupancy(s, ws);
  const out: number[] = [];
  for (let h = 0; h < MAP.size; h++) {
    if (ws.ger[h] === 0 || ws.ger[h]! >= s.rules.stack) continue;
    if (!MAP.neighbours[h]!.some((j) => ws.bri[j]! > 0)) continue;
    if (!mayAttackFrom(s, 'german', h)) continue;
    out.push(h);
  }
  return out;
}

/** The air-support decision for the next idle air unit, or null when every one has been offered. */
export function airStep(
  s: CreteState,
  ws: CreteWorkspace,
  task: { t: 'air'; i: number },
): { options: UnitTo[] } | null {
  while (task.i < s.units.length) {
    const ui = task.i++;
    const u = s.units[ui]!;
    if (u.kind !== 'air' || u.cf === 0) continue;
    const squares = airSquares(s, ws);
    if (squares.length === 0) return null;
    const options: UnitTo[] = [unitTo(ui, -1)];
    for (const to of squares) options.push(unitTo(ui, to));
    return { options };
  }
  return null;
}
