/** The recovery phase (DC 15): a side's units recover at the end of its combat. */
import type { DcState, SideIx } from './state.js';

/**
 * DC 15.B: every unit of `side` recovers, those held in its off-map box too (DC 9.A: they may
 * re-enter on a following turn, which strategic movement allows undispersed units only). Re-flipped,
 * the counter shows no earlier losses, so they clear (variant recovery-losses: losses-persist keeps them).
 */
export function recoveryPhase(s: DcState, side: SideIx): void {
  for (const u of s.units)
    if (u.side === side && (u.st === 0 || u.st === 5)) {
      u.disp = false;
      if (!s.rules.lossesPersist) u.losses = 0;
    }
}
