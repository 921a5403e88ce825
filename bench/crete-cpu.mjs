/**
 * CPU-time games/s of one Crete GameSeries as bench/run.ts singleCore plays it (default policies,
 * seed 20261122, 30 warm-up games, then games until `seconds` of process CPU time), so builds can be
 * compared by interleaved runs on a shared machine (process.cpuUsage, not wall time).
 *
 *   node bench/crete-cpu.mjs <build root> [seconds=3] [german] [british]
 */
import { loadBuild } from './fingerprint.mjs';

const [root, secArg, ger, bri] = process.argv.slice(2);
const seconds = Number(secArg ?? 3);
const { GameSeries, createPolicies, resolveSetup, def } = await loadBuild(root, 'crete');
const setup = resolveSetup(def, { scenario: 'campaign' }, 'bench');
const ids = { german: ger ?? 'historical', british: bri ?? 'historical' };
const series = new GameSeries(def, setup, () => createPolicies(def, ids, setup.scenario));
const SEED = 20261122;
for (let g = 0; g < 30; g++) series.play({ masterSeed: SEED, gameIndex: g }, {});
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const c0 = cpu();
let games = 0;
while (cpu() - c0 < seconds) {
  series.play({ masterSeed: SEED, gameIndex: 30 + games }, {});
  games++;
}
console.log((games / (cpu() - c0)).toFixed(1));
