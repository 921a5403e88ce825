/**
 * Dark Crusade speed scratch (BENCHMARKS "fifth speed pass"): what the workspace and the policies
 * keep between decisions and games must not change a game. A reused series (the engine's
 * workspace with its supply entries, the policies' Ctx with theirs) plays each game as a fresh one,
 * and the strategic decisions answered from the kept group heads and search runs offer what a
 * fresh workspace computes on the same state.
 */
import { describe, expect, it } from 'vitest';
import { GameSeries, startMatch } from '../src/core/driver.js';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import type { DcState } from '../src/games/dc/state.js';
import { stratStep } from '../src/games/dc/strategic.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';

const setupOf = (scenario: string) => resolveSetup(dc, { scenario, variants: {}, params: {} }, 'test');

describe('DC speed scratch: kept tables change no game', () => {
  it('a series reusing its workspace and policies plays each game as a fresh series does', () => {
    for (const scenario of ['intro-tournament', 'adv-tournament']) {
      const setup = setupOf(scenario);
      const make = () => createPolicies(dc, dc.defaultPolicies, setup.scenario);
      const kept = new GameSeries(dc, setup, make);
      for (let g = 0; g < 3; g++) {
        const seed = { masterSeed: 11, gameIndex: g };
        const again = kept.play(seed);
        const alone = new GameSeries(dc, setup, make).play(seed);
        expect(JSON.stringify(again)).toBe(JSON.stringify(alone));
      }
    }
  });

  it('strat-next and strat-dest offer what a fresh workspace computes on the same state', () => {
    const setup = setupOf('intro-tournament');
    const policies = createPolicies(dc, dc.defaultPolicies, setup.scenario);
    const m = startMatch(dc, setup, { masterSeed: 5, gameIndex: 0 });
    const rng = streamRng(5, 0, 'policy');
    let checked = 0;
    for (let q = m.pending(); q !== null; q = m.pending()) {
      if (q.kind === 'chance') throw new Error('no chance points outside explicit-chance mode');
      const p = q as DcDecision;
      const s = m.state as DcState;
      if (p.kind === 'strat-next' || p.kind === 'strat-dest') {
        const copy = JSON.parse(JSON.stringify(s)) as DcState;
        copy.pending = null;
        const task = copy.stack[copy.stack.length - 1]!;
        if (task.t !== 'strat') throw new Error('a strategic decision without its task');
        const d = stratStep(copy, dcWorkspace(copy), task);
        expect(d?.kind).toBe(p.kind);
        expect(d?.options).toEqual(p.options);
        checked++;
      }
      m.apply(policies[p.side]!.choose(s, p, rng));
    }
    expect(checked).toBeGreaterThan(100);
  });
});
