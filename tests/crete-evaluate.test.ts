/**
 * Crete's value of a position (src/games/crete/evaluate.ts): in [0, 1], the two sides' values sum
 * to 1 (draws count 1/2 to each), it touches neither the state nor its dice, and at the end it is
 * the result itself. How much it knows: tests/crete-evaluate-skill.slow.test.ts.
 */ import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import type { Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { stateHash } from '../src/core/state-hash.js';
import { resultValue } from '../src/core/values.js';
import { evaluate } from '../src/games/crete/evaluate.js';
import { crete } from '../src/games/crete/index.js';
import { defaultSetup } from '../src/games/crete/odds.js';
import type { CreteState } from '../src/games/crete/state.js';

describe('Crete evaluate', () => {
  it('is a value in [0, 1], the sides sum to 1, pure, and the result at the end', () => {
    for (const [german, british] of [
      ['historical', 'historical'],
      ['airfield-grab', 'suda-keep'],
      ['random', 'random'],
    ] as const) {
      const m = startMatch(crete, defaultSetup(), { masterSeed: 2, gameIndex: 0 });
      const s = m.state as CreteState;
      const made = createPolicies(crete, { german, british });
      let asked = 0;
      const policies: Record<string, Policy> = {};
      for (const [side, p] of Object.entries(made))
        policies[side] = {
          id: p.id,
          choose(view, d, rng, search) {
            if (asked++ % 25 === 0) {
              const before = stateHash(s);
              const g = evaluate(s, 'german');
              const b = evaluate(s, 'british');
              expect(g).toBeGreaterThanOrEqual(0);
              expect(g).toBeLessThanOrEqual(1);
              expect(g + b).toBeCloseTo(1, 12);
              expect(stateHash(s)).toBe(before);
            }
            return p.choose(view, d, rng, search);
          },
        };
      const rec = playMatch(m, policies);
      expect(evaluate(s, 'german')).toBe(resultValue(crete, rec.result, 'german'));
      expect(evaluate(s, 'british')).toBe(resultValue(crete, rec.result, 'british'));
    }
    expect(() =>
      evaluate(startMatch(crete, defaultSetup(), { masterSeed: 2, gameIndex: 0 }).state as CreteState, 'us'),
    ).toThrow(/side us/);
  });
});
