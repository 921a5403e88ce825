/** The plain-data state of one SCS game (DESIGN §3: JSON, no classes); the engine updates it in place. */
import type { Cfg } from './parameters.js';

/** German counter types (2.8, 8.2). Types 3-7 are support markers (10.5-10.10). */
export const MECH = 0;
export const NONMECH = 1;
export const SECURITY = 2;
export const GUDERIAN = 3;
export const VIII_FK = 4;
export const OPS_EC = 5;
export const ROTKOPF = 6;
export const RAID = 7;
export const COUNTER_NAMES = [
  'mech',
  'non-mech',
  'security',
  'Guderian',
  'VIII Fliegerkorps',
  'Ops E&C',
  'Rotkopf',
  'Soviet Raid',
];

export const isCombatUnit = (type: number): boolean => type <= SECURITY;

export const GERMAN = 0;
export const SOVIET = 1;

export interface Army {
  readonly id: string;
  readonly type: 'shock' | 'combined' | 'engineer';
  readonly full: number;
  /** Current steps = CDR (2.7); 0 = dead pile (7.4: never returns). */
  steps: number;
  /** Hex index; -1 dead, -2 on the turn track (4S before it enters), -3 1E (with its host), -4 never entered (variant 4s-lost). */
  hex: number;
  /** 9.8: this force has moved (Stop marker) this turn. */
  moved: boolean;
  /** 10.1 step 1: a shock army has made its first attack this turn. */
  attacked: boolean;
}

export interface Stats {
  pocketsThreatened: number;
  reliefBattles: number;
  reliefSovietWins: number;
  reliefGermanWins: number;
  breakouts: number;
  breakoutGermanWins: number;
  germanPocketed: number;
  hexesTaken: number;
  sovietStepsLost: number;
  germanEliminated: number;
  minPool: number;
  battles: number;
  battlesWon: number;
  markerOnlyFalls: number;
  armiesDestroyed: number;
  kLineAtT3: number;
  /** Soviet-controlled hexes at the end of each turn (index = turn; -1 when not reached). */
  hexesByTurn: number[];
}

export interface ScsState {
  readonly cfg: Cfg;
  turn: number;
  phase: string;
  /** Per hex: GERMAN or SOVIET (3.8: switches once, German to Soviet). */
  control: number[];
  /** Per hex: the face-down front marker (counter id) or -1 (3.4, 3.7). */
  marker: number[];
  /** Per hex: German units that held against an attack this phase (8.9), until Phase IV. */
  held: number[][];
  /** German counter types, by counter id. */
  readonly gType: number[];
  /** The force pool (3.3): counter ids, drawn blind. */
  pool: number[];
  /** Turn Track boxes (index = turn): reinforcements, regrouping units, used support markers (7.5, 7.6). */
  track: number[][];
  /** Counters engaged in the battle being fought (defenders, relief or breakout force). */
  engaged: number[];
  /** 8.8: pocketed units set aside until next Phase I. */
  aside: number[];
  /** Permanently out of play (Guderian from turn 3, 10.7). */
  removed: number[];
  /** Soviet armies; the last one is 1E. */
  armies: Army[];
  /** Index of 1E's host army (6.3), -1 when 1E is dead. */
  host: number;
  /** VI Interceptor Corps available this turn (10.11). */
  viReady: boolean;
  /** The Partisan/Airborne/Cavalry marker (7.3): -2 on the track, hex while placed, -1 removed. */
  pac: number;
  /** Soviet steps taken as replacements (7.4) and lost in combat, for step accounting. */
  stepsReplaced: number;
  stepsLost: number;
  result: string;
  endReason: string;
  stats: Stats;
  /** Pocket threats, in order: [turn, size, relief won by Soviets 0/1, breakout won by Germans 0/1]. */
  pocketLog: number[][];
}
