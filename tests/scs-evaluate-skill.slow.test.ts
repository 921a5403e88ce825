/**
 * How much SCS's value of a position (src/games/scs/evaluate.ts) knows: on held-out games (master
 * seed 1, 40 per pairing of src/analysis/evaluate-skill.ts, base rate from 20 training games per
 * pairing at master seed 7) its Brier score beats the constant predictor's by a skill of at least
 * 0.05 at a quarter, a half and three quarters of the decisions, for the Soviet player and the
 * German side. Slow tier: it plays 300 games.
 */
import { describe, expect, it } from 'vitest';
import { evaluateSkill } from '../src/analysis/evaluate-skill.js';
import { scs } from '../src/games/scs/index.js';

describe('SCS evaluate against the constant predictor', () => {
  it('beats the constant predictor at every quarter on held-out games (skill >= 0.05)', () => {
    const rows = evaluateSkill(scs, { train: 20, test: 40 });
    expect(rows.length).toBe(2 * 3);
    for (const r of rows) {
      const what = `${r.side} at ${r.quarter}: Brier ${r.brier} against ${r.constant}`;
      expect(r.n, what).toBe(200);
      expect(r.skill, what).toBeGreaterThanOrEqual(0.05);
    }
  });
});
