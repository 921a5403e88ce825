/**
 * Victory (DC 2.B.1, Tournament): victory points held in overland supply, the yearly requirement
 * "home + enemy" (the first number all year, the one after a slash in December), factory pairs
 * (2.B.1.a), the unilateral draw after February 1942 (2.B.1.b) and the July 1944 time limit.
 */
import { type DcState, monthOf, type SideIx, yearOf } from './state.js';
import { mapOf, supplyReach } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** VP of `side`'s own 1941 cities and of the enemy's it holds in overland supply (DC 2.B.1.a). */
export function vpHeld(s: DcState, ws: DcWorkspace, side: SideIx): { home: number; enemy: number } {
  const m = mapOf(s);
  const reach = supplyReach(s, ws, side === 0 ? 'axis-overland' : 'soviet-overland');
  let home = 0;
  let enemy = 0;
  for (let p = 0; p < m.n; p++) {
    const v = m.vp[p]!;
    if (v === 0 || s.control[p] !== side || reach[p] !== 1) continue;
    if (m.side1941[p] === side) home += v;
    else enemy += v;
  }
  return { home, enemy };
}

export const HOME_VP: readonly [number, number] = [7, 16];

/** The requirement [home, enemy] of `side` in the current month (the chart, reconstructed but Dec 1941 Axis 7+7 printed; parameter vp-chart). */
export function requirement(s: DcState, side: SideIx): readonly [number, number] {
  const year = Math.min(1944, yearOf(s.turn));
  const row = s.rules.victoryYears.find((y) => y.year === year)!;
  const dec = monthOf(s.turn) === 12;
  if (side === 0) return (dec ? row.axisDec : null) ?? row.axis;
  return (dec ? row.sovietDec : null) ?? row.soviet;
}

/**
 * Does `side` meet its requirement now? All its home VP plus the enemy VP required, in overland
 * supply; each pair of destroyed Soviet factories counts +1 for the Axis and -1 for the Soviets
 * (DC 2.B.1.a): on the enemy-VP part of each side's requirement, or under variant factory-vp-home
 * the Soviet point on his home part.
 */
export function meets(
  s: DcState,
  ws: DcWorkspace,
  side: SideIx,
  held: { readonly home: number; readonly enemy: number } = vpHeld(s, ws, side),
): boolean {
  const [h, e] = requirement(s, side);
  const c = counted(s, side, held);
  return c.home >= h && c.enemy >= e;
}

/**
 * Margin of the enemy-VP part over the requirement (negative: short), for the statistics. `held`
 * (meets too): `vpHeld` of the side when the caller has it already.
 */
export function margin(
  s: DcState,
  ws: DcWorkspace,
  side: SideIx,
  held: { readonly home: number; readonly enemy: number } = vpHeld(s, ws, side),
): number {
  const [h, e] = requirement(s, side);
  const c = counted(s, side, held);
  return c.enemy - e - (h - Math.min(c.home, h));
}

/** The VP of `side` as its requirement counts them: each pair of destroyed Soviet factories +1 for the Axis, -1 for the Soviets (DC 2.B.1.a; variant factory-vp). */
function counted(
  s: DcState,
  side: SideIx,
  held: { readonly home: number; readonly enemy: number },
): { home: number; enemy: number } {
  const pairs = Math.floor(s.factoriesLost / 2);
  if (side === 0) return { home: held.home, enemy: held.enemy + pairs };
  if (s.rules.factoryVpHome) return { home: held.home - pairs, enemy: held.enemy };
  return { home: held.home, enemy: held.enemy - pairs };
}
