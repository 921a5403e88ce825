import { type Rng, randInt } from './rng.js';

/** One roll of a die with `sides` faces, 1..sides. */
export function roll(rng: Rng, sides = 6): number {
  return randInt(rng, 1, sides);
}

/** One six-sided die. */
export function d6(rng: Rng): number {
  return randInt(rng, 1, 6);
}

/** The sum of `n` six-sided dice. */
export function nd6(rng: Rng, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += randInt(rng, 1, 6);
  return s;
}

/** A uniformly chosen element; the array must not be empty. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[randInt(rng, 0, items.length - 1)] as T;
}

/** An index drawn with probability proportional to its weight (weights >= 0, sum > 0). */
export function weightedIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  if (!(total > 0)) throw new Error('weightedIndex needs a positive total weight');
  // Integer weights are drawn exactly; others fall back to a 32-bit uniform.
  if (weights.every(Number.isInteger)) {
    let r = randInt(rng, 0, total - 1);
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
  } else {
    let r = ((rng.next() >>> 0) / 0x1_0000_0000) * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
  }
  return weights.length - 1;
}

/** Fisher-Yates shuffle in place; returns the same array. */
export function shuffleInPlace<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randInt(rng, 0, i);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}
