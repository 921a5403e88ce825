/**
 * Option scores of the scripted Dark Crusade policies (core/game.ts Policy.scores): at every
 * decision of a game, the option `choose` picks has the highest score, and asking for the scores
 * changes nothing (the game with them asked before each answer ends with the same record); moves,
 * losses and strategic moves get a real ranking, not just the chosen option.
 */
import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import type { Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { isSearchPolicy } from '../src/core/search-policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { dc } from '../src/games/dc/index.js';

const SCRIPTED = dc.policies.filter((p) => p.id !== 'random' && !isSearchPolicy(p.id));

describe('DC policy scores agree with choose', () => {
  for (const def of SCRIPTED)
    it(`${def.side} ${def.id}: the chosen option scores highest at every decision; scores draw and change nothing`, () => {
      const scenario = 'adv-tournament';
      const setup = resolveSetup(dc, { scenario }, 'test');
      const ids = { ...dc.defaultPolicies, [def.side]: def.id };
      const plain = playMatch(
        startMatch(dc, setup, { masterSeed: 3, gameIndex: 0 }),
        createPolicies(dc, ids, scenario),
      );
      const made = createPolicies(dc, ids, scenario);
      let asked = 0;
      // the decision kinds whose scores rank the options (more than a chosen one and the rest)
      const ranked = new Set<string>();
      const policies: Record<string, Policy> = {};
      for (const [side, p] of Object.entries(made))
        policies[side] = {
          id: p.id,
          choose(view, d, rng, search) {
            if (side !== def.side) return p.choose(view, d, rng, search);
            expect(p.scores, `${p.id} has scores`).toBeDefined();
            const out = new Float64Array(d.options.length).fill(Number.NaN);
            p.scores!(view, d, out);
            for (const v of out) expect(Number.isFinite(v)).toBe(true);
            const c = p.choose(view, d, rng, search);
            expect(out[c], `${d.kind}: the chosen option ${c}`).toBe(Math.max(...out));
            if (new Set(out).size > 2) ranked.add(d.kind);
            asked++;
            return c;
          },
        };
      const withScores = playMatch(startMatch(dc, setup, { masterSeed: 3, gameIndex: 0 }), policies);
      expect(asked).toBeGreaterThan(100);
      // a real ranking for moves and for the losses, retreats and strategic moves the rules rank
      for (const kind of ['op-move', 'loss', 'strat-next', 'strat-dest'])
        expect([...ranked], `${def.id} ranks ${kind}`).toContain(kind);
      expect(withScores).toEqual(plain);
    });
});
