/**
 * Dark Crusade A/B in one process: two builds' GameSeries of the same games (master seed 1,
 * default policies unless given), passes of `games` games taking turns old-new-new-old, each
 * timed in process CPU time (process.cpuUsage), after one untimed warm-up pass of each; prints the
 * games per CPU-second of every pass, the median of each build and the median ratio of the pairs.
 *
 *   node bench/dc-ab.mjs <old build root> <new build root> [scenario] [games=50] [pairs=10]
 */
import { loadBuild } from './fingerprint.mjs';

const [oldRoot, newRoot, scenario = 'intro-tournament', gArg = '50', pArg = '10'] = process.argv.slice(2);
async function series(root) {
  const { GameSeries, createPolicies, resolveSetup, def } = await loadBuild(root, 'dc');
  const setup = resolveSetup(def, { scenario, variants: {} }, 'ab');
  return new GameSeries(def, setup, () => createPolicies(def, def.defaultPolicies, setup.scenario));
}
const builds = [await series(oldRoot), await series(newRoot)];
const games = Number(gArg);
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};
const pass = (b, from) => {
  const t = cpu();
  for (let g = 0; g < games; g++) builds[b].play({ masterSeed: 1, gameIndex: from + g });
  return games / (cpu() - t);
};
pass(0, 100000);
pass(1, 100000);
const rates = [[], []];
const ratios = [];
for (let k = 0; k < Number(pArg); k++) {
  const order = k % 2 === 0 ? [0, 1] : [1, 0];
  const r = [0, 0];
  for (const b of order) r[b] = pass(b, k * games);
  rates[0].push(r[0]);
  rates[1].push(r[1]);
  ratios.push(r[1] / r[0]);
}
const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};
console.log(`old ${rates[0].map((x) => x.toFixed(1)).join(' ')}`);
console.log(`new ${rates[1].map((x) => x.toFixed(1)).join(' ')}`);
console.log(
  `median old ${median(rates[0]).toFixed(1)} new ${median(rates[1]).toFixed(1)} games/s/core; median ratio ${median(ratios).toFixed(3)}`,
);
