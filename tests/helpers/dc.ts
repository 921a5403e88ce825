/**
 * Dark Crusade positions built by hand for the rules tests: points and unit types by id, an emptied
 * board that keeps the starting control, and units added where a test needs them.
 */
import { expect } from 'vitest';
import { type BattleDecision, battleStep as engineBattleStep } from '../../src/games/dc/combat.js';
import type { SeaOption } from '../../src/games/dc/decisions.js';
import { mapByKey } from '../../src/games/dc/map.js';
import { paraEscorts, paraFire, paraShot } from '../../src/games/dc/paratroops.js';
import { startPregameFort } from '../../src/games/dc/pregame.js';
import { gerReplRolls, startAxisReplacements } from '../../src/games/dc/replacements.js';
import { applySea } from '../../src/games/dc/sea.js';
import { startSiberia } from '../../src/games/dc/siberia.js';
import type { Battle, DcState, DcTask, DcUnit, SideIx } from '../../src/games/dc/state.js';
import { unit } from '../../src/games/dc/state.js';
import { runUntil } from '../../src/games/dc/turn-sequence.js';
import type { DcWorkspace } from '../../src/games/dc/workspace.js';

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

/** combat.ts `battleStep` in sampled mode (it stops at no chance point there), narrowed to a battle's decisions. */
export function battleStep(s: DcState, ws: DcWorkspace, b: Battle): BattleDecision | null {
  const d = engineBattleStep(s, ws, b);
  if (d !== null && d.kind === 'chance') throw new Error(`a chance point (${d.rule}) in sampled mode`);
  return d;
}

/** DC 21.B.3-4 in sampled mode: the escorts' check, then the paratroops' free shot (paratroops.ts). */
export function paraRound(s: DcState, ws: DcWorkspace, b: Battle): void {
  paraEscorts(s, ws, b);
  const l = paraFire(s, ws, b);
  if (l !== null && typeof l !== 'number') throw new Error(`a chance point (${l.rule}) in sampled mode`);
  paraShot(s, ws, b, l);
}

/** Runs the tasks above stack depth `depth` until they end (sampled mode: their dice drawn); none may ask. */
export function runAbove(s: DcState, ws: DcWorkspace, depth: number): void {
  const p = runUntil(s, ws, (x) => x.stack.length <= depth);
  if (p !== null) throw new Error(`${p.kind} (${p.rule}) asked while running tasks`);
}

/** siberia.ts startSiberia with the gamble's dice rolled when due, as the Soviet R/R phase rolls them. */
export function siberiaStart(s: DcState, ws: DcWorkspace): void {
  if (!startSiberia(s)) return;
  const depth = s.stack.length;
  s.stack.push({ t: 'sib-gamble' });
  runAbove(s, ws, depth);
}

/** replacements.ts startAxisReplacements with the German die rolled first, as the Axis R/R phase rolls it. */
export function axisReplacements(s: DcState, ws: DcWorkspace): void {
  startAxisReplacements(s);
  if (!gerReplRolls(s)) return;
  const depth = s.stack.length;
  s.stack.push({ t: 'repl-roll' });
  runAbove(s, ws, depth);
}

/** sea.ts applySea with its torpedo die rolled. */
export function seaMove(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'sea' }, o: SeaOption): void {
  const depth = s.stack.length;
  applySea(s, task, o);
  runAbove(s, ws, depth);
}

/** pregame.ts's pre-game fortification with its dice rolled. */
export function pregameFortification(s: DcState, ws: DcWorkspace): void {
  const depth = s.stack.length;
  startPregameFort(s);
  runAbove(s, ws, depth);
}
