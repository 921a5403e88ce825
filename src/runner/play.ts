import { GameSeries } from '../core/driver.js';
import type { GameDefinition, GameRecord, GameSetup, TraceEvent } from '../core/game.js';
import { createPolicies } from '../core/policies.js';

export { createPolicies, playerSides } from '../core/policies.js';

/**
 * The series of games of one arm (setup and policy specs per side): what a worker's chunk plays
 * (runner/chunk.ts) and what `play` and `replay` play one game of (`playGame`), so both take one
 * entry point to the driver. Each game gets policies created for it, or reset ones.
 */
export function armSeries(
  def: GameDefinition,
  setup: GameSetup,
  policies: Readonly<Record<string, string>>,
): GameSeries {
  return new GameSeries(def, setup, () => createPolicies(def, policies, setup.scenario));
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
  return armSeries(def, setup, policies).play({ masterSeed, gameIndex }, { trace });
}
