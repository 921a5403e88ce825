/**
 * Every game of the toolkit by id, each module imported when the game is first asked for (the
 * worker, which plays one game, loads only that one). The same definitions as src/games/index.ts
 * GAMES, in the same order; tests/tiers.test.ts checks that the two lists agree.
 */
import type { GameDefinition } from '../core/game.js';
import { withSearchPolicies } from '../core/rollout.js';

export const GAME_LOADERS: Readonly<Record<string, () => Promise<GameDefinition>>> = {
  sfo: async () => withSearchPolicies((await import('./sfo/index.js')).sfo),
  scs: async () => withSearchPolicies((await import('./scs/index.js')).scs),
  crete: async () => withSearchPolicies((await import('./crete/index.js')).crete),
  merkur: async () => withSearchPolicies((await import('./merkur/index.js')).merkur),
  dc: async () => withSearchPolicies((await import('./dc/index.js')).dc),
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
