/**
 * Control of points (DC 20): a point changes hands when a side's unit enters it or takes it; an
 * Axis unit entering a partisan's point removes the partisan (partisans.ts, DC 19).
 */
import { removePartisanAt } from './partisans.js';
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
