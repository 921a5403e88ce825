/**
 * Where a force can strike this turn (SCS 6.2, 9.3, 9.7): a search over Soviet hexes free of other
 * armies, spending MF by terrain, finding each German hex it could enter (fortified localities
 * excluded, 10.13) with the MF it would have left.
 */
import { scsMap } from '../map.js';
import { entryCost } from '../movement.js';
import type { Cfg } from '../parameters.js';
import { GERMAN, type ScsState } from '../state.js';

// a hex is queued each time its MF left improves: at most (MF + 1) times
let queue = new Int16Array(scsMap.size * 8);
const best = new Int8Array(scsMap.size).fill(-1);
const costCache = new WeakMap<Cfg, Int8Array>();

/** SCS 9.10: entryCost of every hex of a configuration (computed once per Cfg). */
export function entryCosts(s: ScsState): Int8Array {
  let c = costCache.get(s.cfg);
  if (c === undefined) {
    c = new Int8Array(scsMap.size);
    for (let h = 0; h < scsMap.size; h++) c[h] = entryCost(s, h);
    costCache.set(s.cfg, c);
  }
  return c;
}

/**
 * The German hexes a force can strike: after `reachTargets`, `found[0..count)` lists them (each once, in
 * search order), `levels[h]` holds which MF-left levels it could arrive with (bit 0: 0 MF, bit 1:
 * 1 MF, bit 2: 2 MF or more; the levels of 9.3's rounds) and `left[h]` the most MF it could have left.
 */
export const reach = {
  found: new Int16Array(scsMap.size),
  count: 0,
  levels: new Uint8Array(scsMap.size),
  left: new Int8Array(scsMap.size),
};

/** Fills `reach` for a force in `from` with `mf` MF (`self`: the moving army's own hex; `occupied`: hexes holding armies). */
export function reachTargets(
  s: ScsState,
  from: number,
  mf: number,
  self: number,
  occupied: Uint8Array,
): void {
  const levels = reach.levels;
  const found = reach.found;
  for (let i = 0; i < reach.count; i++) levels[found[i]!] = 0;
  let count = 0;
  const cost = entryCosts(s);
  const control = s.control;
  const fortified = s.cfg.fortified;
  const nb = scsMap.nb;
  const deg = scsMap.deg;
  if (queue.length < scsMap.size * (mf + 1)) queue = new Int16Array(scsMap.size * (mf + 1));
  let tail = 0;
  queue[tail++] = from;
  best[from] = mf;
  for (let head = 0; head < tail; head++) {
    const u = queue[head]!;
    const r = best[u]!;
    const base = 6 * u;
    for (let k = 0; k < deg[u]!; k++) {
      const n = nb[base + k]!;
      const c = cost[n]!;
      if (c > r) continue;
      if (control[n] === GERMAN) {
        if (fortified[n] !== 1) {
          const left = r - c;
          if (levels[n] === 0) {
            found[count++] = n;
            reach.left[n] = left;
          } else if (left > reach.left[n]!) reach.left[n] = left;
          levels[n]! |= left >= 2 ? 4 : left === 1 ? 2 : 1;
        }
      } else if (r - c > best[n]! && (n === self || occupied[n] === 0)) {
        best[n] = r - c;
        queue[tail++] = n;
      }
    }
  }
  for (let i = 0; i < tail; i++) best[queue[i]!] = -1;
  reach.count = count;
}
