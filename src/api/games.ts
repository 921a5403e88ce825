/**
 * The library API's view of the games: what `sandtable list` shows, as data, and exact combat odds
 * from each game's own odds provider (what `sandtable odds` prints). Each function takes a
 * registry, every game of the toolkit by default; src/api/game-info.ts holds them over a registry
 * the caller gives.
 */
import type { GameDefinition, OddsTable } from '../core/game.js';
import type { GameRegistry } from '../core/registry.js';
import { gameRegistry } from '../games/index.js';
import type { GameInfo, OddsInfo, OddsSituationOf } from './game-info.js';
import * as info from './game-info.js';

export {
  type GameInfo,
  type OddsInfo,
  type OddsSituation,
  type OddsSituationOf,
  type OddsSituations,
  type PolicyInfo,
  type ScsOddsSituation,
  type SfoOddsSituation,
  unknownOddsOption,
} from './game-info.js';

/** Every registered game's metadata, in registry order (`registry`: default, every game of the toolkit). */
export function listGames(registry: GameRegistry = gameRegistry()): GameInfo[] {
  return info.listGames(registry);
}

/** One game's metadata; an unknown id is a UserError listing the known ones. */
export function gameInfo(id: string, registry: GameRegistry = gameRegistry()): GameInfo {
  return info.gameInfo(id, registry);
}

/**
 * One game's definition, to step a game with the driver (`startMatch`, `playMatch`; docs/architecture.md
 * "The driver"); an unknown id is a UserError listing the known ones.
 */
export function gameDefinition(id: string, registry: GameRegistry = gameRegistry()): GameDefinition {
  return info.gameDefinition(id, registry);
}

/** The options `odds(game, ...)` takes; UserError for an unknown game or one without odds. */
export function oddsOptions(game: string, registry: GameRegistry = gameRegistry()): OddsInfo {
  return info.oddsOptions(game, registry);
}

/**
 * Exact outcome probabilities of a game's combat tables for the situation described (the same
 * options `sandtable odds <game>` takes, without the dashes), from the game's own odds provider.
 * An unknown game, an unknown option, a value for a flag, a flag given a value, or a bad value is
 * a one-line UserError.
 */
export function odds<G extends string>(
  game: G,
  situation?: OddsSituationOf<G>,
  registry: GameRegistry = gameRegistry(),
): OddsTable[] {
  return info.odds(game, situation, registry);
}
