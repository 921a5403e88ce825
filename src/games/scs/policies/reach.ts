/**
 * Where a force can strike this turn (SCS 6.2, 9.3, 9.7): a search over Soviet hexes free of other
 * armies, spending MF by terrain, calling `visit(h, mfLeft)` for each German hex it could enter
 * (fortified localities excluded, 10.13) with the MF it would have left, in search order (a hex may
 * be visited more than once, with more MF the later it is found by a better route).
 */
import { scsMap } from '../map.js';
import { entryCost } from '../movement.js';
import { GERMAN, type ScsState } from '../state.js';

const queue: number[] = [];
const best = new Int8Array(scsMap.size).fill(-1);

export function walkReach(
  s: ScsState,
  from: number,
  mf: number,
  self: number,
  occupied: Uint8Array,
  visit: (h: number, mfLeft: number) => void,
): void {
  for (let i = 0; i < queue.length; i++) best[queue[i]!] = -1;
  queue.length = 0;
  queue.push(from);
  best[from] = mf;
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head]!;
    const r = best[u]!;
    const nu = scsMap.nbr[u]!;
    for (let k = 0; k < nu.length; k++) {
      const n = nu[k]!;
      const c = entryCost(s, n);
      if (c > r) continue;
      if (s.control[n] === GERMAN) {
        if (s.cfg.fortified[n] !== 1) visit(n, r - c);
      } else if (r - c > best[n]! && (n === self || occupied[n] === 0)) {
        best[n] = r - c;
        queue.push(n);
      }
    }
  }
}
