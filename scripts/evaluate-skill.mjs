#!/usr/bin/env node
/**
 * Re-derives the value-of-a-position figures (docs/statistics.md "Value of a position"): plays
 * each named game's default pairings (src/analysis/evaluate-skill.ts skillArms) and prints the
 * Brier score of the game's evaluate against the constant predictor at a quarter, half and three
 * quarters of each game's decisions, per scenario and side.
 *
 *   npm run build && node scripts/evaluate-skill.mjs <game>[,<game>...] [train] [test] [scenario,...]
 *
 * train / test are games per pairing (default 20 / 40); held-out games use master seed 1, training
 * games master seed 7. The optional scenario list keeps only those scenarios' pairings.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { loadGames } = await import(join(root, 'dist/src/games/lazy.js'));
const { evaluateSkill, formatSkill, skillArms } = await import(
  join(root, 'dist/src/analysis/evaluate-skill.js')
);

const [ids, train = '20', test = '40', only] = process.argv.slice(2);
if (ids === undefined) {
  console.error('usage: node scripts/evaluate-skill.mjs <game>[,<game>...] [train] [test] [scenario,...]');
  process.exit(2);
}
for (const game of await loadGames(ids.split(','))) {
  const keep = only?.split(',');
  const arms = skillArms(game).filter((a) => keep === undefined || keep.includes(a.scenario));
  const rows = evaluateSkill(game, { arms, train: Number(train), test: Number(test) });
  console.log(formatSkill(game, rows));
}
