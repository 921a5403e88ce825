/**
 * Dark Crusade German air positions (DC 13.A.4, 14.B.4; RULES-CHECKLIST D-8, D-29, R-101, R-131, R-203, variant
 * group lw-placement): the placement at the Axis turn's start, regular attacks taking only the air
 * placed at their origin points, withheld air only for breakthrough assaults or defence, the
 * lw-lines reading (one line per turn) and air accompanying a breakthrough group.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import {
  airBtStep,
  airStartOptions,
  airStartStep,
  applyAirBt,
  applyAirStart,
  endAxisAir,
  startAirPlacement,
} from '../src/games/dc/air.js';
import { applyBt, btOptions, startBreakthrough } from '../src/games/dc/breakthrough.js';
import { applyBattle, makeBattle, startBattle } from '../src/games/dc/combat.js';
import type { AirBtOption } from '../src/games/dc/decisions.js';
import { fireTotal } from '../src/games/dc/firepower.js';
import { dc } from '../src/games/dc/index.js';
import { invariants as checkInvariants } from '../src/games/dc/invariants.js';
import { startGame } from '../src/games/dc/setup.js';
import type { Battle, DcState } from '../src/games/dc/state.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, battleStep, empty, P } from './helpers/dc.js';

function fresh(variants: Record<string, boolean> = {}): DcState {
  const s = startGame(resolveSetup(dc, { scenario: 'intro-tournament', variants, params: {} }, 'test'), {
    masterSeed: 5,
    gameIndex: 0,
  });
  s.stack.length = 0;
  s.turn = 2; // July 1941, Good
  s.weather = 0;
  return s;
}

type PlaceTask = DcState['stack'][number] & { t: 'lw-place' };
type BtTask = DcState['stack'][number] & { t: 'bt-move' };
type LwBtTask = DcState['stack'][number] & { t: 'lw-bt' };

/** German infantry at Warsaw and Lublin, Soviets at Brest (next to Warsaw) and Rovno (next to Lublin). */
function front(variants: Record<string, boolean> = {}) {
  const s = empty(fresh(variants));
  const war = add(s, 'ger-inf', 0, 'WAR');
  const lub = add(s, 'ger-inf', 0, 'LUB');
  add(s, 'sov-rifle', 1, 'BRE');
  add(s, 'sov-rifle', 1, 'ROV');
  s.air = 2;
  s.airFree = 2;
  return { s, ws: dcWorkspace(s), war, lub };
}

describe('D-8 (DC 13.A.4, 14.B.4): German air placed at the Axis turn start (variant lw-free)', () => {
  it('each unit: withheld (-1) or a point with Axis ground units in supply', () => {
    const { s, ws } = front();
    startAirPlacement(s);
    const task = s.stack[s.stack.length - 1] as PlaceTask;
    expect(task.start).toBe(true);
    const d = airStartStep(s, ws, task)!;
    expect(d.kind).toBe('lw-place');
    expect(d.options.map((o) => o.at).sort((a, b) => a - b)).toEqual(
      [-1, P(s, 'LUB'), P(s, 'WAR')].sort((a, b) => a - b),
    );
    expect(d.options[0]!.at).toBe(-1);
    applyAirStart(s, task, { type: 'air-place', at: P(s, 'WAR') });
    applyAirStart(s, task, { type: 'air-place', at: -1 });
    expect(airStartStep(s, ws, task)).toBeNull();
    expect(s.airUp).toEqual([P(s, 'WAR')]);
    expect(s.airFree).toBe(1);
    expect(checkInvariants(s)).toEqual([]);
  });

  it('a regular attack takes only the air placed at its origin; withheld air is not offered', () => {
    const { s, ws, war, lub } = front();
    s.airUp = [P(s, 'WAR')];
    s.airFree = 1;
    s.units[war]!.atk = P(s, 'BRE');
    s.units[lub]!.atk = P(s, 'ROV');
    const fromWar = makeBattle(s, P(s, 'BRE'), 0, false);
    const d = battleStep(s, ws, fromWar)!;
    expect(d.kind).toBe('lw-commit');
    expect(d.options.length).toBe(2); // 0 or 1: the unit at Warsaw, not the withheld one
    applyBattle(s, ws, fromWar, d, 1);
    expect([fromWar.airAtt, s.airUp.length, s.airFree]).toEqual([1, 0, 1]);
    // from Lublin: no air placed there, so no commitment
    const fromLub = makeBattle(s, P(s, 'ROV'), 0, false);
    expect(battleStep(s, ws, fromLub)?.kind).not.toBe('lw-commit');
  });

  it('a breakthrough assault takes the withheld air', () => {
    const { s, ws, lub } = front();
    s.airUp = [P(s, 'WAR')];
    s.airFree = 1;
    s.units[lub]!.atk = P(s, 'ROV');
    const b = makeBattle(s, P(s, 'ROV'), 0, true);
    const d = battleStep(s, ws, b)!;
    expect(d.kind).toBe('lw-commit');
    expect(d.options.length).toBe(2);
    applyBattle(s, ws, b, d, 1);
    expect([b.airAtt, s.airUp.length, s.airFree]).toEqual([1, 1, 0]);
  });

  it('at the end of the Axis turn placed air stays where Axis ground units are, else it is withheld again', () => {
    const { s, war } = front();
    s.airUp = [P(s, 'WAR'), P(s, 'KRA')];
    s.airFree = 0;
    expect(s.units[war]!.at).toBe(P(s, 'WAR'));
    endAxisAir(s);
    expect(s.airAt).toEqual([P(s, 'WAR')]);
    expect([s.airUp.length, s.airFree]).toEqual([0, 1]);
  });
});

describe('variant lw-lines: German air moves one line per Axis turn', () => {
  it('a unit on the map may stay or move one line; a unit withheld or new is placed freely', () => {
    const { s, ws } = front({ 'lw-lines': true });
    add(s, 'ger-inf', 0, 'KRA');
    s.airAt = [P(s, 'KRA')]; // where it stood in the Soviet turn
    startAirPlacement(s);
    const task = s.stack[s.stack.length - 1] as PlaceTask;
    expect(task.from).toEqual([P(s, 'KRA')]);
    const first = airStartOptions(s, ws, task).map((o) => o.at);
    // Krakow's neighbours with Axis units: Lublin (Warsaw is two lines away)
    expect(first.sort((a, b) => a - b)).toEqual([-1, P(s, 'KRA'), P(s, 'LUB')].sort((a, b) => a - b));
    applyAirStart(s, task, { type: 'air-place', at: P(s, 'LUB') });
    const second = airStartOptions(s, ws, task).map((o) => o.at);
    expect(second).toContain(P(s, 'WAR'));
    expect(second).toContain(P(s, 'KRA'));
    // under lw-free the same unit could go anywhere
    const free = front();
    add(free.s, 'ger-inf', 0, 'KRA');
    free.s.airAt = [P(free.s, 'KRA')];
    startAirPlacement(free.s);
    const t2 = free.s.stack[free.s.stack.length - 1] as PlaceTask;
    expect(airStartOptions(free.s, free.ws, t2).map((o) => o.at)).toContain(P(free.s, 'WAR'));
  });
});

describe('R-131 (DC 14.B.4): German air accompanying a breakthrough group', () => {
  /** A panzer corps at Warsaw that took the point, air that fought there, Soviets at Brest and Bialystok. */
  function btPosition() {
    const s = empty(fresh());
    const pz = add(s, 'ger-pz', 0, 'WAR', { clr: true });
    const other = add(s, 'ger-pz', 0, 'LUB', { clr: true });
    add(s, 'sov-rifle', 1, 'BRE');
    add(s, 'sov-rifle', 1, 'BIA');
    s.air = 2;
    s.airFree = 0;
    s.airAt = [P(s, 'WAR')];
    return { s, ws: dcWorkspace(s), pz, other };
  }

  it('air present in regular combat is offered the groups moving from its point; it then multiplies only them', () => {
    const { s, ws, pz, other } = btPosition();
    startBreakthrough(s, 0);
    const bt = s.stack[s.stack.length - 1] as BtTask;
    expect(s.stack[s.stack.length - 2]!.t).toBe('lw-bt');
    // the Warsaw panzer assaults Brest
    while (bt.order[bt.i] !== pz) bt.i++;
    const move = btOptions(s, ws, pz).find((o) => o.type === 'move' && o.to === P(s, 'BRE'))!;
    applyBt(s, bt, move);
    s.stack.pop();
    const task = s.stack[s.stack.length - 1] as LwBtTask;
    const d = airBtStep(s, task)!;
    expect(d.kind).toBe('lw-bt');
    expect(d.options).toEqual<AirBtOption[]>([
      { type: 'air-bt', to: -1, assault: false },
      { type: 'air-bt', to: P(s, 'BRE'), assault: true },
    ]);
    applyAirBt(s, task, d.options[1]!);
    expect(airBtStep(s, task)).toBeNull();
    expect([s.airAt, s.airBt]).toEqual([[], [P(s, 'WAR'), P(s, 'BRE')]]);
    expect(checkInvariants(s)).toEqual([]);
    // the Lublin panzer joins the assault on Brest too (a second group, not accompanied)
    s.units[other]!.atk = P(s, 'BRE');
    startBattle(s, ws, P(s, 'BRE'), 0, true);
    const b = (s.stack[s.stack.length - 1] as { b: Battle }).b;
    expect(b.grpAir).toEqual([P(s, 'WAR')]);
    expect(s.airBt).toEqual([]);
    const ff = s.rules.types[s.units[pz]!.t]!.ff;
    // bt-total-14A: (ff x 2 + ff) halved, rounded up; the Lublin group is not multiplied
    expect(fireTotal(s, ws, b, true)).toBe(Math.ceil((2 * ff + ff) / 2));
  });

  it('air may stay (for the defence) and air with no group moving from its point is not asked', () => {
    const { s, ws, pz } = btPosition();
    s.airAt = [P(s, 'KRA')];
    startBreakthrough(s, 0);
    const bt = s.stack[s.stack.length - 1] as BtTask;
    while (bt.order[bt.i] !== pz) bt.i++;
    applyBt(s, bt, btOptions(s, ws, pz).find((o) => o.type === 'move' && o.to === P(s, 'BRE'))!);
    s.stack.pop();
    expect(airBtStep(s, s.stack[s.stack.length - 1] as LwBtTask)).toBeNull();
    expect(s.airAt).toEqual([P(s, 'KRA')]);
  });
});
