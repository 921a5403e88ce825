/**
 * The plain-data state of one SFO game (docs/architecture.md "State"): JSON only, updated in place during a game.
 * Hexes are dense indices of the state's map (`mapOf(state)`); -1 means off the map.
 */
import type { RngState } from '../../core/rng.js';
import type { Battle } from './combat.js';
import type { CombatResult, CrtId, Level } from './crt.js';
import type { SfoPending } from './decisions.js';
import type { HexCount } from './map.js';
import type { SfoCounters } from './record.js';

export type Side = 'soviet' | 'us';
export const SIDES: readonly Side[] = ['soviet', 'us'];

/**
 * map: on the board; reserve: West German V waiting for its trigger (SFO 7);
 * arriving: off-map, may enter in its side's movement phase (SFO 8.4); eliminated (SFO 9.1).
 */
export type UnitStatus = 'map' | 'reserve' | 'arriving' | 'eliminated';

/** SFO 3.2 Expert unit types; every Basic/Advanced unit is infantry (the West German V is a pioneer). */
export type UnitType = 'infantry' | 'tank' | 'pioneer';

/** SFO 7.1 Expert support chits: Air (+2), Artillery (+1), Spetsnaz (lower of two dice). */
export type SupportKind = 'air' | 'artillery' | 'spetsnaz';

/**
 * SFO 7.1 random event kinds as drawn: a cell of the faction's table ("planned" = As planned,
 * "friction" = Enemy SNAFU (Soviet) / Command problems (US), "reinforce:<unit id>").
 */
export type EventCell =
  | 'planned'
  | 'air'
  | 'artillery'
  | 'spetsnaz'
  | 'friction'
  | 'replacement'
  | `reinforce:${string}`;

export interface SfoUnit {
  readonly id: string;
  readonly label: string;
  readonly side: Side;
  readonly offence: number;
  readonly defence: number;
  readonly movement: number;
  readonly type: UnitType;
  hex: number;
  status: UnitStatus;
  /** Moved (or entered) in the current movement phase. */
  moved: boolean;
  /** Attacked in the current combat phase (SFO 9: a unit attacks at most one hex per turn). */
  attacked: boolean;
  /**
   * Expert: flipped to its 0-1-0 back side by enemy SNAFU / command problems or by moving at night
   * (SFO 7.1, 8): no move, no attack; restored at the end of its owner's combat phase (SFO 9.4).
   */
  disrupted: boolean;
}

export type Phase =
  | 'setup'
  | 'soviet-events'
  | 'soviet-movement'
  | 'soviet-combat'
  | 'us-events'
  | 'us-movement'
  | 'us-combat'
  | 'end';

/** Expert rules in force (SFO 7.1, 10, 11-13 and the optional rules); null at Basic and Advanced. */
export interface ExpertRules {
  readonly scenario: 'standard' | 'engagement' | 'counter-offensive';
  /** Faction that plays first each turn (US in the Counter Offensive, SFO 13). */
  readonly first: Side;
  /** SFO 10: 'towns' = Soviets need two towns (Standard); 'vp' = most victory points wins. */
  readonly victory: 'towns' | 'vp';
  /** unit id -> hex at set-up (null: the general set-up of SFO 4). */
  readonly setup: Readonly<Record<string, string>> | null;
  /** unit id -> turn of arrival (SFO 12, 13). */
  readonly schedule: Readonly<Record<string, number>>;
  /** The 12 cells of each faction's random events table (left column rows 1-6, then right). */
  readonly tables: { readonly soviet: readonly EventCell[]; readonly us: readonly EventCell[] };
  /** Variant events-bag: chits drawn from a bag (spent reinforcements removed) instead of two dice. */
  readonly bag: boolean;
  /** Events rolled per turn and chosen from: Guards (Soviet) / Hardened NATO (US) give 2. */
  readonly eventRolls: { readonly soviet: number; readonly us: number };
  readonly replacementLimit: { readonly soviet: number; readonly us: number };
  /** Optional Night: this turn units may move or attack, not both (0 = off). */
  readonly nightTurn: number;
  /** Optional Armour in the open: infiltration, breakthrough, exploitation. */
  readonly armourInOpen: boolean;
  readonly support: { readonly air: number; readonly artillery: number };
  /** Factors of the West German V pioneer (parameter pioneer-factors). */
  readonly pioneer: { readonly offence: number; readonly defence: number };
  /** Back side of a disrupted unit (reconstructed 0-1-0): its defence. */
  readonly disruptedDefence: number;
  readonly vp: {
    readonly esselben: number;
    readonly forests: readonly string[];
    readonly forest: number;
    readonly infantry: number;
    readonly tankOrPioneer: number;
    readonly marginal: number;
    readonly decisive: number;
  };
}

/** The rules in force for one game: the scenario level, the variants and the parameters, resolved. */
export interface SfoRules {
  readonly level: Level;
  readonly expert: ExpertRules | null;
  readonly crt: CrtId;
  /** elim-all: AE/DE eliminate every participating unit (rules text); elim-one: one unit and the rest retreat (chart legend). */
  readonly elimination: 'all' | 'one';
  readonly oneAttackPerHex: boolean;
  /** SFO 8.3 (variant zoc-strict, the default): a unit starting in enemy ZOC may not enter any enemy ZOC during that move; zoc-direct-step: only the direct step is barred. */
  readonly zocStrict: boolean;
  readonly hexCount: HexCount;
  readonly forests: readonly string[];
  readonly usSetup: readonly string[];
  /** SFO 8.2: 1 in Basic, 2 in Advanced. */
  readonly stackLimit: number;
  /** SFO 3.1: forest may be entered (for 2 MP) in Advanced only. */
  readonly forestAllowed: boolean;
  readonly turns: number;
}

/** Expert play state: the support chit a faction holds or has placed this turn (SFO 7.1). */
export interface ExpertState {
  /** Drawn this turn, to be placed during movement. */
  held: SupportKind | null;
  /** Placed on the defender hex `hex`; applies to the first battle against it, lost at the end of combat. */
  placed: { kind: SupportKind; hex: number } | null;
}

/**
 * The work still to do in the current phase, innermost last (a stack of plain-data tasks): what
 * were the loop locals and the call stack of a phase, so that a game can stop at any decision and
 * be cloned, serialised and continued (docs/architecture.md "State"). Mutable fields are progress within the task.
 */
export type SfoTask =
  /**
   * SFO 7: a side's events phase; `stage` 0 start, 1 the Guards / Hardened NATO choice is pending,
   * 2 carry out `cell`; explicit-chance mode: 3 the random event is being drawn, 4 the second one
   * (`first` the index of the first drawn, -1 before).
   */
  | {
      readonly t: 'events';
      readonly side: Side;
      stage: 0 | 1 | 2 | 3 | 4;
      cell: EventCell;
      other: EventCell;
      first: number;
    }
  /** SFO 8: a side moves units one at a time until it ends the phase. */
  | { readonly t: 'movement'; readonly side: Side }
  /** SFO 7.1: at the end of movement the side places its support chit or loses it. */
  | { readonly t: 'support'; readonly side: Side }
  /** SFO 9: a side fights battles one at a time until it ends the phase. */
  | { readonly t: 'combat'; readonly side: Side }
  /** SFO 9: the combat die of a chosen battle (a chance point). */
  | { readonly t: 'roll'; readonly battle: Battle }
  /** SFO 9.2: `units` retreat one at a time from index `i`; `two`: a breakthrough's second hex follows (SFO 9.2 optional). */
  | { readonly t: 'retreat'; readonly units: readonly number[]; i: number; two: boolean }
  /** SFO 9.1 (elim-one, Expert EX): the owner eliminates one of `units`; `then` what the rest do. */
  | {
      readonly t: 'eliminate-one';
      readonly units: readonly number[];
      readonly then: 'retreat' | 'stay';
      readonly two: boolean;
    }
  /** SFO 9.3: one attacker of `battle` may advance into the vacated hex (not `except`); `exploit`: armour in the open. */
  | {
      readonly t: 'advance';
      readonly battle: Battle;
      readonly side: Side;
      readonly exploit: boolean;
      readonly except: number;
    }
  /** SFO 9.3 optional: the tank that advanced may go one hex further. */
  | { readonly t: 'exploit'; readonly battle: Battle; readonly side: Side; readonly tank: number };

export interface SfoState {
  readonly rules: SfoRules;
  readonly mapKey: string;
  /** The game's random streams (docs/architecture.md "State"). */
  rng: RngState;
  turn: number;
  phase: Phase;
  /** The next phase of the turn to start, 0-5 (first side's events, movement, combat, then the second side's). */
  seq: number;
  /** The tasks of the current phase, innermost last. */
  stack: SfoTask[];
  /** The decision (or chance point) the game is waiting on, or null while the rules run. */
  pending: SfoPending | null;
  /** The last turn has been played and recorded (SFO 10). */
  over: boolean;
  units: SfoUnit[];
  /** Defender hexes attacked in the current combat phase (for the one-attack-per-hex variant). */
  attackedHexes: number[];
  /** Defender hexes of every battle this game, each once (the report's heatmap). */
  fought: number[];
  /** SFO 7: the Soviet replacement has been taken (once per game). */
  replacementUsed: boolean;
  stats: SfoCounters;
  /** Expert only (null at Basic and Advanced). */
  expert: ExpertState | null;
  decisions: number;
  lastResult: CombatResult | null;
}

export function enemyOf(side: Side): Side {
  return side === 'soviet' ? 'us' : 'soviet';
}

/** Number of units of `side` on hex `h`. */
export function countAt(state: SfoState, h: number, side: Side): number {
  let n = 0;
  for (const u of state.units) if (u.hex === h && u.side === side && u.status === 'map') n++;
  return n;
}

/** Indices of the units on hex `h`. */
export function unitsAt(state: SfoState, h: number): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.hex === h && u.status === 'map') out.push(i);
  });
  return out;
}

/** Per-hex count of units of `side` on the map (fresh array of the map's size). */
export function occupancy(state: SfoState, side: Side, size: number): Uint8Array {
  const occ = new Uint8Array(size);
  for (const u of state.units) if (u.side === side && u.status === 'map') occ[u.hex]! += 1;
  return occ;
}

export function unitIndex(state: SfoState, id: string): number {
  const i = state.units.findIndex((u) => u.id === id);
  if (i < 0) throw new Error(`no unit ${id}`);
  return i;
}
