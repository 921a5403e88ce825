/**
 * Pinned SCS records (seed 1, games 0-5): speed work must not change a single result for fixed seeds.
 * Columns: result|endTurn|hexesTaken|battles|germanEliminated|sovietStepsLost|minPool|pocketsThreatened|hexes.
 * Re-pin only with a rules or policy change, and say so.
 * Re-pinned for the turn-1 plan (policies/plan.ts) of historical and pocket-hunter and
 * pocket-hunter's 1E host '50'; shock-spearhead and random are unchanged.
 * Re-pinned shock-spearhead for its 4.5/4.6 rewrite (turn-1 plan, 1E with the 50th then the
 * southern drive (4S, else the 50th), westward drive, 4S at the westernmost south-edge hex,
 * joint-operation marker west of column 13).
 */
import { describe, expect, it } from 'vitest';
import { gameStreams } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { scs } from '../src/games/scs/index.js';

const PINNED: Record<string, string[]> = {
  'historical': [
    'sudden-death|3|31|47|108|57|0|3|90',
    'turn1-loss|1|11|15|34|24|10|3|70',
    'german-win|6|61|75|138|143|4|15|120',
    'german-win|6|65|73|148|113|1|6|124',
    'sudden-death|3|28|37|89|48|0|4|87',
    'sudden-death|3|33|47|104|62|0|5|92'
  ],
  'pocket-hunter': [
    'sudden-death|1|12|20|40|20|0|1|71',
    'sudden-death|1|12|19|33|33|0|4|71',
    'sudden-death|1|10|15|40|19|0|1|69',
    'sudden-death|1|12|14|36|16|0|1|71',
    'sudden-death|1|12|16|35|20|0|1|71',
    'sudden-death|1|11|18|37|23|0|3|70'
  ],
  'shock-spearhead': [
    'sudden-death|1|14|19|39|17|0|1|73',
    'sudden-death|1|11|17|39|33|0|3|70',
    'sudden-death|1|9|15|40|37|0|1|68',
    'sudden-death|1|13|17|38|19|0|1|72',
    'sudden-death|2|18|30|71|41|0|1|77',
    'sudden-death|2|24|36|72|47|0|3|83'
  ],
  'random': [
    'turn1-loss|1|2|3|8|4|41|0|61',
    'turn1-loss|1|0|3|5|7|44|0|59',
    'turn1-loss|1|1|3|5|5|43|0|60',
    'turn1-loss|1|4|6|14|10|30|0|63',
    'turn1-loss|1|3|4|8|1|44|1|62',
    'turn1-loss|1|4|5|10|3|35|0|63'
  ]
};

describe('SCS pinned records', () => {
  for (const [policy, rows] of Object.entries(PINNED)) {
    it(`${policy}: games 0-5 of seed 1 replay exactly`, () => {
      const setup = resolveSetup(scs, {}, 'pin');
      const got = rows.map((_, g) => {
        const streams = gameStreams(1, g);
        const st = scs.start(setup, streams);
        const r = scs.play(st, { streams, policies: { soviet: scs.policies.find((p) => p.id === policy)!.create() } });
        const x = r.stats;
        return `${r.result}|${r.endTurn}|${x.hexesTaken}|${x.battles}|${x.germanEliminated}|${x.sovietStepsLost}|${x.minPool}|${x.pocketsThreatened}|${r.hexes!.length}`;
      });
      expect(got).toEqual(rows);
    });
  }
});
