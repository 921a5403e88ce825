/**
 * The state of one Crete game: plain data (structuredClone-able) holding everything, including
 * the rules in force, the German secret allocation (K6.1, hidden from the British view) and the
 * pending decision. Units are one array; `loc` is a square index or one of the codes below.
 */
import type { GameStateBase } from '../../core/game.js';
import type { CretePending } from './decisions.js';
import type { CreteCounters } from './record.js';

export type Side = 'german' | 'british';
export type UnitKind = 'para' | 'mtn' | 'air' | 'allied';
export type Table = 'all-out' | 'limited';

/** Not yet on the map: para not dropped, mountain not landed, Allied not set up, air unit idle. */
export const POOL = -1;
export const DEAD = -2;
/** Between boards (x-retreat-transits): enters at `to` in its side's next movement segment (K14). */
export const TRANSIT = -3;
/** A scattered para over an enemy square, fighting its forced attack (K15.5). */
export const LIMBO = -4;

export interface CreteUnit {
  readonly name: string;
  readonly side: Side;
  readonly kind: UnitKind;
  readonly cf: number;
  readonly mf: number;
  /** 0 Sturm, 1 FJR (paras), 0 GJR, 1 divisional (mountain); 0 otherwise. */
  readonly group: number;
  loc: number;
  /** Turn it dropped or landed (K15.6, K17), 0 if never. */
  landed: number;
  /** Turn it reached an X square (K14 Step 1), 0 otherwise (on an X square: set up there, before turn 1). */
  xTurn: number;
  /** TRANSIT: the square it enters on; LIMBO: the enemy square under it. */
  to: number;
}

/** Parameters of the German policies' plan (secret: the British never see them). */
export interface GermanPlan {
  readonly allocation: readonly [number, number, number];
  readonly concentrationBoard: number;
}

/** The rules in force: scenario, variants and parameters resolved once (resolve.ts). */
export interface CreteRules {
  readonly turns: number;
  readonly stack: number;
  readonly minDrops: number;
  readonly mtnPerAirfield: number;
  readonly retreatLength: number;
  readonly townCost: number;
  readonly roughCost: number;
  readonly crtSet: 'recon' | 'bloody' | 'soft';
  readonly paraLossThreshold: number;
  readonly marginMarginal: number;
  readonly marginSubstantive: number;
  readonly drownedScores: boolean;
  readonly sudaSquares: readonly number[];
  readonly victory: string;
  readonly tie: string;
  readonly crt: string;
  readonly odds: string;
  readonly multi: string;
  readonly ex: string;
  readonly ca: string;
  readonly retreatPriority: string;
  readonly zoc: string;
  readonly road: string;
  readonly sea: string;
  readonly over: string;
  readonly scatterAttack: string;
  readonly scatterFail: string;
  readonly declare: string;
  readonly landedCa: string;
  readonly landedStack: string;
  readonly capture: string;
  readonly mtnCap: string;
  readonly exitOff: string;
}

/** A battle in progress (K10): attacking units (air included), their squares, the defending square. */
export interface Battle {
  readonly side: Side;
  readonly attackers: number[];
  readonly squares: number[];
  readonly def: number;
  readonly defenders: number[];
  readonly table: Table;
  /** Counter-attacks deep (K10.13): 0 for an ordinary battle. */
  readonly depth: number;
  /** A scattered para's forced attack (K15.5). */
  readonly scatter: boolean;
  column: number;
}

export type CreteTask =
  | { t: 'allocate'; i: number }
  | { t: 'setup'; i: number }
  | { t: 'drops'; stage: 'choose' | 'declare' | 'roll'; i: number; order: number[] }
  | { t: 'scatter'; u: number; intended: number; die: number; stage: 'test' | 'direction' }
  | { t: 'overstack'; u: number; from: number }
  | { t: 'scatter-attacks' }
  /** K17 landings; `landed`: the units this wave put down (mtn-stack-only moves them next). */
  | { t: 'mountain'; i: number; wave: number; landed: number[] }
  /**
   * K8 movement of `side`'s units, in the order the side picks them; `only`: just these units (a
   * later landing wave). `i`: one past the unit picked last (the next pick lists the units from there
   * on first, then the earlier ones); `u`: the unit picked, whose square is asked next (-1 none);
   * `done`: the units picked in this segment (each moves at most once, K8).
   */
  | { t: 'move'; side: Side; i: number; u: number; done: number[]; only?: number[] }
  | { t: 'air'; i: number }
  | { t: 'combat'; side: Side }
  | { t: 'roll'; battle: Battle }
  | { t: 'ca'; battle: Battle }
  | { t: 'ex'; battle: Battle; need: number }
  | { t: 'retreat'; units: number[]; away: number[]; step: number; i: number }
  | { t: 'after-scatter'; battle: Battle };

export interface CreteState extends GameStateBase {
  readonly rules: CreteRules;
  turn: number;
  /** 'pregame', then per turn 'german-move' ... 'british-combat', 'end'. */
  phase: string;
  /** Step of the turn sequence the stack works on (K7: 0 drops ... 6 british combat). */
  seq: number;
  stack: CreteTask[];
  pending: CretePending | null;
  over: boolean;
  units: CreteUnit[];
  /**
   * What only the German knows (null in the British view): K6.1 the secret allocation per para
   * (board 0..2, -1 held back), and the German plan's parameters (t1-drops-*, concentration-board).
   */
  secret: { alloc: number[]; plan: GermanPlan } | null;
  /** Squares that fought this combat segment (V-MULTI multi-square: each square fights once). */
  fought: number[];
  /** Per airfield: had British units on it at some time, or Germans entered it (V-CAPTURE airfield-cleared). */
  airfieldContested: number[];
  /** Per airfield: first turn with no British unit on it, 0 if never (statistics). */
  airfieldOpen: number[];
  /** CF destroyed, scored for each side (K3). */
  points: { german: number; british: number };
  /** CF of paras drowned by a scatter that the British did not score (V-SEA, drowned-scores no). */
  drownedCf: number;
  stats: CreteCounters;
  decisions: number;
}
