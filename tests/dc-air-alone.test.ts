/**
 * Dark Crusade R-202 (DC 13.A.3, 13.B.4.a; variant group sov-air-overrun): Soviet air alone on a
 * point the Axis attacks retreats before any combat (air-alone-retreats), or is eliminated there
 * (air-alone-eliminated); the attackers take the point either way.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { makeBattle } from '../src/games/dc/combat.js';
import { dc } from '../src/games/dc/index.js';
import { applyRetreat, retreatOptions, retreatStep } from '../src/games/dc/retreat.js';
import { startGame } from '../src/games/dc/setup.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, battleStep, empty, P } from './helpers/dc.js';

/** The points joined to Vitebsk by a line (the reconstructed map). */
const NEIGHBOURS = ['VLK', 'SMO', 'DVI', 'ORS'];

function position(variants: Record<string, boolean>, friendlyRetreat = true) {
  const s = empty(
    startGame(resolveSetup(dc, { scenario: 'adv-tournament', variants, params: {} }, 'test'), {
      masterSeed: 1,
      gameIndex: 0,
    }),
  );
  s.stack.length = 0;
  s.weather = 0;
  const vit = P(s, 'VIT');
  // no retreat: every neighbour of Vitebsk Axis-held and occupied (DC 13.B.4.a-b)
  if (!friendlyRetreat)
    for (const id of NEIGHBOURS) {
      s.control[P(s, id)] = 0;
      add(s, 'ger-inf', 0, id);
    }
  const air = add(s, 'sov-air', 1, 'VIT');
  const inf = add(s, 'ger-inf', 0, 'DVI', { atk: vit });
  const b = makeBattle(s, vit, 0, false);
  s.stack.push({ t: 'battle', b });
  return { s, air, inf, b, vit, ws: dcWorkspace(s) };
}

describe('R-202: Soviet air alone under Axis attack', () => {
  it('air-alone-retreats (default): no combat, the air unit retreats to a Soviet point, the Axis takes the point', () => {
    const { s, air, inf, b, vit, ws } = position({});
    expect(battleStep(s, ws, b)).toBeNull();
    expect(b.round).toBe(0);
    const task = s.stack[s.stack.length - 1]!;
    expect(task.t).toBe('retreat');
    expect((task as { units: number[] }).units).toEqual([air]);
    // run the retreat and the battle's end as the turn sequence would
    while (s.stack.length > 0) {
      const t = s.stack[s.stack.length - 1]!;
      if (t.t === 'retreat') {
        if (retreatStep(s, ws, t) !== null) applyRetreat(s, ws, t, retreatOptions(s, t, t.units[t.i]!)[0]!);
      } else if (t.t === 'battle') expect(battleStep(s, ws, t.b)).toBeNull();
      else break;
    }
    expect(s.units[air]!.st).toBe(0);
    expect(s.units[air]!.at).not.toBe(vit);
    expect(s.control[s.units[air]!.at]).toBe(1);
    expect(s.units[inf]!.at).toBe(vit);
    expect(s.control[vit]).toBe(0);
  });

  it('air-alone-retreats with no point to retreat to, and air-alone-eliminated: the air unit is eliminated', () => {
    for (const [variants, friendly] of [
      [{}, false],
      [{ 'air-alone-eliminated': true }, true],
    ] as const) {
      const { s, air, inf, b, vit, ws } = position(variants, friendly);
      while (s.stack.length > 0) {
        const t = s.stack[s.stack.length - 1]!;
        if (t.t === 'retreat') expect(retreatStep(s, ws, t)).toBeNull();
        else if (t.t === 'battle') expect(battleStep(s, ws, t.b)).toBeNull();
        else break;
      }
      expect(b.round).toBe(0);
      expect(s.units[air]!.st).toBe(1);
      expect(s.units[inf]!.at).toBe(vit);
    }
  });
});
