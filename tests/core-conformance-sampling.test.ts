/**
 * Conformance mode's sample (src/core/driver.ts ConformanceSample): the costly checks run at the
 * first decisions, the first few of each kind and a seeded one-in-N of the rest, and the cheap ones
 * at every decision. Planted bugs that only show late in a game are still caught: a clone that
 * forgets to copy one array (one that changes early, one that changes only late in the game) and an
 * invariant broken at a late decision.
 */
import { describe, expect, it } from 'vitest';
import { randomPolicy } from '../src/core/decide.js';
import {
  ConformanceError,
  DEFAULT_CONFORMANCE_SAMPLE,
  playMatch,
  sampledDecision,
  startMatch,
} from '../src/core/driver.js';
import type { Decision, GameStateBase, SteppedGame } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { stateHash } from '../src/core/state-hash.js';
import { dc } from '../src/games/dc/index.js';
import type { DcState } from '../src/games/dc/state.js';
import { sfo } from '../src/games/sfo/index.js';

const setup = resolveSetup(dc, { scenario: 'intro-tournament' }, 'test');
const first = DEFAULT_CONFORMANCE_SAMPLE === 'every' ? 0 : DEFAULT_CONFORMANCE_SAMPLE.first;
/**
 * `def` as the turn machine plays it (src/core/kernel.ts): a decision with a single option is
 * carried out at once and never pends (the checked driver refuses one that does). A no-op for a
 * game whose turn sequence runs on the kernel.
 */
const forcing = (def: SteppedGame): SteppedGame => ({
  ...def,
  advance(s, ws) {
    for (;;) {
      const p = def.advance(s, ws);
      if (p === null || p.kind === 'chance' || (p as Decision).options.length !== 1) return p;
      def.apply(s, ws, p, 0);
    }
  },
});
const game = forcing(dc as unknown as SteppedGame);

/** Plays DC game `g` (default policies) as `def` in conformance mode with the default sample; the error it throws. */
function checked(def: SteppedGame, g: number): ConformanceError | undefined {
  try {
    playMatch(
      startMatch(def, setup, { masterSeed: 3, gameIndex: g }),
      createPolicies(dc, { ...dc.defaultPolicies }, setup.scenario),
      { conformance: true },
    );
    return undefined;
  } catch (e) {
    if (e instanceof ConformanceError) return e;
    throw e;
  }
}
const decisionOf = (e: ConformanceError | undefined) => Number(/decision (\d+)/.exec(e?.message ?? '')?.[1]);

/** DC with a clone that leaves `key` shared with the original (the bug of a forgotten `.slice()`). */
const sharing = (key: keyof DcState): SteppedGame => ({
  ...game,
  clone: (s: GameStateBase) => ({ ...dc.clone!(s as DcState), [key]: (s as DcState)[key] }) as never,
});

describe('conformance sample', () => {
  it('is a fixed set: all of the first decisions, about one in N of the rest, different in each game', () => {
    const pick = (g: number) =>
      Array.from({ length: 4000 }, (_, d) => sampledDecision(32, 7, g, d + 1))
        .map((x, d) => (x ? d + 1 : 0))
        .filter((d) => d > 0);
    expect(pick(0)).toEqual(pick(0));
    expect(pick(0)).not.toEqual(pick(1));
    expect(pick(0).length).toBeGreaterThan(4000 / 32 / 1.5);
    expect(pick(0).length).toBeLessThan((4000 / 32) * 1.5);
    expect(sampledDecision(32, 2 ** 40 + 7, 0, 5)).toBe(sampledDecision(32, 2 ** 40 + 7, 0, 5));
  });

  it('compares states by a structural hash that sees one changed number, and a typed array for a plain one', () => {
    const s = { a: [1, 2, { b: 'x', c: new Int16Array([3, 4]) }], d: 0.5, e: null, f: undefined };
    expect(stateHash(structuredClone(s))).toBe(stateHash(s));
    expect(stateHash({ ...s, f: 1 })).not.toBe(stateHash(s));
    const t = structuredClone(s);
    (t.a[2] as { c: Int16Array }).c[1] = 5;
    expect(stateHash(t)).not.toBe(stateHash(s));
    expect(stateHash({ c: [3, 4] })).not.toBe(stateHash({ c: new Int16Array([3, 4]) }));
    expect(stateHash({ d: 0.5 })).not.toBe(stateHash({ d: 0.25 }));
    // what JSON leaves out is left out
    expect(stateHash({ a: 1, f: undefined })).toBe(stateHash({ a: 1 }));
  });

  it('the real game passes', () => {
    expect(checked(game, 0)).toBeUndefined();
  });

  it('catches a clone that shares an array changed only after the first decisions', () => {
    // airAt changes first around decision 90, partisans only some 800 decisions in
    for (const key of ['airAt', 'partisans'] as const) {
      const e = checked(sharing(key), 0);
      expect(e?.message, key).toMatch(
        /applying to a clone changed the original state|the state and its clone differ after the same answer/,
      );
      expect(decisionOf(e), key).toBeGreaterThan(first);
    }
    expect(decisionOf(checked(sharing('partisans'), 0))).toBeGreaterThan(500);
  });

  it('catches an invariant broken at one late decision only', () => {
    let calls = 0;
    const late: SteppedGame = {
      ...game,
      invariants: (s: GameStateBase) => {
        calls++;
        return calls === 1000
          ? ['planted: broken once, at the thousandth answer']
          : dc.invariants(s as DcState);
      },
    };
    const e = checked(late, 1);
    expect(e?.message).toMatch(/invariant broken after .*planted/);
    expect(decisionOf(e)).toBe(1000);
  });

  it('checking changes no play: plain, sampled and every-decision games give one record', () => {
    const sfoSetup = resolveSetup(sfo, { scenario: 'advanced' }, 'test');
    const play = (conformance: false | true | { sample: 'every' }) =>
      playMatch(
        startMatch(sfo as unknown as SteppedGame, sfoSetup, { masterSeed: 4, gameIndex: 2 }),
        { soviet: randomPolicy(), us: randomPolicy() },
        { conformance },
      );
    const plain = play(false);
    expect(play(true)).toStrictEqual(plain);
    expect(play({ sample: 'every' })).toStrictEqual(plain);
  });
});
