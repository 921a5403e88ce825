/**
 * DC 5.D: the Hungarian 1st and 2nd Armies may not leave Hungary until June 1942, and only one of
 * them may leave then (variant group hun-release). Which one is the Axis player's decision D-13
 * `hun-release` (H1, H2, or neither yet), asked in the Axis R/R Phase from June 1942 while the
 * restriction binds: in June 1942 only under hun-one-then-other (the other is free from July), in
 * every turn until one is named under hun-one-ever. A Soviet invasion of Hungary or attack on a
 * Hungarian army lifts the restriction (s.hunFree, movement.ts).
 */
import type { Decision } from '../../core/game.js';
import type { DcDecision, HunOption } from './decisions.js';
import { tell } from './narrate.js';
import type { DcState } from './state.js';
import { mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** Turn number of June 1942 (May 1941 = 1). */
export const JUN42 = 14;

/** DC 5.D: is the one-army restriction binding this turn (the choice of D-13 to be made)? */
export function hunReleaseOpen(s: DcState): boolean {
  if (s.hunFree || s.hunRel >= 0 || s.turn < JUN42) return false;
  return s.turn === JUN42 || s.rules.hunOneEver;
}

/** D-13 options: neither yet, then each Hungarian army in Hungary (identical counters at one point once). */
export function hunReleaseOptions(s: DcState): HunOption[] {
  const m = mapOf(s);
  const out: HunOption[] = [];
  const seen = new Set<string>();
  s.units.forEach((u, i) => {
    if (u.st !== 0 || s.rules.types[u.t]!.nation !== 'hungarian' || m.nation[u.at] !== 'Hungary') return;
    const sig = `${u.t}|${u.at}|${u.losses}|${u.disp ? 1 : 0}|${u.fort ? 1 : 0}`;
    if (seen.has(sig)) return;
    seen.add(sig);
    out.push({ type: 'hun', unit: i });
  });
  if (out.length === 0) return out;
  return [{ type: 'hun', unit: -1 }, ...out];
}

/** D-13: the release decision, asked with the task on the stack (its answer pops it); null when none (pops it). */
export function hunReleaseStep(s: DcState): DcDecision | null {
  const options = hunReleaseOpen(s) ? hunReleaseOptions(s) : [];
  if (options.length === 0) {
    s.stack.pop();
    return null;
  }
  return { kind: 'hun-release', side: 'axis', rule: 'DC 5.D', options } as Decision<'hun-release', HunOption>;
}

/** Carries out a D-13 answer: the army named may leave Hungary (DC 5.D). */
export function applyHunRelease(s: DcState, ws: DcWorkspace, o: HunOption): void {
  if (o.unit < 0) return;
  s.hunRel = o.unit;
  tell(s, ws, 0, 'DC 5.D', `${s.units[o.unit]!.label} released from Hungary`);
}
