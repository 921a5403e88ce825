/**
 * The odds battles' game states (enumerate.ts): the arena a battle of an odds request is set up in,
 * the copies of a state a battle or a draw changes, and the chance points inside one rules step
 * (force generation, 8.3, 8.5, 8.6, pool.ts's blind draws, the breakout's half-round, 8.6),
 * enumerated by replaying the step under scripted answers from the workspace.
 */
import { UserError } from '../../core/errors.js';
import type { ChanceNode } from '../../core/game.js';
import { forceSteps } from './combat.js';
import type { EngineBattle, EngineOdds } from './enumerate.js';
import { scsMap } from './map.js';
import type { Cfg } from './parameters.js';
import { startGame } from './setup.js';
import { type Army, isCombatUnit, type ScsState, type ScsTask, type Stats } from './state.js';
import { type ScsWorkspace, scsWorkspace } from './workspace.js';

/** Rounds followed at most when fighting to the death (then the rest is unresolved). */
export const ENUMERATION_ROUND_CAP = 2000;
/** Mass still fighting below which a to-the-death battle is considered finished. */
export const MASS_EPS = 1e-16;
/** The default battle hex: a clear hex of row 07. */
const BATTLE_HEX = scsMap.index('2507');
/** One face of the force-generation die. */
const FACE = [1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6];

export function addAt(a: number[], i: number, p: number): void {
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
export function battleCopy(s: ScsState): ScsState {
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
    drawn: s.drawn,
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
export function copyTask(t: ScsTask): ScsTask {
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
export function drawCopy(s: ScsState): ScsState {
  const c = battleCopy(s);
  c.pool = s.pool.slice();
  c.marker = s.marker.slice();
  c.aside = s.aside.slice();
  c.stats.hexesByTurn = s.stats.hexesByTurn.slice();
  return c;
}

export function combatUnits(s: ScsState): number {
  let n = 0;
  for (const id of s.engaged) if (isCombatUnit(s.gType[id]!)) n++;
  return n;
}

/** Counts by counter type of the counters `ids`. */
export function typeCounts(s: ScsState, ids: readonly number[]): string {
  const c = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const id of ids) c[s.gType[id]!]!++;
  return c.join(',');
}

/** An odds battle's game state and workspace, with army `a` in hex `h`. */
export interface Arena {
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
export function arena(
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
export interface Script {
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
export function enumerateStep(
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
export function stepKey(ar: Arena): (s: ScsState, script: Script) => string {
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
export function poolRanOut(s: ScsState): void {
  if (s.result !== '')
    throw new UserError('odds scs: the draws would empty the pool (4.8: the pool would run out)');
}
