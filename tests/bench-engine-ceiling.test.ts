/**
 * The bench's engine ceiling replays the default policies' games from their recorded choices: the
 * replay must reproduce every game exactly (it throws otherwise), so its rate is the rules' own cost.
 */
import { describe, expect, it } from 'vitest';
import { engineCeiling } from '../bench/ceiling.js';
import type { SteppedGame } from '../src/core/game.js';
import { resolveSetup } from '../src/core/setup.js';
import { GAMES } from '../src/games/index.js';

describe('engine ceiling', () => {
  for (const def of GAMES) {
    it(`${def.id}: replaying recorded choices reproduces the default policies' games`, () => {
      const setup = resolveSetup(def, {}, 'ceiling');
      const c = engineCeiling(def, setup, { ...def.defaultPolicies }, 11, 8);
      expect(c.policyRate).toBeGreaterThan(0);
      expect(c.replayRate).toBeGreaterThan(0);
    });
  }

  it('throws when a replayed game differs from the recorded one', () => {
    const def = GAMES.find((g) => g.id === 'sfo')! as SteppedGame;
    let plays = 0;
    // an engine whose record depends on how often it has played: the replay cannot match
    const flaky: SteppedGame = {
      ...def,
      record: (st) => ({ ...def.record(st), stats: { plays: plays++ } }),
    };
    expect(() =>
      engineCeiling(flaky, resolveSetup(def, {}, 'ceiling'), { ...def.defaultPolicies }, 11, 2),
    ).toThrow(/diverged/);
  });
});
