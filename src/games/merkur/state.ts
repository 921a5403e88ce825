/**
 * The plain-data state of one Merkur game (docs/architecture.md "State"): JSON only, updated in place. Zones are
 * indices of MAP (map.ts); -1 means off the map. Side 0 is the German, side 1 the Commonwealth.
 */
import type { RngState } from '../../core/rng.js';
import type { BombardSpec } from './bombard.js';
import type { CombatTaskSpec, Values } from './combat.js';
import type { MerkurPending } from './decisions.js';
import type { LossOp } from './losses.js';
import type { MerkurCounters } from './record.js';

export type Side = 'german' | 'commonwealth';
export const SIDE_IDS: readonly Side[] = ['german', 'commonwealth'];
export const GER = 0;
export const CW = 1;

export type UnitType = 'em' | 'para' | 'mountain' | 'battery' | 'infantry' | 'tank' | 'aa';
/** pool: not yet arrived; map; elim: eliminated; retired: 9.0; lost: sunk at sea (5.4). */
export type UnitStatus = 'pool' | 'map' | 'elim' | 'retired' | 'lost';

export interface MUnit {
  readonly id: string;
  readonly side: 0 | 1;
  readonly type: UnitType;
  readonly a: number;
  readonly d: number;
  readonly m: number;
  /** 2.5: artillery value of an EM or battery (0 for divisional EMs: computed). */
  readonly art: number;
  /** 8.0: AA points. */
  readonly aa: number;
  /** German regiment or CW brigade (7.1 three-battalion bonus, 2.5 command). */
  readonly group: string | null;
  /** EM: the regiment or brigade it commands (2.5); battery: 'Ringel'. */
  readonly cmd: string | null;
  readonly divisional: boolean;
  /** 8.0 Note: CW EMs other than Freyberg and Vasey never move. */
  readonly fixed: boolean;
  /** 3.2: arrives by glider. */
  glider: boolean;
  readonly maori: boolean;
  /** Historical (data) zone of a CW unit; -1 for Germans. */
  readonly home: number;
  zone: number;
  status: UnitStatus;
  reduced: boolean;
  /** 3.2: dispersion marker, placed on the turn `dispersedTurn`. */
  dispersed: boolean;
  dispersedTurn: number;
  /** 3.2: artillery-fire marker. */
  fired: boolean;
  /** 4.0: acted (moved or fought) this turn. */
  acted: boolean;
  /** 7.1 Note variant support-once-per-turn. */
  supported: boolean;
}

export interface AirUnit {
  readonly id: string;
  readonly bomb: number;
  reduced: boolean;
  lost: boolean;
  /** 8.0: the day (1..8) it last flew. */
  flownDay: number;
}

/** The rules in force: scenario, variants and parameters resolved once at start (resolve.ts). */
export interface MerkurRules {
  readonly solitaire: boolean;
  readonly v: Readonly<Record<string, boolean>>;
  readonly airLandingPerTurn: number;
  readonly convoyB2Turn: number;
  readonly reducedRule: 'half-up' | 'half-down' | 'minus-2';
  readonly townSecondaire: number;
  readonly townPrincipale: number;
  readonly rethymnonGarrison: number;
  readonly preinvasionStrength: number;
  readonly dropZones: readonly number[];
  readonly soloInitiative: 'never' | 'simple';
  /** docs/games/merkur.md "Solitaire" (M-63): the residual solitaire choices by the fixed rules or at random. */
  readonly soloResidual: 'fixed' | 'random';
}

/** One step of the engine's work list (the state machine's task stack). */
export type Task =
  | { t: 'drop'; units: number[]; i: number; zones: number[] }
  /**
   * 5.2: landing tests of `units` (test `i` next), then combat on landing (the next from unit `k`);
   * `test`: unit i's failed test waits for the initiative question ('ask'), or its re-roll ('retest').
   */
  | {
      t: 'landing';
      units: number[];
      zones: number[];
      i: number;
      rerolled: boolean;
      k?: number;
      test?: 'ask' | 'retest';
    }
  /** 5.3: the glider test of unit `unit`, just landed in plaine zone `zone` away from an airfield. */
  | { t: 'nonfield-test'; unit: number; zone: number }
  | { t: 'solo-place'; zones: number[] }
  /** 12.0 (M-58): the draw of the 5 EMs to the maps; `picks` the shuffle's draws so far. */
  | { t: 'solo-draw'; picks: number[] }
  /**
   * 12.0 (M-61): the placement procedure of one map (solitaire.ts `soloMapStep`): `stage` 0 the
   * priority zones, 1 the repeated draws (`pass`, `placed` this pass), 2 the overflow (V-SOLOOVERFLOW),
   * 3 done; `zi` the zone next in the stage's list; `n` units to draw into it (-1: its die not yet
   * rolled), `k` drawn so far.
   */
  | {
      t: 'solo-map';
      map: string;
      drops: number[];
      stage: number;
      zi: number;
      pass: number;
      placed: number;
      n: number;
      k: number;
    }
  /** 12.0, 12.1: after the maps `maps` are placed, the forts (`picks`: the random draws of forts 5 and 6) and 8.4. */
  | { t: 'solo-after'; maps: string[]; picks: number[] }
  | { t: 'gliders' }
  | { t: 'cw-setup'; i: number }
  | { t: 'air-pick'; zone: number; left: number; nonfield: boolean }
  | { t: 'air-landing'; used: number[]; nonfield: boolean }
  | { t: 'sea-landing'; units: number[] }
  | { t: 'air-missions'; i: number; planned: number[] }
  | { t: 'activations'; side: 0 | 1 }
  /**
   * 4.0 (`activate-all`): `side` activates, in map order, every zone not yet activated this turn
   * (the CW: every one open to a combat activation, in combat mode).
   */
  | { t: 'activate-rest'; side: 0 | 1 }
  | {
      t: 'orders';
      side: 0 | 1;
      zone: number;
      mode: 'all' | 'move' | 'combat';
      units: number[];
      i: number;
      orders: Order[];
      forced: number[];
    }
  | { t: 'cw-roll'; rolled: number }
  | { t: 'forts'; placed: number }
  | { t: 'preinvasion'; zones: number[]; i: number }
  | { t: 'regroup'; units: number[] }
  | { t: 'rn-reroll'; die: number }
  /** 5.4 (M-31): B1's RN test die (`again`: re-rolled with the initiative, the result stands). */
  | { t: 'rn-test'; again: boolean }
  /**
   * 5.4: an interception: its die (`k` -1 until rolled) says how many B1 units of `left` are lost
   * (`n` lost so far), the rest turning back on 4-6.
   */
  | { t: 'rn-intercept'; k: number; n: number; left: number[] }
  | { t: 'maori' }
  /**
   * 7.0-7.4 with 3.1 a: a combat whose dice a side may have re-rolled with the initiative (both
   * sides re-roll); `rerolled`: that happened, or the defender was asked (the second result stands).
   * `stage`: 0 its lead units and supporters are named, 1 the attacker's 2d6 (`x`) is rolled, 2 the
   * defender's (`y`), 3 the attacker may re-roll, 4 the defender may (combat.ts `combatStep`).
   */
  | {
      t: 'combat';
      spec: CombatTaskSpec;
      vals: Values | null;
      x: number;
      y: number;
      rerolled: boolean;
      stage: number;
    }
  /** 7.4, 3.2, 6.1: the losses of a combat of an activation still to be carried out, first op first. */
  | { t: 'losses'; ops: LossOp[]; regroup: boolean }
  /**
   * 8.0-8.3: bombardments still to be resolved, first first; `target`: the one named for the first
   * (C9); `d`, `dice`: its defence before the dice, and its dice so far (attacker's 2d6, defender's,
   * the collateral victim's index), once taken.
   */
  | { t: 'bombards'; list: Bombard[]; target: number | null; regroup: boolean; d?: number; dice?: number[] }
  /** 7.3: an activation's combats, drawn up once its bombardments are resolved. */
  | { t: 'order-combats'; side: 0 | 1; zone: number; orders: Order[]; forced: number[] }
  /** 5.4 (V rn-german, rn-cw): `k` B1 units of `left` still to be lost; then the rest turn back if `turnBack`. */
  | { t: 'rn-losses'; left: number[]; k: number; turnBack: boolean };

/** A bombardment still to come: resolved values, or an EM or battery's order (its value taken when it fires). */
export type Bombard = BombardSpec | { u: number; to: number };

/** A unit's order in an activated zone (4.0 a-d). */
export type Order =
  | { u: number; o: 'stay' }
  | { u: number; o: 'move'; to: number }
  | { u: number; o: 'fire'; to: number }
  | { u: number; o: 'assault' }
  | { u: number; o: 'bombard'; to: number };

export interface MerkurState {
  rng: RngState;
  rules: MerkurRules;
  turn: number;
  phase: string;
  /** Position in the turn's phase list (turn-sequence.ts). */
  seq: number;
  units: MUnit[];
  air: AirUnit[];
  /** Per zone: fort marker (3.2). */
  fort: number[];
  /** Per objective zone: 0 German, 1 CW, -1 nobody (3.2 control markers). */
  control: number[];
  /** Per zone: sole occupant side at the start of the turn, -1 none (control-full-turn). */
  soleAtStart: number[];
  /** 3.1: who holds the initiative marker, and whether it was used this player-turn. */
  initiative: 0 | 1;
  initiativeUsed: boolean;
  /** Per zone: activated this player-turn (4.0). */
  activated: number[];
  /** 4.0: CW movement activations left this turn. */
  cwMoves: number;
  /** Air units declared on German support this turn (V air-support-sortie). */
  airSupport: number;
  /** Next index into the air-landing queue (5.3). */
  airQueue: number;
  airQueueIds: number[];
  /** 5.4 convoy B1: units, fate 0 passed, 1 intercepted, 2 destroyed, 3 undecided; landing turn. */
  b1: { units: number[]; fate: number; landTurn: number; delays: number; landed: boolean; back: number[] };
  b2Landed: boolean;
  /** 5.4 (M-30): units debarked onto an enemy-held beach this turn, who must attack it at the end of the German turn. */
  beachAssaults: { zone: number; units: number[] }[];
  /** 9.0: para units eliminated and not yet regrouped or retired. */
  paraLosses: number[];
  /** 12.0 solitaire: maps still to be placed on turn 2, and the containers per map. */
  solo: { laterMaps: string[]; containers: Record<string, number[]>; emMap: Record<string, string> };
  stack: Task[];
  pending: MerkurPending | null;
  over: boolean;
  decisions: number;
  stats: MerkurCounters;
  /** Zones where an assault took place (heat), and the first German-control turn per airfield. */
  airfieldFirst: number[];
  /** 4.0 footnote 1: the turn the Luftwaffe zone was last activated (V air-declare-at-activation). */
  luftwaffeTurn: number;
  /** 4.0: CW movement activations of turns 1-5, summed. */
  cwMovesT15: number;
  /** 5.3: turn of the first air-landing, -1 none yet. */
  firstAirLanding: number;
  /** 5.4: end-of-turn on which B1 is (re-)tested, 0 none. */
  rnTestTurn: number;
}

export function sideOf(s: 0 | 1): Side {
  return SIDE_IDS[s]!;
}

export function isDay(turn: number): boolean {
  return turn % 3 !== 0;
}

export function dayOf(turn: number): number {
  return Math.floor((turn - 1) / 3) + 1;
}
