/**
 * core/policies.ts `clonePolicy` (a copy of a policy to continue a fork as it would) and its use by
 * the rollout policy (core/rollout.ts): the searching side's scripted player is kept for the whole
 * game, asked at every decision when it keeps a plan, and each playout continues from a copy of it
 * made at the decision, never from the real player itself.
 */
import { describe, expect, it } from 'vitest';
import { searchContext, startMatch } from '../src/core/driver.js';
import type { Decision, Policy, PolicyDef, SteppedGame } from '../src/core/game.js';
import { clonePolicy, createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { rolloutPolicy } from '../src/core/rollout.js';
import { resolveSetup } from '../src/core/setup.js';
import { sfo } from '../src/games/sfo/index.js';

describe('clonePolicy', () => {
  it("is the policy's clone() when it has one, itself when it keeps nothing, undefined when it remembers the game but cannot be copied", () => {
    const copy: Policy = { id: 'copy', choose: () => 0 };
    const planner: Policy = { id: 'planner', choose: () => 0, clone: () => copy, reset: () => {} };
    expect(clonePolicy(planner)).toBe(copy);
    const pure: Policy = { id: 'pure', choose: () => 0 };
    expect(clonePolicy(pure)).toBe(pure);
    const keeper: Policy = { id: 'keeper', choose: () => 0, reset: () => {} };
    expect(clonePolicy(keeper)).toBeUndefined();
  });
});

/** What the planners of one test did: each copy's plan when it was made, and the answers copies gave. */
interface Log {
  copies: number[];
  copyAnswers: number;
}

/** A scripted policy with a plan (how many decisions it has answered), copied by clone(). */
class Planner implements Policy<unknown, Decision> {
  readonly id = 'planner';
  constructor(
    readonly log: Log,
    public asked = 0,
    readonly isCopy = false,
  ) {}
  choose(_view: unknown, d: Decision): number {
    if (this.isCopy) this.log.copyAnswers++;
    return this.asked++ % d.options.length;
  }
  reset(): void {
    this.asked = 0;
  }
  clone(): Planner {
    this.log.copies.push(this.asked);
    return new Planner(this.log, this.asked, true);
  }
}

describe('the rollout policy continues as the scripted player would', () => {
  it("copies the side's scripted player, asked at every real decision, into every playout and never plays the real one", () => {
    const log: Log = { copies: [], copyAnswers: 0 };
    const planner: PolicyDef = {
      id: 'planner',
      side: 'soviet',
      description: 'a plan',
      create: () => new Planner(log),
    };
    const game = {
      ...sfo,
      policies: [...sfo.policies, planner],
      defaultPolicies: { ...sfo.defaultPolicies, soviet: 'planner' },
    } as unknown as SteppedGame;
    const setup = resolveSetup(game, { scenario: 'advanced' }, 'test');
    const m = startMatch(game, setup, { masterSeed: 2, gameIndex: 0 });
    const us = createPolicies(game, game.defaultPolicies, 'advanced').us!;
    const search = rolloutPolicy(game, 'soviet').create({ n: 2, k: 2 });
    let asked = 0;
    for (let p = m.pending(); p !== null && asked < 4; p = m.pending()) {
      const d = p as Decision;
      if (d.side === 'us') {
        m.apply(us.choose(m.state, d, streamRng(2, 0, 'us')));
        continue;
      }
      log.copies = [];
      const choice = search.choose(m.state, d, streamRng(2, asked, 'search'), searchContext(m, 'soviet'));
      asked++;
      // one copy per playout (2 candidates x 2 playouts), each of the real player's plan after this decision
      expect(log.copies).toEqual([asked, asked, asked, asked]);
      m.apply(choice);
    }
    expect(asked).toBe(4);
    expect(log.copyAnswers).toBeGreaterThan(0);
  });
});
