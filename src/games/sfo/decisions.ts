/**
 * Every SFO decision as plain data (docs/architecture.md "Decisions and policies"): a discriminated union over `kind`, each kind with
 * its own option types, so a policy's `switch (d.kind)` narrows the options. Unit and hex fields
 * are indices into `state.units` and the state's map.
 */
import type { ChanceNode, Decision } from '../../core/game.js';
import type { Battle } from './combat.js';
import type { EventCell, SupportKind } from './state.js';

/** SFO 8: move unit to hex `to` (a legal destination this phase). */
export interface MoveOption {
  readonly type: 'move';
  readonly unit: number;
  readonly from: number;
  readonly to: number;
}
/** SFO 8.4: an arriving unit enters the map and ends in `to`. */
export interface EnterOption {
  readonly type: 'enter';
  readonly unit: number;
  readonly to: number;
}
/** End the movement phase (units not moved stay). */
export interface EndMovement {
  readonly type: 'end-movement';
}
/** SFO 9: fight one battle. */
export interface BattleOption {
  readonly type: 'battle';
  readonly battle: Battle;
}
/** End the combat phase. */
export interface EndCombat {
  readonly type: 'end-combat';
}
/** SFO 9.2: retreat a unit to `to`. */
export interface RetreatOption {
  readonly type: 'retreat';
  readonly unit: number;
  readonly to: number;
}
/** SFO 9.1 (variant elim-one; Expert EX): this unit is the one eliminated. */
export interface EliminateOption {
  readonly type: 'eliminate';
  readonly unit: number;
}
/** SFO 9.3: advance `unit` into hex `to` (the vacated hex; exploitation: one hex further)... */
export interface AdvanceOption {
  readonly type: 'advance';
  readonly unit: number;
  readonly to: number;
}
/** ...or not. */
export interface NoAdvance {
  readonly type: 'no-advance';
}
/** SFO 7 (Advanced): bring in `count` Soviet replacements now (0 = not this turn). */
export interface ReplaceOption {
  readonly type: 'replace';
  readonly count: number;
}
/** SFO 7.1 (Expert): bring back these eliminated units (none = decline). */
export interface ReplaceUnitsOption {
  readonly type: 'replace-units';
  readonly units: readonly number[];
}
/** SFO 7 optional Guards / SFO 13 Hardened NATO: take this one of the two events rolled. */
export interface EventOption {
  readonly type: 'event';
  readonly cell: EventCell;
}
/** SFO 7.1: place the support chit on the enemy hex `hex` (a defender to be attacked)... */
export interface SupportOption {
  readonly type: 'support';
  readonly kind: SupportKind;
  readonly hex: number;
}
/** ...or do not place it (it is lost). */
export interface NoSupport {
  readonly type: 'no-support';
}
/** SFO 7.1 Enemy SNAFU / Command problems: flip this enemy unit out of action. */
export interface DisruptOption {
  readonly type: 'disrupt';
  readonly unit: number;
}

export type SfoOption =
  | MoveOption
  | EnterOption
  | EndMovement
  | BattleOption
  | EndCombat
  | RetreatOption
  | EliminateOption
  | AdvanceOption
  | NoAdvance
  | ReplaceOption
  | ReplaceUnitsOption
  | EventOption
  | SupportOption
  | NoSupport
  | DisruptOption;

/** The decisions of an SFO game, one member per kind. */
export type SfoDecision =
  | Decision<'move', MoveOption | EnterOption | EndMovement>
  | Decision<'attack', BattleOption | EndCombat>
  | Decision<'retreat', RetreatOption>
  | Decision<'eliminate', EliminateOption>
  | Decision<'advance', AdvanceOption | NoAdvance>
  /** Expert optional Armour in the open (SFO 9.3): the advanced tank's second hex. */
  | Decision<'exploit', AdvanceOption | NoAdvance>
  | Decision<'replace', ReplaceOption>
  | Decision<'replace-units', ReplaceUnitsOption>
  | Decision<'event', EventOption>
  | Decision<'support', SupportOption | NoSupport>
  | Decision<'disrupt', DisruptOption>;

export type SfoDecisionKind = SfoDecision['kind'];

export const SFO_DECISION_KINDS: readonly SfoDecisionKind[] = [
  'move',
  'attack',
  'retreat',
  'eliminate',
  'advance',
  'exploit',
  'replace',
  'replace-units',
  'event',
  'support',
  'disrupt',
];

/**
 * An answer as the rules carry it out and narrate it: the decision's kind, the index chosen and
 * how many options there were (the trace's `decision` field). A forced move is `choice 0 of 1`.
 */
export interface Answer {
  readonly kind: SfoDecisionKind;
  readonly choice: number;
  readonly of: number;
}

/** The answer to a decision with a single option, applied without asking. */
export function forced(kind: SfoDecisionKind): Answer {
  return FORCED[kind];
}

const FORCED = Object.fromEntries(
  SFO_DECISION_KINDS.map((kind) => [kind, { kind, choice: 0, of: 1 }]),
) as Readonly<Record<SfoDecisionKind, Answer>>;

/** What an SFO game may wait on. */
export type SfoPending = SfoDecision | ChanceNode;
