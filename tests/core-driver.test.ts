/**
 * The driver (docs/architecture.md "The driver"): it checks every answer, samples explicit chance points by their exact
 * probabilities, enumerates them exactly, and in conformance mode catches a game whose copies are
 * not independent and a policy that changes the state; a search policy's forks never see the
 * game's own future dice.
 */
import { describe, expect, it } from 'vitest';
import { IllegalDecisionError, randomPolicy } from '../src/core/decide.js';
import {
  ConformanceError,
  enumerateChance,
  GameMatch,
  playMatch,
  sampleChance,
  searchContext,
  startMatch,
} from '../src/core/driver.js';
import type { ChanceNode, Decision, Policy, SteppedGame } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { rolloutPolicy } from '../src/core/rollout.js';
import { resolveSetup } from '../src/core/setup.js';
import { cloneSfo, sfo } from '../src/games/sfo/index.js';
import type { SfoState } from '../src/games/sfo/state.js';
import { zoneGame } from './helpers/board-games.js';

const setup = resolveSetup(sfo, { scenario: 'advanced' }, 'test');
const defaults = () => createPolicies(sfo, sfo.defaultPolicies, 'advanced');

/** A match advanced with the default policies to the first pending decision of `kind`. */
function at(kind: string, game = 3): GameMatch {
  const m = startMatch(sfo, setup, { masterSeed: 1, gameIndex: game });
  const ps = defaults();
  for (let d = m.pending(); d !== null; d = m.pending()) {
    if (d.kind === kind && 'options' in d && d.options.length > 2) return m;
    const side = (d as { side: string }).side;
    m.apply(ps[side]!.choose(m.state, d as never, streamRng(1, 1, 'x')));
  }
  throw new Error(`no ${kind} decision`);
}

describe('the driver', () => {
  it('refuses an answer outside the options, naming the policy and the decision', () => {
    const bad: Policy = { id: 'bad', choose: () => 999 };
    const m = startMatch(sfo, setup, { masterSeed: 1, gameIndex: 1 });
    expect(() => playMatch(m, { soviet: bad, us: bad })).toThrow(IllegalDecisionError);
    expect(() =>
      playMatch(startMatch(sfo, setup, { masterSeed: 1, gameIndex: 1 }), { soviet: bad, us: bad }),
    ).toThrow(/policy "bad" answered 999 to move \(SFO 8, side soviet\)/);
    expect(() => at('move').apply(-1)).toThrow(/answer -1 to move/);
  });

  it('in conformance mode catches a copy that shares state with the original', () => {
    const leaky: SteppedGame = {
      ...(sfo as unknown as SteppedGame),
      clone: (s) => ({ ...(s as SfoState) }) as never,
    };
    const m = startMatch(leaky, setup, { masterSeed: 1, gameIndex: 2 });
    expect(() => playMatch(m, { soviet: randomPolicy(), us: randomPolicy() }, { conformance: true })).toThrow(
      ConformanceError,
    );
    // the game's own copy passes
    const ok = startMatch(sfo, setup, { masterSeed: 1, gameIndex: 2 });
    expect(() =>
      playMatch(ok, { soviet: randomPolicy(), us: randomPolicy() }, { conformance: true }),
    ).not.toThrow();
  });

  it('in conformance mode catches a policy that changes the state while choosing', () => {
    const meddler: Policy = {
      id: 'meddler',
      choose: (view) => {
        (view as SfoState).units[0]!.moved = true;
        return 0;
      },
    };
    const m = startMatch(sfo, setup, { masterSeed: 1, gameIndex: 2 });
    expect(() => playMatch(m, { soviet: meddler, us: randomPolicy() }, { conformance: true })).toThrow(
      /policy meddler changed the state while choosing move/,
    );
  });

  it('in conformance mode refuses a decision that pends with a single option (a forced move)', () => {
    // SFO with every pending decision cut to its first option: the game asks a question with one answer
    const forcing: SteppedGame = {
      ...(sfo as unknown as SteppedGame),
      advance: (s, ws) => {
        const p = (sfo as unknown as SteppedGame).advance(s, ws);
        return p === null || p.kind === 'chance' ? p : { ...p, options: (p as Decision).options.slice(0, 1) };
      },
    };
    const m = startMatch(forcing, setup, { masterSeed: 1, gameIndex: 2 });
    expect(() => playMatch(m, { soviet: randomPolicy(), us: randomPolicy() }, { conformance: true })).toThrow(
      /decision 1: forced move pended: \S+ \(SFO [^)]*\) has one option/,
    );
    // outside conformance mode the driver only asks and applies
    const plain = startMatch(forcing, setup, { masterSeed: 1, gameIndex: 2 });
    expect(() => playMatch(plain, { soviet: randomPolicy(), us: randomPolicy() })).not.toThrow();
  });

  it('samples a chance point by its exact probabilities', () => {
    const node: ChanceNode = {
      kind: 'chance',
      side: 'chance',
      rule: 'test',
      what: 'a loaded die',
      outcomes: [
        { label: 'a', p: 0.5 },
        { label: 'b', p: 0.25 },
        { label: 'c', p: 0.25 },
      ],
    };
    const rng = streamRng(4, 4, 'chance');
    const counts = [0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[sampleChance(rng, node)]!++;
    expect(Math.abs(counts[0]! - 20_000)).toBeLessThan(600);
    expect(Math.abs(counts[1]! - 10_000)).toBeLessThan(500);
  });

  it('plays explicit chance points (sampled from stream chance) to a legal end, and enumerates them exactly', () => {
    const m = startMatch(sfo, setup, { masterSeed: 1, gameIndex: 5 }, { explicitChance: true });
    const rec = playMatch(m, defaults(), { conformance: true });
    expect(['soviet-win', 'us-win']).toContain(rec.result);
    const battle = at('attack');
    battle.workspace.explicitChance = true;
    battle.apply(1);
    const p = enumerateChance(battle, (s) => String((s as SfoState).lastResult));
    expect([...p.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("enumerates a fixture game's chance points through its own code: the exact distribution of marked cells", () => {
    // tests/helpers/board-games.ts: a game on the turn machine whose only task rolls once per cell
    const def = zoneGame as unknown as SteppedGame;
    const fixtureSetup = resolveSetup(def, {}, 'test');
    const m = startMatch(def, fixtureSetup, { masterSeed: 1, gameIndex: 0 }, { explicitChance: true });
    const cells = def.board!(fixtureSetup).cells.length;
    const dist = enumerateChance(m, (s) => String((s as unknown as { marked: number[] }).marked.length));
    // the Poisson binomial of the cells' chances (i + 1) / (cells + 1)
    let exact = [1];
    for (let i = 0; i < cells; i++) {
      const p = (i + 1) / (cells + 1);
      exact = [...exact, 0].map((q, k) => q * (1 - p) + (k > 0 ? exact[k - 1]! * p : 0));
    }
    for (const [k, q] of exact.entries()) expect(dist.get(String(k)) ?? 0, `${k} marked`).toBeCloseTo(q, 12);
    // the fixture's value of a position is exact: at the start, the chance more than half end marked
    const win = exact.reduce((a, q, k) => a + (k * 2 > cells ? q : 0), 0);
    expect(def.evaluate(m.state, 'attacker')).toBeCloseTo(win, 12);
    expect(def.evaluate(m.state, 'defender')).toBeCloseTo(1 - win, 12);
    // sampled and explicit play reach legal ends with the same kinds of records
    const rec = playMatch(
      startMatch(def, fixtureSetup, { masterSeed: 1, gameIndex: 0 }, { explicitChance: true }),
      {},
      { conformance: true },
    );
    expect(rec.endTurn).toBe(1);
  });

  it("the rollout policy decides the same whatever the game's own future dice: its forks draw fresh ones", () => {
    const m = at('attack', 7);
    const other = m.clone();
    const s2 = other.state as SfoState;
    s2.rng.seed = 424242; // every future die of the real game differs
    s2.rng.streams = {};
    const d = m.pending()!;
    const p = rolloutPolicy(sfo as unknown as SteppedGame, 'soviet').create({ n: 4, k: 4 });
    const a = p.choose(m.state, d as never, streamRng(9, 9, 'policy:soviet'), searchContext(m, 'soviet'));
    const b = p.choose(
      other.state,
      d as never,
      streamRng(9, 9, 'policy:soviet'),
      searchContext(other, 'soviet'),
    );
    expect(b).toBe(a);
    // and choosing forked copies never moved the real game's streams
    expect(JSON.stringify(m.state)).toBe(JSON.stringify(cloneSfo(m.state as SfoState)));
  });

  it('a GameMatch built from a JSON copy continues the same game', () => {
    const m = at('move', 4);
    const copy = JSON.parse(JSON.stringify(m.state)) as SfoState;
    const a = playMatch(m, defaults());
    const b = playMatch(
      new GameMatch(sfo as unknown as SteppedGame, setup, copy, sfo.workspace(copy)),
      defaults(),
    );
    expect(b).toEqual(a);
  });
});
