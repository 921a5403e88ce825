/**
 * Fire totals (DC 13.B.2, 13.A.4, 14, 10.C): a side's fire in a battle from its undispersed units,
 * the German air multiplier (with the air accompanying breakthrough groups, 14.B.4), the Advanced
 * support (support.ts), the breakthrough halving (14.A, 16) and the fortress bonus (10.C).
 */
import { fortressFire } from './losses.js';
import type { Battle, DcState, DcUnit } from './state.js';
import { inSupply } from './supply.js';
import { isSupport, silencedByIsolation, supportParts, unitFire } from './support.js';
import type { DcWorkspace } from './workspace.js';

/** DC 13.A.4 (variant lw-allies): is unit `u` multiplied by German air on this side of the battle? */
function airMultiplied(s: DcState, ws: DcWorkspace, u: DcUnit, attacking: boolean): boolean {
  if (u.side !== 0) return false;
  const german = s.rules.types[u.t]!.nation === 'german';
  const lw = s.rules.lwAllies;
  const ok = lw === 'all-axis' ? true : lw === 'german-only' ? german : attacking ? german : true;
  return ok && inSupply(s, ws, u);
}

/** DC 13.B.2: the fire total of one side of battle `b` (undispersed units, air, fortress bonus). */
export function fireTotal(s: DcState, ws: DcWorkspace, b: Battle, attacker: boolean): number {
  const units = attacker ? b.attackers : b.defenders;
  const air = attacker ? b.airAtt : b.airDef;
  const adv = s.rules.level === 'advanced';
  let total = 0;
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st !== 0 || u.disp) continue;
    const ty = s.rules.types[u.t]!;
    // DC 13.A.3, 13.B.7, 17.B (support.ts): HQs, STAVKA and air add by their own rules
    if (adv && (isSupport(ty) || silencedByIsolation(s, ws, u, ty))) continue;
    const v = u.allOut ? ty.allOut : adv ? unitFire(s, ws, u, ty) : ty.ff;
    // DC 14.B.4: air accompanying a breakthrough group multiplies only the units it came with (from its point)
    const a = attacker && b.grpAir.length > 0 ? Math.min(4, air + groupAir(b, u.at)) : air;
    const mult = a > 0 && (!u.allOut || s.rules.allOutMultiplied) && airMultiplied(s, ws, u, attacker);
    const w = mult ? v * (1 + a) : v;
    // DC 16 (variant bt-per-unit-16): each unit halved, rounded up, after the air multiplier
    total += attacker && b.bt && s.rules.btPerUnit ? Math.ceil(w / 2) : w;
  }
  if (adv) {
    const parts: number[] = [];
    supportParts(s, ws, b, attacker, parts);
    for (let k = 0; k < parts.length; k += 2) {
      // DC 13.B.7 (variant air-hq-order): HQ support multiplied by German air unless added after it
      const w = air > 0 && parts[k + 1] === 1 && !s.rules.hqAfterAir ? parts[k]! * (1 + air) : parts[k]!;
      total += attacker && b.bt && s.rules.btPerUnit ? Math.ceil(w / 2) : w;
    }
  }
  // DC 14.A (variant bt-total-14A): the side's total halved, Soviet rounded down, Axis up
  if (attacker && b.bt && !s.rules.btPerUnit)
    total = b.att === 1 ? Math.floor(total / 2) : Math.ceil(total / 2);
  if (!attacker) total += fortressFire(s, b);
  return total;
}

/** DC 14.B.4: the German air units accompanying the breakthrough group from point `from` into battle `b`. */
function groupAir(b: Battle, from: number): number {
  let n = 0;
  for (const p of b.grpAir) if (p === from) n++;
  return n;
}

/** DC 13.A.4, 14.B.4: German air over battle `b` on the attacking side (committed and accompanying). */
export function attackAir(b: Battle): number {
  return b.airAtt + b.grpAir.length;
}

/** D-8 (DC 13.A.4): the placed, uncommitted air units at the origin points of `b`'s attackers (indices into `airUp`). */
export function airAtOrigins(s: DcState, b: Battle): number[] {
  const out: number[] = [];
  s.airUp.forEach((p, k) => {
    if (b.attackers.some((i) => s.units[i]!.st === 0 && s.units[i]!.at === p)) out.push(k);
  });
  return out;
}

/** The raw fire factors of the units (variant order-fp-raw). */
export function rawFire(s: DcState, units: readonly number[]): number {
  let t = 0;
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st === 0 && !u.disp) t += s.rules.types[u.t]!.ff;
  }
  return t;
}
