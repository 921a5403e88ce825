/**
 * Use of Luftwaffe units (K16): just before German combat each air unit may be placed on a German
 * square that can attack an adjacent British square; it adds its CF to that square's attack, counts
 * toward the stack limit of 3 (K11.1), never attacks alone, is never destroyed, and goes back after
 * the attack. No air support for a scattered para's forced attack (K15.5, K16).
 */

import { mayAttackFrom, sortSmall } from './combat.js';
import { type UnitTo, unitTo } from './decisions.js';
import { MAP } from './map.js';
import { occupancy } from './movement.js';
import type { CreteState } from './state.js';
import type { CreteWorkspace } from './workspace.js';

/** Squares air unit may join (K16, K11.1): German squares with attackers, adjacent to British, with room. */
export function airSquares(s: CreteState, ws: CreteWorkspace): number[] {
  occupancy(s, ws);
  const out: number[] = [];
  for (const h of attackSquares(s, ws)) if (ws.ger[h]! < s.rules.stack) out.push(h);
  return out;
}

/**
 * The German squares that may attack (mayAttackFrom) an adjacent British square, in ascending
 * order (occupancy current). Placing air units changes none of them (air needs ground attackers
 * there, K16), so an air task lists them once: kept in ws.airSquares while ws.airTask / ws.airState
 * name the task and state they were listed for.
 */
function attackSquares(s: CreteState, ws: CreteWorkspace, task?: object): readonly number[] {
  if (task !== undefined && ws.airTask === task && ws.airState === s) return ws.airSquares;
  const out = ws.airSquares;
  out.length = 0;
  for (const u of s.units) {
    const h = u.loc;
    if (u.side !== 'german' || h < 0 || u.kind === 'air' || out.includes(h)) continue;
    let bri = false;
    for (const j of MAP.neighbours[h]!) if (ws.bri[j]! > 0) bri = true;
    if (bri && mayAttackFrom(s, 'german', h)) out.push(h);
  }
  sortSmall(out);
  ws.airTask = task ?? null;
  ws.airState = task === undefined ? null : s;
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
    occupancy(s, ws);
    const options: UnitTo[] = [unitTo(ui, -1)];
    for (const to of attackSquares(s, ws, task))
      if (ws.ger[to]! < s.rules.stack) options.push(unitTo(ui, to));
    if (options.length === 1) return null;
    return { options };
  }
  return null;
}
