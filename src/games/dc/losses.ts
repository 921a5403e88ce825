/**
 * Losses in combat and fortresses (DC 13.B.2, 10.C, 18, 13.B.8): the fortress's bonus to the
 * defenders' fire (10.C.2), the losses a defender takes after its fortress absorbs some (10.C.1)
 * and its field fortifications first (18), one loss on a unit (dispersal, then
 * elimination past its limit), the signature groups able to take the next loss, and the
 * elimination of a unit (to the dead pile) that every chapter uses.
 */
import type { LossOption } from './decisions.js';
import type { Battle, DcState, SideIx } from './state.js';
import { other } from './state.js';
import { inSupply, mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** DC 10.C.2: the fortress's bonus to the defenders' fire total in battle `b` (at most one per undispersed major infantry unit). */
export function fortressFire(s: DcState, b: Battle): number {
  return Math.min(
    Math.max(0, fortressClass(s, b.at, other(b.att), true)),
    majorInfantryUndispersed(s, b.defenders),
  );
}

/** DC 10.C: the fortress class the defenders of `p` (side `side`) use, before the undispersed cap. */
export function fortressClass(s: DcState, p: number, side: SideIx, forFire: boolean): number {
  const m = mapOf(s);
  const cls = m.fortClass[p]!;
  if (cls === 0) return 0;
  const enemySide = m.side1941[p] !== side;
  if (!enemySide) return cls;
  return forFire && !s.rules.fortressFireReduced ? cls : cls - 1;
}

export function majorInfantryUndispersed(s: DcState, units: readonly number[]): number {
  let n = 0;
  for (const i of units) {
    const u = s.units[i]!;
    const ty = s.rules.types[u.t]!;
    if (u.st === 0 && !u.disp && ty.major && ty.infantryType) n++;
  }
  return n;
}

/** DC 10.C, 18: the losses the defender takes of `l` rolled, and how many fortifications must absorb first. */
export function defenderLosses(s: DcState, b: Battle, l: number): [number, number] {
  let forts = 0;
  for (const i of b.defenders) {
    const u = s.units[i]!;
    if (u.st === 0 && u.fort) forts++;
  }
  const r = Math.min(
    Math.max(0, fortressClass(s, b.at, other(b.att), false)),
    majorInfantryUndispersed(s, b.defenders),
  );
  if (s.rules.fortressFirst) {
    const after = Math.max(0, l - r);
    return [after, Math.min(after, forts)];
  }
  const a = Math.min(l, forts);
  return [a + Math.max(0, l - a - r), a];
}

/** Destroys the all-out units of a side after their die (DC 13.B.8). */
export function spendAllOut(s: DcState, b: Battle, defender = false): void {
  for (const i of defender ? b.defenders : b.attackers) {
    const u = s.units[i]!;
    if (u.st === 0 && u.allOut) destroy(s, i);
  }
}

/** DC 13.B.2: unit `i` is eliminated (to the dead pile). */
export function destroy(s: DcState, i: number): void {
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  u.st = 1;
  u.at = -1;
  u.atk = -1;
  u.fort = false;
  u.disp = false;
  u.allOut = false;
  if (ty.id === 'factory') {
    s.factoriesLost++;
    s.stats.factoriesDestroyed++;
  } else if (u.side === 1) s.stats.sovietEliminated++;
  else if (ty.nation === 'german') s.stats.axisGermanEliminated++;
  else s.stats.axisAlliedEliminated++;
}

/** DC 13.B.2, 18: one loss on unit `i`. */
export function takeLoss(s: DcState, b: Battle, i: number): void {
  const u = s.units[i]!;
  if (u.fort) {
    u.fort = false;
    if (b.fortLeft > 0) b.fortLeft--;
    return;
  }
  u.losses++;
  u.disp = true;
  const ty = s.rules.types[u.t]!;
  // DC 8.C.3.a: the Shock Army out of supply dies at its first loss (limitOos)
  const limit = ty.limitOos !== undefined && b.oos?.includes(i) === true ? ty.limitOos : ty.limit;
  if (u.losses > limit) destroy(s, i);
}

/** D-23: the signature groups of units able to take the next loss (forts first when owed). */
export function lossOptions(s: DcState, ws: DcWorkspace, b: Battle, units: readonly number[]): LossOption[] {
  // the signatures seen (type, losses, dispersed, fortified, all out, isolated air) packed in one number
  const seen: number[] = [];
  const out: LossOption[] = [];
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st !== 0 || (b.fortLeft > 0 && !u.fort)) continue;
    // DC 13.A.3: Soviet air never absorbs losses; variant sov-air-absorb: 17.B "They may absorb
    // repulses or breakthroughs" read to include isolated air (judged at the moment of combat)
    let iso = 0;
    if (s.rules.types[u.t]!.role === 'air') {
      if (!s.rules.airAbsorbsIsolated || inSupply(s, ws, u)) continue;
      iso = 1;
    }
    const sig =
      ((((u.t * 65536 + u.losses) * 2 + (u.disp ? 1 : 0)) * 2 + (u.fort ? 1 : 0)) * 2 + (u.allOut ? 1 : 0)) *
        2 +
      iso;
    if (seen.includes(sig)) continue;
    seen.push(sig);
    out.push({ type: 'loss', unit: i });
  }
  return out;
}
