/**
 * `mcts`: Monte Carlo tree search over the turn machine, the generic tree search of every stepped
 * game (docs/architecture.md "Search", "MCTS").
 *
 * - The tree holds the searching side's decisions only, keyed by the sequence of its own answers
 *   (open loop): the other sides' decisions and the dice between two of its decisions are played
 *   in each iteration as they come, by the other sides' default (scripted) policies and by the
 *   fork's fresh dice. A tree node keeps one statistics table per decision it has met there (its
 *   kind and number of options), since after other dice or another answer of the opponent a
 *   different decision may stand at the same place.
 * - Each iteration plays on its own fork (`SearchContext.fork`) seeded from the policy's stream:
 *   a clone on fresh dice for a game of perfect information, a state resampled consistent with
 *   the side's view where information is hidden (the game's `resample`: Crete's British), so the
 *   search is information-set MCTS (one determinization per iteration, one tree over them).
 * - Progressive widening: with `widen` > 0 a node visited N times considers only the scripted
 *   policy's best ceil(widen * sqrt(N + 1)) options (its own answer first, then by its `scores`);
 *   with 0, all.
 * - Selection: an option considered but not yet tried first (in that order), else PUCT:
 *   Q + c * (K * P) * sqrt(N) / (1 + n), with Q the option's mean value, n its visits, K the
 *   options considered and P a prior mixing uniform with the option's rank in the scripted
 *   policy's preference (weight `prior`), normalised over the options considered.
 * - One node is added per iteration; past it the game is played on for `horizon` more decisions
 *   (any side's) by the playout policies, then scored by the game's `evaluate` for the searching
 *   side (a finished game by its result: win 1, draw 1/2, loss 0).
 * - The answer is the most visited option at the root.
 *
 * The budget is `iterations` per decision, never time, and all randomness comes from the `rng`
 * the driver passes (the side's policy stream) and the forks' dice seeded from it, so a game plays
 * the same on every machine, worker, chunk and shard. The tree lives for one `choose` call.
 */
import { sampleChance } from './driver.js';
import type { ChanceNode, Decision, Match, Policy, PolicyDef, SteppedGame } from './game.js';
import { clonePolicy, createPolicies, playerSides } from './policies.js';
import { type Rng, randInt, streamRng } from './rng.js';

export const MCTS_ID = 'mcts';

/** The defaults of the parameters (docs/architecture.md "MCTS"; chosen by the measurements there). */
export const MCTS_DEFAULTS = {
  iterations: 16,
  c: 0.7,
  horizon: 12,
  widen: 2,
  prior: 0,
  playout: 0,
} as const;

/** The statistics of one decision met at one place of the tree. */
interface Table {
  /** Visits through this table. */
  visits: number;
  /** Total value of the iterations through it. */
  total: number;
  /** Option indices, the scripted policy's preferred first. */
  readonly order: Int32Array;
  /** Prior per option index (sums to 1). */
  readonly prior: Float64Array;
  /** Visits and total value per option index. */
  readonly n: Float64Array;
  readonly w: Float64Array;
  /** The next place of the tree after each option, by the decision met there. */
  readonly next: (Map<string, Table> | undefined)[];
}

/** The key of a decision within a place of the tree: its kind and its number of options. */
const signature = (d: Decision): string => `${d.kind}#${d.options.length}`;

/**
 * A table for decision `d`: option `first` (the scripted policy's answer, so that the first
 * iteration through a node plays on as the scripted player would), then the others by `scores`
 * (higher first, ties by index) when given, else in an order drawn from `rng`; prior = (1 -
 * weight) uniform + weight proportional to 1 / (rank + 1).
 */
function newTable(
  d: Decision,
  scores: Float64Array | undefined,
  first: number,
  weight: number,
  rng: Rng,
): Table {
  const k = d.options.length;
  const rest = Array.from({ length: k }, (_, i) => i).filter((i) => i !== first);
  if (scores !== undefined) rest.sort((a, b) => scores[b]! - scores[a]! || a - b);
  else
    for (let i = rest.length - 1; i > 0; i--) {
      const j = randInt(rng, 0, i);
      [rest[i], rest[j]] = [rest[j]!, rest[i]!];
    }
  const order = Int32Array.from([first, ...rest]);
  let harmonic = 0;
  for (let r = 0; r < k; r++) harmonic += 1 / (r + 1);
  const prior = new Float64Array(k);
  for (let r = 0; r < k; r++) prior[order[r]!] = (1 - weight) / k + (weight * (1 / (r + 1))) / harmonic;
  return {
    visits: 0,
    total: 0,
    order,
    prior,
    n: new Float64Array(k),
    w: new Float64Array(k),
    next: new Array<Map<string, Table> | undefined>(k).fill(undefined),
  };
}

/** The parameters of one mcts policy (MCTS_DEFAULTS). */
interface Params {
  readonly iterations: number;
  readonly c: number;
  readonly horizon: number;
  readonly widen: number;
  readonly prior: number;
  readonly playout: number;
}

/**
 * The option table `t` tries next among the options progressive widening lets in: the first not
 * yet tried (in the scripted policy's order), else the best by PUCT, the prior taken relative to
 * uniform over the options let in (so `c` means the same at 3 options and at 90).
 */
function select(t: Table, p: Params): number {
  const k = t.order.length;
  const open = p.widen > 0 ? Math.min(k, Math.ceil(p.widen * Math.sqrt(t.visits + 1))) : k;
  let mass = 0;
  for (let r = 0; r < open; r++) {
    const a = t.order[r]!;
    if (t.n[a] === 0) return a;
    mass += t.prior[a]!;
  }
  const scale = (p.c * open * Math.sqrt(t.visits)) / mass;
  let best = -1;
  let bestU = Number.NEGATIVE_INFINITY;
  for (let r = 0; r < open; r++) {
    const a = t.order[r]!;
    const n = t.n[a]!;
    const u = t.w[a]! / n + (scale * t.prior[a]!) / (1 + n);
    if (u > bestU) {
      bestU = u;
      best = a;
    }
  }
  return best;
}

/**
 * The policies of one game's sides as a search's iterations play them, reused from one iteration
 * to the next where that answers as fresh ones would: a policy that can reset is reset, one that
 * keeps nothing about the game (neither reset nor clone) is shared, any other is created anew.
 */
class Players {
  #kept: Record<string, Policy> | undefined;
  constructor(
    readonly game: SteppedGame,
    readonly scenario: string,
  ) {}
  fresh(): Record<string, Policy> {
    const kept = this.#kept;
    if (kept === undefined) {
      this.#kept = createPolicies(this.game, this.game.defaultPolicies, this.scenario);
      return { ...this.#kept };
    }
    const out: Record<string, Policy> = {};
    let made: Record<string, Policy> | undefined;
    for (const side in kept) {
      const k = kept[side]!;
      if (k.reset !== undefined) {
        k.reset();
        out[side] = k;
      } else if (k.clone === undefined) out[side] = k;
      else {
        made ??= createPolicies(this.game, this.game.defaultPolicies, this.scenario);
        out[side] = made[side]!;
      }
    }
    return out;
  }
}

/** The mcts policy of `side` of `game`. */
export function mctsPolicy(game: SteppedGame, side: string): PolicyDef {
  return {
    id: MCTS_ID,
    side,
    description:
      "Search: Monte Carlo tree search (PUCT) over the side's own decisions, open loop (the opponents' default policies and fresh dice play between them; one determinization per iteration where information is hidden), the default policy's preferences as prior and widening order, playouts cut after `horizon` decisions and scored by the game's evaluate; a fixed number of iterations per decision.",
    params: [
      {
        id: 'iterations',
        kind: 'integer',
        default: MCTS_DEFAULTS.iterations,
        min: 1,
        max: 100_000,
        description: 'Iterations (forks played from the decision) per decision.',
      },
      {
        id: 'c',
        kind: 'number',
        default: MCTS_DEFAULTS.c,
        min: 0,
        max: 100,
        description: 'Exploration constant of PUCT (values are in [0, 1]).',
      },
      {
        id: 'horizon',
        kind: 'integer',
        default: MCTS_DEFAULTS.horizon,
        min: 0,
        max: 1_000_000,
        description: "Decisions (any side's) played past the tree before the position is scored by evaluate.",
      },
      {
        id: 'widen',
        kind: 'number',
        default: MCTS_DEFAULTS.widen,
        min: 0,
        max: 1_000,
        description:
          "Progressive widening: a node visited N times considers the default policy's best ceil(widen * sqrt(N + 1)) options; 0 considers all.",
      },
      {
        id: 'prior',
        kind: 'number',
        default: MCTS_DEFAULTS.prior,
        min: 0,
        max: 1,
        description:
          "Weight of the default policy's ranking in the PUCT prior (0: uniform; 1: proportional to 1 / (rank + 1)).",
      },
      {
        id: 'playout',
        kind: 'integer',
        default: MCTS_DEFAULTS.playout,
        min: 0,
        max: 1,
        description: "Who plays past the tree: 0 every side's default policy, 1 uniform random.",
      },
    ],
    create(params = {}) {
      const p: Params = {
        iterations: params.iterations ?? MCTS_DEFAULTS.iterations,
        c: params.c ?? MCTS_DEFAULTS.c,
        horizon: params.horizon ?? MCTS_DEFAULTS.horizon,
        widen: params.widen ?? MCTS_DEFAULTS.widen,
        prior: params.prior ?? MCTS_DEFAULTS.prior,
        playout: params.playout ?? MCTS_DEFAULTS.playout,
      };
      // the side's scripted player, kept for the whole game (asked at every decision when it keeps
      // a plan, so that its copies continue the plan), and the iterations' players
      let base: Policy | undefined;
      let players: Players | undefined;
      return {
        id: MCTS_ID,
        choose(view, d, rng, search) {
          if (d.options.length === 1) return 0;
          if (search === undefined) throw new Error(`${game.id}: the mcts policy needs a search context`);
          const scenario = search.setup.scenario;
          if (base === undefined || players === undefined) {
            base = createPolicies(game, game.defaultPolicies, scenario)[side]!;
            players = new Players(game, scenario);
          }
          const scores = base.scores === undefined ? undefined : new Float64Array(d.options.length);
          if (scores !== undefined) base.scores!(view, d, scores);
          const first = base.choose(view, d, rng, search);
          const root = newTable(d, scores, first, p.prior, rng);
          const key = rng.next() >>> 0;
          const sides = playerSides(game, scenario);
          for (let i = 0; i < p.iterations; i++) {
            const m = search.fork(streamRng(key, i, 'mcts'));
            const own = clonePolicy(base);
            const iterPlayers = players.fresh();
            if (own !== undefined) iterPlayers[side] = own;
            iterate(game, side, sides, m, root, iterPlayers, p);
          }
          let best = root.order[0]!;
          for (let r = 1; r < root.order.length; r++) {
            const a = root.order[r]!;
            const na = root.n[a]!;
            const nb = root.n[best]!;
            if (na > nb || (na === nb && na > 0 && root.w[a]! / na > root.w[best]! / nb)) best = a;
          }
          return best;
        },
        reset() {
          base = undefined;
          players = undefined;
        },
      };
    },
  };
}

/**
 * One iteration from the root decision on fork `m`: down the tree by PUCT (the other sides'
 * decisions answered by `players`, chance sampled), one node added, `horizon` decisions of
 * playout, the position scored by `evaluate` for `side` and the value backed up the path.
 */
function iterate(
  game: SteppedGame,
  side: string,
  sides: readonly string[],
  m: Match,
  root: Table,
  players: Readonly<Record<string, Policy>>,
  p: Params,
): void {
  const tables: Table[] = [];
  const answers: number[] = [];
  const streams = m.workspace.streams;
  const own = players[side]!;
  const keepsPlan = own.clone !== undefined;
  // where the tree stands: a table (at the root, or one just found), the place after the last
  // answer (`slot`), or nothing once the iteration has left the tree
  let table: Table | undefined = root;
  let slot: Map<string, Table> | undefined;
  let atRoot = true;
  let playout = -1; // decisions played past the tree; -1 while in it
  for (;;) {
    const pending = m.pending();
    if (pending === null) break;
    if (pending.kind === 'chance') {
      m.apply(sampleChance(streams.stream('chance'), pending as ChanceNode));
      continue;
    }
    const d = pending as Decision;
    if (playout >= 0) {
      if (playout >= p.horizon) break;
      playout++;
    }
    const rng = streams.stream(`policy:${d.side}`);
    if (playout < 0 && d.side === side) {
      let expanded = false;
      if (table === undefined) {
        const sig = signature(d);
        table = slot!.get(sig);
        if (table === undefined) {
          const view = game.view(m.state, side);
          const sc = own.scores === undefined ? undefined : new Float64Array(d.options.length);
          if (sc !== undefined) own.scores!(view, d, sc);
          const first = own.choose(view, d, rng);
          table = newTable(d, sc, first, p.prior, rng);
          slot!.set(sig, table);
          expanded = true;
        }
      }
      // the searching side's scripted copy follows the game (the root's answer is already in it)
      if (keepsPlan && !atRoot && !expanded) own.choose(game.view(m.state, side), d, rng);
      atRoot = false;
      const a = select(table, p);
      tables.push(table);
      answers.push(a);
      m.apply(a);
      if (expanded) {
        playout = 0;
        table = undefined;
      } else {
        let next = table.next[a];
        if (next === undefined) {
          next = new Map();
          table.next[a] = next;
        }
        slot = next;
        table = undefined;
      }
      continue;
    }
    if (!sides.includes(d.side))
      throw new Error(`${game.id}: no policy for side ${d.side} (${d.kind}, ${d.rule})`);
    const choice =
      playout >= 0 && p.playout === 1
        ? randInt(rng, 0, d.options.length - 1)
        : players[d.side]!.choose(game.view(m.state, d.side), d, rng);
    m.apply(choice);
  }
  const value = game.evaluate(m.state, side);
  for (let j = 0; j < tables.length; j++) {
    const t = tables[j]!;
    const a = answers[j]!;
    t.visits++;
    t.total += value;
    t.n[a] = t.n[a]! + 1;
    t.w[a] = t.w[a]! + value;
  }
}
