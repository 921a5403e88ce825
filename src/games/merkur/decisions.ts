/**
 * Every Merkur decision as plain data (docs/games/merkur.md "Decisions"): a discriminated union over `kind`. Unit fields
 * are indices into `state.units`, zone fields indices of MAP.
 */
import type { ChanceNode, Decision } from '../../core/game.js';
import type { DecisionOf, TaskKind, TaskOf } from '../../core/kernel.js';
import type { MerkurState, Task } from './state.js';
import type { MerkurWorkspace } from './workspace.js';

/** 5.2, 12.0: drop `unit` into zone `zone`. */
export interface DropOption {
  readonly type: 'drop';
  readonly unit: number;
  readonly zone: number;
}
/** 8.0: air unit `air` bombards `zone`, flies air support (7.1), or stays home. */
export type AirOption =
  | { readonly type: 'air-bomb'; readonly air: number; readonly zone: number }
  | { readonly type: 'air-support'; readonly air: number }
  | { readonly type: 'air-none'; readonly air: number };
/** 5.3: land the next units of the queue on airfield `zone` (`field`), one unit in a plaine zone, or none. */
export type AirLandOption =
  | { readonly type: 'airfield'; readonly zone: number }
  | { readonly type: 'nonfield'; readonly zone: number }
  | { readonly type: 'no-landing' };
/** 5.4: the convoy debarks in `zone` (a German-held port or a beach). */
export interface SeaOption {
  readonly type: 'sea';
  readonly zone: number;
}
/**
 * 4.0: activate `zone` (mode: 'all' German, 'move'/'combat' CW), re-activate it with the initiative,
 * or end; `activate-all` (two or more such zones): activate, one after the other in map order, each
 * zone not yet activated this turn — the German every zone with German units (zones its moves occupy
 * included), the CW (two-player) every zone open to a combat activation, in combat mode — then ask again.
 */
export type ActivationOption =
  | { readonly type: 'activate-all' }
  | {
      readonly type: 'activate';
      readonly zone: number;
      readonly mode: 'all' | 'move' | 'combat';
      readonly initiative: boolean;
    }
  | { readonly type: 'luftwaffe' }
  | { readonly type: 'end-activations' };
/**
 * 4.0 a-d: the order of one unit of the activated zone; or `hold`: this unit and every unit of the
 * activation still without an order stay (4.0 b: a unit need not move; one answer for what would
 * otherwise be one `stay` per unit).
 */
export type OrderOption =
  | { readonly type: 'stay'; readonly unit: number }
  | { readonly type: 'hold'; readonly unit: number }
  | { readonly type: 'move'; readonly unit: number; readonly to: number }
  | { readonly type: 'fire'; readonly unit: number; readonly to: number }
  | { readonly type: 'assault'; readonly unit: number }
  | { readonly type: 'bombard'; readonly unit: number; readonly to: number };
/** 3.1: use the initiative here (re-roll, or +1 CW movement zone) or not. */
export type InitiativeOption =
  | { readonly type: 'reroll' }
  | { readonly type: 'plus-one' }
  | { readonly type: 'keep' };
/** 3.2: place a fort in `zone`, or stop placing. */
export type FortOption = { readonly type: 'fort'; readonly zone: number } | { readonly type: 'no-fort' };
/** 8.4: bombard `zone` before turn 1, or skip it. */
export type PreinvasionOption = {
  readonly type: 'preinvasion';
  readonly zone: number;
  readonly bombard: boolean;
};
/** 9.0: which of the four eliminated paras returns. */
export interface RegroupOption {
  readonly type: 'regroup';
  readonly unit: number;
}
/** 3.2 (solitaire): the Sturm Regiment unit left without one of the 4 glider markers. */
export interface GliderOption {
  readonly type: 'no-glider';
  readonly unit: number;
}
/** 7.1 (docs/games/merkur.md "Decisions"): the attacking unit that leads (its attack counts; it takes the attacker's losses). */
export interface LeadAttackerOption {
  readonly type: 'lead-attacker';
  readonly unit: number;
}
/** 2.5 Note, 7.1 Note (G7, C5): EM or battery `unit` supports this combat, or none (-1). */
export interface SupportOption {
  readonly type: 'support';
  readonly unit: number;
}
/** 3.2 (docs/games/merkur.md "Decisions"): the fort of `unit`'s zone absorbs its loss (`use`), or the unit takes it. */
export interface FortSacrificeOption {
  readonly type: 'fort-sacrifice';
  readonly unit: number;
  readonly use: boolean;
}
/**
 * 6.1, 7.4 (docs/games/merkur.md "Decisions"): `unit` retreats into `zone` (`forced`: an enemy zone, arriving halved).
 * 2.4 (`em`): EM `unit`, left alone by its last retreating unit, follows it into `zone`, or stays
 * (`zone` its own).
 */
export interface RetreatOption {
  readonly type: 'retreat';
  readonly unit: number;
  readonly zone: number;
  readonly forced: boolean;
  readonly em?: boolean;
}
/** 7.4 bands 1/5, 8.3 (docs/games/merkur.md "Decisions"): the other units all retreat (`unit` -1), or `unit` is halved. */
export interface LossChoiceOption {
  readonly type: 'loss';
  readonly unit: number;
}
/** 8.3: the defender names `unit` as the second defender of a bombardment (it must retreat or be halved). */
export interface SecondDefenderOption {
  readonly type: 'second-defender';
  readonly unit: number;
}
/** 8.2 (docs/games/merkur.md "Decisions"): the defender names `unit` as the bombardment's target. */
export interface BombTargetOption {
  readonly type: 'bomb-target';
  readonly unit: number;
}
/** 5.4 (docs/games/merkur.md "Decisions", V rn-german / rn-cw): B1 unit `unit` is lost to the interception. */
export interface NavyLossOption {
  readonly type: 'rn-loss';
  readonly unit: number;
}
/** 7.2 (V lead-def-any): the defending unit that leads and takes the losses. */
export interface LeadDefenderOption {
  readonly type: 'lead-defender';
  readonly unit: number;
}
/** 5.3 (V queue-free): the unit of the air-landing queue that lands next. */
export interface AirUnitOption {
  readonly type: 'air-unit';
  readonly unit: number;
}
/** 13.0 (V cw-setup-free): the CW places `unit` in `zone`. */
export interface SetupZoneOption {
  readonly type: 'setup-zone';
  readonly unit: number;
  readonly zone: number;
}
/** 11.0: the Maori attack German unit `target` in `zone`, or not. */
export type MaoriOption =
  | { readonly type: 'maori'; readonly target: number; readonly zone: number; readonly fire?: boolean }
  | { readonly type: 'no-maori' };

export type MerkurDecision =
  | Decision<'landing-zone', DropOption>
  | Decision<'air-mission', AirOption>
  | Decision<'air-landing', AirLandOption>
  | Decision<'sea-landing', SeaOption>
  | Decision<'activation', ActivationOption>
  | Decision<'unit-order', OrderOption>
  | Decision<'initiative', InitiativeOption>
  | Decision<'fort', FortOption>
  | Decision<'preinvasion-target', PreinvasionOption>
  | Decision<'regroup', RegroupOption>
  | Decision<'maori-night', MaoriOption>
  | Decision<'glider-assign', GliderOption>
  | Decision<'lead-attacker', LeadAttackerOption>
  | Decision<'lead-defender', LeadDefenderOption>
  | Decision<'artillery-support', SupportOption>
  | Decision<'loss-choice', LossChoiceOption>
  | Decision<'retreat-zone', RetreatOption>
  | Decision<'fort-sacrifice', FortSacrificeOption>
  | Decision<'bomb-target', BombTargetOption>
  | Decision<'second-defender', SecondDefenderOption>
  | Decision<'rn-losses', NavyLossOption>
  | Decision<'air-landing-unit', AirUnitOption>
  | Decision<'setup-zone', SetupZoneOption>;

export type MerkurDecisionKind = MerkurDecision['kind'];
export type MerkurOption = MerkurDecision['options'][number];

export const MERKUR_DECISION_KINDS: readonly MerkurDecisionKind[] = [
  'landing-zone',
  'air-mission',
  'air-landing',
  'sea-landing',
  'activation',
  'unit-order',
  'initiative',
  'fort',
  'preinvasion-target',
  'regroup',
  'maori-night',
  'glider-assign',
  'lead-attacker',
  'lead-defender',
  'artillery-support',
  'loss-choice',
  'retreat-zone',
  'fort-sacrifice',
  'bomb-target',
  'second-defender',
  'rn-losses',
  'air-landing-unit',
  'setup-zone',
];

export type MerkurPending = MerkurDecision | ChanceNode;

/** One kind of Merkur task as the turn machine runs it (core/kernel.ts TaskKind). */
export type MerkurTaskKind<K extends Task['t']> = TaskKind<
  MerkurState,
  MerkurWorkspace,
  TaskOf<Task, K>,
  MerkurDecision
>;

/** A decision of kind `kind` for side `side` (state.ts GER 0, CW 1). */
export function dec<K extends MerkurDecision['kind']>(
  kind: K,
  side: 0 | 1,
  rule: string,
  options: DecisionOf<MerkurDecision, K>['options'],
): DecisionOf<MerkurDecision, K> {
  // the members of MerkurDecision differ only in `kind` and the option type, both fixed by K
  return { kind, side: side === 0 ? 'german' : 'commonwealth', rule, options } as DecisionOf<
    MerkurDecision,
    K
  >;
}

/** The side index of decision `d` (state.ts GER 0, CW 1). */
export function sideIndex(d: MerkurDecision): 0 | 1 {
  return d.side === 'german' ? 0 : 1;
}

/** A task kind that asks nothing: answering it is an engine error. */
export function asksNothing(_s: MerkurState, _ws: MerkurWorkspace, task: Task, d: MerkurDecision): never {
  throw new Error(`Merkur: decision ${d.kind} answered in task ${task.t}, which asks none`);
}
