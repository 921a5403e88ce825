/**
 * Dark Crusade 14.B.3 (RULES-CHECKLIST ): Soviet air may accompany breakthroughs only from the first
 * Good-weather turn of 1944: the flag, and the air unit offered the lines of the breakthrough moves
 * made from its point.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { airOptions, applyBt, btStep, startBreakthrough } from '../src/games/dc/breakthrough.js';
import type { OpOption } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState } from '../src/games/dc/state.js';
import { advance } from '../src/games/dc/turn-sequence.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, empty, P } from './helpers/dc.js';

function fresh(seed = 4): DcState {
  const s = startGame(resolveSetup(dc, { scenario: 'adv-tournament', variants: {}, params: {} }, 'test'), {
    masterSeed: seed,
    gameIndex: 0,
  });
  s.stack.length = 0;
  return s;
}

type Task = DcState['stack'][number] & { t: 'bt-move' };

function position(flag: boolean) {
  const s = empty(fresh());
  s.turn = 37; // May 1944
  s.weather = 0;
  s.sovAirBt = flag;
  const tank = add(s, 'sov-tank', 1, 'SMO', { occ: true });
  const air = add(s, 'sov-air', 1, 'SMO');
  add(s, 'ger-inf', 0, 'VIT');
  startBreakthrough(s, 1);
  return { s, tank, air, ws: dcWorkspace(s), task: s.stack[s.stack.length - 1] as Task };
}

describe('DC 14.B.3: Soviet air and breakthroughs (R-130, R-187)', () => {
  it('before the flag the air unit is never asked; from it, it may follow the tank corps onto its line', () => {
    for (const flag of [false, true]) {
      const { s, tank, air, ws, task } = position(flag);
      const d = btStep(s, ws, task)!;
      expect(task.order[task.i]).toBe(tank);
      const k = d.options.findIndex(
        (o) => (o as OpOption).type === 'move' && (o as { to: number }).to === P(s, 'VIT'),
      );
      expect(k).toBeGreaterThan(0);
      applyBt(s, task, d.options[k] as OpOption);
      expect(s.units[tank]!.atk).toBe(P(s, 'VIT'));
      const next = btStep(s, ws, task);
      if (!flag) {
        expect(next).toBeNull();
        continue;
      }
      expect(task.order[task.i]).toBe(air);
      expect(next!.options).toEqual(airOptions(s, task, air));
      expect(next!.options.map((o) => (o as { to?: number }).to)).toEqual([undefined, P(s, 'VIT')]);
      applyBt(s, task, next!.options[1] as OpOption);
      expect(s.units[air]!.atk).toBe(P(s, 'VIT'));
      expect(s.units[air]!.bt).toBe(true);
    }
  });

  it('no breakthrough move from its point, or Mud: the air unit has nothing to accompany', () => {
    const { s, air, task } = position(true);
    expect(airOptions(s, task, air).length).toBe(1);
    task.moves!.push(P(s, 'SMO'), 0, P(s, 'VIT'));
    s.weather = 1;
    expect(airOptions(s, task, air).length).toBe(1);
  });

  it('R-187: the flag is raised by the weather phase of a Good turn from 1944 only', () => {
    let good = 0;
    for (let seed = 1; seed <= 12; seed++) {
      for (const turn of [29, 38]) {
        const s = fresh(seed);
        s.turn = turn; // September 1943, June 1944
        s.seq = 0;
        advance(s, dcWorkspace(s));
        expect(s.sovAirBt).toBe(turn === 38 && s.weather === 0);
        if (s.sovAirBt) good++;
      }
    }
    expect(good).toBeGreaterThan(0);
  });
});
