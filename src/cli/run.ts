import type { Command } from 'commander';
import { loadExperiment, withOverrides } from '../runner/experiment.js';
import { defaultWorkers } from '../runner/pool.js';
import { runExperiment } from '../runner/run.js';
import { MAX_SEED } from '../core/rng.js';
import { intFlag } from './options.js';

interface RunFlags {
  games?: number;
  seed?: number;
  workers?: number;
  chunkSize?: number;
  out?: string;
  csv?: boolean;
  resume?: string;
  force?: boolean;
  quiet?: boolean;
}

/** `sandtable run <experiment>`: plays every arm on worker threads and writes the run directory. */
export function registerRun(program: Command): void {
  program
    .command('run')
    .description('play an experiment (every arm on the same game indices) and write its run directory and report')
    .argument('<experiment>', 'experiment file (JSON)')
    .option('--games <n>', 'games per arm (overrides the file)', intFlag('--games', 1, 100_000_000))
    .option('--seed <n>', 'master seed (overrides the file)', intFlag('--seed', 0, MAX_SEED))
    .option('--workers <n>', 'worker threads (default: cores)', intFlag('--workers', 1, 256))
    .option('--chunk-size <n>', 'games per task (results never depend on it)', intFlag('--chunk-size', 1, 1_000_000))
    .option('--out <dir>', 'run directory (default: reports/<name>)')
    .option('--csv', 'also write games.csv')
    .option('--resume <dir>', 'continue the interrupted run in <dir>')
    .option('--force', 'replace an existing run in the output directory')
    .option('--quiet', 'no progress output')
    .action(async (file: string, flags: RunFlags) => {
      const base = loadExperiment(file);
      const exp = withOverrides(base, {
        ...(flags.games === undefined ? {} : { games: flags.games }),
        ...(flags.seed === undefined ? {} : { seed: flags.seed }),
        ...(flags.chunkSize === undefined ? {} : { chunkSize: flags.chunkSize }),
      }, file);
      const out = flags.resume ?? flags.out ?? `reports/${exp.name}`;
      const workers = flags.workers ?? defaultWorkers();
      const ctrl = new AbortController();
      let stops = 0;
      const onSigint = () => {
        stops++;
        if (stops > 1) process.exit(130);
        process.stderr.write('\nstopping: finished chunks are kept (Ctrl-C again to quit at once)\n');
        ctrl.abort();
      };
      process.on('SIGINT', onSigint);
      try {
        const r = await runExperiment(exp, {
          out,
          workers,
          csv: flags.csv ?? false,
          resume: flags.resume !== undefined,
          force: flags.force ?? false,
          quiet: flags.quiet ?? false,
          signal: ctrl.signal,
          source: file,
        });
        if (r.status === 'interrupted') {
          process.stderr.write(`interrupted: ${r.played + r.reused} of ${exp.games * exp.arms.length} games are saved in ${out}\nresume with: sandtable run ${file} --resume ${out}${flags.games === undefined ? '' : ` --games ${flags.games}`}${flags.seed === undefined ? '' : ` --seed ${flags.seed}`}\n`);
          process.exitCode = 130;
          return;
        }
        const rate = r.played > 0 ? ` (${Math.round(r.played / r.seconds)} games/s on ${workers} workers)` : '';
        process.stdout.write(`${exp.name}: ${exp.games * exp.arms.length} games in ${r.seconds.toFixed(1)} s${rate}\nrun directory: ${out}\nreport: ${out}/index.html\n\n`);
        const { readFileSync } = await import('node:fs');
        process.stdout.write(readFileSync(`${out}/summary.md`, 'utf8'));
      } finally {
        process.off('SIGINT', onSigint);
      }
    });
}
