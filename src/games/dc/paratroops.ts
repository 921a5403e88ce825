/**
 * Soviet parachute units (DC 21, optional rule, variant paratroops-on, Advanced level; RULES-CHECKLIST R-157a …
 * R-164, D-17 para-drop). After the Soviet operational moves, each parachute corps that started the
 * phase undispersed and has not moved may drop along a line onto an adjacent point (21.B.1: no line
 * capacity used), at most 1 unit a turn in 1941, 2 in 1942, 3 in 1943, 5 in 1944-45 (21.B.2), never
 * in Mud (21.E: only when Soviet air may fly, DC 7.B.3).
 *
 * Readings (the text is silent on each; each is a variant group, default first, variants.ts):
 * - para-escort (21.B.1, 21.B.3): the escort is a Soviet air unit that started the phase on the
 *   drop's point of origin and has not moved: the lowest-index such unit not yet escorting (the
 *   engine's pick: such units are identical). `escort-per-target`: parachute units dropping from the
 *   same point onto the same target are one drop and share its escort ("one fighter unit per drop,
 *   not per parachute unit", 21.B.3). `escort-per-unit`: each parachute unit is its own drop.
 * - escort-attack: `escort-joins-attack`: on a point held by Axis units the escort joins the
 *   attack (it is the air over the point, and air combat, DC 13.A.1, is fought there); the drop's
 *   paratroops die if their escort does not survive that air combat (21.B.3). `escort-stays`: the
 *   escort is a condition of the drop only and stays on its point, so nothing can shoot it down over
 *   the target and the paratroops land. On a point without Axis units there is no air combat in
 *   either reading: the paratroops occupy it (DC 20) and the escort stays on its point.
 * - para-shot: the free shot (21.B.4) is the dropped paratroops' fire factors on the CRT (split as
 *   DC 13.B.6), field fortifications and the fortress absorbing as for any attacker's fire (DC 18,
 *   10.C); with no Axis infantry-type unit there is no shot. `shot-infantry-only`: its losses are
 *   taken by Axis infantry-type units only. `shot-any-defender`: "fire offensively on any Axis
 *   infantry type units" read as the condition of the shot, the Axis taking the losses from any of
 *   its units there. The dropped units are dispersed after it (so they neither fire nor go all out
 *   in the normal combat, 21.D) and may absorb repulses.
 * - para-break-off (21.C): `para-lost-any-retreat`: whenever the attack ends with the Soviet
 *   attackers retreating (broken off by choice or because they can no longer fire), the dropped
 *   paratroops of that attack are eliminated. `para-lost-chosen-break-off`: only when the Soviet
 *   player chooses to break off; an attack that ends because it cannot fire takes them back.
 */
import type { ChanceNode, Decision } from '../../core/game.js';
import { valueNode } from './chance.js';
import { takeControl } from './control.js';
import type { DcDecision, DropOption } from './decisions.js';
import { fireDistribution, fireLosses } from './fire.js';
import { defenderLosses, destroy } from './losses.js';
import { enemyAt, weatherAt } from './movement.js';
import { tell } from './narrate.js';
import { type Battle, type DcState, type DcTask, yearOf } from './state.js';
import { mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

type Task = DcTask & { t: 'para' };

/** DC 21.B.2: parachute units that may drop in one Soviet turn, by year. */
export function dropsPerTurn(turn: number): number {
  const y = yearOf(turn);
  return y <= 1941 ? 1 : y === 1942 ? 2 : y === 1943 ? 3 : 5;
}

/** Starts the drops of a Soviet operational phase (pushed beneath the op task, so they follow the moves). */
export function startDrops(s: DcState): void {
  s.stack.push({ t: 'para', i: 0, left: dropsPerTurn(s.turn) });
}

/** Clears the drop record at the start of a player's operational phase. */
export function clearDrops(s: DcState): void {
  if (s.drops.length > 0) s.drops.length = 0;
}

function isPara(s: DcState, i: number): boolean {
  return s.rules.types[s.units[i]!.t]!.id === 'sov-para';
}

/** Unmoved this phase, undispersed, on the map: may drop (paratroops) or escort (air). */
function unmoved(s: DcState, i: number): boolean {
  const u = s.units[i]!;
  return u.side === 1 && u.st === 0 && !u.disp && u.atk < 0 && !u.occ;
}

/** The escort of an existing drop from `origin` onto `to`, or -1 (variant para-escort). */
function sharedEscort(s: DcState, origin: number, to: number): number {
  if (s.rules.paraEscortPerUnit) return -1;
  for (let k = 0; k < s.drops.length; k += 4)
    if (s.drops[k + 2] === origin && s.drops[k + 3] === to) return s.drops[k + 1]!;
  return -1;
}

/** The lowest-index Soviet air unit on `origin` free to escort a new drop, or -1. */
function freeEscort(s: DcState, origin: number): number {
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i]!;
    if (u.at !== origin || s.rules.types[u.t]!.role !== 'air' || !unmoved(s, i)) continue;
    let busy = false;
    for (let k = 1; k < s.drops.length; k += 4) if (s.drops[k] === i) busy = true;
    if (!busy) return i;
  }
  return -1;
}

/** D-17 options for parachute unit `i`: no drop first, then each adjacent point it may drop on. */
export function dropOptions(s: DcState, i: number): DropOption[] {
  const out: DropOption[] = [{ type: 'drop', unit: i, to: -1 }];
  // DC 21.E, 7.B.3: Soviet air does not fly in Mud
  if (s.weather === 1 || !isPara(s, i) || !unmoved(s, i)) return out;
  const u = s.units[i]!;
  const m = mapOf(s);
  const free = freeEscort(s, u.at) >= 0;
  for (let k = m.adjStart[u.at]!; k < m.adjStart[u.at + 1]!; k++) {
    const p = m.adjNb[k]!;
    if (weatherAt(s, p) === 1) continue;
    if (free || sharedEscort(s, u.at, p) >= 0) out.push({ type: 'drop', unit: i, to: p });
  }
  return out;
}

/** The next D-17 decision of the phase, or null (task popped) when no parachute unit is left to ask. */
export function dropStep(s: DcState, task: Task): DcDecision | null {
  while (task.left > 0 && task.i < s.units.length) {
    if (isPara(s, task.i) && unmoved(s, task.i)) {
      const opts = dropOptions(s, task.i);
      if (opts.length > 1)
        return { kind: 'para-drop', side: 'soviet', rule: 'DC 21.B', options: opts } as Decision<
          'para-drop',
          DropOption
        >;
    }
    task.i++;
  }
  s.stack.pop();
  return null;
}

/** Carries out a D-17 answer. */
export function applyDrop(s: DcState, ws: DcWorkspace, task: Task, o: DropOption): void {
  task.i = o.unit + 1;
  if (o.to < 0) return;
  const u = s.units[o.unit]!;
  const origin = u.at;
  const shared = sharedEscort(s, origin, o.to);
  const escort = shared >= 0 ? shared : freeEscort(s, origin);
  if (escort < 0) throw new Error(`DC: drop of unit ${o.unit} onto point ${o.to} without an escort`);
  s.drops.push(o.unit, escort, origin, o.to);
  task.left--;
  s.stats.paraDrops++;
  u.fort = false;
  const m = mapOf(s);
  if (enemyAt(s, o.to, 1)) {
    // an attack: the paratroops and their escort are committed against the point (DC 12.0, 21.B.4)
    u.atk = o.to;
    // variant escort-attack: escort-stays leaves the escort on its point
    if (!s.rules.paraEscortStays) s.units[escort]!.atk = o.to;
  } else {
    u.at = o.to;
    u.occ = true;
    takeControl(s, o.to, 1);
    // DC 5.D: a Soviet invasion of Hungary frees the Hungarian armies
    if (m.nation[o.to] === 'Hungary') s.hunFree = true;
  }
  tell(s, ws, 1, 'DC 21.B', `${u.label} drops on ${m.names[o.to]} (escort ${s.units[escort]!.label})`);
}

/** The drops committed against battle `b`: [para, escort] flat pairs of this attack. */
function dropsIn(s: DcState, b: Battle): number[] {
  const out: number[] = [];
  if (b.att !== 1) return out;
  for (let k = 0; k < s.drops.length; k += 4) {
    const p = s.drops[k]!;
    if (s.drops[k + 3] === b.at && s.units[p]!.st === 0 && s.units[p]!.atk === b.at)
      out.push(p, s.drops[k + 1]!);
  }
  return out;
}

/**
 * Axis infantry-type units still defending in battle `b`: the targets of the free shot (21.B.4);
 * variant para-shot: under shot-any-defender, every defending unit when one is infantry-type.
 */
export function paraTargets(s: DcState, b: Battle): number[] {
  const out: number[] = [];
  for (const i of b.defenders) {
    const u = s.units[i]!;
    if (u.st === 0 && s.rules.types[u.t]!.infantryType) out.push(i);
  }
  if (out.length === 0 || !s.rules.paraShotAny) return out;
  return b.defenders.filter((i) => s.units[i]!.st === 0);
}

/**
 * DC 21.B.3, after the air combat of battle `b`: paratroops whose escort was shot down die; the
 * survivors, about to fire their free shot, are kept in `b.para`. Clears the losses owed.
 */
export function paraEscorts(s: DcState, ws: DcWorkspace, b: Battle): void {
  b.lossLeft = 0;
  b.fortLeft = 0;
  const drops = dropsIn(s, b);
  const shooters: number[] = [];
  for (let k = 0; k < drops.length; k += 2) {
    const p = drops[k]!;
    // DC 21.B.3 (variant escort-attack): under escort-stays the escort is not over the point
    if (!s.rules.paraEscortStays && s.units[drops[k + 1]!]!.st !== 0) {
      destroy(s, p);
      s.stats.paraLost++;
      tell(s, ws, 1, 'DC 21.B.3', `${s.units[p]!.label} lost with its escort`);
      continue;
    }
    shooters.push(p);
  }
  b.para = shooters;
}

function paraFireTotal(s: DcState, b: Battle): number {
  let fire = 0;
  for (const p of b.para ?? []) fire += s.rules.types[s.units[p]!.t]!.ff;
  return fire;
}

/**
 * DC 21.B.4: the free shot of the paratroops in `b.para` at the Axis infantry-type defenders: its
 * losses rolled from the `combat` stream, or in explicit-chance mode the chance node of their
 * exact distribution; null when there is no shot (no fire, or no target).
 */
export function paraFire(s: DcState, ws: DcWorkspace, b: Battle): number | ChanceNode | null {
  const fire = paraFireTotal(s, b);
  if (fire <= 0 || paraTargets(s, b).length === 0) return null;
  if (ws.explicitChance)
    return valueNode(
      'DC 21.B.4',
      `paratroops' free shot ${fire}: losses`,
      fireDistribution(s.rules.crt, s.rules.maxColumn, fire),
    );
  const dice: number[] | undefined = ws.trace === undefined ? undefined : [];
  const l = fireLosses(s.rules.crt, s.rules.maxColumn, fire, ws.streams.stream('combat'), 0, dice);
  ws.dice = dice;
  return l;
}

/**
 * Carries out the free shot's outcome `l` (null: no shot): the losses owed by the Axis
 * infantry-type defenders (`b.lossLeft`, `b.fortLeft`); the shooters are dispersed (DC 21.B.4).
 */
export function paraShot(s: DcState, ws: DcWorkspace, b: Battle, l: number | null): void {
  if (l !== null) {
    const targets = paraTargets(s, b);
    [b.lossLeft, b.fortLeft] = defenderLosses(s, { ...b, defenders: targets }, l);
    tell(s, ws, 1, 'DC 21.B.4', `paratroops' free shot ${paraFireTotal(s, b)}: ${l} loss(es)`, ws.dice);
  }
  ws.dice = undefined;
  for (const p of b.para ?? []) s.units[p]!.disp = true;
  delete b.para;
}

/**
 * DC 21.C: the attack on `b` ends with the attackers retreating, `chosen` when the Soviet player broke
 * it off: its air-dropped paratroops are lost (variant para-break-off: only a chosen break-off).
 */
export function loseOnBreakOff(s: DcState, ws: DcWorkspace, b: Battle, chosen: boolean): void {
  if (!chosen && s.rules.paraLostChosenOnly) return;
  const drops = dropsIn(s, b);
  for (let k = 0; k < drops.length; k += 2) {
    destroy(s, drops[k]!);
    s.stats.paraLost++;
    tell(s, ws, 1, 'DC 21.C', `${s.units[drops[k]!]!.label} lost as the attack breaks off`);
  }
}

/**
 * D-17 for the scripted Soviet policies: drop only to join an assault already committed by Soviet
 * ground units (the free shot then softens a real attack; a lone drop risks the whole unit on
 * 21.C), on the target with the most Axis infantry-type units; otherwise no drop.
 */
export function pickDrop(s: DcState, d: DcDecision & { kind: 'para-drop' }): number {
  let best = 0;
  let bestInf = 0;
  for (let k = 1; k < d.options.length; k++) {
    const to = d.options[k]!.to;
    let ground = false;
    let inf = 0;
    for (const u of s.units) {
      if (u.st !== 0) continue;
      const ty = s.rules.types[u.t]!;
      if (u.side === 1 && u.atk === to && ty.role !== 'air' && ty.id !== 'sov-para') ground = true;
      if (u.side === 0 && u.at === to && ty.infantryType) inf++;
    }
    if (ground && inf > bestInf) {
      best = k;
      bestInf = inf;
    }
  }
  return best;
}
