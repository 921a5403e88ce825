/**
 * SCS's value of a position (src/games/scs/evaluate.ts): the sides' values are complements in
 * [0, 1], a finished game is valued at its result (4.2-4.8) and evaluate leaves the state alone.
 * Its Brier skill on held-out games: tests/scs-evaluate-skill.slow.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import type { Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { resultValue } from '../src/core/values.js';
import { scs } from '../src/games/scs/index.js';
import type { ScsState } from '../src/games/scs/state.js';

const setup = resolveSetup(scs, {}, 'test');

describe('SCS evaluate', () => {
  it('values are complements in [0, 1], pure (every 8th decision), and a finished game is valued at its result (seed 1, 12 games)', () => {
    const results = new Set<string>();
    let asked = 0;
    for (let g = 0; g < 12; g++) {
      const m = startMatch(scs, setup, { masterSeed: 1, gameIndex: g });
      const s = m.state as ScsState;
      const made = createPolicies(scs, { soviet: g % 2 === 0 ? 'historical' : 'sudden-death' }, 'campaign');
      const policies: Record<string, Policy> = {};
      for (const [side, p] of Object.entries(made))
        policies[side] = {
          id: p.id,
          choose(view, d, rng) {
            const check = ++asked % 8 === 0;
            const before = check ? JSON.stringify(s) : '';
            const v = scs.evaluate!(s, 'soviet');
            const w = scs.evaluate!(s, 'german');
            if (check) expect(JSON.stringify(s)).toBe(before);
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1);
            expect(v + w).toBeCloseTo(1, 12);
            return p.choose(view, d, rng);
          },
        };
      const rec = playMatch(m, policies);
      results.add(rec.result);
      for (const side of ['soviet', 'german'])
        expect(scs.evaluate!(s, side)).toBe(resultValue(scs, rec.result, side));
    }
    expect(results.size).toBeGreaterThan(1);
  });
});
