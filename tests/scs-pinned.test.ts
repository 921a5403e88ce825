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
 */
import { describe, expect, it } from 'vitest';
import { playOneGame } from '../src/core/driver.js';
import { resolveSetup } from '../src/core/setup.js';
import { scs } from '../src/games/scs/index.js';

const PINNED: Record<string, string[]> = {
  historical: [
    'german-win|6|96|131|295|121|13|16|155',
    'german-win|6|91|116|273|138|19|17|150',
    'turn1-loss|1|13|20|51|18|35|1|72',
    'draw|6|82|115|308|122|5|17|141',
    'sudden-death|5|83|105|257|80|0|9|142',
    'german-win|6|91|122|281|122|15|18|150',
  ],
  'pocket-hunter': [
    'german-win|6|103|129|283|134|9|22|162',
    'german-win|6|80|115|252|169|7|29|139',
    'turn1-loss|1|15|24|49|21|27|1|74',
    'sudden-death|2|40|48|126|42|0|5|99',
    'german-win|6|103|130|294|132|5|22|162',
    'german-win|6|89|120|272|152|11|27|148',
  ],
  'shock-spearhead': [
    'german-win|6|95|123|290|123|21|13|154',
    'draw|6|105|135|306|130|7|14|164',
    'turn1-loss|1|13|21|52|24|35|1|72',
    'german-win|6|89|135|329|135|2|13|148',
    'draw|6|93|121|240|136|15|12|152',
    'draw|6|100|131|302|107|16|8|159',
  ],
  random: [
    'turn1-loss|1|6|13|27|10|56|2|65',
    'turn1-loss|1|5|5|10|5|80|1|64',
    'turn1-loss|1|6|10|16|3|69|0|65',
    'turn1-loss|1|5|8|16|2|74|0|64',
    'turn1-loss|1|7|11|18|9|64|1|66',
    'turn1-loss|1|5|13|22|9|70|2|64',
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
