/**
 * Dark Crusade CPU-time rate: one GameSeries of the given build playing `passes` passes of `games`
 * games (master seed 1) after one untimed warm-up pass, as bench/run.ts singleCore plays them;
 * prints games per CPU-second (process.cpuUsage, user + system) of each pass.
 *
 *   node bench/dc-cpu.mjs <build root> [scenario=intro-tournament] [games=100] [passes=1] [axis] [soviet]
 */
import { loadBuild } from './fingerprint.mjs';

const [root, scenario = 'intro-tournament', gArg = '100', pArg = '1', axis, soviet] = process.argv.slice(2);
const { GameSeries, createPolicies, resolveSetup, def } = await loadBuild(root, 'dc');
const setup = resolveSetup(def, { scenario, variants: {} }, 'cpu');
const ids = { ...def.defaultPolicies, ...(axis ? { axis } : {}), ...(soviet ? { soviet } : {}) };
const series = new GameSeries(def, setup, () => createPolicies(def, ids, setup.scenario));
const games = Number(gArg);
for (let g = 0; g < 20; g++) series.play({ masterSeed: 1, gameIndex: 10000 + g });
const rates = [];
for (let p = 0; p < Number(pArg); p++) {
  const c0 = process.cpuUsage();
  for (let g = 0; g < games; g++) series.play({ masterSeed: 1, gameIndex: p * games + g });
  const c = process.cpuUsage(c0);
  rates.push(games / ((c.user + c.system) / 1e6));
}
console.log(rates.map((r) => r.toFixed(1)).join(' '));
