/**
 * Turn-1 planning for the scripted Soviet policies (SCS 4.2): every German hex next to Moscow (2608)
 * or Tula (2512) must be Soviet at the end of turn 1. The plan assigns the unmoved armies to those
 * hexes (several tries per hex where armies are to spare), orders the hexes so that no entry
 * threatens a pocket (8.4: 2612 before 2613 before 2513) while the pocket's own hexes can still be
 * taken by the armies left, and is rebuilt after every force has moved (the dice change it).
 * Policies only read the state; what they work in is their own `PlanScratch`.
 */
import { memoize, memoizeWeak } from '../../../core/memo.js';
import { forceSteps } from '../combat.js';
import { TakenChances } from '../enumerate.js';
import { scsMap } from '../map.js';
import type { Cfg } from '../parameters.js';
import { pocketIfTaken } from '../pockets.js';
import { POOL_MARKERS } from '../pool.js';
import { GERMAN, MECH, NONMECH, type ScsState, SECURITY } from '../state.js';
import { Reach } from './reach.js';

const N = scsMap.size;
/** Hexes next to Moscow or Tula (4.2): the most targets a turn-1 plan has. */
const RING = scsMap.capitalRing.length;

/** SCS 10.1 step 1, 10.2: the battles the plan weighs (a shock army's first attack fires its primary column). */
type PlanBattle = 'combined' | 'shockFirst' | 'shockLater' | 'reliefCombined' | 'reliefShock';
const PLAN_BATTLES: readonly PlanBattle[] = [
  'combined',
  'shockFirst',
  'shockLater',
  'reliefCombined',
  'reliefShock',
];

/**
 * What of a Cfg the odds of a plan battle read: the CRT's hit numbers (crtSet, hitOn_*), the start
 * pool's mix (3.3) and the readings of the combat rules. Configurations with the same key have the
 * same plan odds.
 */
function oddsKey(cfg: Cfg): string {
  const h = cfg.hit;
  return [
    h.shockPrimary,
    h.shockSecondary,
    h.combined,
    h.mech,
    h.nonMech,
    h.security,
    h.vi,
    cfg.pool.mech,
    cfg.pool.nonMech,
    cfg.pool.security,
    cfg.viiiGuderianCumulative,
    cfg.markerInGarrison,
    cfg.shockDoubleSix,
    cfg.reliefIgnoresSupport,
    cfg.mutualWipeoutSovietWin,
    cfg.reliefToTheDeath,
  ].join(',');
}

/** The battle hex of the plan's odds: clear 2410, a row where Guderian may intercede (10.7), as `odds scs` without --hex. */
const PLAN_HEX = scsMap.index('2410');

/**
 * The plan's odds under one odds key: per plan battle, P(hex taken) by the game's own battle odds
 * (enumerate.ts TakenChances, `exactOdds(...).taken` of `sandtable odds scs`), and the entries asked
 * so far. Only ever filled with values that are a pure function of the key and the entry (any Cfg
 * with the key gives the same), so one object serves every game with that key, in any order.
 */
export class PlanOdds {
  /**
   * Per plan battle, its TakenChances, held weakly: the entries stay, a family's graph (tens of MB)
   * goes when the collector wants the memory, and one built again gives the same values.
   */
  private readonly families: (WeakRef<TakenChances> | undefined)[] = [];
  private readonly entries = new Map<number, number>();

  /**
   * P(hex taken) by `steps` of one army fighting `battle` for at most `rounds` rounds (a relief
   * battle under relief-to-the-death: to the end), against a force generated from the start pool
   * (3.3: marker + 1d6-1, relief marker + 1d6, 8.3, 8.5) in clear PLAN_HEX.
   */
  taken(cfg: Cfg, battle: PlanBattle, rounds: number, steps: number): number {
    const b = PLAN_BATTLES.indexOf(battle);
    const k = (b * 8 + rounds) * 64 + steps;
    let p = this.entries.get(k);
    if (p === undefined) {
      const relief = battle === 'reliefCombined' || battle === 'reliefShock';
      const toTheDeath = relief && cfg.reliefToTheDeath;
      p = this.family(cfg, b, relief, toTheDeath).taken(
        steps,
        toTheDeath ? Number.POSITIVE_INFINITY : rounds,
      );
      this.entries.set(k, p);
    }
    return p;
  }

  private family(cfg: Cfg, b: number, relief: boolean, toTheDeath: boolean): TakenChances {
    let f = this.families[b]?.deref();
    if (f === undefined) {
      const battle = PLAN_BATTLES[b]!;
      const pool = [cfg.pool.mech, cfg.pool.nonMech, cfg.pool.security, 0, 0, 0, 0, 0];
      for (const t of POOL_MARKERS) pool[t]!++;
      f = new TakenChances(
        {
          cfg,
          kind: relief ? 'relief' : 'defense',
          forest: false,
          armyType: battle === 'combined' || battle === 'reliefCombined' ? 'combined' : 'shock',
          armySteps: 1,
          engineerSteps: 0,
          shockFirst: battle === 'shockFirst',
          viRound: 0,
          maxRounds: toTheDeath ? Number.POSITIVE_INFINITY : 3,
          killOrder: [MECH, NONMECH, SECURITY],
          hex: PLAN_HEX,
        },
        { pool, marker: null, pocket: 0 },
      );
      this.families[b] = new WeakRef(f);
    }
    return f;
  }
}

/** The plan odds of each odds key (a pure function of it: shared by every game and policy). */
const planOddsOf = memoize((_key: string) => new PlanOdds());

/** The plan odds of a configuration (its key computed once per Cfg object). */
const planOdds = memoizeWeak((cfg: Cfg): PlanOdds => planOddsOf(oddsKey(cfg)));

/**
 * P(taken) of `battle` at `rounds` by `steps` steps, extrapolated geometrically past 12 steps (1E
 * makes up to 18) from 11 and 12.
 */
function atSteps(odds: PlanOdds, cfg: Cfg, battle: PlanBattle, rounds: number, steps: number): number {
  if (steps <= 12) return odds.taken(cfg, battle, rounds, steps);
  const m12 = 1 - odds.taken(cfg, battle, rounds, 12);
  const m11 = 1 - odds.taken(cfg, battle, rounds, 11);
  return 1 - m12 * (m11 > 0 ? m12 / m11 : 0) ** (steps - 12);
}

/**
 * P(army a takes a hex) entering it with `mfLeft` MF (9.3: rounds = 1 + MF left), from the game's
 * battle odds under its CRT, hit numbers, start pool and combat readings. A planning heuristic: it
 * ignores the target's forest and row (10.4, 10.7) and the pool's current mix. `odds`: planOdds(s.cfg).
 */
export function takeChance(
  s: ScsState,
  a: number,
  mfLeft: number,
  relief: boolean,
  odds: PlanOdds = planOdds(s.cfg),
): number {
  const steps = forceSteps(s, a);
  if (steps <= 0) return 0;
  const rounds = 1 + Math.min(Math.max(mfLeft, 0), 2);
  const army = s.armies[a]!;
  const shock = army.type === 'shock';
  const battle: PlanBattle = relief
    ? shock
      ? 'reliefShock'
      : 'reliefCombined'
    : shock
      ? army.attacked
        ? 'shockLater'
        : 'shockFirst'
      : 'combined';
  return atSteps(odds, s.cfg, battle, rounds, steps);
}

/**
 * The German hexes next to Moscow or Tula (4.2) of one control version: `threat[t]` when taking
 * target t threatens a pocket (8.4), `pocketRing[t]` the targets (as indices) that pocket holds.
 */
interface RingTargets {
  version: number;
  cfg: Cfg | null;
  targets: number[];
  threat: boolean[];
  pocketRing: number[][];
}

/** A policy's scratch for planning: the strike search's, plus the plan's own buffers. */
export class PlanScratch extends Reach {
  /** Ring hexes a capture would pocket (8.4). */
  readonly pocket: number[] = [];
  /** Most MF left on entering each target hex (reachInto), for the plan and for a single step. */
  readonly planReach = new Int8Array(N);
  readonly stepReach = new Int8Array(N);
  /** planTurn1's buffers for `armies` candidates (grown on demand, never shrunk): see there. */
  planP = new Float64Array(0);
  planR = new Float64Array(0);
  facJ = new Int32Array(0);
  facV = new Float64Array(0);
  readonly facN = new Int32Array(RING);
  readonly without = new Float64Array(RING);
  readonly touched = new Float64Array(RING);
  readonly touches = new Uint8Array(RING);
  readonly inRing = new Uint8Array(RING * RING);
  private readonly ring: RingTargets = { version: -1, cfg: null, targets: [], threat: [], pocketRing: [] };

  override reset(): void {
    super.reset();
    this.ring.version = -1;
  }

  /** The German ring hexes of `s` and their pockets (8.4), computed once per control version. */
  ringOf(s: ScsState): RingTargets {
    const r = this.ring;
    // control changes only by a capture (3.8), which counts in hexesTaken
    if (r.version === s.stats.hexesTaken && r.cfg === s.cfg) return r;
    r.version = s.stats.hexesTaken;
    r.cfg = s.cfg;
    const targets: number[] = [];
    for (const h of scsMap.capitalRing) if (s.control[h] === GERMAN) targets.push(h);
    const threat: boolean[] = [];
    const pocketBuf = this.pocket;
    r.pocketRing = targets.map((h) => {
      pocketIfTaken(s.control, h, pocketBuf, this.pockets);
      threat.push(pocketBuf.length > 0);
      const out: number[] = [];
      for (const p of pocketBuf) {
        const t = targets.indexOf(p);
        if (t >= 0) out.push(t);
      }
      return out;
    });
    r.targets = targets;
    r.threat = threat;
    return r;
  }

  planBuffers(armies: number): void {
    if (this.planP.length >= armies * RING) return;
    this.planP = new Float64Array(armies * RING);
    this.planR = new Float64Array(armies * RING);
    this.facJ = new Int32Array(armies * RING);
    this.facV = new Float64Array(armies * RING);
  }
}

/**
 * For a force in `from` with `mf` MF (moving over Soviet hexes free of other armies, 6.2, 9.7),
 * writes into `out[h]` the most MF it can have left after entering German hex h (-1: out of reach).
 * Only the hexes of `targets` are written.
 */
export function reachInto(
  s: ScsState,
  scratch: Reach,
  from: number,
  mf: number,
  self: number,
  targets: readonly number[],
  out: Int8Array,
): void {
  for (const t of targets) out[t] = -1;
  scratch.search(s, from, mf, self);
  for (let i = 0; i < scratch.count; i++) {
    const n = scratch.found[i]!;
    if (scratch.left[n]! > out[n]!) out[n] = scratch.left[n]!;
  }
}

/** One planned attack: army `army` on hex `hex` with P(taken) `p`; `relief` when it accepts a pocket battle. */
export interface PlannedAttack {
  army: number;
  hex: number;
  p: number;
  relief: boolean;
}

/**
 * SCS 4.2 turn-1 plan over the unmoved armies (`candidates`; `mfNow` overrides the MF of a single
 * moving force). Each army gets at most one ring hex, greedily maximising sum log P(hex cleared).
 * A hex whose capture would pocket other ring hexes (8.4: 2513 pockets 2612 and 2613) has two
 * options: attack it after those hexes fell (plain odds), or now, accepting the relief battle
 * (8.5, 10.2: 1d6 at +1, to the death) — which, won and followed by a failed breakout (8.8), takes
 * the pocket's hexes too. Returns the attack to make now (relief gambles first, then the hex with
 * the fewest planned tries, strongest attacker first), or null when no ring hex is German or none
 * can be reached.
 */
export function planTurn1(
  s: ScsState,
  scratch: PlanScratch,
  candidates: readonly number[],
  mfNow = -1,
): PlannedAttack | null {
  const ring = scratch.ringOf(s);
  const { targets, threat, pocketRing } = ring;
  if (targets.length === 0) return null;
  scratch.markOccupied(s);
  const reach = scratch.planReach;
  const nt = targets.length;
  // P: the plain option of candidate i on target t at i * nt + t; R: the relief option (only for
  // hexes that pocket other ring hexes)
  scratch.planBuffers(candidates.length);
  const P = scratch.planP;
  const R = scratch.planR;
  const odds = planOdds(s.cfg);
  // only armies that can reach a ring hex take part (the others change no plan value)
  const cands: number[] = [];
  const least = scratch.leastCost(s);
  for (const a of candidates) {
    const army = s.armies[a]!;
    const mf = mfNow >= 0 ? mfNow : s.cfg.mf[s.turn]!;
    // a ring hex more hexes away than the MF pays for steps is out of reach (9.10): no search needed
    let near = false;
    for (const h of targets) if (army.hex >= 0 && scsMap.distance(army.hex, h) * least <= mf) near = true;
    if (!near) continue;
    reachInto(s, scratch, army.hex, mf, army.hex, targets, reach);
    let any = false;
    for (const h of targets) if (reach[h]! >= 0) any = true;
    if (!any) continue;
    const base = cands.length * nt;
    cands.push(a);
    for (let t = 0; t < nt; t++) {
      const m = reach[targets[t]!]!;
      const blocked = pocketRing[t]!.length > 0;
      // plain: a blocked hex is planned as if its pocket's ring hexes fell first
      P[base + t] = m < 0 ? 0 : takeChance(s, a, m, threat[t]! && !blocked, odds);
      R[base + t] = m < 0 || !blocked ? 0 : takeChance(s, a, m, true, odds);
    }
  }
  const nc = cands.length;
  const used = new Array<number>(nc).fill(-1);
  const usedRelief = new Array<boolean>(nc).fill(false);
  // inRing[t * nt + x]: taking target t would pocket target x
  const inRing = scratch.inRing;
  inRing.fill(0, 0, nt * nt);
  for (let t = 0; t < nt; t++) for (const x of pocketRing[t]!) inRing[t * nt + x] = 1;
  /** Plan value of one target: its P(not cleared) under the plan, -1000 when it has no try. */
  const term = (m: number): number => (m >= 1 ? -1000 : Math.log(Math.max(1 - m, 1e-9)));
  /** P(target x not cleared) under the plan: the product of each try's miss in army order. */
  const missOf = (x: number): number => {
    let m = 1;
    for (let j = 0; j < nc; j++) {
      const t = used[j]!;
      if (t < 0) continue;
      const rel = usedRelief[j]!;
      if (t !== x && !(rel && inRing[t * nt + x] === 1)) continue;
      m = m * (1 - (rel ? R[j * nt + t]! : P[j * nt + t]!));
    }
    return m;
  };
  /** Plan value: fewest hexes without a try first, then sum log P(hex cleared) (independent tries). */
  const score = (): number => {
    let v = 0;
    for (let x = 0; x < nt; x++) v += term(missOf(x));
    return v;
  };
  // per target x, the planned tries on it in army order: the armies `facJ[x * nc ..]`, their misses
  // `facV`, `facN[x]` of them (kept as armies change their choice); while army i weighs its options,
  // `without[x]` is x's term with army i's try left out
  const { facJ, facV, facN, without, touched, touches } = scratch;
  facN.fill(0, 0, nt);
  /** Adds (q >= 0, the try's miss) or removes (q < 0) army j's try on target x, keeping army order. */
  const listTry = (x: number, j: number, q: number): void => {
    const start = x * nc;
    let k = start;
    const end = start + facN[x]!;
    while (k < end && facJ[k]! < j) k++;
    if (q < 0) {
      facJ.copyWithin(k, k + 1, end);
      facV.copyWithin(k, k + 1, end);
      facN[x]!--;
    } else {
      facJ.copyWithin(k + 1, k, end);
      facV.copyWithin(k + 1, k, end);
      facJ[k] = j;
      facV[k] = q;
      facN[x]!++;
    }
  };
  /** Lists (`q` the try's miss) or unlists (q = -1) army j's try on `t` (relief `rel`: with its pocket's targets). */
  const listTries = (j: number, t: number, rel: boolean, q: number): void => {
    for (let x = 0; x < nt; x++) if (x === t || (rel && inRing[t * nt + x] === 1)) listTry(x, j, q);
  };
  /** missOf(x) with army i's try replaced by one of miss `q`, in its place in army order. */
  const missWith = (x: number, i: number, q: number): number => {
    let m = 1;
    let k = x * nc;
    const end = k + facN[x]!;
    for (; k < end && facJ[k]! < i; k++) m = m * facV[k]!;
    m = m * q;
    for (; k < end; k++) if (facJ[k] !== i) m = m * facV[k]!;
    return m;
  };
  // coordinate ascent from the empty plan: each army in turn takes its best option (or none); an
  // option's value is score() of the plan with it (the same products and sums in the same order),
  // recomputed only on the targets it touches
  let cur = score();
  for (let pass = 0; pass < 4; pass++) {
    let improved = false;
    for (let i = 0; i < nc; i++) {
      const t0 = used[i]!;
      const r0 = usedRelief[i]!;
      let bt = t0;
      let br = r0;
      let bv = cur;
      for (let x = 0; x < nt; x++) {
        let m = 1;
        for (let k = x * nc, end = k + facN[x]!; k < end; k++) if (facJ[k] !== i) m = m * facV[k]!;
        without[x] = term(m);
      }
      for (let t = -1; t < nt; t++) {
        for (let r = 0; r < 2; r++) {
          const rel = r === 1;
          if (t < 0 && rel) continue;
          if (t >= 0 && (rel ? R : P)[i * nt + t]! <= 0) continue;
          let v = 0;
          if (t < 0) for (let x = 0; x < nt; x++) v += without[x]!;
          else {
            const q = 1 - (rel ? R[i * nt + t]! : P[i * nt + t]!);
            if (!rel) {
              // a plain try touches its own target only
              const on = term(missWith(t, i, q));
              for (let x = 0; x < nt; x++) v += x === t ? on : without[x]!;
            } else {
              for (let x = 0; x < nt; x++) {
                const on = x === t || (rel && inRing[t * nt + x] === 1);
                touches[x] = on ? 1 : 0;
                if (on) touched[x] = term(missWith(x, i, q));
              }
              for (let x = 0; x < nt; x++) v += touches[x] === 1 ? touched[x]! : without[x]!;
            }
          }
          if (v > bv + 1e-9) {
            bv = v;
            bt = t;
            br = rel;
          }
        }
      }
      used[i] = bt;
      usedRelief[i] = br;
      if (bt !== t0 || br !== r0) {
        improved = true;
        if (t0 >= 0) listTries(i, t0, r0, -1);
        if (bt >= 0) listTries(i, bt, br, 1 - (br ? R[i * nt + bt]! : P[i * nt + bt]!));
      }
      cur = bv;
    }
    if (!improved) break;
  }
  let best: PlannedAttack | null = null;
  let bestKey = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < cands.length; i++) {
    const t = used[i]!;
    if (t < 0) continue;
    // a plain attack waits while a planned ring hex of its pocket is still to be taken
    if (!usedRelief[i] && pocketRing[t]!.some((x) => used.includes(x))) continue;
    let tries = 0;
    for (const u of used) if (u === t) tries++;
    const p = usedRelief[i] ? R[i * nt + t]! : P[i * nt + t]!;
    const key = (usedRelief[i] ? 100 : 0) - 10 * tries + p;
    if (key > bestKey) {
      bestKey = key;
      best = { army: cands[i]!, hex: targets[t]!, p, relief: usedRelief[i]! };
    }
  }
  return best;
}

/**
 * The step option (index into `tos`/`costs`) that brings army a (in `at`, `mf` left) to German hex
 * `target` with the most MF left on entry; -1 when none does.
 */
export function stepToward(
  s: ScsState,
  scratch: PlanScratch,
  at: number,
  mf: number,
  target: number,
  tos: readonly number[],
  costs: readonly number[],
): number {
  scratch.markOccupied(s);
  const stepReach = scratch.stepReach;
  // entering `target` at once leaves the most MF; a route through another hex pays at least that
  // hex's cost more (9.10), so only routes that could still tie or beat it are searched
  let direct = -1;
  for (let i = 0; i < tos.length; i++) if (tos[i] === target) direct = Math.max(direct, mf - costs[i]!);
  const enterTarget = scratch.entryCosts(s)[target]!;
  let best = -1;
  let bestLeft = -1;
  const one = [target];
  for (let i = 0; i < tos.length; i++) {
    const to = tos[i]!;
    if (to < 0) continue;
    let left: number;
    if (to === target) left = mf - costs[i]!;
    else if (s.control[to] === GERMAN) continue;
    else if (mf - costs[i]! - enterTarget < direct) continue;
    else {
      reachInto(s, scratch, to, mf - costs[i]!, at, one, stepReach);
      left = stepReach[target]!;
    }
    if (left > bestLeft) {
      bestLeft = left;
      best = i;
    }
  }
  return best;
}
