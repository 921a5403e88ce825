/**
 * Racing (src/search/halving.ts) on synthetic noisy problems whose true means are set here: the
 * known optimum is found, a clearly worse candidate is cut by the test, candidates the test cannot
 * tell apart are not cut by their index, the games spent stay within twice plain halving's, and the
 * fresh-seed re-check of the finalists overturns a lucky search winner.
 */
import { describe, expect, it } from 'vitest';
import { randUnit, streamRng } from '../src/core/rng.js';
import { chooseOnFresh, roundGames, successiveHalving, tieOrder } from '../src/search/halving.js';

/**
 * Candidate i wins game g when u_g < P[i], with u_g one uniform draw per game index from seed
 * `seed` (common random numbers: every candidate plays the same games, as calibrate's common
 * seeds). `plant(c, g)`, when it returns a result, replaces the drawn one. The loss is the distance
 * of the observed win rate over the listed games from 0.5.
 */
function synthetic(P: readonly number[], seed: number, plant?: (c: number, g: number) => number | undefined) {
  const rng = streamRng(seed, 0, 'synthetic');
  const u: number[] = [];
  const wins = P.map(() => [] as number[]);
  const asked: { cands: number[]; games: number }[] = [];
  let played = 0;
  const play = (c: number, to: number) => {
    for (let g = wins[c]!.length; g < to; g++) {
      while (u.length <= g) u.push(randUnit(rng));
      wins[c]!.push(plant?.(c, g) ?? (u[g]! < P[c]! ? 1 : 0));
      played++;
    }
  };
  const ensure = async (cands: readonly number[], games: number) => {
    asked.push({ cands: [...cands], games });
    for (const c of cands) play(c, games);
  };
  const loss = (c: number, games: readonly number[]) => {
    let s = 0;
    for (const g of games) s += wins[c]![g]!;
    return Math.abs(s / games.length - 0.5);
  };
  return { ensure, loss, play, asked, played: () => played };
}

/** 20 candidates: P = 0.1 + 0.04 i, so candidate 10 (P = 0.5) is the optimum, its neighbours 0.04 away. */
const LADDER = Array.from({ length: 20 }, (_, i) => 0.1 + 0.04 * i);
const all = (n: number) => [...Array(n).keys()];

describe('racing', () => {
  it('keeps the known optimum of a noisy problem, for every seed tried', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = synthetic(LADDER, seed);
      const r = await successiveHalving(all(20), { firstGames: 200, maxGames: 6400 }, s.ensure, s.loss, {
        seed,
      });
      expect(r.best, `seed ${seed}`).toBe(10);
      expect(r.finalists[0], `seed ${seed}`).toBe(10);
    }
  });

  it('cuts a clearly worse candidate by the test, recording its p-values', async () => {
    const s = synthetic(LADDER, 7);
    const r = await successiveHalving(all(20), { firstGames: 200, maxGames: 6400 }, s.ensure, s.loss, {
      seed: 7,
    });
    const first = r.rounds[0]!;
    // P = 0.1 is 0.4 from the optimum: worse by the test, cut after the first round
    const far = first.ranking.find((e) => e.candidate === 0)!;
    expect(far.reason).toBe('worse');
    expect(far.kept).toBe(false);
    expect(far.pHolm).toBeLessThan(0.05);
    expect(far.p).toBeLessThanOrEqual(far.pHolm);
    expect(far.difference).toBeGreaterThan(0.3);
    expect(first.ranking[0]!.reason).toBe('best');
    expect(first.test).toContain('Holm');
    // every round keeps between its planned number and its cap
    for (const x of r.rounds) {
      const kept = x.ranking.filter((e) => e.kept).length;
      expect(kept).toBeGreaterThanOrEqual(x.planned);
      expect(kept).toBeLessThanOrEqual(x.cap);
    }
  });

  it('spends at most twice the games of plain halving', async () => {
    const s = synthetic(LADDER, 8);
    await successiveHalving(all(20), { firstGames: 200, maxGames: 6400 }, s.ensure, s.loss, { seed: 8 });
    // plain halving: 20, 10, 5, 3, 2 candidates at 200, 400, 800, 1600, 3200 games
    const plain = 20 * 200 + 10 * 200 + 5 * 400 + 3 * 800 + 2 * 1600;
    expect(s.played()).toBeLessThanOrEqual(2 * plain);
    expect(s.played()).toBeLessThan(20 * 6400);
  });

  it('does not cut candidates the test cannot tell apart by their index: they survive, up to the cap', async () => {
    // eight candidates with the same records: no test separates them
    const s = synthetic(Array(8).fill(0.5), 9);
    const r = await successiveHalving(all(8), { firstGames: 100, maxGames: 400 }, s.ensure, s.loss, {
      seed: 9,
    });
    // round 1 plans 4 of 8 with a cap of 8: all stay, none found worse
    expect(r.rounds[0]!.ranking.every((e) => e.kept && e.p === 1)).toBe(true);
    // round 2 plans 2 with a cap of 4: the four kept are the first of the seeded order, not 0..3
    const order = tieOrder(all(8), 9);
    const byOrder = all(8).sort((a, b) => order.get(a)! - order.get(b)!);
    const kept2 = r.rounds[1]!.ranking.filter((e) => e.kept).map((e) => e.candidate);
    expect(kept2).toEqual(byOrder.slice(0, 4));
    expect(r.rounds[1]!.ranking.filter((e) => !e.kept).every((e) => e.reason === 'over the cap')).toBe(true);
    // another seed orders them otherwise: the order comes from the seed, never the index
    const orders = [1, 2, 3, 4, 5].map((seed) => {
      const o = tieOrder(all(8), seed);
      return all(8).sort((a, b) => o.get(a)! - o.get(b)!);
    });
    expect(new Set(orders.map((o) => o.join())).size).toBeGreaterThan(1);
    expect(orders.some((o) => o.slice(0, 4).join() !== '0,1,2,3')).toBe(true);
  });

  it('keeps a close candidate the test cannot separate even where plain halving keeps one', async () => {
    // 0.50 and 0.51 over 100 common games: plain halving would keep one of two; the test keeps both
    const s = synthetic([0.51, 0.5], 10);
    const r = await successiveHalving(all(2), { firstGames: 100, maxGames: 200 }, s.ensure, s.loss, {
      seed: 10,
    });
    expect(r.rounds[0]!.planned).toBe(1);
    expect(r.rounds[0]!.ranking.map((e) => e.kept)).toEqual([true, true]);
    expect(r.rounds[0]!.ranking[1]!.reason).toBe('not worse');
    expect(r.finalists).toHaveLength(2);
  });

  it('re-checks the finalists on fresh games: a lucky search winner is overturned', async () => {
    const maxGames = 800;
    // candidate 0 is truly at 0.50, candidate 1 at 0.40; on the search's games 0..799 candidate
    // 1 is planted exactly at 50% and candidate 0 at 48% (its unlucky run), the fresh games are drawn
    const s = synthetic([0.5, 0.4, 0.2], 11, (c, g) =>
      g >= maxGames ? undefined : c === 1 ? g % 2 : c === 0 ? (g % 50 < 24 ? 1 : 0) : undefined,
    );
    const r = await successiveHalving(all(3), { firstGames: 100, maxGames }, s.ensure, s.loss, { seed: 11 });
    expect(r.best).toBe(1);
    expect(r.finalists).toContain(0);
    expect(r.finalists).not.toContain(2);
    for (const c of r.finalists) s.play(c, maxGames + 2000);
    const fresh = chooseOnFresh(r.finalists, maxGames, maxGames + 2000, s.loss, { seed: 11 });
    expect(fresh.chosen).toBe(0);
    expect(fresh.runnerUp).toBe(1);
    expect(fresh.distinguishable).toBe(true);
    const [chosen, runnerUp] = fresh.finalists;
    expect(chosen!.loss).toBeLessThan(0.03);
    expect(chosen!.low).toBeLessThanOrEqual(chosen!.loss);
    expect(chosen!.high).toBeGreaterThanOrEqual(chosen!.loss);
    expect(runnerUp!.loss).toBeGreaterThan(0.07);
    expect(runnerUp!.pHolm).toBeLessThan(0.05);
  });

  it('says when the chosen finalist is not distinguishable from the runner-up', () => {
    const s = synthetic([0.5, 0.5], 12);
    s.play(0, 600);
    s.play(1, 600);
    const fresh = chooseOnFresh([1, 0], 100, 600, s.loss, { seed: 12 });
    // equal losses: the search's order decides, and the test cannot tell them apart
    expect(fresh.chosen).toBe(1);
    expect(fresh.runnerUp).toBe(0);
    expect(fresh.distinguishable).toBe(false);
  });

  it('is deterministic: the same observations give the same rounds and answer', async () => {
    const a = synthetic(LADDER, 13);
    const b = synthetic(LADDER, 13);
    const ra = await successiveHalving(all(20), { firstGames: 100, maxGames: 1600 }, a.ensure, a.loss, {
      seed: 13,
    });
    const rb = await successiveHalving(all(20), { firstGames: 100, maxGames: 1600 }, b.ensure, b.loss, {
      seed: 13,
    });
    expect(rb).toEqual(ra);
  });

  it('plans rounds eta times larger, capped at maxGames', () => {
    expect(roundGames({ firstGames: 100, maxGames: 800 })).toEqual([100, 200, 400, 800]);
    expect(roundGames({ firstGames: 100, maxGames: 1000, eta: 3 })).toEqual([100, 300, 900, 1000]);
    expect(roundGames({ firstGames: 50, maxGames: 50 })).toEqual([50]);
  });
});
