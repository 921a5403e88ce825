/** Events phases (SFO 7): Advanced Soviet replacements and the West German V reinforcement; Expert random events (SFO 7.1). */
import { d6 } from '../../core/dice.js';
import type { ChanceNode } from '../../core/game.js';
import { type Rng, randInt } from '../../core/rng.js';
import { type Answer, forced, type SfoDecision, type SfoOption } from './decisions.js';
import { mapOf } from './map.js';
import { hexName, label, tell } from './narrate.js';
import type { EventCell, SfoState, SfoTask, Side } from './state.js';
import { sovietTowns } from './victory.js';
import type { SfoWorkspace } from './workspace.js';

export const V_ID = 'WG-V';

/** Eliminated Soviet units (candidates for replacement). */
export function eliminatedSoviets(state: SfoState): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.side === 'soviet' && u.status === 'eliminated') out.push(i);
  });
  return out;
}

/**
 * SFO 7 (Advanced): from turn 2, once per game, the Soviets may bring in up to two eliminated units;
 * all-or-nothing (taking one uses the replacement up). Options 0..min(2, eliminated); empty when not available.
 */
export function replacementOptions(state: SfoState): SfoOption[] {
  if (state.rules.level !== 'advanced' || state.turn < 2 || state.replacementUsed) return [];
  const n = Math.min(2, eliminatedSoviets(state).length);
  if (n === 0) return [];
  const out: SfoOption[] = [];
  for (let c = 0; c <= n; c++) out.push({ type: 'replace', count: c });
  return out;
}

/** SFO 7: the chosen eliminated units become arriving units on the east edge; the replacement is used up. */
export function applyReplacement(state: SfoState, count: number): number[] {
  if (count <= 0) return [];
  const units = eliminatedSoviets(state).slice(0, count);
  if (units.length !== count)
    throw new Error(`replacement of ${count} units with ${units.length} eliminated`);
  for (const i of units) {
    const u = state.units[i]!;
    u.status = 'arriving';
    u.hex = -1;
  }
  state.replacementUsed = true;
  state.stats.soviet_replacements = count;
  return units;
}

/**
 * SFO 7 (Advanced): if at the start of the US events phase the Soviets occupy two or more towns,
 * the West German V arrives at the west edge (once per game). Returns true when it arrives now.
 */
export function checkReinforcement(state: SfoState): boolean {
  if (state.rules.level !== 'advanced') return false;
  const v = state.units.find((u) => u.id === V_ID);
  if (v === undefined || v.status !== 'reserve') return false;
  if (sovietTowns(state) < 2) return false;
  v.status = 'arriving';
  state.stats.v_arrival_turn = state.turn;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Expert random events (SFO 7, 7.1)

/** SFO 7: the cell a column die (1-3 left, 4-6 right) and a row die (1-6) point to: 0..11. */
export function eventCellIndex(columnDie: number, rowDie: number): number {
  return (columnDie <= 3 ? 0 : 6) + rowDie - 1;
}

/** The unit a reinforcement cell brings, or null for other cells. */
export function reinforcementUnit(cell: EventCell): string | null {
  return cell.startsWith('reinforce:') ? cell.slice(10) : null;
}

/** SFO 7.1: a one-time reinforcement is spent once its unit has left the reinforcement box. */
export function cellSpent(state: SfoState, cell: EventCell): boolean {
  const id = reinforcementUnit(cell);
  if (id === null) return false;
  const u = state.units.find((x) => x.id === id);
  return u === undefined || u.status !== 'reserve';
}

/** Eliminated units of `side` (candidates for an Expert replacement). */
export function eliminatedOf(state: SfoState, side: Side): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.side === side && u.status === 'eliminated') out.push(i);
  });
  return out;
}

/**
 * What a drawn cell does now (SFO 7.1): an empty cell, a spent reinforcement and a replacement
 * with nothing eliminated are all As planned.
 */
export function effectiveEvent(state: SfoState, side: Side, cell: EventCell): EventCell {
  if (cellSpent(state, cell)) return 'planned';
  if (cell === 'replacement' && eliminatedOf(state, side).length === 0) return 'planned';
  return cell;
}

export interface EventDraw {
  /** Index of the cell or chit drawn (0..11). */
  readonly index: number;
  readonly cell: EventCell;
  /** The two dice (column, row), or the chit's position in the bag. */
  readonly dice: readonly number[];
}

/**
 * SFO 7: one random event of `side` from the 'events' stream. Dice: a column die then a row die on
 * the 12-cell table (spent cells read As planned). Variant events-bag: a chit drawn uniformly from
 * the chits still in the bag (spent reinforcement chits are out; `exclude` is a chit already drawn
 * this turn, under Guards / Hardened NATO).
 */
export function drawEvent(state: SfoState, side: Side, rng: Rng, exclude = -1): EventDraw {
  const ex = state.rules.expert!;
  const table = ex.tables[side];
  if (!ex.bag) {
    const col = d6(rng);
    const row = d6(rng);
    const index = eventCellIndex(col, row);
    return { index, cell: table[index]!, dice: [col, row] };
  }
  const bag = eventBag(state, side, exclude);
  if (bag.length === 0) return { index: -1, cell: 'planned', dice: [] };
  const k = randInt(rng, 0, bag.length - 1);
  return { index: bag[k]!, cell: table[bag[k]!]!, dice: [k + 1] };
}

/**
 * SFO 7 in explicit-chance mode: the chance point of a random event of `side` as drawEvent draws it.
 * Dice: 36 outcomes, outcome k the column die floor(k / 6) + 1 and the row die k % 6 + 1. Variant
 * events-bag: one outcome per chit in the bag, outcome k the k-th (`exclude` as in drawEvent); null
 * when the bag is empty (drawEvent then draws nothing).
 */
export function eventNode(state: SfoState, side: Side, what: string, exclude = -1): ChanceNode | null {
  const ex = state.rules.expert!;
  if (!ex.bag) {
    const outcomes = [];
    for (let col = 1; col <= 6; col++)
      for (let row = 1; row <= 6; row++) outcomes.push({ label: `${col},${row}`, p: 1 / 36 });
    return { kind: 'chance', side: 'chance', rule: 'SFO 7', what, outcomes };
  }
  const bag = eventBag(state, side, exclude);
  if (bag.length === 0) return null;
  const table = ex.tables[side];
  return {
    kind: 'chance',
    side: 'chance',
    rule: 'SFO 7',
    what,
    outcomes: bag.map((i) => ({ label: table[i]!, p: 1 / bag.length })),
  };
}

/** The random event of outcome `k` of eventNode(state, side, _, exclude): what drawEvent would have drawn. */
export function eventOutcome(state: SfoState, side: Side, k: number, exclude = -1): EventDraw {
  const ex = state.rules.expert!;
  const table = ex.tables[side];
  if (!ex.bag) {
    const col = Math.floor(k / 6) + 1;
    const row = (k % 6) + 1;
    const index = eventCellIndex(col, row);
    return { index, cell: table[index]!, dice: [col, row] };
  }
  const bag = eventBag(state, side, exclude);
  return { index: bag[k]!, cell: table[bag[k]!]!, dice: [k + 1] };
}

/** Variant events-bag: the chits still in `side`'s bag, but `exclude` (SFO 7.1). */
function eventBag(state: SfoState, side: Side, exclude: number): number[] {
  const table = state.rules.expert!.tables[side];
  const bag: number[] = [];
  for (let i = 0; i < table.length; i++) if (i !== exclude && !cellSpent(state, table[i]!)) bag.push(i);
  return bag;
}

/** SFO 7.1 Replacement options: the eliminated units to bring back, up to the faction's limit, one option per distinct mix of unit types. */
export function expertReplacementOptions(state: SfoState, side: Side): SfoOption[] {
  const limit = state.rules.expert!.replacementLimit[side];
  const elim = eliminatedOf(state, side);
  const out: SfoOption[] = [{ type: 'replace-units', units: [] }];
  const seen = new Set<string>(['']);
  const add = (units: number[]) => {
    const key = units
      .map((i) => state.units[i]!.type)
      .sort()
      .join('+');
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ type: 'replace-units', units });
  };
  for (let a = 0; a < elim.length; a++) {
    if (limit >= 1) add([elim[a]!]);
    if (limit >= 2) for (let b = a + 1; b < elim.length; b++) add([elim[a]!, elim[b]!]);
  }
  return out;
}

/** SFO 7.1: replaced units leave the pool of eliminated units and arrive at their own edge. */
export function applyExpertReplacement(state: SfoState, side: Side, units: readonly number[]): void {
  for (const i of units) {
    const u = state.units[i]!;
    if (u.status !== 'eliminated' || u.side !== side)
      throw new Error(`replacement of ${u.id}, which is ${u.status}`);
    u.status = 'arriving';
    u.hex = -1;
  }
  if (side === 'soviet') state.stats.soviet_replacements += units.length;
  else state.stats.us_replacements += units.length;
}

/** SFO 12, 13: units scheduled for this turn leave the reinforcement box and may enter this movement phase. */
export function scheduledArrivals(state: SfoState, side: Side): number[] {
  const schedule = state.rules.expert?.schedule ?? {};
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.side === side && u.status === 'reserve' && schedule[u.id] === state.turn) {
      u.status = 'arriving';
      out.push(i);
    }
  });
  return out;
}

/** SFO 7.1 Enemy SNAFU / Command problems: the enemy units that may be flipped out of action. */
export function frictionTargets(state: SfoState, side: Side): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.side !== side && u.status === 'map' && !u.disrupted) out.push(i);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// The events phase as a task (SFO 7, 7.1)

type EventsTask = SfoTask & { readonly t: 'events' };

/** SFO 7: a side's events phase begins. */
export function startEvents(state: SfoState, ws: SfoWorkspace, side: Side): void {
  state.phase = side === 'soviet' ? 'soviet-events' : 'us-events';
  if (ws.trace !== undefined) tell(state, ws, side, 'SFO 7', `turn ${state.turn}: ${state.phase}`);
  state.stack.push({ t: 'events', side, stage: 0, cell: 'planned', other: 'planned', first: -1 });
}

const EVENT_NAMES: Readonly<Record<string, string>> = {
  planned: 'As planned',
  air: 'Air support',
  artillery: 'Artillery support',
  spetsnaz: 'Spetsnaz',
  friction: 'Enemy SNAFU / Command problems',
  replacement: 'Replacement',
};

/** Narrates an event drawn and what it does now (a spent or empty cell reads As planned). */
function narrateDraw(
  state: SfoState,
  ws: SfoWorkspace,
  side: Side,
  what: string,
  d: EventDraw,
  now: EventCell,
) {
  if (ws.trace === undefined) return;
  const name = `${eventName(state, d.cell)}${now !== d.cell ? ' (As planned)' : ''}`;
  tell(state, ws, side, 'SFO 7', `${what}: ${name}`, { dice: d.dice });
}

function eventName(state: SfoState, cell: EventCell): string {
  const id = reinforcementUnit(cell);
  if (id === null) return EVENT_NAMES[cell] ?? cell;
  return `Reinforcement ${state.units.find((u) => u.id === id)?.label ?? id}`;
}

/**
 * SFO 7: the events phase up to its next decision (null when it is over). Basic: nothing. Advanced:
 * the Soviet replacement decision (from turn 2, once), the West German V when the Soviets hold two
 * towns. Expert (SFO 7, 7.1): scheduled reinforcements arrive; the faction rolls its random event
 * (two under Guards / Hardened NATO, choosing one) and carries it out.
 */
export function eventsStep(
  state: SfoState,
  ws: SfoWorkspace,
  task: EventsTask,
): SfoDecision | ChanceNode | null {
  const side = task.side;
  if (state.rules.expert === null) {
    if (side === 'soviet') {
      const options = replacementOptions(state);
      if (options.length > 0) return { kind: 'replace', side, rule: 'SFO 7', options } as SfoDecision;
      state.stack.pop();
      return null;
    }
    state.stack.pop();
    if (checkReinforcement(state) && ws.trace !== undefined)
      tell(state, ws, side, 'SFO 7', 'Soviets hold 2+ towns: West German V arrives at the west edge');
    return null;
  }
  if (task.stage === 0) {
    const arrived = scheduledArrivals(state, side);
    if (arrived.length > 0 && ws.trace !== undefined)
      tell(
        state,
        ws,
        side,
        'SFO 12-13',
        `scheduled reinforcements: ${arrived.map((u) => label(state, u)).join(', ')} arrive`,
      );
    if (ws.explicitChance) {
      task.stage = 3;
      return null;
    }
    const rng = ws.streams.stream('events');
    if (firstDrawn(state, ws, task, drawEvent(state, side, rng)))
      secondDrawn(state, ws, task, drawEvent(state, side, rng, task.first));
  }
  // explicit-chance mode: each draw is a chance point (eventOutcomeOf carries out its outcome); an
  // empty bag draws nothing and a bag of one chit has one outcome, carried out at once
  while (task.stage === 3 || task.stage === 4) {
    const node =
      task.stage === 3
        ? eventNode(state, side, 'random event')
        : eventNode(state, side, 'second random event', task.first);
    if (node === null) drawn(state, ws, task, NOTHING_DRAWN);
    else if (node.outcomes.length === 1) eventOutcomeOf(state, ws, task, 0);
    else return node;
  }
  if (task.stage === 1)
    return {
      kind: 'event',
      side,
      rule: side === 'soviet' ? 'SFO 7 (Guards)' : 'SFO 13 (Hardened NATO)',
      options: [
        { type: 'event', cell: task.cell },
        { type: 'event', cell: task.other },
      ],
    } as SfoDecision;
  // stage 2: carry out the event
  state.stack.pop();
  const cell = task.cell;
  const kind = reinforcementUnit(cell) === null ? cell : 'reinforce';
  state.stats[`ev_${side}_${kind}` as 'ev_soviet_air']++;
  return carryOut(state, ws, task, cell);
}

/**
 * The first random event drawn (SFO 7): `cell` is what it does now; under Guards / Hardened NATO
 * (two rolls) the second is drawn next (stage 4; true), else it is carried out (stage 2).
 */
function firstDrawn(state: SfoState, ws: SfoWorkspace, task: EventsTask, first: EventDraw): boolean {
  const side = task.side;
  const cell = effectiveEvent(state, side, first.cell);
  narrateDraw(state, ws, side, 'random event', first, cell);
  task.cell = cell;
  task.first = first.index;
  const second = state.rules.expert!.eventRolls[side] > 1;
  task.stage = second ? 4 : 2;
  return second;
}

/** SFO 7 (Guards) / 13 (Hardened NATO): the second event drawn; two different events are the side's choice (stage 1). */
function secondDrawn(state: SfoState, ws: SfoWorkspace, task: EventsTask, second: EventDraw): void {
  const side = task.side;
  const other = effectiveEvent(state, side, second.cell);
  narrateDraw(state, ws, side, 'second random event', second, other);
  task.stage = 2;
  if (other !== task.cell) {
    task.other = other;
    task.stage = 1;
  }
}

/** What drawEvent draws from an empty bag (events-bag): nothing, As planned. */
const NOTHING_DRAWN: EventDraw = { index: -1, cell: 'planned', dice: [] };

/** Explicit-chance mode: event `draw` carried out as the draw of the events task's stage (3 the first, 4 the second). */
function drawn(state: SfoState, ws: SfoWorkspace, task: EventsTask, draw: EventDraw): void {
  if (task.stage === 3) firstDrawn(state, ws, task, draw);
  else secondDrawn(state, ws, task, draw);
}

/** Explicit-chance mode: outcome `k` of the events task's chance point (eventsStep, stages 3 and 4) carried out. */
export function eventOutcomeOf(state: SfoState, ws: SfoWorkspace, task: EventsTask, k: number): void {
  drawn(state, ws, task, eventOutcome(state, task.side, k, task.stage === 3 ? -1 : task.first));
}

/** Answers the Advanced replacement or the Guards / Hardened NATO choice of the events task. */
export function applyEventsDecision(
  state: SfoState,
  ws: SfoWorkspace,
  task: EventsTask,
  o: SfoOption,
  a: Answer,
): void {
  const side = task.side;
  if (o.type === 'replace') {
    state.stack.pop();
    const units = applyReplacement(state, o.count);
    if (o.count > 0 && ws.trace !== undefined)
      tell(
        state,
        ws,
        side,
        'SFO 7',
        `Soviet replacements: ${units.map((u) => label(state, u)).join(', ')} arrive at the east edge`,
        { decision: a },
      );
    return;
  }
  if (o.type !== 'event') throw new Error(`SFO events: unexpected option ${o.type}`);
  task.cell = o.cell;
  task.stage = 2;
  if (ws.trace !== undefined)
    tell(state, ws, side, 'SFO 7', `chooses ${eventName(state, o.cell)}`, {
      decision: a,
    });
}

/** SFO 7.1: what a drawn event does; a Replacement or SNAFU target may need the side's decision. */
function carryOut(state: SfoState, ws: SfoWorkspace, task: EventsTask, cell: EventCell): SfoDecision | null {
  const side = task.side;
  const id = reinforcementUnit(cell);
  if (id !== null) {
    const ui = state.units.findIndex((u) => u.id === id);
    state.units[ui]!.status = 'arriving';
    if (id === V_ID) state.stats.v_arrival_turn = state.turn;
    if (ws.trace !== undefined) {
      const edge = side === 'soviet' ? 'east' : 'west';
      tell(state, ws, side, 'SFO 7.1', `${label(state, ui)} arrives at the ${edge} edge`);
    }
    return null;
  }
  switch (cell) {
    case 'air':
    case 'artillery':
    case 'spetsnaz':
      state.expert!.held = cell;
      return null;
    case 'replacement': {
      const options = expertReplacementOptions(state, side);
      if (options.length === 1) {
        applyExpertChoice(state, ws, side, options[0]!, forced('replace-units'));
        return null;
      }
      state.stack.push(task);
      return { kind: 'replace-units', side, rule: 'SFO 7.1', options } as SfoDecision;
    }
    case 'friction': {
      const targets = frictionTargets(state, side);
      if (targets.length === 0) return null;
      const options: SfoOption[] = targets.map((unit) => ({ type: 'disrupt', unit }));
      if (options.length === 1) {
        applyExpertChoice(state, ws, side, options[0]!, forced('disrupt'));
        return null;
      }
      state.stack.push(task);
      return { kind: 'disrupt', side, rule: 'SFO 7.1', options } as SfoDecision;
    }
    default:
      return null;
  }
}

/** Answers an Expert Replacement or SNAFU / Command problems decision (the events task is then done). */
export function applyExpertChoice(
  state: SfoState,
  ws: SfoWorkspace,
  side: Side,
  o: SfoOption,
  a: Answer,
): void {
  if (o.type === 'replace-units') {
    if (o.units.length === 0) return;
    applyExpertReplacement(state, side, o.units);
    if (ws.trace !== undefined) {
      const names = o.units.map((u) => label(state, u)).join(', ');
      tell(state, ws, side, 'SFO 7.1', `replacements: ${names} arrive`, { decision: a });
    }
    return;
  }
  if (o.type !== 'disrupt') throw new Error(`SFO events: unexpected option ${o.type}`);
  state.units[o.unit]!.disrupted = true;
  if (ws.trace !== undefined)
    tell(state, ws, side, 'SFO 7.1', `${label(state, o.unit)} is out of action (flipped)`, {
      decision: a,
    });
}

/** SFO 7.1: enemy hexes a support chit may be placed on: defenders next to a unit that can still attack. */
export function supportHexes(state: SfoState, side: Side): number[] {
  const m = mapOf(state);
  const mark = new Uint8Array(m.size);
  for (const u of state.units) {
    if (u.side !== side || u.status !== 'map' || u.disrupted) continue; // combat has not begun: last turn's attacked flags do not count
    for (const n of m.neighbours[u.hex]!) mark[n] = 1;
  }
  const out: number[] = [];
  const seen = new Uint8Array(m.size);
  for (const u of state.units) {
    if (u.side === side || u.status !== 'map' || seen[u.hex] === 1) continue;
    seen[u.hex] = 1;
    if (mark[u.hex] === 1) out.push(u.hex);
  }
  return out.sort((a, b) => a - b);
}

/** SFO 7.1: during movement the faction places the support chit it drew on a defender it will attack, or loses it. */
export function supportStep(state: SfoState, task: SfoTask & { readonly t: 'support' }): SfoDecision | null {
  const xs = state.expert;
  if (xs === null || xs.held === null) {
    state.stack.pop();
    return null;
  }
  const kind = xs.held;
  xs.held = null;
  const hexes = supportHexes(state, task.side);
  if (hexes.length === 0) {
    state.stack.pop();
    return null;
  }
  const options: SfoOption[] = [
    { type: 'no-support' },
    ...hexes.map((hex): SfoOption => ({ type: 'support', kind, hex })),
  ];
  return { kind: 'support', side: task.side, rule: 'SFO 7.1', options } as SfoDecision;
}

export function applySupport(
  state: SfoState,
  ws: SfoWorkspace,
  task: SfoTask & { readonly t: 'support' },
  o: SfoOption,
  a: Answer,
): void {
  state.stack.pop();
  if (o.type !== 'support') return;
  state.expert!.placed = { kind: o.kind, hex: o.hex };
  if (ws.trace !== undefined)
    tell(state, ws, task.side, 'SFO 7.1', `${o.kind} support placed on ${hexName(state, o.hex)}`, {
      decision: a,
    });
}
