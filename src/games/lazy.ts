/**
 * Every game of the toolkit by id, each module imported when the game is first asked for (the
 * worker, which plays one game, loads only that one). The same definitions as src/games/index.ts
 * GAMES, in the same order; tests/tiers.test.ts checks that the two lists agree.
 */
import type { GameDefinition } from '../core/game.js';
import { withSearchPolicies } from '../core/rollout.js';

/**
 * Imports a game module beside this file. Compiled, a plain dynamic import. From source (tests and
 * worker threads started under tsx, whose hooks do not reach a worker's dynamic imports), through
 * tsx's own import API, loaded only then (tsx is a development dependency).
 */
async function importGame<T>(id: string): Promise<T> {
  if (!import.meta.url.endsWith('.ts')) return (await import(`./${id}/index.js`)) as T;
  const { tsImport } = (await import('tsx/esm/api')) as {
    tsImport: (specifier: string, parent: string) => Promise<unknown>;
  };
  return (await tsImport(`./${id}/index.ts`, import.meta.url)) as T;
}

export const GAME_LOADERS: Readonly<Record<string, () => Promise<GameDefinition>>> = {
  sfo: async () => withSearchPolicies((await importGame<typeof import('./sfo/index.js')>('sfo')).sfo),
  scs: async () => withSearchPolicies((await importGame<typeof import('./scs/index.js')>('scs')).scs),
  crete: async () => withSearchPolicies((await importGame<typeof import('./crete/index.js')>('crete')).crete),
  merkur: async () =>
    withSearchPolicies((await importGame<typeof import('./merkur/index.js')>('merkur')).merkur),
  dc: async () => withSearchPolicies((await importGame<typeof import('./dc/index.js')>('dc')).dc),
};

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
          return Promise.reject(
            new Error(`unknown game ${id} (known: ${Object.keys(GAME_LOADERS).join(', ')})`),
          );
        p = loader();
        loaded.set(id, p);
      }
      return p;
    },
  };
}
