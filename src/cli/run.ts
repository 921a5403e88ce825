import { dirname } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { MAX_SEED } from '../core/rng.js';
import { MAX_GAMES } from '../runner/limits.js';
import type { RunOutcome } from '../runner/run.js';
import type { ShardSpec } from '../runner/shard.js';
import { examplesHelp, intFlag, openFractionFlag, precisionFlag, workersFlag } from './options.js';

interface RunFlags {
  games?: number;
  seed?: number;
  workers?: number;
  chunkSize?: number;
  out?: string;
  csv?: boolean;
  resume?: string | true;
  force?: boolean;
  quiet?: boolean;
  shard?: string;
  shardFromEnv?: string;
  untilPrecision?: number;
  untilDecided?: string;
  delta?: number;
  alpha: number;
  beta: number;
  side?: string;
  maxGames?: number;
}

/** `sandtable run <experiment>`: plays every arm on worker threads and writes the run directory. */
export function registerRun(program: Command, games: GameRegistry): void {
  program
    .command('run')
    .description(
      'play an experiment (every arm on the same game indices) and write its run directory and report',
    )
    .argument('<experiment>', 'experiment file (JSON)')
    .option('--games <n>', 'games per arm (overrides the file)', intFlag('--games', 1, MAX_GAMES))
    .option('--seed <n>', 'master seed (overrides the file)', intFlag('--seed', 0, MAX_SEED))
    .option('--workers <n>', 'worker threads (default: cores; at most 4 per core)', (v: string) =>
      workersFlag(v),
    )
    .option(
      '--chunk-size <n>',
      'games per task (results never depend on it)',
      intFlag('--chunk-size', 1, 1_000_000),
    )
    .option('--out <dir>', 'run directory (default: reports/<name>)')
    .option('--csv', 'also write games.csv')
    .option(
      '--resume [dir]',
      'continue the interrupted run in <dir>; without <dir>: continue the run in --out if there is one, else start it (for cluster tasks that may be restarted)',
    )
    .option('--force', 'replace an existing run in the output directory')
    .option('--quiet', 'no progress output')
    .option(
      '--until-precision <h>',
      "play until every win rate's 95% interval is within +-h (e.g. 0.01 = 1 point): a pilot of --games, then as many games as the pilot says",
      precisionFlag,
    )
    .option(
      '--until-decided <A,B>',
      "paired sequential test (Wald's SPRT) of arm B against arm A on one side's score: play --games, then twice as many, until it decides whether they differ by at least --delta",
    )
    .option(
      '--delta <d>',
      'for --until-decided: the smallest score difference worth finding (e.g. 0.05 = 5 points)',
      openFractionFlag('--delta'),
    )
    .option(
      '--alpha <a>',
      'for --until-decided: chance of deciding "differs" when the arms are equal',
      openFractionFlag('--alpha', 0.5),
      0.05,
    )
    .option(
      '--beta <b>',
      'for --until-decided: chance of deciding "within" when they differ by --delta',
      openFractionFlag('--beta', 0.5),
      0.1,
    )
    .option('--side <side>', "for --until-decided: whose score (default: the game's first side)")
    .option(
      '--max-games <n>',
      'cap on games per arm for --until-precision and --until-decided (default 1,000,000)',
      intFlag('--max-games', 1, MAX_GAMES),
    )
    .option(
      '--shard <k/n>',
      'play only shard k of n (k from 0): games [k*G/n, (k+1)*G/n) of every arm, into a shard directory for `merge`',
    )
    .option(
      '--shard-from-env <n>',
      'as --shard k/n, with k from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm)',
    )
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable run experiments/sfo-advanced-policies.json', '-> reports/sfo-advanced-policies/'],
        [
          'sandtable run experiments/sfo-variants.json --games 20000 --workers 2 --csv',
          'override the game count, two workers, also games.csv',
        ],
        [
          'sandtable run experiments/scs-policies.json --until-precision 0.01',
          'play until every win rate is +-1 point',
        ],
        ['sandtable run exp.json --shard 0/3 --out shards/s0', 'games [0, G/3) of every arm'],
        ['sandtable run exp.json --resume reports/exp', 'continue a stopped run: plays only what is missing'],
      ]),
    )
    .action(async (file: string, flags: RunFlags) => {
      // The runner and what it loads (worker pool, analysis, report rendering) only when a run starts.
      const [
        { loadExperiment },
        { cliCommand },
        { STALE_MS },
        { checkTableMemory },
        { checkOutPath },
        { defaultWorkers },
        { runUntilPrecision },
        { runExperiment },
        { runUntilDecided, sequentialQuestion },
        { defaultShardDir, parseShardSpec, shardFromEnv, shardLabel, shardRange },
      ] = await Promise.all([
        import('../runner/experiment.js'),
        import('../runner/hint.js'),
        import('../runner/lock.js'),
        import('../runner/memory.js'),
        import('../runner/out-dir.js'),
        import('../runner/pool.js'),
        import('../runner/precision.js'),
        import('../runner/run.js'),
        import('../runner/sequential.js'),
        import('../runner/shard.js'),
      ]);
      if (flags.shard !== undefined && flags.shardFromEnv !== undefined) {
        throw new UserError('options --shard and --shard-from-env: give one of them, not both');
      }
      let shard: ShardSpec | undefined;
      if (flags.shard !== undefined) shard = parseShardSpec(flags.shard);
      if (flags.shardFromEnv !== undefined) shard = shardFromEnv(flags.shardFromEnv);
      const exp = loadExperiment(file, games, {
        games: flags.games,
        seed: flags.seed,
        chunkSize: flags.chunkSize,
      });
      if (shard !== undefined && shard.count > exp.games) {
        throw new UserError(
          `option --shard ${shardLabel(shard)}: ${shard.count} shards for ${exp.games} games per arm would leave shards empty; use at most ${exp.games} shards`,
        );
      }
      if (flags.untilPrecision !== undefined && (shard !== undefined || flags.resume !== undefined)) {
        throw new UserError(
          'option --until-precision: not with --shard or --resume (it reruns the experiment with the game count it needs)',
        );
      }
      if (flags.untilDecided !== undefined && (shard !== undefined || flags.resume !== undefined))
        throw new UserError(
          'option --until-decided: not with --shard or --resume (it reruns the experiment with the game count it needs)',
        );
      if (flags.untilDecided !== undefined && flags.untilPrecision !== undefined)
        throw new UserError('options --until-decided and --until-precision: give one of them, not both');
      if (flags.untilDecided === undefined && (flags.delta !== undefined || flags.side !== undefined))
        throw new UserError(
          `option ${flags.delta !== undefined ? '--delta' : '--side'}: only with --until-decided`,
        );
      if (flags.untilDecided !== undefined && flags.delta === undefined)
        throw new UserError(
          'option --until-decided: give --delta, the smallest difference worth finding (e.g. 0.05)',
        );
      const question =
        flags.untilDecided === undefined
          ? undefined
          : sequentialQuestion(exp, flags.untilDecided, {
              delta: flags.delta!,
              alpha: flags.alpha,
              beta: flags.beta,
              side: flags.side,
            });
      if (flags.untilPrecision !== undefined || question !== undefined)
        checkTableMemory(
          exp.game,
          flags.maxGames ?? 1_000_000,
          exp.arms.length,
          `option --max-games ${flags.maxGames ?? '1000000 (the default)'}`,
        );
      if (typeof flags.resume === 'string') checkOutPath(flags.resume, '--resume');
      if (flags.out !== undefined) checkOutPath(flags.out, '--out');
      const out =
        (typeof flags.resume === 'string' ? flags.resume : undefined) ??
        flags.out ??
        (shard === undefined ? `reports/${exp.name}` : defaultShardDir(exp.name, shard));
      if (flags.resume === undefined || flags.resume === true) checkOutPath(out, '--out');
      const resume = typeof flags.resume === 'string';
      // --resume without a directory (restarted cluster tasks): start, continue or leave alone,
      // decided under the directory's lock, waiting for a predecessor's lock to be released or stale.
      const continueOrStart = flags.resume === true;
      const workers = flags.workers ?? defaultWorkers();
      const ctrl = new AbortController();
      let stops = 0;
      let lastSignal = 'SIGINT' as NodeJS.Signals;
      // Ctrl-C, or a cluster stopping the task (SIGTERM): finished chunks are kept, the lock released.
      const onStop = (signal: NodeJS.Signals) => {
        stops++;
        lastSignal = signal;
        if (stops > 1) process.exit(signal === 'SIGTERM' ? 143 : 130);
        process.stderr.write(
          `\nstopping (${signal}): finished chunks are kept (Ctrl-C again to quit at once)\n`,
        );
        ctrl.abort();
      };
      process.on('SIGINT', onStop);
      process.on('SIGTERM', onStop);
      try {
        const runOpts = {
          out,
          workers,
          csv: flags.csv ?? false,
          resume,
          continueOrStart,
          force: flags.force ?? false,
          quiet: flags.quiet ?? false,
          signal: ctrl.signal,
          source: file,
          // A restarted cluster task may find its predecessor's lock: wait until it is released or stale.
          lockWaitMs: flags.resume === true ? STALE_MS + 15_000 : 0,
          ...(shard === undefined ? {} : { shard }),
        };
        const r: RunOutcome & { readonly rounds?: readonly number[] } =
          question !== undefined
            ? await runUntilDecided(exp, runOpts, question, flags.maxGames ?? 1_000_000, file)
            : flags.untilPrecision === undefined
              ? await runExperiment(exp, runOpts)
              : await runUntilPrecision(
                  exp,
                  runOpts,
                  flags.untilPrecision,
                  flags.maxGames ?? 1_000_000,
                  file,
                );
        const held = r.manifest.shard;
        if (r.status === 'done') {
          process.stdout.write(
            `${exp.name}: ${held === undefined ? 'run' : `shard ${shardLabel(held)}`} already complete in ${out}\n`,
          );
          return;
        }
        if (r.status === 'interrupted') {
          // Every flag that shaped the run, so the pasted command continues exactly this run.
          const again = cliCommand(
            'run',
            file,
            '--resume',
            out,
            // a round of --until-precision plays its own game count, not the pilot's
            ...(flags.games === undefined && r.manifest.games === exp.games
              ? []
              : ['--games', String(r.manifest.games)]),
            ...(flags.seed === undefined ? [] : ['--seed', String(flags.seed)]),
            ...(flags.chunkSize === undefined ? [] : ['--chunk-size', String(flags.chunkSize)]),
            ...(held === undefined ? [] : ['--shard', shardLabel(held)]),
            ...(flags.csv ? ['--csv'] : []),
            ...(flags.workers === undefined ? [] : ['--workers', String(flags.workers)]),
          );
          process.stderr.write(
            `interrupted: ${r.played + r.reused} of ${held === undefined ? r.manifest.games * exp.arms.length : held.rows} games are saved in ${out}\nresume with: ${again}\n`,
          );
          process.exitCode = lastSignal === 'SIGTERM' ? 143 : 130;
          return;
        }
        const rate =
          r.played > 0 ? ` (${Math.round(r.played / r.seconds)} games/s on ${workers} workers)` : '';
        const reused =
          r.reused > 0 ? `; ${r.reused} games reused from finished chunks, ${r.played} played` : '';
        if (held !== undefined) {
          const games = held.end - held.start;
          const range = shardRange(exp.games, held);
          process.stdout.write(
            `${exp.name}: shard ${shardLabel(held)}, games ${range.start}..${range.end - 1} of ${exp.arms.length} arm${exp.arms.length === 1 ? '' : 's'} (${games * exp.arms.length} games) in ${r.seconds.toFixed(1)} s${rate}${reused}\nshard directory: ${out}\nwhen all ${held.count} shards are done: ${cliCommand('merge', dirname(out), '--out', `reports/${exp.name}`, ...(flags.csv ? ['--csv'] : []))}\n`,
          );
          return;
        }
        // After --until-precision or --until-decided: the final run's games, and every round's.
        const rounds =
          r.rounds !== undefined && r.rounds.length > 1
            ? `; ${r.rounds.length} rounds of ${r.rounds.join(', ')} games per arm, ${r.played} games played in all`
            : '';
        process.stdout.write(
          `${exp.name}: ${r.manifest.games * exp.arms.length} games in ${r.seconds.toFixed(1)} s${rate}${rounds}${reused}\nrun directory: ${out}\nreport: ${out}/index.html\n\n`,
        );
        const { readFileSync } = await import('node:fs');
        process.stdout.write(readFileSync(`${out}/summary.md`, 'utf8'));
      } finally {
        process.off('SIGINT', onStop);
        process.off('SIGTERM', onStop);
      }
    });
}
