/**
 * Dark Crusade rules added beside the Advanced level, each with a hand-built position: the 1944 air
 * window (DC 7.A note c, D-7, variant 1944-air), the defender's all-out from round 2 (13.B.8, D-21)
 * and the attacker's declaration timing (variant allout-timing).
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { applyWindow, window1944 } from '../src/games/dc/air-window.js';
import { battleStep, makeBattle } from '../src/games/dc/combat.js';
import { dc } from '../src/games/dc/index.js';
import { mapByKey } from '../src/games/dc/map.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState, DcUnit, SideIx } from '../src/games/dc/state.js';
import { monthOf, yearOf } from '../src/games/dc/state.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';

function fresh(variants: Record<string, boolean> = {}, scenario = 'intro-tournament'): DcState {
  const s = startGame(resolveSetup(dc, { scenario, variants, params: {} }, 'test'), {
    masterSeed: 3,
    gameIndex: 0,
  });
  s.stack.length = 0;
  return s;
}
const P = (s: DcState, id: string) => mapByKey(s.rules.mapKey).index.get(id)!;
function empty(s: DcState): DcState {
  for (const u of s.units) {
    u.st = 2;
    u.at = -1;
  }
  return s;
}
function add(s: DcState, type: string, side: SideIx, at: string, extra: Partial<DcUnit> = {}): number {
  s.units.push({
    t: s.rules.types.findIndex((t) => t.id === type),
    side,
    label: type,
    at: P(s, at),
    st: 0,
    losses: 0,
    disp: false,
    fort: false,
    atk: -1,
    occ: false,
    clr: false,
    rounds: 0,
    bt: false,
    allOut: false,
    iso: false,
    ret: false,
    ...extra,
  });
  return s.units.length - 1;
}

describe('DC 7.A note c: the 1944 air window (D-7)', () => {
  it('asked on a Good 1944 turn; opened, this turn and the next Good turn get 1 air unit, then spent', () => {
    const s = fresh();
    s.turn = 38;
    expect([monthOf(s.turn), yearOf(s.turn)]).toEqual([6, 1944]);
    s.weather = 1;
    s.air = 0;
    expect(window1944(s)).toBe(false); // Mud: not asked
    s.weather = 0;
    expect(window1944(s)).toBe(true);
    expect(s.air).toBe(0);
    applyWindow(s, true);
    expect([s.air, s.airFree, s.w44]).toEqual([1, 1, 1]);
    s.turn = 39;
    s.air = 0;
    expect(window1944(s)).toBe(false);
    expect([s.air, s.w44]).toEqual([1, 2]);
    s.air = 0;
    expect(window1944(s)).toBe(false);
    expect(s.air).toBe(0);
  });

  it('not in 1943; variant may44-in-window: May 1944 gives air only through the window', () => {
    const s = fresh();
    s.turn = 26; // June 1943
    s.weather = 0;
    expect(window1944(s)).toBe(false);
    s.turn = 37; // May 1944, column 2 prints 1
    s.air = 1;
    expect(window1944(s)).toBe(true);
    expect(s.air).toBe(1);
    const v = fresh({ 'may44-in-window': true });
    v.turn = 37;
    v.weather = 0;
    v.air = 1;
    expect(window1944(v)).toBe(true);
    expect(v.air).toBe(0);
  });
});

describe('DC 13.B.8: all-out timing and the defender all-out (D-21)', () => {
  function battle(variants: Record<string, boolean> = {}) {
    const s = empty(fresh(variants));
    s.weather = 1; // Mud: normal combat
    for (let k = 0; k < 2; k++) add(s, 'ger-inf', 0, 'WAR', { atk: P(s, 'BRE') });
    for (let k = 0; k < 3; k++) add(s, 'sov-rifle', 1, 'BRE');
    const b = makeBattle(s, P(s, 'BRE'), 0, false);
    b.stage = 'allout';
    return { s, b, ws: dcWorkspace(s) };
  }

  it('allout-before-first-die: the attacker is asked before any fire; allout-before-own-die: after the defender fires', () => {
    const a = battle();
    expect(battleStep(a.s, a.ws, a.b)?.kind).toBe('allout-att');
    const l = battle({ 'allout-before-own-die': true });
    const d = battleStep(l.s, l.ws, l.b);
    expect(d?.kind).not.toBe('allout-att');
    expect(l.b.aoGroup).toBe(-1);
    expect(l.b.round).toBe(1);
    // the defender has fired: any loss it rolled is being (or has been) allocated
    expect(['att-loss', 'att-cont']).toContain(l.b.stage);
  });

  it('the defender is asked from round 2 only, one group per unit type; all-out units die after their die', () => {
    const { s, b, ws } = battle();
    b.round = 1;
    b.stage = 'def-fire';
    const r1 = battleStep(s, ws, b);
    expect(r1?.kind).not.toBe('allout-def');
    const t = battle();
    t.b.round = 2;
    t.b.stage = 'def-fire';
    const d = battleStep(t.s, t.ws, t.b)!;
    expect(d.kind).toBe('allout-def');
    expect(d.options.length).toBe(4); // 0..3 rifle armies
    for (const i of t.b.defenders) t.s.units[i]!.allOut = true;
    t.b.aoDef = 1;
    battleStep(t.s, t.ws, t.b);
    expect(t.b.defenders.every((i) => t.s.units[i]!.st === 1)).toBe(true);
  });
});
