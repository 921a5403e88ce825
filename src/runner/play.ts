import type { GameDefinition, GameRecord, GameSetup, Policy, TraceEvent } from '../core/game.js';
import { gameStreams } from '../core/rng.js';

/** Sides a player (policy) plays; in solitaire games the rules play the other side. */
export function playerSides(def: GameDefinition): string[] {
  return def.sides.map((s) => s.id).filter((id) => def.policies.some((p) => p.side === id));
}

/** Policies for one game, created fresh so that no policy state leaks between games. */
export function createPolicies(
  def: GameDefinition,
  policies: Readonly<Record<string, string>>,
): Record<string, Policy> {
  const out: Record<string, Policy> = {};
  for (const side of def.sides) {
    if (!def.policies.some((p) => p.side === side.id)) continue; // played by the rules
    const id = policies[side.id] ?? def.defaultPolicies[side.id];
    const p = def.policies.find((x) => x.side === side.id && x.id === id);
    if (p === undefined) throw new Error(`${def.id}: no policy ${id} for side ${side.id}`);
    out[side.id] = p.create();
  }
  return out;
}

/**
 * Plays game `gameIndex` of a run: its dice depend only on (master seed, game index, stream name),
 * so any worker, chunk or shard that plays it gets the same record.
 */
export function playGame(
  def: GameDefinition,
  setup: GameSetup,
  policies: Readonly<Record<string, string>>,
  masterSeed: number,
  gameIndex: number,
  trace?: TraceEvent[],
): GameRecord {
  const streams = gameStreams(masterSeed, gameIndex);
  const state = def.start(setup, streams);
  return def.play(state, {
    streams,
    policies: createPolicies(def, policies),
    ...(trace === undefined ? {} : { trace }),
  });
}
