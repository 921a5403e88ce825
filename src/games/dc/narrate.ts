/** Narration of a traced game (docs/architecture.md "Records"): one event per rules step worth telling. */
import { type DcState, SIDE_IDS, type SideIx, turnLabel } from './state.js';
import type { DcWorkspace } from './workspace.js';

const PHASES = [
  'A weather',
  'B.1 Axis R/R',
  'B.2 Axis strategic movement',
  'B.3 Axis operational movement',
  'B.4 Axis combat',
  'B.5 Axis recovery',
  'B.6 Axis breakthrough combat',
  'B.7 Soviet victory determination',
  'B.8 Axis supply',
  'C.1 Soviet R/R',
  'C.2 Soviet strategic movement',
  'C.3 Soviet operational movement',
  'C.4 Soviet combat',
  'C.5 Soviet recovery',
  'C.6 Soviet breakthrough combat',
  'C.7 Axis victory determination',
  'C.8 Soviet supply',
];

export function phaseName(seq: number): string {
  return PHASES[Math.max(0, Math.min(PHASES.length - 1, seq - 1))]!;
}

export function tell(
  s: DcState,
  ws: DcWorkspace,
  side: SideIx | null,
  rule: string,
  text: string,
  dice?: readonly number[],
): void {
  if (ws.trace === undefined) return;
  ws.trace.push({
    turn: s.turn,
    phase: `${turnLabel(s.turn)} ${phaseName(s.seq)}`,
    ...(side === null ? {} : { side: SIDE_IDS[side] }),
    rule,
    text,
    ...(dice === undefined ? {} : { dice: [...dice] }),
  });
}
