/**
 * Combat support at the Advanced level (DC 2.A.2): German HQs and the STAVKA HQ (DC 13.B.7), Soviet
 * air (13.A.1-3: air-to-air, flak, +1 per surviving air unit), Soviet artillery and rockets, and
 * what isolation does to them (17.B). The Introductory level has none of these units, so nothing
 * here runs there. Spec C-4 (air-to-air) and C-5 (flak) expose their exact distributions below,
 * computed from the same CRT rows the battle rolls on.
 */
import { randInt } from '../../core/rng.js';
import type { HqOption } from './decisions.js';
import { weatherAt } from './movement.js';
import type { TypeRule } from './resolve.js';
import type { Battle, DcState, DcUnit } from './state.js';
import { inSupply } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** Units whose contribution is not their own fire factor: HQs, STAVKA, Soviet air (DC 13.A.3, 13.B.7). */
export function isSupport(ty: TypeRule): boolean {
  return ty.role === 'hq' || ty.role === 'stavka' || ty.role === 'air';
}

/** DC 17.B: isolated Soviet artillery, rocket and air units cannot fire (judged at the moment of combat). */
export function silencedByIsolation(s: DcState, ws: DcWorkspace, u: DcUnit, ty: TypeRule): boolean {
  return (ty.role === 'artillery' || ty.role === 'air') && !inSupply(s, ws, u);
}

/** DC 8.C.3.a: a unit's fire factor, out of supply where its counter says so (the Shock Army fires 1). */
export function unitFire(s: DcState, ws: DcWorkspace, u: DcUnit, ty: TypeRule): number {
  if (ty.ffOutOfSupply !== undefined && !inSupply(s, ws, u)) return ty.ffOutOfSupply;
  return ty.ff;
}

/** DC 13.B.7: the ground units STAVKA may support: rifle, Shock and Guards rifle armies, armour, cavalry. */
function stavkaSupports(ty: TypeRule): boolean {
  return (
    ty.id === 'sov-rifle' ||
    ty.id === 'sov-shock' ||
    ty.id === 'sov-gds-inf' ||
    ty.id === 'pol-army' ||
    ty.armour ||
    ty.cavalry
  );
}

/**
 * Undispersed ground units of the side that an HQ (or STAVKA, `stavka`) may support in this battle;
 * `armourOnly`: armour units only (a Panzer HQ under variant pzhq-armour-only).
 */
function supportable(s: DcState, units: readonly number[], stavka: boolean, armourOnly = false): number {
  let n = 0;
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st !== 0 || u.disp) continue;
    const ty = s.rules.types[u.t]!;
    if (isSupport(ty) || ty.id === 'factory' || ty.ff === 0) continue;
    if (stavka && !stavkaSupports(ty)) continue;
    if (armourOnly && !ty.armour) continue;
    n++;
  }
  return n;
}

/** Soviet ground units present with the air units (DC 13.A.3; variant sov-air-alone: undispersed ones). */
function sovietGround(s: DcState, units: readonly number[]): boolean {
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st !== 0) continue;
    const ty = s.rules.types[u.t]!;
    if (ty.role === 'air' || ty.id === 'factory') continue;
    if (!s.rules.airNeedsUndispersed || !u.disp) return true;
  }
  return false;
}

/** DC 13.B.7 (variants hq-support, hq-scope): what attacking German HQ `i` adds to `units`' fire now. */
function attackHqValue(s: DcState, ws: DcWorkspace, units: readonly number[], i: number): number {
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  const strength = inSupply(s, ws, u) ? ty.ff : 1;
  const n = supportable(s, units, false, s.rules.pzhqArmourOnly && ty.id === 'ger-pzhq');
  return s.rules.hqFlat ? (n > 0 ? strength : 0) : Math.min(strength, n);
}

/**
 * D-22 (DC 13.B.7): the attacking stack's undispersed HQs, one per (type, in supply) signature,
 * ordered by the support they add now (best first; the first of equals in unit order).
 */
export function hqOptions(s: DcState, ws: DcWorkspace, b: Battle): HqOption[] {
  const seen = new Set<string>();
  const found: [number, number][] = [];
  for (const i of b.attackers) {
    const u = s.units[i]!;
    if (u.st !== 0 || u.disp || s.rules.types[u.t]!.role !== 'hq') continue;
    const sig = `${u.t}|${inSupply(s, ws, u) ? 1 : 0}`;
    if (seen.has(sig)) continue;
    seen.add(sig);
    found.push([i, attackHqValue(s, ws, b.attackers, i)]);
  }
  found.sort((x, y) => y[1] - x[1]);
  return found.map(([unit]) => ({ type: 'hq', unit }));
}

/**
 * The support one side of battle `b` adds to its fire, each part as [value, multiplied by German air].
 * DC 13.B.7: an attacking stack uses one HQ (the one chosen at D-22, else the best), a defending stack as many as it has units to
 * support, each HQ +1 per supported unit up to its FF (variant hq-flat: its FF); an isolated HQ
 * supports at 1 (17.B). STAVKA: +1 per eligible unit, up to 4. DC 13.A.3: each Soviet air unit +1,
 * with Soviet ground units present; isolated air cannot fire (17.B).
 */
export function supportParts(s: DcState, ws: DcWorkspace, b: Battle, attacker: boolean, out: number[]): void {
  const units = attacker ? b.attackers : b.defenders;
  let hqLeft = -1;
  let bestAttHq = 0;
  let bestAttHqMult = false;
  const hqs: [number, boolean][] = [];
  let airPlus = 0;
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st !== 0 || u.disp) continue;
    const ty = s.rules.types[u.t]!;
    if (ty.role === 'air') {
      if (!silencedByIsolation(s, ws, u, ty)) airPlus++;
      continue;
    }
    if (ty.role !== 'hq' && ty.role !== 'stavka') continue;
    const supplied = inSupply(s, ws, u);
    const strength = supplied ? ty.ff : 1;
    if (ty.role === 'stavka') {
      const n = supportable(s, units, true);
      const v = s.rules.hqFlat ? (n > 0 ? strength : 0) : Math.min(strength, n);
      if (v > 0) out.push(v, 0);
      continue;
    }
    if (hqLeft < 0) hqLeft = supportable(s, units, false);
    if (attacker) {
      // D-22: the chosen HQ alone; variant hq-fallback: once it cannot support (eliminated or
      // dispersed), the best remaining HQ (hq-fallback-best, default) or none (hq-fallback-none)
      if (b.hq >= 0 && b.hq !== i && (s.rules.hqFallbackNone || hqUsable(s, b))) continue;
      // DC 13.B.7 (variant hq-scope): a Panzer HQ may support armour only
      const n = s.rules.pzhqArmourOnly && ty.id === 'ger-pzhq' ? supportable(s, units, false, true) : hqLeft;
      const v = s.rules.hqFlat ? (n > 0 ? strength : 0) : Math.min(strength, n);
      if (v > bestAttHq) {
        bestAttHq = v;
        bestAttHqMult = supplied;
      }
    } else hqs.push([strength, supplied]);
  }
  if (attacker && bestAttHq > 0) out.push(bestAttHq, bestAttHqMult ? 1 : 0);
  if (!attacker) {
    hqs.sort((a, c) => c[0] - a[0]);
    for (const [strength, supplied] of hqs) {
      if (hqLeft <= 0) break;
      const v = s.rules.hqFlat ? strength : Math.min(strength, hqLeft);
      hqLeft -= s.rules.hqFlat ? 1 : v;
      out.push(v, supplied ? 1 : 0);
    }
  }
  // DC 7.B.3: Soviet air is grounded by Mud (no attack); it defends normally
  if (attacker && b.att === 1 && weatherAt(s, b.at) === 1) airPlus = 0;
  if (airPlus > 0 && sovietGround(s, units)) out.push(airPlus, 0);
}

/** D-22: the HQ chosen for battle `b` is still on the battle's attacking side, undispersed. */
function hqUsable(s: DcState, b: Battle): boolean {
  const u = s.units[b.hq]!;
  return u.st === 0 && !u.disp && u.side === b.att && u.atk === b.at;
}

/** Soviet air units alive in the battle on the Soviet side. */
export function sovietAir(s: DcState, b: Battle): number[] {
  const units = b.att === 1 ? b.attackers : b.defenders;
  const out: number[] = [];
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st === 0 && s.rules.types[u.t]!.role === 'air') out.push(i);
  }
  return out;
}

function axisGround(s: DcState, b: Battle): boolean {
  const units = b.att === 0 ? b.attackers : b.defenders;
  for (const i of units) if (s.units[i]!.st === 0) return true;
  return false;
}

type Crt = readonly (readonly number[])[];

/** The CRT result of one die on column `col` (columns above the top are clamped to it). */
function crtOf(table: Crt, maxColumn: number, col: number, die: number): number {
  return table[Math.min(col, maxColumn) - 1]![die - 1]!;
}
function crt(s: DcState, col: number, die: number): number {
  return crtOf(s.rules.crt, s.rules.maxColumn, col, die);
}

/**
 * Spec C-4: the distribution of Soviet air survivors after air-to-air with `german` German air units
 * (DC 13.A.1.a: one roll per German air unit on the column of the current Soviet survivors; the
 * result is the survivors, clamped to those present). Index = survivors.
 */
export function airToAirDistribution(s: DcState, soviet: number, german: number): number[] {
  return airToAirOn(s.rules.crt, s.rules.maxColumn, soviet, german);
}

/** `airToAirDistribution` on a given CRT (the odds provider's). */
export function airToAirOn(table: Crt, maxColumn: number, soviet: number, german: number): number[] {
  let dist = new Array<number>(soviet + 1).fill(0);
  dist[soviet] = 1;
  for (let r = 0; r < german; r++) {
    const next = new Array<number>(soviet + 1).fill(0);
    dist.forEach((p, n) => {
      if (p === 0) return;
      if (n === 0) {
        next[0]! += p;
        return;
      }
      for (let d = 1; d <= 6; d++) next[Math.min(n, crtOf(table, maxColumn, n, d))]! += p / 6;
    });
    dist = next;
  }
  return dist;
}

/** Spec C-5: the distribution of Soviet air losses to flak (DC 13.A.1.b: one roll; result = lost). */
export function flakDistribution(s: DcState, soviet: number): number[] {
  return flakOn(s.rules.crt, s.rules.maxColumn, soviet);
}

/** `flakDistribution` on a given CRT (the odds provider's). */
export function flakOn(table: Crt, maxColumn: number, soviet: number): number[] {
  const out = new Array<number>(soviet + 1).fill(0);
  for (let d = 1; d <= 6; d++) out[Math.min(soviet, crtOf(table, maxColumn, soviet, d))]! += 1 / 6;
  return out;
}

/**
 * DC 13.A.1-2: the distribution of the Soviet air units surviving the air combat over battle `b`
 * (index: survivors), as `airCombat` rolls it; null when there is no air combat.
 */
export function airCombatOdds(s: DcState, b: Battle): number[] | null {
  const air = sovietAir(s, b).length;
  if (air === 0) return null;
  const german = b.att === 0 ? b.airAtt + b.grpAir.length : b.airDef;
  if (german > 0) return airToAirDistribution(s, air, german);
  if (!axisGround(s, b)) return null;
  // flak: the index is the number shot down
  const shot = flakDistribution(s, air);
  const out = new Array<number>(air + 1).fill(0);
  shot.forEach((p, k) => {
    out[air - k]! += p;
  });
  return out;
}

/**
 * DC 13.A.1-2: the air combat over a battle's point, before ground combat. Returns the Soviet air
 * units shot down (the caller eliminates them); German air is never affected.
 */
export function airCombat(s: DcState, ws: DcWorkspace, b: Battle, dice?: number[]): number[] {
  const air = sovietAir(s, b);
  if (air.length === 0) return [];
  const german = b.att === 0 ? b.airAtt + b.grpAir.length : b.airDef;
  const rng = ws.streams.stream('combat');
  let survivors = air.length;
  if (german > 0) {
    for (let r = 0; r < german && survivors > 0; r++) {
      const d = randInt(rng, 1, 6);
      dice?.push(d);
      survivors = Math.min(survivors, crt(s, survivors, d));
    }
  } else if (axisGround(s, b)) {
    const d = randInt(rng, 1, 6);
    dice?.push(d);
    survivors -= Math.min(survivors, crt(s, survivors, d));
  } else return [];
  return air.slice(survivors);
}
