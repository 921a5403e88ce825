/**
 * Exact SCS battle odds from the game's own rules code (docs/architecture.md "Chance is explicit"): nothing
 * here knows a fire order, a DRM or a draw rule. A battle is set up in a game state and run through
 * the rules with every chance point enumerated:
 * - the German force (8.3 garrison, 8.5 relief force, 8.6 breakout force) by forces.ts
 *   `generateDefenders` / `breakout` and pool.ts `drawCounter`, their force-generation dice and blind
 *   draws scripted through the workspace (a draw branches once per counter type in the pool, with
 *   its share of the pool: the counters of a type are interchangeable);
 * - a regular or relief battle by combat.ts in explicit-chance mode (each volley of 10.1 pends as a
 *   chance point whose outcomes crt.ts enumerates from `hitsOfDie`);
 * - the breakout's half-round (8.6) by combat.ts `breakoutFire`, whose volleys take their outcome
 *   from the workspace's `chanceOutcome`.
 * Copies of a state that stand at the same point with the same forces are merged. A battle's points
 * form a graph (every point is run through the rules once; to the death, rounds after the first
 * that differ only in their number are one point), over which the probability mass flows until the
 * mass still fighting is negligible. The player's answers follow the odds request: the kill order
 * (10.14), the VI IC round (10.11), and fighting on while MF are left (9.3).
 */
import { UserError } from '../../core/errors.js';
import type { ChanceNode } from '../../core/game.js';
import { type BattleKind, engagedCounts, forceSteps, roundDrm, startBattle } from './combat.js';
import { generationDistribution } from './crt.js';
import type { ScsDecision } from './decisions.js';
import { breakout, generateDefenders, markerOnly } from './forces.js';
import { scsMap } from './map.js';
import type { Cfg } from './parameters.js';
import { drawCounter, drawForBattle } from './pool.js';
import { startGame } from './setup.js';
import {
  type Army,
  type BattleStage,
  type BattleView,
  GUDERIAN,
  isCombatUnit,
  MECH,
  NONMECH,
  ROTKOPF,
  type ScsState,
  type ScsTask,
  SECURITY,
  type Stats,
  VIII_FK,
} from './state.js';
import { apply, runUntil } from './turn-sequence.js';
import { type ScsWorkspace, scsWorkspace } from './workspace.js';

/** The battle of an odds request, as the engine fights it. */
export interface EngineBattle {
  readonly cfg: Cfg;
  readonly kind: BattleKind;
  readonly forest: boolean;
  readonly armyType: 'shock' | 'combined';
  readonly armySteps: number;
  readonly engineerSteps: number;
  readonly shockFirst: boolean;
  readonly viRound: number;
  /** Rounds at most (Infinity: to the death); the force has maxRounds - 1 MF for more rounds. */
  readonly maxRounds: number;
  readonly killOrder: readonly number[];
  /** The battle hex (its row decides 10.7 for drawn forces; its forest flag is `forest`); default 2507. */
  readonly hex?: number;
}

/** How the German force of a battle is generated (8.3, 8.5, 8.6). */
export interface GeneratedDefence {
  /** Counters of each type in the pool the draws come from (index = counter type). */
  readonly pool: readonly number[];
  /** The flipped front marker's type, or null when it is itself a blind draw from the pool (3.4). */
  readonly marker: number | null;
  /** Breakout: hexes in the pocket (one 1d6-1 die each). */
  readonly pocket: number;
}

/** The German side of an odds request: a given force (counts by counter type) or a generated one. */
export type GermanForce = { readonly explicit: readonly number[] } | { readonly generated: GeneratedDefence };

/** Exact distributions of one battle's end (index = rounds, steps, units). */
export interface EngineOdds {
  /** The Soviet force holds the hex at the end (defence/relief: won, or no fight; breakout: the breakout failed). */
  taken: number;
  /** Part of `taken` with no fight: a marker-only defence (8.10) or no breakout force. */
  unfought: number;
  /** The Soviet force was eliminated (for a breakout: the breakout succeeded, 8.7). */
  destroyed: number;
  /** Both sides left after the last round the continuation rule allows: the attack failed (9.5). */
  stymied: number;
  /** Still fighting after ENUMERATION_ROUND_CAP rounds (only when to the death and neither side can hit). */
  unresolved: number;
  /** Index r: P(the battle lasted exactly r rounds); index 0 = no fight. */
  rounds: number[];
  /** Index k: P(the Soviet force lost k steps). */
  sovietLost: number[];
  /** Index k: P(k German combat units were eliminated). */
  germanLost: number[];
}

/** Rounds followed at most when fighting to the death (then the rest is unresolved). */
export const ENUMERATION_ROUND_CAP = 2000;
/** Mass still fighting below which a to-the-death battle is considered finished. */
const MASS_EPS = 1e-16;
/** The default battle hex: a clear hex of row 07. */
const BATTLE_HEX = scsMap.index('2507');
/** One face of the force-generation die. */
const FACE = [1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6];

function addAt(a: number[], i: number, p: number): void {
  while (a.length <= i) a.push(0);
  a[i]! += p;
}

/** The all-zero distribution a computation adds its outcomes to. */
export function emptyOdds(): EngineOdds {
  return {
    taken: 0,
    unfought: 0,
    destroyed: 0,
    stymied: 0,
    unresolved: 0,
    rounds: [],
    sovietLost: [0],
    germanLost: [0],
  };
}

/**
 * A copy of a state in mid-battle: only what a battle changes is copied (the armies, the engaged
 * counters, the Turn Track box eliminated units and used markers go to (engine.ts toNextTurnBox),
 * the tasks), the rest is shared. Written out field by field (a new required field of ScsState
 * fails to compile here), which V8 copies far faster than a spread.
 */
function battleCopy(s: ScsState): ScsState {
  const box = Math.min(s.turn + 1, s.track.length - 1);
  const track = s.track.slice();
  track[box] = track[box]!.slice();
  const stack: ScsTask[] = [];
  for (const t of s.stack) stack.push(copyTask(t));
  const armies: Army[] = [];
  for (const x of s.armies)
    armies.push({
      id: x.id,
      type: x.type,
      full: x.full,
      steps: x.steps,
      hex: x.hex,
      moved: x.moved,
      attacked: x.attacked,
    });
  return {
    cfg: s.cfg,
    rng: s.rng,
    turn: s.turn,
    phase: s.phase,
    seq: s.seq,
    stack,
    pending: s.pending,
    decisions: s.decisions,
    active: s.active,
    mf: s.mf,
    battle:
      s.battle === null
        ? null
        : {
            hex: s.battle.hex,
            kind: s.battle.kind,
            round: s.battle.round,
            mech: s.battle.mech,
            nonMech: s.battle.nonMech,
            security: s.battle.security,
            supports: s.battle.supports,
          },
    outcome: { won: s.outcome.won, mf: s.outcome.mf },
    control: s.control,
    marker: s.marker,
    held: s.held,
    gType: s.gType,
    pool: s.pool,
    track,
    engaged: s.engaged.slice(),
    aside: s.aside,
    removed: s.removed,
    armies,
    host: s.host,
    viReady: s.viReady,
    pac: s.pac,
    stepsReplaced: s.stepsReplaced,
    stepsLost: s.stepsLost,
    result: s.result,
    endReason: s.endReason,
    stats: copyStats(s.stats),
    pocketLog: s.pocketLog,
  };
}

/** A copy of a task (a battle's and its losses' written out: they are the ones a battle copies). */
function copyTask(t: ScsTask): ScsTask {
  if (t.t === 'battle')
    return {
      t: 'battle',
      kind: t.kind,
      h: t.h,
      a: t.a,
      primary: t.primary,
      mf: t.mf,
      round: t.round,
      stage: t.stage,
      vi: t.vi,
      drm: [t.drm[0], t.drm[1], t.drm[2], t.drm[3]],
    };
  if (t.t === 'losses') return { t: 'losses', hits: t.hits, k: t.k };
  return { ...t };
}

/** A copy of the statistics (the per-turn hex counts shared: a battle does not change them). */
function copyStats(x: Stats): Stats {
  return {
    pocketsThreatened: x.pocketsThreatened,
    reliefBattles: x.reliefBattles,
    reliefSovietWins: x.reliefSovietWins,
    reliefGermanWins: x.reliefGermanWins,
    breakouts: x.breakouts,
    breakoutGermanWins: x.breakoutGermanWins,
    germanPocketed: x.germanPocketed,
    hexesTaken: x.hexesTaken,
    sovietStepsLost: x.sovietStepsLost,
    germanEliminated: x.germanEliminated,
    minPool: x.minPool,
    battles: x.battles,
    battlesWon: x.battlesWon,
    markerOnlyFalls: x.markerOnlyFalls,
    armiesDestroyed: x.armiesDestroyed,
    kLineAtT3: x.kLineAtT3,
    hexesByTurn: x.hexesByTurn,
  };
}

/**
 * A copy of a state before its force is drawn: a battle's copy, and the pool, markers, set-aside
 * counters and per-turn hex counts (4.8: a draw may find the pool empty).
 */
function drawCopy(s: ScsState): ScsState {
  const c = battleCopy(s);
  c.pool = s.pool.slice();
  c.marker = s.marker.slice();
  c.aside = s.aside.slice();
  c.stats.hexesByTurn = s.stats.hexesByTurn.slice();
  return c;
}

function combatUnits(s: ScsState): number {
  let n = 0;
  for (const id of s.engaged) if (isCombatUnit(s.gType[id]!)) n++;
  return n;
}

/** Counts by counter type of the counters `ids`. */
function typeCounts(s: ScsState, ids: readonly number[]): string {
  const c = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const id of ids) c[s.gType[id]!]!++;
  return c.join(',');
}

/** An odds battle's game state and workspace, with army `a` in hex `h`. */
interface Arena {
  readonly s: ScsState;
  readonly ws: ScsWorkspace;
  readonly a: number;
  readonly h: number;
  /** The force's steps at the start (army and 1E). */
  readonly F: number;
}

/**
 * A game state for one odds battle: army and 1E as the request gives them in hex h (forest as
 * requested), the German counters engaged (`engaged`), in the pool (`pool`) and as the hex's front
 * marker (`marker`), all by counter type; nothing else on the board holds a German counter. The
 * pool is only found empty on a draw (variant pool-empty-on-draw): the odds are those of the
 * battle, a pool emptied by its last draw is not one of its outcomes.
 */
function arena(
  b: EngineBattle,
  engaged: readonly number[],
  pool: readonly number[],
  marker: number | null,
): Arena {
  const h = b.hex ?? BATTLE_HEX;
  const forest = b.cfg.forest.slice();
  forest[h] = b.forest ? 1 : 0;
  const cfg: Cfg = { ...b.cfg, forest, poolEmptyOnDraw: true };
  const s0 = startGame(
    { scenario: 'campaign', variants: new Set(), params: {} },
    { masterSeed: 0, gameIndex: 0 },
  );
  const gType: number[] = [];
  const ids = (counts: readonly number[]): number[] => {
    const out: number[] = [];
    counts.forEach((c, t) => {
      for (let i = 0; i < c; i++) {
        out.push(gType.length);
        gType.push(t);
      }
    });
    return out;
  };
  const s: ScsState = {
    ...s0,
    cfg,
    gType,
    engaged: ids(engaged),
    pool: ids(pool),
    marker: s0.marker.map(() => -1),
    held: s0.held.map(() => []),
    track: s0.track.map(() => []),
    aside: [],
    removed: [],
  };
  if (marker !== null)
    s.marker[h] = ids(Array.from({ length: marker + 1 }, (_, t) => (t === marker ? 1 : 0)))[0]!;
  s.phase = 'III';
  // the force's army and 1E (always last, 6.3): the only armies a battle reads
  const army = { ...s0.armies.find((x) => x.type === b.armyType)! };
  const e = { ...s0.armies[s0.armies.length - 1]! };
  s.armies = [army, e];
  const a = 0;
  army.steps = b.armySteps;
  army.hex = h;
  army.attacked = !b.shockFirst;
  e.steps = b.engineerSteps;
  s.host = b.engineerSteps > 0 ? a : -1;
  s.viReady = b.viRound > 0;
  const ws: ScsWorkspace = scsWorkspace(s);
  return { s, ws, a, h, F: b.armySteps + b.engineerSteps };
}

// ---------------------------------------------------------------------------------------------
// Chance points inside one rules step (force generation, the breakout's half-round): replayed

/** Thrown at a chance point the script has no answer for yet: its outcomes' probabilities. */
class Branch {
  constructor(readonly p: readonly number[]) {}
}

/** Answers to the chance points of one replay, and what the key of a point needs to know of them. */
interface Script {
  choices: number[];
  pos: number;
  /** Force-generation dice rolled, and their total. */
  dice: number;
  faces: number;
  /** Volleys fired through `chanceOutcome`. */
  volleys: number;
}

/**
 * Installs the scripted chance points on `ws`: the force-generation die (6 faces), a blind draw (one
 * outcome per counter type in the pool, answered with the first counter of that type) and a volley
 * (its exact hits distribution).
 */
function scriptChance(ws: ScsWorkspace, script: Script): void {
  const pick = (p: readonly number[]): number => {
    if (script.pos < script.choices.length) return script.choices[script.pos++]!;
    throw new Branch(p);
  };
  ws.genDie = () => {
    const f = pick(FACE) + 1;
    script.dice++;
    script.faces += f;
    return f;
  };
  // per counter type: where in the pool it first stands and how many; the types in pool order
  const first = [0, 0, 0, 0, 0, 0, 0, 0];
  const count = [0, 0, 0, 0, 0, 0, 0, 0];
  const types: number[] = [];
  ws.drawIndex = (n) => {
    const s = ws.s;
    types.length = 0;
    for (let t = 0; t < count.length; t++) count[t] = 0;
    for (let i = 0; i < n; i++) {
      const t = s.gType[s.pool[i]!]!;
      if (count[t]!++ === 0) {
        first[t] = i;
        types.push(t);
      }
    }
    if (types.length === 1) return first[types[0]!]!;
    const j =
      script.pos < script.choices.length
        ? script.choices[script.pos++]!
        : pick(types.map((t) => count[t]! / n));
    return first[types[j]!]!;
  };
  ws.chanceOutcome = (node: ChanceNode) => {
    script.volleys++;
    if (node.outcomes.length === 1) return 0;
    return pick(node.outcomes.map((o) => o.p));
  };
}

/**
 * Enumerates `proc` (one rules step with chance points inside) from the state `start`: each
 * prefix of answers is replayed on a copy; copies whose `key` is equal play on alike and are merged.
 * `leaf` gets every end state with its probability.
 */
function enumerateStep(
  start: Arena,
  proc: (ws: ScsWorkspace) => void,
  key: (s: ScsState, script: Script) => string,
  leaf: (s: ScsState, script: Script, p: number) => void,
  from: ScsState = start.s,
): void {
  const ws = start.ws;
  const script: Script = { choices: [], pos: 0, dice: 0, faces: 0, volleys: 0 };
  scriptChance(ws, script);
  /** Runs `proc` on a copy under `choices`: the branch it stops at, or null when it ran to the end. */
  const run = (choices: number[]): Branch | null => {
    script.choices = choices;
    script.pos = 0;
    script.dice = 0;
    script.faces = 0;
    script.volleys = 0;
    ws.s = drawCopy(from);
    try {
      proc(ws);
    } catch (e) {
      if (e instanceof Branch) return e;
      throw e;
    }
    return null;
  };
  const root = run([]);
  if (root === null) {
    leaf(ws.s, script, 1);
    return;
  }
  let wave: { choices: number[]; p: number; branch: readonly number[] }[] = [
    { choices: [], p: 1, branch: root.p },
  ];
  while (wave.length > 0) {
    const next = new Map<string, { choices: number[]; p: number; branch: readonly number[] }>();
    for (const w of wave) {
      w.branch.forEach((q, i) => {
        if (q === 0) return;
        const choices = [...w.choices, i];
        const br = run(choices);
        const p = w.p * q;
        if (br === null) {
          leaf(ws.s, script, p);
          return;
        }
        const k = key(ws.s, script);
        const had = next.get(k);
        if (had === undefined) next.set(k, { choices, p, branch: br.p });
        else had.p += p;
      });
    }
    wave = [...next.values()];
  }
}

/**
 * The point a force generation or breakout stands at: forces.ts reads its dice only through the
 * force size they give (a sum of die - 1 or die, 8.3, 8.5, 8.6) and draws until the force has that
 * size, so the dice rolled, their total less the counters engaged, the counters (by type) engaged,
 * in the pool and on the hex, the volleys fired and the Soviet steps decide what follows.
 */
function stepKey(ar: Arena): (s: ScsState, script: Script) => string {
  const c = [0, 0, 0, 0, 0, 0, 0, 0];
  const d = [0, 0, 0, 0, 0, 0, 0, 0];
  return (s, sc) => {
    const m = s.marker[ar.h]!;
    for (let t = 0; t < 8; t++) {
      c[t] = 0;
      d[t] = 0;
    }
    for (const id of s.engaged) c[s.gType[id]!]!++;
    for (const id of s.pool) d[s.gType[id]!]!++;
    // one character per number (offset where it may be negative)
    return (
      String.fromCharCode(
        sc.dice,
        sc.faces - s.engaged.length + 64,
        sc.volleys,
        m < 0 ? 0 : s.gType[m]! + 1,
      ) +
      String.fromCharCode(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!, c[6]!, c[7]!) +
      String.fromCharCode(d[0]!, d[1]!, d[2]!, d[3]!, d[4]!, d[5]!, d[6]!, d[7]!) +
      String.fromCharCode(s.armies[ar.a]!.steps, forceSteps(s, ar.a))
    );
  };
}

/** A sudden death while the force is drawn: the request needs more counters than the pool holds. */
function poolRanOut(s: ScsState): void {
  if (s.result !== '')
    throw new UserError('odds scs: the draws would empty the pool (4.8: the pool would run out)');
}

// ---------------------------------------------------------------------------------------------
// Regular and relief battles: the graph of combat.ts's chance points

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
type Start =
  | { readonly point: number }
  | { readonly point: -1; readonly end: number; readonly left: number; readonly units: number };

/**
 * The chance points of the battles of one battle family (an EngineBattle less the force's steps and
 * the rounds fought, so long as those stay finite or stay to the death): each point is run through
 * combat.ts once (`expand`), and points reached by several battles are shared.
 */
class BattleGraph {
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
function battleGraph(b: EngineBattle, ar: Arena): BattleGraph {
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
function battleGraphOdds(
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

// ---------------------------------------------------------------------------------------------
// The odds of a request

/** SCS 8.10 (no combat unit in a defence: the hex falls) / 8.6 (no breakout force: no fire). */
function unfought(out: EngineOdds, p: number): void {
  out.taken += p;
  out.unfought += p;
  addAt(out.rounds, 0, p);
  out.sovietLost[0]! += p;
  out.germanLost[0]! += p;
}

/**
 * The exact distribution of a generated German force (8.3 marker + 1d6-1, 8.5 marker + 1d6, 8.6
 * 1d6-1 per pocket hex), from forces.ts and pool.ts: each distinct force (counts by counter type)
 * with its probability and a state holding it engaged.
 */
function generatedForces(
  b: EngineBattle,
  g: GeneratedDefence,
): { ar: Arena; forces: { counts: number[]; s: ScsState; p: number }[] } {
  const ar = arena(b, [], g.pool, g.marker);
  const byCounts = new Map<string, { counts: number[]; s: ScsState; p: number }>();
  enumerateStep(
    ar,
    (ws) => {
      const s = ws.s;
      if (g.marker === null) {
        // SCS 3.4: the front marker is itself a blind draw from the pool
        const id = drawCounter(ws);
        if (id < 0) return;
        s.marker[ar.h] = id;
      }
      generateDefenders(ws, ar.h, b.kind === 'relief');
    },
    stepKey(ar),
    (s, _sc, p) => {
      poolRanOut(s);
      const k = typeCounts(s, s.engaged);
      const had = byCounts.get(k);
      if (had === undefined) byCounts.set(k, { counts: k.split(',').map(Number), s: drawCopy(s), p });
      else had.p += p;
    },
  );
  return { ar, forces: [...byCounts.values()] };
}

/**
 * Exact distribution of the German force drawn for a regular defence or a relief battle (by counter
 * type), from forces.ts and pool.ts.
 */
export function forceDistribution(b: EngineBattle, g: GeneratedDefence): { counts: number[]; p: number }[] {
  if (b.kind === 'breakout') throw new Error('SCS odds: a breakout force is drawn inside breakout()');
  return generatedForces(b, g).forces.map(({ counts, p }) => ({ counts, p }));
}

/**
 * SCS 8.6: the distribution of a breakout force drawn from the pool: its size the sum of
 * crt.ts `generatedUnits` over the pocket's dice (1d6-1 per hex), its counters blind draws by pool.ts
 * `drawForBattle` (10.7 included), enumerated draw by draw; each distinct force (by counter type)
 * with a state holding it engaged.
 */
function breakoutForces(ar: Arena, pocket: number): { s: ScsState; p: number }[] {
  let size = [1];
  const one = generationDistribution('breakout');
  for (let k = 0; k < pocket; k++) {
    const next = new Array<number>(size.length + one.length - 1).fill(0);
    for (let i = 0; i < size.length; i++)
      for (let j = 0; j < one.length; j++) next[i + j]! += size[i]! * one[j]!;
    size = next;
  }
  const forces: { s: ScsState; p: number }[] = [];
  let wave = [{ s: ar.s, p: 1 }];
  for (let k = 0; k < size.length && wave.length > 0; k++) {
    // the forces of k counters: the mass of the draws so far times P(size k)
    if (size[k]! > 0) for (const w of wave) forces.push({ s: w.s, p: w.p * size[k]! });
    if (k === size.length - 1) break;
    const next = new Map<string, { s: ScsState; p: number }>();
    for (const w of wave)
      enumerateStep(
        ar,
        (ws) => {
          drawForBattle(ws, ar.h, ws.s.engaged);
        },
        stepKey(ar),
        (s, _sc, q) => {
          poolRanOut(s);
          const key = typeCounts(s, s.engaged);
          const had = next.get(key);
          if (had === undefined) next.set(key, { s: drawCopy(s), p: w.p * q });
          else had.p += w.p * q;
        },
        w.s,
      );
    wave = [...next.values()];
  }
  return forces;
}

/**
 * SCS 8.6-8.8: a breakout against a given or drawn force, fired by forces.ts `breakout` (the force
 * engaged beforehand, an empty pocket: no further draws), its volleys from combat.ts `breakoutFire`.
 */
function breakoutOdds(b: EngineBattle, force: GermanForce): EngineOdds {
  const out = emptyOdds();
  const explicit = 'explicit' in force;
  const ar = explicit ? arena(b, force.explicit, [], null) : arena(b, [], force.generated.pool, null);
  // forces that fire the same dice at the same DRMs (combat.ts roundDrm) fire alike: one enumeration each
  const groups = new Map<string, { s: ScsState; p: number }>();
  const counts = [0, 0, 0, 0, 0, 0, 0, 0];
  const drm = { mech: 0, nonMech: 0, security: 0, soviet: 0 };
  for (const f of explicit ? [{ s: ar.s, p: 1 }] : breakoutForces(ar, force.generated.pocket)) {
    ar.ws.s = f.s;
    engagedCounts(f.s, counts);
    roundDrm(ar.ws, 'breakout', ar.h, 1, counts, drm);
    const k = `${counts[MECH]},${counts[NONMECH]},${counts[SECURITY]}|${drm.mech},${drm.nonMech},${drm.security}`;
    const had = groups.get(k);
    if (had === undefined) groups.set(k, { s: f.s, p: f.p });
    else had.p += f.p;
  }
  for (const f of groups.values())
    enumerateStep(
      ar,
      (ws) => {
        breakout(ws, ar.h, ar.a, []);
      },
      stepKey(ar),
      (s, sc, q) => {
        const p = f.p * q;
        if (sc.volleys === 0) {
          unfought(out, p);
          return;
        }
        const left = forceSteps(s, ar.a);
        if (left === 0) out.destroyed += p;
        else out.taken += p;
        addAt(out.rounds, 1, p);
        addAt(out.sovietLost, ar.F - left, p);
        out.germanLost[0]! += p;
      },
      f.s,
    );
  return out;
}

/**
 * Exact odds of an odds request's battle against `force`, from the game's rules code (see the file
 * comment). Certain outcomes are exactly 1.
 */
export function exactOdds(b: EngineBattle, force: GermanForce): EngineOdds {
  let out: EngineOdds;
  if (b.kind === 'breakout') out = breakoutOdds(b, force);
  else {
    out = emptyOdds();
    let ar: Arena;
    let starts: { s: ScsState; p: number }[];
    if ('explicit' in force) {
      ar = arena(b, force.explicit, [], null);
      starts = [{ s: ar.s, p: 1 }];
    } else {
      const gen = generatedForces(b, force.generated);
      ar = gen.ar;
      starts = gen.forces;
    }
    const fought: { s: ScsState; p: number }[] = [];
    for (const st of starts) {
      if (markerOnly(st.s)) unfought(out, st.p);
      else fought.push(st);
    }
    if (fought.length > 0) battleGraphOdds(b, ar, fought, out);
  }
  // an outcome that is the only one possible has probability 1 exactly, not the float sum of its branches
  for (const d of [out.rounds, out.sovietLost, out.germanLost]) certain(d);
  const ends = [out.taken, out.destroyed, out.stymied, out.unresolved];
  if (ends.filter((p) => p > 0).length === 1) {
    out.taken = out.taken > 0 ? 1 : 0;
    out.destroyed = out.destroyed > 0 ? 1 : 0;
    out.stymied = out.stymied > 0 ? 1 : 0;
    out.unresolved = out.unresolved > 0 ? 1 : 0;
  }
  return out;
}

/**
 * P(hex taken) of one family of battles (an EngineBattle less the army's steps and the rounds
 * fought) against one generated German force, for any army steps and rounds: `exactOdds(...).taken`
 * of each, from the same graph of combat.ts's chance points. The force's distribution (forces.ts,
 * pool.ts) is enumerated once; the graph's points are shared by all the battles asked for, and the
 * chance of taking the hex from each point is solved once over them (the value of a point is the
 * sum over its outcomes; to the death, rounds that change nothing lead back to their point, and the
 * values are iterated to their fixed point). Queries give the same values in any order.
 */
export class TakenChances {
  private readonly graph: BattleGraph;
  private readonly fought: readonly { s: ScsState; p: number }[];
  private readonly unfought: number;
  private readonly finite: boolean;
  /** P(taken) from each point once solved (index = point). */
  private readonly value: number[] = [];

  constructor(b: EngineBattle, g: GeneratedDefence) {
    if (b.kind === 'breakout') throw new Error('SCS odds: TakenChances is for defence and relief battles');
    const gen = generatedForces(b, g);
    let unfought = 0;
    const fought: { s: ScsState; p: number }[] = [];
    for (const st of gen.forces) {
      if (markerOnly(st.s)) unfought += st.p;
      else fought.push(st);
    }
    this.fought = fought;
    this.unfought = unfought;
    this.finite = Number.isFinite(b.maxRounds);
    this.graph = battleGraph(b, gen.ar);
  }

  /** P(hex taken) by an army of `steps` steps fighting at most `maxRounds` rounds (finite as the family's). */
  taken(steps: number, maxRounds: number): number {
    if (Number.isFinite(maxRounds) !== this.finite)
      throw new Error('SCS odds: TakenChances rounds must stay finite or to the death as the family');
    let p = this.unfought;
    for (const f of this.fought) {
      const at = this.graph.start(f.s, steps, maxRounds);
      if (at.point >= 0) p += f.p * this.solve(at.point);
      else if ((at as Start & { end: number }).end === 0) p += f.p;
    }
    return p;
  }

  /** P(taken) from point `id`: its unsolved successors expanded, then their values computed. */
  private solve(id: number): number {
    const value = this.value;
    const known = value[id];
    if (known !== undefined) return known;
    const graph = this.graph;
    const points = graph.points;
    const order: number[] = [];
    const seen = new Set<number>();
    const visit = (i: number): void => {
      seen.add(i);
      const pt = points[i]!;
      graph.expand(pt);
      for (let j = pt.first; j < pt.first + pt.count; j++) {
        const to = graph.to[j]!;
        if (to >= 0 && value[to] === undefined && !seen.has(to)) visit(to);
      }
      order.push(i);
    };
    visit(id);
    // successors come before a point in `order`, except along rounds that lead back (to the death):
    // one pass is exact on the rest, and the passes go on until no value changes
    for (let pass = 0; pass <= ENUMERATION_ROUND_CAP; pass++) {
      let changed = false;
      for (const i of order) {
        const pt = points[i]!;
        let v = 0;
        for (let j = pt.first; j < pt.first + pt.count; j++) {
          const to = graph.to[j]!;
          v += graph.p[j]! * (to < 0 ? (graph.end[j] === 0 ? 1 : 0) : (value[to] ?? 0));
        }
        if (v !== value[i]) {
          value[i] = v;
          changed = true;
        }
      }
      if (!changed) break;
    }
    return value[id]!;
  }
}

/**
 * Exact distribution of a battle (defence or relief) of army type `b.armyType` against the engaged
 * German force `counts` (by counter type, support markers included), computed by enumerating combat.ts.
 */
export function enumerateBattle(b: EngineBattle, counts: readonly number[]): EngineOdds {
  return exactOdds(b, { explicit: counts });
}

/** A distribution with a single possible value: that value's probability is exactly 1. */
function certain(d: number[]): void {
  let at = -1;
  for (let i = 0; i < d.length; i++) {
    if (d[i]! <= 0) continue;
    if (at >= 0) return;
    at = i;
  }
  if (at >= 0) d[at] = 1;
}
