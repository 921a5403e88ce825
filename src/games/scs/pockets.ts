/**
 * SCS 8.4: a pocket is formed when converting a hex to Soviet control leaves German-controlled
 * hexes unable to trace a path of German-controlled hexes to a German hex on the west edge (1.6).
 */
import { hexId, offsetNeighbours } from '../../core/hex.js';
import { scsMap } from './map.js';
import { GERMAN, type ScsState } from './state.js';

/**
 * The buffers of the pocket searches (one per workspace or policy, never shared between games
 * running at once): every buffer is overwritten before it is read, except the stamps of `mark`,
 * which only grow.
 */
export class PocketScratch {
  readonly queue = new Int32Array(scsMap.size);
  readonly seen = new Uint8Array(scsMap.size);
  readonly mark = new Int32Array(scsMap.size);
  markStamp = 0;
  readonly stack = new Int32Array(scsMap.size);
  readonly disc = new Int32Array(scsMap.size + 1);
  readonly low = new Int32Array(scsMap.size + 1);
  readonly sub = new Int32Array(scsMap.size);
  readonly subF = new Int32Array(scsMap.size);
  dfsTime = 1;
}

/** Marks in `mark` the German hexes that reach a German west-edge hex. */
function westReach(control: readonly number[], mark: Uint8Array, queue: Int32Array): void {
  const n = scsMap.size;
  mark.fill(0);
  let tail = 0;
  const west = scsMap.westEdge;
  for (let i = 0; i < n; i++) {
    if (west[i] === 1 && control[i] === GERMAN) {
      mark[i] = 1;
      queue[tail++] = i;
    }
  }
  const nbr = scsMap.nbr;
  for (let head = 0; head < tail; head++) {
    const u = queue[head]!;
    const nu = nbr[u]!;
    for (let k = 0; k < nu.length; k++) {
      const v = nu[k]!;
      if (mark[v] === 0 && control[v] === GERMAN) {
        mark[v] = 1;
        queue[tail++] = v;
      }
    }
  }
}

/** Neighbours of each hex, westernmost column first (the westward searches below find the edge fast). */
const WEST_FIRST: readonly (readonly number[])[] = scsMap.nbr.map((ns) =>
  [...ns].sort((x, y) => scsMap.col[x]! - scsMap.col[y]!),
);

/**
 * The German hexes (other than `h`) that would be newly cut off from the west edge if `h` turned
 * Soviet, in index order; empty when no pocket is threatened. Hexes already cut off (left German by
 * variant pocket-fortified-only) are no new pocket. Pass h = -1 for the hexes cut off now.
 */
export function pocketIfTaken(
  control: readonly number[],
  h: number,
  out: number[],
  sc: PocketScratch,
): number[] {
  out.length = 0;
  const { mark, stack } = sc;
  if (h < 0) {
    const seen = sc.seen;
    westReach(control, seen, sc.queue);
    for (let i = 0; i < scsMap.size; i++) if (seen[i] === 0 && control[i] === GERMAN) out.push(i);
    return out;
  }
  // a German hex whose German neighbours form one arc cuts nothing off (cannotPocket; 91% of them)
  if (control[h] === GERMAN && cannotPocket(control, h)) return out;
  // Every hex cut off by taking h is connected to a German neighbour of h; so search from each
  // neighbour, westward first, without passing h: a search that reaches the edge (or a hex an earlier
  // search reached it from) frees its neighbour, one that runs out has visited its whole pocket.
  if (sc.markStamp > 0x3fffffff) {
    mark.fill(0); // the stamps stay below 2^31 in the Int32Array
    sc.markStamp = 0;
  }
  const first = sc.markStamp + 1;
  const nh = scsMap.nbr[h]!;
  const west = scsMap.westEdge;
  let freed = false;
  for (let k = 0; k < nh.length; k++) {
    const start = nh[k]!;
    if (control[start] !== GERMAN || mark[start]! >= first) continue;
    const id = ++sc.markStamp;
    const from = out.length;
    let top = 0;
    stack[top++] = start;
    mark[start] = id;
    out.push(start);
    let found = west[start] === 1;
    while (top > 0 && !found) {
      const u = stack[top - 1]!;
      const nu = WEST_FIRST[u]!;
      let next = -1;
      for (let j = 0; j < nu.length; j++) {
        const v = nu[j]!;
        if (v === h || control[v] !== GERMAN || mark[v] === id) continue;
        // a hex of an earlier search of this call: that search reached the edge (a failed one
        // visited its whole pocket, which this search could not touch)
        if (mark[v]! >= first) found = true;
        else next = v;
        break;
      }
      if (found) break;
      if (next < 0) {
        top--;
        continue;
      }
      mark[next] = id;
      out.push(next);
      if (west[next] === 1) found = true;
      else stack[top++] = next;
    }
    if (found) {
      freed = true;
      out.length = from;
    }
  }
  // the pocket hexes are newly cut off only when h itself reaches the edge now (through a freed
  // neighbour, or standing on the edge); otherwise they are cut off already
  if (out.length > 0 && !(freed || (west[h] === 1 && control[h] === GERMAN))) out.length = 0;
  if (out.length > 1) out.sort((x, y) => x - y);
  return out;
}

/** Per hex, its six neighbours in cyclic order (N, NE, SE, S, SW, NW), -1 where off the map: `RING[6 * h + d]`. */
const RING: Int16Array = (() => {
  const ring = new Int16Array(6 * scsMap.size).fill(-1);
  for (let h = 0; h < scsMap.size; h++) {
    const around = offsetNeighbours('odd', scsMap.col[h]!, scsMap.row[h]!);
    for (let d = 0; d < 6; d++) {
      const id = hexId(around[d]![0], around[d]![1]);
      if (scsMap.has(id)) ring[6 * h + d] = scsMap.index(id);
    }
  }
  return ring;
})();

/**
 * SCS 8.4, a sufficient test that taking German hex h threatens no pocket (pocketIfTaken would be
 * empty, allPockets' size 0): h is not a west-edge hex and its German neighbours form one unbroken
 * arc around it (or there are none), so every German path through h can go round it by that arc.
 */
export function cannotPocket(control: readonly number[], h: number): boolean {
  if (scsMap.westEdge[h] === 1) return false;
  let starts = 0; // arcs: German ring slots whose predecessor is not German
  let german = 0;
  const base = 6 * h;
  for (let d = 0; d < 6; d++) {
    const n = RING[base + d]!;
    if (n < 0 || control[n] !== GERMAN) continue;
    german++;
    const p = RING[base + ((d + 5) % 6)]!;
    if (p < 0 || control[p] !== GERMAN) starts++;
  }
  return starts <= 1 || german === 6;
}

/** True when Soviet-controlled hexes connect a and b (7.3 linkage). */
export function sovietConnected(s: ScsState, a: number, b: number, sc: PocketScratch): boolean {
  const { seen, queue } = sc;
  seen.fill(0);
  let tail = 0;
  seen[a] = 1;
  queue[tail++] = a;
  const nbr = scsMap.nbr;
  for (let head = 0; head < tail; head++) {
    const u = queue[head]!;
    if (u === b) return true;
    for (const v of nbr[u]!) {
      if (seen[v] === 0 && s.control[v] !== GERMAN) {
        seen[v] = 1;
        queue[tail++] = v;
      }
    }
  }
  return false;
}

/**
 * SCS 8.4 for every hex at once: `size[h]` and `fortified[h]` receive the size of the pocket (and
 * the fortified localities in it) that taking German hex h would threaten. One DFS over German hexes
 * from a virtual root joined to every German west-edge hex (Tarjan's articulation points): the
 * pocket of h is the union of its DFS subtrees that cannot reach above h.
 */
export function allPockets(
  control: readonly number[],
  fortified: readonly number[],
  size: Int32Array,
  fl: Int32Array,
  sc: PocketScratch,
): void {
  size.fill(0);
  fl.fill(0);
  sc.disc.fill(0);
  sc.dfsTime = 1; // the virtual root has disc 1
  for (let h = 0; h < scsMap.size; h++)
    if (scsMap.westEdge[h] === 1 && control[h] === GERMAN && sc.disc[h] === 0)
      dfs(h, control, fortified, size, fl, sc);
}

const NB = scsMap.nb;
const DEG = scsMap.deg;
const WEST = scsMap.westEdge;
/** Tarjan's DFS of allPockets (a plain function: no closure per call). */
function dfs(
  u: number,
  control: readonly number[],
  fortified: readonly number[],
  size: Int32Array,
  fl: Int32Array,
  sc: PocketScratch,
): void {
  const { disc, low, sub, subF } = sc;
  const du = ++sc.dfsTime;
  disc[u] = du;
  let lu = WEST[u] === 1 ? 1 : du; // a west-edge hex has an edge back to the root
  let su = 1;
  let fu = fortified[u] === 1 ? 1 : 0;
  for (let k = 6 * u, end = 6 * u + DEG[u]!; k < end; k++) {
    const v = NB[k]!;
    if (control[v] !== GERMAN) continue;
    const dv = disc[v]!;
    if (dv === 0) {
      dfs(v, control, fortified, size, fl, sc);
      su += sub[v]!;
      fu += subF[v]!;
      const lv = low[v]!;
      if (lv < lu) lu = lv;
      if (lv >= du) {
        size[u]! += sub[v]!;
        fl[u]! += subF[v]!;
      }
    } else if (dv < lu) lu = dv;
  }
  low[u] = lu;
  sub[u] = su;
  subF[u] = fu;
}
