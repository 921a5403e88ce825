/**
 * The rules' helpers shared by the chapters: narration and the turn-track boxes (7.5, 7.6). `Run`
 * is the game's workspace, bound to its state; the force pool is pool.ts.
 */
import { note } from '../../core/decide.js';
import type { TraceEvent } from '../../core/game.js';
import { COUNTER_NAMES } from './state.js';
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

/** SCS 7.6, 10.6-10.10: into the next turn's box on the Turn Track. */
export function toNextTurnBox(run: Run, id: number): void {
  const t = Math.min(run.s.turn + 1, run.s.track.length - 1);
  run.s.track[t]!.push(id);
}
