/**
 * Breakthrough movement (DC 14, 7.B): after regular combat, an eligible unit (armour with armoured
 * supply, cavalry; variant axis-cav-bt reading: Axis-allied cavalry, not the German Cav Corps) that
 * occupied an unoccupied point or took part undispersed in clearing one may move one more line.
 * The line's capacity is the regular one minus one unit per round the unit fought (14.B.1), and a
 * further one for the Soviets through December 1941 (14.B.2). Onto an enemy point it is a
 * breakthrough assault, fought in phase 6 with halved fire (14.A, 16; variant bt-halving).
 */
import type { Decision } from '../../core/game.js';
import { noteBtMove, startAirBt } from './air.js';
import { takeControl } from './control.js';
import type { DcDecision, OpOption } from './decisions.js';
import {
  armourGrounded,
  enemyAt,
  identical,
  mayEnter,
  sortByPlace,
  sortScratch,
  weatherAt,
} from './movement.js';
import { type DcState, type DcTask, SIDE_IDS, type SideIx } from './state.js';
import { inArmourSupply, mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** DC 14.B.1-2: breakthrough capacity [total, armour] of a line class after `rounds` rounds. */
export function breakthroughCapacity(
  s: DcState,
  side: SideIx,
  cls: number,
  rounds: number,
): [number, number] {
  const [total, armour] = s.rules.lineCap[side]![cls]!;
  const extra = side === 1 && s.turn <= 8 ? 1 : 0;
  return [Math.max(0, total! - rounds - extra), Math.max(0, armour! - rounds - extra)];
}

function eligible(s: DcState, ws: DcWorkspace, i: number): boolean {
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  // DC 14.B.3: Soviet air only accompanies a breakthrough (airOptions), from the first Good turn of 1944
  if (ty.role === 'air') return false;
  // DC 1.B note vs 14.A (variant axis-cav-bt): which Axis cavalry breaks through
  const axisCav = u.side === 0 && ty.cavalry;
  const cav = s.rules.axisCavBt;
  const bt = axisCav ? cav === 'all' || (cav === 'allies' && ty.nation !== 'german') : ty.breakthrough;
  if (u.st !== 0 || u.disp || !bt || u.bt || !(u.occ || u.clr)) return false;
  // DC 14.B.5: German armour divisions and armour HQs need a corps able to break through with them
  if ((ty.role === 'division' || ty.role === 'hq') && !corpsWith(s, ws, i)) return false;
  if (!ty.armour) return true;
  // DC 7.B.1-2: armour loses breakthrough movement in Mud (and Axis armour in the 41/42 Snow); 17.A.3
  return !armourGrounded(s, u.side, u.at) && inArmourSupply(s, ws, u);
}

/**
 * DC 14.B.5: a panzer or armoured-infantry corps at the point of small unit `i` able to break
 * through, or another armour division or armour HQ there (two of them count as a corps).
 */
function corpsWith(s: DcState, ws: DcWorkspace, i: number): boolean {
  const u = s.units[i]!;
  for (let j = 0; j < s.units.length; j++) {
    const x = s.units[j]!;
    if (j === i || x.st !== 0 || x.side !== u.side || x.at !== u.at || x.disp || x.bt) continue;
    const ty = s.rules.types[x.t]!;
    if (!ty.breakthrough || !(x.occ || x.clr)) continue;
    if (ty.role === 'division' || ty.role === 'hq') return true;
    if (ty.armour && !armourGrounded(s, x.side, x.at) && inArmourSupply(s, ws, x)) return true;
  }
  return false;
}

export function startBreakthrough(s: DcState, side: SideIx, ws?: DcWorkspace): void {
  s.load.fill(0);
  const order: number[] = [];
  s.units.forEach((u, i) => {
    if (u.side === side && u.st === 0) order.push(i);
  });
  sortByPlace(s, order, ws === undefined ? undefined : sortScratch(ws, order.length));
  if (side === 1 && s.sovAirBt) {
    // DC 14.B.3: Soviet air is asked last, to accompany the breakthrough moves made from its point
    const air = order.filter((i) => s.rules.types[s.units[i]!.t]!.role === 'air');
    const rest = order.filter((i) => s.rules.types[s.units[i]!.t]!.role !== 'air');
    s.stack.push({ t: 'bt-move', side, order: rest.concat(air), i: 0, moves: [] });
    return;
  }
  // D-29 (DC 14.B.4): after the moves, German air present in regular combat may accompany a group
  if (side === 0) startAirBt(s);
  s.stack.push({ t: 'bt-move', side, order, i: 0 });
}

/** D-28 options of unit `i`: stay, or a line with breakthrough room. */
export function btOptions(s: DcState, ws: DcWorkspace, i: number): OpOption[] {
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  const m = mapOf(s);
  const out: OpOption[] = [{ type: 'stay' }];
  // the points holding units of the other side (enemyAt), in one pass over the units
  const foe = ws.foe;
  foe.fill(0, 0, m.n);
  for (const x of s.units) if (x.st === 0 && x.side !== u.side) foe[x.at] = 1;
  for (let k = m.adjStart[u.at]!; k < m.adjStart[u.at + 1]!; k++) {
    const p = m.adjNb[k]!;
    const l = m.adjLine[k]!;
    // DC 10.D: armour may not break through across the Kerch Straits
    if (ty.armour && m.lineKerch[l] === 1) continue;
    const [total, armour] = breakthroughCapacity(s, u.side, m.lineClass[l]!, u.rounds);
    if (s.load[2 * l]! + ty.cap * 2 > 2 * total + 1) continue;
    if (ty.armour && s.load[2 * l + 1]! + 1 > armour) continue;
    if (!mayEnter(s, u, p)) continue;
    out.push({ type: 'move', line: l, to: p, attack: foe[p] === 1 });
  }
  // DC 12.D, 14.B.6: armour starting on the Minsk-Moscow highway, not in Snow, may make its one
  // breakthrough move through two highway points "unopposed", within both lines' room. Variant
  // hw-bt-unopposed: neither point holds an enemy unit, so the double step never ends in a
  // breakthrough assault (hw-bt-both-empty, default); or 12.D alone, the first point empty and the
  // second possibly an assault (hw-bt-first-empty)
  if (ty.armour && m.highway[u.at] === 1 && weatherAt(s, u.at) !== 2) {
    const room = (l: number): boolean => {
      const [total, armour] = breakthroughCapacity(s, u.side, m.lineClass[l]!, u.rounds);
      return s.load[2 * l]! + ty.cap * 2 <= 2 * total + 1 && s.load[2 * l + 1]! + 1 <= armour;
    };
    for (let k = m.adjStart[u.at]!; k < m.adjStart[u.at + 1]!; k++) {
      const mid = m.adjNb[k]!;
      const l = m.adjLine[k]!;
      if (m.highway[mid] !== 1 || foe[mid] === 1 || !room(l) || !mayEnter(s, u, mid)) continue;
      for (let k2 = m.adjStart[mid]!; k2 < m.adjStart[mid + 1]!; k2++) {
        const to = m.adjNb[k2]!;
        const l2 = m.adjLine[k2]!;
        const attack = foe[to] === 1;
        if (attack && !s.rules.hwBtFirstEmpty) continue;
        if (to === u.at || m.highway[to] !== 1 || !room(l2) || !mayEnter(s, u, to)) continue;
        out.push({ type: 'highway', line: l, mid, line2: l2, to, attack });
      }
    }
  }
  return out;
}

/**
 * DC 14.B.3: a Soviet air unit, undispersed and not in Mud, may accompany a
 * breakthrough move made this phase from its point: the same line to the same point, within the
 * line's breakthrough capacity (reading: the air unit counts on the line as in movement, DC 12.B).
 */
export function airOptions(s: DcState, task: DcTask & { t: 'bt-move' }, i: number): OpOption[] {
  const u = s.units[i]!;
  const out: OpOption[] = [{ type: 'stay' }];
  const moves = task.moves;
  if (moves === undefined || u.st !== 0 || u.disp || u.bt || weatherAt(s, u.at) === 1) return out;
  const m = mapOf(s);
  for (let k = 0; k < moves.length; k += 3) {
    if (moves[k] !== u.at) continue;
    const l = moves[k + 1]!;
    const to = moves[k + 2]!;
    if (out.some((o) => o.type === 'move' && o.to === to)) continue;
    const [total] = breakthroughCapacity(s, u.side, m.lineClass[l]!, u.rounds);
    if (s.load[2 * l]! + s.rules.types[u.t]!.cap * 2 > 2 * total + 1) continue;
    out.push({ type: 'move', line: l, to, attack: enemyAt(s, to, u.side) });
  }
  return out;
}

export function btStep(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'bt-move' }): DcDecision | null {
  while (task.i < task.order.length) {
    const i = task.order[task.i]!;
    const air = task.moves !== undefined && s.rules.types[s.units[i]!.t]!.role === 'air';
    if (air || eligible(s, ws, i)) {
      const opts = air ? airOptions(s, task, i) : btOptions(s, ws, i);
      if (opts.length > 1)
        return { kind: 'bt-move', side: SIDE_IDS[task.side], rule: 'DC 14', options: opts } as Decision<
          'bt-move',
          OpOption
        >;
    }
    task.i++;
  }
  s.stack.pop();
  return null;
}

export function applyBt(s: DcState, task: DcTask & { t: 'bt-move' }, o: OpOption): void {
  const i = task.order[task.i]!;
  task.i++;
  const u = s.units[i]!;
  if (o.type === 'stay') {
    // docs/games/dc.md "Decisions", as in operational movement (applyOp): a stay holds the identical units after it
    while (task.i < task.order.length && identical(u, s.units[task.order[task.i]!]!)) task.i++;
    return;
  }
  const ty = s.rules.types[u.t]!;
  if (o.type === 'highway') {
    // DC 12.D, 14.B.6: the highway double step, both lines loaded, both points taken. Variant
    // hw-bt-air: no German air escort (hw-bt-no-escort, default: 13.A.4 "up one line segment"), or
    // the air present in regular combat may go with the group to the point where it ends (hw-bt-escort;
    // not into an assault: an escort multiplies the units from its own point, 14.B.4, and the group
    // fights from the first point). Soviet air (14.B.3) accompanies one-line moves only.
    if (s.rules.hwBtEscort && !o.attack && u.side === 0 && ty.nation === 'german')
      noteBtMove(s, u.at, o.to, false);
    for (const l of [o.line, o.line2]) {
      s.load[2 * l]! += ty.cap * 2;
      s.load[2 * l + 1]!++;
    }
    u.bt = true;
    u.fort = false;
    s.stats.btMoves++;
    // variant hw-bt-first-empty: onto an enemy-held second point, an assault from the first (DC 14.A)
    for (const p of o.attack ? [o.mid] : [o.mid, o.to]) {
      u.at = p;
      if (s.control[p] !== u.side) {
        takeControl(s, p, u.side);
        if (u.side === 0 && mapOf(s).side1941[p] === 1) s.stats.sovietPointsTaken++;
      }
    }
    if (o.attack) u.atk = o.to;
    return;
  }
  if (o.type !== 'move') return;
  // DC 13.A.4: a German air unit can only move with one group of German units up one line
  if (u.side === 0 && ty.nation === 'german') noteBtMove(s, u.at, o.to, o.attack);
  s.load[2 * o.line]! += ty.cap * 2;
  if (ty.armour) s.load[2 * o.line + 1]!++;
  // DC 14.B.3: the moves Soviet air may accompany
  if (task.moves !== undefined && ty.role !== 'air') task.moves.push(u.at, o.line, o.to);
  u.bt = true;
  u.fort = false;
  s.stats.btMoves++;
  if (o.attack) {
    u.atk = o.to;
    return;
  }
  u.at = o.to;
  if (s.control[o.to] !== u.side) {
    takeControl(s, o.to, u.side);
    if (u.side === 0 && mapOf(s).side1941[o.to] === 1) s.stats.sovietPointsTaken++;
  }
}
