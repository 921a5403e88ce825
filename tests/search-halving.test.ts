/** Successive halving (src/search/halving.ts) on synthetic noisy problems with a known optimum. */
import { describe, expect, it } from 'vitest';
import { randUnit, streamRng } from '../src/core/rng.js';
import { roundGames, successiveHalving } from '../src/search/halving.js';

/**
 * Candidate i wins each game with probability P[i] = 0.1 + 0.04 i (i = 0..19), drawn independently
 * per game from candidate i's own stream of seed `seed`; the loss is the distance of the observed rate from 0.5,
 * so candidate 10 (P = 0.5) is the known optimum and its neighbours are 0.04 away.
 */
function synthetic(seed: number) {
  const P = Array.from({ length: 20 }, (_, i) => 0.1 + 0.04 * i);
  const wins = P.map(() => [] as number[]);
  const rngs = P.map((_, c) => streamRng(seed, c, 'synthetic'));
  const asked: { cands: number[]; games: number }[] = [];
  let played = 0;
  const ensure = async (cands: readonly number[], games: number) => {
    asked.push({ cands: [...cands], games });
    for (const c of cands)
      for (let g = wins[c]!.length; g < games; g++) {
        wins[c]!.push(randUnit(rngs[c]!) < P[c]! ? 1 : 0);
        played++;
      }
  };
  const loss = (c: number, games: number) => {
    let s = 0;
    for (let g = 0; g < games; g++) s += wins[c]![g]!;
    return Math.abs(s / games - 0.5);
  };
  return { P, ensure, loss, asked, played: () => played };
}

describe('successive halving', () => {
  it('keeps the known optimum of a noisy problem, for every seed tried', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = synthetic(seed);
      const r = await successiveHalving(
        s.P.map((_, i) => i),
        { firstGames: 200, maxGames: 6400 },
        s.ensure,
        s.loss,
      );
      expect(r.best, `seed ${seed}`).toBe(10);
    }
  });

  it('spends the games on the candidates still in doubt: far ones play only the first round', async () => {
    const s = synthetic(7);
    const r = await successiveHalving(
      s.P.map((_, i) => i),
      { firstGames: 200, maxGames: 6400 },
      s.ensure,
      s.loss,
    );
    // rounds of 20, 10, 5, 3, 2 candidates at 200, 400, 800, 1600, 3200 games
    expect(r.rounds.map((x) => x.ranking.length)).toEqual([20, 10, 5, 3, 2]);
    expect(r.rounds.map((x) => x.games)).toEqual([200, 400, 800, 1600, 3200]);
    // the farthest candidates (rates 0.1 and 0.86) are dropped after the first round
    expect(r.rounds[1]!.ranking.map((x) => x.candidate)).not.toContain(0);
    expect(r.rounds[1]!.ranking.map((x) => x.candidate)).not.toContain(19);
    // 20*200 + 10*200 + 5*400 + 3*800 + 2*1600 games, far fewer than 20 candidates * 3200
    expect(s.played()).toBe(4000 + 2000 + 2000 + 2400 + 3200);
    expect(s.played()).toBeLessThan(20 * 3200);
  });

  it('is deterministic: the same observations give the same rounds and answer', async () => {
    const a = synthetic(11);
    const b = synthetic(11);
    const ra = await successiveHalving(
      [...Array(20).keys()],
      { firstGames: 100, maxGames: 1600 },
      a.ensure,
      a.loss,
    );
    const rb = await successiveHalving(
      [...Array(20).keys()],
      { firstGames: 100, maxGames: 1600 },
      b.ensure,
      b.loss,
    );
    expect(rb).toEqual(ra);
  });

  it('plans rounds eta times larger, capped at maxGames', () => {
    expect(roundGames({ firstGames: 100, maxGames: 800 })).toEqual([100, 200, 400, 800]);
    expect(roundGames({ firstGames: 100, maxGames: 1000, eta: 3 })).toEqual([100, 300, 900, 1000]);
    expect(roundGames({ firstGames: 50, maxGames: 50 })).toEqual([50]);
  });
});
