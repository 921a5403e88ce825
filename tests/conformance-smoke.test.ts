/**
 * The conformance smoke (fast tier, tests/helpers/tiers.ts): every registered game and scenario
 * plays one random-policy and one default-policy game in conformance mode (tests/conformance-suite.ts
 * play: the driver's checks, and the game continued from a JSON copy of its state), and every
 * variant is resolved switched from its default and started, not played. The full suite
 * (tests/conformance-*.test.ts) plays every policy and variant.
 */
import { describe, expect, it } from 'vitest';
import { playOneGame, startMatch } from '../src/core/driver.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { GAMES } from '../src/games/index.js';
import { play } from './conformance-suite.js';

for (const def of GAMES)
  describe(`conformance smoke: ${def.id}`, () => {
    for (const scenario of def.scenarios)
      it(`${scenario.id}: a random and a default game, checked`, () => {
        const setup = resolveSetup(def, { scenario: scenario.id }, 'smoke');
        play(def, setup, 'random', 21, 0);
        const checked = play(def, setup, { ...def.defaultPolicies }, 22, 0);
        const plain = playOneGame(def, setup, createPolicies(def, { ...def.defaultPolicies }, scenario.id), {
          masterSeed: 22,
          gameIndex: 0,
        });
        expect(checked, 'checked = plain').toStrictEqual(plain);
      });

    it('every variant switched from its default resolves and starts', () => {
      for (const v of def.variants) {
        if (v.default && v.group !== undefined) continue; // a group's default can only be replaced by a sibling
        for (const scenario of v.scenarios ?? def.scenarios.map((s) => s.id)) {
          const setup = resolveSetup(def, { scenario, variants: { [v.id]: !v.default } }, 'smoke');
          const m = startMatch(def, setup, { masterSeed: 23, gameIndex: 0 });
          expect(m.pending(), `${v.id} in ${scenario}`).not.toBeNull();
          expect(def.invariants(m.state), `${v.id} in ${scenario}`).toEqual([]);
        }
      }
    });
  });
