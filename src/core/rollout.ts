/**
 * `rollout`: the generic search policy of every stepped game (flat Monte Carlo). At a decision it
 * forks the game (a copy with fresh dice the real game never sees), plays each candidate option
 * out `n` times to the end with every side's default policy, and takes the candidate with the best
 * mean result for its side (win 1, draw 1/2, loss 0). Playout j of every candidate uses the same
 * fresh dice (common random numbers), so candidates are compared on equal luck. When a decision has
 * more than `k` options, the default policy's `k` best (by its `scores`) are played out, or its
 * choice and a uniform sample of the rest when it gives no scores. In every playout the searching
 * side continues as its scripted (default) player would: one kept for the whole game and asked at
 * each decision when it keeps a plan, copied into each playout by core/policies.ts `clonePolicy`.
 */
import { playMatch } from './driver.js';
import type { Decision, Policy, PolicyDef, SteppedGame } from './game.js';
import { clonePolicy, createPolicies } from './policies.js';
import { type Rng, randInt, streamRng } from './rng.js';
import { resultValue } from './values.js';

export const ROLLOUT_ID = 'rollout';

/**
 * Candidate option indices: all when few, else the default policy's best `k` (by its scores), or
 * `first` (its own answer, -1 when not asked) and a uniform sample of the rest when it gives none.
 */
function candidates(base: Policy, view: unknown, d: Decision, k: number, first: number, rng: Rng): number[] {
  const n = d.options.length;
  const all = Array.from({ length: n }, (_, i) => i);
  if (n <= k) return all;
  if (base.scores !== undefined) {
    const s = new Float64Array(n);
    base.scores(view, d, s);
    return all.sort((a, b) => s[b]! - s[a]! || a - b).slice(0, k);
  }
  const rest = all.filter((i) => i !== first);
  for (let i = 0; i < k - 1; i++) {
    const j = randInt(rng, i, rest.length - 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [first, ...rest.slice(0, k - 1)];
}

/** The rollout policy of `side` of `game`. */
export function rolloutPolicy(game: SteppedGame, side: string): PolicyDef {
  return {
    id: ROLLOUT_ID,
    side,
    description:
      "Search: plays each candidate option out n times to the end on fresh dice (never the game's own) with every side's default policy, and takes the best mean result (win 1, draw 1/2); with more than k options, only the default policy's k best are played out. Costs about k x n playouts per decision.",
    params: [
      {
        id: 'n',
        kind: 'integer',
        default: 8,
        min: 1,
        max: 10_000,
        description: 'Playouts per candidate option.',
      },
      {
        id: 'k',
        kind: 'integer',
        default: 6,
        min: 1,
        max: 1_000,
        description: 'Most options played out at one decision (the default policy ranks them).',
      },
    ],
    create(params = {}) {
      const n = params.n ?? 8;
      const k = params.k ?? 6;
      let base: Policy | undefined;
      return {
        id: ROLLOUT_ID,
        choose(view, d, rng, search) {
          if (d.options.length === 1) return 0;
          if (search === undefined) throw new Error(`${game.id}: the rollout policy needs a search context`);
          const scenario = search.setup.scenario;
          base ??= createPolicies(game, game.defaultPolicies, scenario)[side]!;
          // the scripted player is asked at every decision when it keeps a plan (so its plan follows
          // the game and its copies continue it), and when its answer is a candidate
          const ask = base.clone !== undefined || (d.options.length > k && base.scores === undefined);
          const first = ask ? base.choose(view, d, rng, search) : -1;
          const cands = candidates(base, view, d, k, first, rng);
          const key = rng.next() >>> 0;
          const totals = new Float64Array(cands.length);
          for (let j = 0; j < n; j++) {
            for (let c = 0; c < cands.length; c++) {
              const m = search.fork(streamRng(key, j, 'rollout'));
              m.apply(cands[c]!);
              // every side's default policy, the searching side's continuing as its scripted player
              // would from here (clonePolicy: its plan copied; a fresh one when it cannot be copied)
              const players = createPolicies(game, game.defaultPolicies, scenario);
              const cont = clonePolicy(base);
              if (cont !== undefined) players[side] = cont;
              const rec = playMatch(m, players);
              totals[c] = totals[c]! + resultValue(game, rec.result, side);
            }
          }
          let best = 0;
          for (let c = 1; c < cands.length; c++) if (totals[c]! > totals[best]!) best = c;
          return cands[best]!;
        },
        reset() {
          base = undefined;
        },
      };
    },
  };
}
