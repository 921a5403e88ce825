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
