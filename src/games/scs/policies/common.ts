/**
 * The machinery shared by the scripted Soviet policies: a policy is a set of traits (how much it
 * values each German hex, how hard it presses a battle, where it sends reinforcements); this module
 * turns traits into answers for every SCS decision. Policies read the state, never write it.
 */
import type { Policy } from '../../../core/game.js';
import { unreachable } from '../../../core/kernel.js';
import { forceSteps } from '../combat.js';
import type { ScsDecision, ScsView, StepOption } from '../decisions.js';
import { scsMap } from '../map.js';
import { GERMAN, MECH, NONMECH, type ScsState, SECURITY } from '../state.js';
import {
  adjacent,
  copyMemory,
  DIST,
  type DistMemo,
  FROZEN,
  freshMemory,
  type HexInfo,
  type Memory,
  N,
  nearestTarget,
  positive,
} from './memory.js';
import { planTurn1, stepToward } from './plan.js';
import type { Reach } from './reach.js';

export type { HexInfo } from './memory.js';

export interface Traits {
  /** Value of taking German hex h (before the odds of the attack). */
  targetValue(s: ScsState, h: number, info: HexInfo, army: number): number;
  /** Smallest force (steps) that will start an attack. */
  minAttackSteps: number;
  /** Keep fighting while own steps >= ratio x German units left (and MF allows). */
  pressRatio: number;
  /** Commit VI IC when at least this many German units are engaged. */
  viThreshold: number;
  /** Order of German types to kill (10.14). */
  killOrder: readonly number[];
  /** Preferred 1E host (army id) or null for the strongest army. */
  host: string | null;
  /** Preferred 1E hosts in order, by state (overrides `host` when it names a living army; 6.3). */
  hosts?(s: ScsState): readonly string[];
  /** Armies with no attack in reach approach their own best targets (targetValue with the army), not the common ones. */
  approachPerArmy?: boolean;
  /**
   * A key such that targetValue(s, ·, ·, army) is the same for equal keys while no hex changes control in
   * the turn (NaN: no such key now); hex values and approach fields are then reused (speed only). Omit when unsure.
   */
  valueKey?(s: ScsState, army: number): number;
  /** Replacement priority: 'shock' first, or 'weakest' (largest deficit) first. */
  replacements: 'shock' | 'weakest';
  /** Where 4S heads and the joint-operation marker goes: a hex id. */
  focus: string;
  /** 4S entry (7.2): 'west-south' takes the westernmost Soviet south-edge hex when there is one, else nearest `focus`. */
  entry4S?: 'west-south';
  /** Joint-operation marker hex, or null to place it near `focus`. */
  jointOp: string | null;
  /** SCS 4.2: plan turn 1 as a whole (plan.ts) instead of army by army. */
  planTurn1?: boolean;
}

/**
 * No German hex is left next to Moscow or Tula (4.2; control never returns to German, 3.8): from
 * then on survivalValue no longer reads army positions (its only German hexes are off the ring).
 */
export function ringClear(s: ScsState): boolean {
  const ring = scsMap.capitalRing;
  for (let i = 0; i < ring.length; i++) if (s.control[ring[i]!] === GERMAN) return false;
  return true;
}

/** Value every policy shares: the turn-1 and turn-3 checks (4.2, 4.3) must be passed. */
export function survivalValue(s: ScsState, h: number, info: HexInfo, a = -1): number {
  let v = 0;
  if (s.turn === 1 && a >= 0 && soleAttacker(s, a, h)) return 1;
  if (s.turn === 1 && info.nearCapital) {
    // hexes few unmoved armies can still reach come first
    let near = 0;
    for (let i = 0; i < s.armies.length - 1; i++) {
      const a = s.armies[i]!;
      if (a.hex >= 0 && !a.moved && adjacent(h, a.hex)) near++;
    }
    v += 100 + 30 / (1 + near);
    // a relief battle (8.4-8.5) is costly: take the would-be pocket's hexes first (8.4 example: 2612
    // and 2613 before 2513); the hex regains its full value once the pocket hexes are Soviet
    if (info.pocket > 0) v = 8;
  }
  if (s.turn <= 3 && s.cfg.kArea[h] === 1) v += s.turn === 3 ? 30 : 12;
  return v;
}

/**
 * SCS 4.2 reserve: army a is the only unmoved army next to another German Moscow/Tula hex than h,
 * so it should keep itself for that hex (turn 1 has 2 MF: an adjacent attack allows two rounds).
 */
function soleAttacker(s: ScsState, a: number, h: number): boolean {
  const at = s.armies[a]!.hex;
  if (at < 0 || soleFor(s, a, at, h)) return false; // h itself needs this army
  for (const y of scsMap.capitalRing) {
    if (y !== h && soleFor(s, a, at, y)) return true;
  }
  return false;
}

/** Army a (in `at`) is the only unmoved army next to German capital-ring hex y. */
function soleFor(s: ScsState, a: number, at: number, y: number): boolean {
  if (s.control[y] !== GERMAN || !adjacent(y, at) || scsMap.isCapitalRing[y] !== 1) return false;
  for (let i = 0; i < s.armies.length - 1; i++) {
    const b = s.armies[i]!;
    if (i !== a && b.hex >= 0 && !b.moved && adjacent(y, b.hex)) return false;
  }
  return true;
}

/**
 * Best value among German hexes a force in `from` with `mf` MF could attack this turn, moving over
 * Soviet hexes free of the armies `reach.markOccupied` saw (`self` is the moving army's own hex),
 * each at 9.3's rounds factor of the most MF it could arrive with. Callers act on a positive best
 * only (a best <= 0 means no attack worth making).
 */
function bestReachable(
  s: ScsState,
  reach: Reach,
  from: number,
  mf: number,
  self: number,
  value: (h: number) => number,
): number {
  let best = Number.NEGATIVE_INFINITY;
  reach.search(s, from, mf, self);
  const found = reach.found;
  const left = reach.left;
  // for a positive value the most MF left gives the best of the MF levels it could arrive with
  for (let i = 0; i < reach.count; i++) {
    const n = found[i]!;
    const val = value(n);
    const l = left[n]!;
    const x = val * (l >= 2 ? roundsFactor(2) : l === 1 ? roundsFactor(1) : roundsFactor(0));
    if (x > best) best = x;
  }
  return best;
}

/** 9.3: the share of a full battle a force can fight with `mfLeft` MF after entering. */
function roundsFactor(mfLeft: number): number {
  return mfLeft >= 2 ? 1 : mfLeft === 1 ? 0.85 : 0.6;
}

/** A value written for an option no finite score ranks (below every finite score). */
const NO_SCORE = -1e9;
const finite = (x: number): number => (Number.isFinite(x) ? x : NO_SCORE);

/** A scripted Soviet policy from its traits. */
export function traitPolicy(id: string, traits: Traits): Policy<ScsView, ScsDecision> {
  return policyOf(id, traits, freshMemory());
}

/**
 * The policy of `traits` over memory `mem`. Every answer comes from `decide`: `choose` takes its
 * pick and keeps the turn-1 plan it makes; `scores` writes its ranking (the pick highest) and
 * keeps nothing of the plan.
 */
function policyOf(id: string, traits: Traits, mem: Memory): Policy<ScsView, ScsDecision> {
  const { cache, scratch, fronts, frozen, distMemo, memo, once, planned } = mem;
  const distMemoOf = (s: ScsState, key: number): DistMemo => {
    let m = distMemo.get(key);
    if (m === undefined) {
      m = {
        version: -1,
        turn: -1,
        dist: new Int16Array(scsMap.size),
        targets: new Int16Array(scsMap.size),
        nt: -1,
      };
      distMemo.set(key, m);
    }
    if (m.version !== s.stats.hexesTaken || m.turn !== s.turn) {
      m.version = s.stats.hexesTaken;
      m.turn = s.turn;
      m.dist.fill(-2);
      m.nt = -1;
    }
    return m;
  };
  const distances = (s: ScsState, key: number): Int16Array => distMemoOf(s, key).dist;
  /** nearestTarget of the values of `key` (not NaN) over the front hexes, memoised. */
  const keyedDistance = (s: ScsState, key: number, val: (h: number) => number, h: number): number => {
    const m = distMemoOf(s, key);
    let d = m.dist[h]!;
    if (d === -2) {
      // the front hexes valued > 0 (the key's values are fixed for the version), then the nearest of them
      if (m.nt < 0) {
        const f = fronts.get(s, val);
        let nt = 0;
        for (let i = 0; i < f.count; i++) if (val(f.hexes[i]!) > 0) m.targets[nt++] = f.hexes[i]!;
        m.nt = nt;
      }
      let best = 0x7fff;
      const targets = m.targets;
      for (let i = 0, base = h * N; i < m.nt; i++) {
        const x = DIST[base + targets[i]!]!;
        if (x < best) best = x;
      }
      d = best === 0x7fff ? -1 : best;
      m.dist[h] = d;
    }
    return d;
  };
  /** nearestTarget of the policy's common values (army -1). */
  const commonDistance = (s: ScsState, h: number): number => {
    const key = traits.valueKey?.(s, -1) ?? Number.NaN;
    // values keyed NaN may change without a capture: they are read once per control version, at first use
    if (Number.isNaN(key)) {
      const dist = distances(s, FROZEN);
      let d = dist[h]!;
      if (d === -2) {
        d = nearestTarget(frozen.get(s, value(s)), positive, h);
        dist[h] = d;
      }
      return d;
    }
    return keyedDistance(s, key, value(s), h);
  };
  /** nearestTarget of army a's own values (approachPerArmy). */
  const armyDistance = (s: ScsState, a: number, val: (h: number) => number, h: number): number => {
    const key = traits.valueKey?.(s, a) ?? Number.NaN;
    if (Number.isNaN(key)) return nearestTarget(fronts.get(s, val), val, h);
    return keyedDistance(s, key, val, h);
  };
  const value = (s: ScsState, a = -1): ((h: number) => number) => {
    const key = traits.valueKey?.(s, a) ?? Number.NaN;
    if (Number.isNaN(key)) {
      // a closure lives within one choose call (one state), so its values can be kept for that call
      if (once.stamp === 0x7fffffff) {
        once.stamps.fill(0);
        once.stamp = 0;
      }
      const stamp = ++once.stamp;
      const { stamps, vals } = once;
      return (h) => {
        if (stamps[h] === stamp) return vals[h]!;
        const x = traits.targetValue(s, h, cache.get(s, h), a);
        stamps[h] = stamp;
        vals[h] = x;
        return x;
      };
    }
    let m = memo.get(key);
    if (m === undefined) {
      m = { version: -1, turn: -1, vals: new Float64Array(scsMap.size) };
      memo.set(key, m);
    }
    if (m.version !== s.stats.hexesTaken || m.turn !== s.turn) {
      m.version = s.stats.hexesTaken;
      m.turn = s.turn;
      m.vals.fill(Number.NaN);
    }
    const vals = m.vals;
    return (h) => {
      let x = vals[h]!;
      if (Number.isNaN(x)) {
        x = traits.targetValue(s, h, cache.get(s, h), a);
        vals[h] = x;
      }
      return x;
    };
  };
  const focus = scsMap.index(traits.focus);
  /** Writes score `x` of option `i` when scoring. */
  const put = (out: Float64Array | null, i: number, x: number): void => {
    if (out !== null) out[i] = x;
  };
  /** Scores of a yes/no answer: the pick 1, the other 0. */
  const pickOnly = (out: Float64Array | null, n: number, pick: number): number => {
    if (out !== null) for (let i = 0; i < n; i++) out[i] = i === pick ? 1 : 0;
    return pick;
  };
  /** The scores of the step options toward the turn-1 plan's hex: the plan's step 1, the others 0. */
  const planStep = (
    s: ScsState,
    a: number,
    mf: number,
    target: number,
    opts: readonly StepOption[],
  ): number => {
    const tos: number[] = [];
    const costs: number[] = [];
    for (const o of opts) {
      tos.push(o.to);
      costs.push(o.cost);
    }
    return stepToward(s, scratch, s.armies[a]!.hex, mf, target, tos, costs);
  };

  /**
   * The answer to decision `d` (its index); with `out`, each option's score too (higher is better,
   * the answer highest, ties aside). `keep`: the turn-1 plan this answer makes is kept.
   */
  const decide = (v: ScsView, d: ScsDecision, out: Float64Array | null, keep: boolean): number => {
    const s = v.state;
    // one state per call: the scratch marks the armies' hexes at most once in it
    scratch.decision = (scratch.decision + 1) & 0x3fffffff;
    switch (d.kind) {
      case 'force': {
        const opts = d.options;
        if (traits.planTurn1 && s.turn === 1) {
          const cands: number[] = [];
          for (let i = 1; i < opts.length; i++) cands.push(opts[i]!);
          const p = planTurn1(s, scratch, cands);
          if (p !== null) {
            if (keep) planned[p.army] = p.hex;
            return pickOnly(out, opts.length, opts.indexOf(p.army));
          }
        }
        scratch.markOccupied(s);
        // the army with the best attack in reach goes first; armies with none approach the front
        // (ending the phase, option 0, only when no army is left to move)
        put(out, 0, NO_SCORE);
        let best = 0;
        let bestScore = Number.NEGATIVE_INFINITY;
        for (let i = 1; i < opts.length; i++) {
          const a = opts[i]!;
          const army = s.armies[a]!;
          const steps = forceSteps(s, a);
          const strike =
            steps >= traits.minAttackSteps
              ? bestReachable(s, scratch, army.hex, s.cfg.mf[s.turn]!, army.hex, value(s, a))
              : Number.NEGATIVE_INFINITY;
          const score = strike > 0 ? strike * 10 + steps : army.hex < 0 ? -99 : -commonDistance(s, army.hex);
          put(out, i, score);
          if (score > bestScore) {
            bestScore = score;
            best = i;
          }
        }
        return best;
      }
      case 'step': {
        const opts = d.options;
        const a = v.active;
        if (traits.planTurn1 && s.turn === 1 && planned[a]! >= 0) {
          const t = planned[a]!;
          if (s.control[t] === GERMAN) {
            const i = planStep(s, a, v.mf, t, opts);
            if (i >= 0) return pickOnly(out, opts.length, i);
          }
          if (keep) planned[a] = -1; // taken or out of reach
          // exploitation (9.4): another ring hex in reach, if the plan wants this force there
          const p = planTurn1(s, scratch, [a], v.mf);
          if (p !== null) {
            const i = planStep(s, a, v.mf, p.hex, opts);
            if (i >= 0) {
              if (keep) planned[a] = p.hex;
              return pickOnly(out, opts.length, i);
            }
          }
        }
        scratch.markOccupied(s);
        const army = s.armies[a]!;
        const steps = forceSteps(s, a);
        const val = value(s, a);
        const canAttack = steps >= traits.minAttackSteps;
        // A step's strike search finds no hex the force's own search from where it stands misses,
        // nor one it would enter with more MF (its paths are those searched from the step's hex,
        // that hex's cost paid first), so a step whose best could not beat a battle offered now
        // (nor stopping) is not searched: the answer is the one every step searched would give.
        let searchSteps = false;
        if (canAttack) {
          let top = 0; // stopping scores 0
          let moves = 0;
          for (let i = 1; i < opts.length; i++) {
            const o = opts[i]!;
            if (!o.battle) moves++;
            else {
              const x = val(o.to) * roundsFactor(v.mf - o.cost);
              if (x > top) top = x;
            }
          }
          searchSteps = moves > 0 && !(bestReachable(s, scratch, army.hex, v.mf, army.hex, val) * 0.95 < top);
        }
        put(out, 0, 0);
        let best = 0;
        let bestScore = 0; // stopping scores 0
        for (let i = 1; i < opts.length; i++) {
          const o = opts[i]!;
          let score = Number.NEGATIVE_INFINITY;
          // a battle entered with more MF left allows more rounds (9.3)
          if (canAttack)
            score = o.battle
              ? val(o.to) * roundsFactor(v.mf - o.cost)
              : searchSteps
                ? bestReachable(s, scratch, o.to, v.mf - o.cost, army.hex, val) * 0.95
                : Number.NEGATIVE_INFINITY;
          put(out, i, finite(score));
          if (score > bestScore) {
            bestScore = score;
            best = i;
          }
        }
        if (best > 0) return best;
        // no attack in reach: step closer to the nearest target for next turn (no German ever attacks, 3.9)
        const dist = (h: number) =>
          traits.approachPerArmy ? armyDistance(s, a, val, h) : commonDistance(s, h);
        const here = dist(army.hex);
        for (let i = 1; i < opts.length; i++) {
          const o = opts[i]!;
          if (o.battle || here <= 0) continue;
          const there = dist(o.to);
          const score = there >= 0 && there < here ? 0.01 * (here - there) : 0;
          put(out, i, score);
          if (score > bestScore) {
            bestScore = score;
            best = i;
          }
        }
        return best;
      }
      case 'anotherRound': {
        const b = v.battle!;
        const g = b.mech + b.nonMech + b.security;
        // relief battles and the turn-1 Moscow/Tula hexes are pressed to the end (4.2)
        const critical = s.turn === 1 && scsMap.isCapitalRing[b.hex] === 1;
        const again = critical || b.kind === 'relief' || forceSteps(s, v.active) >= traits.pressRatio * g;
        return pickOnly(out, d.options.length, d.options.indexOf(again));
      }
      case 'commitVI': {
        const b = v.battle!;
        const g = b.mech + b.nonMech + b.security;
        // SCS 4.2: the turn-1 Moscow/Tula hexes are worth the once-a-turn VI IC (10.11)
        const critical = s.turn === 1 && scsMap.isCapitalRing[b.hex] === 1;
        const commit = g >= traits.viThreshold || (critical && g >= 2);
        return pickOnly(out, d.options.length, d.options.indexOf(commit));
      }
      case 'germanLoss': {
        // the kill order ranks the types (10.14): the earliest type offered is the answer
        const order = traits.killOrder;
        let best = 0;
        let bestScore = 0;
        for (let i = 0; i < d.options.length; i++) {
          const k = order.indexOf(d.options[i]!);
          const score = k < 0 ? 0 : order.length - k;
          put(out, i, score);
          if (score > bestScore) {
            bestScore = score;
            best = i;
          }
        }
        return best;
      }
      case 'replacement': {
        const opts = d.options;
        put(out, 0, 0); // no more replacements
        let best = 0;
        let bestScore = 0;
        for (let i = 1; i < opts.length; i++) {
          const a = s.armies[opts[i]!]!;
          const score = a.full - a.steps + (traits.replacements === 'shock' && a.type === 'shock' ? 20 : 0);
          put(out, i, score);
          if (score > bestScore) {
            bestScore = score;
            best = i;
          }
        }
        return best;
      }
      case 'host1E': {
        // the preferred hosts in order, then `host`, then the strongest army (6.3)
        const hosts = traits.hosts?.(s) ?? [];
        const opts = d.options;
        let best = 0;
        let bestScore = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < opts.length; i++) {
          const army = s.armies[opts[i]!]!;
          const k = hosts.indexOf(army.id);
          const score = k >= 0 ? 2000 - k : army.id === traits.host ? 1000 : army.steps;
          put(out, i, score);
          if (score > bestScore) {
            bestScore = score;
            best = i;
          }
        }
        return best;
      }
      case 'enter4S':
      case 'placeJointOp': {
        // the marker's own hex; 4S on the westernmost Soviet south-edge hex (7.2); else nearest the focus
        const opts = d.options;
        const jointOp =
          d.kind === 'placeJointOp' && traits.jointOp !== null ? scsMap.index(traits.jointOp) : -1;
        const westSouth = d.kind === 'enter4S' && traits.entry4S === 'west-south';
        let best = 0;
        let bestScore = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < opts.length; i++) {
          const h = opts[i]!;
          const score =
            h === jointOp
              ? 2000
              : westSouth && scsMap.southEdge[h] === 1
                ? 1000 - scsMap.col[h]!
                : -scsMap.distance(h, focus);
          put(out, i, score);
          if (score > bestScore) {
            bestScore = score;
            best = i;
          }
        }
        return best;
      }
      default:
        return unreachable(d);
    }
  };

  return {
    id,
    // every cache is keyed by a game's control version and turn, or by its Cfg: forgetting the keys forgets the game
    reset(): void {
      cache.reset();
      scratch.reset();
      fronts.reset();
      frozen.reset();
      for (const m of memo.values()) m.version = -1;
      for (const m of distMemo.values()) m.version = -1;
      planned.fill(-1);
    },
    choose: (view, decision) => decide(view, decision, null, true),
    scores: (view, decision, out) => {
      decide(view, decision, out, false);
    },
    clone: () => policyOf(id, traits, copyMemory(mem)),
  };
}

export const KILL_MECH_FIRST = [MECH, NONMECH, SECURITY] as const;
