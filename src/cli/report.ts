import type { Command } from 'commander';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { examplesHelp } from './options.js';

/** `sandtable report <run-dir>`: rebuilds summaries and the report from the run's files. */
export function registerReport(program: Command, games: GameRegistry): void {
  program
    .command('report')
    .description("rebuild a run's summaries and report from its games.parquet, without re-simulating")
    .argument('<run-dir>', 'a finished run directory')
    .option(
      '--trust-data',
      'read a run whose manifest.json is missing, damaged or older than manifest checksums, read-only: verify what can be verified, say what cannot, and write the report into --out',
    )
    .option(
      '--out <dir>',
      'with --trust-data: a new (or empty) directory outside the run for the rebuilt report',
    )
    .option(
      '--experiment <file>',
      "with --trust-data: the experiment file the run played, when the manifest's copy cannot be read",
    )
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable report reports/sfo-variants', 'rebuild summaries, charts and report from the files'],
      ]),
    )
    .action(async (dir: string, flags: ReportFlags) => {
      if (flags.trustData !== true) {
        if (flags.out !== undefined || flags.experiment !== undefined)
          throw new UserError(
            `option ${flags.out !== undefined ? '--out' : '--experiment'}: only with --trust-data (a sound run's report is rebuilt in place)`,
          );
        const { rebuildReport } = await import('../runner/rebuild.js');
        await rebuildReport(dir, games);
        process.stdout.write(`report rebuilt: ${dir}/index.html\n`);
        return;
      }
      if (flags.out === undefined)
        throw new UserError(
          `report --trust-data: name a new directory for the report with --out DIR; the run ${dir} is only read, never written`,
        );
      const { reportTrusted } = await import('../runner/trust-data.js');
      const notes = await reportTrusted(dir, flags.out, games, { experiment: flags.experiment });
      for (const n of notes) process.stderr.write(`trust: ${n}\n`);
      process.stdout.write(`report rebuilt read-only from ${dir}: ${flags.out}/index.html\n`);
    });
}

/** The options of `report`, as commander gives them. */
interface ReportFlags {
  readonly trustData?: boolean;
  readonly out?: string;
  readonly experiment?: string;
}
