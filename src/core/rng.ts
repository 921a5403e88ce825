import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export type Rng = RandomGenerator;

/** Largest accepted master seed: seeds are non-negative safe integers below 2^53. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

// 32-bit avalanche (murmur3 fmix32): every input bit flips about half the output bits.
function fmix32(h: number): number {
  let x = h | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x | 0;
}

function hashString(s: string, seed: number): number {
  let h = seed | 0;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  return fmix32(h ^ s.length);
}

/**
 * The xoroshiro128+ state of one named stream of one game: a hash of (master seed, game index,
 * stream name) only — never of worker, chunk, shard, arm, variant or policy (DESIGN §3).
 */
export function streamState(
  masterSeed: number,
  gameIndex: number,
  stream: string,
): [number, number, number, number] {
  const seedLo = masterSeed >>> 0;
  const seedHi = Math.floor(masterSeed / 0x1_0000_0000) >>> 0;
  const idxLo = gameIndex >>> 0;
  const idxHi = Math.floor(gameIndex / 0x1_0000_0000) >>> 0;
  const name = hashString(stream, 0x9e3779b9);
  const words: number[] = [];
  // splitmix-style counter mode over the mixed key gives four independent 32-bit words.
  let acc = fmix32(seedLo ^ fmix32(seedHi + 0x632be5ab));
  acc = fmix32(acc ^ fmix32(idxLo + 0x85157af5));
  acc = fmix32(acc ^ fmix32(idxHi + 0x1b873593));
  acc = fmix32(acc ^ name);
  for (let i = 0; i < 4; i++) {
    acc = (acc + 0x9e3779b9) | 0;
    words.push(fmix32(acc ^ Math.imul(i + 1, 0xcc9e2d51)));
  }
  if ((words[0]! | words[1]! | words[2]! | words[3]!) === 0) words[0] = 1; // xoroshiro must not be all-zero
  return [words[0]!, words[1]!, words[2]!, words[3]!];
}

/** A fresh generator for one named stream of one game. */
export function streamRng(masterSeed: number, gameIndex: number, stream: string): Rng {
  return xoroshiro128plusFromState(streamState(masterSeed, gameIndex, stream));
}

/** The named random streams of one game; each stream is created on first use and then kept. */
export interface GameStreams {
  readonly masterSeed: number;
  readonly gameIndex: number;
  stream(name: string): Rng;
}

export function gameStreams(masterSeed: number, gameIndex: number): GameStreams {
  const cache = new Map<string, Rng>();
  return {
    masterSeed,
    gameIndex,
    stream(name: string): Rng {
      let rng = cache.get(name);
      if (rng === undefined) {
        rng = streamRng(masterSeed, gameIndex, name);
        cache.set(name, rng);
      }
      return rng;
    },
  };
}

/** A uniform integer in [from, to], both included. */
export function randInt(rng: Rng, from: number, to: number): number {
  return uniformInt(rng, from, to);
}

/** A uniform real in [0, 1) with 32 bits of resolution. */
export function randUnit(rng: Rng): number {
  return (rng.next() >>> 0) / 0x1_0000_0000;
}
