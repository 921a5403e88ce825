/**
 * Replacements (DC 8.A, 5.B): German replacement points from the yearly chart (8.A.1.a, from the
 * 2nd game turn; rebuilt German units enter dispersed at Warsaw), Axis-allied replacements every
 * March and September 1942-44 (8.A.1.b), Soviet victory-city replacement centres (8.A.2.a; none in
 * the first Soviet player turn, 5.B, variant sov-t1-inf), Rytishchevo's cavalry (8.A.2.a) and factory
 * production (8.A.2.b), all limited by the Soviet counter pool (8.A.2, variant sov-pool).
 */
import type { Decision } from '../../core/game.js';
import { dcData } from './data.js';
import type { DcDecision, ReplOption } from './decisions.js';
import { FACTORY_SCHEDULE } from './factories.js';
import { tell } from './narrate.js';
import { eastEntries } from './siberia.js';
import {
  type DcState,
  type DcTask,
  type DcUnit,
  monthOf,
  SIDE_IDS,
  type SideIx,
  unit,
  yearOf,
} from './state.js';
import { mapOf, supplyReach } from './supply.js';
import type { DcWorkspace } from './workspace.js';

const ALLY_NATIONS = ['finnish', 'hungarian', 'rumanian'] as const;
const ALLY_ENTRY: Readonly<Record<(typeof ALLY_NATIONS)[number], string>> = {
  finnish: 'HEL',
  hungarian: 'CLU',
  rumanian: 'BUC',
};

/** DC 8.A.1.a: points of a chart cell: [infantry-only, armour-capable]. */
export function cellPoints(cell: string): [number, number] {
  let inf = 0;
  let arm = 0;
  for (const ch of cell) {
    if (ch === 'I') inf++;
    else if (ch === 'A') arm++;
  }
  return [inf, arm];
}

/** Brings unit `i` into play at point `p`, dispersed (DC 8.A). */
function enterUnit(s: DcState, i: number, p: number): void {
  const u = s.units[i]!;
  u.st = 0;
  u.at = p;
  u.losses = 0;
  u.disp = true;
  u.fort = false;
  u.atk = -1;
  u.iso = false;
  u.allOut = false;
  // variant repl-strat-allowed: remembered so it may still move strategically this turn (DC 8.A)
  if (s.rules.replStratAllowed) s.repl.push(i);
}

/**
 * DC 8.A.2 (variant sov-pool): a Soviet counter of type `t` that may be produced — a counter of the
 * mix never yet in play (pool-counter-mix only), else an eliminated one — or -1.
 */
export function poolUnit(s: DcState, t: number, from = 0): number {
  if (!s.rules.poolDeadOnly && s.pool[t]! > 0) {
    s.pool[t]!--;
    s.units.push(unit(t, 1, s.rules.types[t]!.name, -1, false, 1));
    return s.units.length - 1;
  }
  for (let i = from; i < s.units.length; i++) {
    const u = s.units[i]!;
    if (u.t === t && u.side === 1 && u.st === 1) return i;
  }
  return -1;
}

/**
 * Produces a unit of type `typeId` at `p` (poolUnit). `scan`: per type, the index from which an
 * eliminated counter may still be found (none is eliminated during the production step, so the
 * counters passed over once need not be searched again).
 */
function produce(s: DcState, typeId: string, p: number, scan: Map<number, number>): boolean {
  const t = s.rules.types.findIndex((x) => x.id === typeId);
  const n = s.units.length;
  const i = poolUnit(s, t, scan.get(t) ?? 0);
  scan.set(t, i < 0 ? n : i < n ? i + 1 : (scan.get(t) ?? 0));
  if (i < 0) return false;
  enterUnit(s, i, p);
  s.stats.sovietProduced++;
  return true;
}

/** DC 8.A.2.b: what a factory of each type produces (artillery and air ones at the Advanced level only). */
const FACTORY_TYPE: Readonly<Record<string, string>> = {
  infantry: 'sov-rifle',
  tank: 'sov-tank',
  artillery: 'sov-art',
  air: 'sov-air',
};

function entrained(s: DcState, u: DcUnit): boolean {
  for (let k = 0; k < s.fac.ent.length; k += 2) if (s.units[s.fac.ent[k]!] === u) return true;
  return false;
}

/** The Soviet R/R phase's production (all automatic, RULES-CHECKLIST C-11). */
export function sovietProduction(s: DcState, ws: DcWorkspace): void {
  const m = mapOf(s);
  const reach = supplyReach(s, ws, 'soviet-overland');
  const month = monthOf(s.turn);
  const scan = new Map<number, number>();
  // DC 8.A.2.a: every Soviet victory city (13 with the errata centres) produces one rifle army; 5.B: none on turn 1
  const centres: number[] = [];
  for (let p = 0; p < m.n; p++) {
    if (m.vp[p] === 0 || m.side1941[p] !== 1) continue;
    if (!s.rules.centres2nd && (m.ids[p] === 'ROS' || m.ids[p] === 'DNE')) continue;
    centres.push(p);
  }
  let quota = centres.length;
  if (s.turn === s.first)
    quota = s.rules.sovT1Inf === 'full' ? quota : s.rules.sovT1Inf === 'half' ? Math.floor(quota / 2) : 0;
  let made = 0;
  for (const p of centres) {
    if (made >= quota) break;
    if (s.control[p] !== 1 || reach[p] !== 1) continue;
    if (produce(s, 'sov-rifle', p, scan)) made++;
  }
  // DC 8.A.2.a: Rytishchevo, one cavalry corps in March, July and November (variant ryt-supply)
  const ryt = m.index.get('RTI')!;
  const cav = dcData.points.find((x) => x.id === 'RTI')!.cavalryCentre ?? [];
  if (cav.includes(month) && s.control[ryt] === 1 && (!s.rules.rytNeedsSupply || reach[ryt] === 1))
    produce(s, 'sov-cav', ryt, scan);
  // DC 8.A.2.b: factories in overland supply produce in their months (5.B: from turn 1); entrained
  // factories (8.C.2.a) do not. A factory in Siberia (8.C.2.b) produces a unit that enters at the
  // first Soviet east-edge point in supply (8.A.2.c: Siberian units come in along the east-edge lines).
  let east = -2;
  for (const u of s.units) {
    if ((u.st !== 0 && u.st !== 4) || s.rules.types[u.t]!.id !== 'factory') continue;
    const f = FACTORY_SCHEDULE.get(u.label);
    if (f === undefined || !f.months.includes(month)) continue;
    const typeId = FACTORY_TYPE[f.type];
    if (typeId === undefined) continue;
    if (u.st === 0) {
      if (reach[u.at] === 1) produce(s, typeId, u.at, scan);
      continue;
    }
    if (entrained(s, u)) continue;
    if (east === -2) east = eastEntries(s, ws)[0] ?? -1;
    if (east >= 0) produce(s, typeId, east, scan);
  }
  tell(s, ws, 1, 'DC 8.A.2', `Soviet replacements: ${made} rifle army(ies) from the centres`);
}

/**
 * DC 8.A.1.a: the German replacement chart row a year reads, `shift` years on (parameter
 * ger-repl-table: -1 lean, +1 rich), within the chart's years 1941-1945.
 */
export function gerReplRow(year: number, shift: number): (typeof dcData.germanReplacements.rows)[number] {
  const y = Math.min(1945, Math.max(1941, year + shift));
  return dcData.germanReplacements.rows.find((r) => r.year === y)!;
}

/** DC 8.A.1.a: whether the German replacement die is rolled this turn (from the 2nd game turn). */
export function gerReplRolls(s: DcState): boolean {
  return s.turn > s.first;
}

/** DC 8.A.1.a: the German replacement points of `die` on this year's chart row (the repl-roll task ends). */
export function applyGerRepl(s: DcState, ws: DcWorkspace, die: number): void {
  s.stack.pop();
  const row = gerReplRow(yearOf(s.turn), s.rules.gerReplShift);
  const [inf, arm] = cellPoints(row.cells[die - 1]!);
  s.gerInf += inf;
  s.gerArm += arm;
  s.stats.gerReplPoints += inf + arm;
  tell(s, ws, 0, 'DC 8.A.1.a', `German replacements: ${row.cells[die - 1]} (${inf + arm} point(s))`, [die]);
}

/** DC 8.A.1: the Axis R/R phase: the rebuild decisions (the German die, `applyGerRepl`, is rolled before them). */
export function startAxisReplacements(s: DcState): void {
  // DC 8.A.1.b: one Finnish, Hungarian and Rumanian unit each March and September of 1942-44
  const month = monthOf(s.turn);
  const year = yearOf(s.turn);
  if ((month === 3 || month === 9) && year >= 1942 && year <= 1944)
    for (let k = 0; k < 3; k++) s.allyRepl[k]!++;
  s.stack.push({ t: 'repl', side: 0 });
}

/** DC 8.A.1.a: a German unit costs its FF in points; SS Panzer corps one more. */
function cost(ty: { readonly id: string; readonly ff: number }): number {
  return ty.ff + (ty.id === 'ger-sspz' ? 1 : 0);
}

/** D-9/D-10 options: save, or rebuild one eliminated unit type that can be afforded and can enter. */
function replOptions(s: DcState, ws: DcWorkspace): ReplOption[] {
  const m = mapOf(s);
  const out: ReplOption[] = [{ type: 'save' }];
  const seen = new Set<number>();
  const war = m.index.get('WAR')!;
  const entries = s.rules.gerReplAny ? germanEntries(s, ws) : null;
  s.units.forEach((u, i) => {
    if (u.st !== 1 || u.side !== 0 || seen.has(u.t)) return;
    const ty = s.rules.types[u.t]!;
    if (ty.nation === 'german') {
      // DC 8.A.1.a: cost = FF; armour needs armour points, infantry may use either
      const afford = ty.armour ? s.gerArm >= cost(ty) : s.gerInf + s.gerArm >= cost(ty);
      if (!afford) return;
      if (entries !== null) {
        seen.add(u.t);
        for (const p of entries) out.push({ type: 'rebuild', unit: i, at: p });
        return;
      }
      if (s.control[war] !== 0) return;
      seen.add(u.t);
      out.push({ type: 'rebuild', unit: i, at: war });
      return;
    }
    const k = ALLY_NATIONS.indexOf(ty.nation as (typeof ALLY_NATIONS)[number]);
    if (k < 0 || s.allyRepl[k]! <= 0) return;
    const at = m.index.get(ALLY_ENTRY[ALLY_NATIONS[k]!])!;
    // DC 8.B: an ally's replacements are lost once its entry point is Soviet-controlled
    if (s.control[at] !== 0) return;
    seen.add(u.t);
    out.push({ type: 'rebuild', unit: i, at });
  });
  return out;
}

/**
 * DC 8.B (variant ger-repl-any): Axis-controlled points in German supply with no Soviet unit, Warsaw
 * first, where rebuilt German units may enter.
 */
function germanEntries(s: DcState, ws: DcWorkspace): number[] {
  const m = mapOf(s);
  const reach = supplyReach(s, ws, 'german');
  const war = m.index.get('WAR')!;
  const out: number[] = [];
  for (let p = 0; p < m.n; p++) {
    if (s.control[p] !== 0 || reach[p] !== 1) continue;
    let foe = false;
    for (const x of s.units) if (x.st === 0 && x.at === p && x.side === 1) foe = true;
    if (!foe) out.push(p);
  }
  out.sort((a, b) => (a === war ? -1 : b === war ? 1 : a - b));
  return out;
}

export function replStep(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'repl' }): DcDecision | null {
  const opts = replOptions(s, ws);
  if (opts.length <= 1) {
    s.stack.pop();
    return null;
  }
  return {
    kind: 'ger-repl',
    side: SIDE_IDS[task.side as SideIx],
    rule: 'DC 8.A.1',
    options: opts,
  } as Decision<'ger-repl', ReplOption>;
}

export function applyRepl(s: DcState, ws: DcWorkspace, o: ReplOption): void {
  if (o.type === 'save') {
    s.stack.pop();
    return;
  }
  const u = s.units[o.unit]!;
  const ty = s.rules.types[u.t]!;
  if (ty.nation === 'german') {
    let left = cost(ty);
    if (!ty.armour) {
      const fromInf = Math.min(left, s.gerInf);
      s.gerInf -= fromInf;
      left -= fromInf;
    }
    s.gerArm -= left;
    s.stats.gerReplSpent += cost(ty);
  } else s.allyRepl[ALLY_NATIONS.indexOf(ty.nation as (typeof ALLY_NATIONS)[number])]!--;
  enterUnit(s, o.unit, o.at);
  tell(s, ws, 0, 'DC 8.A.1', `${u.label} rebuilt at ${mapOf(s).names[o.at]}`);
}
