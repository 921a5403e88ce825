/**
 * `portfolio`: search over a side's scripted players (Portfolio Greedy Search, Churchill & Buro
 * 2013; Puppet Search, Barriga et al. 2017). At each of the side's choice points (its first
 * decision in a new turn or phase, SteppedGame.searchPoint) it plays each candidate script out
 * `n` times from a fork of the game (fresh dice the real game never sees) to a horizon of
 * `horizon` turns, every other side playing its default policy, scores each playout by the game's
 * `evaluate` (or the result, when the game ended first), and follows the script with the best mean
 * until its next re-decision: that script answers the side's decisions in between.
 *
 * The candidates are the side's own scripted policies (every policy the game declares for the
 * side but `random`), the default first, at their default parameters; a tie keeps the earlier one.
 * Each script is one instance kept for the whole game: the one followed answers, and those that
 * keep a plan (Policy.clone or reset) are asked at every decision too, so whichever is chosen next
 * has followed the game; a playout continues from a copy of it (core/policies.ts `clonePolicy`).
 * Playout j of every candidate runs on the same fresh dice (common random numbers).
 *
 * The side's first choice point may be decided apart (`opening` > 0), for a plan the side commits
 * to before it sees the other side's (Crete's secret drop allocation, K6.1): each candidate is
 * played out `opening` times to the end against each opponent pairing, and the one whose worst
 * pairing scores best is followed (the candidate with the best security level over the other
 * sides' scripts, since the plan cannot answer the one it will meet).
 *
 * Budget: `n` x (number of candidates) playouts of at most `horizon` turns per re-decision, and
 * one re-decision every `every` choice points; with `opening`, `opening` x (number of candidates)
 * x (number of pairings) playouts to the end at the first choice point; counted in playouts,
 * never in time. All randomness
 * comes from the policy's own stream (the key of each re-decision's forks), so its choices are the
 * same on any machine, worker count or chunk size.
 */
import { sampleChance, searchContext } from './driver.js';
import type {
  ChanceNode,
  Decision,
  GameDefinition,
  Match,
  Policy,
  PolicyDef,
  SearchContext,
  SteppedGame,
} from './game.js';
import { clonePolicy, createPolicies, parsePolicySpec, playerSides, policyDefOf } from './policies.js';
import { streamRng } from './rng.js';
import { resultValue } from './values.js';

export const PORTFOLIO_ID = 'portfolio';

/**
 * The defaults: playouts per candidate, horizon in turns, choice points per re-decision, whether
 * the other sides' scripts take turns in the playouts (1) or their defaults play (0), and the
 * playouts per candidate and opponent pairing at the side's first choice point (0: none; it is
 * decided as any other).
 */
export const PORTFOLIO_DEFAULTS = { n: 4, horizon: 2, every: 1, mix: 1, opening: 0 } as const;

/**
 * The ids of the scripted policies `portfolio` chooses among for `side` of `game`: every policy
 * the game itself declares for the side but `random`, the side's default first.
 */
export function portfolioScripts(game: GameDefinition, side: string): string[] {
  const ids = game.policies.filter((p) => p.side === side && p.id !== 'random').map((p) => p.id);
  const def = game.defaultPolicies[side];
  return def !== undefined && ids.includes(def) ? [def, ...ids.filter((id) => id !== def)] : ids;
}

/**
 * Plays match `m` on until its game ends or, with `stopTurn`, a decision pends in turn
 * `stopTurn` or later; `players` answer each side's decisions (each asked with its view and its
 * stream `policy:<side>` of the fork, as the driver asks them). Returns the value for `side`:
 * the result (win 1, draw 1/2, loss 0) when the game ended, else the game's `evaluate`.
 */
export function playoutValue(
  m: Match,
  players: Readonly<Record<string, Policy>>,
  side: string,
  stopTurn: number | undefined,
): number {
  const { game, state, workspace: ws } = m;
  const contexts = new Map<string, SearchContext>();
  for (let p = game.advance(state, ws); p !== null; p = game.advance(state, ws)) {
    if (stopTurn !== undefined && game.searchPoint !== undefined && game.searchPoint(state).turn >= stopTurn)
      return game.evaluate(state, side);
    let choice: number;
    if (p.kind === 'chance') {
      choice = sampleChance(ws.streams.stream('chance'), p as ChanceNode);
    } else {
      const d = p as Decision;
      const policy = players[d.side];
      if (policy === undefined) throw new Error(`${game.id}: no policy for side ${d.side} in a playout`);
      let ctx = contexts.get(d.side);
      if (ctx === undefined) {
        ctx = searchContext(m, d.side);
        contexts.set(d.side, ctx);
      }
      choice = policy.choose(game.view(state, d.side), d, ws.streams.stream(`policy:${d.side}`), ctx);
      if (!(Number.isInteger(choice) && choice >= 0 && choice < d.options.length))
        throw new Error(
          `${game.id}: policy ${policy.id} answered ${choice} to ${d.kind} (${d.rule}) in a playout`,
        );
    }
    game.apply(state, ws, p, choice);
  }
  return resultValue(game, game.record(state).result, side);
}

/**
 * The mean playout value for `side` of each candidate script from the decision `search` stands
 * at: playout j (of `n`) of every candidate runs on a fork with the fresh dice of
 * `streamRng(key, j, 'portfolio')`, the side played by a copy of the candidate (`clonePolicy`,
 * or `fresh(c)` when it cannot be copied), every other side by a fresh instance of its policy in
 * `opponents[j % opponents.length]` (default: every side's default policy), until the game ends
 * or a decision pends in turn `stopTurn` (playoutValue). Every candidate meets the same opponents
 * in its playout j.
 */
export function portfolioValues(
  game: SteppedGame,
  side: string,
  search: SearchContext,
  scripts: readonly Policy[],
  fresh: (c: number) => Policy,
  key: number,
  n: number,
  stopTurn: number | undefined,
  opponents: readonly Readonly<Record<string, string>>[] = [game.defaultPolicies],
): Float64Array {
  const scenario = search.setup.scenario;
  const totals = new Float64Array(scripts.length);
  for (let j = 0; j < n; j++) {
    for (let c = 0; c < scripts.length; c++) {
      const m = search.fork(streamRng(key, j, 'portfolio'));
      const players = createPolicies(game, opponents[j % opponents.length]!, scenario);
      players[side] = clonePolicy(scripts[c]!) ?? fresh(c);
      totals[c] = totals[c]! + playoutValue(m, players, side, stopTurn);
    }
  }
  for (let c = 0; c < totals.length; c++) totals[c] = totals[c]! / n;
  return totals;
}

/**
 * The opponents a `mix` portfolio of `side` plays its playouts against: pairing k gives every
 * other side that a policy plays in `scenario` its k-th script (portfolioScripts, cycling), for k
 * up to the most scripts any of them has.
 */
export function opponentPairings(
  game: GameDefinition,
  side: string,
  scenario: string,
): Record<string, string>[] {
  const others = playerSides(game, scenario)
    .filter((s) => s !== side)
    .map((s) => [s, portfolioScripts(game, s)] as const)
    .filter(([, ids]) => ids.length > 0);
  const k = Math.max(1, ...others.map(([, ids]) => ids.length));
  return Array.from({ length: k }, (_, i) => ({
    ...game.defaultPolicies,
    ...Object.fromEntries(others.map(([s, ids]) => [s, ids[i % ids.length]!])),
  }));
}

/** The index of the largest value, the first of equals. */
export function bestOf(values: Float64Array): number {
  let best = 0;
  for (let c = 1; c < values.length; c++) if (values[c]! > values[best]!) best = c;
  return best;
}

/** The portfolio policy of `side` of `game`: `game`'s own scripted policies of the side are its candidates. */
export function portfolioPolicy(game: SteppedGame, side: string): PolicyDef {
  const ids = portfolioScripts(game, side);
  return {
    id: PORTFOLIO_ID,
    side,
    description: `Search over the side's scripts (${ids.join(', ')}): at its first decision of each turn and phase, plays each script out n times for horizon turns on fresh dice (never the game's own) against the other sides' defaults, scores by the game's value of a position, and follows the best until the next choice point. Costs n x ${ids.length} playouts per choice point (with opening > 0, the first choice point costs opening x ${ids.length} playouts to the end per pairing of the other sides' scripts).`,
    params: [
      {
        id: 'n',
        kind: 'integer',
        default: PORTFOLIO_DEFAULTS.n,
        min: 1,
        max: 10_000,
        description: 'Playouts per candidate script at a re-decision.',
      },
      {
        id: 'horizon',
        kind: 'integer',
        default: PORTFOLIO_DEFAULTS.horizon,
        min: 1,
        max: 1_000,
        description:
          "Turns a playout runs before it is scored by the game's value of a position (it stops at the first decision of turn now + horizon, or at the end).",
      },
      {
        id: 'every',
        kind: 'integer',
        default: PORTFOLIO_DEFAULTS.every,
        min: 1,
        max: 1_000,
        description:
          'Choice points (new turn or phase of the side) per re-decision: 1 re-decides at every one.',
      },
      {
        id: 'mix',
        kind: 'integer',
        default: PORTFOLIO_DEFAULTS.mix,
        min: 0,
        max: 1,
        description:
          "1: the other sides' scripts take turns as the opponents of the playouts (playout j against the j-th, shifted by one at each re-decision), so a script is chosen for how it does against all of them; 0: the other sides' default policies play every playout.",
      },
      {
        id: 'opening',
        kind: 'integer',
        default: PORTFOLIO_DEFAULTS.opening,
        min: 0,
        max: 10_000,
        description:
          "Playouts per script and opponent pairing at the side's first choice point, each to the end of the game; the script followed from there is the one whose worst pairing scores best (a plan committed before the other side's is seen, such as a secret allocation). 0: the first choice point is decided as any other.",
      },
    ],
    create(params = {}) {
      const n = params.n ?? PORTFOLIO_DEFAULTS.n;
      const horizon = params.horizon ?? PORTFOLIO_DEFAULTS.horizon;
      const every = params.every ?? PORTFOLIO_DEFAULTS.every;
      const mix = params.mix ?? PORTFOLIO_DEFAULTS.mix;
      const opening = params.opening ?? PORTFOLIO_DEFAULTS.opening;
      /** The opponents of the playouts, one pairing of the other sides' policies each (made at the first decision). */
      let pairings: Readonly<Record<string, string>>[] | undefined;
      /** Re-decisions so far (the shift of the pairings). */
      let decided = 0;
      /** The candidate scripts' instances, kept for the whole game (made at the first decision). */
      let kept: Policy[] | undefined;
      /** The candidate followed now. */
      let current = 0;
      /** The (turn, phase) key of the side's last decision; choice points seen so far. */
      let lastKey: string | undefined;
      let points = 0;

      /** A fresh instance of candidate `c` at its default parameters. */
      const create = (c: number): Policy => {
        const spec = parsePolicySpec(game, side, ids[c]!, `${game.id} ${side} portfolio`);
        return policyDefOf(game, side, spec.id).create(spec.params);
      };

      return {
        id: PORTFOLIO_ID,
        choose(view, d, rng, search) {
          if (search === undefined)
            throw new Error(`${game.id}: the portfolio policy needs a search context`);
          kept ??= ids.map((_, c) => create(c));
          pairings ??=
            mix === 0 ? [game.defaultPolicies] : opponentPairings(game, side, search.setup.scenario);
          const mine = kept;
          const point = search.searchPoint?.();
          const at = point === undefined ? undefined : `${point.turn}\u0000${point.phase}`;
          if (at === undefined || at !== lastKey) {
            if (points === 0 && opening > 0 && mine.length > 1) {
              // the opening plan: each script to the end against each pairing on common dice, the
              // best worst case over the pairings followed
              const key = rng.next() >>> 0;
              const worst = new Float64Array(mine.length).fill(Number.POSITIVE_INFINITY);
              for (const pairing of pairings) {
                const v = portfolioValues(game, side, search, mine, create, key, opening, undefined, [
                  pairing,
                ]);
                for (let c = 0; c < worst.length; c++) worst[c] = Math.min(worst[c]!, v[c]!);
              }
              current = bestOf(worst);
            } else if (points % every === 0 && mine.length > 1) {
              const key = rng.next() >>> 0;
              const stop = point === undefined ? undefined : point.turn + horizon;
              const shift = decided++ % pairings.length;
              const against = [...pairings.slice(shift), ...pairings.slice(0, shift)];
              current = bestOf(portfolioValues(game, side, search, mine, create, key, n, stop, against));
            }
            points++;
          }
          lastKey = at;
          // the followed script answers; then the others that keep a plan are shown the decision
          // too, so that whichever is followed next has followed the game
          const answer = mine[current]!.choose(view, d, rng, search);
          for (let c = 0; c < mine.length; c++) {
            const p = mine[c]!;
            if (c !== current && (p.clone !== undefined || p.reset !== undefined))
              p.choose(view, d, rng, search);
          }
          return answer;
        },
        reset() {
          kept = undefined;
          pairings = undefined;
          decided = 0;
          current = 0;
          lastKey = undefined;
          points = 0;
        },
      };
    },
  };
}
