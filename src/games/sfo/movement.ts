/**
 * Zone of control and movement (SFO 6, 8), arriving forces (SFO 8.4).
 * A unit moves once per phase, straight to a destination reachable along a legal path.
 */
import type { Answer, SfoDecision, SfoOption } from './decisions.js';
import { mapOf, type SfoMap } from './map.js';
import { hexName, label, tell } from './narrate.js';
import { enemyOf, type SfoState, type SfoTask, type Side } from './state.js';
import { type MovementCache, newScratch, type SfoScratch, type SfoWorkspace } from './workspace.js';

const IMPASSABLE = 99;

/** All zero (never written): the friendly counts of a context that ignores stacking. */
export const NO_UNITS = new Uint8Array(128);

/** `enemyZoc` into `zoc` (at least the map's size; overwritten). */
export function enemyZocInto(state: SfoState, side: Side, m: SfoMap, zoc: Uint8Array): Uint8Array {
  zoc.fill(0);
  const enemy = enemyOf(side);
  const units = state.units;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u.side !== enemy || u.status !== 'map') continue;
    zoc[u.hex] = 1;
    const ns = m.neighbours[u.hex]!;
    for (let j = 0; j < ns.length; j++) zoc[ns[j]!] = 1;
  }
  return zoc;
}

/** SFO 6: per hex, 1 when it is in the zone of control of an enemy of `side` (an enemy unit's hex and its 6 neighbours). */
export function enemyZoc(state: SfoState, side: Side, m: SfoMap = mapOf(state)): Uint8Array {
  const zoc = new Uint8Array(m.size);
  const enemy = enemyOf(side);
  for (const u of state.units) {
    if (u.side !== enemy || u.status !== 'map') continue;
    zoc[u.hex] = 1;
    for (const n of m.neighbours[u.hex]!) zoc[n] = 1;
  }
  return zoc;
}

/** SFO 8.1: MP to enter a hex: clear 1; forest 2 in Advanced, forbidden in Basic (SFO 3.1). */
export function enterCost(state: SfoState, m: SfoMap, h: number): number {
  if (m.forest[h] === 1) return state.rules.forestAllowed ? 2 : IMPASSABLE;
  return 1;
}

/** Per-hex unit counts of both sides (index 0 soviet, 1 us). */
export function counts(state: SfoState, m: SfoMap): [Uint8Array, Uint8Array] {
  const s = new Uint8Array(m.size);
  const u = new Uint8Array(m.size);
  for (const x of state.units) {
    if (x.status !== 'map') continue;
    if (x.side === 'soviet') s[x.hex] = s[x.hex]! + 1;
    else u[x.hex] = u[x.hex]! + 1;
  }
  return [s, u];
}

/**
 * Best remaining MP on arrival at each hex, from the given sources (hex, MP left there).
 * SFO 8.3: no entering enemy-occupied hexes; entering enemy ZOC stops the unit; a unit starting in
 * enemy ZOC (`start`) may leave it but its first step may not be into enemy ZOC (no ZOC to ZOC,
 * including back into the zone just left). SFO 8.2: friendly units do not block.
 */
function explore(
  state: SfoState,
  m: SfoMap,
  sources: readonly number[],
  mps: readonly number[],
  start: number,
  zoc: Uint8Array,
  enemyOcc: Uint8Array,
  sc: SfoScratch,
): Int8Array {
  // The result is indexed by hex (entries from m.size on are not meaningful). Hexes are expanded
  // in order of decreasing MP left (every step costs at least 1), so each is expanded once, with
  // its final value: the best MP left over all legal paths, whatever the order.
  const size = m.size;
  const rem = sc.rem;
  rem.fill(-1, 0, size);
  let top = -1;
  for (let i = 0; i < sources.length; i++) if (mps[i]! > top) top = mps[i]!;
  if (top < 0) return rem;
  // bucket r holds the hexes reached with r MP left: slots [r * size, r * size + fill[r]); a hex
  // enters a bucket at most once (its value only grows)
  if (sc.queue.length < (top + 1) * size) sc.queue = new Int16Array(2 * (top + 1) * size);
  if (sc.fill.length < top + 1) sc.fill = new Int32Array(2 * (top + 1));
  const queue = sc.queue;
  const fill = sc.fill;
  fill.fill(0, 0, top + 1);
  for (let i = 0; i < sources.length; i++) {
    const h = sources[i]!;
    const r = mps[i]!;
    if (r > rem[h]!) {
      rem[h] = r;
      queue[r * size + fill[r]!++] = h;
    }
  }
  const startInZoc = start >= 0 && zoc[start] === 1;
  const strict = state.rules.zocStrict;
  const forest = m.forest;
  const forestCost = state.rules.forestAllowed ? 2 : IMPASSABLE; // enterCost of a forest hex
  const nb = m.nb;
  const deg = m.deg;
  for (let left = top; left >= 0; left--) {
    const at = left * size;
    for (let x = 0; x < fill[left]!; x++) {
      const h = queue[at + x]!;
      if (rem[h] !== left) continue; // improved since it was queued here
      if (zoc[h] === 1 && h !== start) continue; // SFO 8.3: entering enemy ZOC ends movement
      const base = 6 * h;
      const end = base + deg[h]!;
      for (let j = base; j < end; j++) {
        const n = nb[j]!;
        if (enemyOcc[n]! > 0) continue;
        if (startInZoc && zoc[n] === 1 && (h === start || strict)) continue; // SFO 8.3: no ZOC to ZOC
        const r = left - (forest[n] === 1 ? forestCost : 1); // enterCost(state, m, n)
        if (r > rem[n]!) {
          rem[n] = r;
          queue[r * size + fill[r]!++] = n;
        }
      }
    }
  }
  return rem;
}

/** What every move of one side in one decision shares: friendly and enemy counts and the enemy ZOC. */
export interface MoveContext {
  readonly friend: Uint8Array;
  readonly enemy: Uint8Array;
  readonly zoc: Uint8Array;
}

/** `moveContext` into the given buffers (at least the map's size each; overwritten). */
export function moveContextInto(
  state: SfoState,
  side: Side,
  m: SfoMap,
  friend: Uint8Array,
  enemy: Uint8Array,
  zoc: Uint8Array,
): MoveContext {
  friend.fill(0);
  enemy.fill(0);
  const units = state.units;
  for (let i = 0; i < units.length; i++) {
    const x = units[i]!;
    if (x.status !== 'map') continue;
    if (x.side === side) friend[x.hex] = friend[x.hex]! + 1;
    else enemy[x.hex] = enemy[x.hex]! + 1;
  }
  return { friend, enemy, zoc: enemyZocInto(state, side, m, zoc) };
}

export function moveContext(state: SfoState, side: Side, m: SfoMap = mapOf(state)): MoveContext {
  const [sov, us] = counts(state, m);
  return side === 'soviet'
    ? { friend: sov, enemy: us, zoc: enemyZoc(state, side, m) }
    : { friend: us, enemy: sov, zoc: enemyZoc(state, side, m) };
}

/**
 * Hexes unit `ui` (on the map) may end its move in this phase (SFO 8). Stacking (SFO 8.2) is
 * enforced at each destination: since all Basic/Advanced units are identical 1-1-4 and a unit's
 * reach does not depend on friendly units, any legal end-of-phase arrangement can be reached by
 * ordering the moves, except permutation cycles, which leave the same occupancy as not moving.
 */
export function reachable(
  state: SfoState,
  ui: number,
  m: SfoMap = mapOf(state),
  pre?: MoveContext,
  sc: SfoScratch = newScratch(),
): number[] {
  const u = state.units[ui]!;
  if (u.status !== 'map') return [];
  const c = pre ?? moveContext(state, u.side, m);
  const friend = c.friend;
  sc.oneSource[0] = u.hex;
  sc.oneMp[0] = u.movement;
  const rem = explore(state, m, sc.oneSource, sc.oneMp, u.hex, c.zoc, c.enemy, sc);
  const out: number[] = [];
  const limit = state.rules.stackLimit;
  for (let h = 0; h < m.size; h++) {
    if (h !== u.hex && rem[h]! >= 0 && friend[h]! < limit) out.push(h);
  }
  return out;
}

/** SFO 8.4: the entry hexes arriving unit `ui` may use (its side's edge, not enemy ZOC or occupied, affordable with its MP). */
export function entryHexes(state: SfoState, ui: number, m: SfoMap = mapOf(state)): number[] {
  const u = state.units[ui]!;
  const zoc = enemyZoc(state, u.side, m);
  const out: number[] = [];
  for (const e of m.entry[u.side]) {
    if (zoc[e] === 1) continue; // enemy ZOC includes enemy-occupied hexes
    if (enterCost(state, m, e) > u.movement) continue;
    out.push(e);
  }
  return out;
}

/**
 * SFO 8.4: hexes an arriving unit may end in: it enters through an edge hex (paying that hex's MP,
 * not into enemy ZOC) and may go on with the MP left. Empty when it cannot enter this phase.
 */
export function entryDestinations(
  state: SfoState,
  ui: number,
  m: SfoMap = mapOf(state),
  pre?: MoveContext,
  sc: SfoScratch = newScratch(),
): number[] {
  const u = state.units[ui]!;
  if (u.status !== 'arriving') return [];
  const c = pre ?? moveContext(state, u.side, m);
  const { friend, enemy, zoc } = c;
  const sources: number[] = [];
  const mps: number[] = [];
  for (const e of m.entry[u.side]) {
    if (zoc[e] === 1) continue; // SFO 8.4: not into enemy ZOC (which covers enemy-occupied hexes)
    const r = u.movement - enterCost(state, m, e);
    if (r < 0) continue;
    sources.push(e);
    mps.push(r);
  }
  if (sources.length === 0) return [];
  const rem = explore(state, m, sources, mps, -1, zoc, enemy, sc);
  const out: number[] = [];
  for (let h = 0; h < m.size; h++) if (rem[h]! >= 0 && friend[h]! < state.rules.stackLimit) out.push(h);
  return out;
}

/** Moves (or enters) a unit to `to`; the caller has checked legality. */
export function applyMove(state: SfoState, ui: number, to: number): void {
  const u = state.units[ui]!;
  u.hex = to;
  u.status = 'map';
  u.moved = true;
}

// ---------------------------------------------------------------------------------------------
// The movement phase (SFO 8, 8.4; Expert optional Armour in the open, SFO 8.3)

/**
 * Expert optional Armour in the open (SFO 8.3): a tank starting in enemy ZOC may move one clear hex
 * into another enemy-ZOC hex (not enemy-occupied), spending all its MP.
 */
export function infiltrationHexes(
  state: SfoState,
  ui: number,
  m: SfoMap,
  zoc: Uint8Array,
  enemy: Uint8Array,
): number[] {
  const u = state.units[ui]!;
  if (u.status !== 'map' || u.type !== 'tank' || zoc[u.hex] !== 1) return [];
  const out: number[] = [];
  for (const n of m.neighbours[u.hex]!) if (zoc[n] === 1 && enemy[n] === 0 && m.forest[n] !== 1) out.push(n);
  return out;
}

/**
 * Destinations ignoring stacking, per unit of `side` (SFO 8, 8.4). Within one movement phase only
 * the moving side's units move, so enemy units and their ZOC are fixed: these lists stay valid for
 * the whole phase and only the stacking filter changes as units move.
 */
function rawDestinations(
  state: SfoState,
  side: Side,
  m: SfoMap,
  pre: MoveContext,
  sc: SfoScratch,
  infiltrating?: Map<number, number[]>,
): (number[] | null)[] {
  const open: MoveContext = { friend: NO_UNITS, enemy: pre.enemy, zoc: pre.zoc };
  const armour = state.rules.expert?.armourInOpen === true;
  const units = state.units;
  const out: (number[] | null)[] = new Array(units.length);
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    out[i] = null;
    if (u.side !== side || u.disrupted || u.moved) continue; // SFO 7.1: a disrupted unit cannot move
    if (u.status === 'map') {
      const r = reachable(state, i, m, open, sc);
      if (armour && u.type === 'tank') {
        const extra = infiltrationHexes(state, i, m, pre.zoc, pre.enemy).filter((h) => !r.includes(h));
        r.push(...extra);
        infiltrating?.set(i, extra);
      }
      out[i] = r;
    } else if (u.status === 'arriving') out[i] = entryDestinations(state, i, m, open, sc);
  }
  return out;
}

/**
 * The option objects of one movement phase: per unit, one option per raw destination (`null` for
 * units that cannot move). A unit's origin does not change until it has moved, and then it is out
 * of the phase, so the objects stay valid; each decision filters them by stacking.
 */
function phaseOptions(
  state: SfoState,
  side: Side,
  raw: readonly (number[] | null)[],
): (SfoOption[] | null)[] {
  const units = state.units;
  const out: (SfoOption[] | null)[] = new Array(units.length);
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const dests = raw[i];
    out[i] = null;
    if (u.side !== side || dests === null || dests === undefined) continue;
    const opts: SfoOption[] = new Array(dests.length);
    if (u.status === 'map') {
      const from = u.hex;
      for (let k = 0; k < dests.length; k++) opts[k] = { type: 'move', unit: i, from, to: dests[k]! };
    } else for (let k = 0; k < dests.length; k++) opts[k] = { type: 'enter', unit: i, to: dests[k]! };
    out[i] = opts;
  }
  return out;
}

const END_MOVEMENT = { type: 'end-movement' } as const;

/** The options of the next decision: `built[i][k]` goes to `raw[i][k]` (phaseOptions). */
function optionsFrom(
  state: SfoState,
  built: readonly (SfoOption[] | null)[],
  raw: readonly (number[] | null)[],
  friend: Uint8Array,
): SfoOption[] {
  const options: SfoOption[] = [END_MOVEMENT];
  const limit = state.rules.stackLimit;
  for (let i = 0; i < built.length; i++) {
    const opts = built[i];
    if (opts === null || opts === undefined || state.units[i]!.moved) continue;
    const dests = raw[i]!;
    for (let k = 0; k < opts.length; k++) {
      // SFO 8.2: stacking, enforced at each destination
      if (friend[dests[k]!]! < limit) options.push(opts[k]!);
    }
  }
  return options;
}

/** The legal options of the next move decision of `side` (SFO 8, 8.4): each unit moves at most once per phase. */
export function moveOptions(state: SfoState, side: Side): SfoOption[] {
  const m = mapOf(state);
  const sc = newScratch();
  const pre = moveContext(state, side, m);
  const raw = rawDestinations(state, side, m, pre, sc);
  return optionsFrom(state, phaseOptions(state, side, raw), raw, pre.friend);
}

/** The phase's option lists (built on first use by this state object; see MovementCache). */
function movementCache(state: SfoState, ws: SfoWorkspace, task: SfoTask & { t: 'movement' }): MovementCache {
  const have = ws.move;
  if (have !== null && have.task === task) return have;
  const m = mapOf(state);
  const sc = ws.sc;
  const infiltrating = new Map<number, number[]>();
  const pre = moveContextInto(state, task.side, m, sc.friend, sc.enemy, sc.phaseZoc);
  const raw = rawDestinations(state, task.side, m, pre, sc, infiltrating);
  const cache: MovementCache = {
    task,
    raw,
    built: phaseOptions(state, task.side, raw),
    infiltrating,
    friend: pre.friend,
  };
  ws.move = cache;
  return cache;
}

/** SFO 8: the phase begins: the side's units may each move once. */
export function startMovement(state: SfoState, ws: SfoWorkspace, side: Side): void {
  state.phase = side === 'soviet' ? 'soviet-movement' : 'us-movement';
  if (ws.trace !== undefined) tell(state, ws, side, 'SFO 8', `turn ${state.turn}: ${state.phase}`);
  for (const u of state.units) if (u.side === side) u.moved = false;
  state.stack.push({ t: 'movement', side });
}

/**
 * SFO 8: the next move decision of the phase, or null when no unit can move any more (the phase
 * ends). Arriving units that cannot (or choose not to) enter stay off the map and may try again in
 * the next movement phase.
 */
export function moveDecision(
  state: SfoState,
  ws: SfoWorkspace,
  task: SfoTask & { t: 'movement' },
): SfoDecision | null {
  const c = movementCache(state, ws, task);
  const options = optionsFrom(state, c.built, c.raw, c.friend);
  if (options.length === 1) return null;
  return { kind: 'move', side: task.side, rule: 'SFO 8', options } as SfoDecision;
}

/** Carries out a move decision; false when the side ends the phase. */
export function applyMoveDecision(
  state: SfoState,
  ws: SfoWorkspace,
  task: SfoTask & { t: 'movement' },
  o: SfoOption,
  a: Answer,
): boolean {
  if (o.type !== 'move' && o.type !== 'enter') return false;
  const c = movementCache(state, ws, task);
  const from = state.units[o.unit]!.hex;
  if (from >= 0) c.friend[from] = c.friend[from]! - 1;
  c.friend[o.to] = c.friend[o.to]! + 1;
  if (c.infiltrating.get(o.unit)?.includes(o.to) === true) state.stats.infiltrations++;
  applyMove(state, o.unit, o.to);
  // SFO 8 Optional Night: a unit that moves at night is flipped and may not attack.
  const ex = state.rules.expert;
  if (ex !== null && ex.nightTurn === state.turn) state.units[o.unit]!.disrupted = true;
  if (ws.trace !== undefined)
    tell(
      state,
      ws,
      task.side,
      o.type === 'move' ? 'SFO 8' : 'SFO 8.4',
      `${label(state, o.unit)} ${o.type === 'enter' ? 'enters' : hexName(state, from)} → ${hexName(state, o.to)}`,
      { decision: a },
    );
  return true;
}
