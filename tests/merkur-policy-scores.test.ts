/**
 * Merkur's scripted policies (src/games/merkur/policies): `scores` writes a finite score for every
 * option and the option `choose` picks has the highest one (ties aside), over every decision of a
 * few games of each scripted policy; and `clone` gives a copy that, continued from a copy of the
 * state at the middle of a game, plays the same rest of the game as the original.
 */
import { describe, expect, it } from 'vitest';
import { type GameMatch, startMatch } from '../src/core/driver.js';
import type { Decision, Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import type { MerkurDecision } from '../src/games/merkur/decisions.js';
import { merkur } from '../src/games/merkur/index.js';
import type { MerkurState } from '../src/games/merkur/state.js';

type MerkurPolicy = Policy<MerkurState, MerkurDecision>;

const SCRIPTED = merkur.policies.filter((p) => p.id !== 'random');

/**
 * Plays `m` on with `policies` (each side's own stream), calling `each` before every decision
 * (a decision of one option never pends) and what it returns with the answer chosen; stops after
 * `limit` decisions. Returns the decisions answered.
 */
function play(
  m: GameMatch,
  policies: Readonly<Record<string, MerkurPolicy>>,
  limit = Number.POSITIVE_INFINITY,
  each?: (d: MerkurDecision, p: MerkurPolicy) => ((choice: number) => void) | undefined,
): string[] {
  const log: string[] = [];
  for (let p = m.pending(); p !== null && log.length < limit; p = m.pending()) {
    if (p.kind === 'chance') throw new Error('no chance points in sampled mode');
    const d = p as Decision as MerkurDecision;
    const pol = policies[d.side]!;
    const after = each?.(d, pol);
    const c = pol.choose(m.state as MerkurState, d, m.workspace.streams.stream(`policy:${d.side}`));
    after?.(c);
    log.push(`${d.side}:${d.kind}:${c}`);
    m.apply(c);
  }
  return log;
}

describe('Merkur scripted policies: scores agree with choose', { timeout: 300_000 }, () => {
  for (const def of SCRIPTED)
    it(`${def.side} ${def.id}: the option chosen has the highest score at every decision`, () => {
      const scenario = def.side === 'german' ? 'solitaire' : 'two-player';
      for (const sc of def.side === 'german' ? ['two-player', scenario] : [scenario]) {
        const setup = resolveSetup(merkur, { scenario: sc }, 'scores');
        for (let g = 0; g < 2; g++) {
          const m = startMatch(merkur, setup, { masterSeed: 11, gameIndex: g });
          const policies = createPolicies(merkur, { ...merkur.defaultPolicies, [def.side]: def.id }, sc);
          const mine = policies[def.side] as MerkurPolicy;
          expect(mine.scores, `${def.id} has scores`).toBeDefined();
          let checked = 0;
          play(m, policies as Record<string, MerkurPolicy>, Number.POSITIVE_INFINITY, (d, p) => {
            if (p !== mine) return undefined;
            const out = new Float64Array(d.options.length).fill(Number.NaN);
            const s = m.state as MerkurState;
            const before = JSON.stringify(s.rng);
            mine.scores!(s, d, out);
            expect(JSON.stringify(s.rng), 'scores draws nothing').toBe(before);
            let best = Number.NEGATIVE_INFINITY;
            for (const v of out) {
              expect(Number.isFinite(v), `${d.kind}: every option scored`).toBe(true);
              best = Math.max(best, v);
            }
            return (c: number) => {
              expect(
                out[c]!,
                `${d.kind} (${d.rule}): choice ${c} scores ${out[c]} of best ${best}`,
              ).toBeGreaterThanOrEqual(best - 1e-9);
              checked++;
            };
          });
          expect(checked, `${def.id} ${sc} game ${g}: decisions checked`).toBeGreaterThan(20);
        }
      }
    });
});

describe('Merkur scripted policies: clone', { timeout: 300_000 }, () => {
  for (const scenario of ['two-player', 'solitaire'])
    it(`${scenario}: a clone continued from a copy of the state plays the rest of the game as the original`, () => {
      const setup = resolveSetup(merkur, { scenario }, 'clone');
      const arms = [
        { ...merkur.defaultPolicies },
        { german: 'maleme-first', commonwealth: 'counterattack' },
        { german: 'objective-count', commonwealth: 'objective-hold' },
      ];
      for (const ids of arms) {
        const m = startMatch(merkur, setup, { masterSeed: 13, gameIndex: 0 });
        const policies = createPolicies(merkur, ids, scenario) as Record<string, MerkurPolicy>;
        // about the middle of the game (the solitaire German answers some 400 decisions a game)
        const half = scenario === 'solitaire' ? 150 : 400;
        expect(play(m, policies, half).length).toBe(half);
        const copy = m.clone();
        const clones = Object.fromEntries(Object.entries(policies).map(([side, p]) => [side, p.clone!()]));
        const rest = play(m, policies);
        const restCopy = play(copy, clones);
        expect(rest.length).toBeGreaterThan(0);
        expect(restCopy).toEqual(rest);
        expect(copy.record()).toEqual(m.record());
      }
    });
});
