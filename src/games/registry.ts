import { quote, UserError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';

const games = new Map<string, GameDefinition>();

/** Adds a game; called once per game from src/games/index.ts. */
export function registerGame(def: GameDefinition): void {
  if (games.has(def.id)) throw new Error(`game ${def.id} registered twice`);
  games.set(def.id, def);
}

export function listGames(): GameDefinition[] {
  return [...games.values()];
}

/** The game with this id, or a user error listing the known ones. */
export function getGame(id: string, where = 'game'): GameDefinition {
  const g = games.get(id);
  if (g === undefined)
    throw new UserError(`${where}: unknown game ${quote(id)} (known: ${[...games.keys()].join(', ')})`);
  return g;
}
