/**
 * The games a program knows, handed to the runner and commands by their composition root (the CLI,
 * the worker): nothing registers itself by being imported.
 */
import { quote, UserError } from './errors.js';
import type { GameDefinition } from './game.js';

export interface GameRegistry {
  list(): readonly GameDefinition[];
  /** The game with this id, or a user error naming `where` and listing the known ones. */
  get(id: string, where?: string): GameDefinition;
}

/**
 * A registry of `games`. `known`, when given, is every game id the program has, of which `games`
 * are the ones loaded (a CLI command loads only the games it names): an unknown id's error lists
 * `known`, and asking for a known game that was not loaded is a program error, not the user's.
 */
export function createRegistry(games: readonly GameDefinition[], known?: readonly string[]): GameRegistry {
  const byId = new Map<string, GameDefinition>();
  for (const g of games) {
    if (byId.has(g.id)) throw new Error(`game ${g.id} listed twice`);
    if (known !== undefined && !known.includes(g.id)) throw new Error(`game ${g.id} is not among the known`);
    byId.set(g.id, g);
  }
  const ids = known ?? [...byId.keys()];
  return {
    list: () => games,
    get(id, where = 'game') {
      const g = byId.get(id);
      if (g !== undefined) return g;
      if (ids.includes(id)) throw new Error(`game ${id} was not loaded for this command`);
      throw new UserError(`${where}: unknown game ${quote(id)} (known: ${ids.join(', ')})`);
    },
  };
}
