/**
 * SFO's value of a position (src/games/sfo/evaluate.ts), in every scenario: in [0, 1], the two
 * sides' values sum to 1 (draws count 1/2 to each), it leaves the state alone, and at the end it is
 * the result itself. How much it knows: tests/sfo-evaluate-skill.slow.test.ts.
 */ import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import type { Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { stateHash } from '../src/core/state-hash.js';
import { resultValue } from '../src/core/values.js';
import { evaluate } from '../src/games/sfo/evaluate.js';
import { sfo } from '../src/games/sfo/index.js';
import type { SfoState } from '../src/games/sfo/state.js';

describe('SFO evaluate', () => {
  it('is a value in [0, 1], the sides sum to 1, pure, and the result at the end', () => {
    for (const scenario of sfo.scenarios.map((s) => s.id)) {
      const setup = resolveSetup(sfo, { scenario }, 'sfo-evaluate test');
      const m = startMatch(sfo, setup, { masterSeed: 2, gameIndex: 0 });
      const s = m.state as SfoState;
      const made = createPolicies(sfo, sfo.defaultPolicies, scenario);
      const policies: Record<string, Policy> = {};
      for (const [side, p] of Object.entries(made))
        policies[side] = {
          id: p.id,
          choose(view, d, rng, search) {
            const before = stateHash(s);
            const v = evaluate(s, 'soviet');
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1);
            expect(v + evaluate(s, 'us')).toBeCloseTo(1, 12);
            expect(stateHash(s)).toBe(before);
            return p.choose(view, d, rng, search);
          },
        };
      const rec = playMatch(m, policies);
      expect(evaluate(s, 'soviet')).toBe(resultValue(sfo, rec.result, 'soviet'));
      expect(evaluate(s, 'us')).toBe(resultValue(sfo, rec.result, 'us'));
    }
  });
});
