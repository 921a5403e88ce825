/**
 * The rules' helpers shared by the chapters: narration, the force pool (3.3, 7.5, 7.6, 4.8) and
 * the turn-track boxes. `Run` is the game's workspace, bound to its state.
 */
import { note } from '../../core/decide.js';
import type { TraceEvent } from '../../core/game.js';
import { sovietHexCount } from './control.js';
import { scsMap } from './map.js';
import { COUNTER_NAMES, GUDERIAN } from './state.js';
import type { ScsWorkspace } from './workspace.js';

export type Run = ScsWorkspace;

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
 * SCS 4.8: the pool found empty ends the game at that moment, a Soviet sudden-death victory: the
 * state becomes terminal (the rules stop at once; nothing after it changes the record).
 */
export function suddenDeath(run: Run): void {
  const s = run.s;
  s.result = 'sudden-death';
  s.endReason = 'sudden-death';
  s.pending = null;
  s.stats.minPool = 0;
  s.stats.hexesByTurn[s.turn] = sovietHexCount(s);
  if (run.trace) log(run, 'SCS 4.8', 'the German force pool is empty: Soviet sudden-death victory');
}

/**
 * SCS 4.8: the pool found empty ends the game at that moment; false when it has. Variant
 * pool-empty-on-draw: the pool is only "found" empty when a counter must be drawn (drawCounter,
 * drawForBattle).
 */
export function checkPool(run: Run): boolean {
  const s = run.s;
  if (s.pool.length < s.stats.minPool) s.stats.minPool = s.pool.length;
  if (s.pool.length === 0 && !s.cfg.poolEmptyOnDraw) {
    suddenDeath(run);
    return false;
  }
  return true;
}

/** Removes and returns one blind-drawn counter from the pool (3.4, 8.3); -1 when the pool is found empty (4.8: the game is over). */
export function drawCounter(run: Run): number {
  const pool = run.s.pool;
  if (pool.length === 0) {
    suddenDeath(run); // SCS 4.8: found empty when reaching into it
    return -1;
  }
  const i = run.drawIndex(pool.length);
  const id = pool[i]!;
  pool[i] = pool[pool.length - 1]!;
  pool.pop();
  return id;
}

/**
 * Draws one counter for a battle in hex h into `into`; false when the pool is found empty (4.8:
 * the game is over). SCS 10.7: Guderian drawn for a hex whose last two digits are below 09 is
 * replaced by another draw, then goes back into the pool.
 */
export function drawForBattle(run: Run, h: number, into: number[]): boolean {
  const id = drawCounter(run);
  if (id < 0) return false;
  if (run.s.gType[id] === GUDERIAN && scsMap.row[h]! < 9) {
    if (run.trace)
      log(
        run,
        'SCS 10.7',
        `Guderian drawn for ${scsMap.label(h)} (row below 09): redraw, Guderian back to the pool`,
      );
    into.push(id); // kept with the force while redrawing, so the accounting stays whole
    if (!checkPool(run) || !drawForBattle(run, h, into)) return false;
    into.splice(into.indexOf(id), 1);
    run.s.pool.push(id);
    return true;
  }
  into.push(id);
  return checkPool(run);
}

/** SCS 7.6, 10.6-10.10: into the next turn's box on the Turn Track. */
export function toNextTurnBox(run: Run, id: number): void {
  const t = Math.min(run.s.turn + 1, run.s.track.length - 1);
  run.s.track[t]!.push(id);
}
