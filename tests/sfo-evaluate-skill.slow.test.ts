/**
 * How much SFO's value of a position (src/games/sfo/evaluate.ts) knows: on held-out games (master
 * seed 1, 40 per pairing of src/analysis/evaluate-skill.ts, base rate from 20 training games per
 * pairing at master seed 7) its Brier score beats the constant predictor's by a skill of at least
 * 0.05 at a quarter, a half and three quarters of the decisions, for both sides, in every scenario
 * but at a quarter of the Advanced game: there the position tells little yet (the pairings' Soviet
 * results, 0.45 to 0.95, come from positions alike after the first Soviet turn), and the value must
 * only be no worse than the base rate. Slow tier: it plays about 2,000 games.
 */ import { describe, expect, it } from 'vitest';
import { evaluateSkill } from '../src/analysis/evaluate-skill.js';
import { sfo } from '../src/games/sfo/index.js';

describe('SFO evaluate against the constant predictor', () => {
  it('beats the constant predictor at every quarter on held-out games (skill >= 0.05)', () => {
    const rows = evaluateSkill(sfo, { train: 20, test: 40 });
    expect(rows.length).toBe(sfo.scenarios.length * 2 * 3);
    for (const r of rows) {
      const what = `${r.scenario} ${r.side} at ${r.quarter}: Brier ${r.brier} against ${r.constant}`;
      expect(r.n, what).toBeGreaterThanOrEqual(240);
      expect(r.skill, what).toBeGreaterThanOrEqual(
        r.scenario === 'advanced' && r.quarter === 0.25 ? 0 : 0.05,
      );
    }
  });
});
