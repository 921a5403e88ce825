/**
 * Dark Crusade readings added as named variants (docs/games/dc.md "Readings"): each test builds a position by hand and
 * shows what the default and the alternative reading do.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { airBtStep } from '../src/games/dc/air.js';
import { applyBt, btOptions } from '../src/games/dc/breakthrough.js';
import { applyBattle, makeBattle } from '../src/games/dc/combat.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import { lossOptions } from '../src/games/dc/losses.js';
import { startGame } from '../src/games/dc/setup.js';
import { siberiaStep } from '../src/games/dc/siberia.js';
import type { DcState } from '../src/games/dc/state.js';
import { strategicDestinations, stratStep } from '../src/games/dc/strategic.js';
import { inSupply, mapOf } from '../src/games/dc/supply.js';
import { supportParts } from '../src/games/dc/support.js';
import { advance, apply } from '../src/games/dc/turn-sequence.js';
import { weatherPhase } from '../src/games/dc/weather.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, battleStep, empty, P, T } from './helpers/dc.js';

function adv(variants: Record<string, boolean> = {}, params: Record<string, unknown> = {}): DcState {
  return empty(
    startGame(resolveSetup(dc, { scenario: 'adv-tournament', variants, params }, 'test'), {
      masterSeed: 1,
      gameIndex: 0,
    }),
  );
}

describe('sov-air-absorb (DC 13.A.3 vs 17.B)', () => {
  /** Soviet air and a rifle army at Vitebsk; every neighbour Axis-held when `isolated`. */
  function position(variants: Record<string, boolean>, isolated: boolean) {
    const s = adv(variants);
    s.stack.length = 0;
    const vit = P(s, 'VIT');
    s.control[vit] = 1;
    if (isolated) for (const id of ['VLK', 'SMO', 'DVI', 'ORS']) s.control[P(s, id)] = 0;
    const air = add(s, 'sov-air', 1, 'VIT');
    const rifle = add(s, 'sov-rifle', 1, 'VIT');
    add(s, 'ger-inf', 0, 'DVI', { atk: vit });
    const b = makeBattle(s, vit, 0, false);
    b.lossLeft = 1;
    const units = lossOptions(s, dcWorkspace(s), b, b.defenders).map((o) => o.unit);
    return { air, rifle, units };
  }

  it('air-never-absorbs (default): the air unit is never offered a loss, isolated or not', () => {
    for (const iso of [false, true]) {
      const { air, rifle, units } = position({}, iso);
      expect(units).toEqual([rifle]);
      expect(units).not.toContain(air);
    }
  });

  it('air-absorbs-if-isolated: an isolated air unit may absorb a loss, one in supply may not', () => {
    const inSupply = position({ 'air-absorbs-if-isolated': true }, false);
    expect(inSupply.units).toEqual([inSupply.rifle]);
    const iso = position({ 'air-absorbs-if-isolated': true }, true);
    expect(iso.units).toContain(iso.air);
    expect(iso.units).toContain(iso.rifle);
  });
});

describe('winter-col2 (1E-errata 2)', () => {
  /** The weather of `turn` after an autumn roll that chose column `autumnCol`. */
  function weather(turn: number, autumnCol: number, variants: Record<string, boolean>, params = {}): number {
    const s = adv(variants, params);
    const st = { weather: 0, springCol: 1, autumnCol, air: 0 };
    weatherPhase(s.rules, turn, false, st, () => 6);
    return st.weather;
  }
  // turn 8 = December 1941, 9 = January 1942, 10 = February 1942, 11 = March 1942
  it('winter-snow-both (default): December to February are Snow whatever the autumn roll', () => {
    for (const t of [8, 9, 10]) for (const col of [1, 2]) expect(weather(t, col, {})).toBe(2);
  });

  it('winter-col2-1st: after a column-2 autumn, the winter reads parameter winter-col2-weather (Mud by default)', () => {
    const v = { 'winter-col2-1st': true };
    for (const t of [8, 9, 10]) {
      expect(weather(t, 1, v)).toBe(2);
      expect(weather(t, 2, v)).toBe(1);
      expect(weather(t, 2, v, { 'winter-col2-weather': 'good' })).toBe(0);
      expect(weather(t, 2, v, { 'winter-col2-weather': 'snow' })).toBe(2);
    }
    // March rolls its own column again (a 6: column 2, Snow)
    expect(weather(11, 2, v)).toBe(2);
  });
});

describe("D-22 hq-assign (DC 13.B.7): the attacker picks his stack's HQ", () => {
  /** Three German infantry corps, an Army HQ and a Panzer HQ (FF 3 here) attack Vitebsk from Dvinsk. */
  function position(second = 'ger-pzhq', variants: Record<string, boolean> = {}) {
    const s = adv(variants, { 'ff-ger-pzhq': 3 });
    s.stack.length = 0;
    s.weather = 0;
    const vit = P(s, 'VIT');
    // every point but Vitebsk Axis-held: the German units trace supply
    s.control.fill(0);
    s.control[vit] = 1;
    add(s, 'sov-rifle', 1, 'VIT');
    for (let k = 0; k < 3; k++) add(s, 'ger-inf', 0, 'DVI', { atk: vit });
    const hq = add(s, 'ger-hq', 0, 'DVI', { atk: vit });
    const pzhq = add(s, second, 0, 'DVI', { atk: vit });
    const b = makeBattle(s, vit, 0, false);
    s.stack.push({ t: 'battle', b });
    return { s, ws: dcWorkspace(s), b, hq, pzhq };
  }

  it('two different HQs: the decision offers both, best first; the chosen one alone supports', () => {
    const { s, ws, b, hq, pzhq } = position();
    let d = battleStep(s, ws, b);
    while (d !== null && d.kind === 'lw-commit') {
      applyBattle(s, ws, b, d, 0);
      d = battleStep(s, ws, b);
    }
    expect(d?.kind).toBe('hq-assign');
    const opts = (d as DcDecision & { kind: 'hq-assign' }).options;
    expect(opts.map((o) => o.unit)).toEqual([pzhq, hq]);
    const before: number[] = [];
    supportParts(s, ws, b, true, before);
    expect(before[0]).toBe(3);
    applyBattle(s, ws, b, d!, 1);
    expect(b.hq).toBe(hq);
    const after: number[] = [];
    supportParts(s, ws, b, true, after);
    expect(after[0]).toBe(2);
    // not asked again
    expect(battleStep(s, ws, b)?.kind).not.toBe('hq-assign');
    // the chosen HQ eliminated: the best remaining one supports
    s.units[hq]!.st = 1;
    const fallback: number[] = [];
    supportParts(s, ws, b, true, fallback);
    expect(fallback[0]).toBe(3);
  });

  it('hq-fallback-none: once the chosen HQ is eliminated or dispersed, no other HQ supports', () => {
    for (const gone of ['eliminated', 'dispersed'] as const) {
      const { s, ws, b, hq } = position('ger-pzhq', { 'hq-fallback-none': true });
      b.hq = hq;
      const chosen: number[] = [];
      supportParts(s, ws, b, true, chosen);
      expect(chosen[0]).toBe(2);
      if (gone === 'eliminated') s.units[hq]!.st = 1;
      else s.units[hq]!.disp = true;
      const after: number[] = [];
      supportParts(s, ws, b, true, after);
      expect(after, gone).toEqual([]);
    }
  });

  it('one HQ, or identical ones: no decision', () => {
    const { s, ws, b } = position('ger-hq');
    let d = battleStep(s, ws, b);
    while (d !== null && d.kind === 'lw-commit') {
      applyBattle(s, ws, b, d, 0);
      d = battleStep(s, ws, b);
    }
    expect(d?.kind).not.toBe('hq-assign');
  });
});

describe('D-38 siberia-return (DC 3.C.3): units owed back from Siberia enter by decision', () => {
  /** June 1942 after a crisis: two rifle armies and one tank corps owed back, counters in the dead pile. */
  function position(turn = 14) {
    const s = adv();
    s.stack.length = 0;
    s.turn = turn;
    Object.assign(s.sib, { wave1: 4, waves: 3, crisis: 5, settled: true, returns: [2, 1, 0, 0] });
    let rifles = 0;
    let tanks = 0;
    for (const u of s.units) {
      if (u.side !== 1) continue;
      if (u.t === T(s, 'sov-rifle') && rifles < 3) {
        u.st = 1;
        rifles++;
      } else if (u.t === T(s, 'sov-tank') && tanks < 3) {
        u.st = 1;
        tanks++;
      }
    }
    const task = { t: 'siberia' as const, stage: 1 };
    s.stack.push(task);
    return { s, ws: dcWorkspace(s), task };
  }
  const onMap = (s: DcState, type: string) => s.units.filter((u) => u.t === T(s, type) && u.st === 0).length;

  it('one decision per type owed (enter first); the held type stays owed', () => {
    const { s, ws, task } = position();
    const asked: number[] = [];
    let d = siberiaStep(s, ws, task);
    while (d !== null && d.kind === 'siberia-return') {
      asked.push(d.options[0]!.kind);
      expect(d.options.map((o) => o.enter)).toEqual([true, false]);
      // enter the rifle army, hold the tank corps
      s.pending = d;
      apply(s, ws, d, d.options[0]!.kind === 0 ? 0 : 1);
      d = siberiaStep(s, ws, task);
    }
    expect(asked).toEqual([0, 1]);
    if (d?.kind === 'entry-point') {
      s.pending = d;
      apply(s, ws, d, 0);
    }
    expect(onMap(s, 'sov-rifle')).toBe(1);
    expect(onMap(s, 'sov-tank')).toBe(0);
    expect(s.sib.returns).toEqual([1, 1, 0, 0]);
  });

  it('before June 1942 nothing is asked and nothing returns', () => {
    const { s, ws, task } = position(13);
    const d = siberiaStep(s, ws, task);
    expect(d?.kind).not.toBe('siberia-return');
    expect(d?.kind).not.toBe('entry-point');
    expect(s.sib.returns).toEqual([2, 1, 0, 0]);
  });
});

describe('R-212: the Campaign instant conditions are checked after each combat', () => {
  /**
   * Every victory city Axis-held but Minsk, where Soviet air alone stands (it retreats, R-202, so the
   * attack takes the point without dice); a second Axis attack waits on a rifle army elsewhere.
   */
  function position(scenario: string) {
    const s = empty(
      startGame(resolveSetup(dc, { scenario, variants: {}, params: {} }, 'test'), {
        masterSeed: 1,
        gameIndex: 0,
      }),
    );
    s.stack.length = 0;
    s.weather = 0;
    s.seq = 4; // the Axis combat phase
    const m = mapOf(s);
    const min = P(s, 'MIN');
    for (let p = 0; p < m.n; p++) if (m.vp[p]! > 0) s.control[p] = p === min ? 1 : 0;
    add(s, 'sov-air', 1, 'MIN');
    add(s, 'ger-inf', 0, 'BAR', { atk: min });
    // a second battle: a rifle army on a non-VP point attacked from a neighbour
    const vit = P(s, 'VIT');
    expect(m.vp[vit]).toBe(0);
    s.control[vit] = 1;
    add(s, 'sov-rifle', 1, 'VIT');
    add(s, 'ger-inf', 0, 'DVI', { atk: vit });
    s.stack.push({ t: 'combat', side: 0, bt: false });
    return { s, ws: dcWorkspace(s), min };
  }

  it('adv-campaign: the game ends after the battle that takes the last city, before the next battle', () => {
    const { s, ws, min } = position('adv-campaign');
    for (let k = 0; k < 50 && !s.over; k++) {
      const d = advance(s, ws);
      if (d === null) break;
      const dd = d as DcDecision;
      const pick = dd.kind === 'battle-next' ? dd.options.findIndex((o) => o.at === min) : 0;
      apply(s, ws, d, pick);
    }
    expect(s.over).toBe(true);
    expect(s.result?.level).toBe('campaign-axis-all-cities');
    expect(s.stats.battles).toBe(1);
  });
});

describe('R-200 (DC 17.A.1): the Italians trace supply to Warsaw', () => {
  it('an Italian army at Lublin is in supply only while Warsaw is Axis-held; a German corps there is either way', () => {
    const s = adv();
    const ita = add(s, 'ita-army', 0, 'LUB');
    const ger = add(s, 'ger-inf', 0, 'LUB');
    for (const [war, itaIn] of [
      [0, true],
      [1, false],
    ] as const) {
      s.control[P(s, 'WAR')] = war;
      s.cv++;
      const ws = dcWorkspace(s);
      expect(inSupply(s, ws, s.units[ita]!)).toBe(itaIn);
      expect(inSupply(s, ws, s.units[ger]!)).toBe(true);
    }
  });
});

describe('R-90 (DC 12.D, 14.B.6): the highway double step in breakthrough movement', () => {
  /** A Panzer corps that took Minsk, every point Axis-held but Borisov and Orsha (empty, Soviet). */
  function position(weather: number, enemyAtOrsha: boolean) {
    const s = adv();
    s.stack.length = 0;
    s.weather = weather;
    s.turn = 4; // August 1941
    s.control.fill(0);
    for (const id of ['BOR', 'ORS']) s.control[P(s, id)] = 1;
    if (enemyAtOrsha) add(s, 'sov-rifle', 1, 'ORS');
    const pz = add(s, 'ger-pz', 0, 'MIN', { occ: true });
    s.load.fill(0);
    return { s, ws: dcWorkspace(s), pz };
  }

  it('Good weather: Borisov-Orsha in one breakthrough move, both points taken', () => {
    const { s, ws, pz } = position(0, false);
    const opts = btOptions(s, ws, pz);
    const hw = opts.find((o) => o.type === 'highway');
    expect(hw).toBeDefined();
    expect(hw!.type === 'highway' && hw!.to).toBe(P(s, 'ORS'));
    const task = { t: 'bt-move' as const, side: 0 as const, order: [pz], i: 0 };
    applyBt(s, task, hw!);
    expect(s.units[pz]!.at).toBe(P(s, 'ORS'));
    expect(s.control[P(s, 'BOR')]).toBe(0);
    expect(s.control[P(s, 'ORS')]).toBe(0);
    expect(s.units[pz]!.bt).toBe(true);
  });

  it('not in Snow, and not onto an enemy-held second point ("unopposed")', () => {
    expect(
      btOptions(position(2, false).s, position(2, false).ws, position(2, false).pz).some(
        (o) => o.type === 'highway',
      ),
    ).toBe(false);
    const q = position(0, true);
    expect(btOptions(q.s, q.ws, q.pz).some((o) => o.type === 'highway')).toBe(false);
  });
});

describe('hw-bt-unopposed, hw-bt-air (DC 12.D, 14.B.6, 13.A.4): the breakthrough highway double step', () => {
  /** The R-90 position under `variants`: a Panzer corps that took Minsk, German air there after combat. */
  function position(variants: Record<string, boolean>, enemyAtOrsha: boolean) {
    const s = adv(variants);
    s.stack.length = 0;
    s.weather = 0;
    s.turn = 4;
    s.control.fill(0);
    for (const id of ['BOR', 'ORS']) s.control[P(s, id)] = 1;
    const rifle = enemyAtOrsha ? add(s, 'sov-rifle', 1, 'ORS') : -1;
    const pz = add(s, 'ger-pz', 0, 'MIN', { occ: true });
    s.load.fill(0);
    s.airAt = [P(s, 'MIN')];
    // D-29: the lw-bt task under the bt-move task, as startBreakthrough pushes them
    const lw = { t: 'lw-bt' as const, i: 0, moves: [] as number[] };
    const task = { t: 'bt-move' as const, side: 0 as const, order: [pz], i: 0 };
    s.stack.push(lw, task);
    return { s, ws: dcWorkspace(s), pz, rifle, lw, task };
  }
  const highway = (q: ReturnType<typeof position>) =>
    btOptions(q.s, q.ws, q.pz).filter((o) => o.type === 'highway');

  it('hw-bt-both-empty (default): no double step onto an enemy-held Orsha; hw-bt-first-empty: an assault on it', () => {
    expect(highway(position({}, true))).toEqual([]);
    const q = position({ 'hw-bt-first-empty': true }, true);
    const hw = highway(q);
    expect(hw).toHaveLength(1);
    expect(hw[0]!.type === 'highway' && hw[0]!.attack).toBe(true);
    applyBt(q.s, q.task, hw[0]!);
    const u = q.s.units[q.pz]!;
    // Borisov taken on the way; the assault on Orsha is fought from Borisov (DC 14.A)
    expect([u.at, u.atk, q.s.control[P(q.s, 'BOR')], q.s.control[P(q.s, 'ORS')]]).toEqual([
      P(q.s, 'BOR'),
      P(q.s, 'ORS'),
      0,
      1,
    ]);
    expect(makeBattle(q.s, P(q.s, 'ORS'), 0, true).attackers).toEqual([q.pz]);
    // an empty Orsha: both readings move through to it
    expect(highway(position({ 'hw-bt-first-empty': true }, false))[0]).toMatchObject({ attack: false });
  });

  it('hw-bt-no-escort (default): German air cannot go with the double step; hw-bt-escort: it may (D-29)', () => {
    const q = position({}, false);
    applyBt(q.s, q.task, highway(q)[0]!);
    expect(q.lw.moves).toEqual([]);
    const e = position({ 'hw-bt-escort': true }, false);
    applyBt(e.s, e.task, highway(e)[0]!);
    // the air at Minsk may go with the group to Orsha, where the double step ends (no assault)
    expect(e.lw.moves).toEqual([P(e.s, 'MIN'), P(e.s, 'ORS'), 0]);
    expect(airBtStep(e.s, e.lw)?.options.map((o) => o.to)).toEqual([-1, P(e.s, 'ORS')]);
  });
});

describe('R-81, R-175 (DC 9.A): Axis strategic transit through the west off-map box', () => {
  /** Konigsberg and Bucharest Axis-held, every other point Soviet: no friendly path on the map. */
  function position(side: 0 | 1) {
    const s = adv();
    s.stack.length = 0;
    s.control.fill(side === 0 ? 1 : 0);
    for (const id of ['KON', 'BUC']) s.control[P(s, id)] = side;
    const i = add(s, side === 0 ? 'ger-inf' : 'sov-rifle', side, 'KON');
    const task = { t: 'strat' as const, side, left: 3, unit: -1, arrivals: [] as number[] };
    s.stack.push(task);
    return { s, ws: dcWorkspace(s), task, i };
  }

  it('a German corps at Konigsberg may move to Bucharest by leaving and re-entering the west edge', () => {
    const { s, ws, task, i } = position(0);
    const d = stratStep(s, ws, task) as DcDecision & { kind: 'strat-next' };
    expect(d.kind).toBe('strat-next');
    expect(d.options.some((o) => o.type === 'unit' && o.unit === i)).toBe(true);
    expect(strategicDestinations(s, ws, task, i).map((o) => o.to)).toEqual([P(s, 'BUC'), -1]);
  });

  it('no such transit for the Soviets on the west edge', () => {
    const { s, ws, task, i } = position(1);
    expect(strategicDestinations(s, ws, task, i)).toEqual([]);
    expect(stratStep(s, ws, task)).toBeNull();
  });
});
