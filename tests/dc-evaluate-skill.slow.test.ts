/**
 * How much Dark Crusade's value of a position (src/games/dc/evaluate.ts) knows: on held-out games
 * (master seed 1, 16 per pairing of src/analysis/evaluate-skill.ts, base rate from 8 training games
 * per pairing at master seed 7) its Brier score beats the constant predictor's by a skill of at
 * least 0.05 at a quarter, a half and three quarters of the decisions, for both sides, in the
 * Introductory tournament and the Advanced campaign (the other four scenarios, and every figure:
 * node scripts/evaluate-skill.mjs dc 8 16). Slow tier: DC games are long.
 */
import { describe, expect, it } from 'vitest';
import { evaluateSkill, skillArms } from '../src/analysis/evaluate-skill.js';
import { dc } from '../src/games/dc/index.js';

const SCENARIOS = ['intro-tournament', 'adv-campaign'];

describe('DC evaluate against the constant predictor', () => {
  it('beats the constant predictor at every quarter on held-out games (skill >= 0.05)', () => {
    const arms = skillArms(dc).filter((a) => SCENARIOS.includes(a.scenario));
    const rows = evaluateSkill(dc, { arms, train: 8, test: 16 });
    expect(rows.length).toBe(SCENARIOS.length * 2 * 3);
    for (const r of rows) {
      const what = `${r.scenario} ${r.side} at ${r.quarter}: Brier ${r.brier} against ${r.constant}`;
      expect(r.n, what).toBe(16 * arms.filter((a) => a.scenario === r.scenario).length);
      expect(r.skill, what).toBeGreaterThanOrEqual(0.05);
    }
  });
});
