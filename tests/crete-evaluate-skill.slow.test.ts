/**
 * How much Crete's value of a position (src/games/crete/evaluate.ts) knows: on held-out games
 * (master seed 1, 20 per pairing of src/analysis/evaluate-skill.ts, base rate from 10 training
 * games per pairing at master seed 7) its Brier score beats the constant predictor's by a skill of
 * at least 0.05 at a quarter, a half and three quarters of the decisions, for both sides. Slow
 * tier: it plays 210 games.
 */ import { describe, expect, it } from 'vitest';
import { evaluateSkill } from '../src/analysis/evaluate-skill.js';
import { crete } from '../src/games/crete/index.js';

describe('Crete evaluate against the constant predictor', () => {
  it('beats the constant predictor at every quarter on held-out games (skill >= 0.05)', () => {
    const rows = evaluateSkill(crete, { train: 10, test: 20 });
    expect(rows.length).toBe(6);
    for (const r of rows) {
      expect(r.n).toBe(140);
      expect(
        r.skill,
        `${r.side} at ${r.quarter}: Brier ${r.brier} against ${r.constant}`,
      ).toBeGreaterThanOrEqual(0.05);
    }
  });
});
