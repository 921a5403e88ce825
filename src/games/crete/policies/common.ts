/**
 * The machinery the scripted Crete policies share: a policy is a Plan (what each side wants where)
 * and this file turns it into answers for every decision kind. Everything is read from the view the
 * side is given (the British view has no German allocation, hidden.ts); nothing is kept between
 * decisions but the target of the unit a move-unit answer just picked (reused by the move answer
 * that follows in the same game) and caches keyed by the game and decision they were made for, so a
 * policy object may serve many games, and a fresh one (`clone`) answers as it does. `scores` gives
 * the ranking behind every answer (tests/crete-policy-scores.test.ts).
 */
import type { Policy } from '../../../core/game.js';
import { unreachable } from '../../../core/kernel.js';
import { type Rng, randInt } from '../../../core/rng.js';
import { attackCf, defenceStrength } from '../combat.js';
import { usedColumn } from '../crt.js';
import type { BattleOption, CreteDecision } from '../decisions.js';
import { distance, MAP, ROUGH, TOWN } from '../map.js';
import type { CreteState, CreteUnit, Side } from '../state.js';

/** Column indices: 0 = 1-3, 2 = 1-1, 3 = 2-1, 4 = 3-1, 5 = 4-1, 6 = 5-1, 7 = 6-1. */
export const COL = { '1-1': 2, '2-1': 3, '3-1': 4, '4-1': 5, '5-1': 6 } as const;

/** British CF per square and British ZOC, computed once per drop decision (policy-instance scratch). */
export interface DropContext {
  readonly briCf: Int16Array;
  readonly briZoc: Uint8Array;
}

function fillDropContext(s: CreteState, ctx: DropContext): void {
  ctx.briCf.fill(0);
  ctx.briZoc.fill(0);
  for (const u of s.units)
    if (u.side === 'british' && u.loc >= 0) {
      ctx.briCf[u.loc]! += u.cf;
      for (const j of MAP.neighbours[u.loc]!) ctx.briZoc[j] = 1;
    }
}

export interface Plan {
  readonly side: Side;
  /** K6.1: board 0..2 or -1 (held back) for para `u`. */
  allocate?(s: CreteState, u: number): number;
  /** K6.2: the square unit `u` should set up on. */
  setup?(s: CreteState, u: number): number;
  /** Later turns: board 0..2 for a held-back para now, or -1 to keep waiting. */
  dropLater?(s: CreteState, u: number): number;
  /** Score of a drop square for para `u` (higher is better); `ctx` holds the British CF and ZOC per square. */
  dropScore?(s: CreteState, u: number, h: number, ctx: DropContext): number;
  /** The square unit `u` is heading for now, or -1 to stay where it is (`memo`: the policy instance's scratch). */
  target(s: CreteState, u: number, memo: TargetMemo): number;
  /** Lowest column for a battle on the limited / all-out table (8 = never). */
  readonly limitedMin: number;
  readonly allOutMin: number;
  /** Extra filter on battles (e.g. no para attacks). */
  battleAllowed?(s: CreteState, o: BattleOption): boolean;
  /** Bonus for attacking square h (objectives). */
  battleBonus?(s: CreteState, h: number): number;
  /** Prefer to keep unit kind when taking EX losses (lose the others first). */
  readonly keepKind?: CreteUnit['kind'];
  /** Counter-attack on CA at this column or better, else retreat. */
  readonly counterMin: number;
  /** Move score bonus for ending in doubled terrain (British). */
  readonly terrainBonus?: number;
}

/**
 * Scratch of one policy instance for Plan.target: what a target computation found that holds for
 * every unit at one decision (the game's units array and decision count say which), e.g. the
 * objectives not German-held for the list `list` (null: the plan's default list).
 */
export interface TargetMemo {
  units: readonly CreteUnit[] | null;
  decisions: number;
  list: readonly number[] | null;
  open: number[];
  /** The squares holding British units, in order of their first unit, at decision `briDecisions` of `briUnits`. */
  briUnits: readonly CreteUnit[] | null;
  briDecisions: number;
  bri: number[];
  /**
   * At decision `gerDecisions` of `gerUnits`: the squares holding German ground units in order of
   * their first unit, and the British units on each airfield (MAP.airfields order).
   */
  gerUnits: readonly CreteUnit[] | null;
  gerDecisions: number;
  ger: number[];
  airfieldBritish: number[];
}

export const isDoubled = (h: number) => MAP.terrain[h] === ROUGH || MAP.terrain[h] === TOWN;

/** The German side of the square h, or 'none' (air ignored). */
export function holder(s: CreteState, h: number): Side | 'none' {
  for (const u of s.units) if (u.loc === h && u.kind !== 'air') return u.side;
  return 'none';
}

/** Some unit of the other side than `side` (air included, as the movement search counts them) is on square h. */
function enemyOn(s: CreteState, side: Side, h: number): boolean {
  for (const u of s.units) if (u.loc === h && u.side !== side) return true;
  return false;
}

/** Nearest square of `list` to h (-1 if empty). */
export function nearest(h: number, list: readonly number[]): number {
  let best = -1;
  let bd = Number.POSITIVE_INFINITY;
  for (const x of list) {
    const d = distance(h, x);
    if (d < bd) {
      bd = d;
      best = x;
    }
  }
  return best;
}

/** Squares holding units of `side`, optionally only paras landed this turn. */
export function squaresOf(s: CreteState, side: Side, pred?: (u: CreteUnit) => boolean): number[] {
  const out: number[] = [];
  for (const u of s.units)
    if (
      u.side === side &&
      u.loc >= 0 &&
      u.kind !== 'air' &&
      (pred === undefined || pred(u)) &&
      !out.includes(u.loc)
    )
      out.push(u.loc);
  return out;
}

/** Per-square strengths for one decision (policy-instance scratch, filled by fillSquares). */
export interface SquareContext {
  /** Ground CF of the side deciding that may attack (paras landed this turn excluded). */
  readonly ground: Int16Array;
  /** Air CF of the side deciding. */
  readonly air: Int16Array;
  /** 1 where a para of the side deciding landed this turn. */
  readonly landed: Uint8Array;
  /** Ground CF of the other side (not doubled). */
  readonly dfn: Int16Array;
  /** holder(s, h): 0 none, 1 German, 2 British. */
  readonly holds: Uint8Array;
}

/** Fills ctx in one pass over the units (what attackCf, defenceStrength and holder read square by square). */
function fillSquares(s: CreteState, side: Side, ctx: SquareContext): void {
  const { ground, air, landed, dfn, holds } = ctx;
  ground.fill(0);
  air.fill(0);
  landed.fill(0);
  dfn.fill(0);
  holds.fill(0);
  const turn = s.turn;
  for (const u of s.units) {
    const h = u.loc;
    if (h < 0) continue;
    if (u.kind === 'air') {
      if (u.side === side) air[h]! += u.cf;
      continue;
    }
    if (holds[h] === 0) holds[h] = u.side === 'german' ? 1 : 2;
    if (u.side !== side) dfn[h]! += u.cf;
    else if (u.kind === 'para' && u.landed === turn) landed[h] = 1;
    else ground[h]! += u.cf;
  }
}

/** attackCf(s, side, [h]) from the filled context (K15.6, V-LANDSTACK; K16 air for the German). */
function attackOf(s: CreteState, side: Side, ctx: SquareContext, h: number): number {
  const g = ctx.landed[h] === 1 && s.rules.landedStack === 'stack-cannot-attack' ? 0 : ctx.ground[h]!;
  return side === 'german' ? g + ctx.air[h]! : g;
}

/** defenceStrength(s, other side, h) from the filled context (K10.9). */
const defenceOf = (ctx: SquareContext, h: number): number => (isDoubled(h) ? 2 : 1) * ctx.dfn[h]!;

function battleColumn(s: CreteState, o: BattleOption, side: Side, ctx: SquareContext): number {
  let a = 0;
  for (const h of o.squares) a += attackOf(s, side, ctx, h);
  return usedColumn(s.rules, a, defenceOf(ctx, o.def));
}

/** A policy from a plan. */
export function planPolicy(id: string, plan: Plan): Policy<CreteState, CreteDecision> {
  const ctx: DropContext = { briCf: new Int16Array(MAP.size), briZoc: new Uint8Array(MAP.size) };
  const sq: SquareContext = {
    ground: new Int16Array(MAP.size),
    air: new Int16Array(MAP.size),
    landed: new Uint8Array(MAP.size),
    dfn: new Int16Array(MAP.size),
    holds: new Uint8Array(MAP.size),
  };
  // the unit the last move-unit answer picked and its target, in the game whose units array it read
  // (a copy of the state has its own array): the move answer right after it reuses the target
  const picked: { units: readonly CreteUnit[] | null; decisions: number; u: number; t: number } = {
    units: null,
    decisions: -1,
    u: -1,
    t: -1,
  };
  // the game, decision and turn of the last air-support answer, whose holders and defence sq still
  // holds: the air task asks its decisions one after another, before the combat task (turn-sequence.ts),
  // so the decision just before in the same turn was the air task's, and only air units moved since
  // (a forced air-support answer is not asked and not counted in s.decisions, and moves air units only)
  const airSq: { units: readonly CreteUnit[] | null; decisions: number; turn: number } = {
    units: null,
    decisions: -1,
    turn: -1,
  };
  const memo: TargetMemo = {
    units: null,
    decisions: -1,
    list: null,
    open: [],
    briUnits: null,
    briDecisions: -1,
    bri: [],
    gerUnits: null,
    gerDecisions: -1,
    ger: [],
    airfieldBritish: [0, 0, 0],
  };
  return {
    id,
    // the plan is constant and everything else is scratch keyed by the game it was computed for:
    // a fresh instance answers the same from the same states
    clone: () => planPolicy(id, plan),
    scores: (s, d, out) => scoreOptions(plan, s, d, out, memo, ctx, sq, airSq),
    reset: () => {
      picked.units = null;
      memo.units = null;
      memo.briUnits = null;
      memo.gerUnits = null;
      airSq.units = null;
    },
    choose(s: CreteState, d: CreteDecision, rng: Rng): number {
      const n = d.options.length;
      if (n === 1) return 0;
      switch (d.kind) {
        case 'allocate-drop': {
          const want = plan.allocate?.(s, d.options[0]!.u) ?? randInt(rng, 0, 2);
          const i = d.options.findIndex((o) => o.board === want);
          return Math.max(i, 0);
        }
        case 'setup-hex': {
          const u = d.options[0]!.u;
          const want = plan.setup?.(s, u) ?? -1;
          if (want < 0) return randInt(rng, 0, n - 1);
          // the first option at distance 0 is `want` itself (squares on other boards are at least 1 away)
          const at = findTo(d.options, 0, want);
          if (at >= 0) return at;
          return argBest(n, (i) => -distance(d.options[i]!.to, want));
        }
        case 'drop-more': {
          const want = plan.dropLater?.(s, d.options[0]!.u) ?? -1;
          const i = d.options.findIndex((o) => o.board === want);
          return Math.max(i, 0);
        }
        case 'drop-hex': {
          const u = d.options[0]!.u;
          fillDropContext(s, ctx);
          return argBest(n, (i) => plan.dropScore?.(s, u, d.options[i]!.to, ctx) ?? 0);
        }
        case 'scatter-overstack':
          return 0;
        case 'mountain-land':
          return n - 1;
        case 'move-unit': {
          // the first unit whose move answer (below) might not be to stay: not one with no target,
          // nor (terrain bonus under 9) one already on it, nor one next to an enemy-held target
          // (K8.6: no option reaches it, so every option is at least as far, and staying scores
          // more unless only the options have the terrain bonus)
          const o = d.options;
          const bonus = plan.terrainBonus ?? 0;
          for (let i = 1; i < n; i++) {
            const u = o[i]!.u;
            const t = plan.target(s, u, memo);
            if (t < 0) continue;
            const at = s.units[u]!.loc;
            if (bonus < 9 && at === t) continue;
            if (at >= 0 && distance(at, t) === 1 && (bonus === 0 || isDoubled(at)) && enemyOn(s, d.side, t))
              continue;
            picked.units = s.units;
            picked.decisions = s.decisions;
            picked.u = u;
            picked.t = t;
            return i;
          }
          return 0;
        }
        case 'move': {
          const u = d.options[0]!.u;
          const unit = s.units[u]!;
          // the move answer right after this unit's pick: the target the pick found (nothing moved since)
          const t =
            picked.units === s.units && picked.decisions === s.decisions - 1 && picked.u === u
              ? picked.t
              : plan.target(s, u, memo);
          if (t < 0) return 0;
          const bonus = plan.terrainBonus ?? 0;
          // score -10 x distance to t + terrain bonus + 1 for staying, first best; with a bonus under
          // 9, staying on t (score >= 1) and moving onto t (>= 0) beat every other option (< 0)
          const o = d.options;
          if (bonus < 9) {
            if (unit.loc === t) return 0;
            const at = findTo(o, 1, t);
            if (at >= 0) return at;
          }
          let best = 0;
          let bv = Number.NEGATIVE_INFINITY;
          for (let i = 0; i < n; i++) {
            const to = o[i]!.to;
            const at = to < 0 ? unit.loc : to;
            const v =
              at < 0
                ? -1e6
                : -distance(at, t) * 10 + (bonus > 0 && isDoubled(at) ? bonus : 0) + (to < 0 ? 1 : 0);
            if (v > bv) {
              bv = v;
              best = i;
            }
          }
          return best;
        }
        case 'air-support': {
          // the square next to the British square with the most defenders it can help beat; the
          // holders and defence read here are those of the air-support decision just before, if
          // there was one (only air units, which they do not count, moved since)
          if (airSq.units !== s.units || airSq.decisions !== s.decisions - 1 || airSq.turn !== s.turn)
            fillSquares(s, 'german', sq);
          airSq.units = s.units;
          airSq.decisions = s.decisions;
          airSq.turn = s.turn;
          return argBest(n, (i) => {
            const to = d.options[i]!.to;
            if (to < 0) return 0;
            let best = 0;
            for (const j of MAP.neighbours[to]!) {
              if (sq.holds[j] !== 2) continue;
              best = Math.max(best, 10 + (plan.battleBonus?.(s, j) ?? 0) - defenceOf(sq, j) / 4);
            }
            return best;
          });
        }
        case 'battle': {
          let best = 0;
          let score = 0;
          fillSquares(s, d.side, sq);
          airSq.units = null;
          for (let i = 1; i < n; i++) {
            const o = d.options[i]!;
            if (plan.battleAllowed !== undefined && !plan.battleAllowed(s, o)) continue;
            const col = battleColumn(s, o, d.side, sq);
            const min = o.table === 'limited' ? plan.limitedMin : plan.allOutMin;
            if (col < min) continue;
            const v = col * 10 + (o.table === 'all-out' ? 1 : 0) + (plan.battleBonus?.(s, o.def) ?? 0);
            if (v > score) {
              score = v;
              best = i;
            }
          }
          return best;
        }
        case 'ex-losses':
          return argBest(n, (i) => {
            let v = 0;
            for (const u of d.options[i]!.units) {
              const x = s.units[u]!;
              v -= x.cf + (x.kind === plan.keepKind ? 5 : 0);
            }
            return v;
          });
        case 'retreat': {
          const u = d.options[0]!.u;
          const t = plan.target(s, u, memo);
          if (t < 0) return 0;
          return argBest(n, (i) => (d.options[i]!.to < 0 ? -1e6 : -distance(d.options[i]!.to, t)));
        }
        case 'ca-response': {
          const b = d.options;
          let best = 0;
          let col = plan.counterMin - 1;
          // option 0 is the retreat unless retreating would only destroy the stack (combat.ts caOptions)
          for (let i = 0; i < b.length; i++) {
            const h = b[i]!.counter;
            if (h < 0) continue;
            const mine = squaresOf(s, d.side).filter((x) => MAP.neighbours[x]!.includes(h) || x === h);
            if (mine.length === 0) continue;
            const a = attackCf(s, d.side, [mine[0]!]);
            const c = usedColumn(
              s.rules,
              a,
              defenceStrength(s, d.side === 'german' ? 'british' : 'german', h),
            );
            if (c > col) {
              col = c;
              best = i;
            }
          }
          return best;
        }
      }
      return 0;
    },
  };
}

/**
 * Policy.scores of a plan policy: per option the ranking `choose` computes (higher is better),
 * written into out[0..n-1], drawing nothing; `choose`'s answer has the highest score (the first of
 * equal scores, as `choose` takes the first). Where `choose` takes the first option that passes a
 * test, the options that pass score above the others, earlier ones higher. Where `choose` draws
 * (a plan with no set-up or allocation), every option scores 0.
 */
function scoreOptions(
  plan: Plan,
  s: CreteState,
  d: CreteDecision,
  out: Float64Array,
  memo: TargetMemo,
  ctx: DropContext,
  sq: SquareContext,
  airSq: { units: readonly CreteUnit[] | null },
): void {
  const n = d.options.length;
  switch (d.kind) {
    case 'allocate-drop':
    case 'drop-more': {
      const u = d.options[0]!.u;
      const want = d.kind === 'allocate-drop' ? plan.allocate?.(s, u) : (plan.dropLater?.(s, u) ?? -1);
      for (let i = 0; i < n; i++) out[i] = want !== undefined && d.options[i]!.board === want ? 1 : 0;
      return;
    }
    case 'setup-hex': {
      const want = plan.setup?.(s, d.options[0]!.u) ?? -1;
      for (let i = 0; i < n; i++) out[i] = want < 0 ? 0 : -distance(d.options[i]!.to, want);
      return;
    }
    case 'drop-hex': {
      const u = d.options[0]!.u;
      fillDropContext(s, ctx);
      for (let i = 0; i < n; i++) out[i] = plan.dropScore?.(s, u, d.options[i]!.to, ctx) ?? 0;
      return;
    }
    case 'scatter-overstack':
      for (let i = 0; i < n; i++) out[i] = -i;
      return;
    case 'mountain-land':
      for (let i = 0; i < n; i++) out[i] = d.options[i]!.count;
      return;
    case 'move-unit': {
      // end the segment 0; a unit whose move might not be to stay (choose's test) n - i; the others -1
      const bonus = plan.terrainBonus ?? 0;
      out[0] = 0;
      for (let i = 1; i < n; i++) {
        const u = d.options[i]!.u;
        const t = plan.target(s, u, memo);
        const at = s.units[u]!.loc;
        const stays =
          t < 0 ||
          (bonus < 9 && at === t) ||
          (at >= 0 && distance(at, t) === 1 && (bonus === 0 || isDoubled(at)) && enemyOn(s, d.side, t));
        out[i] = stays ? -1 : n - i;
      }
      return;
    }
    case 'move': {
      const u = d.options[0]!.u;
      const loc = s.units[u]!.loc;
      const t = plan.target(s, u, memo);
      const bonus = plan.terrainBonus ?? 0;
      for (let i = 0; i < n; i++) {
        const to = d.options[i]!.to;
        if (t < 0) {
          out[i] = to < 0 ? 1 : 0;
          continue;
        }
        const at = to < 0 ? loc : to;
        out[i] =
          at < 0 ? -1e6 : -distance(at, t) * 10 + (bonus > 0 && isDoubled(at) ? bonus : 0) + (to < 0 ? 1 : 0);
      }
      return;
    }
    case 'air-support': {
      fillSquares(s, 'german', sq);
      airSq.units = null; // sq now holds this state's squares: choose fills its own again
      for (let i = 0; i < n; i++) {
        const to = d.options[i]!.to;
        let best = 0;
        if (to >= 0)
          for (const j of MAP.neighbours[to]!) {
            if (sq.holds[j] !== 2) continue;
            best = Math.max(best, 10 + (plan.battleBonus?.(s, j) ?? 0) - defenceOf(sq, j) / 4);
          }
        out[i] = best;
      }
      return;
    }
    case 'battle': {
      // ending the segment 0; a battle the plan fights its value (over 0); one it would not, below 0
      fillSquares(s, d.side, sq);
      airSq.units = null;
      out[0] = 0;
      for (let i = 1; i < n; i++) {
        const o = d.options[i]!;
        const col = battleColumn(s, o, d.side, sq);
        const v = col * 10 + (o.table === 'all-out' ? 1 : 0) + (plan.battleBonus?.(s, o.def) ?? 0);
        const min = o.table === 'limited' ? plan.limitedMin : plan.allOutMin;
        const fights = (plan.battleAllowed === undefined || plan.battleAllowed(s, o)) && col >= min;
        out[i] = fights ? v : v - 1000;
      }
      return;
    }
    case 'ex-losses':
      for (let i = 0; i < n; i++) {
        let v = 0;
        for (const u of d.options[i]!.units) {
          const x = s.units[u]!;
          v -= x.cf + (x.kind === plan.keepKind ? 5 : 0);
        }
        out[i] = v;
      }
      return;
    case 'retreat': {
      const t = plan.target(s, d.options[0]!.u, memo);
      for (let i = 0; i < n; i++) {
        const to = d.options[i]!.to;
        out[i] = t < 0 ? -i : to < 0 ? -1e6 : -distance(to, t);
      }
      return;
    }
    case 'ca-response': {
      // a counter-attack at counterMin or better its column; else option 0 just under counterMin,
      // and the other options below it (by column; -3 under counterMin when no unit can make it)
      const min = plan.counterMin;
      for (let i = 0; i < n; i++) {
        const h = d.options[i]!.counter;
        let c = Number.NEGATIVE_INFINITY;
        if (h >= 0) {
          const mine = squaresOf(s, d.side).filter((x) => MAP.neighbours[x]!.includes(h) || x === h);
          if (mine.length > 0)
            c = usedColumn(
              s.rules,
              attackCf(s, d.side, [mine[0]!]),
              defenceStrength(s, d.side === 'german' ? 'british' : 'german', h),
            );
        }
        out[i] =
          c >= min ? c : i === 0 ? min - 1 : c === Number.NEGATIVE_INFINITY ? min - 3 : min - 2 + c / 100;
      }
      return;
    }
    default:
      unreachable(d);
  }
}

/** Index of the option with square `to` among options[from..], which are in ascending order of square (-1 if none). */
function findTo(options: readonly { readonly to: number }[], from: number, to: number): number {
  let lo = from;
  let hi = options.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = options[mid]!.to;
    if (x === to) return mid;
    if (x < to) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Index of the highest score (first on ties). */
export function argBest(n: number, f: (i: number) => number): number {
  let best = 0;
  let bv = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = f(i);
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return best;
}
