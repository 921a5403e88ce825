import type { Command } from 'commander';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
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
    .option(
      '--trust-data',
      'read runs whose manifest.json is missing, damaged or older than manifest checksums, read-only: verify what can be verified and say what cannot (on stderr)',
    )
    .option(
      '--experiment <file>',
      "with --trust-data: the experiment file a run played, when its manifest's copy cannot be read",
    )
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable compare reports/run-a reports/run-b', 'B against A, paired on the games both played'],
      ]),
    )
    .action(async (dirA: string, dirB: string, flags: CompareFlags) => {
      if (flags.experiment !== undefined && flags.trustData !== true)
        throw new UserError('option --experiment: only with --trust-data');
      const [{ COMPARISON_COLUMNS }, { compare }, { pct }, { comparisonSentence }, { toCsv }] =
        await Promise.all([
          import('../analysis/compare.js'),
          import('../api/compare-runs.js'),
          import('../report/format.js'),
          import('../report/report.js'),
          import('../runner/outputs.js'),
        ]);
      const read = await compare(dirA, dirB, games, {
        trustData: flags.trustData === true,
        ...(flags.experiment === undefined ? {} : { experiment: flags.experiment }),
      });
      // what --trust-data could and could not verify, one line each, before any number
      for (const n of [...(read.trust?.a ?? []), ...(read.trust?.b ?? [])])
        process.stderr.write(`trust: ${n}\n`);
      const { game, seed, games: paired, played, rows } = read;
      if (flags.csv) {
        process.stdout.write(toCsv(rows, COMPARISON_COLUMNS));
        return;
      }
      const counts = played.a === played.b ? '' : `; ${dirA} has ${played.a}, ${dirB} ${played.b}`;
      const pairCount = new Set(rows.map((r) => r.arm)).size;
      const lines = [
        `${game.title}: ${dirB} against ${dirA}, seed ${seed}, paired on the ${paired} games per arm both played (game indices 0..${paired - 1}${counts})`,
        `each side's wins: exact McNemar test, Holm-adjusted over the ${pairCount} arm pair${pairCount === 1 ? '' : 's'} compared, beside the interval it inverts at the level Holm judges it (it excludes 0 exactly when distinguishable)`,
      ];
      for (const r of rows)
        lines.push(
          `- ${r.arm}, ${r.outcome}: ${pct(r.rate)}% vs ${pct(r.baseline_rate)}%; ${comparisonSentence(r)}`,
        );
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}

/** The options of `compare`, as commander gives them. */
interface CompareFlags {
  readonly csv?: boolean;
  readonly trustData?: boolean;
  readonly experiment?: string;
}
