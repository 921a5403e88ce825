/**
 * Movement (Merkur 6.1, 6.2, 5.5, 11.0): PM per zone entered by terrain (road 1, strategic 6),
 * +1 into enemy-controlled or contested zones, where movers halt; mechanised units keep to road
 * zones; stacking 6 per side (5.1); at night no entry into a zone with enemy units unless it is
 * contested (the Maori excepted). V-STRAT and V-ROAD choose the readings of 6.1 against the data.
 */
import { MAP } from './map.js';
import { isDay, type MerkurState } from './state.js';
import { moveOf, type Occupancy, occupancy, STACK_LIMIT } from './units.js';

/** Buffers of the movement search, owned by one caller (a workspace, a policy) and reused. */
export interface MoveScratch {
  readonly best: Int8Array;
  readonly queued: Uint8Array;
  readonly out: Uint8Array;
  /** The work list (a stack: each state is on it at most once). */
  readonly work: Int16Array;
}

export function newMoveScratch(): MoveScratch {
  return {
    best: new Int8Array(2 * MAP.count),
    queued: new Uint8Array(2 * MAP.count),
    out: new Uint8Array(MAP.count),
    work: new Int16Array(2 * MAP.count),
  };
}

/**
 * Zones unit `ui` may end its move in this activation (its own zone excluded), ascending. A search
 * over (zone, all-road-so-far) states; the moving side's stacking and the halting rules apply.
 * `occ`, when given, must be `occupancy(s)` of the current positions (a caller deciding several
 * units reuses it). The cost of reaching a state is monotone in the cost of the state it is
 * entered from (V-STRAT min-move caps it at the MA), so the least costs, and with them the set of
 * zones entered, do not depend on the order states are expanded in: a work list without a
 * priority serves.
 */
export function reachable(s: MerkurState, ui: number, occ?: Occupancy, scratch?: MoveScratch): number[] {
  const u = s.units[ui]!;
  const ma = moveOf(u);
  if (u.fixed || ma <= 0 || u.status !== 'map') return [];
  const side = u.side;
  const night = !isDay(s.turn);
  const n = MAP.count;
  const v = s.rules.v;
  const roadStep = v['road-step'] === true;
  const roadToStrategic = v['road-to-strategic'] === true;
  const minMove = v['min-move'] === true;
  const tank = u.type === 'tank';
  const maori = u.maori;
  const { costOf, roadOf, strategicOf, adjStart, adjFlat } = MAP;
  const o = occ ?? occupancy(s);
  const mine = side === 0 ? o.g : o.c;
  const theirs = side === 0 ? o.c : o.g;
  // best[z * 2 + road]: least PM spent to stand in z, the path all-road (1) or not (0); 127 unseen
  const sc = scratch ?? newMoveScratch();
  const best = sc.best.fill(127);
  const queued = sc.queued; // all 0 between calls: every queued state is taken off again
  const out = sc.out.fill(0);
  const start = u.zone;
  const first = start * 2 + roadOf[start]!;
  best[first] = 0;
  const work = sc.work;
  let top = 0;
  work[top++] = first;
  queued[first] = 1;
  while (top > 0) {
    const node = work[--top]!;
    queued[node] = 0;
    const z = node >> 1;
    if (z !== start && theirs[z]! > 0) continue; // 6.1: halted
    const road = (node & 1) === 1;
    const spent = best[node]!;
    // every entry costs 1 PM or more: a state with the MA spent goes no farther (V-STRAT min-move
    // lets only the start zone's step exceed it)
    if (spent >= ma && z !== start) continue;
    for (let k = adjStart[z]!, end = adjStart[z + 1]!; k < end; k++) {
      const to = adjFlat[k]!;
      const toRoad = roadOf[to] === 1;
      if (tank && !toRoad) continue; // 6.1 mechanised
      const enemies = theirs[to]!;
      const friends = mine[to]!;
      if (night && enemies > 0 && friends === 0 && !maori) continue; // 11.0
      // 6.1 (V-ROAD): road rate when the step (road-step) or the whole path so far is on roads
      const roadRate = toRoad && (roadStep ? roadOf[z] === 1 : road);
      let cost: number;
      if (strategicOf[to] === 1) cost = roadRate && roadToStrategic ? 1 : costOf[to]!;
      else cost = roadRate ? 1 : costOf[to]!;
      if (enemies > 0) cost++;
      if (spent + cost > ma) {
        // V-STRAT min-move: a unit that has not yet moved may always enter one adjacent zone
        if (minMove && z === start) cost = ma - spent;
        else continue;
      }
      const key = to * 2 + (road && toRoad ? 1 : 0);
      if (spent + cost < best[key]!) {
        best[key] = spent + cost;
        if (queued[key] === 0) {
          queued[key] = 1;
          work[top++] = key;
        }
        if (to !== start && (strategicOf[to] === 1 || friends < STACK_LIMIT)) out[to] = 1;
      }
    }
  }
  const zones: number[] = [];
  for (let z = 0; z < n; z++) if (out[z] === 1) zones.push(z);
  return zones;
}
