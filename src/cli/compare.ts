import type { Command } from 'commander';
import { COMPARISON_COLUMNS, comparePairs } from '../analysis/compare.js';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { pct } from '../report/format.js';
import { comparisonSentence } from '../report/report.js';
import { toCsv } from '../runner/outputs.js';
import { loadRun } from '../runner/read-run.js';
import { examplesHelp } from './options.js';

/**
 * `sandtable compare <runA> <runB>`: B against A, paired game by game on the game indices both runs
 * played (runs of one game and seed; their game counts may differ).
 */
export function registerCompare(program: Command, games: GameRegistry): void {
  program
    .command('compare')
    .description(
      'compare two finished runs of one game and seed: paired differences (B - A) with intervals, on the games both played',
    )
    .argument('<runA>', 'run directory taken as the baseline')
    .argument('<runB>', 'run directory compared with it')
    .option('--csv', 'print comparisons as CSV')
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable compare reports/run-a reports/run-b', 'B against A, paired on the games both played'],
      ]),
    )
    .action(async (dirA: string, dirB: string, flags: { csv?: boolean }) => {
      const [a, b] = await Promise.all([loadRun(dirA), loadRun(dirB)]);
      const ma = a.manifest;
      const mb = b.manifest;
      if (ma.game.id !== mb.game.id)
        throw new UserError(`compare: ${dirA} is ${ma.game.id} but ${dirB} is ${mb.game.id}`);
      if (ma.seed !== mb.seed)
        throw new UserError(
          `compare: the runs do not share seeds (${dirA}: seed ${ma.seed}, ${dirB}: seed ${mb.seed}); pairing needs the same master seed`,
        );
      // Both runs play game indices 0..games-1 of every arm with the same dice: the first
      // min(games) indices are common to both, and only those are paired.
      const paired = Math.min(ma.games, mb.games);
      const def = games.get(ma.game.id);
      const bIds = new Set(mb.arms.map((x) => x.id));
      const pairs: [string, string][] =
        ma.arms.length === 1 && mb.arms.length === 1
          ? [[ma.arms[0]!.id, mb.arms[0]!.id]]
          : ma.arms.filter((x) => bIds.has(x.id)).map((x) => [x.id, x.id]);
      if (pairs.length === 0)
        throw new UserError(`compare: no arm ids in common between ${dirA} and ${dirB}`);
      const rows = pairs.flatMap(([armA, armB]) =>
        comparePairs(def, [
          {
            arm: `${dirB}:${armB}`,
            baseline: `${dirA}:${armA}`,
            armRef: { table: b.table, arm: armB },
            baselineRef: { table: a.table, arm: armA },
          },
        ]),
      );
      if (flags.csv) {
        process.stdout.write(toCsv(rows, COMPARISON_COLUMNS));
        return;
      }
      const counts = ma.games === mb.games ? '' : `; ${dirA} has ${ma.games}, ${dirB} ${mb.games}`;
      const lines = [
        `${def.title}: ${dirB} against ${dirA}, seed ${ma.seed}, paired on the ${paired} games per arm both played (game indices 0..${paired - 1}${counts})`,
      ];
      for (const r of rows)
        lines.push(
          `- ${r.arm}, ${r.outcome}: ${pct(r.rate)}% vs ${pct(r.baseline_rate)}%; ${comparisonSentence(r)}`,
        );
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
