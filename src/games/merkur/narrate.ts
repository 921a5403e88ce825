/** Narration of a Merkur game into the workspace's trace (only when tracing is on). */
import type { TraceEvent } from '../../core/game.js';
import { type MerkurState, sideOf } from './state.js';
import type { MerkurWorkspace } from './workspace.js';

/** Appends an event; callers build `text` only when `ws.trace` is set. */
export function tell(
  s: MerkurState,
  ws: MerkurWorkspace,
  side: 0 | 1,
  rule: string,
  text: string,
  extra?: Partial<TraceEvent>,
): void {
  if (ws.trace === undefined) return;
  ws.trace.push({ turn: s.turn, phase: s.phase, side: sideOf(side), rule, text, ...extra });
}
