/**
 * Exact battle distributions from the game's own combat code (DESIGN §3 "Chance is explicit"): a
 * battle is set up in a game state and stepped in explicit-chance mode (combat.ts `battleStep`
 * pends each volley as a chance point whose outcomes crt.ts enumerates from `hitsOfDie`); every
 * outcome is applied to a copy, and copies that stand at the same point of the battle with the same
 * forces are merged, wave after wave, until the mass still fighting is negligible. The player's
 * answers follow the odds request: the kill order (10.14), the VI IC round (10.11), and fighting on
 * while MF are left (9.3).
 */
import { forceSteps, startBattle } from './combat.js';
import type { ScsDecision } from './decisions.js';
import { scsMap } from './map.js';
import type { Cfg } from './parameters.js';
import { startGame } from './setup.js';
import { MECH, NONMECH, type ScsState, type ScsTask, SECURITY } from './state.js';
import { apply, runUntil } from './turn-sequence.js';
import { type ScsWorkspace, scsWorkspace } from './workspace.js';

/** The battle of an odds request, as the engine fights it. */
export interface EngineBattle {
  readonly cfg: Cfg;
  readonly kind: 'defense' | 'relief';
  readonly forest: boolean;
  readonly armyType: 'shock' | 'combined';
  readonly armySteps: number;
  readonly engineerSteps: number;
  readonly shockFirst: boolean;
  readonly viRound: number;
  /** Rounds at most (Infinity: to the death); the force has maxRounds - 1 MF for more rounds. */
  readonly maxRounds: number;
  readonly killOrder: readonly number[];
}

/** Exact distributions of one battle's end (index = rounds, steps, units). */
export interface EngineOdds {
  taken: number;
  destroyed: number;
  stymied: number;
  unresolved: number;
  rounds: number[];
  sovietLost: number[];
  germanLost: number[];
}

/** Rounds followed at most when fighting to the death (then the rest is unresolved). */
export const ENUMERATION_ROUND_CAP = 2000;
/** Mass still fighting below which (relative) a to-the-death battle is considered finished. */
const MASS_EPS = 1e-16;
/** The battle hex: a clear hex of row 07 (the hex only matters through its forest flag here). */
const BATTLE_HEX = scsMap.index('2507');

function addAt(a: number[], i: number, p: number): void {
  while (a.length <= i) a.push(0);
  a[i]! += p;
}

/** A copy of a state in mid-battle: only what a battle changes is copied, the rest is shared. */
function battleCopy(s: ScsState): ScsState {
  return {
    ...s,
    armies: s.armies.map((x) => ({ ...x })),
    engaged: s.engaged.slice(),
    track: s.track.map((b) => b.slice()),
    stats: { ...s.stats },
    stack: s.stack.map((t): ScsTask => (t.t === 'battle' ? { ...t, drm: [...t.drm] } : { ...t })),
    battle: s.battle === null ? null : { ...s.battle },
    outcome: { ...s.outcome },
  };
}

/** The point of the battle `s` stands at, and its forces: copies with equal keys play on alike. */
function keyOf(s: ScsState, a: number): string {
  let m = 0;
  let n = 0;
  let sec = 0;
  let sup = '';
  for (const id of s.engaged) {
    const t = s.gType[id]!;
    if (t === MECH) m++;
    else if (t === NONMECH) n++;
    else if (t === SECURITY) sec++;
    else sup += t;
  }
  let k = `${m},${n},${sec},${sup}|${s.armies[a]!.steps},${s.armies[s.armies.length - 1]!.steps},${s.host}|${s.viReady}|${s.stats.germanEliminated}`;
  for (const t of s.stack) {
    if (t.t === 'battle') k += `|b${t.round},${t.stage},${t.mf},${t.vi},${t.drm.join(',')}`;
    else if (t.t === 'losses') k += `|l${t.hits},${t.k}`;
  }
  return k;
}

/**
 * Exact distribution of a battle of army type `b.armyType` against the engaged German force
 * `counts` (by counter type, support markers included), computed by enumerating combat.ts.
 */
export function enumerateBattle(b: EngineBattle, counts: readonly number[]): EngineOdds {
  const out: EngineOdds = {
    taken: 0,
    destroyed: 0,
    stymied: 0,
    unresolved: 0,
    rounds: [],
    sovietLost: [0],
    germanLost: [0],
  };
  const forest = b.cfg.forest.slice();
  forest[BATTLE_HEX] = b.forest ? 1 : 0;
  const cfg: Cfg = { ...b.cfg, forest };
  const s0 = startGame(
    { scenario: 'campaign', variants: new Set(), params: {} },
    { masterSeed: 0, gameIndex: 0 },
  );
  const s = { ...s0, cfg } as ScsState;
  s.phase = 'III';
  const a = s.armies.findIndex((x) => x.type === b.armyType);
  const army = s.armies[a]!;
  const e = s.armies[s.armies.length - 1]!;
  army.steps = b.armySteps;
  army.hex = BATTLE_HEX;
  army.attacked = !b.shockFirst;
  e.steps = b.engineerSteps;
  s.host = b.engineerSteps > 0 ? a : -1;
  s.viReady = b.viRound > 0;
  const byType: number[][] = [[], [], [], [], [], [], [], []];
  for (let id = 0; id < s.gType.length; id++) byType[s.gType[id]!]!.push(id);
  s.engaged = [];
  for (let t = 0; t < counts.length; t++) {
    const ids = byType[t]!.slice(0, counts[t] ?? 0);
    if (ids.length < (counts[t] ?? 0)) throw new Error(`SCS odds: only ${ids.length} counters of type ${t}`);
    s.engaged.push(...ids);
  }
  const F = b.armySteps + b.engineerSteps;
  const ws: ScsWorkspace = scsWorkspace(s);
  ws.explicitChance = true;
  startBattle(ws, b.kind, BATTLE_HEX, a, Number.isFinite(b.maxRounds) ? b.maxRounds - 1 : 1e9);
  const answer = (x: ScsState, d: ScsDecision): number => {
    switch (d.kind) {
      case 'commitVI':
        return x.stack.some((t) => t.t === 'battle' && t.round === b.viRound) ? 1 : 0;
      case 'anotherRound':
        return 1;
      case 'germanLoss': {
        for (const t of b.killOrder) {
          const i = d.options.indexOf(t);
          if (i >= 0) return i;
        }
        return 0;
      }
      default:
        throw new Error(`SCS odds: unexpected decision ${d.kind}`);
    }
  };
  const round = (x: ScsState): number => {
    for (const t of x.stack) if (t.t === 'battle') return t.round;
    return 0;
  };
  /** Runs `x` to its next chance point (answering decisions); false when the battle is over. */
  const advanceTo = (x: ScsState): boolean => {
    ws.s = x;
    for (;;) {
      const p = runUntil(x, ws, (y) => y.stack.length === 0);
      if (p === null) return false;
      if (p.kind === 'chance') return true;
      apply(x, ws, p, answer(x, p as ScsDecision));
    }
  };
  const finish = (x: ScsState, p: number, r: number) => {
    const left = forceSteps(x, a);
    if (x.outcome.won) out.taken += p;
    else if (left === 0) out.destroyed += p;
    else out.stymied += p;
    addAt(out.rounds, r, p);
    addAt(out.sovietLost, F - left, p);
    addAt(out.germanLost, x.stats.germanEliminated, p);
  };
  let wave = new Map<string, { s: ScsState; p: number; r: number }>();
  if (advanceTo(s)) wave.set(keyOf(s, a), { s, p: 1, r: round(s) });
  else finish(s, 1, 1);
  while (wave.size > 0) {
    let active = 0;
    for (const w of wave.values()) active += w.p;
    if (!Number.isFinite(b.maxRounds) && active < MASS_EPS) break;
    const next = new Map<string, { s: ScsState; p: number; r: number }>();
    for (const w of wave.values()) {
      if (w.r > ENUMERATION_ROUND_CAP) {
        out.unresolved += w.p;
        addAt(out.rounds, ENUMERATION_ROUND_CAP + 1, w.p);
        addAt(out.sovietLost, F - forceSteps(w.s, a), w.p);
        addAt(out.germanLost, w.s.stats.germanEliminated, w.p);
        continue;
      }
      const node = w.s.pending!;
      if (node.kind !== 'chance') throw new Error('SCS odds: a chance point expected');
      node.outcomes.forEach((o, i) => {
        if (o.p === 0) return;
        const c = battleCopy(w.s);
        ws.s = c;
        apply(c, ws, node, i);
        const q = w.p * o.p;
        if (!advanceTo(c)) {
          finish(c, q, w.r);
          return;
        }
        const k = keyOf(c, a);
        const had = next.get(k);
        if (had === undefined) next.set(k, { s: c, p: q, r: round(c) });
        else had.p += q;
      });
    }
    wave = next;
  }
  for (const w of wave.values()) {
    out.unresolved += w.p;
    addAt(out.rounds, w.r + 1, w.p);
    addAt(out.sovietLost, F - forceSteps(w.s, a), w.p);
    addAt(out.germanLost, w.s.stats.germanEliminated, w.p);
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
