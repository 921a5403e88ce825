/**
 * Dark Crusade record (docs/games/dc.md "Statistics" and "Calibration"): the statistics written at the end of a game agree with the
 * final state — the VP each side holds in overland supply (`vpHeld`, DC C.7/B.7) and the 1942 peak
 * and 1941 isolation counts against their whole-game totals.
 */
import { describe, expect, it } from 'vitest';
import { startMatch } from '../src/core/driver.js';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import type { DcState } from '../src/games/dc/state.js';
import { vpHeld } from '../src/games/dc/victory.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';

describe('DC record: end-of-game statistics', () => {
  it('axisEnemyVpEnd and sovietEnemyVpEnd are the VP held at the end; the 1942 peak and 1941 isolations are bounded by their totals', () => {
    let endVp = 0;
    for (const scenario of ['intro-tournament', 'intro-campaign']) {
      const setup = resolveSetup(dc, { scenario, variants: {}, params: {} }, 'test');
      for (let g = 0; g < 3; g++) {
        const policies = createPolicies(dc, dc.defaultPolicies, setup.scenario);
        const m = startMatch(dc, setup, { masterSeed: 31, gameIndex: g });
        const rng = streamRng(31, g, 'policy');
        for (let q = m.pending(); q !== null; q = m.pending()) {
          const p = q as DcDecision;
          m.apply(policies[p.side]!.choose(m.state as DcState, p, rng));
        }
        const s = m.state as DcState;
        expect(s.over).toBe(true);
        const ws = dcWorkspace(s);
        expect(s.stats.axisEnemyVpEnd).toBe(vpHeld(s, ws, 0).enemy);
        expect(s.stats.sovietEnemyVpEnd).toBe(vpHeld(s, ws, 1).enemy);
        endVp += s.stats.axisEnemyVpEnd + s.stats.sovietEnemyVpEnd;
        expect(s.stats.axisEnemyVpMax1942).toBeLessThanOrEqual(s.stats.axisEnemyVpMax);
        if (s.turn > 8) expect(s.stats.axisEnemyVpMax1942).toBeGreaterThanOrEqual(0);
        expect(s.stats.sovietIsolatedEliminated1941).toBeLessThanOrEqual(s.stats.sovietIsolatedEliminated);
      }
    }
    // the Campaign games run to 1945 or an annihilation: someone holds enemy VP at the end of some game
    expect(endVp).toBeGreaterThan(0);
  });
});
