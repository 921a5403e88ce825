/**
 * Pinned SCS records (seed 1, games 0-5): speed work must not change a single result for fixed seeds.
 * Columns: result|endTurn|hexes_taken|battles|german_eliminated|soviet_steps_lost|min_pool|pockets_threatened|cells.
 * Re-pin only with a rules or policy change, and say so.
 * Re-pinned for the turn-1 plan (policies/plan.ts) of historical and pocket-hunter and
 * pocket-hunter's 1E host '50'; shock-spearhead and random are unchanged.
 * Re-pinned shock-spearhead for its 4.5/4.6 rewrite (turn-1 plan, 1E with the 50th then the
 * southern drive (4S, else the 50th), westward drive, 4S at the westernmost south-edge hex,
 * joint-operation marker west of column 13).
 * Re-pinned every policy for the calibrated defaults (data/calibration.json: forest 1 MF, 88 non-mech
 * in the pool, CRT set E) and historical's January drive of the shock armies (4S enters south-west).
 * Re-pinned every policy for calibration.json as the output of experiments/scs-calibrate.json (forest
 * 2 MF on the road-gaps layout, 55 Soviet counters and 60 non-mechanized pool units, German hit
 * numbers 4/5/6): most games now end at the turn-1 check (4.2).
 */
import { describe, expect, it } from 'vitest';
import { playOneGame } from '../src/core/driver.js';
import { resolveSetup } from '../src/core/setup.js';
import { scs } from '../src/games/scs/index.js';

const PINNED: Record<string, string[]> = {
  historical: [
    'turn3-loss|3|26|46|91|59|1|1|85',
    'turn1-loss|1|10|18|21|31|25|3|69',
    'turn1-loss|1|9|18|29|28|28|3|68',
    'sudden-death|3|26|40|73|55|0|2|85',
    'german-win|6|65|75|153|108|6|8|124',
    'turn1-loss|1|10|19|40|31|14|4|69',
  ],
  'pocket-hunter': [
    'turn3-loss|3|32|59|105|82|7|8|91',
    'turn1-loss|1|13|20|27|32|20|3|72',
    'turn1-loss|1|8|20|33|35|9|3|67',
    'sudden-death|2|23|40|68|51|0|2|82',
    'turn3-loss|3|23|55|83|101|2|9|82',
    'turn1-loss|1|9|21|38|37|6|5|68',
  ],
  'shock-spearhead': [
    'turn3-loss|3|28|54|87|72|16|1|87',
    'turn1-loss|1|11|19|33|33|23|3|70',
    'turn1-loss|1|9|20|29|34|21|3|68',
    'turn3-loss|3|23|45|89|71|16|1|82',
    'german-win|6|58|80|158|116|18|5|117',
    'turn1-loss|1|10|20|41|34|9|4|69',
  ],
  random: [
    'turn1-loss|1|5|9|14|11|48|0|64',
    'turn1-loss|1|3|11|14|20|37|1|62',
    'turn1-loss|1|1|2|3|4|64|0|60',
    'turn1-loss|1|3|4|5|1|62|0|62',
    'turn1-loss|1|0|1|2|0|66|0|59',
    'turn1-loss|1|4|5|8|3|58|1|63',
  ],
};

describe('SCS pinned records', () => {
  for (const [policy, rows] of Object.entries(PINNED)) {
    it(`${policy}: games 0-5 of seed 1 replay exactly`, () => {
      const setup = resolveSetup(scs, {}, 'pin');
      const got = rows.map((_, g) => {
        const r = playOneGame(
          scs,
          setup,
          { soviet: scs.policies.find((p) => p.id === policy)!.create() },
          { masterSeed: 1, gameIndex: g },
        );
        const x = r.stats;
        return `${r.result}|${r.endTurn}|${x.hexes_taken}|${x.battles}|${x.german_eliminated}|${x.soviet_steps_lost}|${x.min_pool}|${x.pockets_threatened}|${r.cells!.length}`;
      });
      expect(got).toEqual(rows);
    });
  }
});
