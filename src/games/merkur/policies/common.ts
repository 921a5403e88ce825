/**
 * The scoring frame the scripted Merkur policies share: a policy is a set of knobs (where to drop,
 * what to bomb, how good the odds must be to attack, where to move) and each option is scored;
 * the best wins, ties broken from the policy's own stream.
 */
import type { Policy, PolicyDef, PolicyParamDef } from '../../../core/game.js';
import { type Rng, randInt } from '../../../core/rng.js';
import { aaPoints, engineBombardTarget } from '../bombard.js';
import {
  attackValue,
  bandReading,
  type CombatSpec,
  defenceValue,
  landingLeadDefender,
  leadAttackerOf,
  onLandingCombat,
  tankAttack,
} from '../combat.js';
import { supporterValue } from '../command.js';
import { engineNavyLoss } from '../convoy.js';
import type { MerkurDecision, MerkurOption } from '../decisions.js';
import { engineLossAnswer, engineSecondDefender } from '../losses.js';
import { MAP } from '../map.js';
import { type MoveScratch, newMoveScratch } from '../movement.js';
import { pBandAtLeast } from '../odds.js';
import { CW, isDay, type MerkurState } from '../state.js';
import {
  attackOf,
  combatUnitsIn,
  moveOf,
  newOccupancy,
  type Occupancy,
  occupancy,
  reducedValue,
} from '../units.js';

/**
 * Per-decision scratch a scorer may fill once (its target zones, the occupancy of the zones) and
 * reuse for every option: the state does not change while one decision's options are scored.
 * `scriptedPolicy` creates it with every field present, so it keeps one shape while filled.
 */
export type Ctx = {
  targets?: number[] | undefined;
  occ?: Occupancy | undefined;
  entry?: Map<number, number[]> | undefined;
  /** Per movement class of the activated zone's units (german.ts `entryForce`), `reachable` at this decision. */
  reach?: Map<number, number[]> | undefined;
  /** The policy's memo of band probabilities (a pure function of its key), kept across decisions. */
  odds?: Map<number, number> | undefined;
  /** The policy's buffers for `occupancy`, `reachable` and per-zone flags, overwritten at each decision. */
  scratch?: Scratch;
  /** Per zone: a flag a scorer computed once for this decision (e.g. dispersed units there). */
  flags?: Uint8Array | undefined;
  /** The engine's answer to this decision, computed once for every option's score. */
  answer?: number | undefined;
  /** `nearest(from, targets)` of the decision's unit (every move option of one unit shares it). */
  nearFrom?: number | undefined;
  /** Per zone, `airTargetValue` at this decision (NaN: not yet computed); the air units share the zones. */
  air?: Float64Array | undefined;
};

/** A policy's buffers, overwritten decision by decision (`ordersOcc` is carried across the decisions of one orders task). */
export interface Scratch {
  readonly occ: Occupancy;
  readonly move: MoveScratch;
  readonly flags: Uint8Array;
  readonly air: Float64Array;
  /** Per zone: the AA points `airTargetValueOf` sums. */
  readonly aa: Float64Array;
  /**
   * The occupancy while the orders task `orders.task` of state `orders.s` asks its units' orders:
   * counted at its first decision, then moved on by the move orders it has handed out since
   * (`orders.seen` of them read). Only those orders move units while the task is on top (4.0: each
   * takes a unit of the activated zone into zone `to`), so the counts stay `occupancy(s)`.
   */
  readonly ordersOcc: Occupancy;
  readonly orders: { s: MerkurState | null; task: object | null; seen: number };
  /** The defence values of the orders task `task` of state `s`, per zone and tank attack (NaN: not yet), `keptDefence`. */
  readonly defence: { s: MerkurState | null; task: object | null; d: Float64Array };
}

export function newScratch(): Scratch {
  return {
    occ: newOccupancy(),
    move: newMoveScratch(),
    flags: new Uint8Array(MAP.count),
    air: new Float64Array(MAP.count),
    aa: new Float64Array(MAP.count),
    ordersOcc: newOccupancy(),
    orders: { s: null, task: null, seen: 0 },
    defence: { s: null, task: null, d: new Float64Array(2 * MAP.count) },
  };
}

/** Units of `side` per zone, computed on first use within one decision. */
export function occOf(s: MerkurState, ctx: Ctx): Occupancy {
  if (ctx.occ === undefined) {
    const sc = ctx.scratch;
    const top = s.stack[s.stack.length - 1];
    if (sc === undefined || top === undefined || top.t !== 'orders') ctx.occ = occupancy(s, sc?.occ);
    else {
      const k = sc.orders;
      const occ = sc.ordersOcc;
      if (k.s === s && k.task === top && k.seen <= top.orders.length) {
        const mine = top.side === 0 ? occ.g : occ.c;
        for (; k.seen < top.orders.length; k.seen++) {
          const o = top.orders[k.seen]!;
          if (o.o === 'move') {
            mine[top.zone]!--;
            mine[o.to]!++;
          }
        }
      } else {
        occupancy(s, occ);
        k.s = s;
        k.task = top;
        k.seen = top.orders.length;
      }
      ctx.occ = occ;
    }
  }
  return ctx.occ;
}

/** `countIn(s, z, side)` read from the decision's occupancy. */
export function cnt(s: MerkurState, ctx: Ctx, z: number, side: 0 | 1): number {
  const o = occOf(s, ctx);
  return side === 0 ? o.g[z]! : o.c[z]!;
}

/** `contested(s, z)` read from the decision's occupancy. */
export function isContested(s: MerkurState, ctx: Ctx, z: number): boolean {
  const o = occOf(s, ctx);
  return o.g[z]! > 0 && o.c[z]! > 0;
}

/** The scorer's target zones, computed on first use within one decision. */
export function targetsOf(ctx: Ctx, compute: () => number[]): number[] {
  if (ctx.targets === undefined) ctx.targets = compute();
  return ctx.targets;
}

export type Scorer = (s: MerkurState, d: MerkurDecision, o: MerkurOption, ctx: Ctx) => number;

/** A scorer asked an option it never scores (another side's decision, or `hold`): an engine or policy error. */
export function notScored(side: string, d: MerkurDecision, o: MerkurOption): never {
  throw new Error(`Merkur ${side} policy: option ${o.type} of ${d.kind} (${d.rule}) is not scored`);
}

/**
 * G6 (7.1): the score of leading with option `o`'s unit: the highest attack, full strength first,
 * the earliest option among equals (strictly ordered, so no tie is drawn): the engine's `leadOf`.
 */
export function leadAttackerScore(s: MerkurState, d: MerkurDecision, unit: number): number {
  const u = s.units[unit]!;
  const k = d.options.findIndex((o) => 'unit' in o && o.unit === unit);
  return attackOf(s, u) * 2 + (u.reduced ? 0 : 1) - k * 1e-3;
}

/**
 * G7, C5 (7.1 Note): the score of support by option `o`'s unit (-1: none): its value, the earliest
 * option among equals, none last (strictly ordered): the engine's `strongestSupporter`.
 */
export function supportScore(s: MerkurState, d: MerkurDecision, unit: number): number {
  if (unit < 0) return -1;
  const k = d.options.findIndex((o) => 'unit' in o && o.unit === unit);
  return supporterValue(s, unit) - k * 1e-3;
}

/** The index of option `o` among `d`'s options (-1 when not one of them). */
export function optionIndex(d: MerkurDecision, o: MerkurOption): number {
  for (let i = 0; i < d.options.length; i++) if (d.options[i] === o) return i;
  return -1;
}

/**
 * G12, G13, C6: option `o` scores 1 when it is the engine's answer (`engineLossAnswer`), else 0;
 * strictly ordered by position so no tie is drawn.
 */
export function lossAnswerScore(s: MerkurState, d: MerkurDecision, o: MerkurOption, ctx: Ctx): number {
  const k = optionIndex(d, o);
  ctx.answer ??= engineLossAnswer(
    s,
    d as MerkurDecision & { kind: 'fort-sacrifice' | 'retreat-zone' | 'loss-choice' },
  );
  return (k === ctx.answer ? 1 : 0) - k * 1e-6;
}

/**
 * 5.2 (V-LEADDEF lead-def-any): in a combat on landing the engine's lead defender
 * (`landingLeadDefender`, the highest defence) scores 1, the others 0, strictly ordered; elsewhere
 * the highest printed defence, full strength first (as before the landing's lead was a decision).
 */
export function leadDefenderScore(s: MerkurState, d: MerkurDecision, unit: number, ctx: Ctx): number {
  if (!onLandingCombat(s)) return s.units[unit]!.d - (s.units[unit]!.reduced ? 0.5 : 0);
  const k = d.options.findIndex((o) => 'unit' in o && o.unit === unit);
  ctx.answer ??= landingLeadDefender(s);
  return (unit === ctx.answer ? 1 : 0) - k * 1e-6;
}

/** C9 (8.2): the engine's target (`engineBombardTarget`) scores 1, the others 0, strictly ordered by position. */
export function bombTargetScore(s: MerkurState, d: MerkurDecision, o: MerkurOption, ctx: Ctx): number {
  const k = optionIndex(d, o);
  const units = d.options.map((x) => ('unit' in x ? x.unit : -1));
  ctx.answer ??= units.indexOf(engineBombardTarget(s, units));
  return (k === ctx.answer ? 1 : 0) - k * 1e-6;
}

/** 8.3: the engine's second defender (`engineSecondDefender`) scores 1, the others 0, strictly ordered by position. */
export function secondDefenderScore(s: MerkurState, d: MerkurDecision, o: MerkurOption, ctx: Ctx): number {
  const k = optionIndex(d, o);
  const units = d.options.map((x) => ('unit' in x ? x.unit : -1));
  ctx.answer ??= units.indexOf(engineSecondDefender(s, units));
  return (k === ctx.answer ? 1 : 0) - k * 1e-6;
}

/** G17 (5.4): the engine's pick scores 1 (the German sinks its weakest, the CW the strongest), the others 0, strictly ordered. */
export function navyLossScore(s: MerkurState, d: MerkurDecision, o: MerkurOption, ctx: Ctx): number {
  const k = optionIndex(d, o);
  const units = d.options.map((x) => ('unit' in x ? x.unit : -1));
  ctx.answer ??= units.indexOf(engineNavyLoss(s, units, d.side === 'german'));
  return (k === ctx.answer ? 1 : 0) - k * 1e-6;
}

/**
 * A policy that takes the option of highest score (ties at random). `score` is a scorer, or a
 * factory of one from the policy's declared `params` (every one filled in by the caller).
 */
export function scriptedPolicy(
  id: string,
  side: 'german' | 'commonwealth',
  description: string,
  scorer: Scorer | ((params: Readonly<Record<string, number>>) => Scorer),
  params?: readonly PolicyParamDef[],
): PolicyDef<MerkurState, MerkurDecision> {
  const defaults = Object.fromEntries((params ?? []).map((p) => [p.id, p.default]));
  const fixed = params === undefined ? (scorer as Scorer) : undefined;
  return {
    id,
    side,
    description,
    ...(params === undefined ? {} : { params }),
    create: (given?: Readonly<Record<string, number>>) =>
      scriptedInstance(
        id,
        fixed ?? (scorer as (p: Readonly<Record<string, number>>) => Scorer)({ ...defaults, ...given }),
        new Map<number, number>(),
      ),
  };
}

/** A fresh per-decision context over the policy's memo and buffers. */
function newCtx(odds: Map<number, number>, scratch: Scratch): Ctx {
  return {
    targets: undefined,
    occ: undefined,
    entry: undefined,
    reach: undefined,
    odds,
    scratch,
    flags: undefined,
    answer: undefined,
    nearFrom: undefined,
    air: undefined,
  };
}

/**
 * One scripted policy: `choose` takes the option of highest `score` (ties at random; 4.0 b `hold`
 * when the unit's best is to stay and no unit after it could do more), `scores` writes those
 * scores without drawing, `clone` copies it. What it keeps across decisions is a memo of band
 * probabilities (a pure function of its key) and buffers valid for the state object they were
 * filled from, so a copy with the memo copied answers as the original does from the same states.
 */
function scriptedInstance(
  id: string,
  score: Scorer,
  odds: Map<number, number>,
): Policy<MerkurState, MerkurDecision> {
  const scratch = newScratch();
  return {
    id,
    choose(s: MerkurState, d: MerkurDecision, rng: Rng): number {
      if (d.options.length === 1) return 0;
      let best = Number.NEGATIVE_INFINITY;
      let ties = 0;
      let pick = 0;
      const ctx = newCtx(odds, scratch);
      for (let i = 0; i < d.options.length; i++) {
        const o = d.options[i]!;
        if (o.type === 'hold') {
          // 4.0 b: the rest hold when this unit's best is to stay and no unit after it could do more
          if (d.options[pick]!.type === 'stay' && restWouldHold(s, ctx, o.unit)) pick = i;
          continue;
        }
        const v = score(s, d, o, ctx);
        if (v > best + 1e-9) {
          best = v;
          pick = i;
          ties = 1;
        } else if (Math.abs(v - best) <= 1e-9) {
          ties++;
          if (randInt(rng, 1, ties) === 1) pick = i;
        }
      }
      return pick;
    },
    scores(s: MerkurState, d: MerkurDecision, out: Float64Array): void {
      if (d.options.length === 1) {
        out[0] = 0;
        return;
      }
      const ctx = newCtx(odds, scratch);
      let best = Number.NEGATIVE_INFINITY;
      let hold = -1;
      for (let i = 0; i < d.options.length; i++) {
        const o = d.options[i]!;
        if (o.type === 'hold') {
          hold = i;
          continue;
        }
        out[i] = score(s, d, o, ctx);
        if (out[i]! > best) best = out[i]!;
      }
      if (hold < 0) return;
      // `hold` ties the best when `choose` may take it: a best option is the unit's stay (choose
      // takes hold when its pick among the best is the stay) and the rest would hold too
      const o = d.options[hold]!;
      let stayBest = false;
      for (let i = 0; i < d.options.length; i++)
        if (d.options[i]!.type === 'stay' && Math.abs(out[i]! - best) <= 1e-9) stayBest = true;
      out[hold] = stayBest && o.type === 'hold' && restWouldHold(s, ctx, o.unit) ? best : best - 1;
    },
    reset: () => {},
    clone: () => scriptedInstance(id, score, new Map(odds)),
  };
}

/**
 * Whether every unit of the activation after `unit` (which stays) would stay too under a scorer
 * that judges a zone's moves by the zone (the scripted ones): no combat is open to them (movement
 * mode, night, or no enemy in or next to the zone) and none moves farther or more freely than
 * `unit` (MA no higher, mechanised if `unit` is, the Maori only after the Maori).
 */
export function restWouldHold(s: MerkurState, ctx: Ctx, unit: number): boolean {
  const top = s.stack[s.stack.length - 1];
  if (top === undefined || top.t !== 'orders') return false;
  const z = top.zone;
  if (top.mode !== 'move' && isDay(s.turn)) {
    const o = occOf(s, ctx);
    const theirs = top.side === 0 ? o.c : o.g;
    if (theirs[z]! > 0) return false;
    for (const y of MAP.adj[z]!) if (theirs[y]! > 0) return false;
  }
  const cu = s.units[unit]!;
  const ma = cu.fixed ? 0 : moveOf(cu);
  for (let k = top.i + 1; k < top.units.length; k++) {
    const r = s.units[top.units[k]!]!;
    if (r.status !== 'map' || r.zone !== z || r.fixed) continue;
    if (moveOf(r) > ma || (cu.type === 'tank' && r.type !== 'tank') || (r.maori && !cu.maori)) return false;
  }
  return true;
}

const READING_CODE = { headings: 0, symmetric: 1, literal: 2 } as const;

/**
 * P(band >= `band`) of an attack by `attackers` of `side` on zone `z` from `from`; null when there is
 * no attack (no attackers, or no enemy in `z`).
 */
function pBandFrom(
  s: MerkurState,
  ctx: Ctx,
  side: 0 | 1,
  attackers: number[],
  z: number,
  from: number,
  kind: 'assault' | 'fire',
  band: number,
): number | null {
  if (attackers.length === 0 || cnt(s, ctx, z, (1 - side) as 0 | 1) === 0) return null;
  const spec: CombatSpec = { kind, side, attackers, zone: z, from };
  const leadA = leadAttackerOf(s, spec);
  const a = attackValue(s, spec, leadA);
  const d = keptDefence(s, ctx, spec, leadA);
  const reading = bandReading(s);
  const fireContested = kind === 'fire' && isContested(s, ctx, z);
  if (ctx.odds === undefined || !Number.isInteger(a) || !Number.isInteger(d))
    return pBandAtLeast(a, d, reading, fireContested, band);
  const key =
    ((((a + 512) * 1024 + d + 512) * 3 + READING_CODE[reading]) * 2 + (fireContested ? 1 : 0)) * 8 + band;
  let p = ctx.odds.get(key);
  if (p === undefined) {
    p = pBandAtLeast(a, d, reading, fireContested, band);
    ctx.odds.set(key, p);
  }
  return p;
}

/**
 * `combatValues(s, spec, false).d`, kept per zone and tank attack (7.3) while the orders task of
 * the attacking side asks its units' orders: its orders move only its own units and nothing is
 * resolved before all are given (7.3), so the defenders' side of every zone stands still meanwhile.
 */
function keptDefence(s: MerkurState, ctx: Ctx, spec: CombatSpec, leadA: number): number {
  const sc = ctx.scratch;
  const top = s.stack[s.stack.length - 1];
  if (sc === undefined || top === undefined || top.t !== 'orders' || top.side !== spec.side)
    return defenceValue(s, spec, leadA);
  const m = sc.defence;
  if (m.s !== s || m.task !== top) {
    m.s = s;
    m.task = top;
    m.d.fill(Number.NaN);
  }
  const k = spec.zone * 2 + (tankAttack(s, spec, leadA) ? 1 : 0);
  let d = m.d[k]!;
  if (Number.isNaN(d)) {
    d = defenceValue(s, spec, leadA);
    m.d[k] = d;
  }
  return d;
}

/** P(band >= 4) (attacker wins) of an attack by `attackers` of `side` on zone `z` from `from`. */
export function pWin(
  s: MerkurState,
  ctx: Ctx,
  side: 0 | 1,
  attackers: number[],
  z: number,
  from: number,
  kind: 'assault' | 'fire',
): number {
  return pBandFrom(s, ctx, side, attackers, z, from, kind, 4) ?? 0;
}

/** P(band <= 2) (attacker loses its lead). */
export function pLose(
  s: MerkurState,
  ctx: Ctx,
  side: 0 | 1,
  attackers: number[],
  z: number,
  from: number,
  kind: 'assault' | 'fire',
): number {
  const p = pBandFrom(s, ctx, side, attackers, z, from, kind, 3);
  return p === null ? 0 : 1 - p;
}

/** Combat units of `side` in the unit's zone that have not acted yet, plus the unit. */
export function zoneForce(s: MerkurState, unit: number): number[] {
  const u = s.units[unit]!;
  const out: number[] = [];
  const us = s.units;
  for (let i = 0; i < us.length; i++) {
    const v = us[i]!;
    if (
      v.zone === u.zone &&
      v.side === u.side &&
      v.status === 'map' &&
      v.type !== 'em' &&
      (i === unit || !v.acted)
    )
      out.push(i);
  }
  return out;
}

/** Least zone steps from `z` to any zone of `targets` (99 when none). */
export function nearest(z: number, targets: readonly number[]): number {
  const row = MAP.dist[z]!;
  let best = 99;
  for (let k = 0; k < targets.length; k++) {
    const d = row[targets[k]!]!;
    if (d < best) best = d;
  }
  return best;
}

/** `nearest(from, targets)` for the decision's unit, computed once per decision. */
export function nearestFrom(ctx: Ctx, from: number, targets: readonly number[]): number {
  if (ctx.nearFrom === undefined) ctx.nearFrom = nearest(from, targets);
  return ctx.nearFrom;
}

/** Objectives not held by `side` alone (the ones to take or relieve). */
export function objectivesToTake(s: MerkurState, ctx: Ctx, side: 0 | 1): number[] {
  return MAP.objectives.filter((z) => cnt(s, ctx, z, side) === 0 || cnt(s, ctx, z, (1 - side) as 0 | 1) > 0);
}

/** Air target value: CW combat units there, less the AA that covers it (8.0). */
export function airTargetValue(s: MerkurState, z: number): number {
  return combatUnitsIn(s, z, CW).length - aaPoints(s, z) * 0.75 + (MAP.objective[z] ? 1 : 0);
}

/**
 * `airTargetValue` of every zone, in one pass over the units at the decision's first call (an
 * air-mission decision scores a dozen zones; adjacency is symmetric, so an AA unit covers its
 * zone and its neighbours): the same sums, read per option.
 */
export function airTargetValueOf(s: MerkurState, ctx: Ctx, z: number): number {
  if (ctx.air === undefined) {
    const cu = ctx.scratch?.air ?? new Float64Array(MAP.count);
    const aa = ctx.scratch?.aa.fill(0) ?? new Float64Array(MAP.count);
    cu.fill(0);
    for (const u of s.units) {
      if (u.status !== 'map' || u.zone < 0) continue;
      if (u.side === CW && u.type !== 'em') cu[u.zone]!++;
      if (u.aa > 0) {
        const p = u.reduced ? reducedValue(s, u.aa) : u.aa;
        aa[u.zone]! += p;
        for (const y of MAP.adj[u.zone]!) if (y !== u.zone) aa[y]! += p;
      }
    }
    for (let y = 0; y < MAP.count; y++) cu[y] = cu[y]! - aa[y]! * 0.75 + (MAP.objective[y] ? 1 : 0);
    ctx.air = cu;
  }
  return ctx.air[z]!;
}
