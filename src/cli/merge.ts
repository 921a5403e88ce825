import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { GameRegistry } from '../core/registry.js';
import { examplesHelp } from './options.js';

interface MergeFlags {
  out?: string;
  csv?: boolean;
  force?: boolean;
}

/**
 * `sandtable merge <shard dirs or folders...> --out <run dir>`: checks the shards (one experiment,
 * data and code; every game index exactly once; every file's checksum) and writes the run
 * directory a one-machine run would have written.
 */
export function registerMerge(program: Command, games: GameRegistry): void {
  program
    .command('merge')
    .description(
      'merge the shard directories of an experiment (from run --shard k/n) into one run directory and report',
    )
    .argument('<shards...>', 'shard directories, or folders holding them')
    .option('--out <dir>', 'run directory (default: reports/<name>)')
    .option('--csv', 'also write games.csv')
    .option('--force', 'replace an existing run in the output directory')
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable merge shards --out reports/exp', 'checks everything, then writes the run directory'],
      ]),
    )
    .action(async (paths: string[], flags: MergeFlags) => {
      const [{ findShards, mergeShards }, { checkOutPath }] = await Promise.all([
        import('../runner/merge.js'),
        import('../runner/out-dir.js'),
      ]);
      const out = flags.out ?? `reports/${findShards(paths)[0]!.manifest.name}`;
      checkOutPath(out, '--out');
      const r = await mergeShards(paths, {
        games,
        out,
        csv: flags.csv ?? false,
        force: flags.force ?? false,
        warn: (w) => process.stderr.write(`sandtable: merge: warning: ${w}\n`),
      });
      const m = r.manifest;
      process.stdout.write(
        `${m.name}: merged ${r.shards.length} shard${r.shards.length === 1 ? '' : 's'} (${m.games} games x ${m.arms.length} arm${m.arms.length === 1 ? '' : 's'}, every file checked)\nrun directory: ${out}\nreport: ${out}/index.html\n\n`,
      );
      process.stdout.write(readFileSync(`${out}/summary.md`, 'utf8'));
    });
}
