/**
 * Determinism, once for every registered game and scenario (in process, the default pairing and
 * random against random): a game is a function of (master seed, game index). Played again, traced,
 * it gives the same record; as the later game of a series that reuses the last game's workspace
 * and reset policies (as a worker plays a chunk), it gives that record too; another game index
 * gives another game. That conformance mode plays the same game as plain play is checked by the
 * conformance smoke (tests/conformance-smoke.test.ts); the runner's byte-identical runs over
 * workers and chunk sizes are tests/runner-determinism.test.ts; pinned play of every game is
 * tests/pinned-play.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { GameSeries, playOneGame } from '../src/core/driver.js';
import type { GameDefinition, TraceEvent } from '../src/core/game.js';
import { createPolicies, playerSides } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { GAMES } from '../src/games/index.js';

const pairings = (def: GameDefinition, scenario: string): Record<string, string>[] => [
  { ...def.defaultPolicies },
  Object.fromEntries(playerSides(def, scenario).map((s) => [s, 'random'])),
];

describe('a game is a function of (master seed, game index)', () => {
  for (const def of GAMES)
    for (const sc of def.scenarios)
      it(`${def.id} ${sc.id}: replayed traced and in a series, the same record`, () => {
        const setup = resolveSetup(def, { scenario: sc.id }, 'determinism');
        for (const ids of pairings(def, sc.id)) {
          const pols = () => createPolicies(def, ids, sc.id);
          const seed = { masterSeed: 5, gameIndex: 3 };
          const a = playOneGame(def, setup, pols(), seed);
          const trace: TraceEvent[] = [];
          expect(playOneGame(def, setup, pols(), seed, trace), 'replayed, traced').toStrictEqual(a);
          expect(trace.length).toBeGreaterThan(10);
          expect(trace.every((e) => e.rule.length > 0 && e.text.length > 0)).toBe(true);
          // a series plays games 2 and 3 on one workspace and one set of (reset) policies
          const series = new GameSeries(def, setup, pols);
          const b = series.play({ masterSeed: 5, gameIndex: 2 });
          expect(series.play(seed), 'in a series').toStrictEqual(a);
          expect(b, 'game 2 is another game').not.toStrictEqual(a);
        }
      });
});
