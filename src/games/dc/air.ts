/**
 * German air positions (DC 13.A.4, 14.B.4; variant group lw-placement). At the start of the Axis
 * turn each available air unit is placed at a point with Axis ground units in supply, or withheld
 * (D-8). Placed air may be committed to the regular attacks made from its point (D-18); withheld air
 * only to breakthrough assaults or, after combat, to the defence of an Axis point in the Soviet turn.
 * Air present in regular combat may accompany one breakthrough group up one line (D-29) and then
 * multiplies only that group's units. Under `lw-lines` air on the map moves at most one line per
 * Axis turn (at its D-8 placement), with no capacity cost; withheld or newly available air is free.
 */
import type { Decision } from '../../core/game.js';
import type { AirBtOption, AirPlaceOption } from './decisions.js';
import type { DcState, DcTask } from './state.js';
import { inSupply, mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** D-8: starts the Axis turn's air placement (the previous positions kept for variant lw-lines). */
export function startAirPlacement(s: DcState): void {
  const from = s.rules.lwLines ? s.airAt.slice(0, s.air) : [];
  s.airAt = [];
  s.airUp = [];
  s.airFree = s.air;
  if (s.air > 0) s.stack.push({ t: 'lw-place', left: s.air, start: true, k: 0, from });
}

/** D-8 options of the next air unit: withheld (-1), or a point with Axis ground units in supply. */
export function airStartOptions(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'lw-place' },
): AirPlaceOption[] {
  const m = mapOf(s);
  const ok = ws.mark;
  ok.fill(0, 0, m.n);
  for (const u of s.units)
    if (u.st === 0 && u.side === 0 && u.at >= 0 && ok[u.at] === 0 && s.rules.types[u.t]!.role !== 'air')
      if (inSupply(s, ws, u)) ok[u.at] = 1;
  const k = task.k ?? 0;
  const was = task.from !== undefined && k < task.from.length ? task.from[k]! : -1;
  const out: AirPlaceOption[] = [{ type: 'air-place', at: -1 }];
  for (let p = 0; p < m.n; p++) {
    if (ok[p] === 0) continue;
    // variant lw-lines: one line from where the unit stood
    if (was >= 0 && p !== was && !adjacent(s, was, p)) continue;
    out.push({ type: 'air-place', at: p });
  }
  return out;
}

function adjacent(s: DcState, a: number, b: number): boolean {
  const m = mapOf(s);
  for (let k = m.adjStart[a]!; k < m.adjStart[a + 1]!; k++) if (m.adjNb[k] === b) return true;
  return false;
}

/** D-29: Axis points a held German air unit may stand on for the Soviet turn (facing Soviet units). */
function airPlaces(s: DcState, ws: DcWorkspace): AirPlaceOption[] {
  const m = mapOf(s);
  const out: AirPlaceOption[] = [];
  const own = ws.own;
  const foe = ws.foe;
  own.fill(0);
  foe.fill(0);
  for (const u of s.units)
    if (u.st === 0) {
      if (u.side === 0) own[u.at] = 1;
      else foe[u.at] = 1;
    }
  for (let p = 0; p < m.n; p++) {
    if (s.control[p] !== 0 || own[p] === 0) continue;
    let front = false;
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]! && !front; k++)
      if (foe[m.adjNb[k]!] === 1) front = true;
    if (front) out.push({ type: 'air-place', at: p });
  }
  return out;
}

/**
 * The lw-place task's next decision: at the Axis turn's start (D-8, `start`) or after its combat
 * (DC 14.B.4, the held air's points for the Soviet turn; one option: the kernel carries it out);
 * null when done (pops the task).
 */
export function lwPlaceStep(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'lw-place' },
): Decision<'lw-place', AirPlaceOption> | null {
  if (task.start === true) return airStartStep(s, ws, task);
  const opts = task.left > 0 ? airPlaces(s, ws) : [];
  if (opts.length === 0) {
    s.stack.pop();
    return null;
  }
  return { kind: 'lw-place', side: 'axis', rule: 'DC 13.A.4, 14.B.4', options: opts };
}

/** Carries out a lw-place answer (either placement). */
export function applyLwPlace(s: DcState, task: DcTask & { t: 'lw-place' }, o: AirPlaceOption): void {
  if (task.start === true) {
    applyAirStart(s, task, o);
    return;
  }
  s.airAt.push(o.at);
  task.left--;
}

/** D-8: the next placement; null when all are placed (pops the task). */
export function airStartStep(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'lw-place' },
): Decision<'lw-place', AirPlaceOption> | null {
  if (task.left <= 0) {
    s.stack.pop();
    return null;
  }
  const opts = airStartOptions(s, ws, task);
  if (opts.length === 1) {
    // no point to place at: the rest are withheld
    s.stack.pop();
    return null;
  }
  return { kind: 'lw-place', side: 'axis', rule: 'DC 13.A.4, 14.B.4', options: opts };
}

export function applyAirStart(s: DcState, task: DcTask & { t: 'lw-place' }, o: AirPlaceOption): void {
  task.left--;
  task.k = (task.k ?? 0) + 1;
  if (o.at < 0) return;
  s.airUp.push(o.at);
  s.airFree--;
}

/**
 * End of the Axis turn: placed air not committed stays on its point for the Soviet turn if Axis
 * ground units are still there (DC 13.A.5), otherwise it returns to the withheld air.
 */
export function endAxisAir(s: DcState): void {
  for (const p of s.airUp) {
    if (s.units.some((u) => u.st === 0 && u.side === 0 && u.at === p)) s.airAt.push(p);
    else s.airFree++;
  }
  s.airUp = [];
}

/** DC 14.B.4: after the Axis breakthrough moves, air present in regular combat may accompany a group. */
export function startAirBt(s: DcState): void {
  if (s.airAt.length > 0) s.stack.push({ t: 'lw-bt', i: 0, moves: [] });
}

/** Records German breakthrough move `from` -> `to` for the lw-bt task under the bt-move task. */
export function noteBtMove(s: DcState, from: number, to: number, assault: boolean): void {
  const t = s.stack[s.stack.length - 2];
  if (t?.t !== 'lw-bt') return;
  for (let k = 0; k < t.moves.length; k += 3) if (t.moves[k] === from && t.moves[k + 1] === to) return;
  t.moves.push(from, to, assault ? 1 : 0);
}

/** D-29: the next air unit present in regular combat with a group to accompany; null when done. */
export function airBtStep(s: DcState, task: DcTask & { t: 'lw-bt' }): Decision<'lw-bt', AirBtOption> | null {
  while (task.i < s.airAt.length) {
    const p = s.airAt[task.i]!;
    const opts: AirBtOption[] = [{ type: 'air-bt', to: -1, assault: false }];
    for (let k = 0; k < task.moves.length; k += 3)
      if (task.moves[k] === p)
        opts.push({ type: 'air-bt', to: task.moves[k + 1]!, assault: task.moves[k + 2] === 1 });
    if (opts.length > 1) return { kind: 'lw-bt', side: 'axis', rule: 'DC 13.A.4, 14.B.4', options: opts };
    task.i++;
  }
  s.stack.pop();
  return null;
}

export function applyAirBt(s: DcState, task: DcTask & { t: 'lw-bt' }, o: AirBtOption): void {
  const p = s.airAt[task.i]!;
  if (o.to < 0) {
    task.i++;
    return;
  }
  if (o.assault) {
    // DC 14.B.4: with the group into its breakthrough assault (combat.ts startBattle)
    s.airBt.push(p, o.to);
    s.airAt.splice(task.i, 1);
    return;
  }
  // DC 13.A.4: with the group onto the point it occupied
  s.airAt[task.i] = o.to;
  task.i++;
}
