/** Narration of a Crete game into the workspace's trace (only when tracing is on). */
import type { TraceEvent } from '../../core/game.js';
import { MAP } from './map.js';
import type { CreteState, Side } from './state.js';
import type { CreteWorkspace } from './workspace.js';

export function sq(h: number): string {
  if (h < 0) return 'off-map';
  const n = MAP.names[h];
  return n === undefined ? MAP.ids[h]! : `${MAP.ids[h]} (${n})`;
}

export function unitName(s: CreteState, u: number): string {
  return s.units[u]!.name;
}

/** Appends an event (turn and phase from the state); callers build `text` only when `ws.trace` is set. */
export function tell(
  s: CreteState,
  ws: CreteWorkspace,
  side: Side | undefined,
  rule: string,
  text: string,
  dice?: readonly number[],
): void {
  if (ws.trace === undefined) return;
  const e: TraceEvent = {
    turn: s.turn,
    phase: s.phase,
    rule,
    text,
    ...(side === undefined ? {} : { side }),
    ...(dice === undefined ? {} : { dice }),
  };
  ws.trace.push(e);
}
