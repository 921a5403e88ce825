#!/usr/bin/env node
// A custom cut of a finished run with arquero verbs: the first side's win rate by arm and end turn.
//
//   npm run build && node dist/src/cli/main.js run experiments/sfo-variants.json --games 2000
//   node examples/load-run.mjs reports/sfo-variants
//
// From another project, after `npm install <path of this repository>`, the import is the same.
import { existsSync, readFileSync } from 'node:fs';
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

// games holds every column of games.parquet, what each arm played included (policy_<side>,
// variant_<id>, param_<id>), and columns.json describes each one. A statistic the game did not
// reach is null there, which arquero's aggregates leave out, as the report does.
if (existsSync(`${dir}/columns.json`)) {
  const columns = JSON.parse(readFileSync(`${dir}/columns.json`, 'utf8'));
  const policy = columns.find((c) => c.group === 'policy' && c.side === side)?.name;
  const reached = columns.find((c) => c.null_when_not_reached);
  if (policy !== undefined && reached !== undefined) {
    console.log(`mean ${reached.name} (${reached.description}) by ${policy}, over the games that reached it:`);
    games
      .groupby(policy)
      .rollup({ games: op.count(), reached: op.valid(reached.name), mean: op.mean(reached.name) })
      .print({ limit: Infinity });
  }
}
