/**
 * Soviet factories (DC 8.C): plant expansion (8.C.1: a pick every January, April, July and October
 * from July 1941 to July 1943 plus one before the game, the earliest letter of each type, deployed
 * three turns later on a Soviet point or in Siberia, D-5 factory-pick and D-6 factory-site) and
 * moving factories (8.C.2: entrained in a Soviet R/R phase within that turn's strategic capacity,
 * D-34 entrain; moved over friendly points in the next R/R phase, D-35 factory-dest; producing
 * again from the R/R phase after that). Production itself is in replacements.ts.
 *
 * Representation: an entrained factory, and a factory in Siberia, is off the map (status 4, `at`
 * -1); `fac.ent` holds each entrained factory with the point it left. An entrained factory's point
 * can be occupied freely (DC 12.0), and the factory is eliminated if that point is Axis-controlled
 * when it would move (8.A.2.b: "automatically eliminated if its point falls").
 */

import type { ChanceNode, Decision } from '../../core/game.js';
import { unreachable } from '../../core/kernel.js';
import { randInt } from '../../core/rng.js';
import { dieNode } from './chance.js';
import { dcData } from './data.js';
import type { DcDecision, EntrainOption, FactoryPickOption, SiteOption } from './decisions.js';
import { sailCheck, sailWith, seaDestination, seaLegOf, seaLegs } from './factory-sea.js';
import { destroy } from './losses.js';
import { tell } from './narrate.js';
import { type DcState, type DcTask, monthOf, unit } from './state.js';
import { mapOf, supplyReach } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** DC 2.A.1: the Introductory game builds infantry and tank factories only. */
export const INTRO_FACTORY_TYPES: readonly string[] = ['infantry', 'tank'];
export const ADVANCED_FACTORY_TYPES: readonly string[] = ['infantry', 'tank', 'artillery', 'air'];
/** DC 8.C.1: picks in these months, from July 1941 (turn 3) to July 1943 (turn 27): with the pre-game pick, 10. */
export const PICK_MONTHS: readonly number[] = [1, 4, 7, 10];
export const FIRST_PICK_TURN = 3;
export const LAST_PICK_TURN = 27;
/** DC 8.C.1: the pre-game pick produces from July 1941: deployed in the June 1941 R/R phase. */
export const PREGAME_DUE_TURN = 2;
/** DC 8.C.1: a factory picked now is deployed three turns ahead. */
export const PICK_DELAY = 3;

type Task = DcTask & { t: 'factories' };

/** The production schedule of a factory by its id (starting and expansion counters). */
export const FACTORY_SCHEDULE: ReadonlyMap<
  string,
  { readonly type: string; readonly months: readonly number[] }
> = new Map([...dcData.factories, ...dcData.expansionFactories].map((f) => [f.id, f]));

/** DC 8.C.1: the earliest letter still available of each type the level builds. */
export function pickable(s: DcState): string[] {
  const out: string[] = [];
  // DC 2.A.2: the Advanced game builds every factory type
  for (const type of s.rules.level === 'advanced' ? ADVANCED_FACTORY_TYPES : INTRO_FACTORY_TYPES) {
    const f = dcData.expansionFactories.find((x) => x.type === type && !s.fac.picked.includes(x.id));
    if (f !== undefined) out.push(f.id);
  }
  return out;
}

/** DC 8.C.1: is this Soviet R/R phase a pick opportunity? */
export function pickTurn(turn: number): boolean {
  return PICK_MONTHS.includes(monthOf(turn)) && turn >= FIRST_PICK_TURN && turn <= LAST_PICK_TURN;
}

function doPick(s: DcState, ws: DcWorkspace, id: string): void {
  s.fac.picked.push(id);
  const due = s.stack.some((t) => t.t === 'pregame') ? PREGAME_DUE_TURN : s.turn + PICK_DELAY;
  s.fac.due.push(s.fac.picked.length - 1, due);
  tell(s, ws, 1, 'DC 8.C.1', `factory ${id} picked, due in turn ${due}`);
}

/** D-5: the pick now (applied at once when only one factory can be picked), or null. */
export function factoryPick(s: DcState, ws: DcWorkspace): DcDecision | null {
  const ids = pickable(s);
  if (ids.length === 0) return null;
  if (ids.length === 1) {
    doPick(s, ws, ids[0]!);
    return null;
  }
  return {
    kind: 'factory-pick',
    side: 'soviet',
    rule: 'DC 8.C.1',
    options: ids.map((id) => ({ type: 'factory', id })),
  } as Decision<'factory-pick', FactoryPickOption>;
}

export function applyFactoryPick(s: DcState, ws: DcWorkspace, o: FactoryPickOption): void {
  doPick(s, ws, o.id);
}

/** D-6 sites: Soviet-controlled points of the 1941 USSR in overland supply (others could not produce), or Siberia. */
export function siteOptions(s: DcState, ws: DcWorkspace): SiteOption[] {
  const m = mapOf(s);
  const reach = supplyReach(s, ws, 'soviet-overland');
  const out: SiteOption[] = [{ type: 'site', at: -1 }];
  for (let p = 0; p < m.n; p++)
    if (m.side1941[p] === 1 && s.control[p] === 1 && reach[p] === 1) out.push({ type: 'site', at: p });
  return out;
}

/**
 * D-35 destinations of a factory that left point `from` (-1: Siberia, 8.C.2.d): points of the 1941
 * USSR reached from it over Soviet-controlled points along lines open to strategic movement (from
 * Siberia: through the Soviet east-edge points), and Siberia when an east-edge point is reached
 * (8.C.2.b; the sea leg is not offered).
 */
export function destOptions(s: DcState, ws: DcWorkspace, from: number): SiteOption[] {
  const m = mapOf(s);
  const seen = ws.own;
  seen.fill(0);
  const q = ws.queue;
  let head = 0;
  let tail = 0;
  if (from >= 0) {
    seen[from] = 1;
    q[tail++] = from;
  } else
    for (let p = 0; p < m.n; p++)
      if (m.edgeEast[p] === 1 && s.control[p] === 1) {
        seen[p] = 1;
        q[tail++] = p;
      }
  let east = from < 0 || m.edgeEast[from] === 1;
  while (head < tail) {
    const p = q[head++]!;
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
      const nb = m.adjNb[k]!;
      if (seen[nb] === 1 || s.control[nb] !== 1 || m.lineNoStrategic[m.adjLine[k]!] === 1) continue;
      seen[nb] = 1;
      q[tail++] = nb;
      if (m.edgeEast[nb] === 1) east = true;
    }
  }
  const out: SiteOption[] = east ? [{ type: 'site', at: -1 }] : [];
  for (let p = 0; p < m.n; p++)
    if (seen[p] === 1 && p !== from && m.side1941[p] === 1) out.push({ type: 'site', at: p });
  // DC 8.C.2.b: sea legs from the ports reached (factory-sea.ts)
  seaLegs(s, seen, out);
  return out;
}

function factoryType(s: DcState): number {
  return s.rules.types.findIndex((t) => t.id === 'factory');
}

/** Puts factory unit `i` at `at` (-1: Siberia). */
function settle(s: DcState, i: number, at: number): void {
  const u = s.units[i]!;
  u.st = at < 0 ? 4 : 0;
  u.at = at;
  u.disp = false;
  u.fort = false;
}

function isEntrained(s: DcState, i: number): boolean {
  for (let k = 0; k < s.fac.ent.length; k += 2) if (s.fac.ent[k] === i) return true;
  return false;
}

/** Entrained factories' count (DC 8.C.2.a: each uses one strategic movement factor). */
export function entrainedCount(s: DcState): number {
  return s.fac.ent.length / 2;
}

/**
 * D-34 options: stop, or a factory on the map, in supply, not entrained, while the count stays
 * within `cap`; or (8.C.2.d) a factory in Siberia, not entrained, while a Soviet east-edge point is
 * there to move back through.
 */
export function entrainOptions(s: DcState, ws: DcWorkspace, cap: number): EntrainOption[] {
  if (entrainedCount(s) >= cap) return [];
  const reach = supplyReach(s, ws, 'soviet');
  const ft = factoryType(s);
  const out: EntrainOption[] = [{ type: 'entrain', unit: -1 }];
  const m = mapOf(s);
  let back = false;
  for (let p = 0; p < m.n && !back; p++) back = m.edgeEast[p] === 1 && s.control[p] === 1;
  s.units.forEach((u, i) => {
    if (u.t !== ft) return;
    if (u.st === 0 && reach[u.at] === 1) out.push({ type: 'entrain', unit: i });
    else if (back && u.st === 4 && !isEntrained(s, i)) out.push({ type: 'entrain', unit: i });
  });
  return out.length > 1 ? out : [];
}

/** Starts the factory steps of the Soviet R/R phase (after production). */
export function startFactories(s: DcState, cap: number): void {
  s.stack.push({ t: 'factories', stage: 0, k: 0, cap });
}

/** DC 8.C.2.b: the factory at `task.k` of the entrained ones sails with torpedo die `die`: lost, or it arrives. */
export function factorySail(s: DcState, ws: DcWorkspace, task: Task, die: number): void {
  const i = s.fac.ent[task.k]!;
  const dest = seaDestination(s, i);
  if (sailWith(s, ws, i, s.fac.ent[task.k + 1]!, die) === 'lost') s.fac.ent.splice(task.k, 2);
  else arrive(s, ws, task, dest);
}

/** The next factory decision of the R/R phase: moves (D-35), deployments (D-6), the pick (D-5), entraining (D-34). */
export function factoriesStep(s: DcState, ws: DcWorkspace, task: Task): DcDecision | ChanceNode | null {
  for (;;) {
    if (task.stage === 0) {
      // 8.C.2.b: factories entrained in an earlier turn move now (or were lost with their point)
      while (task.k < s.fac.ent.length) {
        const i = s.fac.ent[task.k]!;
        const from = s.fac.ent[task.k + 1]!;
        if (from >= 0 && s.control[from] !== 1) {
          s.fac.ent.splice(task.k, 2);
          if (seaLegOf(s, i) >= 0) s.fac.sea.splice(seaLegOf(s, i), 2);
          destroy(s, i);
          tell(s, ws, 1, 'DC 8.A.2.b', `entrained factory ${s.units[i]!.label} lost with its point`);
          continue;
        }
        // DC 8.C.2.b: a factory waiting at its port of embarkation sails (factory-sea.ts)
        if (seaLegOf(s, i) >= 0 && sailCheck(s, i) === 'sails') {
          // its torpedo die: a chance point (factorySail carries out the outcome)
          if (ws.explicitChance) return dieNode('DC 8.C.2.b', 'torpedo die');
          factorySail(s, ws, task, randInt(ws.streams.stream('sea'), 1, 6));
          continue;
        }
        const opts = destOptions(s, ws, from);
        if (opts.length > 1)
          return {
            kind: 'factory-dest',
            side: 'soviet',
            rule: 'DC 8.C.2.b',
            options: opts,
          } as Decision<'factory-dest', SiteOption>;
        arrive(s, ws, task, opts.length === 1 ? opts[0]!.at : from);
      }
      task.stage = 1;
      task.k = 0;
    }
    if (task.stage === 1) {
      // 8.C.1: factories due on the Turn Record Track are deployed
      while (task.k < s.fac.due.length) {
        if (s.fac.due[task.k + 1]! > s.turn) {
          task.k += 2;
          continue;
        }
        const opts = siteOptions(s, ws);
        if (opts.length > 1)
          return {
            kind: 'factory-site',
            side: 'soviet',
            rule: 'DC 8.C.1',
            options: opts,
          } as Decision<'factory-site', SiteOption>;
        deploy(s, ws, task, opts[0]!.at);
      }
      task.stage = 2;
    }
    if (task.stage === 2) {
      task.stage = 3;
      if (pickTurn(s.turn)) {
        const d = factoryPick(s, ws);
        if (d !== null) return d;
      }
    }
    const opts = entrainOptions(s, ws, task.cap);
    if (opts.length === 0) {
      s.stack.pop();
      return null;
    }
    return { kind: 'entrain', side: 'soviet', rule: 'DC 8.C.2.a', options: opts } as Decision<
      'entrain',
      EntrainOption
    >;
  }
}

function arrive(s: DcState, ws: DcWorkspace, task: Task, at: number): void {
  const i = s.fac.ent[task.k]!;
  s.fac.ent.splice(task.k, 2);
  settle(s, i, at);
  s.stats.factoriesMoved++;
  if (at < 0) s.stats.factoriesToSiberia++;
  tell(
    s,
    ws,
    1,
    'DC 8.C.2.b',
    `factory ${s.units[i]!.label} arrives ${at < 0 ? 'in Siberia' : `at ${mapOf(s).names[at]}`}`,
  );
}

function deploy(s: DcState, ws: DcWorkspace, task: Task, at: number): void {
  const id = s.fac.picked[s.fac.due[task.k]!]!;
  s.fac.due.splice(task.k, 2);
  s.units.push(unit(factoryType(s), 1, id, -1, false, 4));
  settle(s, s.units.length - 1, at);
  s.stats.factoriesPlaced++;
  tell(s, ws, 1, 'DC 8.C.1', `factory ${id} deployed ${at < 0 ? 'in Siberia' : `at ${mapOf(s).names[at]}`}`);
}

export function applyFactoryDecision(
  s: DcState,
  ws: DcWorkspace,
  task: Task,
  d: Extract<DcDecision, { readonly kind: 'factory-dest' | 'factory-site' | 'factory-pick' | 'entrain' }>,
  choice: number,
): void {
  switch (d.kind) {
    case 'factory-dest': {
      const o = d.options[choice]!;
      if (o.via === undefined) arrive(s, ws, task, o.at);
      else {
        // DC 8.C.2.b: to the port of embarkation, still entrained; it sails next R/R phase
        s.fac.ent[task.k + 1] = o.via;
        s.fac.sea.push(s.fac.ent[task.k]!, o.at);
        tell(
          s,
          ws,
          1,
          'DC 8.C.2.b',
          `factory ${s.units[s.fac.ent[task.k]!]!.label} waits at ${mapOf(s).names[o.via]} to sail to ${mapOf(s).names[o.at]}`,
        );
        task.k += 2;
      }
      return;
    }
    case 'factory-site':
      deploy(s, ws, task, d.options[choice]!.at);
      return;
    case 'factory-pick':
      applyFactoryPick(s, ws, d.options[choice]!);
      return;
    case 'entrain': {
      const i = d.options[choice]!.unit;
      if (i < 0) {
        s.stack.pop();
        return;
      }
      const u = s.units[i]!;
      // DC 8.C.2.d: a factory in Siberia entrains there (-1) to move back onto the map
      s.fac.ent.push(i, u.at);
      u.st = 4;
      u.at = -1;
      s.stats.factoriesEntrained++;
      tell(s, ws, 1, 'DC 8.C.2.a', `factory ${u.label} entrained`);
      return;
    }
    default:
      unreachable(d);
  }
}
