import type { Command } from 'commander';
import type { GameRegistry } from '../core/registry.js';
import { examplesHelp } from './options.js';

/** `sandtable report <run-dir>`: rebuilds summaries and the report from the run's files. */
export function registerReport(program: Command, games: GameRegistry): void {
  program
    .command('report')
    .description("rebuild a run's summaries and report from its games.parquet, without re-simulating")
    .argument('<run-dir>', 'a finished run directory')
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable report reports/sfo-variants', 'rebuild summaries, charts and report from the files'],
      ]),
    )
    .action(async (dir: string) => {
      const { rebuildReport } = await import('../runner/rebuild.js');
      await rebuildReport(dir, games);
      process.stdout.write(`report rebuilt: ${dir}/index.html\n`);
    });
}
