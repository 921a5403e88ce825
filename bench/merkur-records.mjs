/**
 * Merkur play fingerprint: the GameRecords of games 0..N-1 (master seed 1) of several setups and
 * policy pairings, written as JSON lines to <out>, one file per arm, so two builds can be diffed
 * byte for byte (a speed change must leave them identical).
 *
 *   node bench/merkur-records.mjs <build root> <out dir> [games=200]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [root, out, nArg] = process.argv.slice(2);
if (root === undefined || out === undefined) {
  console.error('usage: node bench/merkur-records.mjs <build root> <out dir> [games]');
  process.exit(2);
}
const n = Number(nArg ?? 200);
const { GameSeries } = await import(`${root}/dist/src/core/driver.js`);
const { createPolicies } = await import(`${root}/dist/src/core/policies.js`);
const { resolveSetup } = await import(`${root}/dist/src/core/setup.js`);
const { gameRegistry } = await import(`${root}/dist/src/games/index.js`);
const def = gameRegistry().get('merkur');

const ARMS = [
  { name: 'two-player-default', scenario: 'two-player', policies: {} },
  { name: 'solitaire-default', scenario: 'solitaire', policies: {} },
  {
    name: 'maleme-counter',
    scenario: 'two-player',
    policies: { german: 'maleme-first', commonwealth: 'counterattack' },
  },
  {
    name: 'objective-hold',
    scenario: 'two-player',
    policies: { german: 'objective-count', commonwealth: 'objective-hold' },
  },
  {
    name: 'airfields-solorules',
    scenario: 'two-player',
    policies: { german: 'three-airfields', commonwealth: 'solitaire-rules' },
  },
  {
    name: 'variants-2p',
    scenario: 'two-player',
    policies: {},
    variants: {
      'count-zone': true,
      'road-step': true,
      'zone-based': true,
      'air-support-automatic': true,
      'lead-def-any': true,
      'night-table': true,
      'div-cmd-map': true,
      'em-counted': true,
    },
  },
  {
    name: 'variants-solo',
    scenario: 'solitaire',
    policies: { german: 'maleme-first' },
    variants: {
      'solo-east-3': true,
      'enter-and-assault': true,
      strict: true,
      'def-stack-bonus': true,
      'bands-symmetric': true,
    },
  },
  {
    name: 'random',
    scenario: 'two-player',
    policies: { german: 'random', commonwealth: 'random' },
    games: 50,
  },
];

mkdirSync(out, { recursive: true });
const only = process.env.ARMS?.split(',');
for (const arm of ARMS) {
  if (only && !only.includes(arm.name)) continue;
  const setup = resolveSetup(def, { scenario: arm.scenario, variants: arm.variants ?? {} }, 'records');
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
  const games = Math.min(n, arm.games ?? n);
  for (let g = 0; g < games; g++) {
    fp.h = 0x811c9dc5;
    fp.n = 0;
    const rec = series.play({ masterSeed: 1, gameIndex: g });
    lines.push(JSON.stringify({ ...rec, choices: fp.n, choiceHash: fp.h }));
  }
  writeFileSync(join(out, `${arm.name}.jsonl`), `${lines.join('\n')}\n`);
}
