/**
 * Every decision a Crete side makes (spec §2), as a discriminated union over `kind`: the engine
 * lists the legal options, a policy answers with an index, the driver checks it.
 */
import type { ChanceNode, Decision } from '../../core/game.js';
import { creteData } from './data.js';
import { MAP } from './map.js';
import type { Side, Table } from './state.js';

/** A unit and a square (-1: stay / none / held back). */
export interface UnitTo {
  readonly u: number;
  readonly to: number;
}
/** Units in a game (setup.ts makeUnits: paras, mountain, air, Allied). */
const UNITS =
  creteData.german.para.length +
  creteData.german.mountain.length +
  creteData.german.luftwaffe.length +
  creteData.allied.length;

/** Every UnitTo with `to` a square or -1, built once and frozen: options share them (never mutated). */
const UNIT_TO: readonly UnitTo[] = (() => {
  const out: UnitTo[] = [];
  for (let u = 0; u < UNITS; u++) for (let to = -1; to < MAP.size; to++) out.push({ u, to });
  return out;
})();

/** The option { u, to }: the shared constant for a square or -1, else a new object. */
export function unitTo(u: number, to: number): UnitTo {
  return u >= 0 && u < UNITS && to >= -1 && to < MAP.size ? UNIT_TO[u * (MAP.size + 1) + to + 1]! : { u, to };
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
  'move',
  'air-support',
  'battle',
  'ex-losses',
  'retreat',
  'ca-response',
];
