#!/usr/bin/env node
/**
 * Fits the coefficients of SCS's value of a position (src/games/scs/evaluate.ts): plays training
 * games (master seed 7, game indices 0..N-1) of every default pairing (src/analysis/evaluate-skill.ts
 * skillArms), takes each game's position at 5%, 10%, ... 95% of its decisions, and fits one
 * logistic per stage (turn 1, turns 2-3, turns 4-6) of the stage's features against the Soviet
 * result (win 1, draw 1/2, loss 0) by Newton's method with a small ridge. Prints the coefficients;
 * with --write stores them in src/games/scs/data/evaluate.json (then rebuild).
 *
 *   npm run build && node scripts/fit-evaluate-scs.mjs [gamesPerArm=40] [--write]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { playMatch, startMatch } = await import(join(root, 'dist/src/core/driver.js'));
const { createPolicies } = await import(join(root, 'dist/src/core/policies.js'));
const { resolveSetup } = await import(join(root, 'dist/src/core/setup.js'));
const { skillArms } = await import(join(root, 'dist/src/analysis/evaluate-skill.js'));
const { resultValue } = await import(join(root, 'dist/src/core/values.js'));
const { scs } = await import(join(root, 'dist/src/games/scs/index.js'));
const { evaluateFeatures, EVALUATE_FEATURES, EVALUATE_STAGES } = await import(
  join(root, 'dist/src/games/scs/evaluate.js')
);

const args = process.argv.slice(2);
const write = args.includes('--write');
const n = Number(args.find((a) => a !== '--write') ?? '40');
if (!Number.isInteger(n) || n < 1) {
  console.error('usage: node scripts/fit-evaluate-scs.mjs [gamesPerArm] [--write]');
  process.exit(2);
}
const TRAIN_SEED = 7;
const FRACTIONS = Array.from({ length: 19 }, (_, i) => (i + 1) / 20);
const RIDGE = 1e-3;

/** Per stage: rows of features and the Soviet result of their game. */
const data = EVALUATE_STAGES.map(() => ({ x: [], y: [] }));
const arms = skillArms(scs);
for (const arm of arms) {
  const setup = resolveSetup(scs, { scenario: arm.scenario }, 'fit-evaluate-scs');
  for (let g = 0; g < n; g++) {
    const match = startMatch(scs, setup, { masterSeed: TRAIN_SEED, gameIndex: g });
    const made = createPolicies(scs, { ...scs.defaultPolicies, ...arm.policies }, arm.scenario);
    const seen = [];
    const policies = {};
    for (const [side, p] of Object.entries(made))
      policies[side] = {
        id: p.id,
        choose(view, d, rng, search) {
          const x = [];
          const stage = evaluateFeatures(match.state, x);
          seen.push({ stage, x });
          return p.choose(view, d, rng, search);
        },
      };
    const rec = playMatch(match, policies);
    const y = resultValue(scs, rec.result, 'soviet');
    if (seen.length === 0) continue;
    for (const f of FRACTIONS) {
      const at = seen[Math.min(seen.length - 1, Math.floor(f * seen.length))];
      data[at.stage].x.push(at.x);
      data[at.stage].y.push(y);
    }
  }
}

/** Solves A z = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
function solve(A, b) {
  const m = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < m; c++) {
    let p = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = c + 1; r < m; r++) {
      const k = M[r][c] / M[c][c];
      for (let j = c; j <= m; j++) M[r][j] -= k * M[c][j];
    }
  }
  const z = new Array(m).fill(0);
  for (let r = m - 1; r >= 0; r--) {
    let v = M[r][m];
    for (let j = r + 1; j < m; j++) v -= M[r][j] * z[j];
    z[r] = v / M[r][r];
  }
  return z;
}

/**
 * Logistic regression of y (in [0, 1]) on rows x by Newton's method (cross-entropy, a ridge on every
 * coefficient: a stage whose training games all end one way gets a finite value near that end).
 */
function logisticFit(xs, ys, k) {
  const w = new Array(k).fill(0);
  for (let it = 0; it < 50; it++) {
    const H = Array.from({ length: k }, () => new Array(k).fill(0));
    const grad = new Array(k).fill(0);
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i];
      let z = 0;
      for (let j = 0; j < k; j++) z += w[j] * x[j];
      const p = 1 / (1 + Math.exp(-z));
      const r = p * (1 - p);
      for (let a = 0; a < k; a++) {
        grad[a] += (p - ys[i]) * x[a];
        for (let b = 0; b < k; b++) H[a][b] += r * x[a] * x[b];
      }
    }
    for (let a = 0; a < k; a++) {
      grad[a] += RIDGE * xs.length * w[a];
      H[a][a] += RIDGE * xs.length;
    }
    const step = solve(H, grad);
    let size = 0;
    for (let a = 0; a < k; a++) {
      w[a] -= step[a];
      size = Math.max(size, Math.abs(step[a]));
    }
    if (size < 1e-10) break;
  }
  return w;
}

const round = (v) => Math.round(v * 1e6) / 1e6;
const stages = {};
let positions = 0;
EVALUATE_STAGES.forEach((stage, i) => {
  const { x, y } = data[i];
  const k = EVALUATE_FEATURES[stage].length;
  positions += x.length;
  const w = x.length === 0 ? new Array(k).fill(0) : logisticFit(x, y, k).map(round);
  stages[stage] = w;
  const mean = y.length === 0 ? 0 : y.reduce((a, b) => a + b, 0) / y.length;
  console.log(`${stage}: ${x.length} positions, Soviet mean ${mean.toFixed(3)}`);
  EVALUATE_FEATURES[stage].forEach((f, j) => {
    console.log(`  ${f.padEnd(28)} ${w[j]}`);
  });
});

if (write) {
  const out = {
    _status: `written by: node scripts/fit-evaluate-scs.mjs ${n} --write; run it again rather than editing this file`,
    script: 'scripts/fit-evaluate-scs.mjs',
    trainSeed: TRAIN_SEED,
    gamesPerArm: n,
    arms: arms.map((a) => `${a.scenario}:${JSON.stringify(a.policies)}`),
    positions,
    features: EVALUATE_FEATURES,
    stages,
  };
  writeFileSync(join(root, 'src/games/scs/data/evaluate.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('wrote src/games/scs/data/evaluate.json');
}
