/**
 * Dark Crusade play fingerprint: the GameRecords of games 0..N-1 (master seed 1) of three policy
 * pairings (and random vs random, 50 games) in three scenarios, with a hash of every decision's kind, option count, choice and
 * chosen option, written as JSON lines to <out>, one file per arm, so two builds can be diffed
 * byte for byte (a speed change must leave them identical).
 *
 *   node bench/dc-records.mjs <build root> <out dir> [games=200]
 *   ARMS=intro-tournament-defaults,... limits the arms.
 */
import { loadBuild, recordsArgs, writeFingerprints } from './fingerprint.mjs';

const { root, out, n } = recordsArgs('dc-records.mjs');

const PAIRINGS = [
  { name: 'defaults', policies: {} },
  { name: 'schwerpunkt-elastic', policies: { axis: 'moscow-schwerpunkt', soviet: 'deep-elastic' } },
  { name: 'southern-counter', policies: { axis: 'southern-economic', soviet: 'counter-offensive' } },
  { name: 'random', policies: { axis: 'random', soviet: 'random' }, games: 50 },
];
const SCENARIOS = ['intro-tournament', 'intro-campaign', 'adv-tournament'];
const ARMS = SCENARIOS.flatMap((scenario) =>
  PAIRINGS.map((p) => ({ name: `${scenario}-${p.name}`, scenario, policies: p.policies, games: p.games })),
);

writeFingerprints(await loadBuild(root, 'dc'), ARMS, out, n);
