/**
 * Dark Crusade play fingerprint: the GameRecords of games 0..N-1 (master seed 1) of three policy
 * pairings (and random vs random, 50 games) in three scenarios, with a hash of every decision's kind, option count, choice and
 * chosen option, written as JSON lines to <out>, one file per arm, so two builds can be diffed
 * byte for byte (a speed change must leave them identical).
 *
 *   node bench/dc-records.mjs <build root> <out dir> [games=200]
 *   ARMS=intro-tournament-defaults,... limits the arms.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [root, out, nArg] = process.argv.slice(2);
if (root === undefined || out === undefined) {
  console.error('usage: node bench/dc-records.mjs <build root> <out dir> [games]');
  process.exit(2);
}
const n = Number(nArg ?? 200);
const { GameSeries } = await import(`${root}/dist/src/core/driver.js`);
const { createPolicies } = await import(`${root}/dist/src/core/policies.js`);
const { resolveSetup } = await import(`${root}/dist/src/core/setup.js`);
const { gameRegistry } = await import(`${root}/dist/src/games/index.js`);
const def = gameRegistry().get('dc');

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

mkdirSync(out, { recursive: true });
const only = process.env.ARMS?.split(',');
for (const arm of ARMS) {
  if (only && !only.includes(arm.name)) continue;
  const setup = resolveSetup(def, { scenario: arm.scenario, variants: {} }, 'records');
  const ids = { ...def.defaultPolicies, ...arm.policies };
  // every decision's kind, option count and choice, folded into a 32-bit FNV-1a hash per game
  const fp = { h: 0x811c9dc5, n: 0 };
  const fold = (x) => {
    for (let i = 0; i < x.length; i++) fp.h = Math.imul(fp.h ^ x.charCodeAt(i), 16777619) >>> 0;
  };
  const wrap = () => {
    const made = createPolicies(def, ids, setup.scenario);
    for (const [side, p] of Object.entries(made)) {
      made[side] = {
        id: p.id,
        choose(view, decision, rng, search) {
          const c = p.choose(view, decision, rng, search);
          fold(
            `${side}|${decision.kind}|${decision.options.length}|${c}|${JSON.stringify(decision.options[c])};`,
          );
          fp.n++;
          return c;
        },
        ...(p.reset ? { reset: () => p.reset() } : {}),
      };
    }
    return made;
  };
  const series = new GameSeries(def, setup, wrap);
  const lines = [];
  for (let g = 0; g < Math.min(n, arm.games ?? n); g++) {
    fp.h = 0x811c9dc5;
    fp.n = 0;
    const rec = series.play({ masterSeed: 1, gameIndex: g });
    lines.push(JSON.stringify({ ...rec, choices: fp.n, choiceHash: fp.h }));
  }
  writeFileSync(join(out, `${arm.name}.jsonl`), `${lines.join('\n')}\n`);
}
