/**
 * How much Merkur's value of a position (src/games/merkur/value.ts) knows, in full: on held-out
 * games (master seed 1, 40 per pairing of src/analysis/evaluate-skill.ts, base rate from 20
 * training games per pairing at master seed 7) its Brier score beats the constant predictor's by a
 * skill of at least 0.05 at a quarter, a half and three quarters of the decisions, for both sides,
 * in the two-player and the solitaire game (tests/merkur-evaluate.test.ts checks a smaller sample
 * in the fast tier). Slow tier.
 */
import { describe, expect, it } from 'vitest';
import { evaluateSkill } from '../src/analysis/evaluate-skill.js';
import { merkur } from '../src/games/merkur/index.js';

describe('Merkur evaluate against the constant predictor', () => {
  it('beats the constant predictor at every quarter on held-out games (skill >= 0.05)', () => {
    const rows = evaluateSkill(merkur, { train: 20, test: 40 });
    expect(rows.length).toBe(merkur.scenarios.length * 2 * 3);
    for (const r of rows) {
      const what = `${r.scenario} ${r.side} at ${r.quarter}: Brier ${r.brier} against ${r.constant}`;
      expect(r.n, what).toBeGreaterThan(0);
      expect(r.skill, what).toBeGreaterThanOrEqual(0.05);
    }
  });
});
