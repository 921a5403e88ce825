/**
 * Explicit chance in every game (src/core/kernel.ts: a task may stop at a chance node with its
 * exact outcomes): each game and scenario is played a few games with the default policies in
 * explicit-chance mode (startMatch(..., { explicitChance: true })), the driver sampling every chance
 * node from the stream `chance`, in conformance mode (src/core/driver.ts playChecked: invariants
 * after every answer, no decision pending with a single option, clone checks at a sample). Every
 * chance node must list outcomes with probabilities in [0, 1] summing to 1, the game must stop at
 * least at one chance node (every game here rolls dice), and it must end with a declared result
 * and legal invariants.
 *
 * One test per game and scenario, so a game not yet able to stop at its chance points fails alone.
 */
import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import type { ChanceNode } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { GAMES } from '../src/games/index.js';

/** Games per scenario: the long games (over a thousand decisions) play one. */
const GAMES_PER_SCENARIO: Readonly<Record<string, number>> = { dc: 1, merkur: 1, crete: 1 };

for (const def of GAMES)
  describe(`explicit chance: ${def.id}`, { timeout: 600_000 }, () => {
    for (const scenario of def.scenarios)
      it(`${scenario.id}: games in explicit-chance mode stop at chance nodes whose outcomes sum to 1, and end legally`, () => {
        const setup = resolveSetup(def, { scenario: scenario.id }, 'explicit chance');
        let nodes = 0;
        for (let g = 0; g < (GAMES_PER_SCENARIO[def.id] ?? 3); g++) {
          const m = startMatch(def, setup, { masterSeed: 41, gameIndex: g }, { explicitChance: true });
          const rec = playMatch(m, createPolicies(def, { ...def.defaultPolicies }, scenario.id), {
            conformance: {
              atDecision: (_m, p) => {
                if (p.kind !== 'chance') return;
                nodes++;
                const outs = (p as ChanceNode).outcomes;
                expect(outs.length, `${p.rule}: outcomes`).toBeGreaterThan(0);
                for (const o of outs) expect(o.p >= 0 && o.p <= 1, `${p.rule} ${o.label}: ${o.p}`).toBe(true);
                const total = outs.reduce((a, o) => a + o.p, 0);
                expect(Math.abs(total - 1), `${p.rule}: outcomes sum to ${total}`).toBeLessThan(1e-9);
              },
            },
          });
          expect(def.results.map((r) => r.id)).toContain(rec.result);
          expect(def.invariants(m.state), `game ${g}: invariants at the end`).toEqual([]);
          expect(m.pending(), `game ${g}: over`).toBeNull();
        }
        expect(nodes, `${def.id} ${scenario.id}: chance nodes stopped at`).toBeGreaterThan(0);
      });
  });
