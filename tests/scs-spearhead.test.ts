/**
 * The shock-spearhead policy plays for the 4.5/4.6 map objectives: the joint-operation marker (7.3)
 * converts a hex in or west of column 13 at once, which 4.5 counts ("control any three or more hexes
 * lying in and/or west of hex row 13xx"), and 4S enters at the westernmost south-edge hex (7.2).
 */
import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import type { Match } from '../src/core/game.js';
import { resolveSetup } from '../src/core/setup.js';
import { scs } from '../src/games/scs/index.js';
import { scsMap } from '../src/games/scs/map.js';
import type { ScsState } from '../src/games/scs/state.js';
import { westOf13 } from '../src/games/scs/victory.js';

describe('SCS shock-spearhead (4.5, 7.2, 7.3)', () => {
  it('places the joint-operation marker west of column 13 and enters 4S on the south edge', () => {
    const setup = resolveSetup(scs, { params: { sovietCounters: 52 } }, 'spearhead');
    const policy = scs.policies.find((p) => p.id === 'shock-spearhead')!;
    let reached = 0;
    for (let g = 0; g < 12; g++) {
      const m = startMatch(scs, setup, { masterSeed: 11, gameIndex: g });
      const st = m.state as ScsState;
      let pac = -1;
      let entry = -1;
      const r = playMatch(
        m,
        { soviet: policy.create() },
        {
          conformance: {
            cloneEquality: false,
            atDecision: (x: Match) => {
              const s = x.state as ScsState;
              if (pac < 0 && s.pac >= 0) pac = s.pac;
              const fourth = s.armies.find((a) => a.id === '4S')!;
              if (entry < 0 && fourth.hex >= 0) entry = fourth.hex;
            },
          },
        },
      );
      if (r.endTurn < 3 || r.result === 'sudden-death' || r.result === 'turn1-loss') continue;
      reached++;
      expect(scsMap.col[pac]).toBeLessThanOrEqual(13);
      expect(scsMap.southEdge[entry]).toBe(1);
      expect(westOf13(st)).toBeGreaterThanOrEqual(1);
      expect(r.stats.west13_held).toBe(westOf13(st));
    }
    expect(reached).toBeGreaterThan(3);
  });
});
