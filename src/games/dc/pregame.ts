/**
 * Before the first turn (DC 3.A, 3.B, 8.C.1, 18): the start month (D-1, variant start), free set-up
 * (D-2/D-3 choices, D-4 placements in the 3.B.3 order a-c), the first expansion factory (D-5, due
 * for production in July 1941) and pre-game fortification of the Soviet border units (RULES-CHECKLIST C-9).
 * Stages of the `pregame` task: 0 start month, 1 Soviet set-up choice, 2 Axis set-up choice,
 * 3 step a (German units for Finland and Rumania), 4 step b (Soviet), 5 step c (the other Axis
 * units), 6 first factory, 7 pre-game fortification, then the game turn begins.
 */

import type { Decision } from '../../core/game.js';
import { unreachable } from '../../core/kernel.js';
import { dcData } from './data.js';
import type { DcDecision, PlaceOption, SetupChoiceOption, StartOption } from './decisions.js';
import { factoryPick } from './factories.js';
import type { DcMap } from './map.js';
import { tell } from './narrate.js';
import type { DcState, DcTask } from './state.js';
import { mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

type Task = DcTask & { t: 'pregame' };

/** DC 3.B.1: at most three infantry corps (and one HQ) set up at Memel. */
export const MEMEL_INFANTRY = 3;
/** DC 18: pre-game fortification succeeds on 1-3 in a June game, 1-2 in a May game. */
export const FORTIFY_ON: Readonly<Record<number, number>> = { 1: 2, 2: 3 };

/** C-2, C-9: P(k successes) of n independent trials with probability p (k = 0..n). */
export function binomial(n: number, p: number): number[] {
  const out: number[] = [];
  let c = 1;
  for (let k = 0; k <= n; k++) {
    out.push(c * p ** k * (1 - p) ** (n - k));
    c = (c * (n - k)) / (k + 1);
  }
  return out;
}

/** Spec C-9: the number of the `n` eligible border units fortified before a game starting in turn `first`. */
export function fortifyDistribution(n: number, first: number): number[] {
  return binomial(n, FORTIFY_ON[first]! / 6);
}

/** DC 3.B.2, 18: Soviet points with a line directly across the western border (not Finland). */
export function borderPoints(m: DcMap): number[] {
  const out: number[] = [];
  for (let p = 0; p < m.n; p++) {
    if (m.side1941[p] !== 1) continue;
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
      const q = m.adjNb[k]!;
      if (m.side1941[q] !== 1 && m.nation[q] !== 'Finland') {
        out.push(p);
        break;
      }
    }
  }
  return out;
}

/** DC 3.A: the May start: turn 1, and the units the chart marks dispersed in May (data/dc.json). */
export function applyMayStart(s: DcState): void {
  s.first = 1;
  s.turn = 1;
  const m = mapOf(s);
  for (const [sideName, side] of [
    ['axis', 0],
    ['soviet', 1],
  ] as const)
    for (const e of dcData.setup[sideName]) {
      if (e.mayDispersed !== true) continue;
      const p = m.index.get(e.point)!;
      const t = s.rules.types.findIndex((x) => x.id === e.type);
      for (const u of s.units) if (u.side === side && u.t === t && u.at === p && u.st === 0) u.disp = true;
    }
}

/** The pre-game task the game starts with. */
export function startPregame(s: DcState): void {
  s.stack.push({
    t: 'pregame',
    stage: 0,
    order: [],
    i: 0,
    built: false,
    axisFirst: false,
    placed: [],
    desig: [],
  });
}

const nationOf = (m: DcMap, p: number) => m.nation[p] ?? '';

/** DC 3.B.1: the Axis points west of the border outside Hungary, Finland and Rumania. */
function mainland(m: DcMap): number[] {
  const out: number[] = [];
  for (let p = 0; p < m.n; p++) if (m.side1941[p] !== 1 && nationOf(m, p) === '') out.push(p);
  return out;
}
function country(m: DcMap, nation: string): number[] {
  const out: number[] = [];
  for (let p = 0; p < m.n; p++) if (m.side1941[p] !== 1 && nationOf(m, p) === nation) out.push(p);
  return out;
}

/** DC 3.B.1: Memel already holds three infantry corps placed in step c (units not yet placed do not count). */
function memelFull(s: DcState, m: DcMap, task: Task, unit: number): boolean {
  const mem = m.index.get('MEM')!;
  if (s.rules.types[s.units[unit]!.t]!.id !== 'ger-inf') return false;
  let n = 0;
  for (let k = 0; k < task.i; k++) {
    const u = s.units[task.order[k]!]!;
    if (u.at === mem && s.rules.types[u.t]!.id === 'ger-inf') n++;
  }
  return n >= MEMEL_INFANTRY;
}

/** Units to place in a step, in canonical order (point, type, index). */
function stepOrder(s: DcState, step: 3 | 4 | 5, m: DcMap): number[] {
  const border = new Set(borderPoints(m));
  const out: number[] = [];
  s.units.forEach((u, i) => {
    if (u.st !== 0 || u.disp) return;
    const ty = s.rules.types[u.t]!;
    if (step === 4) {
      if (u.side === 1 && ty.id !== 'factory' && border.has(u.at)) out.push(i);
      return;
    }
    if (u.side !== 0) return;
    if (step === 3) {
      if (ty.nation === 'german') out.push(i);
      return;
    }
    // step c: German units not placed in step a, and the Rumanian and Finnish units (in their own countries)
    if (ty.nation === 'german' || ty.nation === 'rumanian' || ty.nation === 'finnish') out.push(i);
  });
  return out;
}

/** D-4 options of unit `i` in the current step (3.B.1-3). */
function placeOptions(s: DcState, task: Task, i: number): PlaceOption[] {
  const m = mapOf(s);
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  const at = (ps: number[]) => ps.map((p) => ({ type: 'place', unit: i, at: p }) as PlaceOption);
  if (task.stage === 4) {
    const lep = m.index.get('LEP')!;
    const pts = borderPoints(m);
    if (!pts.includes(lep)) pts.push(lep);
    return at(pts.filter((p) => s.control[p] === 1));
  }
  if (task.stage === 3) {
    const here = { type: 'place', unit: i, at: -1 } as PlaceOption;
    if (task.axisFirst) return [here, ...at(country(m, 'Finland')), ...at(country(m, 'Rumania'))];
    return [here, { type: 'place', unit: i, at: -2 }, { type: 'place', unit: i, at: -3 }];
  }
  // step c
  if (ty.nation === 'finnish') return at(country(m, 'Finland'));
  if (ty.nation === 'rumanian') return at(country(m, 'Rumania'));
  let mark = -1;
  for (let k = 0; k < task.desig.length; k += 2) if (task.desig[k] === i) mark = task.desig[k + 1]!;
  if (mark === -2) return at(country(m, 'Finland'));
  if (mark === -3) return at(country(m, 'Rumania'));
  const mem = m.index.get('MEM')!;
  return at(mainland(m).filter((p) => p !== mem || !memelFull(s, m, task, i)));
}

function startMonth(): DcDecision {
  return {
    kind: 'start-month',
    side: 'axis',
    rule: 'DC 3.A',
    options: [
      { type: 'start', month: 6 },
      { type: 'start', month: 5 },
    ],
  } as Decision<'start-month', StartOption>;
}

function setupChoice(side: 'axis' | 'soviet'): DcDecision {
  return {
    kind: 'free-setup',
    side,
    rule: 'DC 3.B',
    options: [
      { type: 'setup', free: false },
      { type: 'setup', free: true },
    ],
  } as Decision<'free-setup', SetupChoiceOption>;
}

export function pregameStep(s: DcState, ws: DcWorkspace, task: Task): DcDecision | null {
  for (;;) {
    switch (task.stage) {
      case 0:
        task.stage = 1;
        if (s.rules.start === 'policy') return startMonth();
        if (s.rules.start === 'may') applyMayStart(s);
        continue;
      case 1:
        task.stage = 2;
        if (s.rules.setupChoice === 'policy') return setupChoice('soviet');
        // variant setup-free: in force as if the Soviet (who decides first) had chosen it
        if (s.rules.setupChoice === 'free') s.free = true;
        continue;
      case 2:
        task.stage = 3;
        if (s.rules.setupChoice === 'policy' && !s.free) return setupChoice('axis');
        continue;
      case 3:
      case 4:
      case 5: {
        if (!s.free) {
          task.stage = 6;
          continue;
        }
        if (!task.built) {
          task.order = stepOrder(s, task.stage as 3 | 4 | 5, mapOf(s)).filter(
            (i) => !task.placed.includes(i),
          );
          task.i = 0;
          task.built = true;
        }
        while (task.i < task.order.length) {
          const opts = placeOptions(s, task, task.order[task.i]!);
          if (opts.length > 1)
            return {
              kind: 'setup-place',
              side: task.stage === 4 ? 'soviet' : 'axis',
              rule: task.stage === 4 ? 'DC 3.B.2, 3.B.3.b' : 'DC 3.B.1, 3.B.3',
              options: opts,
            } as Decision<'setup-place', PlaceOption>;
          if (opts.length === 1) applyPlace(s, task, opts[0]!);
          else task.i++;
        }
        task.stage++;
        task.built = false;
        if (task.stage === 6) tell(s, ws, null, 'DC 3.B', 'free set-up complete');
        continue;
      }
      case 6: {
        task.stage = 7;
        const d = factoryPick(s, ws);
        if (d !== null) return d;
        continue;
      }
      default:
        s.stack.pop();
        startPregameFort(s);
        return null;
    }
  }
}

/**
 * DC 18 (RULES-CHECKLIST C-9, variant pregame-fort): each eligible Soviet border unit fortifies on
 * 1-3 (June) or 1-2 (May): the pregame-fort task rolls their dice one by one (`applyFortDie`).
 */
export function startPregameFort(s: DcState): void {
  const m = mapOf(s);
  const border = new Set(borderPoints(m));
  const units: number[] = [];
  s.units.forEach((u, i) => {
    if (u.side !== 1 || u.st !== 0 || !border.has(u.at)) return;
    const ty = s.rules.types[u.t]!;
    if (ty.id === 'factory' || (!ty.fortify && !s.rules.pregameFortAll)) return;
    units.push(i);
  });
  s.stats.pregameForts = 0;
  if (units.length > 0) s.stack.push({ t: 'pregame-fort', units, i: 0, made: 0, dice: [] });
}

/** DC 18: the fortification die `die` of the next border unit of the pregame-fort task; after the last, the task ends. */
export function applyFortDie(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'pregame-fort' },
  die: number,
): void {
  task.dice.push(die);
  if (die <= FORTIFY_ON[s.first]!) {
    s.units[task.units[task.i]!]!.fort = true;
    task.made++;
  }
  task.i++;
  if (task.i < task.units.length) return;
  s.stack.pop();
  s.stats.pregameForts = task.made;
  tell(
    s,
    ws,
    1,
    'DC 18',
    `pre-game fortification: ${task.made} of ${task.units.length} border units fortified`,
    task.dice,
  );
}

/** Applies a D-4 answer: the unit moves to its point, or (step a) keeps its designation for step c. */
export function applyPlace(s: DcState, task: Task, o: PlaceOption): void {
  const u = s.units[o.unit]!;
  task.i++;
  if (o.at >= 0) {
    u.at = o.at;
    if (task.stage === 3) task.placed.push(o.unit);
  } else if (o.at < -1) task.desig.push(o.unit, o.at);
}

export function applyPregame(
  s: DcState,
  task: Task,
  d: Extract<DcDecision, { readonly kind: 'start-month' | 'free-setup' | 'setup-place' }>,
  choice: number,
): void {
  switch (d.kind) {
    case 'start-month':
      if (d.options[choice]!.month === 5) applyMayStart(s);
      return;
    case 'free-setup':
      if (d.options[choice]!.free) {
        s.free = true;
        // 3.B.3.a: the Axis answered free after the Soviet declined: it made the initial choice
        task.axisFirst = d.side === 'axis';
      }
      return;
    case 'setup-place':
      applyPlace(s, task, d.options[choice]!);
      return;
    default:
      unreachable(d);
  }
}
