/**
 * Soviet composite units (DC 8.C.3, Advanced level; spec D-36 `composite`): in the Soviet R/R Phase
 * the Soviet player may combine units that are together on one point, undispersed and in supply,
 * into a Shock Army, cavalry-mechanized group, tank army (from June 1942), Guards infantry army
 * (from 1942), Guards tank army (from January 1943) or, with the optional rule 21 (variant
 * paratroops-on), a parachute corps. The composite is dispersed on creation and never broken down;
 * composites are limited by the counter mix (a counter never in play, or an eliminated one). The
 * components' counters go to the dead pile, free to be produced again. Asked one composite at a
 * time, the capacities (components left) recomputed after each answer.
 */
import type { Decision } from '../../core/game.js';
import type { CompositeOption, DcDecision } from './decisions.js';
import { tell } from './narrate.js';
import { unit } from './setup.js';
import type { DcState, DcTask } from './state.js';
import { inSupply } from './supply.js';
import type { DcWorkspace } from './workspace.js';

type Task = DcTask & { t: 'composite' };

/** Turn numbers are those of a June game (May 1941 = 1): the composites' first months (8.C.3.c-e). */
function allowedType(s: DcState, t: number): boolean {
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
function recipes(s: DcState, t: number): readonly (readonly string[])[] {
  const ty = s.rules.types[t]!;
  return ty.id === 'sov-para' && s.rules.paraTwoArmies ? PARA_TWO : ty.composite!.of;
}

/** A counter of composite type `t` is free: never yet in play (pool-counter-mix), or eliminated. */
function counterFree(s: DcState, t: number): boolean {
  if (!s.rules.poolDeadOnly && s.pool[t]! > 0) return true;
  for (const u of s.units) if (u.t === t && u.side === 1 && u.st === 1) return true;
  return false;
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
    if (!allowedType(s, t) || !counterFree(s, t)) return;
    recipes(s, t).forEach((recipe, k) => {
      for (const p of sorted)
        if (components(s, ws, p, recipe) !== null)
          out.push({ type: 'composite', unitType: t, recipe: k, at: p });
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
  let c = -1;
  if (!s.rules.poolDeadOnly && s.pool[o.unitType]! > 0) {
    s.pool[o.unitType]!--;
    s.units.push(unit(o.unitType, 1, ty.name, -1, false, 1));
    c = s.units.length - 1;
  } else c = s.units.findIndex((u) => u.t === o.unitType && u.side === 1 && u.st === 1);
  const u = s.units[c]!;
  u.st = 0;
  u.at = o.at;
  u.losses = 0;
  u.disp = true;
  u.fort = false;
  u.atk = -1;
  u.iso = false;
  u.allOut = false;
  s.stats.compositesBuilt++;
  tell(s, ws, 1, 'DC 8.C.3', `${ty.name} formed`);
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
