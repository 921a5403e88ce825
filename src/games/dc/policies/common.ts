/**
 * Shared machinery of the scripted Dark Crusade policies: hop distances to a policy's objectives,
 * local fire estimates from the game's own fire code, and the answers every policy gives the same
 * way (loss allocation preserving firepower, retreat towards its own rear). Each policy keeps its
 * own workspace for supply look-ups (never the game's; it draws no dice).
 */

import type { Policy } from '../../../core/game.js';
import { memoize } from '../../../core/memo.js';
import type { DcDecision, OpOption } from '../decisions.js';
import { fireTotal } from '../firepower.js';
import { type DcMap, mapByKey } from '../map.js';
import type { Battle, DcState, DcTask, SideIx } from '../state.js';
import { mapOf, sources } from '../supply.js';
import { margin, meets, vpHeld } from '../victory.js';
import { type DcWorkspace, dcWorkspace } from '../workspace.js';
import type { AxisPlan } from './plan.js';

/** Hop distance from every point to the nearest of `targets` (map key | ids). */
/** barbarossa's objectives by game year (docs/games/dc.md "Policies"), which barbarossa-plan and attritional-fortress share. */
export const BARBAROSSA_TARGETS = (y: number): string =>
  y <= 1941 ? 'LEN,MOS,KIE,ODE' : y === 1942 ? 'STL,ROS,GRO,VOR,LEN,MOS' : 'MIN,KIE,ODE';

export const distances = memoize((key: string): Int16Array => {
  const [mk, ids] = key.split('#') as [string, string];
  const m = mapByKey(mk);
  const d = new Int16Array(m.n).fill(999);
  const q: number[] = [];
  for (const id of ids.split(',')) {
    const p = m.index.get(id)!;
    d[p] = 0;
    q.push(p);
  }
  for (let h = 0; h < q.length; h++) {
    const p = q[h]!;
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
      const nb = m.adjNb[k]!;
      if (d[nb]! > d[p]! + 1) {
        d[nb] = d[p]! + 1;
        q.push(nb);
      }
    }
  }
  return d;
});

/**
 * A policy's view of a game: its own workspace, rebuilt when it sees a new state object, the map of
 * the rules it last saw, the last distance table it asked for, the enemy distances per side with the
 * points they were searched from, and per-point scratch for pickOp's fire estimates and the air
 * placement.
 */
export class Ctx {
  private state: DcState | null = null;
  private ws: DcWorkspace | null = null;
  private rules: DcState['rules'] | null = null;
  private m: DcMap | null = null;
  private distKey = '';
  private distTargets = '';
  private dist: Int16Array | null = null;
  /** The strat or factories task `enemyDistance` of `foeSide` is kept for (null: none). */
  private foeTask: DcTask | null = null;
  private foeSide: SideIx = 0;
  /**
   * Per side: the hop distances to the nearest point holding that side's enemy units as last
   * searched, the map searched, and those points (1) at the time, the search's only input: a later
   * call finding the same points returns the same table without searching.
   */
  private readonly foeDist = [new Int16Array(256), new Int16Array(256)] as const;
  private readonly foeMap: (DcMap | null)[] = [null, null];
  private readonly foeAt = [new Uint8Array(256), new Uint8Array(256)] as const;
  /** Scratch: the points holding the enemy's units now; the breadth-first queue. */
  private readonly foeNow = new Uint8Array(256);
  private readonly queue = new Int16Array(256);
  /** pickOp scratch: undispersed enemy fire per point; own fire committed against each point. */
  readonly enemyFire = new Int32Array(256);
  readonly committed = new Int32Array(256);
  /** pickAirStart's picture of the lw-place task `airTask`: German printed fire per point; points holding Soviet units (1). */
  readonly airFire = new Float64Array(256);
  readonly airFoe = new Uint8Array(256);
  private airTask: DcTask | null = null;
  /** pickGarrison scratch: own units (factories left out) per point. */
  readonly own = new Int16Array(256);
  /**
   * axisCuts' answer per point: Axis-controlled points, their VP and the Axis units on them that
   * lose every land path to the Axis supply sources when the point is lost (0: not an articulation
   * point); and its depth-first search's discovery and low numbers (the virtual root at index n).
   */
  readonly cutPoints = new Int16Array(257);
  readonly cutVp = new Int16Array(257);
  readonly cutUnits = new Int16Array(257);
  readonly disc = new Int16Array(257);
  readonly low = new Int16Array(257);
  readonly subPoints = new Int16Array(257);
  readonly subVp = new Int16Array(257);
  readonly subUnits = new Int16Array(257);
  readonly axisUnits = new Int16Array(257);
  /** axisCuts scratch: the Axis overland supply sources (1). */
  readonly source = new Uint8Array(256);
  /** The op or bt-move task `enemyFire` and `committed` were built for, and its cursor they include. */
  private fireTask: DcTask | null = null;
  private fireSide: SideIx = 0;
  private fireUpTo = 0;
  /** Units of the move task's order from `fireUpTo` on (1), left out of `committed` until passed. */
  private pending = new Uint8Array(1024);
  /** The Axis plan of the current operational phase (plan.ts), keyed by its op task; null: none. */
  plan: AxisPlan | null = null;
  get(s: DcState): DcWorkspace {
    if (this.state !== s || this.ws === null) {
      this.state = s;
      // the previous game's workspace reused (dcWorkspace clears its caches), as the engine's is
      this.ws = dcWorkspace(s, this.ws ?? undefined);
    }
    return this.ws;
  }
  /**
   * A new game: forgets the last game's state, tasks and searches (each is keyed so that a stale
   * entry could not be taken for a new game's anyway; this lets them go). The workspace is kept for reuse.
   */
  /** A fresh context holding a copy of this one's phase plan (its caches rebuild themselves). */
  fork(): Ctx {
    const c = new Ctx();
    c.plan = this.plan?.copy() ?? null;
    return c;
  }
  reset(): void {
    this.state = null;
    this.foeTask = null;
    this.foeMap[0] = null;
    this.foeMap[1] = null;
    this.airTask = null;
    this.fireTask = null;
    this.plan = null;
  }
  /** `mapOf(s)`, looked up once per rules object (the map is a function of the rules' map key). */
  map(s: DcState): DcMap {
    if (this.rules !== s.rules || this.m === null) {
      this.rules = s.rules;
      this.m = mapOf(s);
    }
    return this.m;
  }
  /**
   * Hop distance from every point to the nearest point holding units of `side`'s enemy (entries
   * past the map's points unspecified), valid until the next call. Kept for the rest of a strat or
   * factories task (the task object keys it): strategic moves and the Soviet factory steps (DC 8.C)
   * leave the other side's units where they are. Otherwise the points holding the enemy's units are
   * marked (one pass over the units) and, when they are those of the side's last search, its table
   * is returned as it stands.
   */
  enemyDistance(s: DcState, side: SideIx): Int16Array {
    const top = s.stack[s.stack.length - 1];
    const keep = top !== undefined && (top.t === 'strat' || (top.t === 'factories' && side === 1));
    if (keep && this.foeTask === top && this.foeSide === side) return this.foeDist[side];
    const d = this.searchEnemy(s, side);
    this.foeTask = keep ? top : null;
    this.foeSide = side;
    return d;
  }
  /** `enemyDistance` without the task's table: marks the enemy's points, searches when they changed. */
  private searchEnemy(s: DcState, side: SideIx): Int16Array {
    const m = this.map(s);
    const n = m.n;
    const now = this.foeNow;
    now.fill(0, 0, n);
    const units = s.units;
    for (let i = 0; i < units.length; i++) {
      const u = units[i]!;
      if (u.st === 0 && u.side !== side) now[u.at] = 1;
    }
    const at = this.foeAt[side];
    const d = this.foeDist[side];
    if (this.foeMap[side] === m) {
      let p = 0;
      while (p < n && at[p] === now[p]) p++;
      if (p === n) return d;
    }
    this.foeMap[side] = m;
    // multi-source breadth-first search from the enemy's points (each point queued once)
    const q = this.queue;
    let tail = 0;
    for (let p = 0; p < n; p++) {
      at[p] = now[p]!;
      if (now[p] === 1) {
        d[p] = 0;
        q[tail++] = p;
      } else d[p] = 999;
    }
    const adjStart = m.adjStart;
    const adjNb = m.adjNb;
    for (let h = 0; h < tail; h++) {
      const p = q[h]!;
      const next = d[p]! + 1;
      for (let k = adjStart[p]!; k < adjStart[p + 1]!; k++) {
        const nb = adjNb[k]!;
        if (d[nb]! > next) {
          d[nb] = next;
          q[tail++] = nb;
        }
      }
    }
    return d;
  }
  /**
   * pickAirStart's `airFire` and `airFoe` for the lw-place task on top of `s` (built once per task
   * object: placing air moves no ground unit; rebuilt at each call under any other task).
   */
  airPicture(s: DcState): void {
    const task = s.stack[s.stack.length - 1] ?? null;
    if (task !== null && task === this.airTask) return;
    this.airTask = task?.t === 'lw-place' ? task : null;
    const m = this.map(s);
    const fire = this.airFire;
    const foe = this.airFoe;
    fire.fill(0, 0, m.n);
    foe.fill(0, 0, m.n);
    const types = s.rules.types;
    for (const u of s.units) {
      if (u.st !== 0 || u.at < 0) continue;
      if (u.side === 1) foe[u.at] = 1;
      else if (types[u.t]!.nation === 'german') fire[u.at]! += types[u.t]!.ff;
    }
  }
  /**
   * Fills `enemyFire` and `committed` for the unit asked at op or bt-move task `task` (pickOp):
   * in one pass over the units at the task's first attack option, then only the units the task's
   * cursor passed since. Exact for the whole task: the other side's units neither move nor change
   * during the moving side's movement (DC 12, 14), and a unit of the order sets its attack target
   * (`atk`) only when asked, after which it is not asked again (a second point is never an attack).
   * A clone's new task object starts afresh.
   */
  fire(s: DcState, task: DcTask & { t: 'op' | 'bt-move' }, side: SideIx): void {
    const types = s.rules.types;
    const units = s.units;
    const order = task.order;
    if (this.fireTask !== task || this.fireSide !== side) {
      this.fireTask = task;
      this.fireSide = side;
      this.fireUpTo = task.i;
      const enemyFire = this.enemyFire;
      const committed = this.committed;
      // only the map's points and the units are read (points, `atk` and the order index them)
      const n = this.map(s).n;
      enemyFire.fill(0, 0, n);
      committed.fill(0, 0, n);
      if (this.pending.length < units.length) this.pending = new Uint8Array(units.length);
      const pending = this.pending;
      pending.fill(0, 0, units.length);
      for (let j = task.i; j < order.length; j++) pending[order[j]!] = 1;
      for (let i = 0; i < units.length; i++) {
        const x = units[i]!;
        if (x.st !== 0) continue;
        if (x.side !== side) {
          if (!x.disp && x.at >= 0) enemyFire[x.at]! += types[x.t]!.ff;
        } else if (x.atk >= 0 && pending[i] === 0) committed[x.atk]! += types[x.t]!.ff;
      }
      return;
    }
    const committed = this.committed;
    for (let j = this.fireUpTo; j < task.i; j++) {
      const x = units[order[j]!]!;
      if (x.st === 0 && x.atk >= 0) committed[x.atk]! += types[x.t]!.ff;
    }
    this.fireUpTo = task.i;
  }
  /** `distances` of (map, targets), the last table kept. */
  distances(s: DcState, targets: string): Int16Array {
    if (this.dist === null || this.distTargets !== targets || this.distKey !== s.rules.mapKey) {
      this.distKey = s.rules.mapKey;
      this.distTargets = targets;
      this.dist = distances(`${s.rules.mapKey}#${targets}`);
    }
    return this.dist;
  }
}

/** The unit an op-move decision is about (the task's cursor). */
export function subjectOf(s: DcState): number {
  const t = s.stack[s.stack.length - 1];
  if (t?.t === 'bt-move') return t.order[t.i]!;
  if (t?.t !== 'op') return -1;
  return t.second >= 0 ? t.second : t.order[t.i]!;
}

export function currentBattle(s: DcState): Battle | null {
  for (let k = s.stack.length - 1; k >= 0; k--) {
    const t = s.stack[k]!;
    if (t.t === 'battle') return t.b;
  }
  return null;
}

/** D-23: firepower-preserving allocation: fortifications, then dispersed units that survive, then the weakest. */
export function pickLoss(s: DcState, d: DcDecision & { kind: 'loss' }, out?: Float64Array): number {
  let best = 0;
  let bestScore = -1e9;
  d.options.forEach((o, k) => {
    const u = s.units[o.unit]!;
    const ty = s.rules.types[u.t]!;
    let score = 0;
    if (u.fort) score += 100;
    if (u.losses < ty.limit) score += 50;
    if (u.disp) score += 30;
    score -= (u.allOut ? ty.allOut : ty.ff) * 5;
    if (out !== undefined) out[k] = score;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  });
  return best;
}

/** D-24/D-25: go on while own undispersed fire is at least `ratio` x the other side's. */
export function pickContinue(s: DcState, ctx: Ctx, side: SideIx, ratio: number): number {
  const b = currentBattle(s);
  if (b === null) return 0;
  const ws = ctx.get(s);
  const mine = fireTotal(s, ws, b, b.att === side);
  const theirs = fireTotal(s, ws, b, b.att !== side);
  return mine > 0 && mine >= ratio * theirs ? 0 : 1;
}

/** D-26: retreat towards the own rear (nearest own supply edge). */
export function pickRetreat(
  s: DcState,
  d: DcDecision & { kind: 'retreat-dest' },
  side: SideIx,
  out?: Float64Array,
): number {
  const m = mapOf(s);
  let best = 0;
  let bestLon = side === 1 ? -1e9 : 1e9;
  d.options.forEach((o, k) => {
    const lon = m.lon[o.to]!;
    if (out !== undefined) out[k] = side === 1 ? lon : -lon;
    if (side === 1 ? lon > bestLon : lon < bestLon) {
      bestLon = lon;
      best = k;
    }
  });
  return best;
}

/**
 * D-30, the documented draw rule shared by the policies (docs/games/dc.md "Policies"): declare only as protection —
 * when the opponent is not winning now (else the declaration hands him the game) but is within one
 * VP of his requirement, and the own margin is below `-reach` (the own win is out of reach).
 */
export function pickDraw(s: DcState, ctx: Ctx, side: SideIx, reach: number): number {
  const ws = ctx.get(s);
  const opp = side === 0 ? 1 : 0;
  // the opponent's margin grows with the VP he holds: counted over every point he controls (supply
  // not traced) it bounds his margin from above, and below -1 the answer is no draw either way
  const m = ctx.map(s);
  let home = 0;
  let enemy = 0;
  for (let p = 0; p < m.n; p++) {
    const v = m.vp[p]!;
    if (v === 0 || s.control[p] !== opp) continue;
    if (m.side1941[p] === opp) home += v;
    else enemy += v;
  }
  if (margin(s, ws, opp, { home, enemy }) < -1) return 0;
  const held = vpHeld(s, ws, opp);
  if (meets(s, ws, opp, held)) return 0;
  return margin(s, ws, opp, held) >= -1 && margin(s, ws, side) < -reach ? 1 : 0;
}

/**
 * Scores op-move options toward `targets`; `aggression` scales how readily a unit attacks. With
 * `out`, each option's score is written there (an attack the plan rules out: -1e9).
 */
export function pickOp(
  s: DcState,
  ctx: Ctx,
  d: DcDecision & { kind: 'op-move' },
  side: SideIx,
  targets: string,
  aggression: number,
  fortifyBias: number,
  plan?: { readonly target: Uint8Array; readonly ratio: number },
  out?: Float64Array,
): number {
  const dist = ctx.distances(s, targets);
  const m = ctx.map(s);
  const i = subjectOf(s);
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  const options = d.options;
  // per point, in one pass over the units (at the first option that attacks): the enemy's
  // undispersed printed fire there, and the own fire already committed against it
  const enemyFire = ctx.enemyFire;
  const committed = ctx.committed;
  let fire = false;
  const here = dist[u.at]!;
  let best = 0;
  let bestScore = -1e9;
  for (let k = 0; k < options.length; k++) {
    const o: OpOption = options[k]!;
    let score = 0;
    if (o.type === 'fortify') score = fortifyBias;
    else if (o.type === 'move' || o.type === 'highway') {
      const gain = here - dist[o.to]!;
      score = gain;
      if (o.attack) {
        if (!fire) {
          fire = true;
          fillFire(s, ctx, side);
        }
        const def = enemyFire[o.to]! + m.fortClass[o.to]!;
        const att = committed[o.to]! + ty.ff * (ty.armour ? 1.5 : 1);
        // under a plan, an attack outside its targets only at the plan's odds (plan.ts)
        if (
          plan !== undefined &&
          plan.target[o.to] === 0 &&
          committed[o.to]! + ty.ff < plan.ratio * Math.max(1, def)
        ) {
          if (out !== undefined) out[k] = -1e9;
          continue;
        }
        score += aggression * (att / Math.max(1, def) - 1) + (m.vp[o.to]! > 0 ? 0.5 : 0);
      } else if (s.control[o.to] !== side) score += 0.5;
    }
    if (out !== undefined) out[k] = score;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return bestScore > 0 || options[best]!.type !== 'stay' ? best : 0;
}

/** pickOp's fire per point (`ctx.enemyFire`, `ctx.committed`): kept per move task, else in one pass. */
function fillFire(s: DcState, ctx: Ctx, side: SideIx): void {
  const task = s.stack[s.stack.length - 1]!;
  if (task.t === 'op' || task.t === 'bt-move') {
    ctx.fire(s, task, side);
    return;
  }
  const enemyFire = ctx.enemyFire;
  const committed = ctx.committed;
  enemyFire.fill(0);
  committed.fill(0);
  const types = s.rules.types;
  for (const x of s.units) {
    if (x.st !== 0) continue;
    if (x.side !== side) {
      if (!x.disp && x.at >= 0) enemyFire[x.at]! += types[x.t]!.ff;
    } else if (x.atk >= 0) committed[x.atk]! += types[x.t]!.ff;
  }
}

export type DcPolicy = Policy<DcState, DcDecision>;

/**
 * D-14: move the unit group furthest from the enemy (3 or more lines away), else end the phase.
 * Units held in the off-map box, or whose one destination is the box (DC 9.A), are never chosen.
 */
export function pickStratUnit(
  s: DcState,
  ctx: Ctx,
  d: DcDecision & { kind: 'strat-next' },
  side: SideIx,
  out?: Float64Array,
): number {
  const dist = ctx.enemyDistance(s, side);
  const units = s.units;
  const options = d.options;
  let best = 0;
  let bestD = 2;
  // scores: an option never chosen -1e9, ending the phase 2 (what a unit must beat)
  if (out !== undefined)
    for (let k = 0; k < options.length; k++) out[k] = options[k]!.type === 'unit' ? -1e9 : 2;
  for (let k = 0; k < options.length; k++) {
    const o = options[k]!;
    if (o.type !== 'unit' || o.boxOnly === true) continue;
    const at = units[o.unit]!.at;
    if (at < 0) continue;
    const x = dist[at]!;
    if (out !== undefined) out[k] = x;
    if (x > bestD) {
      bestD = x;
      best = k;
    }
  }
  return best;
}

/** D-15: the destination nearest the policy's objectives, not in contact with the enemy; never the off-map box (DC 9.A). */
export function pickStratDest(
  s: DcState,
  ctx: Ctx,
  d: DcDecision & { kind: 'strat-dest' },
  side: SideIx,
  targets: string,
  out?: Float64Array,
): number {
  const goal = ctx.distances(s, targets);
  const foe = ctx.enemyDistance(s, side);
  const options = d.options;
  let best = 0;
  let bestScore = 1e9;
  for (let k = 0; k < options.length; k++) {
    const to = options[k]!.to;
    if (out !== undefined) out[k] = -1e9;
    if (to < 0) continue;
    const f = foe[to]!;
    const score = goal[to]! * 2 + (f <= 1 ? 3 : f - 2);
    if (out !== undefined) out[k] = -score;
    if (score < bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return best;
}

/** D-39: a partisan on the Axis-controlled point of most lines (cutting Axis supply paths), else stays. */
export function pickPartisan(s: DcState, d: DcDecision & { kind: 'partisan' }, out?: Float64Array): number {
  const m = mapOf(s);
  let best = 0;
  let bestScore = 0;
  d.options.forEach((o, k) => {
    // scores: staying (option 0) 0, a point the rule never picks -1
    if (out !== undefined) out[k] = k === 0 ? 0 : -1;
    if (k === 0 || s.control[o.to] !== 0) return;
    const score = m.adjStart[o.to + 1]! - m.adjStart[o.to]! + m.vp[o.to]! * 3;
    if (out !== undefined) out[k] = score;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  });
  return best;
}

/** D-11: the entry point nearest the policy's objectives. */
export function pickEntry(
  s: DcState,
  ctx: Ctx,
  d: DcDecision & { kind: 'entry-point' },
  targets: string,
  out?: Float64Array,
): number {
  const goal = ctx.distances(s, targets);
  let best = 0;
  d.options.forEach((o, k) => {
    if (out !== undefined) out[k] = -goal[o.at]!;
    if (goal[o.at]! < goal[d.options[best]!.at]!) best = k;
  });
  return best;
}

/** D-37: commit the unit furthest from the enemy; no more than the turn's minimum (the stop option, when offered, is first). */
export function pickCommit(
  s: DcState,
  ctx: Ctx,
  d: DcDecision & { kind: 'crisis-commit' },
  side: SideIx,
  out?: Float64Array,
): number {
  if (d.options[0]!.unit < 0) return 0;
  const foe = ctx.enemyDistance(s, side);
  let best = 0;
  d.options.forEach((o, k) => {
    if (out !== undefined) out[k] = foe[s.units[o.unit]!.at]!;
    if (foe[s.units[o.unit]!.at]! > foe[s.units[d.options[best]!.unit]!.at]!) best = k;
  });
  return best;
}

/** D-4: keep the chart's position (the point, or in step a the unit's present country). */
export function pickPlace(s: DcState, d: DcDecision & { kind: 'setup-place' }): number {
  const u = s.units[d.options[0]!.unit]!;
  const here = d.options.findIndex((o) => o.at === u.at);
  if (here >= 0) return here;
  const nation = mapOf(s).nation[u.at];
  const want = nation === 'Finland' ? -2 : nation === 'Rumania' ? -3 : -1;
  return Math.max(
    0,
    d.options.findIndex((o) => o.at === want),
  );
}

/** D-6, D-35: Siberia when offered (beyond the Axis's reach, 8.C.2.b), else the point furthest from the Axis. */
export function pickSite(
  s: DcState,
  ctx: Ctx,
  d: DcDecision & { kind: 'factory-site' | 'factory-dest' },
  out?: Float64Array,
): number {
  const sib = d.options.findIndex((o) => o.at < 0);
  if (sib >= 0) return sib;
  const dist = ctx.enemyDistance(s, 1);
  let best = 0;
  d.options.forEach((o, k) => {
    if (out !== undefined) out[k] = dist[o.at]!;
    if (dist[o.at]! > dist[d.options[best]!.at]!) best = k;
  });
  return best;
}

/** D-34: entrain a factory within `reach` lines of an Axis unit, else stop. */
export function pickEntrain(
  s: DcState,
  ctx: Ctx,
  d: DcDecision & { kind: 'entrain' },
  reach: number,
): number {
  const dist = ctx.enemyDistance(s, 1);
  const units = s.units;
  const options = d.options;
  for (let k = 0; k < options.length; k++) {
    const i = options[k]!.unit;
    // a factory in Siberia (at -1) has no distance, never within reach
    if (i >= 0 && dist[units[i]!.at]! <= reach) return k;
  }
  return 0;
}

/**
 * A stronghold's garrison (fortress-partisan): the fortress's garrison capacity (DC 17.B), 1 for a VP
 * city without a fortress (17.B: it loses one isolated unit a turn, no capacity printed), 0 elsewhere.
 */
export function garrisonCap(m: DcMap, p: number): number {
  const g = m.garrison[p]!;
  return g > 0 ? g : m.vp[p]! > 0 ? 1 : 0;
}

/**
 * fortress-partisan's garrison rule for the op-move or bt-move unit asked (-1: the rule does not
 * decide). A unit on a stronghold its side controls is of the garrison when fewer than the
 * stronghold's `garrisonCap` other own units there stay for the phase (those not asked after it in
 * the phase's order, as units of one point come together in it): it fortifies when it may (DC 18),
 * else stays. A unit not of a garrison moves (not attacking) to an adjacent stronghold its side
 * controls holding fewer own units than its capacity, the shortest first. Factories are no garrison.
 */
export function pickGarrison(
  s: DcState,
  ctx: Ctx,
  d: DcDecision & { kind: 'op-move' },
  side: SideIx,
): number {
  const task = s.stack[s.stack.length - 1];
  if (task === undefined || (task.t !== 'op' && task.t !== 'bt-move')) return -1;
  if (task.t === 'op' && task.second >= 0) return -1;
  const units = s.units;
  const u = units[task.order[task.i]!]!;
  if (u.at < 0) return -1;
  const m = ctx.map(s);
  const types = s.rules.types;
  const own = ctx.own;
  own.fill(0, 0, m.n);
  for (let i = 0; i < units.length; i++) {
    const x = units[i]!;
    if (x.st === 0 && x.side === side && x.at >= 0 && types[x.t]!.id !== 'factory') own[x.at]!++;
  }
  const options = d.options;
  const p = u.at;
  const cap = garrisonCap(m, p);
  if (cap > 0 && s.control[p] === side) {
    const order = task.order;
    let later = 0;
    for (let j = task.i + 1; j < order.length; j++) {
      const x = units[order[j]!]!;
      if (x.at === p && x.st === 0 && types[x.t]!.id !== 'factory') later++;
    }
    if (own[p]! - 1 - later < cap) {
      for (let k = 0; k < options.length; k++) if (options[k]!.type === 'fortify') return k;
      for (let k = 0; k < options.length; k++) if (options[k]!.type === 'stay') return k;
      return -1;
    }
  }
  let best = -1;
  let bestShort = 0;
  for (let k = 0; k < options.length; k++) {
    const o = options[k]!;
    if (o.type !== 'move' || o.attack || s.control[o.to] !== side) continue;
    const short = garrisonCap(m, o.to) - own[o.to]!;
    if (short > bestShort) {
      bestShort = short;
      best = k;
    }
  }
  return best;
}

/**
 * For every point, what the Axis loses in supply if the point is lost (`ctx.cutPoints`, `cutVp`,
 * `cutUnits`): the graph is the Axis-controlled points joined by the map's lines, with a virtual
 * root joined to the Axis overland supply sources it controls (DC 17.A: the west and north edges,
 * Helsinki, Cluj, Bucharest; sea crossings left out); a point cuts off the points below it in the
 * depth-first tree whose low number does not reach above it (Tarjan's articulation points).
 */
export function axisCuts(s: DcState, ctx: Ctx): void {
  const m = ctx.map(s);
  const n = m.n;
  const root = n;
  const { disc, low, cutPoints, cutVp, cutUnits, subPoints, subVp, subUnits, axisUnits } = ctx;
  cutPoints.fill(0, 0, n + 1);
  cutVp.fill(0, 0, n + 1);
  cutUnits.fill(0, 0, n + 1);
  disc.fill(-1, 0, n + 1);
  axisUnits.fill(0, 0, n + 1);
  for (const x of s.units) if (x.st === 0 && x.side === 0 && x.at >= 0) axisUnits[x.at]!++;
  const src = sources(m, 'axis-overland');
  const isSource = ctx.source;
  isSource.fill(0, 0, n);
  for (const p of src) isSource[p] = 1;
  const control = s.control;
  let time = 0;
  const visit = (v: number): void => {
    disc[v] = low[v] = time++;
    subPoints[v] = v === root ? 0 : 1;
    subVp[v] = v === root ? 0 : m.vp[v]!;
    subUnits[v] = axisUnits[v]!;
    const step = (w: number): void => {
      if (disc[w]! < 0) {
        visit(w);
        if (low[w]! < low[v]!) low[v] = low[w]!;
        subPoints[v]! += subPoints[w]!;
        subVp[v]! += subVp[w]!;
        subUnits[v]! += subUnits[w]!;
        if (v !== root && low[w]! >= disc[v]!) {
          cutPoints[v]! += subPoints[w]!;
          cutVp[v]! += subVp[w]!;
          cutUnits[v]! += subUnits[w]!;
        }
      } else if (disc[w]! < low[v]!) low[v] = disc[w]!;
    };
    if (v === root) {
      for (const p of src) if (control[p] === 0) step(p);
      return;
    }
    if (isSource[v] === 1) step(root);
    for (let k = m.adjStart[v]!; k < m.adjStart[v + 1]!; k++) {
      const w = m.adjNb[k]!;
      if (control[w] === 0) step(w);
    }
  };
  visit(root);
}

/**
 * fortress-partisan's partisan (DC 19, R-153): among the points offered, the one whose loss costs
 * the Axis most in supply or VP — an articulation point of the Axis supply graph (`axisCuts`) or an
 * Axis-held VP city (an offered point holds no Axis unit) — scored 100 x (the VP it holds and cuts
 * off) + 10 x (the Axis units it cuts off) + the points it cuts off; when no offered point is
 * either, the common rule (pickPartisan).
 */
export function pickPartisanCut(s: DcState, ctx: Ctx, d: DcDecision & { kind: 'partisan' }): number {
  axisCuts(s, ctx);
  const m = ctx.map(s);
  const options = d.options;
  let best = -1;
  let bestScore = 0;
  for (let k = 1; k < options.length; k++) {
    const p = options[k]!.to;
    if (s.control[p] !== 0 || (ctx.cutPoints[p] === 0 && m.vp[p] === 0)) continue;
    const score = 100 * (m.vp[p]! + ctx.cutVp[p]!) + 10 * ctx.cutUnits[p]! + ctx.cutPoints[p]!;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return best >= 0 ? best : pickPartisan(s, d);
}
