/**
 * The portfolio policy (src/core/portfolio.ts): at a choice point of its side it follows the
 * script whose playouts to the horizon score best, and it re-decides exactly at its side's first
 * decision of each new turn and phase (SteppedGame.searchPoint), at a budget of n x scripts
 * playouts a choice point.
 */
import { describe, expect, it } from 'vitest';
import { type GameMatch, playMatch, searchContext, startMatch } from '../src/core/driver.js';
import type { Decision, Policy, SearchContext, SteppedGame } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { portfolioPolicy, portfolioScripts } from '../src/core/portfolio.js';
import { type Rng, streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { resultValue } from '../src/core/values.js';
import { sfo } from '../src/games/sfo/index.js';

const game = sfo as unknown as SteppedGame;
const setup = resolveSetup(game, { scenario: 'advanced' }, 'test');
const defaults = () => createPolicies(game, game.defaultPolicies, 'advanced');
const script = (id: string): Policy => createPolicies(game, { soviet: id }, 'advanced').soviet!;

/** Game (seed 3, index 4) played by the default policies up to the first Soviet decision of turn `turn`. */
function soviet(turn: number): GameMatch {
  const m = startMatch(game, setup, { masterSeed: 3, gameIndex: 4 });
  const players = defaults();
  const rng = streamRng(3, 4, 'play');
  for (let p = m.pending(); p !== null; p = m.pending()) {
    const d = p as Decision;
    if (d.side === 'soviet' && game.searchPoint!(m.state).turn === turn) return m;
    m.apply(players[d.side]!.choose(m.state, d, rng));
  }
  throw new Error('the game ended first');
}

/**
 * Script `id`'s value for the Soviets from `m`, played out by hand: the Soviets by a fresh `id`,
 * the US by a fresh `us`, until the end or the first decision of turn `stop`; then the result, or
 * the game's value of a position.
 */
function playedOut(m: GameMatch, id: string, us: string, stop: number): number {
  const players: Record<string, Policy> = {
    soviet: script(id),
    us: createPolicies(game, { us }, 'advanced').us!,
  };
  for (let p = m.pending(); p !== null; p = m.pending()) {
    if (game.searchPoint!(m.state).turn >= stop) return game.evaluate(m.state, 'soviet');
    const d = p as Decision;
    const rng = m.workspace.streams.stream(`policy:${d.side}`);
    m.apply(players[d.side]!.choose(m.state, d, rng, searchContext(m, d.side)));
  }
  return resultValue(game, m.record().result, 'soviet');
}

/** The policy stream of (seed, seed) as it stands after the portfolio's key has been drawn from it. */
function afterKeyDraw(seed: number): Rng {
  const r = streamRng(seed, seed, 'policy');
  r.next();
  return r;
}

/**
 * One SFO game (master seed 9, game 1) with the Soviets played by `portfolio` at `params`: the
 * choice points it met (turn/phase) and the forks its search asked for.
 */
function countedGame(params: Record<string, number>): { points: Set<string>; forks: number } {
  const m = startMatch(game, setup, { masterSeed: 9, gameIndex: 1 });
  const points = new Set<string>();
  let forks = 0;
  const inner = portfolioPolicy(game, 'soviet').create(params);
  const counted: Policy = {
    id: 'counted',
    choose(view, d, rng, search) {
      const ctx = search!;
      const at = ctx.searchPoint!()!;
      points.add(`${at.turn}/${at.phase}`);
      const wrapped: SearchContext = {
        game: ctx.game,
        setup: ctx.setup,
        searchPoint: () => ctx.searchPoint!(),
        fork(r) {
          forks++;
          return ctx.fork(r);
        },
      };
      return inner.choose(view, d, rng, wrapped);
    },
  };
  playMatch(m, { ...defaults(), soviet: counted });
  return { points, forks };
}

describe('the portfolio policy', () => {
  it('follows the script with the best mean playout value at a choice point, the US scripts taking turns in the playouts', () => {
    const m = soviet(2);
    const d = m.pending() as Decision;
    const ids = portfolioScripts(game, 'soviet');
    expect(ids).toEqual(['best-odds', 'town-rush', 'zoc-pin', 'vp-hunter']);
    const n = 3;
    // playout j of every script meets the j-th US script (the first re-decision shifts them by none)
    const us = portfolioScripts(game, 'us');
    expect(us).toEqual(['hold-towns', 'counterattack', 'elastic', 'vp-denial']);
    // the policy's first draw keys the forks: playout j of every script on streamRng(key, j, 'portfolio')
    const key = streamRng(5, 5, 'policy').next() >>> 0;
    const ctx = searchContext(m, 'soviet');
    const means = ids.map((id) => {
      let total = 0;
      for (let j = 0; j < n; j++) total += playedOut(ctx.fork(streamRng(key, j, 'portfolio')), id, us[j]!, 3);
      return total / n;
    });
    const best = means.indexOf(Math.max(...means));
    // each script's own answer here, with the policy stream as it stands after the key's draw
    const answers = ids.map((id) => script(id).choose(m.state, d, afterKeyDraw(5), ctx));
    // the position tells the scripts apart: the best is not the default, and no other gives its answer
    expect(best).not.toBe(0);
    expect(answers.filter((a) => a === answers[best]).length).toBe(1);
    const policy = portfolioPolicy(game, 'soviet').create({ n, horizon: 1, every: 1 });
    expect(policy.choose(m.state, d, streamRng(5, 5, 'policy'), ctx)).toBe(answers[best]);
  });

  it("re-decides at its side's first decision of each turn and phase: n x scripts playouts each", () => {
    for (const every of [1, 2]) {
      const { points, forks } = countedGame({ n: 2, horizon: 1, every });
      // Soviet decisions fall in events, movement and combat phases of several turns
      expect(points.size).toBeGreaterThan(4);
      expect(forks).toBe(2 * 4 * Math.ceil(points.size / every));
    }
  });

  it('decides its first choice point by the best worst case over the opponent pairings, each script played to the end `opening` times against each', () => {
    // the first decision the policy is asked is its first choice point: here a Soviet decision of
    // turn 2 where the scripts answer differently
    const m = soviet(2);
    const d = m.pending() as Decision;
    const ids = portfolioScripts(game, 'soviet');
    const us = portfolioScripts(game, 'us');
    const opening = 2;
    const key = streamRng(11, 11, 'policy').next() >>> 0;
    const ctx = searchContext(m, 'soviet');
    // per script and US script, the mean of its playouts (playout j on the dice of streamRng(key, j, 'portfolio'))
    const means = ids.map((id) =>
      us.map((u) => {
        let total = 0;
        for (let j = 0; j < opening; j++)
          total += playedOut(ctx.fork(streamRng(key, j, 'portfolio')), id, u, Number.POSITIVE_INFINITY);
        return total / opening;
      }),
    );
    const worst = means.map((r) => Math.min(...r));
    const overall = means.map((r) => r.reduce((a, b) => a + b, 0));
    const best = worst.indexOf(Math.max(...worst));
    const answers = ids.map((id) => script(id).choose(m.state, d, afterKeyDraw(11), ctx));
    // the position tells the criteria apart: the script with the best mean over the pairings
    // answers otherwise than the one with the best worst pairing
    expect(answers[overall.indexOf(Math.max(...overall))]).not.toBe(answers[best]);
    const policy = portfolioPolicy(game, 'soviet').create({ n: 1, horizon: 1, opening });
    expect(policy.choose(m.state, d, streamRng(11, 11, 'policy'), ctx)).toBe(answers[best]);
  });

  it('costs opening x scripts x pairings playouts at its first choice point, n x scripts at each later one', () => {
    const { points, forks } = countedGame({ n: 2, horizon: 1, opening: 3 });
    expect(points.size).toBeGreaterThan(4);
    expect(forks).toBe(3 * 4 * 4 + 2 * 4 * (points.size - 1));
  });

  it('plays the same game twice alike (all its randomness from its stream)', () => {
    const play = () =>
      playMatch(startMatch(game, setup, { masterSeed: 9, gameIndex: 2 }), {
        ...defaults(),
        us: portfolioPolicy(game, 'us').create({ n: 1, horizon: 1, every: 1 }),
      });
    expect(play()).toEqual(play());
  });
});
