/**
 * Information-set MCTS (core/mcts.ts): every iteration of the British search plays on a fork the
 * game's `resample` draws consistent with the British view (Crete K6.1: the German drop
 * allocation is secret), so two games that differ only in the hidden allocation, and in the German
 * policy's stream that drew it, get the same British answers: the search sees the view, never
 * the secret.
 */
import { describe, expect, it } from 'vitest';
import { GameMatch, searchContext, startMatch } from '../src/core/driver.js';
import type { Decision, Policy, SearchContext } from '../src/core/game.js';
import { mctsPolicy } from '../src/core/mcts.js';
import { createPolicies } from '../src/core/policies.js';
import { type Rng, reseedRng, streamRng } from '../src/core/rng.js';
import { crete } from '../src/games/crete/index.js';
import { defaultSetup } from '../src/games/crete/odds.js';
import type { CreteState } from '../src/games/crete/state.js';

/** Decisions a playout runs past the tree: past the British set-up into the German drops, which the allocation decides. */
const HORIZON = 120;

/** Game `game` of Crete at its first British decision, the German's turns played by his default. */
function atBritish(game: number): GameMatch {
  const m = startMatch(crete, defaultSetup(), { masterSeed: 31, gameIndex: game });
  const pol = createPolicies(crete, crete.defaultPolicies, 'campaign');
  for (let p = m.pending(); p !== null && p.kind !== 'chance' && p.side !== 'british'; p = m.pending())
    m.apply(
      pol.german!.choose(crete.view(m.state as CreteState, 'german'), p as Decision, streamRng(0, 0, 'x')),
    );
  return m;
}

/** Another allocation of the same battalions: each dropping one sent to the next board (the held ones kept). */
function otherAllocation(m: GameMatch): GameMatch {
  const c = m.clone();
  const s = c.state as CreteState;
  s.secret = { ...s.secret!, alloc: s.secret!.alloc.map((b) => (b < 0 ? b : (b + 1) % 3)) };
  // the German policy's stream, which drew the allocation, is hidden from the British too
  s.rng.streams['policy:german'] = [1, 2, 3, 4];
  return c;
}

/** A search context that forks plain clones on fresh dice, the hidden allocation left as it is (what ISMCTS must not do). */
function cloneContext(m: GameMatch): SearchContext {
  return {
    game: crete,
    setup: m.setup,
    fork(rng: Rng) {
      const s = crete.clone!(m.state as CreteState);
      reseedRng(s.rng, rng);
      return new GameMatch(crete, m.setup, s, crete.workspace(s));
    },
  };
}

/** The British mcts answers to the next `k` British decisions of `m` (each answer carried out). */
function britishAnswers(
  m: GameMatch,
  k: number,
  context = (x: GameMatch) => searchContext(x, 'british'),
): number[] {
  const search: Policy = mctsPolicy(crete, 'british').create({
    iterations: 6,
    c: 0.7,
    horizon: HORIZON,
    widen: 2,
    prior: 0,
    playout: 0,
  });
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const p = m.pending();
    if (p === null || p.kind === 'chance' || p.side !== 'british') break;
    const a = search.choose(
      crete.view(m.state as CreteState, 'british'),
      p as Decision,
      streamRng(5, i, 'policy:british'),
      context(m),
    );
    out.push(a);
    m.apply(a);
  }
  return out;
}

describe('information-set MCTS (Crete, the British against a secret German allocation)', () => {
  it('gives the same answers for two games that differ only in the hidden allocation', () => {
    const a = atBritish(0);
    const b = otherAllocation(a);
    const sa = a.state as CreteState;
    const sb = b.state as CreteState;
    // the real allocations differ, the British views do not
    expect(sa.secret!.alloc.join()).not.toBe(sb.secret!.alloc.join());
    expect(JSON.stringify(crete.view(sa, 'british'))).toBe(JSON.stringify(crete.view(sb, 'british')));
    const first = britishAnswers(a, 6);
    expect(first.length).toBe(6);
    expect(britishAnswers(b, 6)).toEqual(first);
    // the answers are not one constant index (the comparison above would then prove nothing)
    expect(new Set(first).size).toBeGreaterThan(1);
    // a search on plain clones reads the real allocation, and it answers differently
    const plainA = britishAnswers(atBritish(0), 6, cloneContext);
    const plainB = britishAnswers(otherAllocation(atBritish(0)), 6, cloneContext);
    expect(plainB).not.toEqual(plainA);
  });

  it("every iteration's fork is a determinization: the British search's forks hold allocations other than the real one", () => {
    const m = atBritish(1);
    const real = (m.state as CreteState).secret!.alloc.join();
    const search = searchContext(m, 'british');
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++)
      seen.add((search.fork(streamRng(9, i, 'mcts')).state as CreteState).secret!.alloc.join());
    expect(seen.size).toBeGreaterThan(1);
    expect([...seen].some((x) => x !== real)).toBe(true);
  });
});
