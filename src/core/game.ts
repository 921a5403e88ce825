import type { BoardDef } from './board.js';
import type { Rng, RngState, Streams } from './rng.js';

export type {
  BoardCell,
  BoardDef,
  BoardKind,
  HexBoardDef,
  HexCell,
  HexSheet,
  PointBoardDef,
  PointCell,
  PointLine,
  ZoneBoardDef,
  ZoneCell,
  ZoneLink,
} from './board.js';

/** Where a number or table comes from: printed rules, an outside source, or our reconstruction. */
export type Provenance = 'rules' | 'source' | 'reconstructed';

export interface SideDef {
  readonly id: string;
  readonly name: string;
}

/** A named reading of the rules (errata vs as printed, an optional rule, an ambiguity resolved). */
export interface VariantDef {
  readonly id: string;
  /** Rule section it concerns, e.g. "SFO 9". */
  readonly rule: string;
  readonly description: string;
  readonly default: boolean;
  /** Variants sharing a group are alternatives: exactly one of the group is on. */
  readonly group?: string;
  /** The scenarios in which switching it can change play (every scenario when absent): a level's own units. */
  readonly scenarios?: readonly string[];
  /**
   * When switching it can change play only under a narrower condition than its scenarios (a unit
   * count, a policy's habit, a rule another variant turns off), that condition in one line, e.g.
   * "acts only when a convoy holds more than 3 units". `list` and the report print it beside the
   * variant so a reader knows a "not distinguishable" verdict may be about a rule never in play.
   */
  readonly actsWhen?: string;
}

export type ParamValue = number | string | readonly string[];

/** A number or table the rules do not fix, with its default, allowed range and provenance. */
export interface ParameterDef {
  readonly id: string;
  readonly description: string;
  /** location / locationList: cell ids of the game's board, checked against GameDefinition.locationIds. */
  readonly kind: 'integer' | 'number' | 'location' | 'locationList' | 'choice';
  readonly default: ParamValue;
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  /** For locationList: the exact number of locations required. */
  readonly length?: number;
  readonly provenance: Provenance;
  readonly source: string;
  /** Scenarios whose play the value can affect; all scenarios when absent. */
  readonly scenarios?: readonly string[];
  /** The value is read only while another parameter has this value (e.g. a table used by one choice). */
  readonly appliesWhen?: { readonly param: string; readonly value: ParamValue };
}

export interface ScenarioDef {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly rule: string;
  /**
   * Who plays each side in this scenario: a policy, or the rules themselves (a solitaire opponent).
   * Absent: a policy plays every side the game has policies for.
   */
  readonly players?: Readonly<Record<string, 'policy' | 'rules'>>;
}

/**
 * A point where a side chooses: the engine lists the legal options, a policy picks one by index.
 * A game's decisions are a discriminated union over `kind` (one member per decision kind, each
 * with its own option type), so a policy's `switch (d.kind)` narrows the options without casts.
 */
export interface Decision<K extends string = string, O = unknown> {
  readonly kind: K;
  readonly side: string;
  readonly rule: string;
  readonly options: readonly O[];
}

/** One outcome of a chance point with its exact probability. */
export interface ChanceOutcome {
  readonly label: string;
  readonly p: number;
}

/**
 * A chance point in explicit-chance mode (OpenSpiel's explicit chance nodes): the outcomes the
 * game's own code would sample, with exact probabilities summing to 1. `apply` takes the index of
 * an outcome. In the default sampled mode a game draws chance from its streams and never stops here.
 */
export interface ChanceNode {
  readonly kind: 'chance';
  readonly side: 'chance';
  readonly rule: string;
  /** What is rolled, for narration ("combat die"). */
  readonly what: string;
  readonly outcomes: readonly ChanceOutcome[];
}

/** What a game may stop at: a decision of a side, or (explicit-chance mode only) a chance point. */
export type Pending<D extends Decision = Decision> = D | ChanceNode;

/**
 * What a search policy may ask of the game it is deciding in (docs/architecture.md "Search": a
 * search policy may fork the game and play the copy forward). One per game and side,
 * valid only inside the `choose` call it is given to. It keeps the real game private: its own
 * surface is `game`, `setup`, `fork` and `searchPoint` (public), and only a fork (the side's view of the game, on fresh
 * dice) is ever handed out.
 *
 * For a transposition table, key a fork's positions by core/state-hash.ts `stateKey(game, state)`:
 * a 64-bit structural hash of the state without its random streams and its pending decision, equal
 * for equal positions however they were reached (not JSON). To score a playout, core/values.ts
 * `resultValue` / `returns` value a finished game (win 1, draw 1/2, loss 0) and the game's
 * `evaluate`, when it has one, an unfinished position; to continue "as this player would" from a
 * fork, core/policies.ts `clonePolicy` copies a scripted policy with its plan.
 */
export interface SearchContext {
  /** The game definition (erased). */
  readonly game: SteppedGame;
  /** The setup of the game being played. */
  readonly setup: GameSetup;
  /**
   * A copy of the game as the deciding side may know it, standing at the decision being made,
   * with fresh dice drawn from `rng` (never the game's own future dice): a clone of the state for
   * games of perfect information, a state sampled consistent with the side's view otherwise.
   */
  fork(rng: Rng): Match;
  /**
   * Where the game stands at the decision being made (SteppedGame.searchPoint), when the game
   * says; undefined when it does not. Public information: a turn and a phase, never hidden state.
   */
  searchPoint?(): SearchPoint | undefined;
}

/**
 * Where a game stands for a search that plans by turns and phases (core/portfolio.ts): the game
 * turn (a number that never decreases), and the phase within it (a label that changes whenever
 * the phase does). A side's choice point is its first decision in a new (turn, phase).
 */
export interface SearchPoint {
  readonly turn: number;
  readonly phase: string;
}

/**
 * choose(view, decision, rng) -> index of a legal option. The driver checks the answer. `rng` is
 * the policy's own stream (`policy:<side>`), so a policy's randomness never moves the game's dice.
 */
export interface Policy<V = unknown, D extends Decision = Decision> {
  readonly id: string;
  choose(view: V, decision: D, rng: Rng, search?: SearchContext): number;
  /**
   * Optional: the policy's preference per option (higher is better), without choosing; lets a
   * search policy consider a scripted policy's best few options first. Writes `out[i]` for every
   * option `i` and draws nothing.
   */
  scores?(view: V, decision: D, out: Float64Array): void;
  /**
   * Optional: forget everything about the game played so far. A policy that has it may be reused
   * for the next game of a series (its buffers kept); one without it is created fresh per game.
   */
  reset?(): void;
  /**
   * Optional: a copy of this policy with whatever plan it keeps (a turn's plan, a phase's
   * targets), sharing nothing mutable with it, so that a search forking the game at this decision
   * can continue "as this player would" and a copy given the same states answers the same. A
   * policy that keeps no plan, or derives it from the state alone, leaves it out.
   */
  clone?(): Policy<V, D>;
}

/** A typed parameter of a policy (e.g. the number of playouts of a search policy). */
export interface PolicyParamDef {
  readonly id: string;
  readonly description: string;
  readonly kind: 'integer' | 'number';
  readonly default: number;
  readonly min: number;
  readonly max: number;
}

export interface PolicyDef<V = unknown, D extends Decision = Decision> {
  readonly id: string;
  readonly side: string;
  readonly description: string;
  /** Typed parameters the policy accepts (none when absent). */
  readonly params?: readonly PolicyParamDef[];
  /** A fresh policy for one game; `params` holds every declared parameter (defaults filled in). */
  create(params?: Readonly<Record<string, number>>): Policy<V, D>;
}

/** One possible end of a game: its result category, the winning side (or none) and its level. */
export interface ResultDef {
  readonly id: string;
  readonly winner: string | null;
  readonly description: string;
}

/** A game's own statistic, one numeric column in the games table. */
export interface StatDef {
  readonly id: string;
  readonly description: string;
  readonly kind: 'int' | 'float';
  /** The value recorded when the statistic does not apply to a game (e.g. its turn was not reached); left out of the distributions. */
  readonly missing?: number;
  /** What a value counts when the description alone does not say it plainly (e.g. `turn`); columns.json carries it. */
  readonly unit?: string;
}

export interface GameSetup {
  readonly scenario: string;
  readonly variants: ReadonlySet<string>;
  readonly params: Readonly<Record<string, ParamValue>>;
}

/** One event of a narrated game; replaying the same (seed, game, arm) yields the same events. */
export interface TraceEvent {
  readonly turn: number;
  readonly phase: string;
  readonly side?: string;
  readonly rule: string;
  readonly text: string;
  readonly dice?: readonly number[];
  readonly decision?: { readonly kind: string; readonly choice: number; readonly of: number };
}

/** The flat record of one finished game. */
export interface GameRecord {
  readonly result: string;
  readonly endTurn: number;
  readonly endReason: string;
  readonly victoryLevel: string;
  /** One value per StatDef, keyed by id. */
  readonly stats: Readonly<Record<string, number>>;
  /** Indices into `board(setup).cells` this game marks for the heatmap (each counted once per game). */
  readonly cells?: readonly number[];
}

/** One exact outcome table: rows are outcomes, columns are situations (CRT columns, round counts...). */
export interface OddsTable {
  readonly title: string;
  readonly rule: string;
  readonly columns: readonly string[];
  readonly rows: readonly { readonly outcome: string; readonly p: readonly number[] }[];
  readonly notes: readonly string[];
}

/** An option of a game's odds calculator, e.g. --attack 3 or --forest. */
export interface OddsOption {
  readonly name: string;
  readonly description: string;
  /** A flag takes no value. */
  readonly flag?: boolean;
}

/** A game's exact chance calculator: the same definitions the simulator samples (docs/architecture.md "The game is a state machine"). */
export interface OddsProvider {
  readonly description: string;
  readonly options: readonly OddsOption[];
  /** Exact distributions for the situation the options describe; throws UserError on bad options. */
  compute(options: Readonly<Record<string, string | true>>): OddsTable[];
}

/**
 * One of a game's high-impact alternative readings of its rules or reconstructed values: the
 * variants and parameters it sets, against the rules as written (the defaults). The verdict's
 * robustness band (src/analysis/robustness.ts) plays a matrix again under each one on the same
 * seeds; src/core/readings.ts checks a declaration.
 */
export interface VerdictReading {
  /** Suffixes the arms played under it (`<arm>@<id>`): letters, digits, "_", "." or "-". */
  readonly id: string;
  /** What it changes, in a wargamer's words ("every battle on the all-out table"). */
  readonly label: string;
  readonly variants?: Readonly<Record<string, boolean>>;
  readonly params?: Readonly<Record<string, ParamValue>>;
  /** The scenarios in which it can change play (every scenario when absent). */
  readonly scenarios?: readonly string[];
  /** Why it is declared: the experiment file of this repository that measured its effect. */
  readonly why: string;
}

/** A game's defaults for the generic search players (GameMeta.searchDefaults). */
export interface SearchDefaults {
  readonly mcts?: {
    /** Iterations per decision. */
    readonly iterations?: number;
    /** 1: search against one of the other sides' scripted policies drawn per iteration. */
    readonly opponents?: 0 | 1;
    /**
     * Per side, the weight of the base script's ranking in the PUCT prior, in [0, 1] (1: an
     * option's prior proportional to 1 / (its rank + 1), so the search leaves the script's answer
     * only on evidence).
     */
    readonly prior?: Readonly<Record<string, number>>;
    /** Per side, the scripted policy (its id) the search starts from, instead of the side's default. */
    readonly base?: Readonly<Record<string, string>>;
  };
}

/** What every game shares, however it is played: its sides, scenarios, variants, parameters, policies and outputs. */
export interface GameMeta {
  readonly id: string;
  readonly title: string;
  readonly rulesTitle: string;
  readonly sides: readonly SideDef[];
  readonly scenarios: readonly ScenarioDef[];
  readonly variants: readonly VariantDef[];
  readonly parameters: readonly ParameterDef[];
  readonly policies: readonly PolicyDef[];
  /** Default policy id per side a policy plays (in some scenario). */
  readonly defaultPolicies: Readonly<Record<string, string>>;
  /**
   * Optional: this game's defaults for the generic search players where they differ from the
   * generic ones (core/mcts.ts MCTS_DEFAULTS), each chosen by a shipped experiment the game's docs
   * page names.
   */
  readonly searchDefaults?: SearchDefaults;
  readonly results: readonly ResultDef[];
  readonly victoryLevels: readonly string[];
  readonly endReasons: readonly string[];
  readonly stats: readonly StatDef[];
  /** Hash-relevant content of the game's data files (for manifests). */
  readonly data: unknown;
  /** The board as played under a setup (its cells in the order GameRecord.cells indexes them). */
  board?(setup: GameSetup): BoardDef;
  /**
   * Every cell id that can ever be on the board, whatever the setup (SFO: all 72 hexes, though the
   * default map has 68): what location parameters are checked against. Required when the game has
   * a location or locationList parameter.
   */
  locationIds?(): ReadonlySet<string>;
  /** Exact combat odds, when the game offers them. */
  readonly odds?: OddsProvider;
  /** The readings that move results most, for the verdict's robustness band (none when absent). */
  readonly verdictReadings?: readonly VerdictReading[];
}

/** Where one game's randomness comes from: the run's master seed and the game's index. */
export interface GameSeed {
  readonly masterSeed: number;
  readonly gameIndex: number;
}

/** What every game state carries besides its own fields: its random streams as plain data. */
export interface GameStateBase {
  rng: RngState;
}

/**
 * Per-game scratch that is not part of the state (docs/architecture.md "The game is a state machine"): the streams bound to the state's
 * RngState, the trace sink, the chance mode, and whatever buffers and caches the game keeps (a
 * game extends this). One per state object: `workspace(clone)` for a cloned state. Everything in it
 * can be rebuilt from the state, so a state continued under a fresh workspace plays the same.
 */
export interface Workspace {
  readonly streams: Streams;
  /** When set, the game narrates what happens into it. */
  trace: TraceEvent[] | undefined;
  /** Explicit-chance mode: stop at chance points (ChanceNode) instead of sampling them. */
  explicitChance: boolean;
}

/**
 * A game as an explicit state machine (docs/architecture.md "The game is a state machine"; OpenSpiel's State, Pgx's step): `advance` runs
 * the rules up to the next decision (or chance point, or the end) and leaves it pending in the
 * state; `apply` carries out one answer. One driver in core plays every game this way.
 */
export interface SteppedGame<
  S extends GameStateBase = GameStateBase,
  D extends Decision = Decision,
  W extends Workspace = Workspace,
  V = unknown,
> extends GameMeta {
  readonly contract: 'steps';
  readonly policies: readonly PolicyDef<V, D>[];
  /** Every decision kind the game can pend (the conformance suite checks each pending kind is one). */
  readonly decisionKinds: readonly D['kind'][];
  /** An upper bound on the decisions of one game under a setup (the conformance suite's length check). */
  maxDecisions(setup: GameSetup): number;
  /** The initial state of one game: resolves and checks the setup (UserError on bad input). */
  start(setup: GameSetup, seed: GameSeed): S;
  /**
   * A fresh workspace for `s` (its streams bound to `s.rng`). `reuse`, the workspace of a finished
   * game of the same definition, lends its buffers (every buffer is overwritten before it is read).
   */
  workspace(s: S, reuse?: W): W;
  /**
   * Runs the rules from where `s` stands up to the next decision or chance point, which it leaves
   * pending in the state and returns; null when the game is over. Returns the pending decision at
   * once when one is already pending.
   */
  advance(s: S, ws: W): Pending<D> | null;
  /** Carries out answer `choice` to the pending decision `pending` (checked: it must be the one pending). */
  apply(s: S, ws: W, pending: Pending<D>, choice: number): void;
  /** The record of a finished game. */
  record(s: S): GameRecord;
  /**
   * The value of a position for `side`: the chance that side wins, draws counted 1/2, in [0, 1],
   * built from what the game's victory rules count (VP margins, objectives, towns, losses); at the
   * end of the game, the side's return (core/values.ts `returns`). What a search scores a
   * truncated playout by.
   */
  evaluate(s: S, side: string): number;
  /** What `side` may see of `s` (for games of perfect information, the state itself). */
  view(s: S, side: string): V;
  /** A deep copy sharing nothing mutable with `s` (default: structuredClone). */
  clone?(s: S): S;
  /**
   * Hidden information: a state consistent with what `side` sees of `s`, its hidden parts drawn
   * from `rng`. Games of perfect information leave it out (a search copy is then a clone).
   */
  resample?(s: S, side: string, rng: Rng): S;
  /** Rule violations in a state (stacking, unit accounting...): empty when the state is legal. */
  invariants(s: S): string[];
  /**
   * Optional: the turn and phase `s` stands in (SearchPoint), read from the state at no cost. What
   * a search that plans by turns and phases keys on: core/portfolio.ts re-decides at a side's first
   * decision of a new phase and counts its horizon in turns. A game without it is searched at
   * every decision, its playouts run to the end.
   */
  searchPoint?(s: S): SearchPoint;
}

/** Any registered game, erased: every game is a stepped game (played by core/driver.ts). */
export type GameDefinition = SteppedGame;

/**
 * One game in progress under the stepped contract: the state, its workspace, and the definition.
 * What a UI, a debugger or a search policy holds to step a game (core/match.ts implements it).
 */
export interface Match {
  readonly game: SteppedGame;
  readonly setup: GameSetup;
  readonly state: GameStateBase;
  readonly workspace: Workspace;
  /** Runs the rules to the next decision; null at the end. */
  pending(): Pending | null;
  /** Answers the pending decision (checked). */
  apply(choice: number): void;
  /** An independent copy (state cloned, fresh workspace). */
  clone(): Match;
  /** The record, once `pending()` is null. */
  record(): GameRecord;
}
