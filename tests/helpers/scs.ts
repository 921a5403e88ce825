import type { Policy, TraceEvent } from '../../src/core/game.js';
import { gameStreams } from '../../src/core/rng.js';
import { calibrationData } from '../../src/games/scs/data.js';
import { makeRun, type Run } from '../../src/games/scs/engine.js';
import type { ScsState } from '../../src/games/scs/state.js';

/** A run with scripted dice: combat and generation dice come from queues; draws take the last pool counter. */
export function scriptedRun(
  s: ScsState,
  policy: Policy,
  combat: number[],
  gen: number[] = [],
): Run & { trace: TraceEvent[] } {
  const trace: TraceEvent[] = [];
  const run = makeRun(s, { streams: gameStreams(9, 9), policies: { soviet: policy }, trace });
  run.combatDie = () => {
    const d = combat.shift();
    if (d === undefined) throw new Error('combat dice exhausted');
    return d;
  };
  run.genDie = () => {
    const d = gen.shift();
    if (d === undefined) throw new Error('generation dice exhausted');
    return d;
  };
  run.drawIndex = (n) => n - 1;
  return run as Run & { trace: TraceEvent[] };
}

/** Takes a counter of `type` out of the pool (for hand-built forces). */
export function takeFromPool(s: ScsState, type: number): number {
  const i = s.pool.findIndex((id) => s.gType[id] === type);
  if (i < 0) throw new Error(`no counter of type ${type} in the pool`);
  return s.pool.splice(i, 1)[0]!;
}

/** The plain NOTES reconstruction of the calibrated parameters (calibration.json): CRT B, forest 2 MF, 44 non-mech. Hand-built rule tests state their numbers in these terms. */
export const RECONSTRUCTION = Object.fromEntries(
  Object.entries(calibrationData.values).map(([id, v]) => [id, v.reconstruction]),
) as Record<string, number | string>;
