/**
 * Control of points (DC 20): a point changes hands when a side's unit enters it or takes it, and an
 * Axis unit entering a partisan's point removes the partisan (DC 19; variant partisan-destroyed).
 */
import type { DcState, SideIx } from './state.js';

/** DC 20: a unit entering an empty point takes control of it. */
export function takeControl(s: DcState, p: number, side: SideIx): void {
  // DC 19: an Axis unit entering a partisan's point removes it
  if (side === 0 && s.partisans.includes(p)) removePartisanAt(s, p);
  if (s.control[p] === side) return;
  s.control[p] = side;
  s.cv++;
  if (side === 0) s.everAxis[p] = 1;
}

/** DC 19: an Axis ground unit entering point `p` removes a partisan there (available again next turn). */
export function removePartisanAt(s: DcState, p: number): void {
  const k = s.partisans.indexOf(p);
  if (k >= 0) {
    // variant partisan-destroyed (12.0 "destroying"): gone for good (-2)
    s.partisans[k] = s.rules.partisanDestroyed ? -2 : -1;
    s.stats.partisanRemovals++;
  }
}
