/**
 * Scripted German policies (docs/games/merkur.md "Policies"): historical, maleme-first, three-airfields, objective-count.
 * Each is a set of knobs over the common scorer; intents are in the descriptions.
 */
import type { PolicyDef, PolicyParamDef } from '../../../core/game.js';
import { unreachable } from '../../../core/kernel.js';
import { onLandingCombat } from '../combat.js';
import { merkurData } from '../data.js';
import type { MerkurDecision, MerkurOption } from '../decisions.js';
import { MAP } from '../map.js';
import { reachable } from '../movement.js';
import { CW, GER, type MerkurState } from '../state.js';
import { combatUnitsIn, countIn, moveOf } from '../units.js';
import {
  airTargetValueOf,
  bombTargetScore,
  type Ctx,
  cnt,
  isContested,
  leadAttackerScore,
  leadDefenderScore,
  lossAnswerScore,
  navyLossScore,
  nearest,
  nearestFrom,
  notScored,
  objectivesToTake,
  occOf,
  pWin,
  scriptedPolicy,
  secondDefenderScore,
  supportScore,
  targetsOf,
  zoneForce,
} from './common.js';

interface Knobs {
  /** Score of dropping unit `u` into zone `z`. */
  drop(s: MerkurState, u: number, z: number): number;
  /** Extra score per zone for air bombardment. */
  airBias(z: number): number;
  /** Minimum P(band >= 4) to assault or fire. */
  threshold: number;
  /** Objectives to push toward, in priority (`ctx`: the decision's scratch). */
  targets(s: MerkurState, ctx: Ctx): number[];
}

const Z = (id: string) => MAP.index.get(id)!;

/**
 * The units that would make the forced assault (5.5) if the activated zone's group entered enemy
 * zone `to` together: those already ordered there, `unit`, and the combat units still to get an
 * order that can reach it (the orders of one activation move together, 4.0).
 */
function entryForce(s: MerkurState, ctx: Ctx, unit: number, to: number): number[] {
  const top = s.stack[s.stack.length - 1];
  if (top === undefined || top.t !== 'orders') return [unit];
  ctx.entry ??= new Map();
  let rest = ctx.entry.get(to);
  if (rest === undefined) {
    const occ = occOf(s, ctx);
    ctx.reach ??= new Map();
    const reach = ctx.reach;
    rest = [];
    for (let k = top.i + 1; k < top.units.length; k++) {
      const i = top.units[k]!;
      const v = s.units[i]!;
      if (v.status !== 'map' || v.zone !== top.zone || v.type === 'em' || v.type === 'battery') continue;
      // units of one movement class standing in one zone reach the same zones (6.1: MA, mechanised, Maori)
      const key = v.fixed ? -1 - i : moveOf(v) * 4 + (v.type === 'tank' ? 2 : 0) + (v.maori ? 1 : 0);
      let r = reach.get(key);
      if (r === undefined) {
        r = reachable(s, i, occ, ctx.scratch?.move);
        reach.set(key, r);
      }
      if (r.includes(to)) rest.push(i);
    }
    ctx.entry.set(to, rest);
  }
  const force: number[] = [];
  for (const o of top.orders) if (o.o === 'move' && o.to === to) force.push(o.u);
  force.push(unit);
  for (const i of rest) force.push(i);
  return force;
}
/** A dispersed German unit stands in zone `z` (3.1: re-activation removes dispersion); one pass per decision. */
function dispersedIn(s: MerkurState, ctx: Ctx, z: number): boolean {
  if (ctx.flags === undefined) {
    const f = ctx.scratch?.flags.fill(0) ?? new Uint8Array(MAP.count);
    for (const u of s.units)
      if (u.side === GER && u.status === 'map' && u.dispersed && u.zone >= 0) f[u.zone] = 1;
    ctx.flags = f;
  }
  return ctx.flags[z] === 1;
}

const HIST = new Map(merkurData.arrivals.flatMap((a) => a.drops.map((x) => [x.unit, Z(x.zone)] as const)));

function germanScore(k: Knobs) {
  return (s: MerkurState, d: MerkurDecision, o: MerkurOption, ctx: Ctx): number => {
    switch (o.type) {
      case 'drop':
        return k.drop(s, o.unit, o.zone);
      case 'air-bomb':
        return airTargetValueOf(s, ctx, o.zone) + k.airBias(o.zone);
      case 'air-support':
        return 1.5;
      case 'air-none':
        return 0;
      case 'airfield':
        return 10 - o.zone / 100;
      case 'nonfield':
        return 2;
      case 'no-landing':
        return 0;
      case 'air-unit':
        // combat battalions first, then artillery and the EM
        return s.units[o.unit]!.type === 'mountain' ? s.units[o.unit]!.a : 1;
      case 'sea':
        return (
          (MAP.port[o.zone] ? 5 : 0) -
          cnt(s, ctx, o.zone, CW) * 3 -
          nearest(
            o.zone,
            targetsOf(ctx, () => k.targets(s, ctx)),
          )
        );
      case 'no-glider':
        // the weakest Sturm Regiment unit goes without a glider
        return -s.units[o.unit]!.a - (s.units[o.unit]!.type === 'em' ? 0 : 0.5);
      case 'preinvasion':
        return o.bombard ? 1 : 0;
      case 'regroup':
        return s.units[o.unit]!.a;
      case 'activate':
        return o.initiative ? (dispersedIn(s, ctx, o.zone) ? 0.5 : -1) : 1;
      case 'activate-all':
        // every zone is worth activating (1 each, in any order): all of them, in map order
        return 1.5;
      case 'luftwaffe':
        return 2;
      case 'end-activations':
        return 0;
      case 'keep':
        return 0;
      case 'reroll':
        // 5.2: a combat on landing is not re-rolled (the engine's rule before it was offered, 3.1 a)
        return onLandingCombat(s) ? -1 : 1;
      case 'plus-one':
        return 0.5;
      case 'lead-attacker':
        return leadAttackerScore(s, d, o.unit);
      case 'support':
        return supportScore(s, d, o.unit);
      case 'fort-sacrifice':
      case 'retreat':
      case 'loss':
        return lossAnswerScore(s, d, o, ctx);
      case 'bomb-target':
        return bombTargetScore(s, d, o, ctx);
      case 'second-defender':
        return secondDefenderScore(s, d, o, ctx);
      case 'rn-loss':
        return navyLossScore(s, d, o, ctx);
      case 'lead-defender':
        return leadDefenderScore(s, d, o.unit, ctx);
      case 'stay': {
        const z = s.units[o.unit]!.zone;
        return MAP.objective[z] || MAP.airfield[z] ? 0.5 : 0;
      }
      case 'assault': {
        const p = pWin(
          s,
          ctx,
          GER,
          zoneForce(s, o.unit),
          s.units[o.unit]!.zone,
          s.units[o.unit]!.zone,
          'assault',
        );
        return p >= k.threshold ? 2 + p : -1;
      }
      case 'fire': {
        if (isContested(s, ctx, o.to)) return -1;
        const p = pWin(s, ctx, GER, [o.unit], o.to, s.units[o.unit]!.zone, 'fire');
        return p >= k.threshold ? 1.5 + p : -1;
      }
      case 'bombard':
        return 3 + combatUnitsIn(s, o.to, CW).length / 10;
      case 'move': {
        const u = s.units[o.unit]!;
        const from = u.zone;
        // hold captured objectives and airfields
        if (
          (MAP.objective[from] || MAP.airfield[from]) &&
          cnt(s, ctx, from, GER) <= 2 &&
          !isContested(s, ctx, from)
        )
          return -1;
        ctx.targets ??= k.targets(s, ctx);
        const t = ctx.targets;
        const gain = nearestFrom(ctx, from, t) - nearest(o.to, t);
        const enemies = cnt(s, ctx, o.to, CW);
        if (enemies > 0 && cnt(s, ctx, o.to, GER) === 0) {
          // the entry is an assault (5.5) by the group that enters together: judged at its odds
          const p = pWin(s, ctx, GER, entryForce(s, ctx, o.unit, o.to), o.to, o.to, 'assault');
          if (p < k.threshold) return -2;
          return 2 + p;
        }
        return gain > 0 ? 0.8 + gain * 0.3 : -0.5;
      }
      // CW decisions, never asked of the German; 4.0 b `hold` is judged by the policy itself
      case 'fort':
      case 'no-fort':
      case 'setup-zone':
      case 'maori':
      case 'no-maori':
      case 'hold':
        return notScored('german', d, o);
      default:
        return unreachable(o);
    }
  };
}

const ALL_TARGETS = (s: MerkurState, ctx: Ctx) => objectivesToTake(s, ctx, GER);

const historicalKnobs: Knobs = {
  drop: (_s, u, z) => -MAP.dist[HIST.get(_s.units[u]!.id) ?? z]![z]!,
  airBias: () => 0,
  threshold: 0.5,
  targets: ALL_TARGETS,
};

const malemeKnobs: Knobs = {
  drop: (s, u, z) => {
    if (s.turn === 1)
      return ['1', '2', '3', '6'].includes(MAP.ids[z]!) ? 5 - countIn(s, z, GER) : -MAP.dist[Z('2')]![z]!;
    return (
      (MAP.terrain[z] === 'plaine' ? 2 : 0) -
      countIn(s, z, CW) * 2 -
      MAP.dist[HIST.get(s.units[u]!.id) ?? z]![z]!
    );
  },
  airBias: (z) => (z === Z('2') ? 10 : 0),
  threshold: 0.45,
  targets: (s, ctx) => (cnt(s, ctx, Z('2'), CW) > 0 ? [Z('2')] : ALL_TARGETS(s, ctx)),
};

const airfieldKnobs: Knobs = {
  drop: (s, _u, z) => {
    const af = MAP.airfields.find((a) => MAP.map[a] === MAP.map[z]) ?? Z('2');
    const dist = MAP.dist[af]![z]!;
    return (
      (dist === 1 ? 3 : dist === 0 && countIn(s, z, CW) === 0 ? 4 : -dist) -
      countIn(s, z, CW) -
      countIn(s, z, GER) * 0.5
    );
  },
  airBias: (z) => (MAP.airfield[z] ? 3 : 0),
  threshold: 0.45,
  targets: (s, ctx) => {
    const af = MAP.airfields.filter((z) => cnt(s, ctx, z, CW) > 0 || cnt(s, ctx, z, GER) === 0);
    return af.length > 0 ? af : ALL_TARGETS(s, ctx);
  },
};

const CENTRE_EAST = ['22', '26', '32', '35'];
const objectiveKnobs: Knobs = {
  drop: (s, u, z) =>
    (MAP.objective[z] ? 2 : 0) - countIn(s, z, CW) * 1.5 - MAP.dist[HIST.get(s.units[u]!.id) ?? z]![z]! * 0.5,
  airBias: (z) => (MAP.objective[z] ? 2 : -1),
  threshold: 0.4,
  targets: (s, ctx) => {
    const ce = CENTRE_EAST.map(Z).filter((z) => cnt(s, ctx, z, CW) > 0 || cnt(s, ctx, z, GER) === 0);
    return ce.length > 0 ? [...ce, ...ALL_TARGETS(s, ctx)] : ALL_TARGETS(s, ctx);
  },
};

/**
 * The attack threshold as a declared parameter (the knob's value is its default, so a policy at its
 * defaults plays exactly as before); `tune` and experiments (`historical:threshold=0.35`) can set it.
 */
const thresholdParam = (k: Knobs): PolicyParamDef[] => [
  {
    id: 'threshold',
    description: 'Minimum P(band >= 4) (7.4: the defender halved or eliminated) to assault or fire.',
    kind: 'number',
    default: k.threshold,
    min: 0.05,
    max: 0.95,
  },
];
const withThreshold = (k: Knobs) => (p: Readonly<Record<string, number>>) =>
  germanScore({ ...k, threshold: p.threshold ?? k.threshold });

export const germanPolicies: readonly PolicyDef<MerkurState, MerkurDecision>[] = [
  scriptedPolicy(
    'historical',
    'german',
    "The data's historical drop zones; air on the objective with the most CW units outside AA cover; assault or fire only when P(band >= 4) >= 0.5; air-land at the first held airfield; push toward the nearest objective not held.",
    withThreshold(historicalKnobs),
    thresholdParam(historicalKnobs),
  ),
  scriptedPolicy(
    'maleme-first',
    'german',
    'Schwerpunkt Maleme: turn-1 drops in zones 1, 2, 3 and 6, all air on zone 2, every move toward Maleme until it is taken, then air-land there; turn-2 drops on plaine zones with few CW.',
    withThreshold(malemeKnobs),
    thresholdParam(malemeKnobs),
  ),
  scriptedPolicy(
    'three-airfields',
    'german',
    'One airfield per map: drops next to (or on an empty) airfield, air on airfields, moves converge on the airfields not held, to maximise air-landing.',
    withThreshold(airfieldKnobs),
    thresholdParam(airfieldKnobs),
  ),
  scriptedPolicy(
    'objective-count',
    'german',
    'Greedy on the victory scale: Centre and East objectives (decisive against a draw) first, drops on weakly held objectives, air only on objectives, attacks at P(band >= 4) >= 0.4.',
    withThreshold(objectiveKnobs),
    thresholdParam(objectiveKnobs),
  ),
];
