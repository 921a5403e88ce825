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
 * stream name) only — never of worker, chunk, shard, arm, variant or policy (docs/architecture.md "Randomness").
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

/**
 * The random streams of one game as plain data (docs/architecture.md "Randomness": the state holds everything): the key
 * the streams derive from and each stream's xoroshiro128+ words, created on first use. A game state
 * carries one; cloning the state clones its dice, and a search policy that wants fresh dice gives its
 * copy a new key (`reseedRng`).
 */
export interface RngState {
  /** Master seed of the run (or, in a search policy's copy, a fresh key drawn by the policy). */
  seed: number;
  /** Game index (or the second half of a search copy's key). */
  game: number;
  /** Stream name -> [s01, s00, s11, s10], pure-rand's xoroshiro128plus state order. */
  streams: Record<string, number[]>;
}

export function newRngState(masterSeed: number, gameIndex: number): RngState {
  return { seed: masterSeed, game: gameIndex, streams: {} };
}

/** A deep copy (the words are the only mutable part). */
export function cloneRngState(r: RngState): RngState {
  const streams: Record<string, number[]> = {};
  for (const k in r.streams) streams[k] = r.streams[k]!.slice();
  return { seed: r.seed, game: r.game, streams };
}

/**
 * Gives a copied state dice the real game never sees: a new key drawn from `rng` (the searching
 * policy's own stream) and no streams yet, so every stream restarts from the new key.
 */
export function reseedRng(r: RngState, rng: Rng): void {
  r.seed = (rng.next() >>> 0) * 0x20_0000 + ((rng.next() >>> 0) & 0x1f_ffff);
  r.game = rng.next() >>> 0;
  r.streams = {};
}

/**
 * xoroshiro128+ stepping the four words of a stream where they live (in the game state), so the
 * state stays plain data. Bit for bit pure-rand's `xoroshiro128plus` (tests/core-rng-streams proves
 * it over many states): pure-rand's generators keep their words in private fields, so they cannot
 * step words held elsewhere. pure-rand's distributions (`uniformInt`) draw from it as from any
 * pure-rand generator.
 */
class StateStream implements Rng {
  constructor(readonly s: number[]) {}
  next(): number {
    const s = this.s;
    const s01 = s[0]!;
    const s00 = s[1]!;
    const s11 = s[2]!;
    const s10 = s[3]!;
    const out = (s00 + s10) | 0;
    const a0 = s10 ^ s00;
    const a1 = s11 ^ s01;
    s[1] = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    s[0] = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    s[3] = (a1 << 5) ^ (a0 >>> 27);
    s[2] = (a0 << 5) ^ (a1 >>> 27);
    return out;
  }
  clone(): Rng {
    return xoroshiro128plusFromState(this.s);
  }
  getState(): readonly number[] {
    return this.s.slice();
  }
}

/** A StateStream that also counts its draws (the bench's RNG floor). */
class CountingStream extends StateStream {
  constructor(
    s: number[],
    readonly counter: { draws: number },
  ) {
    super(s);
  }
  override next(): number {
    this.counter.draws++;
    return super.next();
  }
}

/** A fresh generator for one named stream of one game. */
export function streamRng(masterSeed: number, gameIndex: number, stream: string): Rng {
  return new StateStream(streamState(masterSeed, gameIndex, stream));
}

/** The named random streams of one game; each stream is created on first use and then kept. */
export interface GameStreams {
  readonly masterSeed: number;
  readonly gameIndex: number;
  stream(name: string): Rng;
}

/**
 * The streams of a game state, bound to its `RngState`: a stream's generator steps the words in
 * the state. One per state object (a game's workspace holds it); a cloned state needs its own.
 */
export class Streams implements GameStreams {
  private readonly cache = new Map<string, Rng>();
  /** Counts every 32-bit draw of the streams created after it is set (the bench's RNG floor). */
  counter: { draws: number } | undefined;
  private bound: RngState;
  constructor(rng: RngState, counter?: { draws: number }) {
    this.bound = rng;
    this.counter = counter;
  }
  /** The RngState the streams step. */
  get rng(): RngState {
    return this.bound;
  }
  /** Binds the streams to another state's RngState (a workspace lent to the next game). */
  rebind(rng: RngState): void {
    this.bound = rng;
    this.cache.clear();
  }
  get masterSeed(): number {
    return this.rng.seed;
  }
  get gameIndex(): number {
    return this.rng.game;
  }
  stream(name: string): Rng {
    let g = this.cache.get(name);
    if (g === undefined) {
      const rng = this.bound;
      let words = rng.streams[name];
      if (words === undefined) {
        words = streamState(rng.seed, rng.game, name);
        rng.streams[name] = words;
      }
      g = this.counter === undefined ? new StateStream(words) : new CountingStream(words, this.counter);
      this.cache.set(name, g);
    }
    return g;
  }
}

/** Streams of game `gameIndex` over a fresh RngState (for engines that keep streams outside their state). */
export function gameStreams(masterSeed: number, gameIndex: number, counter?: { draws: number }): GameStreams {
  return new Streams(newRngState(masterSeed, gameIndex), counter);
}

/** A uniform integer in [from, to], both included. */
export function randInt(rng: Rng, from: number, to: number): number {
  return uniformInt(rng, from, to);
}

/** A uniform real in [0, 1) with 32 bits of resolution. */
export function randUnit(rng: Rng): number {
  return (rng.next() >>> 0) / 0x1_0000_0000;
}
