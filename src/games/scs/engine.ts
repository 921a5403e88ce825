/**
 * The rules' helpers shared by the chapters: narration, the force pool (3.3, 7.5, 7.6, 4.8) and
 * the turn-track boxes. `Run` is the game's workspace, bound to its state.
 */
import { note } from '../../core/decide.js';
import type { TraceEvent } from '../../core/game.js';
import { scsMap } from './map.js';
import { COUNTER_NAMES, GUDERIAN } from './state.js';
import type { ScsWorkspace } from './workspace.js';

export type Run = ScsWorkspace;

/** Thrown (never caught but by the turn sequence) when the pool is found empty: 4.8 sudden death. */
export const SUDDEN_DEATH = { suddenDeath: true } as const;

/** Narrates one event when tracing (callers guard with `if (run.trace)` to skip string building). */
export function log(run: Run, rule: string, text: string, dice?: readonly number[]): void {
  const e: TraceEvent =
    dice === undefined
      ? { turn: run.s.turn, phase: run.s.phase, rule, text }
      : { turn: run.s.turn, phase: run.s.phase, rule, text, dice: [...dice] };
  note(run.trace, e);
}

export function counterName(run: Run, id: number): string {
  return `${COUNTER_NAMES[run.s.gType[id]!]!}#${id}`;
}

/**
 * SCS 4.8: the pool found empty ends the game at that moment. Variant pool-empty-on-draw: the pool
 * is only "found" empty when a counter must be drawn (drawCounter, drawForBattle).
 */
export function checkPool(run: Run): void {
  const s = run.s;
  if (s.pool.length < s.stats.minPool) s.stats.minPool = s.pool.length;
  if (s.pool.length === 0 && !s.cfg.poolEmptyOnDraw) throw SUDDEN_DEATH;
}

/** Removes and returns one blind-drawn counter from the pool (3.4, 8.3); the pool must not be empty. */
export function drawCounter(run: Run): number {
  const pool = run.s.pool;
  if (pool.length === 0) throw SUDDEN_DEATH; // SCS 4.8: found empty when reaching into it
  const i = run.drawIndex(pool.length);
  const id = pool[i]!;
  pool[i] = pool[pool.length - 1]!;
  pool.pop();
  return id;
}

/**
 * Draws one counter for a battle in hex h into `into`. SCS 10.7: Guderian drawn for a hex whose
 * last two digits are below 09 is replaced by another draw, then goes back into the pool.
 */
export function drawForBattle(run: Run, h: number, into: number[]): void {
  if (run.s.pool.length === 0) throw SUDDEN_DEATH;
  const id = drawCounter(run);
  if (run.s.gType[id] === GUDERIAN && scsMap.row[h]! < 9) {
    if (run.trace)
      log(
        run,
        'SCS 10.7',
        `Guderian drawn for ${scsMap.label(h)} (row below 09): redraw, Guderian back to the pool`,
      );
    into.push(id); // kept with the force while redrawing, so the accounting stays whole
    checkPool(run);
    drawForBattle(run, h, into);
    into.splice(into.indexOf(id), 1);
    run.s.pool.push(id);
    return;
  }
  into.push(id);
  checkPool(run);
}

/** SCS 7.6, 10.6-10.10: into the next turn's box on the Turn Track. */
export function toNextTurnBox(run: Run, id: number): void {
  const t = Math.min(run.s.turn + 1, run.s.track.length - 1);
  run.s.track[t]!.push(id);
}
