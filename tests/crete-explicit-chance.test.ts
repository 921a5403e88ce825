/**
 * Every chance procedure of Crete stops in explicit-chance mode: the game's own draws are the
 * combat die (K10.4, stream `combat`) and the scatter test and direction dice (K15.3, K15.4, stream
 * `drop`); the set-up draws nothing (the allocation and set-up are the sides' decisions). Whole
 * games in explicit mode, under the readings that reach every scatter path (rolls after all
 * declarations, rerolls at sea, scattered paras attacking together), stop at chance points of
 * each of the three rules, and no game stream but the driver's `chance` and the policies' own is
 * ever drawn from; the same games in sampled mode draw from `combat` and `drop` instead.
 */
import { describe, expect, it } from 'vitest';
import { playMatch, sampleChance, startMatch } from '../src/core/driver.js';
import type { ChanceNode, Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import type { CreteDecision } from '../src/games/crete/decisions.js';
import { crete } from '../src/games/crete/index.js';
import { defaultSetup } from '../src/games/crete/odds.js';
import type { CreteState } from '../src/games/crete/state.js';

const READINGS: readonly (readonly string[])[] = [
  [],
  ['declare-all-then-roll', 'sea-reroll', 'scatter-attack-together', 'scatter-fail-destroyed'],
];

describe('Crete explicit chance', () => {
  for (const extra of READINGS)
    it(`every draw is a chance point (${extra.length === 0 ? 'default readings' : extra.join(', ')})`, () => {
      const setup = defaultSetup(extra);
      const rules = new Set<string>();
      for (let g = 0; g < 4; g++) {
        const seed = { masterSeed: 4, gameIndex: g };
        const m = startMatch(crete, setup, seed, { explicitChance: true });
        const ids = g % 2 === 0 ? crete.defaultPolicies : { german: 'attrition', british: 'counterattack' };
        const policies: Record<string, Policy> = createPolicies(crete, ids);
        // stepped by hand to see the rule of every chance point
        for (let p = m.pending(); p !== null; p = m.pending()) {
          if (p.kind === 'chance') {
            const node = p as ChanceNode;
            rules.add(node.rule);
            expect(node.outcomes.map((o) => o.p).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
            m.apply(sampleChance(m.workspace.streams.stream('chance'), node));
            continue;
          }
          const d = p as CreteDecision;
          m.apply(
            policies[d.side]!.choose(
              crete.view(m.state as CreteState, d.side),
              d,
              m.workspace.streams.stream(`policy:${d.side}`),
            ),
          );
        }
        const drawn = Object.keys((m.state as CreteState).rng.streams).sort();
        expect(drawn.filter((k) => k !== 'chance' && !k.startsWith('policy:'))).toEqual([]);
        // sampled mode: the same game draws its dice from its own streams
        const sampled = startMatch(crete, setup, seed);
        playMatch(sampled, createPolicies(crete, ids));
        const own = Object.keys((sampled.state as CreteState).rng.streams);
        expect(own).toContain('combat');
        expect(own).toContain('drop');
      }
      expect([...rules].sort()).toEqual(['K10.4', 'K15.3', 'K15.4']);
    });
});
