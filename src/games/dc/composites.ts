/**
 * Soviet composite units (DC 8.C.3, Advanced level; RULES-CHECKLIST D-36 `composite`): in the Soviet R/R Phase
 * the Soviet player may combine units that are together on one point, undispersed and in supply,
 * into a Shock Army, cavalry-mechanized group, tank army (from June 1942), Guards infantry army
 * (from 1942), Guards tank army (from January 1943) or, with the optional rule 21 (variant
 * paratroops-on), a parachute corps. The composite is dispersed on creation and never broken down;
 * composites are limited by the counter mix (a counter never in play, or an eliminated one). The
 * components' counters go to the dead pile, free to be produced again. Asked one composite at a
 * time, the capacities (components left) recomputed after each answer. DC 8.C.3.e (variant
 * gta-number): the tank army and Guards tank army counters are numbered 1..their counter mix (the
 * data gives none: the k-th counter of each type is number k), and a tank army and a Guards tank army
 * with the same number may not both be on the map; a composite takes the lowest number allowed.
 */
import type { Decision } from '../../core/game.js';
import type { CompositeOption, DcDecision } from './decisions.js';
import { tell } from './narrate.js';
import type { DcState, DcTask } from './state.js';
import { unit } from './state.js';
import { inSupply } from './supply.js';
import type { DcWorkspace } from './workspace.js';

type Task = DcTask & { t: 'composite' };

/** Turn numbers are those of a June game (May 1941 = 1): the composites' first months (8.C.3.c-e). */
export function allowedType(s: DcState, t: number): boolean {
  const ty = s.rules.types[t]!;
  const c = ty.composite;
  if (c === undefined || s.turn < c.fromTurn) return false;
  // DC 21 (variant paratroops): parachute corps exist only with the optional rule
  if (ty.id === 'sov-para' && !s.rules.paratroops) return false;
  return true;
}

/** DC 21.F (variant para-build para-two-armies): a parachute corps is a composite of two rifle armies. */
const PARA_TWO: readonly (readonly string[])[] = [['sov-rifle', 'sov-rifle']];

/** The component sets of composite type `t` under the rules in force. */
export function recipes(s: DcState, t: number): readonly (readonly string[])[] {
  const ty = s.rules.types[t]!;
  return ty.id === 'sov-para' && s.rules.paraTwoArmies ? PARA_TWO : ty.composite!.of;
}

/** DC 8.C.3.e: the type whose counters share numbers with type `t` (tank army <-> Guards tank army), or -1. */
function partnerType(s: DcState, t: number): number {
  if (!s.rules.gtaNumbered) return -1;
  const id = s.rules.types[t]!.id;
  const other = id === 'sov-tankarmy' ? 'sov-gds-tank' : id === 'sov-gds-tank' ? 'sov-tankarmy' : '';
  return other === '' ? -1 : s.rules.types.findIndex((x) => x.id === other);
}

/**
 * The counter a composite of type `t` takes (DC 8.C.3): an eliminated one (`unit`) or a new one from
 * the pool (`unit` -1), with its number under gta-number (`no`, 0: unnumbered); null when none is
 * free. `leaving`: the components, off the map once it is formed.
 */
export function freeCounter(
  s: DcState,
  t: number,
  leaving: readonly number[],
): { unit: number; no: number } | null {
  const fromPool = !s.rules.poolDeadOnly && s.pool[t]! > 0;
  const partner = partnerType(s, t);
  if (partner < 0) {
    if (fromPool) return { unit: -1, no: 0 };
    const i = s.units.findIndex((u) => u.t === t && u.side === 1 && u.st === 1);
    return i < 0 ? null : { unit: i, no: 0 };
  }
  // DC 8.C.3.e: numbers 1..the counter mix; a number is taken by a counter of type t in play, or
  // barred by the partner type's counter of that number on the map
  const mix = s.rules.counterMix[s.rules.types[t]!.id];
  const max = mix ?? s.units.length + s.pool[t]!;
  const used = new Set<number>();
  const barred = new Set<number>();
  const dead = new Map<number, number>();
  s.units.forEach((u, i) => {
    if (u.no === undefined) return;
    if (u.t === t) {
      if (u.st === 1 && !dead.has(u.no)) dead.set(u.no, i);
      else if (u.st !== 1) used.add(u.no);
    } else if (u.t === partner && u.st === 0 && !leaving.includes(i)) barred.add(u.no);
  });
  for (let n = 1; n <= max; n++) {
    if (used.has(n) || barred.has(n)) continue;
    const i = dead.get(n);
    if (i !== undefined) return { unit: i, no: n };
    if (fromPool) return { unit: -1, no: n };
  }
  return null;
}

/** Undispersed, in-supply Soviet units of `typeId` at point `p`, by index. */
function ready(s: DcState, ws: DcWorkspace, p: number, typeId: string): number[] {
  const out: number[] = [];
  s.units.forEach((u, i) => {
    if (u.st !== 0 || u.side !== 1 || u.at !== p || u.disp) return;
    if (s.rules.types[u.t]!.id !== typeId) return;
    if (u.atk >= 0 || !inSupply(s, ws, u)) return;
    out.push(i);
  });
  return out;
}

/** The components a recipe takes at point `p`, or null when they are not all there. */
function components(s: DcState, ws: DcWorkspace, p: number, recipe: readonly string[]): number[] | null {
  const taken: number[] = [];
  for (const id of recipe) {
    const c = ready(s, ws, p, id).find((i) => !taken.includes(i));
    if (c === undefined) return null;
    taken.push(c);
  }
  return taken;
}

/** D-36 options: each composite type, recipe and point where it can be built now; first, stop. */
export function compositeOptions(s: DcState, ws: DcWorkspace): CompositeOption[] {
  const out: CompositeOption[] = [];
  const points = new Set<number>();
  for (const u of s.units) if (u.side === 1 && u.st === 0 && !u.disp) points.add(u.at);
  const sorted = [...points].sort((a, b) => a - b);
  s.rules.types.forEach((_ty, t) => {
    if (!allowedType(s, t) || (freeCounter(s, t, []) === null && partnerType(s, t) < 0)) return;
    recipes(s, t).forEach((recipe, k) => {
      for (const p of sorted) {
        const parts = components(s, ws, p, recipe);
        if (parts !== null && freeCounter(s, t, parts) !== null)
          out.push({ type: 'composite', unitType: t, recipe: k, at: p });
      }
    });
  });
  if (out.length === 0) return out;
  return [{ type: 'composite', unitType: -1, recipe: -1, at: -1 }, ...out];
}

/** Builds the composite of option `o` (DC 8.C.3): components to the dead pile, the composite dispersed. */
export function buildComposite(s: DcState, ws: DcWorkspace, o: CompositeOption): void {
  const ty = s.rules.types[o.unitType]!;
  const parts = components(s, ws, o.at, recipes(s, o.unitType)[o.recipe]!);
  if (parts === null) throw new Error(`DC: composite ${ty.id} at ${o.at} lacks its components`);
  for (const i of parts) {
    const u = s.units[i]!;
    u.st = 1;
    u.at = -1;
    u.fort = false;
    u.disp = false;
    u.losses = 0;
  }
  const free = freeCounter(s, o.unitType, parts);
  if (free === null) throw new Error(`DC: composite ${ty.id} at ${o.at} has no counter`);
  placeComposite(s, o.unitType, free, o.at);
  s.stats.compositesBuilt++;
  tell(s, ws, 1, 'DC 8.C.3', `${ty.name} formed`);
}

/** Puts the composite counter `free` (freeCounter) of type `t` on point `at`, dispersed (DC 8.C.3). */
export function placeComposite(s: DcState, t: number, free: { unit: number; no: number }, at: number): void {
  const ty = s.rules.types[t]!;
  let c = free.unit;
  if (c < 0) {
    s.pool[t]!--;
    s.units.push(unit(t, 1, free.no > 0 ? `${free.no} ${ty.name}` : ty.name, -1, false, 1));
    c = s.units.length - 1;
    if (free.no > 0) s.units[c]!.no = free.no;
  }
  const u = s.units[c]!;
  u.st = 0;
  u.at = at;
  u.losses = 0;
  u.disp = true;
  u.fort = false;
  u.atk = -1;
  u.iso = false;
  u.allOut = false;
}

/** The composite task's next decision, or null when no composite can be built (the task ends). */
export function compositeStep(s: DcState, ws: DcWorkspace, task: Task): DcDecision | null {
  const opts = task.done ? [] : compositeOptions(s, ws);
  if (opts.length === 0) {
    s.stack.pop();
    return null;
  }
  return {
    kind: 'composite',
    side: 'soviet',
    rule: 'DC 8.C.3',
    options: opts,
  } as Decision<'composite', CompositeOption>;
}

export function applyComposite(s: DcState, ws: DcWorkspace, task: Task, o: CompositeOption): void {
  if (o.unitType < 0) task.done = true;
  else buildComposite(s, ws, o);
}
