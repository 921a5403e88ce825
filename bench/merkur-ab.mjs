/**
 * Merkur games/s/core of two builds, interleaved in one process (A B B A per round) so machine load
 * falls on both alike: each batch plays games 0..N-1 of a `GameSeries` with the default policies as
 * bench/run.ts's singleCore does (seed 20261122, workspaces and policies reused), timed in process
 * CPU time. Prints per-build medians, the median of the paired ratios B/A, and build B's random
 * draws per game and RNG-floor ratio (game time over draws x the time of one `randInt(1..6)`, measured
 * with mitata as bench/run.ts does).
 *
 *   node bench/merkur-ab.mjs <build A root> <build B root> <scenario> [games per batch=20] [rounds=5]
 */

import { do_not_optimize, measure } from 'mitata';
import { loadBuild } from './fingerprint.mjs';

const [rootA, rootB, scenario, nArg, rArg] = process.argv.slice(2);
if (rootA === undefined || rootB === undefined || scenario === undefined) {
  console.error('usage: node bench/merkur-ab.mjs <build A root> <build B root> <scenario> [games] [rounds]');
  process.exit(2);
}
const n = Number(nArg ?? 20);
const rounds = Number(rArg ?? 5);
const SEED = 20261122;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function load(root) {
  const { GameSeries, createPolicies, resolveSetup, def } = await loadBuild(root, 'merkur');
  const setup = resolveSetup(def, { scenario }, 'bench');
  const series = new GameSeries(def, setup, () => createPolicies(def, def.defaultPolicies, setup.scenario));
  const counter = { draws: 0 };
  return {
    counter,
    batch() {
      const t = cpu();
      for (let g = 0; g < n; g++) series.play({ masterSeed: SEED, gameIndex: g }, { counter });
      return n / (cpu() - t);
    },
  };
}

const a = await load(rootA);
const b = await load(rootB);
a.batch();
b.batch();
const ra = [];
const rb = [];
for (let i = 0; i < rounds; i++) {
  const a1 = a.batch();
  const b1 = b.batch();
  const b2 = b.batch();
  const a2 = a.batch();
  ra.push(a1, a2);
  rb.push(b1, b2);
}
const med = (x) => {
  const y = [...x].sort((p, q) => p - q);
  return y.length % 2 ? y[(y.length - 1) / 2] : (y[y.length / 2 - 1] + y[y.length / 2]) / 2;
};
const { randInt, streamRng } = await import(`${rootB}/dist/src/core/rng.js`);
const rng = streamRng(1, 1, 'bench');
const drawNs = (await measure(() => do_not_optimize(randInt(rng, 1, 6)))).avg;
const draws = b.counter.draws / ((2 * rounds + 1) * n);
const rateB = med(rb);
const fmt = (x) => x.map((v) => v.toFixed(1)).join(' ');
console.log(
  JSON.stringify({
    scenario,
    gamesPerBatch: n,
    rounds,
    medianA: +med(ra).toFixed(1),
    medianB: +rateB.toFixed(1),
    medianRatio: +med(ra.map((x, i) => rb[i] / x)).toFixed(2),
    drawsPerGameB: Math.round(draws),
    drawNs: +drawNs.toFixed(1),
    floorRatioB: Math.round(1 / rateB / ((draws * drawNs) / 1e9)),
  }),
);
console.log(`A: ${fmt(ra)}\nB: ${fmt(rb)}`);
