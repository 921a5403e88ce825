import type { BoardDef } from './board.js';
import type { GameStreams, Rng } from './rng.js';

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
}

/** A point where a side chooses: the engine lists the legal options, a policy picks one by index. */
export interface Decision<O = unknown> {
  readonly kind: string;
  readonly side: string;
  readonly rule: string;
  readonly options: readonly O[];
}

/** choose(view, decision, rng) -> index of a legal option. The engine checks the answer. */
export interface Policy<V = unknown, O = unknown> {
  readonly id: string;
  choose(view: V, decision: Decision<O>, rng: Rng): number;
}

export interface PolicyDef<V = unknown, O = unknown> {
  readonly id: string;
  readonly side: string;
  readonly description: string;
  create(): Policy<V, O>;
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

export interface PlayContext<S> {
  readonly streams: GameStreams;
  readonly policies: Readonly<Record<string, Policy>>;
  /** When given, the engine narrates the game into it. */
  readonly trace?: TraceEvent[];
  /** Conformance hook: called with the state after every step of the engine. */
  readonly onStep?: (state: S) => void;
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

/** A game's exact chance calculator: the same definitions the simulator samples (DESIGN §3). */
export interface OddsProvider {
  readonly description: string;
  readonly options: readonly OddsOption[];
  /** Exact distributions for the situation the options describe; throws UserError on bad options. */
  compute(options: Readonly<Record<string, string | true>>): OddsTable[];
}

/** A game as data plus functions: start a game, play it to the end, check its invariants. */
export interface GameDefinition<S = unknown> {
  readonly id: string;
  readonly title: string;
  readonly rulesTitle: string;
  readonly sides: readonly SideDef[];
  readonly scenarios: readonly ScenarioDef[];
  readonly variants: readonly VariantDef[];
  readonly parameters: readonly ParameterDef[];
  readonly policies: readonly PolicyDef[];
  /** Default policy id per side. */
  readonly defaultPolicies: Readonly<Record<string, string>>;
  readonly results: readonly ResultDef[];
  readonly victoryLevels: readonly string[];
  readonly endReasons: readonly string[];
  readonly stats: readonly StatDef[];
  /** Hash-relevant content of the game's data files (for manifests). */
  readonly data: unknown;
  /** The initial plain-data state of one game. */
  start(setup: GameSetup, streams: GameStreams): S;
  /** Plays the game to its end and returns its record. */
  play(state: S, ctx: PlayContext<S>): GameRecord;
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
  /** Rule violations in a state (stacking, unit accounting...): empty when the state is legal. */
  invariants(state: S): string[];
}
