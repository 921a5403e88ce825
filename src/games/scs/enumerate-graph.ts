/**
 * Regular and relief battles for the exact odds (enumerate.ts): the graph of combat.ts's chance
 * points (each volley of 10.1 pends in explicit-chance mode), the player's answers of the odds
 * request, and the probability mass flowing over the graph round by round.
 */
import { engagedCounts, forceSteps, startBattle } from './combat.js';
import type { ScsDecision } from './decisions.js';
import type { EngineBattle, EngineOdds } from './enumerate.js';
import {
  type Arena,
  addAt,
  battleCopy,
  combatUnits,
  copyTask,
  ENUMERATION_ROUND_CAP,
  MASS_EPS,
} from './enumerate-arena.js';
import {
  type BattleStage,
  type BattleView,
  GUDERIAN,
  MECH,
  NONMECH,
  ROTKOPF,
  type ScsState,
  SECURITY,
  VIII_FK,
} from './state.js';
import { apply, runUntil } from './turn-sequence.js';

/**
 * One point of the battle graph: a state at a chance point, and where its outcomes lead (edges
 * `first` .. `first + count - 1` of the graph's edge arrays).
 */
interface Point {
  /** The state (dropped once the point is expanded). */
  rep: ScsState | null;
  /** Soviet steps and German combat units at this point, and its round. */
  readonly left: number;
  readonly units: number;
  readonly round: number;
  first: number;
  count: number;
}

/** A battle stage as one character of a point's key. */
const STAGE_CODE: Readonly<Record<BattleStage, number>> = {
  round: 0,
  primary: 1,
  mech: 2,
  nonmech: 3,
  soviet: 4,
  security: 5,
  vi: 6,
  end: 7,
};

/** Packing of (point, German combat units at the start) into one key: at most 30 units (odds.ts). */
const G0_SPAN = 32;

/** Where a battle started by `BattleGraph.start` stands: a point, or the end it reached at once. */
export type Start =
  | { readonly point: number }
  | { readonly point: -1; readonly end: number; readonly left: number; readonly units: number };

/**
 * The chance points of the battles of one battle family (an EngineBattle less the force's steps and
 * the rounds fought, so long as those stay finite or stay to the death): each point is run through
 * combat.ts once (`expand`), and points reached by several battles are shared.
 */
export class BattleGraph {
  readonly points: Point[] = [];
  /**
   * Per edge (an outcome of a point): the next point (-1: the battle ended), its probability and
   * the rounds it moves on; for an end: 0 taken, 1 destroyed, 2 stymied (else -1), and the Soviet
   * steps and German units left.
   */
  readonly to: number[] = [];
  readonly p: number[] = [];
  readonly dRound: number[] = [];
  readonly end: number[] = [];
  readonly endLeft: number[] = [];
  readonly endUnits: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly finite: boolean;
  /**
   * Rounds from this one on differ only in their number (after the first and the VI IC's: 10.8,
   * 10.10, 10.1 step 1), and points in them that hold the same forces and MF are one point; never
   * when a relief battle goes on out of MF (variant relief-to-the-death), where the rounds the game
   * allows (combat.ts) count.
   */
  private readonly sameFrom: number;
  /** Scratch for counts by counter type. */
  private readonly counts = [0, 0, 0, 0, 0, 0, 0, 0];
  /**
   * The state each outcome is run in (`load`): most outcomes reach a point already known, so only
   * a new point's state is copied out of it (battleCopy).
   */
  private readonly scratch: ScsState;
  /** The scratch state's own battle view and Turn Track box. */
  private readonly view: BattleView = {
    hex: -1,
    kind: 'defense',
    round: 0,
    mech: 0,
    nonMech: 0,
    security: 0,
    supports: 0,
  };
  private readonly box: number[] = [];

  constructor(
    private readonly b: EngineBattle,
    private readonly ar: Arena,
  ) {
    this.scratch = battleCopy(ar.s);
    this.finite = Number.isFinite(b.maxRounds);
    this.sameFrom =
      this.finite && b.kind === 'relief' && b.cfg.reliefToTheDeath
        ? Number.POSITIVE_INFINITY
        : Math.max(2, b.viRound + 1);
  }

  /** The player's answers of the odds request: VI IC round (10.11), fight on (9.3), kill order (10.14). */
  private answer(x: ScsState, d: ScsDecision): number {
    switch (d.kind) {
      case 'commitVI':
        return x.stack.some((t) => t.t === 'battle' && t.round === this.b.viRound) ? 1 : 0;
      case 'anotherRound':
        return 1;
      case 'germanLoss': {
        for (const t of this.b.killOrder) {
          const i = d.options.indexOf(t);
          if (i >= 0) return i;
        }
        return 0;
      }
      default:
        throw new Error(`SCS odds: unexpected decision ${d.kind}`);
    }
  }

  /** Runs `x` to its next chance point (answering decisions); false when the battle is over. */
  advanceTo(x: ScsState): boolean {
    const ws = this.ar.ws;
    ws.s = x;
    for (;;) {
      const p = runUntil(x, ws, (y) => y.stack.length === 0);
      if (p === null) return false;
      if (p.kind === 'chance') return true;
      apply(x, ws, p, this.answer(x, p as ScsDecision));
    }
  }

  /**
   * Starts the battle of the force engaged in `s` (a copy of it, the army at `steps` steps, at most
   * `maxRounds` rounds) and runs it to its first chance point.
   */
  start(s: ScsState, steps: number, maxRounds: number): Start {
    const ar = this.ar;
    const x = this.load(s);
    x.armies[ar.a]!.steps = steps;
    ar.ws.s = x;
    startBattle(ar.ws, this.b.kind as 'defense' | 'relief', ar.h, ar.a, this.finite ? maxRounds - 1 : 1e9);
    if (this.advanceTo(x)) return { point: this.pointOf(x) };
    const left = forceSteps(x, ar.a);
    return { point: -1, end: endOf(x, left), left, units: combatUnits(x) };
  }

  /** The point of state `x` (at a chance point), created when new. */
  pointOf(x: ScsState): number {
    const a = this.ar.a;
    const c = this.counts;
    engagedCounts(x, c);
    const round = roundOf(x);
    // the support markers act only through the round's DRMs, which the battle task holds: Ops E&C
    // and the Raid in round 1 only (10.8, 10.10), VIII FK, Guderian and Rotkopf every round (10.6,
    // 10.7, 10.9), so in round 1 those three tell the later rounds' DRMs (8: a later round)
    const lasting =
      round === 1 ? (c[VIII_FK]! > 0 ? 1 : 0) + (c[GUDERIAN]! > 0 ? 2 : 0) + (c[ROTKOPF]! > 0 ? 4 : 0) : 8;
    // one character per number (all small and at least -1)
    let k = String.fromCharCode(
      c[MECH]!,
      c[NONMECH]!,
      c[SECURITY]!,
      lasting,
      x.armies[a]!.steps,
      forceSteps(x, a),
      x.host + 1,
      x.viReady ? 1 : 0,
    );
    for (const t of x.stack) {
      if (t.t === 'battle')
        k += String.fromCharCode(
          66,
          Math.min(t.round, this.sameFrom),
          STAGE_CODE[t.stage],
          this.finite ? t.mf : 0,
          t.vi ? 1 : 0,
          t.drm[0]! + 32,
          t.drm[1]! + 32,
          t.drm[2]! + 32,
          t.drm[3]! + 32,
        );
      else if (t.t === 'losses') k += String.fromCharCode(76, t.hits, t.k);
    }
    let id = this.ids.get(k);
    if (id === undefined) {
      id = this.points.length;
      this.ids.set(k, id);
      this.points.push({
        rep: x === this.scratch ? battleCopy(x) : x,
        left: forceSteps(x, a),
        units: combatUnits(x),
        round: roundOf(x),
        first: 0,
        count: 0,
      });
    }
    return id;
  }

  /**
   * The scratch state loaded with what battleCopy would copy of `s` (its own armies, engaged
   * counters, tasks, battle view, outcome, statistics and Turn Track box; the rest shared).
   */
  private load(s: ScsState): ScsState {
    const d = this.scratch;
    d.turn = s.turn;
    d.phase = s.phase;
    d.seq = s.seq;
    d.stack.length = 0;
    for (const t of s.stack) d.stack.push(copyTask(t));
    d.pending = s.pending;
    d.decisions = s.decisions;
    d.drawn = s.drawn;
    d.active = s.active;
    d.mf = s.mf;
    const v = s.battle;
    if (v === null) d.battle = null;
    else {
      const w = this.view;
      w.hex = v.hex;
      w.kind = v.kind;
      w.round = v.round;
      w.mech = v.mech;
      w.nonMech = v.nonMech;
      w.security = v.security;
      w.supports = v.supports;
      d.battle = w;
    }
    d.outcome.won = s.outcome.won;
    d.outcome.mf = s.outcome.mf;
    d.control = s.control;
    d.marker = s.marker;
    d.held = s.held;
    d.pool = s.pool;
    const box = Math.min(s.turn + 1, s.track.length - 1);
    for (let i = 0; i < s.track.length; i++) d.track[i] = s.track[i]!;
    this.box.length = 0;
    for (const id of s.track[box]!) this.box.push(id);
    d.track[box] = this.box;
    d.engaged.length = 0;
    for (const id of s.engaged) d.engaged.push(id);
    d.aside = s.aside;
    d.removed = s.removed;
    for (let i = 0; i < s.armies.length; i++) {
      const x = s.armies[i]!;
      const y = d.armies[i]!;
      y.steps = x.steps;
      y.hex = x.hex;
      y.moved = x.moved;
      y.attacked = x.attacked;
    }
    d.host = s.host;
    d.viReady = s.viReady;
    d.pac = s.pac;
    d.stepsReplaced = s.stepsReplaced;
    d.stepsLost = s.stepsLost;
    d.result = s.result;
    d.endReason = s.endReason;
    const st = d.stats;
    const o = s.stats;
    st.pocketsThreatened = o.pocketsThreatened;
    st.reliefBattles = o.reliefBattles;
    st.reliefSovietWins = o.reliefSovietWins;
    st.reliefGermanWins = o.reliefGermanWins;
    st.breakouts = o.breakouts;
    st.breakoutGermanWins = o.breakoutGermanWins;
    st.germanPocketed = o.germanPocketed;
    st.hexesTaken = o.hexesTaken;
    st.sovietStepsLost = o.sovietStepsLost;
    st.germanEliminated = o.germanEliminated;
    st.minPool = o.minPool;
    st.battles = o.battles;
    st.battlesWon = o.battlesWon;
    st.markerOnlyFalls = o.markerOnlyFalls;
    st.armiesDestroyed = o.armiesDestroyed;
    st.kLineAtT3 = o.kLineAtT3;
    st.hexesByTurn = o.hexesByTurn;
    d.pocketLog = s.pocketLog;
    return d;
  }

  /** Runs each outcome of point `pt`'s chance point through the rules (once). */
  expand(pt: Point): void {
    const rep = pt.rep;
    if (rep === null) return;
    pt.rep = null;
    const ws = this.ar.ws;
    const a = this.ar.a;
    const node = rep.pending!;
    if (node.kind !== 'chance') throw new Error('SCS odds: a chance point expected');
    pt.first = this.to.length;
    const outcomes = node.outcomes;
    for (let i = 0; i < outcomes.length; i++) {
      const q = outcomes[i]!.p;
      if (q === 0) continue;
      const c = this.load(rep);
      ws.s = c;
      apply(c, ws, node, i);
      this.p.push(q);
      if (!this.advanceTo(c)) {
        const left = forceSteps(c, a);
        this.to.push(-1);
        this.dRound.push(0);
        this.end.push(endOf(c, left));
        this.endLeft.push(left);
        this.endUnits.push(combatUnits(c));
        continue;
      }
      this.to.push(this.pointOf(c));
      this.dRound.push(roundOf(c) - pt.round);
      this.end.push(-1);
      this.endLeft.push(0);
      this.endUnits.push(0);
    }
    pt.count = this.to.length - pt.first;
  }
}

/** The round of the battle under way in `x` (0: none). */
function roundOf(x: ScsState): number {
  for (const t of x.stack) if (t.t === 'battle') return t.round;
  return 0;
}

/** How a finished battle ended: 0 taken, 1 destroyed, 2 stymied (`left`: the Soviet steps left). */
function endOf(x: ScsState, left: number): number {
  return x.outcome.won ? 0 : left === 0 ? 1 : 2;
}

/** Sets up the explicit-chance battle graph of battle `b` in arena `ar`. */
export function battleGraph(b: EngineBattle, ar: Arena): BattleGraph {
  ar.ws.explicitChance = true;
  ar.ws.chanceOutcome = null;
  return new BattleGraph(b, ar);
}

/**
 * Exact odds of battles (defence or relief) fought by combat.ts from the states `starts` (each
 * with the German force engaged and its probability; none marker-only). `g0` of a start is its
 * German combat units, so the units lost are g0 less those left at the end. The probability mass
 * flows over the graph round by round, in the fire order of 10.1 within a round.
 */
export function battleGraphOdds(
  b: EngineBattle,
  ar: Arena,
  starts: readonly { s: ScsState; p: number }[],
  out: EngineOdds,
): void {
  const graph = battleGraph(b, ar);
  const points = graph.points;
  const finite = Number.isFinite(b.maxRounds);
  const finish = (kind: number, left: number, lost: number, r: number, p: number) => {
    if (kind === 0) out.taken += p;
    else if (kind === 1) out.destroyed += p;
    else out.stymied += p;
    addAt(out.rounds, r, p);
    addAt(out.sovietLost, ar.F - left, p);
    addAt(out.germanLost, lost, p);
  };
  // the mass at each (point, g0) of the round under way, and of the next round
  const key = (id: number, g0: number) => id * G0_SPAN + g0;
  let round = new Map<number, number>();
  let later = new Map<number, number>();
  let r = 1;
  for (const st of starts) {
    const g0 = combatUnits(st.s);
    const at = graph.start(st.s, b.armySteps, b.maxRounds);
    if (at.point < 0) {
      const end = at as Start & { end: number; left: number; units: number };
      finish(end.end, end.left, g0 - end.units, 1, st.p);
      continue;
    }
    const k = key(at.point, g0);
    round.set(k, (round.get(k) ?? 0) + st.p);
  }
  const unresolved = (k: number, rounds: number, p: number) => {
    const pt = points[Math.floor(k / G0_SPAN)]!;
    out.unresolved += p;
    addAt(out.rounds, rounds, p);
    addAt(out.sovietLost, ar.F - pt.left, p);
    addAt(out.germanLost, (k % G0_SPAN) - pt.units, p);
  };
  while (round.size > 0) {
    if (r > ENUMERATION_ROUND_CAP) {
      for (const [k, p] of round) unresolved(k, ENUMERATION_ROUND_CAP + 1, p);
      return;
    }
    // the points of one round follow each other in the fire order of 10.1: step through them
    let wave = round;
    while (wave.size > 0) {
      const next = new Map<number, number>();
      for (const [k, p] of wave) {
        const g0 = k % G0_SPAN;
        const pt = points[(k - g0) / G0_SPAN]!;
        graph.expand(pt);
        for (let j = pt.first; j < pt.first + pt.count; j++) {
          const q = p * graph.p[j]!;
          const to = graph.to[j]!;
          if (to < 0) finish(graph.end[j]!, graph.endLeft[j]!, g0 - graph.endUnits[j]!, r, q);
          else {
            const m = graph.dRound[j] === 0 ? next : later;
            const nk = key(to, g0);
            m.set(nk, (m.get(nk) ?? 0) + q);
          }
        }
      }
      wave = next;
    }
    round = later;
    later = new Map<number, number>();
    r++;
    if (!finite) {
      let active = 0;
      for (const p of round.values()) active += p;
      if (active < MASS_EPS) break;
    }
  }
  for (const [k, p] of round) unresolved(k, r, p);
}
