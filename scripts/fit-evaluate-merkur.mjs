#!/usr/bin/env node
/**
 * Fits the coefficients of Merkur's value of a position (src/games/merkur/value.ts) on training
 * games and writes them to src/games/merkur/data/evaluate.json. Plays, per scenario, every default
 * pairing of src/analysis/evaluate-skill.ts skillArms with master seed 7 (training games only: the
 * held-out games of evaluate-skill use seed 1), takes the features (value.ts valueFeatures) at the
 * fractions 1/every .. (every - 1)/every of each game's decisions that pend (as evaluate-skill
 * takes its quarters), and minimises the mean Brier score of the CW's value
 * against the game's result (CW win 1, draw 1/2, loss 0) by Nelder-Mead from zero.
 *
 *   npm run build && node scripts/fit-evaluate-merkur.mjs [games per arm = 20] [every = 10]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { merkur } = await import(join(root, 'dist/src/games/merkur/index.js'));
const { valueFeatures, cwValueOf } = await import(join(root, 'dist/src/games/merkur/value.js'));
const { skillArms } = await import(join(root, 'dist/src/analysis/evaluate-skill.js'));
const { playMatch, startMatch } = await import(join(root, 'dist/src/core/driver.js'));
const { createPolicies } = await import(join(root, 'dist/src/core/policies.js'));
const { resolveSetup } = await import(join(root, 'dist/src/core/setup.js'));
const { returns } = await import(join(root, 'dist/src/core/values.js'));

const games = Number(process.argv[2] ?? '20');
const every = Number(process.argv[3] ?? '10');
if (!(Number.isInteger(games) && games > 0 && Number.isInteger(every) && every > 0)) {
  console.error('usage: node scripts/fit-evaluate-merkur.mjs [games per arm > 0] [every > 0]');
  process.exit(2);
}
const TRAIN_SEED = 7;

/** Training samples of one scenario: [features, CW result]. */
function samples(scenario) {
  const out = [];
  for (const arm of skillArms(merkur).filter((a) => a.scenario === scenario)) {
    const setup = resolveSetup(merkur, { scenario }, 'fit-evaluate-merkur');
    for (let g = 0; g < games; g++) {
      const match = startMatch(merkur, setup, { masterSeed: TRAIN_SEED, gameIndex: g });
      const made = createPolicies(merkur, { ...merkur.defaultPolicies, ...arm.policies }, scenario);
      const feats = [];
      const policies = {};
      for (const [side, p] of Object.entries(made))
        policies[side] = {
          id: p.id,
          choose(view, d, rng, search) {
            feats.push(valueFeatures(match.state));
            return p.choose(view, d, rng, search);
          },
        };
      const y = returns(merkur, playMatch(match, policies)).commonwealth;
      // the positions at fractions 1/every .. (every-1)/every of the game's decisions, as
      // evaluate-skill takes its quarters
      for (let q = 1; q < every; q++)
        out.push([feats[Math.min(feats.length - 1, Math.floor((q / every) * feats.length))], y]);
    }
  }
  return out;
}

/**
 * The free terms of each scenario: two-player fits all seven projection terms; solitaire, whose
 * German wins are few (about one game in twelve), ties the CW's and the German's steps into their
 * difference and leaves out the units landed (a3 = -a2, a6 = 0), five terms.
 */
const TERMS = {
  'two-player': { n: 9, coef: (x) => ({ a: x.slice(0, 7), c: [x[7], x[8]] }) },
  solitaire: { n: 7, coef: (x) => ({ a: [x[0], x[1], x[2], -x[2], x[3], x[4], 0], c: [x[5], x[6]] }) },
};
const brier = (data, coef, x) => {
  const k = coef(x);
  let b = 0;
  for (const [f, y] of data) b += (cwValueOf(f, k) - y) ** 2;
  return b / data.length;
};

/** Nelder-Mead minimisation of `fn` from `x0` (standard coefficients 1, 2, 1/2, 1/2). */
function nelderMead(fn, x0, iters = 600) {
  const n = x0.length;
  let pts = [x0.slice()];
  for (let i = 0; i < n; i++) {
    const p = x0.slice();
    p[i] += 0.5;
    pts.push(p);
  }
  let vals = pts.map(fn);
  for (let it = 0; it < iters; it++) {
    const order = vals.map((_v, i) => i).sort((a, b) => vals[a] - vals[b]);
    pts = order.map((i) => pts[i]);
    vals = order.map((i) => vals[i]);
    const c = new Array(n).fill(0);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) c[j] += pts[i][j] / n;
    const at = (t) => c.map((v, j) => v + t * (pts[n][j] - v));
    const r = at(-1);
    const fr = fn(r);
    if (fr < vals[0]) {
      const e = at(-2);
      const fe = fn(e);
      [pts[n], vals[n]] = fe < fr ? [e, fe] : [r, fr];
    } else if (fr < vals[n - 1]) [pts[n], vals[n]] = [r, fr];
    else {
      const k = at(0.5);
      const fk = fn(k);
      if (fk < vals[n]) [pts[n], vals[n]] = [k, fk];
      else
        for (let i = 1; i <= n; i++) {
          pts[i] = pts[i].map((v, j) => pts[0][j] + 0.5 * (v - pts[0][j]));
          vals[i] = fn(pts[i]);
        }
    }
  }
  return { x: pts[0], f: vals[0] };
}

const scenarios = {};
const fitted = {};
for (const scenario of ['two-player', 'solitaire']) {
  const data = samples(scenario);
  const mean = data.reduce((a, [, y]) => a + y, 0) / data.length;
  const constant = data.reduce((a, [, y]) => a + (y - mean) ** 2, 0) / data.length;
  const { n, coef } = TERMS[scenario];
  const { x, f } = nelderMead((v) => brier(data, coef, v), new Array(n).fill(0), 4000);
  const round = (v) => Math.round(v * 1e6) / 1e6;
  const k = coef(x);
  scenarios[scenario] = { a: k.a.map(round), c: k.c.map(round) };
  fitted[scenario] = { samples: data.length, brier: round(f), constantBrier: round(constant) };
  console.log(
    `${scenario}: ${data.length} positions, Brier ${f.toFixed(4)} (constant ${constant.toFixed(4)})`,
    scenarios[scenario],
  );
}
const out = {
  _status: `fitted by scripts/fit-evaluate-merkur.mjs ${games} ${every}: training games of master seed 7 (game indices 0..${games - 1} of every skillArms pairing), the features at fractions 1/${every}..${every - 1}/${every} of each game's decisions, Nelder-Mead on the mean Brier score of the CW's value. Re-run the script to refit.`,
  fit: {
    script: 'scripts/fit-evaluate-merkur.mjs',
    trainSeed: TRAIN_SEED,
    gamesPerArm: games,
    every,
    fitted,
  },
  scenarios,
};
writeFileSync(join(root, 'src/games/merkur/data/evaluate.json'), `${JSON.stringify(out, null, 2)}\n`);
