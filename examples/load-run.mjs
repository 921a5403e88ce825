#!/usr/bin/env node
// A custom cut of a finished run with arquero verbs: the first side's win rate by arm and end turn.
//
//   npm run build && node dist/src/cli/main.js run experiments/sfo-variants.json --games 2000
//   node examples/load-run.mjs reports/sfo-variants
//
// From another project, after `npm install <path of this repository>`, the import is the same.
import { gameInfo, loadRun, op } from 'sandtable';

const dir = process.argv[2];
if (dir === undefined) {
  process.stderr.write('usage: node examples/load-run.mjs <run directory>\n');
  process.exit(2);
}

// Reads manifest.json and games.parquet (after checking every file's sha256 against the manifest).
const { manifest, games, summary } = await loadRun(dir);
const side = gameInfo(manifest.game.id).sides[0].id;

const byEndTurn = games
  .params({ side })
  .groupby('arm', 'end_turn')
  .rollup({ games: op.count(), wins: (d, $) => op.sum(d.winner === $.side ? 1 : 0) })
  .derive({ win_rate: (d) => op.round((1000 * d.wins) / d.games) / 1000 })
  .orderby('arm', 'end_turn');

console.log(`${manifest.game.title}: ${manifest.name}, seed ${manifest.seed}, ${manifest.games} games per arm`);
console.log(`${side} wins by arm and end turn:`);
byEndTurn.print({ limit: Infinity });

// The summary's rates come with their Wilson 95% intervals (summary.csv).
for (const r of summary.filter((r) => r.kind === 'winner' && r.outcome === side))
  console.log(
    `${r.arm}: ${side} wins ${(100 * r.rate).toFixed(1)}% [${(100 * r.lo95).toFixed(1)}, ${(100 * r.hi95).toFixed(1)}] of ${r.games}`,
  );
