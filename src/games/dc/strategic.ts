/**
 * Strategic movement (DC 9.A, 5.C, 10.D): undispersed units move any distance through friendly-
 * controlled points (line capacities ignored), at most 3 finishing on a point, up to the side's
 * capacity (Axis: VP of its home cities in supply, Soviet: VP of Soviet cities held in supply;
 * first turn: Axis 0, Soviet 2). No strategic movement into, out of or through Elista, across the
 * Kerch Straits or between Pinsk and Rovno. Axis units may transit the west off-map box from one
 * west-edge line to another, Soviet units Siberia from one east-edge line to another (9.A; the east
 * edge's exits, the south-east ones included, as for the Siberian entries), or stay in that box
 * (status 5, `at` -1: the last destination option, -1) and re-enter in a following turn's strategic
 * movement at any point a strategic move from a usable edge point reaches, or by operational
 * movement (movement.ts entryOptions, with assaults). Readings where 9.A is silent, each a variant
 * group (variants.ts, RULES-CHECKLIST.md R-81), defaults first: entering and leaving the box each
 * take one unit of capacity, a strategic move each (box-cap-each; box-cap-once: the re-entry is
 * free); the box is not a point, so 9.A.3's limit of 3 arrivals does not apply to it
 * (box-arrivals-free; box-arrivals-3); a unit in the box counts for no "on the map" condition of
 * 2.B.3 (box-off-map; box-in-play); a Hungarian held in Hungary (5.D) may not leave for the box
 * (hun-box-barred; hun-box-allowed: it may, and re-enters into Hungary only). A unit in the box is
 * never attacked (no line leads the enemy there) nor isolated, holds nothing, and recovers with
 * its side's units (15.B). Movers are dispersed. Asked as a unit group (D-14), then its
 * destination (D-15), counters updated after each answer (docs/games/dc.md "Decisions").
 */
import type { Decision } from '../../core/game.js';
import { memoizeWeak } from '../../core/memo.js';
import type { DcDecision, StratDestOption, StratOption } from './decisions.js';
import type { DcMap } from './map.js';
import { hungarianHeld, mayEnterAll } from './movement.js';
import { tell } from './narrate.js';
import { startSea } from './sea.js';
import { crisisActive } from './siberia.js';
import { type DcState, type DcTask, type DcUnit, SIDE_IDS, type SideIx } from './state.js';
import { mapOf, supplyReach } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** DC 9.A, 5.C: the strategic capacity of `side` this turn. */
export function strategicCapacity(s: DcState, ws: DcWorkspace, side: SideIx): number {
  const m = mapOf(s);
  const reach = supplyReach(s, ws, side === 0 ? 'axis-overland' : 'soviet-overland');
  let cap = 0;
  for (let p = 0; p < m.n; p++)
    if (m.vp[p]! > 0 && m.side1941[p] === side && s.control[p] === side && reach[p] === 1) cap += m.vp[p]!;
  if (s.turn === s.first) cap = side === 0 ? 0 : Math.min(cap, 2);
  // DC 8.B: December 1941 withdrawals count against the Axis capacity
  if (side === 0) cap = Math.max(0, cap - s.stratUsed);
  // DC 3.C.3.d: halved, rounded up, during the Siberian crisis
  if (side === 1 && crisisActive(s)) cap = Math.ceil(cap / 2);
  // DC 8.C.2.a: each entrained factory uses one strategic movement factor
  if (side === 1) cap = Math.max(0, cap - s.fac.ent.length / 2);
  // DC 8.A.2.c: Siberian replacements that entered by strategic movement this turn
  if (side === 1) cap = Math.max(0, cap - s.sibRepl.strat);
  return cap;
}

/** D-15: the destination "into the off-map box" (DC 9.A). */
export const STRAT_BOX = -1;

/**
 * Variant box-cap: under box-cap-once a strategic re-entry from the off-map box takes no allowance,
 * so the side's undispersed units held there may move with none left.
 */
function freeReentry(s: DcState, side: SideIx): boolean {
  if (!s.rules.boxCapOnce) return false;
  for (const u of s.units) if (u.st === 5 && u.side === side && !u.disp) return true;
  return false;
}

/** Variant box-arrivals: under box-arrivals-3 the box holds 3 arrivals a phase (counted at `arrivals[n]`). */
function boxFull(s: DcState, task: DcTask & { t: 'strat' }): boolean {
  return s.rules.boxArrivals3 && (task.arrivals[mapOf(s).n] ?? 0) >= 3;
}

/**
 * The D-15 destination option of each point of a map, built once per map and shared by every
 * strat-dest decision (options are plain read-only data).
 */
const DEST_OPTIONS = memoizeWeak((m: DcMap): readonly StratDestOption[] => {
  const out: StratDestOption[] = [];
  for (let p = 0; p < m.n; p++) out.push(Object.freeze({ type: 'dest', to: p }));
  return out;
});

export function startStrategic(s: DcState, ws: DcWorkspace, side: SideIx): void {
  const left = strategicCapacity(s, ws, side);
  if (side === 1 && left < s.stats.sovietStratCapMin) s.stats.sovietStratCapMin = left;
  if (left > 0 || freeReentry(s, side)) s.stack.push({ t: 'strat', side, left, unit: -1, arrivals: [] });
  // DC 9.B (sea.ts): sea moves follow land movement; with no land allowance the sea part starts at once
  else startSea(s, side, 0);
}

/**
 * The strategic task's picture, computed once per task object into the workspace: the points
 * holding the other side's units (`stratEnemy`, 2) and the labelled components (`comp`, -1 off) of
 * the points strategic movement may use, the moving side's units on the map other than factories
 * (`stratUnits`, in index order), and their unit groups (D-14: type, point, losses, fortified;
 * `stratGid`, `stratHead`) with the room left in each component (`stratRoom`). The first four hold
 * for the whole task: strategic moves change neither control (DC 9.A: through friendly points only)
 * nor the other side's units, and put no unit on or off the map; the groups and room follow each
 * move (`stratMoved`). A cloned state's new task object computes afresh.
 */
function stratPicture(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'strat' }): void {
  if (ws.stratTask === task) return;
  ws.stratTask = task;
  ws.stratOrderAt.fill(-1);
  ws.stratOrderUsed = 0;
  const side = task.side;
  const m = mapOf(s);
  const eli = m.index.get('ELI')!;
  if (ws.stratOrderBuf.length < m.n * m.n) ws.stratOrderBuf = new Int16Array(m.n * m.n);
  const enemy = ws.stratEnemy;
  enemy.fill(0);
  const own = ws.stratUnits;
  own.length = 0;
  const types = s.rules.types;
  for (let i = 0; i < s.units.length; i++) {
    const x = s.units[i]!;
    // DC 9.A: units held in the side's off-map box may move again (re-enter)
    if (x.st === 5) {
      if (x.side === side) own.push(i);
      continue;
    }
    if (x.st !== 0) continue;
    if (x.side !== side) enemy[x.at] = 2;
    else if (types[x.t]!.id !== 'factory') own.push(i);
  }
  const ok = ws.own;
  for (let p = 0; p < m.n; p++) ok[p] = s.control[p] === side && p !== eli && enemy[p] === 0 ? 1 : 0;
  const comp = ws.comp;
  comp.fill(-1);
  let comps = 0;
  const q = ws.queue;
  for (let p0 = 0; p0 < m.n; p0++) {
    if (ok[p0] === 0 || comp[p0]! >= 0) continue;
    const c = comps++;
    let tail = 0;
    q[tail++] = p0;
    comp[p0] = c;
    // DC 9.A: Axis units may leave by one west-edge line and re-enter by another, in
    // transit through the off-map box, Soviet units by the east edge through Siberia: every usable
    // edge point is joined to the others
    const edge = side === 0 ? m.edgeWest : m.edgeEast;
    if (edge[p0] === 1)
      for (let p = 0; p < m.n; p++)
        if (p !== p0 && edge[p] === 1 && ok[p] === 1 && comp[p]! < 0) {
          comp[p] = c;
          q[tail++] = p;
        }
    for (let h = 0; h < tail; h++) {
      const p = q[h]!;
      for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
        const nb = m.adjNb[k]!;
        const l = m.adjLine[k]!;
        if (ok[nb] === 0 || comp[nb]! >= 0 || m.lineKerch[l] === 1 || m.lineNoStrategic[l] === 1) continue;
        comp[nb] = c;
        q[tail++] = nb;
      }
    }
  }
  ws.stratComps = comps;
  ws.stratMasks = 0;
  // DC 9.A: the usable edge points are joined into one component: the off-map box's
  const boxEdge = side === 0 ? m.edgeWest : m.edgeEast;
  ws.stratBox = -1;
  for (let p = 0; p < m.n && ws.stratBox < 0; p++)
    if (boxEdge[p] === 1 && comp[p]! >= 0) ws.stratBox = comp[p]!;
  // points of each component with fewer than 3 strategic arrivals
  const room = ws.stratRoom;
  room.fill(0, 0, comps);
  for (let p = 0; p < m.n; p++) if (comp[p]! >= 0 && (task.arrivals[p] ?? 0) < 3) room[comp[p]!]!++;
  // unit groups in index order: the first unit of each group on a point, linked per point
  const n = s.units.length;
  if (ws.stratGid.length < n) {
    ws.stratGid = new Int32Array(n);
    ws.stratNextSame = new Int32Array(n);
    ws.stratHead = new Int32Array(n);
    ws.stratTail = new Int32Array(n);
    ws.groupNext = new Int32Array(n);
  }
  const gid = ws.stratGid;
  const nextSame = ws.stratNextSame;
  const head = ws.stratHead;
  const tail = ws.stratTail;
  const first = ws.groupHead;
  const next = ws.groupNext;
  first.fill(-1);
  const heads = ws.stratHeads;
  heads.length = 0;
  let groups = 0;
  for (const i of own) {
    const u = s.units[i]!;
    gid[i] = -1;
    nextSame[i] = -1;
    // DC 9.A, 15.A.1: undispersed units only; variant repl-strat-allowed: this turn's replacements too (8.A)
    if (u.at === eli) continue;
    if (u.disp && (s.repl.length === 0 || !s.repl.includes(i))) continue;
    // the units held in the off-map box are grouped under slot m.n
    const at = u.at < 0 ? m.n : u.at;
    let r = first[at]!;
    while (r >= 0) {
      const x = s.units[r]!;
      if (x.t === u.t && x.losses === u.losses && x.fort === u.fort) break;
      r = next[r]!;
    }
    if (r >= 0) {
      const g = gid[r]!;
      gid[i] = g;
      nextSame[tail[g]!] = i;
      tail[g] = i;
      continue;
    }
    next[i] = first[at]!;
    first[at] = i;
    const g = groups++;
    gid[i] = g;
    head[g] = i;
    tail[g] = i;
    heads.push(i);
  }
}

/**
 * Keeps `stratPicture` up to date after unit `i` of task `task` moved strategically to `to` (the
 * arrival counted): it leaves its group (dispersed, DC 9.A), and `to` may have run out of room. A
 * moved replacement that may move again (variant repl-strat-allowed) joins another group: the
 * picture is then computed afresh.
 */
function stratMoved(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'strat' }, i: number, to: number): void {
  if (ws.stratTask !== task) return;
  if (s.repl.length > 0 && s.repl.includes(i)) {
    ws.stratTask = null;
    return;
  }
  const g = ws.stratGid[i]!;
  if (g >= 0) {
    ws.stratGid[i] = -1;
    if (ws.stratHead[g] === i) {
      let h = ws.stratNextSame[i]!;
      while (h >= 0 && ws.stratGid[h]! < 0) h = ws.stratNextSame[h]!;
      ws.stratHead[g] = h;
      // the heads in index order: i leaves, h (a later unit of the group) takes its place in order
      const heads = ws.stratHeads;
      let k = heads.indexOf(i);
      if (h < 0) heads.splice(k, 1);
      else {
        while (k + 1 < heads.length && heads[k + 1]! < h) {
          heads[k] = heads[k + 1]!;
          k++;
        }
        heads[k] = h;
      }
    }
  }
  const c = to === STRAT_BOX ? -1 : ws.comp[to]!;
  if (c >= 0 && task.arrivals[to] === 3) {
    ws.stratRoom[c]!--;
    for (let kind = 0; kind < 3; kind++)
      if ((ws.stratMasks & (1 << kind)) !== 0 && ws.stratMask[kind]![to] === 1) ws.stratMaskRoom[kind]![c]!--;
  }
  // DC 5.D: a moved Rumanian or Hungarian unit changes where the other may go (mayEnterAll)
  const nation = s.rules.types[s.units[i]!.t]!.nation;
  if (nation === 'hungarian' || nation === 'rumanian') ws.stratMasks = 0;
}

/**
 * Has a plain unit on point `p`, outside the usable points (`comp` -1), a strategic destination?
 * The search from `p` (strategicDestinations) enters exactly the components of the usable points one
 * line away, over lines strategic movement may use, so: has one of them room?
 */
function roomNext(m: DcMap, ws: DcWorkspace, p: number, room: Int32Array): boolean {
  for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
    const c = ws.comp[m.adjNb[k]!]!;
    const l = m.adjLine[k]!;
    if (c >= 0 && m.lineKerch[l] === 0 && m.lineNoStrategic[l] === 0 && room[c]! > 0) return true;
  }
  return false;
}

/**
 * DC 9.A: may a unit on point `p` (-1: in the box) move into its side's off-map box? Its search
 * reaches a usable edge point: `p` is in the box's component, or (outside the usable points) one
 * line away from it.
 */
function boxNext(m: DcMap, ws: DcWorkspace, p: number): boolean {
  const box = ws.stratBox;
  if (box < 0 || p < 0) return false;
  const c = ws.comp[p]!;
  if (c >= 0) return c === box;
  for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
    const l = m.adjLine[k]!;
    if (ws.comp[m.adjNb[k]!] === box && m.lineKerch[l] === 0 && m.lineNoStrategic[l] === 0) return true;
  }
  return false;
}

/**
 * Fills `stratMask[kind]` with the points Axis-allied unit `u` may enter (mayEnterAll) and
 * `stratMaskRoom[kind]` with, per component, those of them with fewer than 3 strategic arrivals;
 * kept (bit `kind` of `stratMasks`) until a Rumanian or Hungarian unit moves (`stratMoved`).
 */
function allyRoom(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'strat' }, u: DcUnit, kind: number): void {
  const m = mapOf(s);
  const mask = ws.stratMask[kind]!;
  const room = ws.stratMaskRoom[kind]!;
  mayEnterAll(s, u, mask);
  room.fill(0, 0, ws.stratComps);
  const comp = ws.comp;
  for (let p = 0; p < m.n; p++)
    if (comp[p]! >= 0 && mask[p] === 1 && (task.arrivals[p] ?? 0) < 3) room[comp[p]!]!++;
}

/**
 * D-14: unit groups that have a destination. The friendly points strategic movement may use fall into
 * components (labelled once per task); a unit of a plain nation has a destination when its component
 * holds another point with room; Axis allies (nation limits) and units on a non-friendly point are
 * checked exactly.
 */
function movable(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'strat' }): StratOption[] {
  stratPicture(s, ws, task);
  const m = mapOf(s);
  const comp = ws.comp;
  const room = ws.stratRoom;
  const out: StratOption[] = [END_OPTION];
  // DC 9.A: the groups whose one destination is the off-map box come last (the others keep their order)
  const boxOnly: StratOption[] = [];
  const types = s.rules.types;
  // variant box-cap (box-cap-once): with the allowance spent, only the units in the box may move
  const spent = task.left <= 0;
  const full = boxFull(s, task);
  for (const i of ws.stratHeads) {
    const u = s.units[i]!;
    if (spent && u.at >= 0) continue;
    const nation = types[u.t]!.nation;
    // DC 9.A: a unit in the box re-enters through the box's component
    const c = u.at < 0 ? ws.stratBox : comp[u.at]!;
    let has: boolean;
    if (nation === 'hungarian' || nation === 'rumanian') {
      // DC 5.D: the points this unit may enter (mayEnterAll) depend only on its nation and, for a
      // Hungarian, on whether it is held in Hungary: one mask and room count per kind and call
      const kind = nation === 'rumanian' ? 0 : hungarianHeld(s, u) ? 1 : 2;
      if ((ws.stratMasks & (1 << kind)) === 0) {
        ws.stratMasks |= 1 << kind;
        allyRoom(s, ws, task, u, kind);
      }
      const mask = ws.stratMask[kind]!;
      const mroom = ws.stratMaskRoom[kind]!;
      has =
        u.at < 0
          ? c >= 0 && mroom[c]! > 0
          : c >= 0
            ? mroom[c]! - ((task.arrivals[u.at] ?? 0) < 3 && mask[u.at] === 1 ? 1 : 0) > 0
            : roomNext(m, ws, u.at, mroom);
      // DC 5.D: a Hungarian held in Hungary may not leave it, for the box neither (variant hun-box)
      if (!has && !full && (kind !== 1 || s.rules.hunBoxAllowed) && boxNext(m, ws, u.at)) {
        boxOnly.push({ type: 'unit', unit: i, boxOnly: true });
        continue;
      }
    } else {
      has =
        u.at < 0
          ? c >= 0 && room[c]! > 0
          : c >= 0
            ? room[c]! - ((task.arrivals[u.at] ?? 0) < 3 ? 1 : 0) > 0
            : roomNext(m, ws, u.at, room);
      if (!has && !full && boxNext(m, ws, u.at)) {
        boxOnly.push({ type: 'unit', unit: i, boxOnly: true });
        continue;
      }
    }
    if (has) out.push(unitOption(ws, i));
  }
  for (const o of boxOnly) out.push(o);
  return out;
}

/** D-14's end of the phase, one object for every decision (read-only data). */
const END_OPTION: StratOption = Object.freeze({ type: 'end' });

/** The D-14 option of unit `i`, kept in the workspace and shared by every strat-next decision (read-only data). */
function unitOption(ws: DcWorkspace, i: number): StratOption {
  const known = ws.stratUnitOptions;
  while (known.length <= i) known.push(Object.freeze({ type: 'unit', unit: known.length }));
  return known[i]!;
}

/**
 * D-15: points reachable through friendly-controlled points with fewer than 3 strategic arrivals,
 * in breadth-first order from the unit's point. The search enters exactly the usable points of the
 * task's picture (`comp` >= 0: friendly, no enemy units, not Elista) over lines strategic movement
 * may use, and from one usable west-edge (Axis) or east-edge (Soviet) point to the others (off-map transit).
 */
export function strategicDestinations(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'strat' },
  i: number,
): StratDestOption[] {
  const out: StratDestOption[] = [];
  const u = s.units[i]!;
  const dests = DEST_OPTIONS(mapOf(s));
  stratPicture(s, ws, task);
  const enter = mayEnterAll(s, u, ws.enter);
  const arrivals = task.arrivals;
  let from = u.at;
  if (from < 0) {
    // DC 9.A: re-entering from the box: the first usable edge point, then what a search from it reaches
    const m = mapOf(s);
    const edge = task.side === 0 ? m.edgeWest : m.edgeEast;
    for (let p = 0; p < m.n && from < 0; p++) if (edge[p] === 1 && ws.comp[p]! >= 0) from = p;
    if (from < 0) return out;
    if ((arrivals[from] ?? 0) < 3 && (enter === null || enter[from] === 1)) out.push(dests[from]!);
  }
  const at = stratOrder(s, ws, from, task.side);
  const end = at + ws.stratOrderLen[from]!;
  const order = ws.stratOrderBuf;
  for (let k = at; k < end; k++) {
    const nb = order[k]!;
    if ((arrivals[nb] ?? 0) < 3 && (enter === null || enter[nb] === 1)) out.push(dests[nb]!);
  }
  // DC 9.A: or into the off-map box, held there (last, so that the other options keep their order);
  // variants hun-box (a held Hungarian) and box-arrivals (3 a phase)
  if (
    u.at >= 0 &&
    !(enter !== null && !s.rules.hunBoxAllowed && hungarianHeld(s, u)) &&
    !boxFull(s, task) &&
    boxNext(mapOf(s), ws, u.at)
  )
    out.push({ type: 'dest', to: STRAT_BOX });
  return out;
}

/**
 * The points a strategic search of `side` from `from` reaches, searched once per start point and
 * task (a task moves one side's units): their offset in `stratOrderBuf` (`stratOrderLen[from]` of them).
 */
function stratOrder(s: DcState, ws: DcWorkspace, from: number, side: number): number {
  const known = ws.stratOrderAt[from]!;
  if (known >= 0) return known;
  const m = mapOf(s);
  const comp = ws.comp;
  // ws.foe: points the search has seen
  const seen = ws.foe;
  seen.fill(0, 0, m.n);
  const q = ws.queue;
  let tail = 0;
  q[tail++] = from;
  seen[from] = 1;
  // DC 9.A: an Axis unit that reaches a usable west-edge point may transit the off-map box to
  // the others, a Soviet unit at an east-edge point Siberia; those not reached on the map are
  // searched from after the map's points
  const edgeOf = side === 0 ? m.edgeWest : m.edgeEast;
  let transit = true;
  for (let h = 0; h < tail; h++) {
    const p = q[h]!;
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
      const nb = m.adjNb[k]!;
      const l = m.adjLine[k]!;
      if (seen[nb] !== 0 || comp[nb]! < 0 || m.lineKerch[l] === 1 || m.lineNoStrategic[l] === 1) continue;
      seen[nb] = 1;
      q[tail++] = nb;
    }
    if (transit && h === tail - 1) {
      transit = false;
      let edge = false;
      for (let k = 0; k < tail && !edge; k++) edge = edgeOf[q[k]!] === 1 && comp[q[k]!]! >= 0;
      if (edge)
        for (let nb = 0; nb < m.n; nb++) {
          if (seen[nb] !== 0 || edgeOf[nb] !== 1 || comp[nb]! < 0) continue;
          seen[nb] = 1;
          q[tail++] = nb;
        }
    }
  }
  const at = ws.stratOrderUsed;
  const buf = ws.stratOrderBuf;
  for (let k = 1; k < tail; k++) buf[at + k - 1] = q[k]!;
  ws.stratOrderAt[from] = at;
  ws.stratOrderLen[from] = tail - 1;
  ws.stratOrderUsed = at + tail - 1;
  return at;
}

export function stratStep(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'strat' }): DcDecision | null {
  if (task.unit >= 0) {
    const opts = strategicDestinations(s, ws, task, task.unit);
    if (opts.length > 0)
      return { kind: 'strat-dest', side: SIDE_IDS[task.side], rule: 'DC 9.A', options: opts } as Decision<
        'strat-dest',
        StratDestOption
      >;
    task.unit = -1;
  }
  const opts = task.left > 0 || freeReentry(s, task.side) ? movable(s, ws, task) : [];
  if (opts.length <= 1) {
    s.stack.pop();
    startSea(s, task.side, task.left);
    return null;
  }
  return { kind: 'strat-next', side: SIDE_IDS[task.side], rule: 'DC 9.A', options: opts } as Decision<
    'strat-next',
    StratOption
  >;
}

export function applyStratNext(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'strat' },
  o: StratOption,
): void {
  if (o.type === 'end') {
    // the phase ends as it would have without the question when the only units offered were those
    // whose one destination is the off-map box (DC 9.A): the sea part follows (9.B)
    const boxOnly = movable(s, ws, task).every((x) => x.type === 'end' || x.boxOnly === true);
    s.stack.pop();
    if (boxOnly) startSea(s, task.side, task.left);
    return;
  }
  task.unit = o.unit;
}

export function applyStratDest(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'strat' },
  o: StratDestOption,
): void {
  const i = task.unit;
  const u = s.units[i]!;
  task.unit = -1;
  // variant box-cap: under box-cap-once the re-entry from the box was paid for on leaving the map
  if (!(u.at < 0 && s.rules.boxCapOnce)) task.left--;
  if (o.to !== STRAT_BOX) task.arrivals[o.to] = (task.arrivals[o.to] ?? 0) + 1;
  // variant box-arrivals: under box-arrivals-3 the box's arrivals are counted after the points'
  else if (s.rules.boxArrivals3) task.arrivals[mapOf(s).n] = (task.arrivals[mapOf(s).n] ?? 0) + 1;
  stratMoved(s, ws, task, i, o.to);
  u.at = o.to;
  // DC 9.A: held in the off-map box (status 5) or back on the map
  u.st = o.to === STRAT_BOX ? 5 : 0;
  u.disp = true;
  u.fort = false;
  if (u.side === 0) s.stats.axisStratUsed++;
  else s.stats.sovietStratUsed++;
  // the narration's text only when the game is traced (tell drops it otherwise)
  if (ws.trace === undefined) return;
  const where =
    o.to === STRAT_BOX ? (u.side === 0 ? 'the west off-map box' : 'Siberia') : mapOf(s).names[o.to];
  tell(s, ws, u.side, 'DC 9.A', `${u.label} moves strategically to ${where}`);
}
