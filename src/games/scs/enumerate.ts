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
 * - the breakout's half-round (8.6) by forces.ts `breakoutFire`, whose volleys take their outcome
 *   from the workspace's `chanceOutcome`.
 * Copies of a state that stand at the same point with the same forces are merged. A battle's points
 * form a graph (every point is run through the rules once; to the death, rounds after the first
 * that differ only in their number are one point), over which the probability mass flows until the
 * mass still fighting is negligible. The player's answers follow the odds request: the kill order
 * (10.14), the VI IC round (10.11), and fighting on while MF are left (9.3).
 */
import { type BattleKind, engagedCounts, forceSteps, roundDrm } from './combat.js';
import { generationDistribution } from './crt.js';
import {
  type Arena,
  addAt,
  arena,
  drawCopy,
  ENUMERATION_ROUND_CAP,
  emptyOdds,
  enumerateStep,
  poolRanOut,
  stepKey,
  typeCounts,
} from './enumerate-arena.js';
import { type BattleGraph, battleGraph, battleGraphOdds, type Start } from './enumerate-graph.js';
import { breakout, generateDefenders, markerOnly } from './forces.js';
import type { Cfg } from './parameters.js';
import { drawCounter, drawForBattle } from './pool.js';
import { MECH, NONMECH, type ScsState, SECURITY } from './state.js';

export { ENUMERATION_ROUND_CAP, emptyOdds } from './enumerate-arena.js';

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
 * engaged beforehand, an empty pocket: no further draws), its volleys from forces.ts `breakoutFire`.
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
