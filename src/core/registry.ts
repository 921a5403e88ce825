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

export function createRegistry(games: readonly GameDefinition[]): GameRegistry {
  const byId = new Map<string, GameDefinition>();
  for (const g of games) {
    if (byId.has(g.id)) throw new Error(`game ${g.id} listed twice`);
    byId.set(g.id, g);
  }
  return {
    list: () => games,
    get(id, where = 'game') {
      const g = byId.get(id);
      if (g === undefined)
        throw new UserError(`${where}: unknown game ${quote(id)} (known: ${[...byId.keys()].join(', ')})`);
      return g;
    },
  };
}
