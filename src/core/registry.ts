/**
 * The games a program knows, handed to the runner and commands by their composition root (the CLI,
 * the worker): nothing registers itself by being imported.
 */
import { quote, UserError } from './errors.js';
import type { GameDefinition } from './game.js';

/** Where a game from outside the package came from: its module's absolute path and content hash. */
export interface GameModuleRef {
  readonly path: string;
  /** sha256 of the module's local files (src/runner/game-module.ts gameModuleHash). */
  readonly sha256: string;
}

export interface GameRegistry {
  list(): readonly GameDefinition[];
  /** The game with this id, or a user error naming `where` and listing the known ones. */
  get(id: string, where?: string): GameDefinition;
  /** The module a game was loaded from, for a game from outside the package; undefined for a built-in one. */
  moduleOf?(id: string): GameModuleRef | undefined;
}

/**
 * A registry of `games`. `known`, when given, is every game id the program has, of which `games`
 * are the ones loaded (a CLI command loads only the games it names): an unknown id's error lists
 * `known`, and asking for a known game that was not loaded is a program error, not the user's.
 * `modules` gives the module each game from outside the package was loaded from (by game id).
 */
export function createRegistry(
  games: readonly GameDefinition[],
  known?: readonly string[],
  modules: ReadonlyMap<string, GameModuleRef> = new Map(),
): GameRegistry {
  const byId = new Map<string, GameDefinition>();
  for (const g of games) {
    if (byId.has(g.id)) throw new Error(`game ${g.id} listed twice`);
    if (known !== undefined && !known.includes(g.id)) throw new Error(`game ${g.id} is not among the known`);
    byId.set(g.id, g);
  }
  const ids = known ?? [...byId.keys()];
  for (const id of modules.keys())
    if (!byId.has(id)) throw new Error(`game module of ${id}, a game not in the registry`);
  return {
    list: () => games,
    moduleOf: (id) => modules.get(id),
    get(id, where = 'game') {
      const g = byId.get(id);
      if (g !== undefined) return g;
      if (ids.includes(id)) throw new Error(`game ${id} was not loaded for this command`);
      throw new UserError(`${where}: unknown game ${quote(id)} (known: ${ids.join(', ')})`);
    },
  };
}
