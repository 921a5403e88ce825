#!/usr/bin/env node
/**
 * Fits the coefficients of Dark Crusade's value of a position (src/games/dc/evaluate.ts
 * EVAL_COEFFICIENTS): plays TRAINING games (master seed 7, game indices 0..n-1) of every scripted
 * pairing of each scenario (src/analysis/evaluate-skill.ts skillArms), takes the features
 * (evaluate.ts dcFeatures) before every `every`-th decision, and fits a logistic of the Axis
 * result (win 1, draw 1/2, loss 0) by Newton's method (cross-entropy with soft targets, a small
 * ridge). Prints one coefficient row per level, version and stage of the game (evaluate.ts
 * EVAL_STAGES), to paste into evaluate.ts.
 *
 *   npm run build && node scripts/fit-evaluate-dc.mjs [games per pairing = 6] [every = 10] [ridge = 0.001]
 *     [--scenario id,...] [--drop feature,...] [--unsigned]
 *
 * --scenario fits only those scenarios' rows; --drop holds those features' coefficients at 0 (the
 * feature is left out of the fit).
 *
 * Signs: the training games' results depend as much on the scripted policies (their draw rules,
 * how much they attack) as on the positions, so an unconstrained fit can reward a side for what
 * harms it (the Axis for its own losses, which only its aggressive policies suffer). A search
 * compares positions of one game, so each coefficient with a known direction (SIGNS) is kept to it:
 * while a fitted coefficient has the wrong sign, the feature with the largest such violation is
 * held at 0 and the rest refitted (an active-set fit of the sign-constrained logistic).
 * --unsigned fits without the constraint (how the rows of evaluate.ts that say so were fitted).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const imp = (p) => import(join(root, 'dist/src', p));
const { dc } = await imp('games/dc/index.js');
const { dcFeatures, EVAL_FEATURES, evalKey } = await imp('games/dc/evaluate.js');
const { skillArms } = await imp('analysis/evaluate-skill.js');
const { playMatch, startMatch } = await imp('core/driver.js');
const { createPolicies } = await imp('core/policies.js');
const { resolveSetup } = await imp('core/setup.js');

const usage =
  'usage: node scripts/fit-evaluate-dc.mjs [games per pairing] [every] [ridge] [--scenario id,...] [--drop feature,...] [--unsigned]';
const positional = [];
const flags = {};
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--scenario' || a === '--drop') flags[a.slice(2)] = (process.argv[++i] ?? '').split(',');
  else if (a === '--unsigned') flags.unsigned = true;
  else if (a.startsWith('--')) {
    console.error(usage);
    process.exit(2);
  } else positional.push(a);
}
const games = Number(positional[0] ?? 6);
const every = Number(positional[1] ?? 10);
const ridge = Number(positional[2] ?? 0.001);
if (!(games > 0 && every > 0 && ridge >= 0)) {
  console.error(usage);
  process.exit(2);
}
const scenarios = flags.scenario ?? dc.scenarios.map((s) => s.id);
for (const id of scenarios)
  if (!dc.scenarios.some((s) => s.id === id)) {
    console.error(`fit-evaluate-dc: --scenario: no scenario ${id}`);
    process.exit(2);
  }
const dropped = (flags.drop ?? []).map((f) => {
  const i = EVAL_FEATURES.indexOf(f);
  if (i <= 0) {
    console.error(`fit-evaluate-dc: --drop: no feature ${f} (the bias cannot be dropped)`);
    process.exit(2);
  }
  return i;
});
/**
 * The direction of the Axis value in each feature, where the rules fix one (+1 rising, -1 falling,
 * 0 free): VP margins and VP held (DC 2.B.1.a), the fire each side has on the map, the units each
 * has lost, the Campaign cities (2.B.3.a.ii) and the Siberian crisis (3.C.3, a Soviet setback).
 */
const SIGNS = {
  bias: 0,
  'axis-margin': 1,
  'soviet-margin': -1,
  'axis-enemy-vp': 1,
  'soviet-enemy-vp': -1,
  progress: 0,
  'axis-margin x progress': 1,
  'soviet-margin x progress': -1,
  'axis-fire-share': 1,
  'axis-loss-share': -1,
  'campaign-cities': 1,
  'soviet-units-lost / 100': 1,
  'axis-units-lost / 100': -1,
  'siberian-crisis': 1,
};
for (const f of EVAL_FEATURES)
  if (!(f in SIGNS)) {
    console.error(`fit-evaluate-dc: no sign declared for feature ${f}`);
    process.exit(2);
  }

/** Rows of [features, axis result] per coefficient key. */
const data = new Map();
for (const arm of skillArms(dc).filter((a) => scenarios.includes(a.scenario))) {
  const setup = resolveSetup(dc, { scenario: arm.scenario }, 'fit-evaluate-dc');
  for (let g = 0; g < games; g++) {
    const match = startMatch(dc, setup, { masterSeed: 7, gameIndex: g });
    const made = createPolicies(dc, { ...dc.defaultPolicies, ...arm.policies }, arm.scenario);
    const xs = [];
    let n = 0;
    const policies = {};
    for (const [side, p] of Object.entries(made))
      policies[side] = {
        id: p.id,
        choose(view, d, rng, search) {
          if (n++ % every === 0) xs.push(dcFeatures(match.state));
          return p.choose(view, d, rng, search);
        },
      };
    const rec = playMatch(match, policies);
    const y = rec.result === 'axis-win' ? 1 : rec.result === 'soviet-win' ? 0 : 0.5;
    for (const x of xs) {
      const key = evalKey(match.state, x[5]);
      if (!data.has(key)) data.set(key, []);
      data.get(key).push([x, y]);
    }
  }
}

/** Newton's method on the mean cross-entropy with soft targets and ridge `lambda` (bias not penalised). */
function fitLogistic(rows, lambda) {
  const k = rows[0][0].length;
  const w = new Array(k).fill(0);
  for (let it = 0; it < 50; it++) {
    const g = new Array(k).fill(0);
    const h = Array.from({ length: k }, () => new Array(k).fill(0));
    for (const [x, y] of rows) {
      let z = 0;
      for (let i = 0; i < k; i++) z += w[i] * x[i];
      const p = 1 / (1 + Math.exp(-z));
      for (let i = 0; i < k; i++) {
        g[i] += ((p - y) * x[i]) / rows.length;
        for (let j = 0; j < k; j++) h[i][j] += (p * (1 - p) * x[i] * x[j]) / rows.length;
      }
    }
    for (let i = 1; i < k; i++) {
      g[i] += lambda * w[i];
      h[i][i] += lambda;
    }
    // solve h d = g (Gaussian elimination with partial pivoting)
    const a = h.map((r, i) => [...r, g[i]]);
    for (let c = 0; c < k; c++) {
      let piv = c;
      for (let r = c + 1; r < k; r++) if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) piv = r;
      [a[c], a[piv]] = [a[piv], a[c]];
      for (let r = 0; r < k; r++) {
        if (r === c || a[c][c] === 0) continue;
        const f = a[r][c] / a[c][c];
        for (let j = c; j <= k; j++) a[r][j] -= f * a[c][j];
      }
    }
    let step = 0;
    for (let i = 0; i < k; i++) {
      const d = a[i][i] === 0 ? 0 : a[i][k] / a[i][i];
      w[i] -= d;
      step = Math.max(step, Math.abs(d));
    }
    if (step < 1e-9) break;
  }
  return w;
}

console.log(
  `// ${EVAL_FEATURES.join(', ')}; ${games} training games per pairing, features every ${every} decisions, ridge ${ridge}` +
    (dropped.length === 0 ? '' : `; held at 0: ${dropped.map((i) => EVAL_FEATURES[i]).join(', ')}`) +
    (flags.unsigned ? '; unsigned' : '; signs constrained'),
);
for (const [key, rows] of [...data.entries()].sort()) {
  const mean = rows.reduce((a, r) => a + r[1], 0) / rows.length;
  // the sign-constrained fit: drop the worst violation and refit until none is left
  let kept = EVAL_FEATURES.map((_, i) => i).filter((i) => !dropped.includes(i));
  let w;
  for (;;) {
    const fitted = fitLogistic(
      rows.map(([x, y]) => [kept.map((i) => x[i]), y]),
      ridge,
    );
    w = EVAL_FEATURES.map((_, i) => (kept.includes(i) ? fitted[kept.indexOf(i)] : 0));
    let worst = -1;
    for (const i of flags.unsigned ? [] : kept)
      if (SIGNS[EVAL_FEATURES[i]] * w[i] < 0 && (worst < 0 || Math.abs(w[i]) > Math.abs(w[worst]))) worst = i;
    if (worst < 0) break;
    kept = kept.filter((i) => i !== worst);
  }
  console.log(
    `  '${key}': [${w.map((v) => Number(v.toPrecision(4))).join(', ')}], // ${rows.length} positions, mean Axis result ${mean.toFixed(3)}`,
  );
}
