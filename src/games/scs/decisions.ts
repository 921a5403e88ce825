/**
 * Every SCS decision as plain data (docs/architecture.md "Decisions and policies"): a discriminated union over `kind`, each kind with
 * its own option type, so a policy's `switch (d.kind)` narrows the options. Army fields are indices
 * into `state.armies`, hex fields indices of `scsMap`. The player is always the Soviet side.
 */
import type { ChanceNode, Decision } from '../../core/game.js';
import { scsMap } from './map.js';
import type { BattleView, ScsState } from './state.js';

/** SCS 9.7: enter hex `to` (-1: stop) for `cost` MF; `battle` when it is German (3.7). */
export interface StepOption {
  readonly to: number;
  readonly cost: number;
  readonly battle: boolean;
}

/** SCS 3.5, 6.3: the army 1E stacks with. */
export type HostDecision = Decision<'host1E', number>;
/** SCS 7.4: one replacement step to an army, or -1: no more. */
export type ReplacementDecision = Decision<'replacement', number>;
/** SCS 7.2: the hex 4S enters at. */
export type Enter4SDecision = Decision<'enter4S', number>;
/** SCS 7.3: the hex of the joint-operation marker. */
export type JointOpDecision = Decision<'placeJointOp', number>;
/** SCS 9.1: the army to activate next, or -1: end Phase III. */
export type ForceDecision = Decision<'force', number>;
/** SCS 9.7: the next hex of the moving force (or stop). */
export type StepDecision = Decision<'step', StepOption>;
/** SCS 10.11: commit the VI Interceptor Corps this round. */
export type CommitViDecision = Decision<'commitVI', boolean>;
/** SCS 10.14: the German unit type that takes the next hit. */
export type GermanLossDecision = Decision<'germanLoss', number>;
/** SCS 9.3, 10.1 step 10: fight another round (1 MF) or break off. */
export type AnotherRoundDecision = Decision<'anotherRound', boolean>;

export type ScsDecision =
  | HostDecision
  | ReplacementDecision
  | Enter4SDecision
  | JointOpDecision
  | ForceDecision
  | StepDecision
  | CommitViDecision
  | GermanLossDecision
  | AnotherRoundDecision;

export type ScsDecisionKind = ScsDecision['kind'];

export const SCS_DECISION_KINDS: readonly ScsDecisionKind[] = [
  'host1E',
  'replacement',
  'enter4S',
  'placeJointOp',
  'force',
  'step',
  'commitVI',
  'germanLoss',
  'anotherRound',
];

export type ScsPending = ScsDecision | ChanceNode;

/** What a policy sees: the state (read-only by contract) and the force being moved, if any. */
export interface ScsView {
  readonly state: ScsState;
  /** Army index of the force moving now, or -1. */
  readonly active: number;
  /** MF the active force has left. */
  readonly mf: number;
  /** The battle being fought, if any. */
  readonly battle: BattleView | null;
}

const TYPE_WORD = ['mechanized', 'non-mechanized', 'security'];

/** The narration of answer `choice` to decision `d` (`play --trace`). */
export function describeChoice(s: ScsState, d: ScsDecision, choice: number): string {
  switch (d.kind) {
    case 'host1E':
      return `1E stacks with ${s.armies[d.options[choice]!]!.id}`;
    case 'replacement': {
      const x = d.options[choice]!;
      return x < 0 ? 'no more replacements' : `1 step to ${s.armies[x]!.id}`;
    }
    case 'enter4S':
      return `4S enters at ${scsMap.label(d.options[choice]!)}`;
    case 'placeJointOp':
      return `joint-operation marker to ${scsMap.label(d.options[choice]!)}`;
    case 'force': {
      const x = d.options[choice]!;
      return x < 0 ? 'end movement phase' : `move ${s.armies[x]!.id}`;
    }
    case 'step': {
      const x = d.options[choice]!;
      return x.to < 0 ? 'stop' : `${x.battle ? 'attack' : 'move to'} ${scsMap.label(x.to)}`;
    }
    case 'commitVI':
      return d.options[choice] ? 'commit VI Interceptor Corps' : 'hold VI IC';
    case 'germanLoss':
      return TYPE_WORD[d.options[choice]!]!;
    case 'anotherRound':
      return d.options[choice] ? 'fight another round' : 'break off';
  }
}
