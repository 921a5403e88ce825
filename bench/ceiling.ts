/**
 * The engine's ceiling: the same games played once by the scripted policies, then replayed with the
 * choices they made (a replay costs one array read per decision). The replay rate is how fast the
 * rules alone play those games — the most any faster policy could reach.
 */

import { GameSeries } from '../src/core/driver.js';
import type { GameDefinition, GameSetup, Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';

export interface Ceiling {
  /** Games per second with the scripted policies (this sample). */
  policyRate: number;
  /** Games per second replaying their recorded choices. */
  replayRate: number;
}

/** Plays games 0..n-1 of `seed` with the policies, then replays them; throws if a replay diverges. */
export function engineCeiling(
  def: GameDefinition,
  setup: GameSetup,
  ids: Record<string, string>,
  seed: number,
  n: number,
): Ceiling {
  const logs: number[][] = [];
  const results: string[] = [];
  // as a worker plays them: one series, workspaces and resettable policies reused from game to game
  let log: number[] = [];
  const played = new GameSeries(def, setup, () => {
    const out: Record<string, Policy> = {};
    for (const [side, p] of Object.entries(createPolicies(def, ids, setup.scenario))) {
      out[side] = {
        id: p.id,
        choose(view, decision, rng, search) {
          const c = p.choose(view, decision, rng, search);
          log.push(c);
          return c;
        },
        ...(p.reset === undefined ? {} : { reset: () => p.reset!() }),
      };
    }
    return out;
  });
  const t0 = performance.now();
  for (let g = 0; g < n; g++) {
    log = [];
    const r = played.play({ masterSeed: seed, gameIndex: g });
    logs.push(log);
    results.push(JSON.stringify(r));
  }
  const policyMs = performance.now() - t0;
  let current: number[] = [];
  let i = 0;
  const replay: Policy = { id: 'replay', choose: () => current[i++]!, reset: () => {} };
  const replayed = new GameSeries(def, setup, () =>
    Object.fromEntries(Object.keys(ids).map((s) => [s, replay])),
  );
  const t1 = performance.now();
  for (let g = 0; g < n; g++) {
    current = logs[g]!;
    i = 0;
    const r = replayed.play({ masterSeed: seed, gameIndex: g });
    if (i !== current.length || JSON.stringify(r) !== results[g])
      throw new Error(`${def.id}: the replay of game ${g} diverged from the policies' game`);
  }
  const replayMs = performance.now() - t1;
  return { policyRate: (1000 * n) / policyMs, replayRate: (1000 * n) / replayMs };
}
