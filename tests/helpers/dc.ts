/**
 * Dark Crusade positions built by hand for the rules tests: points and unit types by id, an emptied
 * board that keeps the starting control, and units added where a test needs them.
 */
import { expect } from 'vitest';
import { mapByKey } from '../../src/games/dc/map.js';
import type { DcState, DcUnit, SideIx } from '../../src/games/dc/state.js';
import { unit } from '../../src/games/dc/state.js';

/** The index of point `id` on the state's map. */
export const P = (s: DcState, id: string): number => mapByKey(s.rules.mapKey).index.get(id)!;

/** The index of unit type `id` in the state's rules (-1 when the level has no such type). */
export const T = (s: DcState, id: string): number => s.rules.types.findIndex((t) => t.id === id);

/** Takes every unit off the board (eliminated, nowhere), keeping the starting control. */
export function empty(s: DcState): DcState {
  for (const u of s.units) {
    u.st = 2;
    u.at = -1;
  }
  return s;
}

/** Adds an undispersed, full-strength unit of `type` for `side` at point `at`; returns its index. */
export function add(s: DcState, type: string, side: SideIx, at: string, extra: Partial<DcUnit> = {}): number {
  const t = T(s, type);
  expect(t, `unit type ${type}`).toBeGreaterThanOrEqual(0);
  s.units.push({ ...unit(t, side, type, P(s, at), false), ...extra });
  return s.units.length - 1;
}
