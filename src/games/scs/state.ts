/** The plain-data state of one SCS game (docs/architecture.md "State": JSON, no classes); the engine updates it in place. */
import type { RngState } from '../../core/rng.js';
import type { ScsPending } from './decisions.js';
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

/** What a policy sees of a battle being fought (10.1): its hex, kind, round and the German force. */
export interface BattleView {
  hex: number;
  kind: 'defense' | 'relief' | 'breakout';
  round: number;
  mech: number;
  nonMech: number;
  security: number;
  supports: number;
}

/**
 * The work still to do, innermost last (plain data, docs/architecture.md "State"): the loop locals and call stack of
 * the rules (a phase's loop, a force's move, a battle), so that a game can stop at any decision and
 * be cloned, serialised and continued. Mutable fields are progress within the task.
 */
export type ScsTask =
  /** SCS 3.5, 6.3: the player stacks 1E on an army. */
  | { readonly t: 'host'; readonly rule: string }
  /** SCS 7.4: replacement steps, `k` given so far. */
  | { readonly t: 'replace'; k: number }
  /** SCS 7.2: where 4S enters. */
  | { readonly t: 'enter4S' }
  /** SCS 7.3: where the joint-operation marker goes. */
  | { readonly t: 'jointOp' }
  /** SCS 9.1: Phase III, forces activated one at a time until the player ends the phase. */
  | { readonly t: 'forces' }
  /** SCS 9.x: army `a` moves with `mf` left; `fought`: an attack has just ended (its MF left in state.outcome). */
  | { readonly t: 'move'; readonly a: number; mf: number; fought: boolean }
  /**
   * SCS 3.7, 8.x: army `a`, come from `from`, attacks German hex `h` with `mf` left; `stage` 0 the
   * defenders are generated, 1 the battle is over (its result in state.outcome).
   */
  | {
      readonly t: 'attack';
      readonly a: number;
      readonly from: number;
      readonly h: number;
      readonly mf: number;
      stage: 0 | 1;
      pocket: number[];
      threat: boolean;
      relief: boolean;
    }
  /** SCS 10.1: a battle between army `a` and the engaged German counters; `stage` the next step of the round. */
  | {
      readonly t: 'battle';
      readonly kind: 'defense' | 'relief';
      readonly h: number;
      readonly a: number;
      readonly primary: boolean;
      mf: number;
      round: number;
      stage: BattleStage;
      vi: boolean;
      /** DRMs of the round (10.2-10.10): mechanized, non-mechanized, security, Soviet. */
      drm: [number, number, number, number];
    }
  /** SCS 10.14: `hits` German losses to apportion, `k` done. */
  | { readonly t: 'losses'; readonly hits: number; k: number }
  /**
   * Explicit-chance mode: the next step of the turn sequence (state.seq) run as a task, so that its
   * draws can stop at chance points (chance.ts).
   */
  | { readonly t: 'sequence' }
  /** Explicit-chance mode: the front around hex `h` re-marked after the joint-operation marker converts it (7.3, 3.7). */
  | { readonly t: 'jointOpFront'; readonly h: number };

/** The steps of one battle round (10.1): VI IC commitment, the six fire steps, the end of the round. */
export type BattleStage = 'round' | 'primary' | 'mech' | 'nonmech' | 'soviet' | 'security' | 'vi' | 'end';

export interface ScsState {
  readonly cfg: Cfg;
  /** The game's random streams (docs/architecture.md "State"). */
  rng: RngState;
  turn: number;
  phase: string;
  /** The next step of the turn sequence (turn.ts). */
  seq: number;
  /** The tasks under way, innermost last. */
  stack: ScsTask[];
  /** The decision (or chance point) the game is waiting on, or null while the rules run. */
  pending: ScsPending | null;
  /** Decisions that pended so far (core/kernel.ts counts them; forced moves are not counted). */
  decisions: number;
  /**
   * Explicit-chance mode: the outcomes of the draws of the rules step under way known so far (the
   * step runs again on them, chance.ts); empty otherwise.
   */
  drawn: number[];
  /** Army index of the force moving now, or -1 (what a policy sees, 9.1). */
  active: number;
  /** MF the active force had at its last step decision (9.7). */
  mf: number;
  /** The battle being fought, if any. */
  battle: BattleView | null;
  /** What the last battle or attack ended with: won, and the MF left (-1: the move is over). */
  outcome: { won: boolean; mf: number };
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

/** A deep copy sharing only the resolved configuration, which play never changes (key order kept for JSON equality). */
export function cloneScs(s: ScsState): ScsState {
  const c = structuredClone({ ...s, cfg: null }) as unknown as { cfg: ScsState['cfg'] };
  c.cfg = s.cfg;
  return c as unknown as ScsState;
}
