/**
 * Merkur's value of a position (src/games/merkur/value.ts, SteppedGame.evaluate): in [0, 1], the
 * two sides' values sum to 1, at a finished game each side's result (win 1, draw 1/2, loss 0), pure
 * (the state and its streams unchanged); and on a sized held-out sample (src/analysis/evaluate-skill.ts,
 * every two-player pairing of skillArms, 10 training and 20 held-out games each) its Brier skill
 * against the constant predictor is at least 0.05 at half and three quarters of the game (the full
 * figures, every quarter and both scenarios: node scripts/evaluate-skill.mjs merkur).
 */
import { describe, expect, it } from 'vitest';
import { evaluateSkill, skillArms } from '../src/analysis/evaluate-skill.js';
import { playMatch, startMatch } from '../src/core/driver.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { returns } from '../src/core/values.js';
import { merkur } from '../src/games/merkur/index.js';
import type { MerkurState } from '../src/games/merkur/state.js';

describe('Merkur evaluate', { timeout: 300_000 }, () => {
  for (const scenario of ['two-player', 'solitaire'])
    it(`${scenario}: in [0, 1], summing to 1, pure, and the result at the end`, () => {
      const setup = resolveSetup(merkur, { scenario }, 'evaluate');
      for (let g = 0; g < 3; g++) {
        const m = startMatch(merkur, setup, { masterSeed: 3, gameIndex: g });
        const made = createPolicies(merkur, { ...merkur.defaultPolicies }, scenario);
        let seen = 0;
        const policies = Object.fromEntries(
          Object.entries(made).map(([side, p]) => [
            side,
            {
              id: p.id,
              choose: (...args: Parameters<typeof p.choose>) => {
                if (seen++ % 50 === 0) {
                  const s = m.state as MerkurState;
                  const before = JSON.stringify(s);
                  const ger = merkur.evaluate!(s, 'german');
                  const cw = merkur.evaluate!(s, 'commonwealth');
                  expect(JSON.stringify(s)).toBe(before);
                  expect(ger >= 0 && ger <= 1 && cw >= 0 && cw <= 1).toBe(true);
                  expect(ger + cw).toBeCloseTo(1, 12);
                }
                return p.choose(...args);
              },
            },
          ]),
        );
        const rec = playMatch(m, policies);
        const ret = returns(merkur, rec);
        for (const side of ['german', 'commonwealth'])
          expect(merkur.evaluate!(m.state as MerkurState, side)).toBe(ret[side]);
        expect(seen).toBeGreaterThan(50);
      }
    });

  it('two-player, every scripted pairing: Brier skill at least 0.05 at 1/2 and 3/4 of the game', () => {
    const rows = evaluateSkill(merkur, {
      arms: skillArms(merkur).filter((a) => a.scenario === 'two-player'),
      train: 10,
      test: 20,
    });
    expect(rows.length).toBe(6);
    for (const r of rows.filter((x) => x.quarter >= 0.5))
      expect(r.skill, `${r.side} at ${r.quarter}: ${r.brier} vs ${r.constant}`).toBeGreaterThanOrEqual(0.05);
  });
});
