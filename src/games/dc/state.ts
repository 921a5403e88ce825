/**
 * The plain-data state of one Dark Crusade game (docs/architecture.md "State"): JSON only, updated in place. Points and
 * lines are indices of the rules' map (`mapOf(state)`); sides are 0 (Axis) and 1 (Soviet).
 */
import type { RngState } from '../../core/rng.js';
import type { DcPending } from './decisions.js';
import type { DcCounters } from './record.js';
import type { DcRules } from './resolve.js';
import type { SiberiaState } from './siberia.js';

export type SideIx = 0 | 1;
export const SIDE_IDS = ['axis', 'soviet'] as const;
export type SideId = (typeof SIDE_IDS)[number];

/**
 * 0 on the map, 1 eliminated (dead pile, DC 8.B), 2 out of play (a hand-built position's spare, a
 * reinforcement not yet arrived, a withdrawn unit), 3 exited off the map (DC 2.B.3.b), 4 a factory in
 * Siberia (DC 8.C.2.b), 5 held in its side's off-map box by strategic movement (DC 9.A: an Axis unit
 * in the west box, a Soviet unit in Siberia; strategic.ts); every status but 0 has `at` -1.
 */
export type UnitStatus = 0 | 1 | 2 | 3 | 4 | 5;

export interface DcUnit {
  /** Index into `rules.types`. */
  readonly t: number;
  readonly side: SideIx;
  readonly label: string;
  /** Point index, -1 off the map. */
  at: number;
  st: UnitStatus;
  /** Losses taken (DC 13.B.2); the loss beyond the unit's limit destroys it. */
  losses: number;
  /** DC 8.C.3.e (variant gta-number, R-208): the counter number of a tank army or Guards tank army. */
  no?: number;
  /** DC 8.B: withdrawn off the map for good by an Extraordinary Event (status 2; never arrives again). */
  wd?: boolean;
  /** DC 15: dispersed units cannot move or fire. */
  disp: boolean;
  /** DC 18: a field fortification. */
  fort: boolean;
  /** DC 12.0: the point this unit is committed to attack this phase (-1: none); it stays on `at` (its origin). */
  atk: number;
  /** DC 14.A: occupied an unoccupied point this turn. */
  occ: boolean;
  /** DC 14.A: took part, undispersed, in clearing a point. */
  clr: boolean;
  /** DC 14.B.1: rounds of combat fought this turn. */
  rounds: number;
  /** DC 14.B.6: its one breakthrough move is used. */
  bt: boolean;
  /** DC 13.B.8: fires at its all-out value and is destroyed after the die. */
  allOut: boolean;
  /** Variant iso-two-phases: found isolated at the last own supply phase. */
  iso: boolean;
  /** DC 13.B.4.c: retreated into a friendly point under attack (takes no part; dies if it falls). */
  ret: boolean;
}

/** DC 13: one battle in progress. */
export interface Battle {
  readonly at: number;
  readonly att: SideIx;
  readonly attackers: number[];
  readonly defenders: number[];
  /** DC 16: a breakthrough assault (fire halved). */
  readonly bt: boolean;
  /** German air units with the attacker / defender (DC 13.A.4). */
  airAtt: number;
  airDef: number;
  /** DC 14.B.4: the origin point of each German air unit accompanying a breakthrough group here (it multiplies only the units from that point). */
  grpAir: number[];
  /** DC 13.B.1: simultaneous combat. */
  sim: boolean;
  round: number;
  stage:
    | 'air'
    | 'air-combat'
    /** DC 21.B.3-4: the escorts' check and the paratroops' free shot, then its losses. */
    | 'para'
    | 'para-loss'
    | 'allout'
    | 'allout-late'
    | 'def-fire'
    | 'att-loss'
    | 'att-cont'
    | 'att-fire'
    | 'def-loss'
    | 'def-hold'
    | 'sim-fire'
    /** DC 13.B.1: the attacker's die of a simultaneous round, after the defender's (held in `lossLeft`). */
    | 'sim-fire-att'
    /** DC 21.B.4: the paratroops' free shot, after the escorts' check (the shooters in `para`). */
    | 'para-fire'
    | 'sim-att-loss'
    | 'sim-def-loss'
    | 'sim-att'
    | 'sim-def'
    | 'end';
  /** DC 21.B.4: the air-dropped paratroops about to fire their free shot. */
  para?: number[];
  /** DC 8.C.3.a: units in the battle with a lower loss limit out of supply (TypeRule.limitOos) that were out of supply at its start. */
  oos?: number[];
  /** Losses still to allocate (and how many of them fortifications must take first). */
  lossLeft: number;
  fortLeft: number;
  /** Simultaneous combat: the defender's losses, allocated after the attacker's. */
  defPending: number;
  defPendingForts: number;
  /** all-out declaration progress: index of the next unit-type group to ask (-1: asked before the attacker's first die). */
  aoGroup: number;
  /** D-21: the defender's all-out progress in round `aoRound`. */
  aoDef: number;
  /**
   * D-22 (DC 13.B.7): the attacking HQ the attacker chose (-1: no choice was offered, the best one
   * supports each round; also when the chosen HQ can no longer support).
   */
  hq: number;
  aoRound: number;
  outcome: 'none' | 'taken' | 'att-retreat' | 'def-retreat' | 'held';
}

/** The work still to do in the current phase, innermost last (docs/architecture.md "State"). */
export type DcTask =
  | {
      readonly t: 'op';
      readonly side: SideIx;
      readonly order: number[];
      i: number;
      second: number;
      /** DC 2.B.3.b: load (half-units) of each point's map-edge exit this phase (Campaign exits). */
      ex?: number[];
      /**
       * DC 9.A: load of each point's map-edge line entered from the side's off-map box this phase, per
       * point two counters (half-units, armour units), as `load` holds them for the map's lines; only
       * when the phase began with units in the box.
       */
      en?: number[];
    }
  | {
      readonly t: 'pregame';
      stage: number;
      /** Units asked in the current set-up step, and the next one's position. */
      order: number[];
      i: number;
      built: boolean;
      /** DC 3.B.3.a: the Axis made the initial free set-up choice (its step-a units are placed at once). */
      axisFirst: boolean;
      /** Step a: German units placed at once (skipped in step c), and designations [unit, -2 Finland | -3 Rumania]. */
      placed: number[];
      desig: number[];
    }
  | { readonly t: 'combat'; readonly side: SideIx; readonly bt: boolean }
  | { readonly t: 'battle'; readonly b: Battle }
  | {
      readonly t: 'retreat';
      readonly side: SideIx;
      readonly from: number;
      readonly bt: boolean;
      readonly units: number[];
      i: number;
      load: number[];
    }
  | { readonly t: 'victory'; readonly check: SideIx; stage: number }
  /** DC 2.B.1.c (variant mutual-draw-on): `side` may propose a draw, then the other side may accept. */
  | { readonly t: 'mutual'; readonly side: SideIx; stage: number }
  | { readonly t: 'isolation'; readonly side: SideIx; readonly point: number; left: number }
  /** D-8 (`start`, at the Axis turn's start) or the held air's place for the Soviet turn (DC 13.A.4, 14.B.4). */
  | { readonly t: 'lw-place'; left: number; readonly start?: boolean; k?: number; from?: number[] }
  /** D-29 (DC 14.B.4): air present in regular combat, entry `i` of `airAt`, may accompany a breakthrough group; [from, to, assault] triples. */
  | { readonly t: 'lw-bt'; i: number; moves: number[] }
  | { readonly t: 'repl'; readonly side: SideIx }
  | { readonly t: 'bt-start'; readonly side: SideIx }
  | { readonly t: 'partisan'; i: number }
  /** D-13 (DC 5.D): the Hungarian release, asked at the Axis R/R from June 1942 (hungary.ts). */
  | { readonly t: 'hun-release' }
  | {
      readonly t: 'siberia';
      stage: number;
      /** D-38: the next type to ask about its June 1942 return, and the types entering one now (bit k). */
      rk?: number;
      rm?: number;
      /** D-37 (crisis-pace-total): the Soviet player stopped sending optional units this turn. */
      cs?: boolean;
      /** D-32: the Soviet player is done forming composites from (and holding back) this wave. */
      cd?: boolean;
    }
  /** DC 8.C.3 (Advanced): composites formed one at a time until the Soviet player stops. */
  | { readonly t: 'composite'; done: boolean }
  /** DC 9.B: sea movement after land movement; `used` bits 1 Baltic, 2 Black Sea (one unit each a turn). */
  | { readonly t: 'sea'; readonly side: SideIx; left: number; used: number }
  /** D-7 (DC 7.A note c): the 1944 air window question. */
  | { readonly t: 'air44' }
  | { readonly t: 'supply'; readonly side: SideIx }
  | {
      readonly t: 'bt-move';
      readonly side: SideIx;
      readonly order: number[];
      i: number;
      /** DC 14.B.3 (from R-187): Soviet breakthrough moves made, [origin, line, to] flat triples, for air to accompany. */
      moves?: number[];
    }
  /** D-33 (DC 8.A.2.c): the Siberian replacements held, from position `i` of `sibRepl.held`. */
  | { readonly t: 'sib-repl'; i: number }
  /** D-17 (DC 21.B): the Soviet air drops after operational movement; units from index `i`, `left` drops this turn. */
  | { readonly t: 'para'; i: number; left: number }
  | { readonly t: 'reinf'; readonly side: SideIx; readonly due: number[]; k: number; withdraw: number }
  | { readonly t: 'factories'; stage: number; k: number; readonly cap: number }
  | { readonly t: 'strat'; readonly side: SideIx; left: number; unit: number; arrivals: number[] }
  /** DC 7.A: the weather and Luftwaffe strength of the turn (a die in March and October). */
  | { readonly t: 'weather' }
  /** DC 8.A.1.a: the German replacement die. */
  | { readonly t: 'repl-roll' }
  /** DC 3.C.3: the Siberian gamble's two dice (doubles: the crisis). */
  | { readonly t: 'sib-gamble' }
  /** DC 9.B (RULES-CHECKLIST C-7): the torpedo die of unit `unit` moving by sea to port `to`. */
  | {
      readonly t: 'torpedo';
      readonly side: SideIx;
      readonly unit: number;
      readonly to: number;
      readonly friendly: boolean;
    }
  /** DC 3.A: the May 1941 mud dice, one per point `side` assaults (`points`, from index `i`; `dice` rolled). */
  | { readonly t: 'may-mud'; readonly side: SideIx; readonly points: number[]; i: number; dice: number[] }
  /** DC 18 (pre-game): the fortification dice of the eligible Soviet border units (`units`, from index `i`). */
  | { readonly t: 'pregame-fort'; readonly units: number[]; i: number; made: number; dice: number[] };

/** DC 2.B.3: the running counts of the Campaign game's victory conditions. */
export interface CampaignState {
  /** (a.i) consecutive Axis player turns that ended with no Soviet combat unit on the map. */
  noSoviet: number;
  /** (a.ii) consecutive complete turns Leningrad, Moscow and Stalingrad were in Axis overland supply. */
  cities: number;
  /** (a.ii) held at every check of the current turn so far. */
  citiesTurn: boolean;
  /** (b.ii), (b.iii) consecutive game turns (checked at B.7) each condition held. */
  sovCities: number;
  sovWest: number;
}

/** DC 8.A.2.c: Siberian replacements held off the map and entering. */
export interface SibReplState {
  /** Held in Siberia (status 2): [unit, turn it arrived], flat pairs. */
  held: number[];
  /** Soviet strategic movement factors used this turn by Siberian replacements entering. */
  strat: number;
  /** Entering operationally in this Soviet turn's operational phase: [unit, east-edge point], flat pairs. */
  op: number[];
}

/** DC 8.C: plant expansion and factory movement. */
export interface FactoryState {
  /** Expansion factory ids already picked (8.C.1), in order. */
  picked: string[];
  /** Picked factories on the Turn Record Track: [index into `picked`, turn due], flat pairs. */
  due: number[];
  /** Factories entrained (8.C.2.a): [unit, the point it left], flat pairs. */
  ent: number[];
  /** Entrained factories waiting at their port of embarkation (8.C.2.b sea leg): [unit, destination port], flat pairs. */
  sea: number[];
}

export interface DcState {
  readonly rules: DcRules;
  rng: RngState;
  /** Month number, May 1941 = 1 (RULES-CHECKLIST R-42). */
  turn: number;
  /** DC 2.B.1, 3.A: the first game turn (1 May start, 2 June start). */
  first: number;
  /** DC 3.B: free set-up is in force (decided before the game). */
  free: boolean;
  /** DC 3.A (RULES-CHECKLIST C-2): points rolled Mud for the assaults of the current May 1941 combat phase. */
  mud: number[];
  camp: CampaignState;
  /** DC 2.B.3.b: Soviet units exited off the map: [unit, point exited from], flat pairs. */
  exits: number[];
  fac: FactoryState;
  /** DC 8.A.2.c: Siberian replacements (siberian-replacements.ts). */
  sibRepl: SibReplState;
  /** R-187 (DC 14.B.3): the first Good-weather turn of 1944 has come: Soviet air may accompany breakthroughs. */
  sovAirBt: boolean;
  /** DC 21.B (variant paratroops-on): the current player turn's air drops, [para, escort, origin, target] flat quadruples. */
  drops: number[];
  /** DC 8.B: index in `units` of the first Order-of-Appearance unit (they follow in data order). */
  readonly reinfBase: number;
  /** DC 8.B: Axis strategic movement factors used this turn by withdrawals. */
  stratUsed: number;
  /** Next step of the game turn: 0 weather, 1-8 Axis phases, 9-16 Soviet phases. */
  seq: number;
  stack: DcTask[];
  pending: DcPending | null;
  over: boolean;
  /** 0 Good, 1 Mud, 2 Snow (DC 7). */
  weather: number;
  /** Weather column of the spring (Mar-May) and autumn (Oct-Nov) rolls of the current year (1 or 2). */
  springCol: number;
  autumnCol: number;
  /** German air units available this turn (DC 7.A) and not yet committed this Axis turn. */
  air: number;
  airFree: number;
  /** status of the allies that can defect (allies.ts DEFECTORS order): 0 active, 2 defected. */
  allyStatus: number[];
  /** Variant repl-strat-allowed: units that entered as replacements in this player turn's R/R phase (DC 8.A). */
  repl: number[];
  /** DC 7.A note c: the 1944 air window, 0 unused, 1 open, 2 spent (air-window.ts). */
  w44: 0 | 1 | 2;
  /** Points where German air units stand for the Soviet turn (DC 13.A.4, 14.B.4); in the Axis turn, the air that fought in regular combat. */
  airAt: number[];
  /** D-8 (DC 13.A.4): points of the air units placed at the Axis turn's start and not yet committed to an attack. */
  airUp: number[];
  /** DC 14.B.4: German air accompanying breakthrough assaults, [from, to] flat pairs, until the battle at `to` starts. */
  airBt: number[];
  /** Controlling side per point (DC 20). */
  control: SideIx[];
  /** Bumped whenever control changes (supply caches key on it). */
  cv: number;
  /** Ever Axis-controlled, per point (the report's heat). */
  everAxis: number[];
  units: DcUnit[];
  /** Per line, this movement phase: [2 x units-load (half-units), armour units] (DC 12.A-B). */
  load: number[];
  /** DC 8.A.2: Soviet counters of each type (rules.types order) not yet in play (the counter mix). */
  pool: number[];
  /** DC 3.C: the Siberian Reserve, gamble and crisis. */
  sib: SiberiaState;
  /** DC 19: partisan positions (-1: available, not on the map; -2: destroyed, variant partisan-destroyed). */
  partisans: number[];
  /** DC 5.D: the Hungarian restriction is lifted (a Soviet invasion of Hungary or attack on a Hungarian army). */
  hunFree: boolean;
  /** D-13 (DC 5.D): the Hungarian army released to leave Hungary (unit index; -1: none named yet). */
  hunRel: number;
  /** DC 8.A.1.a: saved German replacement points (infantry-only, armour-capable). */
  gerInf: number;
  gerArm: number;
  /** DC 8.A.1.b: saved Finnish, Hungarian, Rumanian replacement allowances. */
  allyRepl: number[];
  /** Soviet factories destroyed (DC 8.C.2, 2.B.1.a). */
  factoriesLost: number;
  result: { result: string; level: string; reason: string } | null;
  stats: DcCounters;
  decisions: number;
}

export function other(s: SideIx): SideIx {
  return s === 0 ? 1 : 0;
}

/** DC 6: the calendar of a turn (May 1941 = 1). */
export function monthOf(turn: number): number {
  return ((turn + 3) % 12) + 1;
}
export function yearOf(turn: number): number {
  return 1941 + Math.floor((turn + 3) / 12);
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function turnLabel(turn: number): string {
  return `${MONTHS[monthOf(turn) - 1]} ${yearOf(turn)}`;
}
/** Jul 1944 and Feb 1945 as turn numbers. */
export const TURN_JUL44 = 39;
export const TURN_FEB45 = 46;
export const TURN_FEB42 = 10;

export function unit(
  t: number,
  side: SideIx,
  label: string,
  at: number,
  disp: boolean,
  st: DcUnit['st'] = 0,
): DcUnit {
  return {
    t,
    side,
    label,
    at,
    st,
    losses: 0,
    disp,
    fort: false,
    atk: -1,
    occ: false,
    clr: false,
    rounds: 0,
    bt: false,
    allOut: false,
    iso: false,
    ret: false,
  };
}
