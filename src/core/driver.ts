/**
 * The one driver (docs/architecture.md "The driver"): plays any game to its end, asking each side's policy at each pending
 * decision, checking the answer, and in conformance mode checking invariants and clone equality at
 * sampled decisions (ConformanceSample). The worker, `play`, `replay`, the bench and the tests all play through it.
 */
import { IllegalDecisionError } from './decide.js';
import type {
  ChanceNode,
  Decision,
  GameDefinition,
  GameRecord,
  GameSeed,
  GameSetup,
  GameStateBase,
  Match,
  Pending,
  Policy,
  SearchContext,
  SearchPoint,
  SteppedGame,
  TraceEvent,
  Workspace,
} from './game.js';
import { type Rng, reseedRng } from './rng.js';
import { stateHash } from './state-hash.js';

/** A deep copy of a game state: the game's own copy, or structuredClone. */
export function cloneState<S extends GameStateBase>(game: SteppedGame, s: S): S {
  return (game.clone === undefined ? structuredClone(s) : game.clone(s)) as S;
}

/** Options of one match's workspace. */
export interface MatchOptions {
  /** Narrate the game into this list. */
  readonly trace?: TraceEvent[] | undefined;
  /** Stop at chance points instead of sampling them (exact enumeration). */
  readonly explicitChance?: boolean | undefined;
  /** Count the game's random draws (the bench). */
  readonly counter?: { draws: number } | undefined;
  /** A finished game's workspace whose buffers the new one may take. */
  readonly reuse?: Workspace | undefined;
}

/** One game in progress: definition, setup, state and workspace (core's implementation of Match). */
export class GameMatch implements Match {
  constructor(
    readonly game: SteppedGame,
    readonly setup: GameSetup,
    readonly state: GameStateBase,
    readonly workspace: Workspace,
  ) {}

  pending(): Pending | null {
    return this.game.advance(this.state, this.workspace);
  }

  apply(choice: number): void {
    const p = this.game.advance(this.state, this.workspace);
    if (p === null) throw new Error(`${this.game.id}: the game is over; there is nothing to answer`);
    const n = p.kind === 'chance' ? (p as ChanceNode).outcomes.length : (p as Decision).options.length;
    if (!Number.isInteger(choice) || choice < 0 || choice >= n)
      throw new Error(`${this.game.id}: answer ${choice} to ${p.kind} (${p.rule}) with ${n} options`);
    this.game.apply(this.state, this.workspace, p, choice);
  }

  clone(): GameMatch {
    const s = cloneState(this.game, this.state);
    const ws = this.game.workspace(s);
    ws.explicitChance = this.workspace.explicitChance;
    return new GameMatch(this.game, this.setup, s, ws);
  }

  record(): GameRecord {
    if (this.game.advance(this.state, this.workspace) !== null)
      throw new Error(`${this.game.id}: record of a game that is not over`);
    return this.game.record(this.state);
  }
}

/** Starts game `seed.gameIndex` of a run: its dice depend only on (master seed, game index, stream name). */
export function startMatch(
  game: SteppedGame,
  setup: GameSetup,
  seed: GameSeed,
  opts: MatchOptions = {},
): GameMatch {
  const s = game.start(setup, seed);
  const ws = game.workspace(s, opts.reuse);
  ws.trace = opts.trace;
  ws.explicitChance = opts.explicitChance === true;
  ws.streams.counter = opts.counter;
  return new GameMatch(game, setup, s, ws);
}

/**
 * Which decisions of a game conformance mode checks in full. Every decision is checked for what
 * costs little (the decision bound, chance outcomes summing to 1, declared kinds, no decision
 * pending with a single option, invariants after the answer); the costly checks (clone equality, the policy leaving the state alone), which copy
 * the state and hash it several times, run at every decision of the first `first`, at the first
 * `perKind` decisions of each kind and rule (so a rare kind is checked in every game), and at
 * about one in `oneIn` of the rest, chosen by a fixed hash of (master seed, game index, decision):
 * the same decisions on every run, different ones in every game. `'every'` checks them all.
 */
export type ConformanceSample =
  | { readonly first: number; readonly perKind: number; readonly oneIn: number }
  | 'every';

/** The sample conformance mode uses unless told otherwise: a checked game costs a few plain ones. */
export const DEFAULT_CONFORMANCE_SAMPLE: ConformanceSample = { first: 8, perKind: 1, oneIn: 128 };

/** What conformance mode checks (docs/architecture.md "Conformance"). */
export interface ConformanceOptions {
  /** Clone the state, apply the same answer to both, and require identical states (default true). */
  readonly cloneEquality?: boolean;
  /** The decisions at which the costly checks run (default DEFAULT_CONFORMANCE_SAMPLE). */
  readonly sample?: ConformanceSample;
  /** Called at each pending decision before the policy is asked (e.g. to keep a JSON copy of the state); `decisions` counts from 1. */
  readonly atDecision?: (match: Match, pending: Pending, decisions: number) => void;
}

/** Whether decision `decision` (from 1) of game (seed, game) falls in the one-in-`oneIn` sample. */
export function sampledDecision(oneIn: number, seed: number, game: number, decision: number): boolean {
  // murmur3's finaliser over the three numbers; a seed above 2^32 folds its high part in
  let h = (seed >>> 0) ^ Math.imul(Math.floor(seed / 0x1_0000_0000) | 0, 0x85ebca6b);
  h = Math.imul(h ^ Math.imul(game | 0, 0xc2b2ae35), 0x27d4eb2f) ^ Math.imul(decision | 0, 0x165667b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % oneIn === 0;
}

export interface DriveOptions {
  /** Check the game as it is played (ConformanceOptions; `true`: the defaults). */
  readonly conformance?: ConformanceOptions | boolean | undefined;
}

/** An error of the game engine found in conformance mode, naming the game, seed and decision. */
export class ConformanceError extends Error {
  constructor(match: Match, decisions: number, what: string) {
    const r = match.state.rng;
    super(`${match.game.id}: game ${r.game} (seed ${r.seed}), decision ${decisions}: ${what}`);
    this.name = 'ConformanceError';
  }
}

/**
 * The search context of one side in one game: forks copies standing at the decision being made.
 * The real match and the side are #private fields, so a policy holding the context (even through
 * a cast) reaches neither the real state (its future dice, a hidden allocation) nor a fork as
 * another side would see it: its own surface is the game, the setup, `fork` and `searchPoint`.
 */
class Search implements SearchContext {
  readonly #match: Match;
  readonly #side: string;
  constructor(match: Match, side: string) {
    this.#match = match;
    this.#side = side;
  }
  get game(): SteppedGame {
    return this.#match.game;
  }
  get setup(): GameSetup {
    return this.#match.setup;
  }
  searchPoint(): SearchPoint | undefined {
    const m = this.#match;
    return m.game.searchPoint?.(m.state);
  }
  fork(rng: Rng): GameMatch {
    const m = this.#match;
    let s = cloneState(m.game, m.state);
    reseedRng(s.rng, rng);
    if (m.game.resample !== undefined) s = m.game.resample(s, this.#side, rng);
    const ws = m.game.workspace(s);
    ws.explicitChance = m.workspace.explicitChance;
    return new GameMatch(m.game, m.setup, s, ws);
  }
}

/** The search contexts of one game, one per side, made when the side is first asked. */
class SearchContexts {
  readonly #match: Match;
  readonly #made = new Map<string, Search>();
  constructor(match: Match) {
    this.#match = match;
  }
  of(side: string): Search {
    let c = this.#made.get(side);
    if (c === undefined) {
      c = new Search(this.#match, side);
      this.#made.set(side, c);
    }
    return c;
  }
}

/** The search context a policy of `side` gets at `match`'s pending decision (for tools and tests). */
export function searchContext(match: Match, side: string): SearchContext {
  return new Search(match, side);
}

/**
 * Plays `match` to its end: at each pending decision asks the side's policy (with the side's view
 * and its own stream `policy:<side>`), checks the answer and applies it. A chance point (explicit
 * mode) is sampled from the stream `chance` by its exact probabilities. Returns the record.
 */
export function playMatch(
  match: Match,
  policies: Readonly<Record<string, Policy>>,
  opts: DriveOptions = {},
): GameRecord {
  const search = new SearchContexts(match);
  if (opts.conformance === undefined || opts.conformance === false) return playPlain(match, policies, search);
  return playChecked(match, policies, search, opts.conformance === true ? {} : opts.conformance);
}

/** The driver's loop as the runner plays games: nothing but asking, checking and applying. */
function playPlain(
  match: Match,
  policies: Readonly<Record<string, Policy>>,
  searches: SearchContexts,
): GameRecord {
  const { game, state, workspace: ws } = match;
  // the side of the last decision, its policy and stream (consecutive decisions are mostly one side's)
  let side = '';
  let policy: Policy | undefined;
  let rng: Rng | undefined;
  let search: Search | undefined;
  for (let p = game.advance(state, ws); p !== null; p = game.advance(state, ws)) {
    let choice: number;
    if (p.kind === 'chance') {
      choice = sampleChance(ws.streams.stream('chance'), p as ChanceNode);
    } else {
      const d = p as Decision;
      if (d.side !== side) {
        side = d.side;
        policy = policies[side];
        if (policy === undefined)
          throw new Error(`${game.id}: no policy for side ${side} (${d.kind}, ${d.rule})`);
        rng = ws.streams.stream(`policy:${side}`);
        search = searches.of(side);
      }
      const n = d.options.length;
      if (n === 0) throw new Error(`${game.id}: decision ${d.kind} (${d.rule}) has no options`);
      choice = policy!.choose(game.view(state, side), d, rng!, search);
      if (!(choice >= 0 && choice < n && Number.isInteger(choice)))
        throw new IllegalDecisionError(policy!.id, d, choice);
    }
    game.apply(state, ws, p, choice);
  }
  return game.record(state);
}

/** The driver's loop in conformance mode: every decision checked, the costly checks at a sample (ConformanceSample). */
function playChecked(
  match: Match,
  policies: Readonly<Record<string, Policy>>,
  searches: SearchContexts,
  conf: ConformanceOptions,
): GameRecord {
  const { game, state, workspace: ws } = match;
  const limit = game.maxDecisions(match.setup);
  const rngs: Record<string, Rng> = {};
  const sample = conf.sample ?? DEFAULT_CONFORMANCE_SAMPLE;
  const { seed, game: gameIndex } = state.rng;
  const seen = new Map<string, number>(); // decisions so far of each kind and rule
  let decisions = 0;
  /** The state's hash without its random streams, when just taken at this decision (saves a walk). */
  let body: string | undefined;
  /** The policy that answered this decision, when its check is left to checkDecision. */
  let chooser: { policy: Policy; decision: Decision } | undefined;
  for (;;) {
    const p = game.advance(state, ws);
    if (p === null) break;
    let choice: number;
    conf.atDecision?.(match, p, decisions + 1);
    let full = true;
    if (sample !== 'every') {
      const key = `${p.kind}\u0000${p.rule}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      full =
        decisions + 1 <= sample.first ||
        n <= sample.perKind ||
        sampledDecision(sample.oneIn, seed, gameIndex, decisions + 1);
    }
    if (p.kind === 'chance') {
      choice = sampleChance(ws.streams.stream('chance'), p as ChanceNode);
    } else {
      const d = p as Decision;
      const policy = policies[d.side];
      if (policy === undefined)
        throw new Error(`${game.id}: no policy for side ${d.side} (${d.kind}, ${d.rule})`);
      if (d.options.length === 0)
        throw new Error(`${game.id}: decision ${d.kind} (${d.rule}) has no options`);
      // a decision with one option is a forced move: the rules carry it out (core/kernel.ts), no side is asked
      if (d.options.length === 1)
        throw new ConformanceError(
          match,
          decisions + 1,
          `forced move pended: ${d.kind} (${d.rule}) has one option`,
        );
      let rng = rngs[d.side];
      if (rng === undefined) {
        rng = ws.streams.stream(`policy:${d.side}`);
        rngs[d.side] = rng;
      }
      const search = searches.of(d.side);
      // the policy's own stream (in state.rng) moves when it draws; nothing else may
      const before = full ? bodyHash(state) : '';
      choice = policy.choose(game.view(state, d.side), d, rng, search);
      if (full) {
        if (conf.cloneEquality === false) {
          if (bodyHash(state) !== before) throw policyChanged(match, decisions + 1, policy, d);
        } else {
          // the clone's hash is compared with this one (checkDecision), which tells a policy that
          // changed the state from a faulty clone without walking the state once more
          body = before;
          chooser = { policy, decision: d };
        }
      }
      if (!Number.isInteger(choice) || choice < 0 || choice >= d.options.length)
        throw new IllegalDecisionError(policy.id, d, choice);
    }
    decisions++;
    const after = checkDecision(
      match,
      p,
      choice,
      decisions,
      limit,
      full && conf.cloneEquality !== false,
      body,
      chooser,
    );
    body = undefined;
    chooser = undefined;
    game.apply(state, ws, p, choice);
    // the game itself, answered as its clone was, arrives where the clone did (apply is a function of the state)
    if (after !== undefined && fullHash(state) !== after)
      throw new ConformanceError(
        match,
        decisions,
        `the state and its clone differ after the same answer to ${p.kind}`,
      );
    const bad = game.invariants(state);
    if (bad.length > 0)
      throw new ConformanceError(match, decisions, `invariant broken after ${p.kind}: ${bad.join('; ')}`);
  }
  // the final state too: a clone of it equals it
  if (conf.cloneEquality !== false && fullHash(match.clone().state) !== fullHash(state))
    throw new ConformanceError(match, decisions, 'a clone of the final state differs from it');
  return game.record(state);
}

const policyChanged = (match: Match, decision: number, policy: Policy, d: Decision): ConformanceError =>
  new ConformanceError(match, decision, `policy ${policy.id} changed the state while choosing ${d.kind}`);

/** A state's hash without its random streams (what a policy must leave alone while it draws). */
const bodyHash = (s: GameStateBase): string => stateHash({ ...s, rng: null });
/** A state's whole hash: its body's and its random streams'. */
const fullHash = (s: GameStateBase, body: string = bodyHash(s)): string => `${body}/${stateHash(s.rng)}`;

/**
 * The per-decision checks; with `cloneEquality`, a clone of the state hashes as the state does,
 * answering it leaves the state alone, and the clone's hash after the answer is returned, which the
 * state itself must reach when answered (the caller applies and compares). `body`: the state's
 * body hash if just taken.
 */
function checkDecision(
  match: Match,
  p: Pending,
  choice: number,
  decisions: number,
  limit: number,
  cloneEquality: boolean,
  body: string | undefined,
  chooser?: { policy: Policy; decision: Decision },
): string | undefined {
  const { game, state } = match;
  if (decisions > limit) throw new ConformanceError(match, decisions, `more than ${limit} decisions`);
  if (p.kind === 'chance') {
    const total = (p as ChanceNode).outcomes.reduce((a, o) => a + o.p, 0);
    if (Math.abs(total - 1) > 1e-9)
      throw new ConformanceError(match, decisions, `chance outcomes sum to ${total}`);
  } else if (!(game.decisionKinds as readonly string[]).includes(p.kind)) {
    throw new ConformanceError(match, decisions, `pending kind ${p.kind} is not declared in decisionKinds`);
  }
  if (!cloneEquality) return undefined;
  const copy = match.clone();
  const before = fullHash(state, body);
  if (fullHash(copy.state) !== before) {
    // `body` was taken before the policy chose: either the policy changed the state, or the clone is wrong
    if (chooser !== undefined && bodyHash(state) !== body)
      throw policyChanged(match, decisions, chooser.policy, chooser.decision);
    throw new ConformanceError(match, decisions, 'a clone differs from the state it was made from');
  }
  copy.game.apply(copy.state, copy.workspace, copy.pending()!, choice);
  if (fullHash(state) !== before)
    throw new ConformanceError(match, decisions, 'applying to a clone changed the original state');
  return fullHash(copy.state);
}

/** An outcome index drawn by the exact probabilities of a chance point. */
export function sampleChance(rng: Rng, node: ChanceNode): number {
  let u = (rng.next() >>> 0) / 0x1_0000_0000;
  const outs = node.outcomes;
  for (let i = 0; i < outs.length; i++) {
    u -= outs[i]!.p;
    if (u < 0) return i;
  }
  return outs.length - 1;
}

/**
 * Exact distribution of `read(state)` over every chance point from `match` on (explicit-chance
 * mode), stopping each branch when `done(state)` holds or a decision is pending: the game's own
 * code enumerated, no second implementation (docs/architecture.md "The driver"). Returns label -> probability.
 */
export function enumerateChance(
  match: GameMatch,
  read: (s: GameStateBase) => string,
  done: (s: GameStateBase) => boolean = () => false,
): Map<string, number> {
  if (!match.workspace.explicitChance)
    throw new Error('enumerateChance needs a match in explicit-chance mode');
  const out = new Map<string, number>();
  const walk = (m: GameMatch, p: number) => {
    const pending = done(m.state) ? null : m.pending();
    if (pending === null || pending.kind !== 'chance') {
      const k = read(m.state);
      out.set(k, (out.get(k) ?? 0) + p);
      return;
    }
    const outcomes = (pending as ChanceNode).outcomes;
    for (let i = 0; i < outcomes.length; i++) {
      const c = m.clone();
      c.apply(i);
      walk(c, p * outcomes[i]!.p);
    }
  };
  walk(match, 1);
  return out;
}

/**
 * Plays one game of a run with the given policies: a series of one game (GameSeries), so a game
 * played alone and the same game played in a worker's chunk go through one entry point.
 */
export function playOneGame(
  def: GameDefinition,
  setup: GameSetup,
  policies: Readonly<Record<string, Policy>>,
  seed: GameSeed,
  trace?: TraceEvent[],
  counter?: { draws: number },
): GameRecord {
  return new GameSeries(def, setup, () => ({ ...policies })).play(seed, { trace, counter });
}

/**
 * The one way to play games of a run: the games of one definition, setup and policy pairing
 * played one after another on one thread through `playMatch` (a worker's chunk, `play` and
 * `replay` through runner/play.ts, the bench). The next game takes the last one's workspace
 * buffers, and policies that can `reset` are reused; neither changes a record (every buffer is
 * overwritten before it is read, and a reset policy answers as a fresh one).
 */
export class GameSeries {
  private ws: Workspace | undefined;
  private policies: Record<string, Policy> | undefined;
  private resettable: Policy[] | undefined;
  constructor(
    readonly def: GameDefinition,
    readonly setup: GameSetup,
    private readonly makePolicies: () => Record<string, Policy>,
  ) {}

  /** Plays game `seed.gameIndex` of the run. */
  play(
    seed: GameSeed,
    opts: { trace?: TraceEvent[] | undefined; counter?: { draws: number } | undefined } = {},
  ): GameRecord {
    const policies = this.freshPolicies();
    const m = startMatch(this.def, this.setup, seed, {
      trace: opts.trace,
      counter: opts.counter,
      reuse: this.ws,
    });
    this.ws = undefined; // not lent while its game is under way (a throw leaves it unused)
    const rec = playMatch(m, policies);
    this.ws = m.workspace;
    return rec;
  }

  /** The kept policies when every one can reset (each reset), else fresh ones. */
  private freshPolicies(): Record<string, Policy> {
    const kept = this.policies;
    if (kept !== undefined && this.resettable !== undefined) {
      for (const p of this.resettable) p.reset!();
      return kept;
    }
    const made = this.makePolicies();
    const all = Object.values(made);
    this.policies = made;
    this.resettable = all.every((p) => p.reset !== undefined) ? all : undefined;
    return made;
  }
}
