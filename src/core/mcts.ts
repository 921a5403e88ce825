/**
 * `mcts`: Monte Carlo tree search over the turn machine, the generic tree search of every stepped
 * game (docs/architecture.md "Search", "MCTS").
 *
 * - The tree holds the searching side's decisions only, keyed by the sequence of its own answers
 *   (open loop): the other sides' decisions and the dice between two of its decisions are played
 *   in each iteration as they come, by the other sides' scripted policies (their defaults, or with
 *   `opponents` = 1 one of their scripted policies drawn per iteration) and by the
 *   fork's fresh dice. A tree node keeps one statistics table per decision it has met there (its
 *   kind and number of options), since after other dice or another answer of the opponent a
 *   different decision may stand at the same place.
 * - Each iteration plays on its own fork (`SearchContext.fork`) seeded from the policy's stream:
 *   a clone on fresh dice for a game of perfect information, a state resampled consistent with
 *   the side's view where information is hidden (the game's `resample`: Crete's British), so the
 *   search is information-set MCTS (one determinization per iteration, one tree over them).
 * - The searching side's scripted player (its default policy, or with `base` = k its k-th
 *   scripted policy) is kept for the whole game; its answer and `scores` order and weigh the
 *   options, and a copy of it (`clonePolicy`) plays the side on in every iteration.
 * - Progressive widening: with `widen` > 0 a node visited N times considers only the scripted
 *   player's best ceil(widen * sqrt(N + 1)) options (its own answer first, then by its `scores`);
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
import { UserError } from './errors.js';
import type { ChanceNode, Decision, Match, Policy, PolicyDef, SteppedGame } from './game.js';
import { clonePolicy, playerSides } from './policies.js';
import { type Rng, randInt, streamRng } from './rng.js';

export const MCTS_ID = 'mcts';

/** The defaults of the parameters (docs/architecture.md "MCTS"). */
export const MCTS_DEFAULTS = {
  iterations: 16,
  c: 0.7,
  horizon: 12,
  widen: 1,
  prior: 0,
  playout: 0,
  opponents: 0,
  base: 0,
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
  readonly opponents: number;
  readonly base: number;
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

/** Every declared parameter of `def` at its default. */
const defaults = (def: PolicyDef): Record<string, number> =>
  Object.fromEntries((def.params ?? []).map((x) => [x.id, x.default]));

/**
 * The policies of one game's sides as a search's iterations play them: the searching side's
 * default, and for every other side its default or (with `opponents` = 1) one of its scripted
 * policies drawn per iteration. A policy is reused from one iteration to the next where that
 * answers as a fresh one would: one that can reset is reset, one that keeps nothing about the
 * game (neither reset nor clone) is shared, any other is created anew.
 */
class Players {
  readonly #kept = new Map<string, Policy>();
  /** Per side, the policies its players are drawn from (the default first). */
  readonly #pools: Readonly<Record<string, readonly PolicyDef[]>>;
  constructor(
    readonly game: SteppedGame,
    sides: readonly string[],
    side: string,
    own: PolicyDef,
    mixed: boolean,
    scripted: (id: string) => boolean,
  ) {
    const pools: Record<string, PolicyDef[]> = {};
    for (const s of sides) {
      const def =
        s === side ? own : game.policies.find((x) => x.side === s && x.id === game.defaultPolicies[s]);
      if (def === undefined) throw new Error(`${game.id}: no default policy for side ${s}`);
      const others =
        mixed && s !== side
          ? game.policies.filter((x) => x.side === s && x.id !== def.id && scripted(x.id))
          : [];
      pools[s] = [def, ...others];
    }
    this.#pools = pools;
  }
  /** Every side's player for one iteration (the choice among a side's pool drawn from `rng`). */
  fresh(rng: Rng): Record<string, Policy> {
    const out: Record<string, Policy> = {};
    for (const s in this.#pools) {
      const pool = this.#pools[s]!;
      const def = pool.length === 1 ? pool[0]! : pool[randInt(rng, 0, pool.length - 1)]!;
      const key = `${s}\u0000${def.id}`;
      const k = this.#kept.get(key);
      if (k !== undefined && k.reset !== undefined) {
        k.reset();
        out[s] = k;
      } else if (k !== undefined && k.clone === undefined) out[s] = k;
      else {
        const made = def.create(defaults(def));
        this.#kept.set(key, made);
        out[s] = made;
      }
    }
    return out;
  }
}

/**
 * The parameters' defaults for `side` of `game`: the generic MCTS_DEFAULTS, overridden by the
 * game's own (GameMeta.searchDefaults.mcts), its base script given by id and turned into its index
 * among `own` (the side's scripted policies, 1-based as the parameter counts them), its prior weight
 * by side.
 */
export function mctsDefaults(game: SteppedGame, side: string, own: readonly PolicyDef[]): Params {
  const g = game.searchDefaults?.mcts;
  const baseId = g?.base?.[side];
  const base = baseId === undefined ? MCTS_DEFAULTS.base : own.findIndex((x) => x.id === baseId) + 1;
  if (base === 0 && baseId !== undefined)
    throw new Error(
      `${game.id} ${side}: searchDefaults.mcts.base names ${baseId}, not a scripted policy of the side`,
    );
  const prior = g?.prior?.[side];
  if (prior !== undefined && !(prior >= 0 && prior <= 1))
    throw new Error(`${game.id} ${side}: searchDefaults.mcts.prior is ${prior}, not in [0, 1]`);
  return {
    ...MCTS_DEFAULTS,
    ...(g?.iterations === undefined ? {} : { iterations: g.iterations }),
    ...(g?.opponents === undefined ? {} : { opponents: g.opponents }),
    ...(prior === undefined ? {} : { prior }),
    base,
  };
}

/** The mcts policy of `side` of `game`. */
export function mctsPolicy(
  game: SteppedGame,
  side: string,
  scripted: (id: string) => boolean = (id) => id !== 'random',
): PolicyDef {
  const own = game.policies.filter((x) => x.side === side && scripted(x.id));
  const d = mctsDefaults(game, side, own);
  return {
    id: MCTS_ID,
    side,
    description:
      "Search: Monte Carlo tree search (PUCT) over the side's own decisions, open loop (the opponents' scripted policies and fresh dice play between them; one determinization per iteration where information is hidden), the side's scripted player's answer and preferences as widening order and prior, playouts cut after `horizon` decisions and scored by the game's evaluate; a fixed number of iterations per decision.",
    params: [
      {
        id: 'iterations',
        kind: 'integer',
        default: d.iterations,
        min: 1,
        max: 100_000,
        description: 'Iterations (forks played from the decision) per decision.',
      },
      {
        id: 'c',
        kind: 'number',
        default: d.c,
        min: 0,
        max: 100,
        description: 'Exploration constant of PUCT (values are in [0, 1]).',
      },
      {
        id: 'horizon',
        kind: 'integer',
        default: d.horizon,
        min: 0,
        max: 1_000_000,
        description: "Decisions (any side's) played past the tree before the position is scored by evaluate.",
      },
      {
        id: 'widen',
        kind: 'number',
        default: d.widen,
        min: 0,
        max: 1_000,
        description:
          "Progressive widening: a node visited N times considers the scripted player's best ceil(widen * sqrt(N + 1)) options (its answer first, then by its scores); 0 considers all.",
      },
      {
        id: 'prior',
        kind: 'number',
        default: d.prior,
        min: 0,
        max: 1,
        description:
          "Weight of the scripted player's ranking in the PUCT prior (0: uniform; 1: proportional to 1 / (rank + 1)).",
      },
      {
        id: 'playout',
        kind: 'integer',
        default: d.playout,
        min: 0,
        max: 1,
        description:
          "Who plays past the tree: 0 the sides' scripted players (as in the tree), 1 uniform random.",
      },
      {
        id: 'opponents',
        kind: 'integer',
        default: d.opponents,
        min: 0,
        max: 1,
        description:
          "The other sides' players in an iteration: 0 their default policies, 1 one of their scripted policies drawn per iteration (a search robust to who the opponent is).",
      },
      {
        id: 'base',
        kind: 'integer',
        default: d.base,
        min: 0,
        max: 99,
        description:
          "The searching side's scripted player (prior, widening order, playouts): 0 its default policy, k its k-th scripted policy in the order `sandtable list` prints them" +
          (d.base === 0 ? '.' : ` (here ${own[d.base - 1]!.id}).`),
      },
    ],
    create(params = {}) {
      const p: Params = {
        iterations: params.iterations ?? d.iterations,
        c: params.c ?? d.c,
        horizon: params.horizon ?? d.horizon,
        widen: params.widen ?? d.widen,
        prior: params.prior ?? d.prior,
        playout: params.playout ?? d.playout,
        opponents: params.opponents ?? d.opponents,
        base: params.base ?? d.base,
      };
      // the searching side's scripted player: its default, or its base-th scripted policy
      const baseDef =
        p.base === 0
          ? game.policies.find((x) => x.side === side && x.id === game.defaultPolicies[side])
          : own[p.base - 1];
      if (baseDef === undefined)
        throw new UserError(
          `${game.id} ${side}: mcts parameter base ${p.base} names no scripted policy (1..${own.length}: ${own.map((x) => x.id).join(', ')}; 0 the default)`,
        );
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
          const sides = playerSides(game, scenario);
          if (base === undefined || players === undefined) {
            base = baseDef.create(defaults(baseDef));
            players = new Players(game, sides, side, baseDef, p.opponents === 1, scripted);
          }
          const scores = base.scores === undefined ? undefined : new Float64Array(d.options.length);
          if (scores !== undefined) base.scores!(view, d, scores);
          const first = base.choose(view, d, rng, search);
          const root = newTable(d, scores, first, p.prior, rng);
          const key = rng.next() >>> 0;
          for (let i = 0; i < p.iterations; i++) {
            const m = search.fork(streamRng(key, i, 'mcts'));
            const own = clonePolicy(base);
            const iterPlayers = players.fresh(streamRng(key, i, 'mcts-opponents'));
            if (own !== undefined) iterPlayers[side] = own;
            iterate(m.game, side, sides, m, root, iterPlayers, p);
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
