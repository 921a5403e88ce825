/**
 * Every game of the toolkit by id, each module imported when the game is first asked for (the
 * worker, which plays one game, loads only that one; the CLI, only the games a command names).
 * The same definitions as src/games/index.ts GAMES, in the same order; tests/games-lazy.test.ts
 * checks that the two lists agree.
 */
import { isMainThread } from 'node:worker_threads';
import type { GameDefinition } from '../core/game.js';
import { withSearchPolicies } from '../core/search-policies.js';

/**
 * Imports a game module beside this file: `plain` (a dynamic import of that module) when compiled
 * and on the main thread, whose loader (node's, tsx's or vitest's) resolves it and shares its
 * modules with the caller. A worker thread started from source is reached by no loader's hooks
 * (tsx's miss a worker's dynamic imports), so it imports through tsx's own import API, loaded
 * only then (tsx is a development dependency).
 */
async function importGame<T>(id: string, plain: () => Promise<T>): Promise<T> {
  if (isMainThread || !import.meta.url.endsWith('.ts')) return plain();
  const { tsImport } = (await import('tsx/esm/api')) as {
    tsImport: (specifier: string, parent: string) => Promise<unknown>;
  };
  return (await tsImport(`./${id}/index.ts`, import.meta.url)) as T;
}

export const GAME_LOADERS: Readonly<Record<string, () => Promise<GameDefinition>>> = {
  sfo: async () => withSearchPolicies((await importGame('sfo', () => import('./sfo/index.js'))).sfo),
  scs: async () => withSearchPolicies((await importGame('scs', () => import('./scs/index.js'))).scs),
  crete: async () => withSearchPolicies((await importGame('crete', () => import('./crete/index.js'))).crete),
  merkur: async () =>
    withSearchPolicies((await importGame('merkur', () => import('./merkur/index.js'))).merkur),
  dc: async () => withSearchPolicies((await importGame('dc', () => import('./dc/index.js'))).dc),
};

/** The ids of every game, in registry order, known without loading any game. */
export const GAME_IDS: readonly string[] = Object.keys(GAME_LOADERS);

/** Games loaded on first use: each id's module imported once per loader (a fresh one per call). */
export interface LazyGames {
  load(id: string): Promise<GameDefinition>;
}

export function lazyGames(): LazyGames {
  const loaded = new Map<string, Promise<GameDefinition>>();
  return {
    load(id) {
      let p = loaded.get(id);
      if (p === undefined) {
        const loader = GAME_LOADERS[id];
        if (loader === undefined)
          return Promise.reject(new Error(`unknown game ${id} (known: ${GAME_IDS.join(', ')})`));
        p = loader();
        loaded.set(id, p);
      }
      return p;
    },
  };
}

/**
 * The games among `ids` that exist, loaded (unknown ids are left out: the registry built from them
 * names them as unknown when they are asked for), in registry order.
 */
export async function loadGames(ids: Iterable<string>): Promise<GameDefinition[]> {
  const wanted = new Set(ids);
  const games = lazyGames();
  return Promise.all(GAME_IDS.filter((id) => wanted.has(id)).map((id) => games.load(id)));
}
