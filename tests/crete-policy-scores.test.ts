/**
 * The scripted Crete policies' option scores and copies (core/game.ts Policy.scores, Policy.clone):
 * at every decision of whole games, the option `choose` picks has the highest score (ties aside),
 * every option is scored, and asking for the scores changes no answer; a copy of a policy made in
 * mid-game (between a move-unit pick and its move, where the policy reuses what the pick found)
 * answers every later decision as the original does, the two games played side by side.
 */
import { describe, expect, it } from 'vitest';
import { type GameMatch, playMatch, startMatch } from '../src/core/driver.js';
import type { ChanceNode, Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import type { CreteDecision } from '../src/games/crete/decisions.js';
import { crete } from '../src/games/crete/index.js';
import { defaultSetup } from '../src/games/crete/odds.js';
import type { CreteState } from '../src/games/crete/state.js';

const GERMAN = ['historical', 'maleme-schwerpunkt', 'airfield-grab', 'attrition'] as const;
const BRITISH = ['historical', 'airfield-fortress', 'counterattack', 'suda-keep'] as const;
/** Every German policy against the British default, every British policy against the German default. */
const PAIRINGS: readonly (readonly [string, string])[] = [
  ...GERMAN.map((g) => [g, 'historical'] as const),
  ...BRITISH.filter((b) => b !== 'historical').map((b) => ['historical', b] as const),
];
const GAMES = 1;

type CretePolicy = Policy<CreteState, CreteDecision>;

describe('Crete policy scores agree with choose', () => {
  for (const [german, british] of PAIRINGS)
    it(`${german} vs ${british}: every decision of ${GAMES} games`, () => {
      const setup = defaultSetup();
      const kinds = new Set<string>();
      for (let g = 0; g < GAMES; g++) {
        const seed = { masterSeed: 3, gameIndex: g };
        const plain = playMatch(startMatch(crete, setup, seed), createPolicies(crete, { german, british }));
        const made = createPolicies(crete, { german, british }) as Record<string, CretePolicy>;
        let out = new Float64Array(64);
        const checked: Record<string, CretePolicy> = {};
        for (const [side, p] of Object.entries(made))
          checked[side] = {
            id: p.id,
            choose(view, d, rng) {
              const n = d.options.length;
              if (out.length < n) out = new Float64Array(2 * n);
              out.fill(Number.NaN, 0, n);
              p.scores!(view, d, out);
              const c = p.choose(view, d, rng);
              let max = Number.NEGATIVE_INFINITY;
              for (let i = 0; i < n; i++) {
                expect(Number.isNaN(out[i]!), `${d.kind}: option ${i} of ${n} scored`).toBe(false);
                max = Math.max(max, out[i]!);
              }
              expect(out[c], `${side} ${d.kind} (${n} options): choice ${c}`).toBe(max);
              kinds.add(d.kind);
              return c;
            },
          };
        const scored = playMatch(startMatch(crete, setup, seed), checked);
        expect(scored).toEqual(plain);
      }
      // the common kinds are among those checked
      for (const k of ['allocate-drop', 'setup-hex', 'drop-hex', 'move-unit', 'move', 'battle'])
        expect(kinds.has(k), k).toBe(true);
    });
});

/** Runs `m` to its next decision, sampling chance points (none outside explicit-chance mode). */
function next(m: GameMatch): CreteDecision | null {
  const p = m.pending();
  if (p === null) return null;
  if (p.kind === 'chance') throw new Error(`chance point ${(p as ChanceNode).rule} outside explicit mode`);
  return p as CreteDecision;
}

function answer(m: GameMatch, policies: Readonly<Record<string, CretePolicy>>, d: CreteDecision): number {
  const ws = m.workspace;
  const c = policies[d.side]!.choose(
    crete.view(m.state as CreteState, d.side),
    d,
    ws.streams.stream(`policy:${d.side}`),
  );
  m.apply(c);
  return c;
}

describe('Crete policy copies continue as the original', () => {
  for (const [german, british] of [
    ['historical', 'historical'],
    ['maleme-schwerpunkt', 'counterattack'],
    ['attrition', 'suda-keep'],
  ] as const)
    it(`${german} vs ${british}: copied at a move after decision 300, both games identical to the end`, () => {
      const m = startMatch(crete, defaultSetup(), { masterSeed: 5, gameIndex: 1 });
      const policies = createPolicies(crete, { german, british }) as Record<string, CretePolicy>;
      // play to the first move decision after 300 decisions: its pick was just answered
      let d = next(m);
      let asked = 0;
      while (d !== null && !(asked >= 300 && d.kind === 'move')) {
        answer(m, policies, d);
        asked++;
        d = next(m);
      }
      expect(d?.kind).toBe('move');
      const copy = m.clone();
      const copies: Record<string, CretePolicy> = {};
      for (const [side, p] of Object.entries(policies)) copies[side] = p.clone!() as CretePolicy;
      // both games in lockstep: the original and its copy are asked in turn, each on its own state
      let left = 0;
      for (;;) {
        const a = next(m);
        const b = next(copy);
        expect(b?.kind).toBe(a?.kind);
        if (a === null || b === null) break;
        expect(b.options).toEqual(a.options);
        expect(answer(copy, copies, b)).toBe(answer(m, policies, a));
        left++;
      }
      expect(left).toBeGreaterThan(100);
      expect(copy.record()).toEqual(m.record());
    });
});
