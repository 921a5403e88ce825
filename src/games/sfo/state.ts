/**
 * The plain-data state of one SFO game (DESIGN §3): JSON only, updated in place during a game.
 * Hexes are dense indices of the state's map (`mapOf(state)`); -1 means off the map.
 */
import type { CombatResult, CrtId, Level } from './crt.js';
import type { HexCount } from './map.js';

export type Side = 'soviet' | 'us';
export const SIDES: readonly Side[] = ['soviet', 'us'];

/**
 * map: on the board; reserve: West German V waiting for its trigger (SFO 7);
 * arriving: off-map, may enter in its side's movement phase (SFO 8.4); eliminated (SFO 9.1).
 */
export type UnitStatus = 'map' | 'reserve' | 'arriving' | 'eliminated';

export interface SfoUnit {
  readonly id: string;
  readonly label: string;
  readonly side: Side;
  readonly offence: number;
  readonly defence: number;
  readonly movement: number;
  hex: number;
  status: UnitStatus;
  /** Moved (or entered) in the current movement phase. */
  moved: boolean;
  /** Attacked in the current combat phase (SFO 9: a unit attacks at most one hex per turn). */
  attacked: boolean;
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

/** The rules in force for one game: the scenario level, the variants and the parameters, resolved. */
export interface SfoRules {
  readonly level: Level;
  readonly crt: CrtId;
  /** elim-all: AE/DE eliminate every participating unit (rules text); elim-one: one unit and the rest retreat (chart legend). */
  readonly elimination: 'all' | 'one';
  readonly oneAttackPerHex: boolean;
  /** Variant zoc-strict: a unit starting in enemy ZOC may not enter any enemy ZOC during that move. */
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

export interface SfoStats {
  battles: number;
  res_ae: number;
  res_ar: number;
  res_ne: number;
  res_dr: number;
  res_de: number;
  res_ex: number;
  soviet_units_lost: number;
  us_units_lost: number;
  soviet_replacements: number;
  v_arrival_turn: number;
}

export interface SfoState {
  readonly rules: SfoRules;
  readonly mapKey: string;
  turn: number;
  phase: Phase;
  units: SfoUnit[];
  /** Defender hexes attacked in the current combat phase (for the one-attack-per-hex variant). */
  attackedHexes: number[];
  /** SFO 7: the Soviet replacement has been taken (once per game). */
  replacementUsed: boolean;
  stats: SfoStats;
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
