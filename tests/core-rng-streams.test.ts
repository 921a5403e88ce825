import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { d6, shuffleInPlace, weightedIndex } from '../src/core/dice.js';
import {
  cloneRngState,
  gameStreams,
  newRngState,
  type RngState,
  reseedRng,
  Streams,
  streamRng,
  streamState,
} from '../src/core/rng.js';

const draws = (seed: number, game: number, stream: string, n = 20) => {
  const rng = streamRng(seed, game, stream);
  return Array.from({ length: n }, () => d6(rng));
};

describe('named random streams', () => {
  it('depend only on (master seed, game index, stream name)', () => {
    expect(draws(7, 41, 'combat')).toEqual(draws(7, 41, 'combat'));
    const s = gameStreams(7, 41);
    s.stream('setup').next(); // using another stream first must not move this one
    expect(Array.from({ length: 20 }, () => d6(s.stream('combat')))).toEqual(draws(7, 41, 'combat'));
  });

  it('differ between games, seeds and stream names', () => {
    const base = draws(7, 41, 'combat');
    expect(draws(7, 42, 'combat')).not.toEqual(base);
    expect(draws(8, 41, 'combat')).not.toEqual(base);
    expect(draws(7, 41, 'draws')).not.toEqual(base);
  });

  it('give uncorrelated first dice for consecutive game indices', () => {
    // Seeding xoroshiro with the index directly makes first draws of neighbouring games alike.
    const counts = [0, 0, 0, 0, 0, 0];
    let same = 0;
    let prev = -1;
    for (let g = 0; g < 60_000; g++) {
      const v = d6(streamRng(1, g, 'combat'));
      counts[v - 1]!++;
      if (v === prev) same++;
      prev = v;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400); // ~4 sd
    expect(Math.abs(same - 10_000)).toBeLessThan(400);
  });

  it('accept seeds up to 2^53 - 1 and distinguish their high bits', () => {
    expect(streamState(2 ** 40, 0, 'x')).not.toEqual(streamState(0, 0, 'x'));
    expect(streamState(Number.MAX_SAFE_INTEGER, 5, 'x')).toEqual(
      streamState(Number.MAX_SAFE_INTEGER, 5, 'x'),
    );
  });

  it('never produce the all-zero xoroshiro state', () => {
    for (let g = 0; g < 1000; g++) expect(streamState(0, g, '').some((w) => w !== 0)).toBe(true);
  });
});

describe('dice helpers', () => {
  it('d6 is uniform over 1..6', () => {
    const rng = streamRng(3, 0, 'dice');
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[d6(rng) - 1]++;
    const chi2 = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeLessThan(20.5); // chi-square, 5 df, p = 0.001
  });

  it('weightedIndex follows integer weights exactly', () => {
    const rng = streamRng(3, 0, 'w');
    const counts = [0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[weightedIndex(rng, [1, 2, 3])]!++;
    expect(Math.abs(counts[0]! - 10_000)).toBeLessThan(450);
    expect(Math.abs(counts[2]! - 30_000)).toBeLessThan(600);
  });

  it('shuffleInPlace keeps every element', () => {
    const a = shuffleInPlace(streamRng(1, 1, 's'), [1, 2, 3, 4, 5, 6, 7]);
    expect([...a].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('streams held in the game state', () => {
  it('step their words bit for bit as pure-rand xoroshiro128plus, over many states', () => {
    for (let g = 0; g < 200; g++) {
      const words = streamState(97, g, 'combat');
      const ours = streamRng(97, g, 'combat');
      const theirs = xoroshiro128plusFromState(words);
      for (let i = 0; i < 500; i++) expect(ours.next()).toBe(theirs.next());
      expect(ours.getState()).toEqual(theirs.getState());
    }
  });

  it('live in the state: a JSON copy of the RngState continues the same sequences', () => {
    const rng = newRngState(5, 9);
    const s = new Streams(rng);
    for (let i = 0; i < 10; i++) d6(s.stream('combat'));
    d6(s.stream('events'));
    const copy = new Streams(JSON.parse(JSON.stringify(rng)) as RngState);
    const twin = new Streams(cloneRngState(rng));
    for (let i = 0; i < 50; i++) {
      const a = d6(s.stream('combat'));
      expect(d6(copy.stream('combat'))).toBe(a);
      expect(d6(twin.stream('combat'))).toBe(a);
    }
  });

  it('a reseeded copy draws dice the original never sees, deterministically from the searching stream', () => {
    const rng = newRngState(5, 9);
    const a = cloneRngState(rng);
    const b = cloneRngState(rng);
    reseedRng(a, streamRng(1, 2, 'rollout'));
    reseedRng(b, streamRng(1, 2, 'rollout'));
    const draws = (r: RngState) => Array.from({ length: 30 }, () => d6(new Streams(r).stream('combat')));
    const base = new Streams(rng);
    const original = Array.from({ length: 30 }, () => d6(base.stream('combat')));
    expect(draws(a)).toEqual(draws(b));
    expect(draws(cloneRngState(a))).not.toEqual(original);
  });
});
