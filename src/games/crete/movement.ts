/**
 * Movement (K8), zones of control (K9), terrain costs (K12) and board-to-board movement (K14).
 * Costs are integer thirds of an MF: the budget is 3 x MF, a road square costs 1 (K12.1, "triple"),
 * clear and airfield 3, rough 6 (K12.2), town 3 x town-move-cost. A unit entering an enemy ZOC or
 * an X square stops (K9, K14 Step 1); it never enters an enemy square (K8.6) or leaves the boards
 * except through an X square (K8.9, K10.14: the boards hold no sea squares).
 */

import { creteData } from './data.js';
import { type UnitTo, unitTo } from './decisions.js';
import { MAP, ROUGH, TOWN } from './map.js';
import { sq, tell } from './narrate.js';
import { type CreteRules, type CreteState, type CreteUnit, POOL, type Side, TRANSIT } from './state.js';
import type { CreteWorkspace } from './workspace.js';

export const other = (side: Side): Side => (side === 'german' ? 'british' : 'german');

/** Fills ws.ger / ws.bri with the units (air included) on each square (K11.1 counts air). */
export function occupancy(s: CreteState, ws: CreteWorkspace): void {
  ws.ger.fill(0);
  ws.bri.fill(0);
  for (const u of s.units) if (u.loc >= 0) (u.side === 'german' ? ws.ger : ws.bri)[u.loc]!++;
}

/** Occupancy array of `side` (call occupancy first). */
export const own = (ws: CreteWorkspace, side: Side): Uint8Array => (side === 'german' ? ws.ger : ws.bri);

/** K9: square h is in the ZOC of an enemy of `side` (some adjacent square holds an enemy unit). */
export function inZoc(enemy: Uint8Array, h: number): boolean {
  for (const j of MAP.neighbours[h]!) if (enemy[j]! > 0) return true;
  return false;
}

/**
 * K9 "may not move directly from one enemy controlled square to another controlled by the same
 * enemy unit" under V-ZOC: zoc-any-shared forbids the step when any enemy square controls both;
 * zoc-new-controller allows it when some enemy square controlling `to` does not control `from`.
 */
export function zocStepAllowed(rules: CreteRules, enemy: Uint8Array, from: number, to: number): boolean {
  const nf = MAP.neighbours[from]!;
  if (rules.zoc === 'zoc-any-shared') {
    for (const e of MAP.neighbours[to]!) if (enemy[e]! > 0 && (e === from || nf.includes(e))) return false;
    return true;
  }
  for (const e of MAP.neighbours[to]!) if (enemy[e]! > 0 && e !== from && !nf.includes(e)) return true;
  return false;
}

/** Thirds of an MF to enter `to` from `from` (K12.1-K12.4; V-ROAD). */
export function enterCost(rules: CreteRules, from: number, to: number): number {
  if (MAP.road[to] === 1 && (rules.road === 'road-square' || (from >= 0 && MAP.road[from] === 1))) return 1;
  const t = MAP.terrain[to]!;
  return t === ROUGH ? rules.roughCost : t === TOWN ? rules.townCost : 3;
}

/**
 * K14 Step 2: where a unit crossing to the board of X square `x` enters: `x` itself, or if an enemy
 * unit or enemy ZOC blocks it, the nearest non-road squares free of both (all ties).
 */
export function entrySquares(enemy: Uint8Array, x: number): number[] {
  if (enemy[x] === 0 && !inZoc(enemy, x)) return [x];
  let best = Number.POSITIVE_INFINITY;
  let out: number[] = [];
  for (const h of MAP.byBoard[MAP.board[x]!]!) {
    if (MAP.road[h] === 1 || enemy[h]! > 0 || inZoc(enemy, h)) continue;
    const d = distanceOnBoard(x, h);
    if (d < best) {
      best = d;
      out = [h];
    } else if (d === best) out.push(h);
  }
  return out;
}

function distanceOnBoard(a: number, b: number): number {
  const ca = MAP.cube[a]!;
  const cb = MAP.cube[b]!;
  const dx = ca.x - cb.x;
  const dz = ca.z - cb.z;
  return (Math.abs(dx) + Math.abs(dz) + Math.abs(dx + dz)) / 2;
}

/**
 * The unit may cross to the adjacent board this segment (K14 Step 2): in transit, or on an X square
 * since an earlier turn, a unit set up there (xTurn 0) included.
 */
export function crossing(s: CreteState, u: CreteUnit): number {
  if (u.loc === TRANSIT) return u.to;
  if (u.loc >= 0 && MAP.exitTo[u.loc]! >= 0 && u.xTurn < s.turn) return MAP.exitTo[u.loc]!;
  return -1;
}

/** Fills ws.zoc with the squares in the ZOC of the ground units of `enemySide` (K9). */
function enemyZoc(s: CreteState, ws: CreteWorkspace, enemySide: Side): void {
  const zoc = ws.zoc;
  const nb = NEIGHBOURS;
  zoc.fill(0);
  for (const e of s.units)
    if (e.side === enemySide && e.loc >= 0 && e.kind !== 'air')
      for (let k = e.loc * 6, end = k + 6; k < end; k++) {
        const j = nb[k]!;
        if (j >= 0) zoc[j] = 1;
      }
}

/**
 * ws.zoc made current: recomputed unless it holds `enemySide`'s ZOC in `s` during movement task
 * `task`. Returns whether it was kept: ws.reach (searches made against the same enemy) stays valid
 * exactly as long as ws.zoc does.
 */
function currentZoc(s: CreteState, ws: CreteWorkspace, enemySide: Side, task: object | undefined): boolean {
  if (task !== undefined && ws.zocTask === task && ws.zocState === s && ws.zocSide === enemySide) return true;
  enemyZoc(s, ws, enemySide);
  ws.zocTask = task ?? null;
  ws.zocState = task === undefined ? null : s;
  ws.zocSide = enemySide;
  ws.reach.clear();
  return false;
}

/**
 * Key of a search in ws.reach: what the search reads besides the enemy (fixed during a movement
 * task, K7): the start square, the budget (MF), the X square crossed to and a K17 fresh landing.
 */
const reachKey = (loc: number, mf: number, x: number, fresh: boolean): number =>
  ((loc + 8) * (MAP.size + 1) + x + 1) * 64 + mf * 2 + (fresh ? 1 : 0);

/**
 * Squares unit `ui` may end its move on (K8, K9, K12, K14), its own square excluded, in ascending
 * order, into `out`. Occupancy must be current (occupancy()). `task`: the movement task asking
 * (the enemy stands still during it, so its ZOC is computed once per task).
 */
export function destinations(
  s: CreteState,
  ws: CreteWorkspace,
  ui: number,
  out: number[],
  task?: object,
): void {
  out.length = 0;
  const u = s.units[ui]!;
  const kept = currentZoc(s, ws, other(u.side), task);
  const x = crossing(s, u);
  if (task === undefined) {
    search(s, ws, u, 3 * u.mf, x, out);
    keepRoom(s, ws, u.side, out);
    return;
  }
  // the squares reached depend on the enemy and the key only (own units never block, K8.6, K11.1
  // is checked on the result): one search per key and movement task
  const key = reachKey(u.loc, u.mf, x, u.kind === 'mtn' && u.landed === s.turn);
  let reached = kept ? ws.reach.get(key) : undefined;
  if (reached === undefined) {
    reached = [];
    search(s, ws, u, 3 * u.mf, x, reached);
    ws.reach.set(key, reached);
  }
  const mine = own(ws, u.side);
  const stack = s.rules.stack;
  for (const h of reached) if (mine[h]! < stack) out.push(h);
}

/** Keeps the squares of `out` with room for one more unit of `side` (K11.1; occupancy current). */
function keepRoom(s: CreteState, ws: CreteWorkspace, side: Side, out: number[]): void {
  const mine = own(ws, side);
  const stack = s.rules.stack;
  let n = 0;
  for (const h of out) if (mine[h]! < stack) out[n++] = h;
  out.length = n;
}

/**
 * The movement search of `destinations` (ws.zoc current): every square reached but the start, in
 * any direction and any combination of directions (K8.4), over friendly units (K8.6, K11.3),
 * stacking not checked.
 */
function search(
  s: CreteState,
  ws: CreteWorkspace,
  u: CreteUnit,
  budget: number,
  x: number,
  out: number[],
): void {
  const rules = s.rules;
  const enemy = own(ws, other(u.side));
  const nb = NEIGHBOURS;
  const exitTo = MAP.exitTo;
  const cost = ws.cost;
  cost.fill(-1);
  const zoc = ws.zoc;
  // Dial's algorithm over the small integer costs (1, 3, 6 thirds): one bucket per cost up to the
  // budget, each bucket a linked list through q (square) / link (next entry); a square is expanded
  // once, at its least cost, so the costs (and the squares reached) are the least ones
  if (ws.bucket.length < budget + 1) ws.bucket = new Int32Array(budget + 1);
  const bucket = ws.bucket;
  bucket.fill(-1, 0, budget + 1);
  const q = ws.queue;
  const link = ws.link;
  let tail = 0;
  // K14 Step 2: the unit enters the next board with its full MF unused
  const entries = x >= 0 ? entrySquares(enemy, x) : NO_SQUARES;
  // K17: a mountain unit landed this turn on an airfield in British ZOC must step out of the ZOC
  const freshMountain = u.kind === 'mtn' && u.landed === s.turn;
  if (u.loc >= 0) {
    cost[u.loc] = 0;
    q[tail] = u.loc;
    link[tail] = bucket[0]!;
    bucket[0] = tail++;
  }
  for (const h of entries) {
    if (cost[h] === 0) continue;
    cost[h] = 0;
    q[tail] = h;
    link[tail] = bucket[0]!;
    bucket[0] = tail++;
    ws.mark[h] = 2; // an entry square: entering it stops if it is in enemy ZOC
  }
  const edge = edgeCosts(rules, ws);
  let lo = MAP.size;
  let hi = -1;
  for (let c = 0; c <= budget; c++) {
    while (bucket[c]! >= 0) {
      const k = bucket[c]!;
      bucket[c] = link[k]!;
      const h = q[k]!;
      if (cost[h] !== c) continue; // superseded by a cheaper entry
      if (h < lo) lo = h;
      if (h > hi) hi = h;
      const isStart = h === u.loc;
      const isEntry = ws.mark[h] === 2;
      const zocHere = zoc[h] === 1;
      if (!isStart && !isEntry && (zocHere || exitTo[h]! >= 0)) continue; // K9 stop; K14 Step 1 stop
      if (isEntry && zocHere) continue;
      for (let m = h * 6, end = m + 6; m < end; m++) {
        const j = nb[m]!;
        if (j < 0) break;
        if (enemy[j]! > 0) continue; // K8.6
        const nc = c + edge[m]!; // K12.1-K12.4, V-ROAD (enterCost)
        if (nc > budget) continue;
        if (isStart && zocHere && zoc[j] === 1) {
          if (freshMountain || !zocStepAllowed(rules, enemy, h, j)) continue;
        }
        const old = cost[j]!;
        if (old >= 0 && old <= nc) continue;
        cost[j] = nc;
        if (tail >= q.length) throw new Error('crete: movement queue overflow');
        q[tail] = j;
        link[tail] = bucket[nc]!;
        bucket[nc] = tail++;
      }
    }
  }
  for (const h of entries) ws.mark[h] = 0;
  // every square reached has a cost (and was expanded: the search runs to the budget); collect them in ascending order
  for (let h = lo; h <= hi; h++) if (cost[h]! >= 0 && h !== u.loc) out.push(h);
}

/** MAP.neighbours flattened: 6 slots per square, -1 after the last neighbour. */
const NEIGHBOURS: Int16Array = (() => {
  const t = new Int16Array(MAP.size * 6).fill(-1);
  for (let h = 0; h < MAP.size; h++) {
    const list = MAP.neighbours[h]!;
    for (let k = 0; k < list.length; k++) t[h * 6 + k] = list[k]!;
  }
  return t;
})();

const NO_SQUARES: readonly number[] = [];

/** ws.edge for the rules' terrain costs: enterCost of each neighbour slot, built when the costs change. */
function edgeCosts(rules: CreteRules, ws: CreteWorkspace): Uint8Array {
  const edge = ws.edge;
  if (ws.edgeRoad === rules.road && ws.edgeRough === rules.roughCost && ws.edgeTown === rules.townCost)
    return edge;
  for (let h = 0; h < MAP.size; h++)
    for (let k = 0; k < 6; k++) {
      const j = NEIGHBOURS[h * 6 + k]!;
      edge[h * 6 + k] = j < 0 ? 0 : enterCost(rules, h, j);
    }
  ws.edgeRoad = rules.road;
  ws.edgeRough = rules.roughCost;
  ws.edgeTown = rules.townCost;
  return edge;
}

/** Moves unit `ui` to square `to` (K8), counting board transits (K14) and X arrivals. */
export function moveUnit(s: CreteState, ws: CreteWorkspace, ui: number, to: number): void {
  const u = s.units[ui]!;
  const fromBoard = u.loc >= 0 ? MAP.board[u.loc]! : u.loc === TRANSIT ? -1 : MAP.board[to]!;
  if (u.loc === TRANSIT || (u.loc >= 0 && MAP.board[u.loc] !== MAP.board[to]) || fromBoard < 0) {
    if (u.side === 'german') s.stats.board_transits_german++;
    else s.stats.board_transits_british++;
  }
  if (ws.occState === s) {
    // keep the counts of a movement task current (moveStep)
    const occ = own(ws, u.side);
    if (u.loc >= 0) occ[u.loc]!--;
    occ[to]!++;
  }
  u.loc = to;
  u.to = -1;
  u.xTurn = MAP.exitTo[to]! >= 0 ? s.turn : 0;
  if (ws.trace !== undefined) tell(s, ws, u.side, 'K8', `${u.name} moves to ${sq(to)}`);
}

/** K8.1, K15.6: unit `ui` may move in movement task `task` (its side's ground unit on the map or in transit, not a para landed this turn). */
function mayMove(s: CreteState, task: MoveTask, ui: number): boolean {
  const u = s.units[ui]!;
  if (u.side !== task.side || u.kind === 'air') return false;
  if (task.only !== undefined && !task.only.includes(ui)) return false;
  if (u.loc < 0 && u.loc !== TRANSIT) return false;
  return !(u.kind === 'para' && u.landed === s.turn);
}

type MoveTask = { t: 'move'; side: Side; i: number; u: number; done: number[]; only?: number[] };

/** Units of a game (setup.ts makeUnits: paras, mountain, air, Allied). */
const UNIT_COUNT =
  creteData.german.para.length +
  creteData.german.mountain.length +
  creteData.german.luftwaffe.length +
  creteData.allied.length;

/** Per unit index: the move-unit option naming it (shared and frozen, like the set-up lists). */
const PICK: readonly UnitTo[] = Object.freeze(
  Array.from({ length: UNIT_COUNT }, (_, u) => Object.freeze(unitTo(u, -1))),
);
/** The move-unit option that ends the segment: every unit not picked stays (K8 "optional"). */
const PICK_DONE: UnitTo = Object.freeze(unitTo(-1, -1));

/**
 * The next decision of a movement segment (K8): with a unit picked, its square (`move`: stay or a
 * destination); else which unit moves next (`move-unit`: end the segment, or any unit not picked yet
 * in this segment, K8 naming no order), or null when no unit is left. The units after the one picked
 * last are listed first, then the earlier ones, each in index order (a policy taking the first unit
 * it wants moves them in index order, wrapping round once). Each unit is picked at most once per
 * segment (staying is the unpicked units' answer): only units that move cost a movement search.
 * Units move one by one, each at its own movement factor, so a stack may stay together, split or
 * form freely, and a stack's slowest unit holds back none of the others (K11.2, K11.4).
 */
export function moveStep(
  s: CreteState,
  ws: CreteWorkspace,
  task: MoveTask,
): { kind: 'move' | 'move-unit'; options: UnitTo[] } | null {
  if (task.u >= 0) {
    const ui = task.u;
    // occupancy once per movement task, then kept current by moveUnit (nothing else moves during it, K7)
    if (ws.occTask !== task || ws.occState !== s) {
      occupancy(s, ws);
      ws.occTask = task;
      ws.occState = s;
    }
    const buf = ws.dest;
    destinations(s, ws, ui, buf, task);
    const n = buf.length;
    if (n > 0) {
      const options = new Array<UnitTo>(n + 1);
      options[0] = unitTo(ui, -1);
      for (let k = 0; k < n; k++) options[k + 1] = unitTo(ui, buf[k]!);
      return { kind: 'move', options };
    }
    task.u = -1; // nowhere to go: it stays
  }
  // the units that may move are fixed for the task (nothing is eliminated or lands during it, K7):
  // listed once per task, each pick offers those not picked yet
  const movers = ws.movers;
  if (ws.moversTask !== task || ws.moversState !== s) {
    movers.length = 0;
    for (let ui = 0; ui < s.units.length; ui++) if (mayMove(s, task, ui)) movers.push(ui);
    ws.moversTask = task;
    ws.moversState = s;
  }
  const done = task.done;
  const options: UnitTo[] = [PICK_DONE];
  for (const ui of movers) if (ui >= task.i && !done.includes(ui)) options.push(PICK[ui] ?? unitTo(ui, -1));
  for (const ui of movers) {
    if (ui >= task.i) break;
    if (!done.includes(ui)) options.push(PICK[ui] ?? unitTo(ui, -1));
  }
  if (options.length === 1) return null;
  return { kind: 'move-unit', options };
}

export { POOL };
