/**
 * Dark Crusade's value of a position (src/games/dc/evaluate.ts): at every decision of a game it is
 * in [0, 1], the two sides' values sum to 1 (results worth 1, 1/2, 0), it leaves the state as it
 * was (pure), and at the end it is each side's result. Its skill against the constant predictor is
 * measured by scripts/evaluate-skill.mjs (held-out games, master seed 1).
 */
import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import type { GameStateBase, Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { resultValue } from '../src/core/values.js';
import { evaluateDc } from '../src/games/dc/evaluate.js';
import { dc } from '../src/games/dc/index.js';
import type { DcState } from '../src/games/dc/state.js';

const isDc = (s: GameStateBase): s is DcState => 'units' in s && 'sib' in s;

describe('DC evaluate', () => {
  for (const scenario of ['intro-tournament', 'adv-campaign'])
    it(`${scenario}: in [0, 1] at every decision, the sides' values sum to 1, pure, the result at the end`, () => {
      const setup = resolveSetup(dc, { scenario }, 'test');
      const match = startMatch(dc, setup, { masterSeed: 7, gameIndex: 3 });
      const state = match.state;
      if (!isDc(state)) throw new Error('not a DC state');
      const made = createPolicies(dc, dc.defaultPolicies, scenario);
      let checked = 0;
      const policies: Record<string, Policy> = {};
      for (const [side, p] of Object.entries(made))
        policies[side] = {
          id: p.id,
          choose(view, d, rng, search) {
            const before = checked % 50 === 0 ? JSON.stringify(state) : '';
            const a = evaluateDc(state, 'axis');
            const v = evaluateDc(state, 'soviet');
            expect(a >= 0 && a <= 1).toBe(true);
            expect(a + v).toBeCloseTo(1, 12);
            if (before !== '') expect(JSON.stringify(state)).toBe(before);
            checked++;
            return p.choose(view, d, rng, search);
          },
        };
      const rec = playMatch(match, policies);
      expect(checked).toBeGreaterThan(100);
      for (const side of ['axis', 'soviet'])
        expect(evaluateDc(state, side)).toBe(resultValue(dc, rec.result, side));
    });
});
