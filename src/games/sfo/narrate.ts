/** Narration of an SFO game into the workspace's trace (only when tracing is on). */
import type { TraceEvent } from '../../core/game.js';
import { mapOf } from './map.js';
import type { SfoState, Side } from './state.js';
import type { SfoWorkspace } from './workspace.js';

export function label(state: SfoState, ui: number): string {
  const u = state.units[ui]!;
  return `${u.side === 'soviet' ? 'Soviet' : 'US'} ${u.label}`;
}

export function hexName(state: SfoState, h: number): string {
  return h < 0 ? 'off-map' : mapOf(state).ids[h]!;
}

/** Appends an event (turn and phase from the state); callers build `text` only when `ws.trace` is set. */
export function tell(
  state: SfoState,
  ws: SfoWorkspace,
  side: Side,
  rule: string,
  text: string,
  extra?: Partial<TraceEvent>,
): void {
  if (ws.trace === undefined) return;
  const event: TraceEvent = { turn: state.turn, phase: state.phase, side, rule, text, ...extra };
  // the answer object is the workspace's, reused at the next decision: the trace keeps a copy
  if (extra?.decision !== undefined) (event as { decision: unknown }).decision = { ...extra.decision };
  ws.trace.push(event);
}
