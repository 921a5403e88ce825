/**
 * Hidden information (K6.1, docs/games/crete.md "What is modelled"): the German writes his turn-1 allocation in secret before the
 * British set up. `view` gives each side what it may see (the British view has no allocation), and
 * `resample` gives a search policy a state consistent with its side's view, the hidden part drawn
 * from its own stream, so the generic rollout policy cannot read the German note.
 */
import { type Rng, randInt } from '../../core/rng.js';
import type { CreteState } from './state.js';

/**
 * What `side` may see: the state itself for the German; for the British the state without the
 * secret allocation and, before the game starts, without the German policy's random stream (whose
 * position would tell how the allocation was drawn).
 */
export function viewFor(s: CreteState, side: string): CreteState {
  if (side === 'german' || s.secret === null) return s;
  if (s.turn > 0) return { ...s, secret: null };
  const streams: Record<string, number[]> = {};
  for (const k in s.rng.streams) if (k !== 'policy:german') streams[k] = s.rng.streams[k]!;
  return { ...s, secret: null, rng: { ...s.rng, streams } };
}

/**
 * A state consistent with `side`'s view: for the British a fresh German plan (concentration board)
 * and, before the turn-1 drops (after them the allocation is on the map), a fresh allocation of the 13 battalions (each uniformly to a board or held back, then held ones sent to random boards
 * until the minimum is met). `s` is already a private copy (the driver clones before resampling).
 */
export function resample(s: CreteState, side: string, rng: Rng): CreteState {
  if (side !== 'british' || s.secret === null) return s;
  // the German plan's parameters are never seen: a random concentration board (allocation counts unused after K6.1)
  const plan = { allocation: [0, 0, 0] as const, concentrationBoard: randInt(rng, 0, 2) };
  if (s.turn > 1 || (s.turn === 1 && s.seq > 0)) {
    s.secret = { alloc: s.secret.alloc, plan };
    return s;
  }
  const alloc = s.units.map(() => -1);
  const paras: number[] = [];
  s.units.forEach((u, i) => {
    if (u.kind === 'para') {
      paras.push(i);
      alloc[i] = randInt(rng, -1, 2);
    }
  });
  let held = paras.filter((i) => alloc[i] === -1);
  while (paras.length - held.length < s.rules.minDrops) {
    const k = randInt(rng, 0, held.length - 1);
    alloc[held[k]!] = randInt(rng, 0, 2);
    held = held.filter((_, j) => j !== k);
  }
  s.secret = { alloc, plan };
  return s;
}
