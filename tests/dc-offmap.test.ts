/**
 * Dark Crusade units held in an off-map box across turns (DC 9.A; ): a strategic
 * move may end in the side's box (Axis: the west box, Soviet: Siberia; status 5, `at` -1), the unit
 * recovers with its side (15.B) and re-enters in a later strategic phase at the points a strategic
 * move from a usable edge point reaches, each move taking one unit of capacity. The readings where
 * 9.A is silent: the box has no 3-arrival limit (9.A.3 counts points), a unit in it is never isolated
 * and counts for no "on the map" condition (2.B.3.a.i), the scripted policies never choose it.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { makeBattle } from '../src/games/dc/combat.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import { invariants } from '../src/games/dc/invariants.js';
import { supplyPhase } from '../src/games/dc/isolation.js';
import { applyOp, opStep, startOp } from '../src/games/dc/movement.js';
import { pickStratDest, pickStratUnit } from '../src/games/dc/policies/common.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState, DcTask } from '../src/games/dc/state.js';
import {
  applyStratDest,
  applyStratNext,
  STRAT_BOX,
  startStrategic,
  strategicCapacity,
  strategicDestinations,
  stratStep,
} from '../src/games/dc/strategic.js';
import { inSupply, mapOf } from '../src/games/dc/supply.js';
import { advance, apply } from '../src/games/dc/turn-sequence.js';
import { endOfAxisTurn, instantCheck } from '../src/games/dc/victory.js';
import { type DcWorkspace, dcWorkspace } from '../src/games/dc/workspace.js';
import { add, empty, P } from './helpers/dc.js';

function fresh(scenario = 'intro-tournament', variants: Record<string, boolean> = {}): DcState {
  const s = empty(
    startGame(resolveSetup(dc, { scenario, variants, params: {} }, 'test'), {
      masterSeed: 3,
      gameIndex: 0,
    }),
  );
  s.stack.length = 0;
  return s;
}

type Strat = DcTask & { t: 'strat' };

/** Side `side` holds `held` only (every other point the enemy's), a unit of its on the first. */
function position(
  side: 0 | 1,
  held: string[],
  type = side === 1 ? 'sov-rifle' : 'ger-inf',
  scenario?: string,
  variants: Record<string, boolean> = {},
) {
  const s = fresh(scenario, variants);
  s.control.fill(side === 0 ? 1 : 0);
  for (const p of held) s.control[P(s, p)] = side;
  const i = add(s, type, side, held[0]!);
  const task: Strat = { t: 'strat', side, left: 3, unit: -1, arrivals: [] };
  s.stack.push(task);
  return { s, ws: dcWorkspace(s), task, i };
}

function newPhase(s: DcState, side: 0 | 1, left = 3): Strat {
  s.stack.length = 0;
  const task: Strat = { t: 'strat', side, left, unit: -1, arrivals: [] };
  s.stack.push(task);
  return task;
}

describe('DC 9.A: a Soviet unit held in Siberia across turns (R-81, R-175)', () => {
  it('ends its move in Siberia: the last destination, one unit of capacity, off the map', () => {
    const { s, ws, task, i } = position(1, ['GOR', 'AST']);
    const opts = strategicDestinations(s, ws, task, i);
    expect(opts.map((o) => o.to)).toEqual([P(s, 'AST'), STRAT_BOX]);
    task.unit = i;
    applyStratDest(s, ws, task, opts[1]!);
    expect(s.units[i]).toMatchObject({ st: 5, at: -1, disp: true });
    expect(task.left).toBe(2);
    expect(task.arrivals.every((n) => n === undefined || n === 0)).toBe(true);
    expect(invariants(s)).toEqual([]);
  });

  it('held a turn, recovered, it re-enters at an east-edge point within the capacity', () => {
    const { s, ws, task, i } = position(1, ['GOR', 'AST', 'STL']);
    task.unit = i;
    applyStratDest(s, ws, task, { type: 'dest', to: STRAT_BOX });
    // the same phase: moved, it is not offered again
    const again = stratStep(s, ws, task);
    expect(again === null || again.options.every((o) => !('unit' in o) || o.unit !== i)).toBe(true);
    // DC 15.B: the Soviet recovery (phase C.5) takes in the units in Siberia
    s.units[i]!.disp = false;
    const next = newPhase(s, 1, 1);
    const d = stratStep(s, dcWorkspace(s), next) as DcDecision & { kind: 'strat-next' };
    expect(d.kind).toBe('strat-next');
    expect(d.options).toContainEqual({ type: 'unit', unit: i });
    applyStratNext(s, ws, next, { type: 'unit', unit: i });
    const ws2 = dcWorkspace(s);
    const dests = strategicDestinations(s, ws2, next, i).map((o) => o.to);
    // the usable east-edge points first (Gorki, Astrakhan), then what they reach (Stalingrad); no box
    expect(dests).toContain(P(s, 'GOR'));
    expect(dests).toContain(P(s, 'AST'));
    expect(dests).not.toContain(STRAT_BOX);
    applyStratDest(s, ws2, next, { type: 'dest', to: P(s, 'AST') });
    expect(s.units[i]).toMatchObject({ st: 0, at: P(s, 'AST'), disp: true });
    expect(next.left).toBe(0);
    expect(next.arrivals[P(s, 'AST')]).toBe(1);
    expect(invariants(s)).toEqual([]);
    // capacity spent: the phase ends
    expect(stratStep(s, ws2, next)).toBeNull();
  });

  it('no capacity, no re-entry: the unit stays in Siberia', () => {
    const { s, i } = position(1, ['GOR', 'AST']);
    s.units[i]!.st = 5;
    s.units[i]!.at = -1;
    const next = newPhase(s, 1, 0);
    expect(stratStep(s, dcWorkspace(s), next)).toBeNull();
    expect(s.units[i]!.st).toBe(5);
  });

  it('the box has no 3-arrival limit; a full edge point is not a re-entry point', () => {
    const { s, ws, task, i } = position(1, ['GOR', 'AST']);
    task.left = 9;
    const more = [
      i,
      add(s, 'sov-rifle', 1, 'GOR'),
      add(s, 'sov-rifle', 1, 'GOR'),
      add(s, 'sov-rifle', 1, 'GOR'),
    ];
    for (const k of more) {
      task.unit = k;
      const opts = strategicDestinations(s, ws, task, k);
      expect(opts[opts.length - 1]!.to).toBe(STRAT_BOX);
      applyStratDest(s, ws, task, opts[opts.length - 1]!);
    }
    expect(more.every((k) => s.units[k]!.st === 5)).toBe(true);
    for (const k of more) s.units[k]!.disp = false;
    const next = newPhase(s, 1, 9);
    next.arrivals[P(s, 'AST')] = 3;
    const ws2 = dcWorkspace(s);
    expect(strategicDestinations(s, ws2, next, i).map((o) => o.to)).toEqual([P(s, 'GOR')]);
  });

  it('with no usable east-edge point it can neither enter nor leave Siberia', () => {
    const { s, ws, task, i } = position(1, ['MOS', 'KAL']);
    expect(strategicDestinations(s, ws, task, i).map((o) => o.to)).not.toContain(STRAT_BOX);
    s.units[i]!.st = 5;
    s.units[i]!.at = -1;
    expect(stratStep(s, dcWorkspace(s), newPhase(s, 1))).toBeNull();
  });

  it('a unit in Siberia is never isolated and is not "on the map" (DC 2.B.3.a.i)', () => {
    const { s, i } = position(1, ['GOR', 'AST']);
    s.units[i]!.st = 5;
    s.units[i]!.at = -1;
    s.control.fill(0);
    supplyPhase(s, dcWorkspace(s), 1);
    expect(s.units[i]!.st).toBe(5);
    s.camp.noSoviet = 1;
    expect(endOfAxisTurn(s)?.level).toBe('campaign-axis-no-soviets');
  });
});

describe('DC 9.A: an Axis unit held in the west off-map box', () => {
  it('Konigsberg into the west box and back to Bucharest a turn later', () => {
    const { s, ws, task, i } = position(0, ['KON', 'BUC'], 'ger-inf', 'adv-tournament');
    const opts = strategicDestinations(s, ws, task, i);
    expect(opts.map((o) => o.to)).toEqual([P(s, 'BUC'), STRAT_BOX]);
    task.unit = i;
    applyStratDest(s, ws, task, opts[1]!);
    expect(s.units[i]).toMatchObject({ st: 5, at: -1 });
    s.units[i]!.disp = false;
    const next = newPhase(s, 0);
    const ws2 = dcWorkspace(s);
    expect(stratStep(s, ws2, next)?.options).toContainEqual({ type: 'unit', unit: i });
    expect(strategicDestinations(s, ws2, next, i).map((o) => o.to)).toEqual([P(s, 'KON'), P(s, 'BUC')]);
  });

  it('the Soviets have no west box, the Axis no Siberia', () => {
    const sov = position(1, ['KON', 'BUC']);
    expect(strategicDestinations(sov.s, sov.ws, sov.task, sov.i)).toEqual([]);
    const ax = position(0, ['GOR', 'AST'], 'ger-inf', 'adv-tournament');
    expect(strategicDestinations(ax.s, ax.ws, ax.task, ax.i)).toEqual([]);
  });
});

describe('DC 9.A: the scripted policies never choose the box', () => {
  it('a unit whose one destination is the box is marked and skipped; the box is never a chosen destination', () => {
    const { s, ws, task, i } = position(1, ['AST']);
    const d = stratStep(s, ws, task) as DcDecision & { kind: 'strat-next' };
    expect(d.options).toEqual([{ type: 'end' }, { type: 'unit', unit: i, boxOnly: true }]);
    const ctx = { enemyDistance: () => new Array(200).fill(9), distances: () => new Array(200).fill(0) };
    // biome-ignore lint/suspicious/noExplicitAny: a minimal policy context for the two pickers
    expect(pickStratUnit(s, ctx as any, d, 1)).toBe(0);
    const dd = {
      kind: 'strat-dest',
      side: 'soviet',
      rule: 'DC 9.A',
      options: [
        { type: 'dest', to: P(s, 'AST') },
        { type: 'dest', to: STRAT_BOX },
      ],
    } as DcDecision & { kind: 'strat-dest' };
    // biome-ignore lint/suspicious/noExplicitAny: as above
    expect(pickStratDest(s, ctx as any, dd, 1, 'MOS')).toBe(0);
    // ending with only such units offered starts the sea part as the unasked end does
    applyStratNext(s, ws, task, { type: 'end' });
    expect(s.stack.some((t) => t.t === 'strat')).toBe(false);
  });
});

/** Side `side`'s units of `types` held, recovered, in its off-map box; the side's operational phase begun. */
function boxed(side: 0 | 1, types: string[], scenario?: string) {
  const s = fresh(scenario);
  s.weather = 0;
  const at = side === 1 ? 'GOR' : 'KRA';
  const units = types.map((t) => add(s, t, side, at, { st: 5, at: -1 }));
  startOp(s, side);
  const task = s.stack[s.stack.length - 1] as DcTask & { t: 'op' };
  return { s, ws: dcWorkspace(s), task, units };
}

/** The next op-move decision of `task` (the unit asked is `task.order[task.i]`). */
function nextOp(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'op' }) {
  return opStep(s, ws, task) as (DcDecision & { kind: 'op-move' }) | null;
}

describe('DC 9.A: re-entry from the off-map box by operational movement (R-81)', () => {
  it('a Soviet unit held in Siberia enters along an east-edge line onto the point, undispersed', () => {
    const { s, ws, task, units } = boxed(1, ['sov-rifle']);
    const i = units[0]!;
    expect(task.order).toEqual([i]);
    expect(task.en).toHaveLength(2 * mapOf(s).n);
    const d = nextOp(s, ws, task)!;
    expect(d.kind).toBe('op-move');
    const m = mapOf(s);
    const east = [...Array(m.n).keys()].filter((p) => m.edgeEast[p] === 1);
    // the eastern and south-eastern edge lines (Astrakhan, Grozny), every one a stay's alternative
    expect(d.options[0]).toEqual({ type: 'stay' });
    expect(d.options.slice(1)).toEqual(east.map((p) => ({ type: 'enter', at: p, attack: false })));
    expect(east).toContain(P(s, 'AST'));
    expect(east).toContain(P(s, 'GRO'));
    applyOp(s, task, { type: 'enter', at: P(s, 'SAR'), attack: false });
    expect(s.units[i]).toMatchObject({ st: 0, at: P(s, 'SAR'), disp: false, occ: true, atk: -1 });
    expect(invariants(s)).toEqual([]);
  });

  it("the edge line's capacity by class counts (DC 12.A: Soviet minor 3 units, 2 armour)", () => {
    const { s, ws, task, units } = boxed(1, ['sov-tank', 'sov-tank', 'sov-tank', 'sov-rifle', 'sov-rifle']);
    const pen = P(s, 'PEN');
    expect(mapOf(s).exitClass[pen]).toBe(1);
    // asked by type (the rifles first), then index: the tanks go in first here
    task.order.splice(0, task.order.length, ...units);
    const offers: boolean[] = [];
    for (let k = 0; k < units.length; k++) {
      const d = nextOp(s, ws, task)!;
      expect(task.order[task.i]).toBe(units[k]);
      const o = d.options.find((x) => x.type === 'enter' && x.at === pen);
      offers.push(o !== undefined);
      applyOp(s, task, o ?? { type: 'enter', at: P(s, 'GOR'), attack: false });
    }
    // tanks 1-2 by Penza, the 3rd over the armour limit; rifle 1 the line's 3rd unit, rifle 2 over
    expect(offers).toEqual([true, true, false, true, false]);
    expect(task.en![2 * pen]).toBe(6);
    expect(task.en![2 * pen + 1]).toBe(2);
    expect(units.filter((k) => s.units[k]!.at === pen)).toHaveLength(3);
    expect(invariants(s)).toEqual([]);
  });

  it('a unit entering onto an enemy-held edge point assaults it, joining the attack from the map', () => {
    const s = fresh();
    s.weather = 0;
    const gor = P(s, 'GOR');
    s.control[gor] = 0;
    add(s, 'ger-inf', 0, 'GOR');
    const land = add(s, 'sov-rifle', 1, 'YAR');
    const box = add(s, 'sov-rifle', 1, 'MOS', { st: 5, at: -1 });
    startOp(s, 1);
    const task = s.stack[s.stack.length - 1] as DcTask & { t: 'op' };
    const ws = dcWorkspace(s);
    // the unit on the map first, then the one in the box
    expect(task.order).toEqual([land, box]);
    const d1 = nextOp(s, ws, task)!;
    const o1 = d1.options.find((o) => o.type === 'move' && o.to === gor)!;
    expect(o1).toMatchObject({ attack: true });
    applyOp(s, task, o1);
    const d2 = nextOp(s, ws, task)!;
    expect(d2.options).toContainEqual({ type: 'enter', at: gor, attack: true });
    applyOp(s, task, { type: 'enter', at: gor, attack: true });
    // on the edge line, its origin the box: committed, in supply (the Soviet supply lines leave there)
    expect(s.units[box]).toMatchObject({ st: 0, at: -1, atk: gor });
    expect(inSupply(s, ws, s.units[box]!)).toBe(true);
    expect(invariants(s)).toEqual([]);
    expect(makeBattle(s, gor, 1, false).attackers).toEqual([land, box]);
  });

  it('the battle takes the unit onto the point, or back into the box (its origin)', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40 && seen.size < 2; seed++) {
      const s = empty(
        startGame(resolveSetup(dc, { scenario: 'intro-tournament', variants: {}, params: {} }, 'test'), {
          masterSeed: seed,
          gameIndex: 0,
        }),
      );
      s.stack.length = 0;
      s.weather = 0;
      s.seq = 12; // the Soviet combat phase (C.4)
      const gor = P(s, 'GOR');
      s.control[gor] = 0;
      add(s, 'ger-inf', 0, 'GOR');
      const box = add(s, 'sov-rifle', 1, 'MOS', { atk: gor, at: -1 });
      s.stack.push({ t: 'combat', side: 1, bt: false });
      const ws = dcWorkspace(s);
      for (let k = 0; k < 200 && s.stack.some((t) => t.t === 'combat'); k++) {
        const d = advance(s, ws);
        if (d === null) break;
        apply(s, ws, d, 0);
        expect(invariants(s)).toEqual([]);
      }
      expect(s.stats.battles).toBe(1);
      const u = s.units[box]!;
      if (u.st === 0) {
        expect(u).toMatchObject({ at: gor, atk: -1 });
        expect(s.control[gor]).toBe(1);
        seen.add('taken');
      } else if (u.st === 5) {
        expect(u).toMatchObject({ at: -1, atk: -1 });
        expect(s.control[gor]).toBe(0);
        seen.add('box');
      } else seen.add('destroyed');
    }
    expect(seen.has('taken')).toBe(true);
    expect(seen.has('box')).toBe(true);
  });

  it('a unit that moved strategically this turn (into the box, or out of it) is not asked in the op phase', () => {
    const { s, ws, task, i } = position(1, ['GOR', 'AST', 'STL']);
    const other = add(s, 'sov-rifle', 1, 'GOR', { st: 5, at: -1 });
    // the move into the box, then the one out of it (9.A: dispersed at the end of the phase)
    task.unit = i;
    applyStratDest(s, ws, task, { type: 'dest', to: STRAT_BOX });
    task.unit = other;
    applyStratDest(s, ws, task, { type: 'dest', to: P(s, 'STL') });
    expect(s.units[i]).toMatchObject({ st: 5, disp: true });
    expect(s.units[other]).toMatchObject({ st: 0, disp: true });
    s.stack.length = 0;
    startOp(s, 1);
    const op = s.stack[s.stack.length - 1] as DcTask & { t: 'op' };
    expect(op.order).toEqual([]);
    expect(op.en).toBeUndefined();
  });

  it('the Axis enter from the west box; a Rumanian army not into Hungary (DC 5.D)', () => {
    const { s, ws, task, units } = boxed(0, ['ger-pz', 'rum-army'], 'adv-tournament');
    const m = mapOf(s);
    const west = [...Array(m.n).keys()].filter((p) => m.edgeWest[p] === 1);
    const cluj = P(s, 'CLU');
    s.control[P(s, 'LUB')] = 1;
    add(s, 'sov-rifle', 1, 'LUB');
    const d = nextOp(s, ws, task)!;
    expect(task.order[task.i]).toBe(units[0]);
    expect(d.options.slice(1)).toEqual(
      west.map((p) => ({ type: 'enter', at: p, attack: p === P(s, 'LUB') })),
    );
    applyOp(s, task, { type: 'enter', at: P(s, 'KRA'), attack: false });
    expect(s.units[units[0]!]).toMatchObject({ st: 0, at: P(s, 'KRA') });
    // DC 12.0: a German breakthrough unit that took an empty point may take a second
    expect(task.second).toBe(units[0]);
    task.second = -1;
    const d2 = nextOp(s, ws, task)!;
    expect(task.order[task.i]).toBe(units[1]);
    expect(d2.options.some((o) => o.type === 'enter' && o.at === cluj)).toBe(false);
    expect(d2.options.some((o) => o.type === 'enter' && o.at === P(s, 'BUC'))).toBe(true);
  });
});

describe('DC 9.A: the box readings as variants', () => {
  it('box-cap: a strategic re-entry takes one unit of the allowance (box-cap-each) or none (box-cap-once)', () => {
    for (const once of [false, true]) {
      const v = once ? { 'box-cap-once': true } : {};
      // the Axis first turn: no strategic allowance (DC 9.A, 5.C)
      const s = fresh('adv-tournament', v);
      s.turn = s.first;
      const i = add(s, 'ger-inf', 0, 'KRA', { st: 5, at: -1 });
      add(s, 'ger-inf', 0, 'WAR');
      const ws = dcWorkspace(s);
      expect(strategicCapacity(s, ws, 0)).toBe(0);
      startStrategic(s, ws, 0);
      const task = s.stack.find((x) => x.t === 'strat') as Strat | undefined;
      if (!once) {
        expect(task).toBeUndefined();
        continue;
      }
      // box-cap-once: the unit in the box alone is offered, and its re-entry leaves the allowance at 0
      const d = stratStep(s, ws, task!) as DcDecision & { kind: 'strat-next' };
      expect(d.options).toEqual([{ type: 'end' }, { type: 'unit', unit: i }]);
      applyStratNext(s, ws, task!, { type: 'unit', unit: i });
      applyStratDest(s, ws, task!, { type: 'dest', to: P(s, 'WAR') });
      expect(task!.left).toBe(0);
      expect(s.units[i]).toMatchObject({ st: 0, at: P(s, 'WAR'), disp: true });
    }
    // and with an allowance: box-cap-each spends it on the re-entry, box-cap-once keeps it
    const left = [false, true].map((once) => {
      const { s, task, i } = position(
        0,
        ['KON', 'BUC'],
        'ger-inf',
        'adv-tournament',
        once ? { 'box-cap-once': true } : {},
      );
      s.units[i]!.st = 5;
      s.units[i]!.at = -1;
      const ws = dcWorkspace(s);
      task.unit = i;
      applyStratDest(s, ws, task, { type: 'dest', to: P(s, 'BUC') });
      return task.left;
    });
    expect(left).toEqual([2, 3]);
  });

  it('box-arrivals: any number may end a strategic move in the box (box-arrivals-free) or 3 (box-arrivals-3)', () => {
    for (const three of [false, true]) {
      const { s, ws, task, i } = position(
        1,
        ['GOR', 'AST'],
        'sov-rifle',
        undefined,
        three ? { 'box-arrivals-3': true } : {},
      );
      task.left = 9;
      const more = [
        i,
        add(s, 'sov-rifle', 1, 'GOR'),
        add(s, 'sov-rifle', 1, 'GOR'),
        add(s, 'sov-rifle', 1, 'GOR'),
      ];
      const offered = more.map((k) => {
        task.unit = k;
        const opts = strategicDestinations(s, ws, task, k);
        const box = opts.find((o) => o.to === STRAT_BOX);
        if (box !== undefined) applyStratDest(s, ws, task, box);
        else task.unit = -1;
        return box !== undefined;
      });
      expect(offered).toEqual(three ? [true, true, true, false] : [true, true, true, true]);
      if (three) expect(task.arrivals[mapOf(s).n]).toBe(3);
    }
    // a unit whose one destination is the box is not offered once the box is full
    const { s, ws, task, i } = position(1, ['AST'], 'sov-rifle', undefined, { 'box-arrivals-3': true });
    task.arrivals[mapOf(s).n] = 3;
    expect(stratStep(s, ws, task)).toBeNull();
    expect(s.units[i]!.st).toBe(0);
  });

  it('box-on-map: units in the box are off the map (box-off-map) or count as on it (box-in-play), DC 2.B.3', () => {
    for (const inPlay of [false, true]) {
      const v = inPlay ? { 'box-in-play': true } : {};
      // 2.B.3.a.i: no Soviet unit on the map at the end of two consecutive Axis player turns
      const sov = position(1, ['GOR', 'AST'], 'sov-rifle', 'intro-campaign', v);
      sov.s.units[sov.i]!.st = 5;
      sov.s.units[sov.i]!.at = -1;
      sov.s.camp.noSoviet = 1;
      expect(endOfAxisTurn(sov.s)?.level).toBe(inPlay ? undefined : 'campaign-axis-no-soviets');
      // 2.B.3.b.i: every German unit on the map eliminated
      const ax = position(0, ['KRA'], 'ger-inf', 'intro-campaign', v);
      ax.s.units[ax.i]!.st = 5;
      ax.s.units[ax.i]!.at = -1;
      expect(instantCheck(ax.s)?.level).toBe(inPlay ? undefined : 'campaign-soviet-no-germans');
    }
  });

  it('hun-box: a Hungarian army held in Hungary may not enter the west box (hun-box-barred) or may, and re-enters into Hungary only (hun-box-allowed)', () => {
    for (const allowed of [false, true]) {
      const v = allowed ? { 'hun-box-allowed': true } : {};
      const { s, ws, task, i } = position(0, ['CLU', 'TGM', 'BUC', 'KRA'], 'hun-army', 'intro-tournament', v);
      s.turn = 5; // before June 1942: held in Hungary (DC 5.D)
      const dests = strategicDestinations(s, ws, task, i).map((o) => o.to);
      expect(dests).toContain(P(s, 'TGM'));
      expect(dests.includes(STRAT_BOX)).toBe(allowed);
      if (!allowed) continue;
      task.unit = i;
      applyStratDest(s, ws, task, { type: 'dest', to: STRAT_BOX });
      s.units[i]!.disp = false;
      const next = newPhase(s, 0);
      const ws2 = dcWorkspace(s);
      const back = strategicDestinations(s, ws2, next, i).map((o) => mapOf(s).nation[o.to]);
      expect(back.length).toBeGreaterThan(0);
      expect(back.every((n) => n === 'Hungary')).toBe(true);
      // by operational movement: the west-edge line of Cluj only
      s.stack.length = 0;
      startOp(s, 0);
      const op = s.stack[s.stack.length - 1] as DcTask & { t: 'op' };
      const d = opStep(s, dcWorkspace(s), op) as DcDecision & { kind: 'op-move' };
      expect(d.options).toEqual([{ type: 'stay' }, { type: 'enter', at: P(s, 'CLU'), attack: false }]);
    }
  });
});
