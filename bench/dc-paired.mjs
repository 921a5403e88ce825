/**
 * Dark Crusade paired play of two builds: the same games (master seed, game indices 0..N-1) of one
 * pairing under each build's dist, and the calibration figures of docs/games/dc.md "Calibration" side by side: December
 * 1941 Soviet VP held by the Axis (A-4: median, mean, share in 4-6), the maximum, Soviet units
 * eliminated by isolation in 1941, the results (declared draws apart from the July 1944
 * limit), with paired mean differences and their 95% intervals (normal approximation).
 *
 *   node bench/dc-paired.mjs <old build root> <new build root> [games=1000] [seed=1941122] [axis] [soviet] [scenario]
 */
import { loadBuild } from './fingerprint.mjs';

const [oldRoot, newRoot, gArg = '1000', seedArg = '1941122', axis, soviet, scenario = 'intro-tournament'] =
  process.argv.slice(2);
if (oldRoot === undefined || newRoot === undefined) {
  console.error(
    'usage: node bench/dc-paired.mjs <old build root> <new build root> [games] [seed] [axis] [soviet] [scenario]',
  );
  process.exit(2);
}
const games = Number(gArg);
const seed = Number(seedArg);

async function play(root) {
  const { GameSeries, createPolicies, resolveSetup, def } = await loadBuild(root, 'dc');
  const setup = resolveSetup(def, { scenario, variants: {} }, 'paired');
  const ids = { ...def.defaultPolicies, ...(axis ? { axis } : {}), ...(soviet ? { soviet } : {}) };
  const series = new GameSeries(def, setup, () => createPolicies(def, ids, setup.scenario));
  const out = [];
  for (let g = 0; g < games; g++) out.push(series.play({ masterSeed: seed, gameIndex: g }));
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const result = (r) =>
  r.result === 'draw' ? (r.stats.draw_declared_turn >= 0 ? 'draw declared' : 'draw at the limit') : r.result;

const builds = [await play(oldRoot), await play(newRoot)];
const stats = {
  'Dec 1941 VP (A-4)': (r) => r.stats.axis_enemy_vp_dec41,
  'max VP': (r) => r.stats.axis_enemy_vp_max,
  'isolated 1941 (A-11)': (r) => r.stats.soviet_isolated_eliminated1941,
  'Axis attacks': (r) => r.stats.axis_attacks,
  decisions: (r) => r.stats.decisions,
};
console.log(`${games} games, seed ${seed}, ${axis ?? 'default'} vs ${soviet ?? 'default'}, ${scenario}`);
for (const [k, b] of builds.entries()) {
  const vp = b.map(stats['Dec 1941 VP (A-4)']);
  const results = {};
  for (const r of b) results[result(r)] = (results[result(r)] ?? 0) + 1;
  console.log(
    `${k === 0 ? 'old' : 'new'}: Dec 1941 VP median ${median(vp)} mean ${mean(vp).toFixed(2)}, in 4-6 ${(
      (100 * vp.filter((v) => v >= 4 && v <= 6).length) / games
    ).toFixed(1)}%; ` +
      Object.entries(stats)
        .slice(1)
        .map(([name, f]) => `${name} median ${median(b.map(f))} mean ${mean(b.map(f)).toFixed(2)}`)
        .join('; ') +
      `; results ${JSON.stringify(results)}`,
  );
}
for (const [name, f] of Object.entries(stats)) {
  const d = builds[1].map((r, g) => f(r) - f(builds[0][g]));
  const m = mean(d);
  const se = Math.sqrt(d.reduce((a, x) => a + (x - m) ** 2, 0) / (d.length - 1) / d.length);
  console.log(
    `paired new - old ${name}: ${m.toFixed(3)} [${(m - 1.96 * se).toFixed(3)}, ${(m + 1.96 * se).toFixed(3)}]`,
  );
}
