/**
 * Merkur 3.1, the initiative: who may use it now, and using it (the marker passes to the other
 * side). What it buys is asked where the roll is made: the landing test (5.2, paradrop.ts), the CW
 * activation roll (4.0, activation.ts), a combat's dice (7.4, combat.ts), the RN test (5.4,
 * convoy.ts), a re-activation (4.0, activation.ts).
 */
import { GER, type MerkurState } from './state.js';

/** 3.1: `side` may use the initiative now. */
export function canUseInitiative(s: MerkurState, side: 0 | 1): boolean {
  return s.initiative === side && !s.initiativeUsed;
}

export function useInitiative(s: MerkurState, side: 0 | 1): void {
  s.initiativeUsed = true;
  s.initiative = (1 - side) as 0 | 1;
  if (side === GER) s.stats.initiative_uses_german++;
  else s.stats.initiative_uses_cw++;
}
