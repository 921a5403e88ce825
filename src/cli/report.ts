import type { Command } from 'commander';
import type { GameRegistry } from '../core/registry.js';
import { rebuildReport } from '../runner/rebuild.js';

/** `sandtable report <run-dir>`: rebuilds summaries and the report from the run's files. */
export function registerReport(program: Command, games: GameRegistry): void {
  program
    .command('report')
    .description("rebuild a run's summaries and report from its games.parquet, without re-simulating")
    .argument('<run-dir>', 'a finished run directory')
    .action(async (dir: string) => {
      await rebuildReport(dir, games);
      process.stdout.write(`report rebuilt: ${dir}/index.html\n`);
    });
}
