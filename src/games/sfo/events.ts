/** Events phases (SFO 7): Advanced Soviet replacements and the West German V reinforcement; Expert random events (SFO 7.1). */
import { d6 } from '../../core/dice.js';
import { type Rng, randInt } from '../../core/rng.js';
import type { SfoOption } from './options.js';
import type { EventCell, SfoState, Side } from './state.js';
import { sovietTowns } from './victory.js';

export const V_ID = 'WG-V';

/** Eliminated Soviet units (candidates for replacement). */
export function eliminatedSoviets(state: SfoState): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.side === 'soviet' && u.status === 'eliminated') out.push(i);
  });
  return out;
}

/**
 * SFO 7 (Advanced): from turn 2, once per game, the Soviets may bring in up to two eliminated units;
 * all-or-nothing (taking one uses the replacement up). Options 0..min(2, eliminated); empty when not available.
 */
export function replacementOptions(state: SfoState): SfoOption[] {
  if (state.rules.level !== 'advanced' || state.turn < 2 || state.replacementUsed) return [];
  const n = Math.min(2, eliminatedSoviets(state).length);
  if (n === 0) return [];
  const out: SfoOption[] = [];
  for (let c = 0; c <= n; c++) out.push({ type: 'replace', count: c });
  return out;
}

/** SFO 7: the chosen eliminated units become arriving units on the east edge; the replacement is used up. */
export function applyReplacement(state: SfoState, count: number): number[] {
  if (count <= 0) return [];
  const units = eliminatedSoviets(state).slice(0, count);
  if (units.length !== count)
    throw new Error(`replacement of ${count} units with ${units.length} eliminated`);
  for (const i of units) {
    const u = state.units[i]!;
    u.status = 'arriving';
    u.hex = -1;
  }
  state.replacementUsed = true;
  state.stats.soviet_replacements = count;
  return units;
}

/**
 * SFO 7 (Advanced): if at the start of the US events phase the Soviets occupy two or more towns,
 * the West German V arrives at the west edge (once per game). Returns true when it arrives now.
 */
export function checkReinforcement(state: SfoState): boolean {
  if (state.rules.level !== 'advanced') return false;
  const v = state.units.find((u) => u.id === V_ID);
  if (v === undefined || v.status !== 'reserve') return false;
  if (sovietTowns(state) < 2) return false;
  v.status = 'arriving';
  state.stats.v_arrival_turn = state.turn;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Expert random events (SFO 7, 7.1)

/** SFO 7: the cell a column die (1-3 left, 4-6 right) and a row die (1-6) point to: 0..11. */
export function eventCellIndex(columnDie: number, rowDie: number): number {
  return (columnDie <= 3 ? 0 : 6) + rowDie - 1;
}

/** The unit a reinforcement cell brings, or null for other cells. */
export function reinforcementUnit(cell: EventCell): string | null {
  return cell.startsWith('reinforce:') ? cell.slice(10) : null;
}

/** SFO 7.1: a one-time reinforcement is spent once its unit has left the reinforcement box. */
export function cellSpent(state: SfoState, cell: EventCell): boolean {
  const id = reinforcementUnit(cell);
  if (id === null) return false;
  const u = state.units.find((x) => x.id === id);
  return u === undefined || u.status !== 'reserve';
}

/** Eliminated units of `side` (candidates for an Expert replacement). */
export function eliminatedOf(state: SfoState, side: Side): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.side === side && u.status === 'eliminated') out.push(i);
  });
  return out;
}

/**
 * What a drawn cell does now (SFO 7.1): an empty cell, a spent reinforcement and a replacement
 * with nothing eliminated are all As planned.
 */
export function effectiveEvent(state: SfoState, side: Side, cell: EventCell): EventCell {
  if (cellSpent(state, cell)) return 'planned';
  if (cell === 'replacement' && eliminatedOf(state, side).length === 0) return 'planned';
  return cell;
}

export interface EventDraw {
  /** Index of the cell or chit drawn (0..11). */
  readonly index: number;
  readonly cell: EventCell;
  /** The two dice (column, row), or the chit's position in the bag. */
  readonly dice: readonly number[];
}

/**
 * SFO 7: one random event of `side` from the 'events' stream. Dice: a column die then a row die on
 * the 12-cell table (spent cells read As planned). Variant events-bag: a chit drawn uniformly from
 * the chits still in the bag (spent reinforcement chits are out; `exclude` is a chit already drawn
 * this turn, under Guards / Hardened NATO).
 */
export function drawEvent(state: SfoState, side: Side, rng: Rng, exclude = -1): EventDraw {
  const ex = state.rules.expert!;
  const table = ex.tables[side];
  if (!ex.bag) {
    const col = d6(rng);
    const row = d6(rng);
    const index = eventCellIndex(col, row);
    return { index, cell: table[index]!, dice: [col, row] };
  }
  const bag: number[] = [];
  for (let i = 0; i < table.length; i++) if (i !== exclude && !cellSpent(state, table[i]!)) bag.push(i);
  if (bag.length === 0) return { index: -1, cell: 'planned', dice: [] };
  const k = randInt(rng, 0, bag.length - 1);
  return { index: bag[k]!, cell: table[bag[k]!]!, dice: [k + 1] };
}

/** SFO 7.1 Replacement options: the eliminated units to bring back, up to the faction's limit, one option per distinct mix of unit types. */
export function expertReplacementOptions(state: SfoState, side: Side): SfoOption[] {
  const limit = state.rules.expert!.replacementLimit[side];
  const elim = eliminatedOf(state, side);
  const out: SfoOption[] = [{ type: 'replace-units', units: [] }];
  const seen = new Set<string>(['']);
  const add = (units: number[]) => {
    const key = units
      .map((i) => state.units[i]!.type)
      .sort()
      .join('+');
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ type: 'replace-units', units });
  };
  for (let a = 0; a < elim.length; a++) {
    if (limit >= 1) add([elim[a]!]);
    if (limit >= 2) for (let b = a + 1; b < elim.length; b++) add([elim[a]!, elim[b]!]);
  }
  return out;
}

/** SFO 7.1: replaced units leave the pool of eliminated units and arrive at their own edge. */
export function applyExpertReplacement(state: SfoState, side: Side, units: readonly number[]): void {
  for (const i of units) {
    const u = state.units[i]!;
    if (u.status !== 'eliminated' || u.side !== side)
      throw new Error(`replacement of ${u.id}, which is ${u.status}`);
    u.status = 'arriving';
    u.hex = -1;
  }
  if (side === 'soviet') state.stats.soviet_replacements += units.length;
  else state.stats.us_replacements += units.length;
}

/** SFO 12, 13: units scheduled for this turn leave the reinforcement box and may enter this movement phase. */
export function scheduledArrivals(state: SfoState, side: Side): number[] {
  const schedule = state.rules.expert?.schedule ?? {};
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.side === side && u.status === 'reserve' && schedule[u.id] === state.turn) {
      u.status = 'arriving';
      out.push(i);
    }
  });
  return out;
}

/** SFO 7.1 Enemy SNAFU / Command problems: the enemy units that may be flipped out of action. */
export function frictionTargets(state: SfoState, side: Side): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.side !== side && u.status === 'map' && !u.disrupted) out.push(i);
  });
  return out;
}
