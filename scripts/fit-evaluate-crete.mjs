#!/usr/bin/env node
/**
 * Fits Crete's value of a position (src/games/crete/evaluate.ts) and writes its coefficients to
 * src/games/crete/data/evaluate.json: training games of every evaluate-skill pairing (master
 * seed 7), the features of every 10th position, one logistic regression per turn reached (scripts/fit-evaluate-common.mjs).
 *
 *   npm run build && node scripts/fit-evaluate-crete.mjs [games per pairing, default 60]
 *
 * Then rebuild and measure on held-out games: node scripts/evaluate-skill.mjs crete.
 */
import { join } from 'node:path';
import { arms, collect, fitAndWrite, root } from './fit-evaluate-common.mjs';

const games = Number(process.argv[2] ?? '60');
const { crete } = await import(join(root, 'dist/src/games/crete/index.js'));
const { creteFeatures, EVALUATE_FEATURES } = await import(join(root, 'dist/src/games/crete/evaluate.js'));

const armList = arms(crete);
const rows = collect(
  crete,
  armList,
  games,
  7,
  (s) => creteFeatures(s),
  (s) => `turn-${s.turn}`,
  10,
);
fitAndWrite({
  file: 'src/games/crete/data/evaluate.json',
  script: 'scripts/fit-evaluate-crete.mjs',
  seed: 7,
  games,
  armList,
  features: [...EVALUATE_FEATURES],
  rows,
  ridge: 1e-3,
  family: 'turn reached',
});
