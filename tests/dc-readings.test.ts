/**
 * Dark Crusade readings added as named variants (spec §4): each test builds a position by hand and
 * shows what the default and the alternative reading do.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { lossOptions, makeBattle } from '../src/games/dc/combat.js';
import { dc } from '../src/games/dc/index.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState } from '../src/games/dc/state.js';
import { weatherPhase } from '../src/games/dc/weather.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, empty, P } from './helpers/dc.js';

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
