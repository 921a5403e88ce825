/**
 * The engine's ceiling: the same games played once by the scripted policies, then replayed with the
 * choices they made (a replay costs one array read per decision). The replay rate is how fast the
 * rules alone play those games — the most any faster policy could reach.
 */

import { playOneGame } from '../src/core/driver.js';
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
  const t0 = performance.now();
  for (let g = 0; g < n; g++) {
    const log: number[] = [];
    const policies: Record<string, Policy> = {};
    for (const [side, p] of Object.entries(createPolicies(def, ids, setup.scenario))) {
      policies[side] = {
        id: p.id,
        choose(view, decision, rng) {
          const c = p.choose(view, decision, rng);
          log.push(c);
          return c;
        },
      };
    }
    const r = playOneGame(def, setup, policies, { masterSeed: seed, gameIndex: g });
    logs.push(log);
    results.push(JSON.stringify(r));
  }
  const policyMs = performance.now() - t0;
  const t1 = performance.now();
  for (let g = 0; g < n; g++) {
    const log = logs[g]!;
    let i = 0;
    const replay: Policy = { id: 'replay', choose: () => log[i++]! };
    const policies: Record<string, Policy> = {};
    for (const side of Object.keys(ids)) policies[side] = replay;
    const r = playOneGame(def, setup, policies, { masterSeed: seed, gameIndex: g });
    if (i !== log.length || JSON.stringify(r) !== results[g])
      throw new Error(`${def.id}: the replay of game ${g} diverged from the policies' game`);
  }
  const replayMs = performance.now() - t1;
  return { policyRate: (1000 * n) / policyMs, replayRate: (1000 * n) / replayMs };
}
