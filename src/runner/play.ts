import { playOneGame } from '../core/driver.js';
import type { GameDefinition, GameRecord, GameSetup, TraceEvent } from '../core/game.js';
import { createPolicies } from '../core/policies.js';

export { createPolicies, playerSides } from '../core/policies.js';

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
  return playOneGame(
    def,
    setup,
    createPolicies(def, policies, setup.scenario),
    { masterSeed, gameIndex },
    trace,
  );
}
