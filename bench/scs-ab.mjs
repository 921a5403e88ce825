/**
 * Two builds' SCS speed in one process, taking turns (A B B A per round): games/s per second of
 * process CPU time for one Soviet policy, each build playing one GameSeries as a worker does, on the
 * same games. Prints each build's median rate and the median ratio B/A.
 *
 *   node bench/scs-ab.mjs <build A root> <build B root> [policy] [games per batch] [rounds]
 */
import { loadBuild } from './fingerprint.mjs';

const [rootA, rootB, policy = 'historical', nArg, roundsArg] = process.argv.slice(2);
if (rootA === undefined || rootB === undefined) {
  console.error('usage: node bench/scs-ab.mjs <build A root> <build B root> [policy] [games] [rounds]');
  process.exit(2);
}
const n = Number(nArg ?? 100);
const rounds = Number(roundsArg ?? 10);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function load(root) {
  const { GameSeries, createPolicies, resolveSetup, def } = await loadBuild(root, 'scs');
  const scenario = def.scenarios[0].id;
  const setup = resolveSetup(def, { scenario }, 'bench');
  const ids = { ...def.defaultPolicies, soviet: policy };
  const series = new GameSeries(def, setup, () => createPolicies(def, ids, scenario));
  // each batch plays the next n games of seed 20261122 (both builds see the same games in the same order)
  return (first) => {
    const t = cpu();
    for (let g = first; g < first + n; g++) series.play({ masterSeed: 20261122, gameIndex: g });
    return (1000 * n) / (cpu() - t);
  };
}
const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const a = await load(rootA);
const b = await load(rootB);
a(1_000_000);
b(1_000_000); // warm-up
const ra = [];
const rb = [];
const ratio = [];
for (let i = 0; i < rounds; i++) {
  const g = i * 2 * n;
  const a1 = a(g);
  const b1 = b(g);
  const b2 = b(g + n);
  const a2 = a(g + n);
  ra.push(a1, a2);
  rb.push(b1, b2);
  ratio.push(b1 / a1, b2 / a2);
}
console.log(
  `${policy}: A ${median(ra).toFixed(0)} games/s/core, B ${median(rb).toFixed(0)}, ratio B/A median ${median(ratio).toFixed(3)} (${rounds} rounds x 2 x ${n} games)`,
);
