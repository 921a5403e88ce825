import type { Command } from 'commander';
import { COMPARISON_COLUMNS } from '../analysis/compare.js';
import { compare } from '../api/runs.js';
import type { GameRegistry } from '../core/registry.js';
import { comparisonSentence } from '../report/report.js';
import { toCsv } from '../runner/outputs.js';

/** `sandtable compare <runA> <runB>`: B against A, paired on the games both runs share. */
export function registerCompare(program: Command, games: GameRegistry): void {
  program
    .command('compare')
    .description(
      'compare two finished runs that share seeds and games: paired differences (B - A) with intervals',
    )
    .argument('<runA>', 'run directory taken as the baseline')
    .argument('<runB>', 'run directory compared with it')
    .option('--csv', 'print comparisons as CSV')
    .action(async (dirA: string, dirB: string, flags: { csv?: boolean }) => {
      const { game, seed, games: perArm, rows } = await compare(dirA, dirB, games);
      if (flags.csv) {
        process.stdout.write(toCsv(rows, COMPARISON_COLUMNS));
        return;
      }
      const lines = [`${game.title}: ${dirB} against ${dirA}, seed ${seed}, ${perArm} games per arm`];
      for (const r of rows)
        lines.push(
          `- ${r.arm}, ${r.outcome}: ${(100 * r.rate).toFixed(1)}% vs ${(100 * r.baseline_rate).toFixed(1)}%; ${comparisonSentence(r)}`,
        );
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
