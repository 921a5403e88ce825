import type { GameStreams, Rng } from '../src/core/rng.js';
import { gameStreams } from '../src/core/rng.js';

/** Game streams that count every 32-bit draw, to measure the dice a game consumes. */
export function countingStreams(seed: number, game: number, counter: { draws: number }): GameStreams {
  const inner = gameStreams(seed, game);
  const wrapped = new Map<string, Rng>();
  return {
    masterSeed: seed,
    gameIndex: game,
    stream(name: string): Rng {
      let w = wrapped.get(name);
      if (w === undefined) {
        const rng = inner.stream(name);
        w = {
          next() {
            counter.draws++;
            return rng.next();
          },
          clone: () => rng.clone(),
          getState: () => rng.getState?.() ?? [],
        } as unknown as Rng;
        wrapped.set(name, w);
      }
      return w;
    },
  };
}
