/**
 * Hand-built SFO positions for known-answer tests: a legal state with units on given hexes, built
 * through the same rules resolution as a real game (unlisted units are eliminated and counted as
 * lost, so the state still satisfies `invariants`), and ways to run the real engine from it: one
 * battle with a chosen die, one phase, or the rest of the game.
 */
import { GameMatch, playMatch } from '../../src/core/driver.js';
import type { GameRecord, Policy, TraceEvent } from '../../src/core/game.js';
import { newRngState, type Rng, streamRng } from '../../src/core/rng.js';
import type { Battle } from '../../src/games/sfo/combat.js';
import { startCombat } from '../../src/games/sfo/combat.js';
import type { CombatResult } from '../../src/games/sfo/crt.js';
import type { SfoDecision, SfoOption } from '../../src/games/sfo/decisions.js';
import { startEvents } from '../../src/games/sfo/events.js';
import { sfo } from '../../src/games/sfo/index.js';
import { mapOf } from '../../src/games/sfo/map.js';
import { startMovement } from '../../src/games/sfo/movement.js';
import { resolveRules } from '../../src/games/sfo/resolve.js';
import { initialState } from '../../src/games/sfo/setup.js';
import type { SfoState, Side } from '../../src/games/sfo/state.js';
import { apply, runUntil } from '../../src/games/sfo/turn-sequence.js';
import { type SfoWorkspace, sfoWorkspace } from '../../src/games/sfo/workspace.js';

export interface PositionSpec {
  readonly level: 'basic' | 'advanced' | 'expert';
  /** Expert scenario (default expert-standard). */
  readonly scenario?: string;
  /** Hex ids of Soviet units, in unit order (A, B, V, G, D, E; Expert: Ж, З tank); repeat a hex to stack. */
  readonly soviet: readonly string[];
  /** Hex ids of US units W, X, Y, Z (and West German V in Advanced as a fifth entry; Expert: then US armour T). */
  readonly us: readonly string[];
  /** Units placed by id (e.g. { ZE: '0507' }), on top of the lists; a listed unit is on the map. */
  readonly at?: Readonly<Record<string, string>>;
  readonly variants?: readonly string[];
  readonly params?: Readonly<Record<string, string | number | readonly string[]>>;
  readonly turn?: number;
}

/** A state with exactly the listed units on the map (others eliminated, V in reserve if not listed). */
export function positionState(spec: PositionSpec): SfoState {
  const variants = new Set(spec.variants ?? []);
  if (!variants.has('crt-chart-basic')) variants.add('crt-unified');
  if (!variants.has('elim-one')) variants.add('elim-all');
  const scenario = spec.level === 'expert' ? (spec.scenario ?? 'expert-standard') : spec.level;
  const rules = resolveRules({ scenario, variants, params: spec.params ?? {} });
  const state = initialState(rules);
  const at = spec.at ?? {};
  const place = (side: Side, hexes: readonly string[]) => {
    const units = state.units.filter((u) => u.side === side);
    units.forEach((u, k) => {
      const h = at[u.id] ?? hexes[k];
      if (h !== undefined) {
        u.status = 'map';
        u.hex = hexIndex(state, h);
      } else if (u.status === 'map') {
        u.status = 'eliminated';
        u.hex = -1;
        if (side === 'soviet') state.stats.soviet_units_lost++;
        else state.stats.us_units_lost++;
      }
    });
    if (hexes.length > units.length + Object.keys(at).length)
      throw new Error(`positionState: ${hexes.length} ${side} hexes for ${units.length} units`);
  };
  place('soviet', spec.soviet);
  place('us', spec.us);
  state.turn = spec.turn ?? 1;
  return state;
}

/** Index of a hex id on the state's map. */
export function hexIndex(state: SfoState, id: string): number {
  return mapOf(state).grid.index(id);
}

/** Hex ids of a list of hex indices, sorted. */
export function hexIds(state: SfoState, hexes: readonly number[]): string[] {
  const m = mapOf(state);
  return hexes.map((h) => m.ids[h]!).sort();
}

/** A policy that always answers with the first option satisfying `pick` (or option 0). */
export function scriptedPolicy(pick: (o: SfoOption, kind: string) => boolean): Policy {
  return {
    id: 'scripted',
    choose(_view, d) {
      const i = (d.options as readonly SfoOption[]).findIndex((o) => pick(o, d.kind));
      return Math.max(i, 0);
    },
  };
}

/** The setup a position was resolved from, as a GameSetup. */
function setupOf(state: SfoState) {
  const level = state.rules.level;
  const scenario =
    level !== 'expert'
      ? level
      : state.rules.expert!.scenario === 'standard'
        ? 'expert-standard'
        : state.rules.expert!.scenario === 'engagement'
          ? 'expert-engagement'
          : 'expert-us-counter-offensive';
  return { scenario, variants: new Set<string>(), params: {} };
}

/**
 * Answers every decision the rules pend until `done(state)` holds, each with the policy of its side
 * (the state itself as the view, `rng` as the policy stream). A chance point throws unless the
 * workspace samples chance (explicit-chance mode off).
 */
function answerUntil(
  state: SfoState,
  ws: SfoWorkspace,
  done: (s: SfoState) => boolean,
  policies: Readonly<Record<string, Policy>>,
  rng: (side: string) => Rng,
  who: string,
): void {
  for (let p = runUntil(state, ws, done); p !== null; p = runUntil(state, ws, done)) {
    if (p.kind === 'chance') throw new Error(`${who}: an unexpected chance point (${p.rule})`);
    const d = p as SfoDecision;
    const policy = policies[d.side];
    if (policy === undefined) throw new Error(`${who}: no policy for ${d.side} (${d.kind})`);
    const choice = policy.choose(state, d, rng(d.side));
    if (!Number.isInteger(choice) || choice < 0 || choice >= d.options.length)
      throw new Error(
        `${who}: ${policy.id} answered ${choice} to ${d.kind} with ${d.options.length} options`,
      );
    apply(state, ws, d, choice);
  }
}

/**
 * Resolves `battle` in `state` with the combat die `die` (1..6; with Spetsnaz, `dice` gives both),
 * through the engine's own tasks: the roll, the result, and every decision it leads to (retreats,
 * eliminations, the advance, exploitation), answered by `policies`. Returns the workspace (its
 * trace holds the narration when `trace` is given); the result is `state.lastResult`.
 */
export function fight(
  state: SfoState,
  battle: Battle,
  die: number | readonly [number, number],
  policies: Readonly<Record<string, Policy>>,
  trace?: TraceEvent[],
): SfoWorkspace {
  const ws = sfoWorkspace(state);
  ws.explicitChance = true;
  ws.trace = trace;
  const depth = state.stack.length;
  state.stack.push({ t: 'roll', battle });
  const done = (s: SfoState) => s.stack.length <= depth;
  const chance = runUntil(state, ws, done);
  if (chance === null || chance.kind !== 'chance')
    throw new Error('fight: the roll did not stop at its chance point');
  const k =
    typeof die === 'number'
      ? chance.outcomes.length === 6
        ? die - 1
        : (die - 1) * 6 + 5
      : (die[0] - 1) * 6 + (die[1] - 1);
  apply(state, ws, chance, k);
  const rng = streamRng(1, 1, 'fight');
  answerUntil(state, ws, done, policies, () => rng, 'fight');
  return ws;
}

/** `fight`, returning the combat result (SFO 9, Table 2) the die gave. */
export function fightResult(
  state: SfoState,
  battle: Battle,
  die: number | readonly [number, number],
  policies: Readonly<Record<string, Policy>>,
): CombatResult {
  fight(state, battle, die, policies);
  return state.lastResult!;
}

export type PhaseKind = 'events' | 'movement' | 'combat';

/**
 * Runs one phase of `side` from where `state` stands (SFO 7 events, SFO 8 movement with the
 * support chit placed at its end, SFO 9 combat), through the engine's own tasks, every decision
 * answered by `policies` and chance drawn from the state's streams (reseeded to (`seed`, `game`)
 * when either is given; else the state's own streams continue). The turn does not advance.
 * Returns the workspace (its trace holds the narration when `trace` is given).
 */
export function runPhase(
  state: SfoState,
  phase: PhaseKind,
  side: Side,
  policies: Readonly<Record<string, Policy>>,
  opts: { seed?: number; game?: number; trace?: TraceEvent[] } = {},
): SfoWorkspace {
  if (state.pending !== null) throw new Error(`runPhase: ${state.pending.kind} is pending`);
  if (opts.seed !== undefined || opts.game !== undefined)
    state.rng = newRngState(opts.seed ?? 1, opts.game ?? 0);
  const ws = sfoWorkspace(state);
  ws.trace = opts.trace;
  const depth = state.stack.length;
  if (phase === 'events') startEvents(state, ws, side);
  else if (phase === 'movement') startMovement(state, ws, side);
  else startCombat(state, ws, side);
  const rngs: Record<string, Rng> = {};
  const rng = (s: string) => {
    rngs[s] ??= ws.streams.stream(`policy:${s}`);
    return rngs[s];
  };
  answerUntil(state, ws, (s) => s.stack.length <= depth, policies, rng, `runPhase ${phase}`);
  return ws;
}

/**
 * Plays `state` to the end of the game from the start of the phase it names (the events phase of
 * `side` by default, as on turn `state.turn`) with `policies`, through the core driver.
 */
export function playFrom(
  state: SfoState,
  policies: Readonly<Record<string, Policy>>,
  opts: { seed?: number; game?: number; trace?: TraceEvent[]; side?: Side } = {},
): GameRecord {
  const first = state.rules.expert?.first ?? 'soviet';
  state.seq = (opts.side ?? first) === first ? 0 : 3;
  state.rng = { seed: opts.seed ?? 1, game: opts.game ?? 0, streams: {} };
  const ws = sfoWorkspace(state);
  ws.trace = opts.trace;
  return playMatch(new GameMatch(sfo, setupOf(state), state, ws), policies);
}
