#!/usr/bin/env node
/**
 * Fits SFO's value of a position (src/games/sfo/evaluate.ts) and writes its coefficients to
 * src/games/sfo/data/evaluate.json: training games of every evaluate-skill pairing of every
 * scenario (master seed 7), the features of every position, one logistic regression per
 * scenario, turn and phase (scripts/fit-evaluate-common.mjs).
 *
 *   npm run build && node scripts/fit-evaluate-sfo.mjs [games per pairing, default 600]
 *
 * Then rebuild and measure on held-out games (master seed 1): node scripts/evaluate-skill.mjs sfo 20 200.
 */
import { join } from 'node:path';
import { arms, collect, fitAndWrite, root } from './fit-evaluate-common.mjs';

const games = Number(process.argv[2] ?? '600');
const { sfo } = await import(join(root, 'dist/src/games/sfo/index.js'));
const { sfoFeatures, evaluateFamily, EVALUATE_FEATURES } = await import(
  join(root, 'dist/src/games/sfo/evaluate.js')
);

const armList = arms(sfo);
const rows = collect(sfo, armList, games, 7, (s) => sfoFeatures(s), evaluateFamily, 1);
fitAndWrite({
  file: 'src/games/sfo/data/evaluate.json',
  script: 'scripts/fit-evaluate-sfo.mjs',
  seed: 7,
  games,
  armList,
  features: [...EVALUATE_FEATURES],
  rows,
  ridge: 1e-2,
  family: 'scenario, turn and phase',
});
