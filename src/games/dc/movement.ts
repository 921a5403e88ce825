/**
 * Operational movement (DC 12, 12.A-D, 18, 20): each undispersed unit may move one line, within the
 * line's capacity for its side this phase (total and armour, ½-value units, Axis-allied "2" armies),
 * occupying an empty point or committing to attack an occupied one; German breakthrough units may
 * take a second unoccupied point; armour on the Minsk-Moscow highway may move two points.
 * Asked one unit at a time in a canonical order with the loads updated after each answer (docs/games/dc.md "Decisions");
 * a unit's stay holds the identical units after it on its point (one group of identical units).
 */
import type { Decision } from '../../core/game.js';
import { memoizeWeak } from '../../core/memo.js';
import { takeControl } from './control.js';
import type { DcDecision, OpOption } from './decisions.js';
import type { DcMap } from './map.js';
import {
  type DcState,
  type DcTask,
  type DcUnit,
  monthOf,
  other,
  SIDE_IDS,
  type SideIx,
  yearOf,
} from './state.js';
import { inArmourSupply, inSupply, mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** DC 14.B.1, R-188: the winter of 1941/42 (October 1941 - April 1942). */
export function winter4142(turn: number): boolean {
  return turn >= 6 && turn <= 12;
}

/** DC 3.A (RULES-CHECKLIST C-2): the weather at point `p`: Mud where a May 1941 assault rolled odd, else the map's. */
export function weatherAt(s: DcState, p: number): number {
  return s.mud.length > 0 && s.mud.includes(p) ? 1 : s.weather;
}

/** DC 7.B.1-2: armour loses breakthrough movement (and, variant armour-no-attack, attacks); at point `p` (3.A). */
export function armourGrounded(s: DcState, side: SideIx, p = -1): boolean {
  const w = p < 0 ? s.weather : weatherAt(s, p);
  if (w === 1) return true;
  return side === 0 && w === 2 && winter4142(s.turn);
}

/** Units of `side` on point `p` (combat units: anything on the map). */
export function enemyAt(s: DcState, p: number, side: SideIx): boolean {
  for (const u of s.units) if (u.st === 0 && u.at === p && u.side !== side) return true;
  return false;
}

function nationAt(s: DcState, p: number, nation: string): boolean {
  for (const u of s.units) if (u.st === 0 && u.at === p && s.rules.types[u.t]!.nation === nation) return true;
  return false;
}

/**
 * DC 5.D (variant hun-release): the Hungarian armies stay in Hungary until June 1942; then the army
 * the Axis player released (D-13, hungary.ts) may leave, and the other from July (hun-one-then-other)
 * or never until the Soviet trigger (hun-one-ever).
 */
function hungarianMayLeave(s: DcState, u: DcUnit): boolean {
  if (s.hunFree) return true;
  if (s.turn < 14) return false;
  if (s.turn > 14 && !s.rules.hunOneEver) return true;
  return s.hunRel >= 0 && s.units[s.hunRel] === u;
}

/** DC 5.D, 12: may unit `u` enter point `p` (nation restrictions)? */
export function mayEnter(s: DcState, u: DcUnit, p: number): boolean {
  const nation = s.rules.types[u.t]!.nation;
  if (nation !== 'hungarian' && nation !== 'rumanian') return true;
  const m = mapOf(s);
  if (nation === 'hungarian') {
    if (m.nation[p] === 'Rumania' || nationAt(s, p, 'rumanian')) return false;
    if (m.nation[u.at] === 'Hungary' && m.nation[p] !== 'Hungary' && !hungarianMayLeave(s, u)) return false;
  } else if (nation === 'rumanian') {
    if (m.nation[p] === 'Hungary' || nationAt(s, p, 'hungarian')) return false;
  }
  return true;
}

/**
 * DC 5.D: is unit `u` a Hungarian army held in Hungary (hungarianMayLeave)? Variant hun-box: under
 * hun-box-allowed one in the west off-map box (`at` -1) is held there too, re-entering into Hungary only.
 */
export function hungarianHeld(s: DcState, u: DcUnit): boolean {
  return (
    s.rules.types[u.t]!.nation === 'hungarian' &&
    (u.at < 0 ? s.rules.hunBoxAllowed : mapOf(s).nation[u.at] === 'Hungary') &&
    !hungarianMayLeave(s, u)
  );
}

/**
 * `mayEnter(s, u, p)` for every point p into `out` (1 may enter), with one pass over the units
 * for the nation marks; null when unit `u` is of a nation that may enter anywhere.
 */
export function mayEnterAll(s: DcState, u: DcUnit, out: Uint8Array): Uint8Array | null {
  const nation = s.rules.types[u.t]!.nation;
  if (nation !== 'hungarian' && nation !== 'rumanian') return null;
  const m = mapOf(s);
  const barred = nation === 'hungarian' ? 'rumanian' : 'hungarian';
  const home = nation === 'hungarian' ? 'Hungary' : 'Rumania';
  const foreign = nation === 'hungarian' ? 'Rumania' : 'Hungary';
  out.fill(1, 0, m.n);
  for (const x of s.units) if (x.st === 0 && s.rules.types[x.t]!.nation === barred) out[x.at] = 0;
  const held = hungarianHeld(s, u);
  for (let p = 0; p < m.n; p++) {
    if (m.nation[p] === foreign || (held && m.nation[p] !== home)) out[p] = 0;
  }
  return out;
}

/** DC 12.A-C: does line `l` have room for unit `u` this phase? */
export function lineRoom(s: DcState, u: DcUnit, l: number): boolean {
  const m = mapOf(s);
  const ty = s.rules.types[u.t]!;
  const cap = s.rules.lineCap[u.side]![m.lineClass[l]!]!;
  // ½-value units: loads kept in half-units; a remaining fraction is ignored (12.B)
  if (s.load[2 * l]! + ty.cap * 2 > 2 * cap[0] + 1) return false;
  return !ty.armour || s.load[2 * l + 1]! + 1 <= cap[1];
}

function useLine(s: DcState, u: DcUnit, l: number): void {
  const ty = s.rules.types[u.t]!;
  s.load[2 * l]! += ty.cap * 2;
  if (ty.armour) s.load[2 * l + 1]!++;
}

function mayAttack(s: DcState, u: DcUnit, l: number): boolean {
  const ty = s.rules.types[u.t]!;
  if (!ty.armour) return true;
  // DC 10.D: armour may not assault across the Kerch Straits
  if (mapOf(s).lineKerch[l] === 1) return false;
  return !(s.rules.armourNoAttack && armourGrounded(s, u.side));
}

/**
 * `lineRoom` with its look-ups hoisted: `caps` the side's capacities by line class, `half` the
 * unit's capacity in half-units (DC 12.B), `armour` whether it counts against the armour limit.
 */
function roomOn(
  m: DcMap,
  load: readonly number[],
  caps: readonly (readonly [number, number])[],
  half: number,
  armour: boolean,
  l: number,
): boolean {
  const cap = caps[m.lineClass[l]!]!;
  if (load[2 * l]! + half > 2 * cap[0] + 1) return false;
  return !armour || load[2 * l + 1]! + 1 <= cap[1];
}

/**
 * D-16's stay, one object for every decision: options are plain read-only data, so the decisions
 * may share them (as combat's continue options do).
 */
export const STAY_OPTION: OpOption = Object.freeze({ type: 'stay' });

/**
 * The one-line move options of a map, one object per adjacency entry k and mover (`2k` entering,
 * `2k + 1` attacking), built once per map and shared by every op-move decision (read-only data).
 */
const MOVE_OPTIONS = memoizeWeak((m: DcMap): readonly OpOption[] => {
  const out: OpOption[] = [];
  for (let k = 0; k < m.adjNb.length; k++)
    for (const attack of [false, true])
      out.push(Object.freeze({ type: 'move', line: m.adjLine[k]!, to: m.adjNb[k]!, attack }));
  return out;
});

/** D-16 options for unit `i` (stay first). */
export function opOptions(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'op' }, i: number): OpOption[] {
  const u = s.units[i]!;
  const m = mapOf(s);
  const ty = s.rules.types[u.t]!;
  const out: OpOption[] = [STAY_OPTION];
  const moves = MOVE_OPTIONS(m);
  // points holding units of the other side, marked once per op task
  const foe = ws.opFoe;
  if (ws.opFoeTask !== task) {
    ws.opFoeTask = task;
    foe.fill(0);
    for (const x of s.units) if (x.st === 0 && x.side !== task.side) foe[x.at] = 1;
  }
  // DC 9.A: a unit held in its side's off-map box enters along an edge line (entryOptions)
  if (u.at < 0) return entryOptions(s, task, u, out);
  // DC 18: eligible types, in supply, undispersed, instead of moving; one fortification per unit
  if (ty.fortify && !u.fort && inSupply(s, ws, u)) out.push({ type: 'fortify' });
  // DC 5.D: the Axis allies' nation limits for every point in one pass (null: none)
  const enter = mayEnterAll(s, u, ws.enter);
  const caps = s.rules.lineCap[u.side]!;
  const half = ty.cap * 2;
  const load = s.load;
  for (let k = m.adjStart[u.at]!; k < m.adjStart[u.at + 1]!; k++) {
    const p = m.adjNb[k]!;
    const l = m.adjLine[k]!;
    if (!roomOn(m, load, caps, half, ty.armour, l) || (enter !== null && enter[p] === 0)) continue;
    const attack = foe[p] === 1;
    if (attack && !mayAttack(s, u, l)) continue;
    out.push(moves[2 * k + (attack ? 1 : 0)]!);
  }
  // DC 2.B.3.b: in the Campaign game a Soviet army-sized unit may leave by a west or north exit line,
  // within the line's capacity (DC 12.A) for this phase
  if (task.ex !== undefined && ty.armySized && (m.edgeWest[u.at] === 1 || m.edgeNorth[u.at] === 1)) {
    const [total] = s.rules.lineCap[1]![m.exitClass[u.at]!]!;
    if (task.ex[u.at]! + 2 * ty.cap <= 2 * total!) out.push({ type: 'exit', at: u.at });
  }
  // DC 12.D: armour starting on the highway, Good or Mud, two highway points; the first holds no enemy
  if (ty.armour && m.highway[u.at] === 1 && s.weather !== 2) {
    for (let k = m.adjStart[u.at]!; k < m.adjStart[u.at + 1]!; k++) {
      const mid = m.adjNb[k]!;
      const l = m.adjLine[k]!;
      if (m.highway[mid] !== 1 || foe[mid] === 1 || !roomOn(m, load, caps, half, ty.armour, l)) continue;
      for (let k2 = m.adjStart[mid]!; k2 < m.adjStart[mid + 1]!; k2++) {
        const to = m.adjNb[k2]!;
        const l2 = m.adjLine[k2]!;
        if (to === u.at || m.highway[to] !== 1 || !roomOn(m, load, caps, half, ty.armour, l2)) continue;
        const attack = foe[to] === 1;
        if (attack && !mayAttack(s, u, l2)) continue;
        out.push({ type: 'highway', line: l, mid, line2: l2, to, attack });
      }
    }
  }
  return out;
}

/**
 * DC 9.A ("Units may also remain in Siberia and re-enter on a following turn, using either
 * strategic or operational movement. Those entering by operational movement may participate in
 * assaults. Axis units have the same capability on the west map edge."): the D-16 options of unit
 * `u` held in its side's off-map box: along the map-edge line of each of the side's edge points
 * (Soviet: the eastern and south-eastern edge, the lines the Siberian Reserve enters by, 3.C.3;
 * Axis: the west edge) onto that point, within the line's capacity for the side this phase by its
 * class (DC 12.A-C, as for the map's lines: total and armour, kept in `task.en`), the nation limits
 * of 5.D; onto an enemy-held point as an assault (12.0; armour as `mayAttack`).
 */
function entryOptions(s: DcState, task: DcTask & { t: 'op' }, u: DcUnit, out: OpOption[]): OpOption[] {
  const m = mapOf(s);
  const ty = s.rules.types[u.t]!;
  const edge = u.side === 0 ? m.edgeWest : m.edgeEast;
  const en = task.en;
  const foe = new Uint8Array(m.n);
  for (const x of s.units) if (x.st === 0 && x.side !== u.side && x.at >= 0) foe[x.at] = 1;
  const enter = mayEnterAll(s, u, new Uint8Array(m.n));
  for (let p = 0; p < m.n; p++) {
    if (edge[p] !== 1 || en === undefined || (enter !== null && enter[p] === 0)) continue;
    if (!edgeRoom(s, u, en, p)) continue;
    const attack = foe[p] === 1;
    if (attack && ty.armour && s.rules.armourNoAttack && armourGrounded(s, u.side)) continue;
    out.push({ type: 'enter', at: p, attack });
  }
  return out;
}

/**
 * DC 9.A, 12.A-C: does the map-edge line of edge point `p` have room this phase for unit `u`, by the
 * line's class for the unit's side (total in half-units, the armour limit), given the phase's edge
 * loads `en` (half-units at 2p, armour units at 2p + 1)?
 */
export function edgeRoom(s: DcState, u: DcUnit, en: readonly number[], p: number): boolean {
  const ty = s.rules.types[u.t]!;
  const cap = s.rules.lineCap[u.side]![mapOf(s).exitClass[p]!]!;
  if (en[2 * p]! + ty.cap * 2 > 2 * cap[0] + 1) return false;
  return !ty.armour || en[2 * p + 1]! + 1 <= cap[1];
}

/**
 * DC 8.A.2.c, 9.A, 12.A-C: adds to the edge loads `en` the Siberian replacements chosen to enter
 * operationally this turn (`sibRepl.op`, unit and east-edge point pairs): they come along the same
 * edge lines in the same operational phase as the units re-entering from the Siberia box.
 */
export function addSibReplLoads(s: DcState, en: number[]): number[] {
  const op = s.sibRepl.op;
  for (let k = 0; k < op.length; k += 2) loadEdge(s, en, s.units[op[k]!]!, op[k + 1]!);
  return en;
}

/** DC 12.A-C: unit `u`'s load on the map-edge line of edge point `p` (edge loads `en`, as `edgeRoom`). */
function loadEdge(s: DcState, en: number[], u: DcUnit, p: number): void {
  const ty = s.rules.types[u.t]!;
  en[2 * p] = en[2 * p]! + ty.cap * 2;
  if (ty.armour) en[2 * p + 1] = en[2 * p + 1]! + 1;
}

/**
 * DC 12.0 (variant second-point): a German breakthrough unit that took an empty point may take a
 * second (second-point-german); under second-point-all any breakthrough unit of either side (14.A).
 */
export function secondOptions(s: DcState, ws: DcWorkspace, i: number): OpOption[] {
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  const out: OpOption[] = [{ type: 'stay' }];
  if (!ty.breakthrough || (ty.nation !== 'german' && !s.rules.secondPointAll) || u.bt) return out;
  if (ty.armour && (armourGrounded(s, u.side) || !inArmourSupply(s, ws, u))) return out;
  const m = mapOf(s);
  for (let k = m.adjStart[u.at]!; k < m.adjStart[u.at + 1]!; k++) {
    const p = m.adjNb[k]!;
    const l = m.adjLine[k]!;
    if (enemyAt(s, p, u.side) || !lineRoom(s, u, l) || !mayEnter(s, u, p)) continue;
    out.push({ type: 'move', line: l, to: p, attack: false });
  }
  return out;
}

/**
 * Sorts unit indices `order` (units on the map) by point, then type, then index: the canonical
 * order of the movement phases (docs/games/dc.md "Decisions"), as one numeric sort of packed keys (a point and a type
 * below 256 and an index below 32768 pack into a positive 32-bit integer).
 */
export function sortByPlace(s: DcState, order: number[], scratch?: Int32Array): void {
  if (s.units.length > 32768 || s.rules.types.length > 256)
    throw new Error('DC: too many units or types to order');
  // a view of the workspace's scratch where it is large enough (a fresh typed array is allocated off the heap)
  const keys =
    scratch !== undefined && scratch.length >= order.length
      ? scratch.subarray(0, order.length)
      : new Int32Array(order.length);
  for (let k = 0; k < order.length; k++) {
    const a = order[k]!;
    const u = s.units[a]!;
    keys[k] = (u.at * 256 + u.t) * 32768 + a;
  }
  keys.sort();
  for (let k = 0; k < order.length; k++) order[k] = keys[k]! & 32767;
}

/** The workspace's sortByPlace scratch, grown to hold `n` keys. */
export function sortScratch(ws: DcWorkspace, n: number): Int32Array {
  if (ws.sortKeys.length < n) ws.sortKeys = new Int32Array(Math.max(1024, 2 * n));
  return ws.sortKeys;
}

/** Starts a side's operational movement phase (B.3/C.3): the canonical order of its movable units. */
export function startOp(s: DcState, side: SideIx, ws?: DcWorkspace): void {
  s.load.fill(0);
  const order: number[] = [];
  s.units.forEach((u, i) => {
    if (u.side === side && u.st === 0 && !u.disp && s.rules.types[u.t]!.id !== 'factory') order.push(i);
  });
  sortByPlace(s, order, ws === undefined ? undefined : sortScratch(ws, order.length));
  // DC 9.A: the undispersed units held in the side's off-map box (recovered in an earlier phase
  // 15.B) may enter by operational movement: asked after the units on the map, by type and index
  const boxed: number[] = [];
  s.units.forEach((u, i) => {
    if (u.side === side && u.st === 5 && !u.disp) boxed.push(i);
  });
  sortByPlace(s, boxed);
  for (const i of boxed) order.push(i);
  const n = mapOf(s).n;
  const task: DcTask & { t: 'op' } = { t: 'op', side, order, i: 0, second: -1 };
  if (side === 1 && s.rules.version === 'campaign') task.ex = new Array<number>(n).fill(0);
  // DC 8.A.2.c, 12.A-C: the Siberian replacements entering operationally this phase (placed after
  // the operational moves) use the edge lines' capacity the box's re-entries share
  if (boxed.length > 0) {
    task.en = new Array<number>(2 * n).fill(0);
    if (side === 1) addSibReplLoads(s, task.en);
  }
  s.stack.push(task);
}

/** The next op-move decision of the phase, or null when every unit has been asked. */
export function opStep(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'op' }): DcDecision | null {
  while (true) {
    if (task.second >= 0) {
      const opts = secondOptions(s, ws, task.second);
      if (opts.length > 1) return opDecision(task.side, opts, 'DC 12.0 (second point)');
      task.second = -1;
    }
    if (task.i >= task.order.length) return null;
    const i = task.order[task.i]!;
    const u = s.units[i]!;
    // DC 9.A: a unit held in the off-map box (status 5) is asked too
    if ((u.st !== 0 && u.st !== 5) || u.disp) {
      task.i++;
      continue;
    }
    const opts = opOptions(s, ws, task, i);
    if (opts.length > 1) return opDecision(task.side, opts, 'DC 12, 12.D, 18');
    task.i++;
  }
}

function opDecision(side: SideIx, options: OpOption[], rule: string): DcDecision {
  return { kind: 'op-move', side: SIDE_IDS[side], rule, options } as Decision<'op-move', OpOption>;
}

/** Carries out an op-move answer for the unit being asked. */
export function applyOp(s: DcState, task: DcTask & { t: 'op' }, o: OpOption): void {
  const second = task.second >= 0;
  const i = second ? task.second : task.order[task.i]!;
  if (second) task.second = -1;
  else task.i++;
  const u = s.units[i]!;
  switch (o.type) {
    case 'stay':
      // docs/games/dc.md "Decisions" (one group of identical units at a time): a unit's stay answers for the rest of
      // its group, the units after it in the canonical order that no rule tells apart from it, so
      // each of them is not asked again (a plan where one of them stays and another moves is the
      // plan where the first moves and the other stays)
      if (!second) while (task.i < task.order.length && identical(u, s.units[task.order[task.i]!]!)) task.i++;
      return;
    case 'fortify':
      u.fort = true;
      s.stats.fortificationsBuilt++;
      return;
    case 'move':
      useLine(s, u, o.line);
      u.fort = false;
      if (o.attack) {
        u.atk = o.to;
        return;
      }
      enter(s, u, o.to);
      if (second) u.bt = true;
      else if (u.side === 0 || s.rules.secondPointAll) task.second = i;
      return;
    case 'exit':
      // DC 2.B.3.b: off the map, counted while its exit point is Soviet-held and in supply
      task.ex![o.at] = task.ex![o.at]! + 2 * s.rules.types[u.t]!.cap;
      u.st = 3;
      u.at = -1;
      u.fort = false;
      s.exits.push(i, o.at);
      s.stats.sovietExited++;
      return;
    case 'enter': {
      // DC 9.A, 12.A-C: the edge line's load; back on the map, or committed to assault from the box
      loadEdge(s, task.en!, u, o.at);
      u.st = 0;
      u.fort = false;
      if (o.attack) {
        // the unit stays on the edge line, its origin the box (`at` -1): the battle takes it onto
        // the point or back into the box (retreat.ts finish)
        u.atk = o.at;
        return;
      }
      enter(s, u, o.at);
      if (u.side === 0 || s.rules.secondPointAll) task.second = i;
      return;
    }
    case 'highway':
      useLine(s, u, o.line);
      useLine(s, u, o.line2);
      u.fort = false;
      enter(s, u, o.mid);
      if (o.attack) u.atk = o.to;
      else enter(s, u, o.to);
      return;
  }
}

/** Units `a` and `b` alike in every field the rules read (all but their label): one group (docs/games/dc.md "Decisions"). */
export function identical(a: DcUnit, b: DcUnit): boolean {
  return (
    a.t === b.t &&
    a.at === b.at &&
    a.side === b.side &&
    a.st === b.st &&
    a.losses === b.losses &&
    a.disp === b.disp &&
    a.fort === b.fort &&
    a.atk === b.atk &&
    a.occ === b.occ &&
    a.clr === b.clr &&
    a.rounds === b.rounds &&
    a.bt === b.bt &&
    a.allOut === b.allOut &&
    a.iso === b.iso &&
    a.ret === b.ret
  );
}

/** DC 12.0, 20: the unit occupies an empty point (control passes). */
function enter(s: DcState, u: DcUnit, p: number): void {
  u.at = p;
  u.occ = true;
  if (s.control[p] !== u.side) {
    takeControl(s, p, u.side);
    const m = mapOf(s);
    // DC 5.D: a Soviet invasion of Hungary frees the Hungarian armies
    if (u.side === 1 && m.nation[p] === 'Hungary') s.hunFree = true;
    if (u.side === 0 && m.side1941[p] === 1) s.stats.sovietPointsTaken++;
  }
}

export { monthOf, other, yearOf };
