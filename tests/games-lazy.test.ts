/**
 * The lazy game loaders (src/games/lazy.ts: workers and the CLI load only the games they name) load
 * the same definitions, in the same order, as the full list src/games/index.ts GAMES. On this
 * (main) thread each loader imports its game through vitest; in a worker thread started from
 * source it would through tsx's API.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/index.js';
import { GAME_LOADERS } from '../src/games/lazy.js';

describe('lazy game loaders', () => {
  it('load the same definitions as GAMES, in its order', async () => {
    expect(Object.keys(GAME_LOADERS)).toEqual(GAMES.map((g) => g.id));
    for (const g of GAMES) {
      const lazy = await GAME_LOADERS[g.id]!();
      // The loader's own import of the game module: equal data.
      expect(lazy.data, g.id).toEqual(g.data);
      expect(
        lazy.policies.map((p) => p.id),
        g.id,
      ).toEqual(g.policies.map((p) => p.id));
    }
  });
});
