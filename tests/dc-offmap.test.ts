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
import { endOfAxisTurn } from '../src/games/dc/campaign.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import { invariants } from '../src/games/dc/invariants.js';
import { pickStratDest, pickStratUnit } from '../src/games/dc/policies/common.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState, DcTask } from '../src/games/dc/state.js';
import {
  applyStratDest,
  applyStratNext,
  STRAT_BOX,
  strategicDestinations,
  stratStep,
} from '../src/games/dc/strategic.js';
import { supplyPhase } from '../src/games/dc/turn-sequence.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, empty, P } from './helpers/dc.js';

function fresh(scenario = 'intro-tournament'): DcState {
  const s = empty(
    startGame(resolveSetup(dc, { scenario, variants: {}, params: {} }, 'test'), {
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
) {
  const s = fresh(scenario);
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
