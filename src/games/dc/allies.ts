/**
 * Axis allies losing their capital (DC 8.B note; RULES-CHECKLIST, variant group
 * defection): "Axis Allied troops whose capital is lost to the Soviets become Soviet controlled and
 * must return to their home country as soon as possible and remain", and "once an Axis Allied
 * country has been knocked out of the war or defects to the Soviets, no further reinforcements for
 * that country appear". The capitals on the map are Helsinki (Finland) and Bucharest (Rumania);
 * Hungary and Italy have none, so they never defect. Judged at the start of every player turn.
 * Readings: defection-removed (default) — the ally's units leave play; defection-soviet — they
 * leave the Axis and hold their home country for the Soviets: its points without Axis units pass to
 * Soviet control.
 */
import { takeControl } from './control.js';
import { tell } from './narrate.js';
import type { DcState } from './state.js';
import { mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** [nation, capital, home country] of the allies that can defect, in `allyStatus` order. */
export const DEFECTORS: readonly (readonly [string, string, string])[] = [
  ['finnish', 'HEL', 'Finland'],
  ['rumanian', 'BUC', 'Rumania'],
];

/** ally status, 0 active, 2 defected (the rules name no other way out of the war). */
export function defected(s: DcState, nation: string): boolean {
  const k = DEFECTORS.findIndex((d) => d[0] === nation);
  return k >= 0 && s.allyStatus[k] === 2;
}

/** Applies the defection of every ally whose capital is Soviet-controlled (start of a player turn). */
export function checkDefections(s: DcState, ws: DcWorkspace): void {
  const m = mapOf(s);
  DEFECTORS.forEach(([nation, capital, home], k) => {
    if (s.allyStatus[k] !== 0 || s.control[m.index.get(capital)!] !== 1) return;
    s.allyStatus[k] = 2;
    s.stats.alliesDefected++;
    for (const u of s.units) {
      if (s.rules.types[u.t]!.nation !== nation || u.st === 2) continue;
      // out of play for good: on the map, or in the dead pile waiting for a rebuild (8.A.1.b)
      u.st = 2;
      u.at = -1;
      u.atk = -1;
      u.fort = false;
    }
    if (s.rules.defectionSoviet)
      for (let p = 0; p < m.n; p++) {
        if (m.nation[p] !== home) continue;
        let axis = false;
        for (const u of s.units) if (u.st === 0 && u.at === p && u.side === 0) axis = true;
        if (!axis) takeControl(s, p, 1);
      }
    tell(s, ws, 1, 'DC 8.B', `${home} leaves the war: its capital ${m.names[m.index.get(capital)!]} is lost`);
  });
}
