/**
 * Every decision a Crete side makes (docs/games/crete.md "Decisions"), as a discriminated union over `kind`: the engine
 * lists the legal options, a policy answers with an index, the driver checks it.
 */
import type { ChanceNode, Decision } from '../../core/game.js';
import type { Side, Table } from './state.js';

/** A unit and a square (-1: stay / none / held back); move-unit: the unit picked (u -1: end the segment), to -1. */
export interface UnitTo {
  readonly u: number;
  readonly to: number;
}
/**
 * The option { u, to }. A new object each time: a decision's options are read right after they are
 * made, while they are in cache (a shared table of every { u, to } measured about 8% slower a game).
 */
export function unitTo(u: number, to: number): UnitTo {
  return { u, to };
}

/** A para and a board (0 Suda Bay, 1 Retimo, 2 Heraklion; -1 held back). */
export interface UnitBoard {
  readonly u: number;
  readonly board: number;
}
/** A battle: the defending square, the attacking squares and the table; def -1 ends the segment. */
export interface BattleOption {
  readonly def: number;
  readonly squares: readonly number[];
  readonly table: Table;
}
export interface MountainOption {
  readonly airfield: number;
  readonly count: number;
}
export interface LossOption {
  readonly units: readonly number[];
}
/** CA response: -1 retreat, else the attacking square to counter-attack. */
export interface CaOption {
  readonly counter: number;
}

type D<K extends string, O> = Decision<K, O> & { readonly side: Side };

export type CreteDecision =
  | D<'allocate-drop', UnitBoard>
  | D<'setup-hex', UnitTo>
  | D<'drop-more', UnitBoard>
  | D<'drop-hex', UnitTo>
  | D<'scatter-overstack', UnitTo>
  | D<'mountain-land', MountainOption>
  | D<'move-unit', UnitTo>
  | D<'move', UnitTo>
  | D<'air-support', UnitTo>
  | D<'battle', BattleOption>
  | D<'ex-losses', LossOption>
  | D<'retreat', UnitTo>
  | D<'ca-response', CaOption>;

export type CreteDecisionKind = CreteDecision['kind'];
export type CretePending = CreteDecision | ChanceNode;

export const CRETE_DECISION_KINDS: readonly CreteDecisionKind[] = [
  'allocate-drop',
  'setup-hex',
  'drop-more',
  'drop-hex',
  'scatter-overstack',
  'mountain-land',
  'move-unit',
  'move',
  'air-support',
  'battle',
  'ex-losses',
  'retreat',
  'ca-response',
];
