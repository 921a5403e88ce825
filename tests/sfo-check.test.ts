/**
 * `sandtable check`'s checks (src/api/check.ts) on a built-in game: Strike Force One passes every
 * one, and the same game with a planted bug (a clone that shares the units with its original)
 * fails, naming the decision, its kind, rule and side, and a `play` line that replays the game.
 * A game of one's own is checked the same way (tests/example-game.slow.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { checkGame } from '../src/api/check.js';
import type { GameDefinition } from '../src/core/game.js';
import { withSearchPolicies } from '../src/core/search-policies.js';
import { cloneSfo, sfo } from '../src/games/sfo/index.js';
import type { SfoState } from '../src/games/sfo/state.js';

describe('sandtable check on Strike Force One', () => {
  it('passes every check', () => {
    const report = checkGame(withSearchPolicies(sfo), { randomGames: 1, games: 1 });
    expect(report.checks.filter((c) => c.failure !== undefined)).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.checks.length).toBeGreaterThan(sfo.scenarios.length * 3);
  });

  it('fails on a clone that shares state, naming the decision', () => {
    const planted = {
      ...sfo,
      clone: (s: SfoState): SfoState => ({ ...cloneSfo(s), units: s.units }),
    } as GameDefinition;
    const report = checkGame(withSearchPolicies(planted), { randomGames: 1, games: 1 });
    expect(report.passed).toBe(false);
    const first = report.checks.find((c) => c.failure !== undefined)!;
    expect(first.name).toMatch(/^[a-z-]+: 1 random playouts/);
    expect(first.failure).toMatch(
      /^game 0 \(seed 11\): decision \d+, \S+ \(rule SFO [^,]+, side (soviet|us)\): (applying to a clone changed the original state|the state and its clone differ after the same answer to \S+)$/,
    );
    expect(first.replay).toMatch(/^sandtable play sfo --seed 11 --game 0 --scenario [a-z-]+ .*--trace$/);
  });
});
