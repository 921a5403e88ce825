/**
 * The 1944 Luftwaffe window (DC 7.A note c; RULES-CHECKLIST R-44, R-186, D-7 `air-1944-window`): the 1944 cells
 * marked * or • give no air, but among the Good-weather turns of 1944 the Axis may pick two
 * consecutive ones with 1 German air unit each — asked at the weather phase of each Good 1944 turn
 * while the window is unused; "open now" gives this turn and the next Good turn 1 air unit.
 * Variant group 1944-air: May 1944's printed 1 is separate from the window (may44-separate), or is
 * the window itself (may44-in-window: May 1944 gives air only through the window).
 */
import type { Decision } from '../../core/game.js';
import type { DcDecision, WindowOption } from './decisions.js';
import { type DcState, monthOf, yearOf } from './state.js';

/** the window's state: 0 unused, 1 open (one more Good turn to come), 2 spent. */
export type Window44 = 0 | 1 | 2;

/** Weather phase of a 1944 turn, after the table's air: applies the window; true when D-7 is to be asked. */
export function window1944(s: DcState): boolean {
  if (yearOf(s.turn) !== 1944) return false;
  // variant may44-in-window: the May 1944 entry is the window, not an extra air unit
  if (s.rules.may44InWindow && monthOf(s.turn) === 5) s.air = 0;
  if (s.weather !== 0) return false;
  if (s.w44 === 1) {
    s.air = Math.max(s.air, 1);
    s.w44 = 2;
  }
  s.airFree = s.air;
  return s.w44 === 0;
}

/** D-7: open the window now, or not yet. */
export function windowDecision(): DcDecision {
  return {
    kind: 'air-1944-window',
    side: 'axis',
    rule: 'DC 7.A note c',
    options: [
      { type: 'window', open: false },
      { type: 'window', open: true },
    ],
  } as Decision<'air-1944-window', WindowOption>;
}

export function applyWindow(s: DcState, open: boolean): void {
  if (!open) return;
  s.w44 = 1;
  s.air = Math.max(s.air, 1);
  s.airFree = s.air;
  s.stats.air44Opened = s.turn;
}
