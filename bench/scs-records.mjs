/**
 * SCS GameRecords of one build, for checking that a change keeps play byte-identical: games
 * 0..n-1 (seed 1) of every Soviet policy against the German default, and of two variant pairings
 * (pocket-fortified-only, relief-to-the-death with forest 3 MF), played as a worker plays them (one
 * GameSeries per arm). One JSON line per game on stdout; diff two builds' outputs.
 *
 *   node bench/scs-records.mjs <build root> [games] > records.jsonl
 */
import { loadBuild } from './fingerprint.mjs';

const [root, nArg] = process.argv.slice(2);
if (root === undefined) {
  console.error('usage: node bench/scs-records.mjs <build root> [games]');
  process.exit(2);
}
const n = Number(nArg ?? 200);
const { GameSeries, createPolicies, resolveSetup, def } = await loadBuild(root, 'scs');
const scenario = def.scenarios[0].id;
const soviet = def.policies
  .filter((p) => p.side === 'soviet' && p.id !== 'random' && p.id !== 'rollout')
  .map((p) => p.id);
const arms = soviet.map((id) => ({ label: id, policies: { ...def.defaultPolicies, soviet: id }, req: {} }));
arms.push(
  {
    label: 'pocket-fortified-only',
    policies: def.defaultPolicies,
    req: { variants: { 'pocket-fortified-only': true } },
  },
  {
    label: 'relief-to-the-death+forest3',
    policies: { ...def.defaultPolicies, soviet: 'shock-spearhead' },
    req: { variants: { 'relief-to-the-death': true }, params: { forestCost: 3 } },
  },
);
for (const arm of arms) {
  const setup = resolveSetup(def, { scenario, ...arm.req }, 'records');
  const series = new GameSeries(def, setup, () => createPolicies(def, arm.policies, scenario));
  for (let g = 0; g < n; g++) {
    const r = series.play({ masterSeed: 1, gameIndex: g });
    process.stdout.write(`${arm.label} ${g} ${JSON.stringify(r)}\n`);
  }
}
