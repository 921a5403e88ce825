/**
 * The per-phase operational plan of the scripted Axis (docs/games/dc.md "Policies" "Shared machinery": targets, then
 * line loads, then unit assignment), computed at the first op-move decision of an operational phase
 * and read for each unit's answer after. Targets are the Soviet-held points the phase's units can
 * reach, ranked by value (VP, the year's objectives, the Soviet units whose every supply path the
 * capture would cut), those without VP or a cut only when they bar the way to the objectives (else
 * they are bypassed); units are assigned to the best targets until the planned fire meets
 * `ratio` x the defence (each target fully or not at all), within the lines' capacities (DC 12.A-C).
 * Then single units occupy empty points that cut Soviet supply paths (pockets, DC 17.B). Every other
 * unit is answered by `pickOp`; a planned answer the engine no longer offers (a line filled by an
 * earlier unit) falls back to it too.
 */
import type { DcDecision, OpOption } from '../decisions.js';
import type { DcMap } from '../map.js';
import { identical, opOptions } from '../movement.js';
import type { DcState, DcTask } from '../state.js';
import type { Ctx } from './common.js';

/** How the plan masses its attacks. */
export interface PlanStyle {
  /** Planned printed fire at least this many times the defence (undispersed Soviet fire + fortress class). */
  readonly ratio: number;
  /** Weight of one Soviet unit a capture or an occupation would cut off from supply (DC 17.B). */
  readonly pocket: number;
}

/** One unit's planned answer: the option's destination, line(s) and whether it attacks. */
export interface Planned {
  readonly type: 'move' | 'highway';
  readonly to: number;
  readonly line: number;
  readonly line2: number;
  readonly attack: boolean;
}

/** The operational phase `s` stands in (its turn and phase number): what a phase plan is kept for. */
export function phaseKey(s: DcState): string {
  return `${s.turn}/${s.seq}`;
}

/** A phase's plan: per unit index its answer; the points planned to be attacked. */
export class AxisPlan {
  constructor(
    /** The phase the plan is for (`phaseKey`): a copy of the state in that phase finds it too. */
    readonly phase: string,
    readonly units: Map<number, Planned>,
    /** Planned attack targets (1) with the fire planned against each. */
    readonly target: Uint8Array,
    readonly fire: Float64Array,
  ) {}

  /** A copy sharing nothing mutable (the planned answers themselves are read-only). */
  copy(): AxisPlan {
    return new AxisPlan(this.phase, new Map(this.units), this.target.slice(), this.fire.slice());
  }
}

/** The enemy's defence at each point, the Soviet units there, and the side's units' presence. */
interface Picture {
  readonly def: Float64Array;
  readonly sov: Float64Array;
  readonly occ: Uint8Array;
  readonly sovAt: Uint8Array;
}

function picture(s: DcState, m: DcMap): Picture {
  const n = m.n;
  const def = new Float64Array(n);
  const sov = new Float64Array(n);
  const occ = new Uint8Array(n);
  const sovAt = new Uint8Array(n);
  const types = s.rules.types;
  for (const u of s.units) {
    if (u.st !== 0 || u.at < 0) continue;
    const ty = types[u.t]!;
    if (u.side === 0) {
      occ[u.at] = 1;
      continue;
    }
    sovAt[u.at] = 1;
    if (!u.disp) def[u.at]! += ty.ff;
    // DC 17.B: factories are never isolated; a fortress loses its units slowly
    if (ty.id !== 'factory') sov[u.at]! += m.garrison[u.at]! > 0 ? 0.25 : 1;
  }
  for (let p = 0; p < n; p++) if (sovAt[p] === 1) def[p]! += m.fortClass[p]!;
  return { def, sov, occ, sovAt };
}

/**
 * The points the Soviets may trace supply through before the plan (1): Soviet-controlled, or
 * Axis-controlled next to a point holding Soviet units (retaken by one move in their own phase).
 */
function softPoints(s: DcState, m: DcMap, pic: Picture): Uint8Array {
  const soft = new Uint8Array(m.n);
  for (let p = 0; p < m.n; p++) {
    if (s.control[p] === 1) soft[p] = 1;
    else
      for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++)
        if (pic.sovAt[m.adjNb[k]!] === 1) {
          soft[p] = 1;
          break;
        }
  }
  return soft;
}

/**
 * Points the Soviets trace supply to from the eastern edge (DC 17.A.2) through `soft` points no
 * Axis unit holds (`block` 1): 1 reached. Sea paths are left out.
 */
function sovietReach(m: DcMap, soft: Uint8Array, block: Uint8Array, out: Uint8Array, q: Int16Array): void {
  const n = m.n;
  out.fill(0, 0, n);
  let tail = 0;
  for (let p = 0; p < n; p++)
    if (m.edgeEast[p] === 1 && soft[p] === 1 && block[p] === 0) {
      out[p] = 1;
      q[tail++] = p;
    }
  const adjStart = m.adjStart;
  const adjNb = m.adjNb;
  for (let h = 0; h < tail; h++) {
    const p = q[h]!;
    for (let k = adjStart[p]!; k < adjStart[p + 1]!; k++) {
      const nb = adjNb[k]!;
      if (out[nb] === 0 && soft[nb] === 1 && block[nb] === 0) {
        out[nb] = 1;
        q[tail++] = nb;
      }
    }
  }
}

/** Soviet units (weighted as `picture`) reached in `base` but not in `now`, outside `skip`. */
function cutOff(m: DcMap, pic: Picture, base: Uint8Array, now: Uint8Array, skip: number): number {
  let v = 0;
  for (let p = 0; p < m.n; p++) if (base[p] === 1 && now[p] === 0 && p !== skip) v += pic.sov[p]!;
  return v;
}

/** DC 12.A-C line room for a unit of `half` half-units (armour or not) given planned loads. */
function room(s: DcState, m: DcMap, load: Int32Array, half: number, armour: boolean, l: number): boolean {
  const cap = s.rules.lineCap[0]![m.lineClass[l]!]!;
  if (s.load[2 * l]! + load[2 * l]! + half > 2 * cap[0] + 1) return false;
  return !armour || s.load[2 * l + 1]! + load[2 * l + 1]! + 1 <= cap[1];
}

/** Adds (`sign` 1) or takes back (-1) a unit's planned load on line `l`. */
function use(load: Int32Array, half: number, armour: boolean, l: number, sign: number): void {
  load[2 * l]! += sign * half;
  if (armour) load[2 * l + 1]! += sign;
}

/**
 * The plan of the Axis operational phase `task` (its first decision): `dist` the hop distances to
 * the year's objectives.
 */
export function makePlan(
  s: DcState,
  ctx: Ctx,
  task: DcTask & { t: 'op' },
  dist: Int16Array,
  style: PlanStyle,
): AxisPlan {
  const m = ctx.map(s);
  const ws = ctx.get(s);
  const n = m.n;
  const types = s.rules.types;
  const pic = picture(s, m);
  const planned = new Map<number, Planned>();
  const target = new Uint8Array(n);
  const fire = new Float64Array(n);
  const load = new Int32Array(2 * m.adjLine.length);
  // points holding Soviet units or next to them: only units with a line to one may take part
  const near = new Uint8Array(n);
  for (let p = 0; p < n; p++)
    if (pic.sovAt[p] === 1) {
      near[p] = 1;
      for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) near[m.adjNb[k]!] = 1;
    }
  // the units still to be asked that may, with the options the engine offers them now (zero loads)
  const units: number[] = [];
  const opts: OpOption[][] = [];
  for (let j = task.i; j < task.order.length; j++) {
    const i = task.order[j]!;
    const u = s.units[i]!;
    if (u.st !== 0 || u.disp || u.at < 0) continue;
    // DC 12.D: armour on the highway may reach two points on
    let close = types[u.t]!.armour && m.highway[u.at] === 1;
    for (let k = m.adjStart[u.at]!; k < m.adjStart[u.at + 1]! && !close; k++) close = near[m.adjNb[k]!] === 1;
    if (!close) continue;
    units.push(i);
    opts.push(opOptions(s, ws, task, i));
  }
  // candidate attack targets: Soviet-held points some unit may attack
  const cand = new Uint8Array(n);
  const empty = new Uint8Array(n);
  for (const o of opts)
    for (const x of o)
      if (x.type === 'move' || x.type === 'highway') {
        if (x.attack) cand[x.to] = 1;
        else if (pic.occ[x.to] === 0) empty[x.to] = 1;
      }
  const block = new Uint8Array(n);
  block.set(pic.occ);
  const base = new Uint8Array(n);
  const now = new Uint8Array(n);
  const q = new Int16Array(n);
  const soft = softPoints(s, m, pic);
  sovietReach(m, soft, block, base, q);
  // targets by value: VP, nearness to the year's objectives, Soviet units the capture would cut off
  const ranked: { p: number; v: number }[] = [];
  for (let p = 0; p < n; p++) {
    if (cand[p] === 0) continue;
    block[p] = 1;
    sovietReach(m, soft, block, now, q);
    block[p] = pic.occ[p]!;
    const cut = cutOff(m, pic, base, now, p);
    if (m.vp[p] === 0 && cut === 0) {
      // a point off the way to the objectives (no attacker is further from them) is bypassed, left
      // to be cut off, not attacked: without this the plan spends the units that would go round it
      let way = false;
      for (let k = 0; k < units.length && !way; k++) {
        const at = s.units[units[k]!]!.at;
        if (dist[p]! >= dist[at]!) continue;
        for (const x of opts[k]!)
          if ((x.type === 'move' || x.type === 'highway') && x.attack && x.to === p) way = true;
      }
      if (!way) continue;
    }
    const v = 1 + 3 * m.vp[p]! + 2 / (1 + dist[p]!) + style.pocket * cut;
    ranked.push({ p, v });
  }
  ranked.sort((a, b) => b.v - a.v || pic.def[a.p]! - pic.def[b.p]! || a.p - b.p);
  const free = new Uint8Array(units.length).fill(1);
  const pick: number[] = [];
  for (const { p } of ranked) {
    const need = style.ratio * Math.max(1, pic.def[p]!);
    // units able to attack p, strongest first (then in the phase's order)
    const able: { k: number; o: OpOption & { type: 'move' | 'highway' }; ff: number }[] = [];
    for (let k = 0; k < units.length; k++) {
      if (free[k] === 0) continue;
      for (const x of opts[k]!)
        if ((x.type === 'move' || x.type === 'highway') && x.attack && x.to === p) {
          able.push({ k, o: x, ff: types[s.units[units[k]!]!.t]!.ff });
          break;
        }
    }
    able.sort((a, b) => b.ff - a.ff || a.k - b.k);
    let sum = 0;
    pick.length = 0;
    for (let j = 0; j < able.length && sum < need; j++) {
      const a = able[j]!;
      const ty = types[s.units[units[a.k]!]!.t]!;
      const half = ty.cap * 2;
      if (!room(s, m, load, half, ty.armour, a.o.line)) continue;
      if (a.o.type === 'highway' && !room(s, m, load, half, ty.armour, a.o.line2)) continue;
      use(load, half, ty.armour, a.o.line, 1);
      if (a.o.type === 'highway') use(load, half, ty.armour, a.o.line2, 1);
      sum += ty.ff;
      pick.push(j);
    }
    if (sum < need) {
      // short of the odds: the target is left out and its loads given back
      for (const j of pick) {
        const a = able[j]!;
        const ty = types[s.units[units[a.k]!]!.t]!;
        use(load, ty.cap * 2, ty.armour, a.o.line, -1);
        if (a.o.type === 'highway') use(load, ty.cap * 2, ty.armour, a.o.line2, -1);
      }
      continue;
    }
    target[p] = 1;
    fire[p] = sum;
    block[p] = 1;
    for (const j of pick) {
      const a = able[j]!;
      free[a.k] = 0;
      planned.set(units[a.k]!, {
        type: a.o.type,
        to: p,
        line: a.o.line,
        line2: a.o.type === 'highway' ? a.o.line2 : -1,
        attack: true,
      });
    }
  }
  // pockets: single units onto empty points whose occupation cuts Soviet units off, best first
  if (style.pocket > 0) {
    sovietReach(m, soft, block, base, q);
    for (let round = 0; round < 8; round++) {
      let bestP = -1;
      let bestV = 0;
      for (let p = 0; p < n; p++) {
        // only points next to Soviet units can close a pocket round them this phase
        if (empty[p] === 0 || block[p] === 1 || near[p] === 0) continue;
        block[p] = 1;
        sovietReach(m, soft, block, now, q);
        block[p] = 0;
        const v = cutOff(m, pic, base, now, p);
        if (v > bestV) {
          bestV = v;
          bestP = p;
        }
      }
      if (bestP < 0) break;
      // the weakest free unit that may move there
      let bestK = -1;
      let bestO: (OpOption & { type: 'move' | 'highway' }) | null = null;
      for (let k = 0; k < units.length; k++) {
        if (free[k] === 0) continue;
        const ty = types[s.units[units[k]!]!.t]!;
        if (bestK >= 0 && ty.ff >= types[s.units[units[bestK]!]!.t]!.ff) continue;
        for (const x of opts[k]!)
          if ((x.type === 'move' || x.type === 'highway') && !x.attack && x.to === bestP) {
            const half = ty.cap * 2;
            if (!room(s, m, load, half, ty.armour, x.line)) continue;
            if (x.type === 'highway' && !room(s, m, load, half, ty.armour, x.line2)) continue;
            bestK = k;
            bestO = x;
            break;
          }
      }
      block[bestP] = 1;
      if (bestK < 0 || bestO === null) continue;
      const ty = types[s.units[units[bestK]!]!.t]!;
      use(load, ty.cap * 2, ty.armour, bestO.line, 1);
      if (bestO.type === 'highway') use(load, ty.cap * 2, ty.armour, bestO.line2, 1);
      free[bestK] = 0;
      planned.set(units[bestK]!, {
        type: bestO.type,
        to: bestP,
        line: bestO.line,
        line2: bestO.type === 'highway' ? bestO.line2 : -1,
        attack: false,
      });
      sovietReach(m, soft, block, base, q);
    }
  }
  return new AxisPlan(phaseKey(s), planned, target, fire);
}

/** The option of `d` carrying out unit `i`'s planned answer, or -1 (none planned, or no longer offered). */
export function plannedOption(plan: AxisPlan, i: number, d: DcDecision & { kind: 'op-move' }): number {
  const x = plan.units.get(i);
  if (x === undefined) return -1;
  const options = d.options;
  for (let k = 0; k < options.length; k++) {
    const o = options[k]!;
    if (o.type !== x.type || o.to !== x.to || o.attack !== x.attack || o.line !== x.line) continue;
    if (o.type === 'highway' && o.line2 !== x.line2) continue;
    return k;
  }
  return -1;
}

/**
 * Unit `i` has no planned answer but a later unit of its group (identical, docs/games/dc.md "Decisions") has: the plan
 * passes to `i`, since a stay of `i` would answer for the group and the later unit is never asked.
 */
export function takeOverGroup(s: DcState, plan: AxisPlan, task: DcTask & { t: 'op' }, i: number): void {
  if (plan.units.has(i)) return;
  const u = s.units[i]!;
  for (let j = task.i + 1; j < task.order.length; j++) {
    const x = task.order[j]!;
    if (!identical(u, s.units[x]!)) return;
    const p = plan.units.get(x);
    if (p !== undefined) {
      plan.units.delete(x);
      plan.units.set(i, p);
      return;
    }
  }
}
