/**
 * How much SFO's value of a position (src/games/sfo/evaluate.ts) knows: on held-out games (master
 * seed 1, 200 per pairing of src/analysis/evaluate-skill.ts; the coefficients were fitted by
 * scripts/fit-evaluate-sfo.mjs on master seed 7 only, and the base rate comes from 20 training
 * games per pairing at master seed 7) its Brier score beats the constant predictor's by a skill of
 * at least 0.05 at a quarter, a half and three quarters of the decisions, for both sides, in every
 * scenario. The held-out sample is large because a quarter into the Advanced game the pairings'
 * Soviet results (0.4 to 0.96) come from positions much alike, so the skill there is small and a
 * sample of 40 games per pairing is too noisy to tell it from the base rate. Slow tier: it plays
 * about 8,000 games.
 */
import { describe, expect, it } from 'vitest';
import { evaluateSkill, skillArms } from '../src/analysis/evaluate-skill.js';
import { sfo } from '../src/games/sfo/index.js';

describe('SFO evaluate against the constant predictor', () => {
  it('beats the constant predictor at every quarter on held-out games (skill >= 0.05)', () => {
    const arms = skillArms(sfo);
    const rows = evaluateSkill(sfo, { arms, train: 20, test: 200 });
    expect(rows.length).toBe(sfo.scenarios.length * 2 * 3);
    for (const r of rows) {
      const what = `${r.scenario} ${r.side} at ${r.quarter}: Brier ${r.brier} against ${r.constant}`;
      expect(r.n, what).toBe(200 * arms.filter((a) => a.scenario === r.scenario).length);
      expect(r.skill, what).toBeGreaterThanOrEqual(0.05);
    }
  });
});
