/**
 * What the fit-evaluate-<game>.mjs scripts share: plays a game's training games (master seed 7,
 * game indices 0..N-1 of every pairing src/analysis/evaluate-skill.ts skillArms plays), takes the
 * features of the position before every `every`-th decision that pends, and fits one logistic
 * regression per family of positions (a scenario) of the first side's result (win 1, draw 1/2,
 * loss 0) on them, by Newton's method with a small ridge on every coefficient but the bias.
 * Deterministic: the games depend only on the seeds, the fit on the games.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { startMatch, playMatch } = await import(join(root, 'dist/src/core/driver.js'));
const { createPolicies } = await import(join(root, 'dist/src/core/policies.js'));
const { resolveSetup } = await import(join(root, 'dist/src/core/setup.js'));
const { skillArms } = await import(join(root, 'dist/src/analysis/evaluate-skill.js'));
const { resultValue } = await import(join(root, 'dist/src/core/values.js'));

/** The arms of `game` (evaluate-skill's pairings) and their names (scenario, then the policies that differ). */
export function arms(game) {
  return skillArms(game).map((a) => ({
    ...a,
    name: [a.scenario, ...Object.entries(a.policies).map(([s, p]) => `${s}=${p}`)].join(' '),
  }));
}

/**
 * Plays `games` games of every arm (master seed `seed`) and returns one row per sampled position:
 * its family, its features and the first side's result.
 */
export function collect(game, armList, games, seed, featuresOf, familyOf, every) {
  const first = game.sides[0].id;
  const rows = [];
  for (const arm of armList) {
    const setup = resolveSetup(game, { scenario: arm.scenario }, `${game.id} fit-evaluate`);
    for (let g = 0; g < games; g++) {
      const match = startMatch(game, setup, { masterSeed: seed, gameIndex: g });
      const made = createPolicies(game, { ...game.defaultPolicies, ...arm.policies }, arm.scenario);
      const mine = [];
      let k = 0;
      const policies = {};
      for (const [side, p] of Object.entries(made))
        policies[side] = {
          id: p.id,
          choose(view, d, rng, search) {
            if (k++ % every === 0)
              mine.push({ family: familyOf(match.state), x: featuresOf(match.state).slice() });
            return p.choose(view, d, rng, search);
          },
        };
      const rec = playMatch(match, policies);
      const y = resultValue(game, rec.result, first);
      for (const r of mine) rows.push({ ...r, y });
    }
  }
  return rows;
}

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
function solve(A, b) {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c];
      for (let j = c; j <= n; j++) M[r][j] -= f * M[c][j];
    }
  }
  const x = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let v = M[r][n];
    for (let j = r + 1; j < n; j++) v -= M[r][j] * x[j];
    x[r] = v / M[r][r];
  }
  return x;
}

/**
 * Logistic regression of y in [0, 1] on the rows' features (the first feature the bias): the
 * coefficients maximising the log-likelihood less ridge/2 times the squared coefficients (bias
 * left out), by Newton's method.
 */
export function fitLogistic(rows, ridge = 1e-3, iterations = 50) {
  const d = rows[0].x.length;
  const w = new Array(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const g = new Array(d).fill(0);
    const H = Array.from({ length: d }, () => new Array(d).fill(0));
    for (const { x, y } of rows) {
      let z = 0;
      for (let i = 0; i < d; i++) z += w[i] * x[i];
      const p = 1 / (1 + Math.exp(-z));
      const q = Math.max(p * (1 - p), 1e-9);
      for (let i = 0; i < d; i++) {
        g[i] += (y - p) * x[i];
        for (let j = 0; j < d; j++) H[i][j] += q * x[i] * x[j];
      }
    }
    const n = rows.length;
    for (let i = 0; i < d; i++) {
      g[i] /= n;
      for (let j = 0; j < d; j++) H[i][j] /= n;
      if (i > 0) {
        g[i] -= ridge * w[i];
        H[i][i] += ridge;
      }
    }
    const step = solve(H, g);
    let size = 0;
    for (let i = 0; i < d; i++) {
      w[i] += step[i];
      size = Math.max(size, Math.abs(step[i]));
    }
    if (size < 1e-10) break;
  }
  return w;
}

/** Brier score of the fitted coefficients `w` on rows (for the script's own report). */
export function brier(rows, w) {
  let b = 0;
  for (const { x, y } of rows) {
    let z = 0;
    for (let i = 0; i < w.length; i++) z += w[i] * x[i];
    b += (1 / (1 + Math.exp(-z)) - y) ** 2;
  }
  return b / rows.length;
}

/**
 * Fits every family of `rows` (`family` says what a family is, for the file's comment) and writes the coefficients file `file` (relative to the repository),
 * naming the script, the seed, the games and the features; prints each family's training fit.
 */
export function fitAndWrite({ file, script, seed, games, armList, features, rows, ridge, family }) {
  const families = [...new Set(rows.map((r) => r.family))].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  );
  const coefficients = {};
  for (const f of families) {
    const mine = rows.filter((r) => r.family === f);
    const w = fitLogistic(mine, ridge);
    coefficients[f] = w.map((v) => (Math.abs(v) < 1e-9 ? 0 : Number(v.toPrecision(6))));
    const mean = mine.reduce((a, r) => a + r.y, 0) / mine.length;
    const base = mine.reduce((a, r) => a + (r.y - mean) ** 2, 0) / mine.length;
    console.log(
      `${f}: ${mine.length} positions, base rate ${mean.toFixed(3)}, training Brier ${brier(mine, w).toFixed(4)} (constant ${base.toFixed(4)})`,
    );
  }
  const out = {
    $comment: `Written by ${script} (node ${script} after npm run build): a logistic regression per ${family} of the first side's result on the features, fitted on the training games named here (master seed ${seed}, game indices 0..${games - 1} of each arm). Re-run the script to refit; the features are those of the game's evaluate.ts in this order.`,
    script,
    trainSeed: seed,
    gamesPerArm: games,
    arms: armList.map((a) => a.name),
    positions: rows.length,
    features,
    coefficients,
  };
  writeFileSync(join(root, file), `${JSON.stringify(out, null, 2)}\n`);
  // the repository's formatter (npm run lint) lays out the coefficient lists
  execFileSync('npx', ['--yes', '@biomejs/biome@2.6.8', 'format', '--write', join(root, file)], {
    stdio: 'ignore',
  });
  console.log(`wrote ${file}`);
}
