/**
 * SCS 10.2, 10.4, 10.6-10.10 and 1.4: the die-roll modifiers of one battle round (cumulative),
 * from the engaged support markers, the hex's terrain and the kind of battle.
 */
import type { BattleKind } from './combat.js';
import type { Run } from './engine.js';
import { GUDERIAN, OPS_EC, RAID, ROTKOPF, VIII_FK } from './state.js';

export interface Drm {
  mech: number;
  nonMech: number;
  security: number;
  soviet: number;
}

/** SCS 10.2, 10.4, 10.6-10.10, 1.4: the DRMs of one round. */
export function roundDrm(
  run: Run,
  kind: BattleKind,
  h: number,
  round: number,
  counts: number[],
  out: Drm,
): Drm {
  const cfg = run.s.cfg;
  const supportOn = !(cfg.reliefIgnoresSupport && kind !== 'defense');
  let all = kind === 'defense' ? 0 : 1; // SCS 10.2 relief +1 every round; 8.6 breakout +1
  if (supportOn) {
    const viii = counts[VIII_FK]! > 0 ? 1 : 0;
    const gud = counts[GUDERIAN]! > 0 ? 1 : 0;
    // SCS 1.4 cumulative (+2 with both) or the 10.8 errata read as "and/or" (+1 in total)
    all += cfg.viiiGuderianCumulative ? viii + gud : Math.max(viii, gud);
    if (round === 1 && counts[OPS_EC]! > 0) all += 1; // SCS 10.8: first round only
  }
  const rot = supportOn && counts[ROTKOPF]! > 0 ? 1 : 0; // SCS 10.9: non-security only
  out.mech = all + rot - (cfg.forest[h] === 1 ? 1 : 0); // SCS 10.4: mechanized -1 in forest
  out.nonMech = all + rot;
  out.security = all;
  out.soviet = round === 1 && supportOn ? counts[RAID]! : 0; // SCS 10.10: Raid +1, first round
  if (kind === 'breakout') out.soviet = 0;
  return out;
}
