/**
 * Movement (Merkur 6.1, 6.2, 5.5, 11.0): PM per zone entered by terrain (road 1, strategic 6),
 * +1 into enemy-controlled or contested zones, where movers halt; mechanised units keep to road
 * zones; stacking 6 per side (5.1); at night no entry into a zone with enemy units unless it is
 * contested (the Maori excepted). V-STRAT and V-ROAD choose the readings of 6.1 against the data.
 */
import { MAP, terrainCost } from './map.js';
import { isDay, type MerkurState } from './state.js';
import { moveOf, type Occupancy, occupancy, STACK_LIMIT } from './units.js';

/** The PM to enter `to` from a path whose zones all had roads (`allRoad`) and from zone `from`. */
function stepCost(s: MerkurState, from: number, to: number, allRoad: boolean): number {
  const v = s.rules.v;
  const roadRate = v['road-step'] ? MAP.road[from]! && MAP.road[to]! : allRoad && MAP.road[to]!;
  if (MAP.strategic[to]) return roadRate && v['road-to-strategic'] ? 1 : terrainCost(to);
  return roadRate ? 1 : terrainCost(to);
}

/**
 * Zones unit `ui` may end its move in this activation (its own zone excluded). Dijkstra over
 * (zone, all-road-so-far); the moving side's stacking and the halting rules apply. `occ`, when
 * given, must be `occupancy(s)` of the current positions (a caller deciding several units reuses it).
 */
export function reachable(s: MerkurState, ui: number, occ?: Occupancy): number[] {
  const u = s.units[ui]!;
  const ma = moveOf(u);
  if (u.fixed || ma <= 0 || u.status !== 'map') return [];
  const side = u.side;
  const night = !isDay(s.turn);
  const n = MAP.count;
  const best = new Float64Array(2 * n).fill(Number.POSITIVE_INFINITY);
  const start = u.zone;
  const startRoad = MAP.road[start] ? 1 : 0;
  best[start * 2 + startRoad] = 0;
  // the zones entered at least once; the result does not depend on the order nodes are expanded
  // in (every improved node is expanded again), so the open list is unordered
  const out = new Uint8Array(n);
  const open: number[] = [start * 2 + startRoad];
  const minMove = s.rules.v['min-move'];
  const o = occ ?? occupancy(s);
  const mine = side === 0 ? o.g : o.c;
  const theirs = side === 0 ? o.c : o.g;
  while (open.length > 0) {
    // small graph: pick the cheapest open node
    let bi = 0;
    for (let k = 1; k < open.length; k++) if (best[open[k]!]! < best[open[bi]!]!) bi = k;
    const node = open[bi]!;
    open[bi] = open[open.length - 1]!;
    open.pop();
    const z = node >> 1;
    const road = (node & 1) === 1;
    const spent = best[node]!;
    if (z !== start && theirs[z]! > 0) continue; // 6.1: halted
    for (const to of MAP.adj[z]!) {
      if (u.type === 'tank' && !MAP.road[to]) continue; // 6.1 mechanised
      const enemies = theirs[to]!;
      const friends = mine[to]!;
      if (night && enemies > 0 && friends === 0 && !u.maori) continue; // 11.0
      let cost = stepCost(s, z, to, road) + (enemies > 0 ? 1 : 0);
      if (spent + cost > ma) {
        // V-STRAT min-move: a unit that has not yet moved may always enter one adjacent zone
        if (minMove && z === start) cost = ma - spent;
        else continue;
      }
      const nroad = road && MAP.road[to]! ? 1 : 0;
      const key = to * 2 + nroad;
      if (spent + cost < best[key]!) {
        best[key] = spent + cost;
        open.push(key);
        if (to !== start && (MAP.strategic[to] || friends < STACK_LIMIT)) out[to] = 1;
      }
    }
  }
  const zones: number[] = [];
  for (let z = 0; z < n; z++) if (out[z] === 1) zones.push(z);
  return zones;
}
