/**
 * Pinned SCS records (seed 1, games 0-5): speed work must not change a single result for fixed seeds.
 * Columns: result|endTurn|hexesTaken|battles|germanEliminated|sovietStepsLost|minPool|pocketsThreatened|hexes.
 * Re-pin only with a rules or policy change, and say so.
 */
import { describe, expect, it } from 'vitest';
import { gameStreams } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { scs } from '../src/games/scs/index.js';

const PINNED: Record<string, string[]> = {
  'historical': [
    'sudden-death|3|30|47|96|72|0|4|89',
    'german-win|6|63|82|167|122|1|7|122',
    'german-win|6|70|84|164|109|3|6|129',
    'sudden-death|3|32|48|100|59|0|0|91',
    'turn1-loss|1|11|18|42|16|3|0|70',
    'sudden-death|3|29|42|102|58|0|4|88'
  ],
  'pocket-hunter': [
    'sudden-death|1|11|20|36|22|0|0|70',
    'sudden-death|1|11|19|38|20|0|0|70',
    'sudden-death|1|12|21|38|26|0|0|71',
    'sudden-death|1|12|18|33|22|0|0|71',
    'sudden-death|1|10|19|39|23|0|0|69',
    'sudden-death|1|12|20|40|15|0|0|71'
  ],
  'shock-spearhead': [
    'german-win|6|51|48|117|50|4|1|110',
    'german-win|6|50|52|130|52|3|1|109',
    'german-win|6|50|52|109|53|16|2|109',
    'turn1-loss|1|11|20|45|25|2|0|70',
    'turn1-loss|1|9|18|40|23|2|0|68',
    'turn1-loss|1|11|16|42|18|1|0|70'
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
