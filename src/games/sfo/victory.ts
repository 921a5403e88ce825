/** Victory (SFO 10). */
import { mapOf } from './map.js';
import type { SfoState } from './state.js';

/** Per town in data order (Esselben 0405, Ganheim 0107, third town 0303): 1 when Soviet units occupy it. */
export function sovietTownFlags(state: SfoState): number[] {
  const m = mapOf(state);
  return m.towns.map((t) =>
    state.units.some((u) => u.status === 'map' && u.side === 'soviet' && u.hex === t) ? 1 : 0,
  );
}

/** SFO 10: towns the Soviets physically occupy (being last to pass through does not count). */
export function sovietTowns(state: SfoState): number {
  let n = 0;
  for (const f of sovietTownFlags(state)) n += f;
  return n;
}

/** SFO 10: the Soviets win if they occupy two or more towns at the end of the last turn. */
export function winner(state: SfoState): 'soviet-win' | 'us-win' {
  return sovietTowns(state) >= 2 ? 'soviet-win' : 'us-win';
}
