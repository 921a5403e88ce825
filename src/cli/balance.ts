import type { Command } from 'commander';
import type { GameRegistry } from '../core/registry.js';
import { examplesHelp, intFlag, stopOnSignals, workersFlag } from './options.js';

interface BalanceFlags {
  workers?: number;
  out?: string;
  resume?: boolean;
  force?: boolean;
  quiet?: boolean;
  games?: number;
  rounds?: number;
}

/** `sandtable balance <file>`: the best-response loop over two sides' policies (src/search/balance.ts). */
export function registerBalance(program: Command, games: GameRegistry): void {
  program
    .command('balance')
    .description(
      "the value of the game under the strongest policies found: solve the meta-game of both sides' policies, add each side's best response to the other's equilibrium mix while it gains significantly, solve again",
    )
    .argument('<file>', 'balance file (JSON; docs/cli.md "balance")')
    .option('--workers <n>', 'worker threads (default: cores; results never depend on it)', (v: string) =>
      workersFlag(v),
    )
    .option('--out <dir>', 'run directory (default: reports/<name>)')
    .option(
      '--resume',
      'continue the run in --out from its last finished round (kept games are not replayed)',
    )
    .option('--force', 'replace the run in --out')
    .option('--games <n>', "games a pairing (overrides the file's games)", intFlag('--games', 1, 1_000_000))
    .option('--rounds <n>', "most rounds (overrides the file's rounds)", intFlag('--rounds', 1, 100))
    .option('--quiet', 'no progress output')
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable balance experiments/sfo-balance.json', '-> reports/sfo-balance/report.html'],
        [
          'sandtable balance experiments/sfo-balance.json --resume --rounds 6',
          'two more rounds from the last finished one',
        ],
      ]),
    )
    .action(async (file: string, flags: BalanceFlags) => {
      const [{ defaultWorkers }, { loadBalanceFile }, { runBalance }] = await Promise.all([
        import('../runner/pool.js'),
        import('../search/balance-problem.js'),
        import('../search/balance-run.js'),
      ]);
      const p = loadBalanceFile(file, games, {
        ...(flags.games === undefined ? {} : { games: flags.games }),
        ...(flags.rounds === undefined ? {} : { rounds: flags.rounds }),
      });
      const out = flags.out ?? `reports/${p.name}`;
      const stop = stopOnSignals('finished rounds and games are kept (continue with --resume)');
      try {
        const o = await runBalance(p, {
          out,
          workers: flags.workers ?? defaultWorkers(),
          resume: flags.resume ?? false,
          force: flags.force ?? false,
          quiet: flags.quiet ?? false,
          signal: stop.signal,
          source: file,
          say: (line) => process.stdout.write(`${line}\n`),
        });
        if (o.status === 'interrupted' || o.loop === undefined) {
          // every flag that shapes the run, so the pasted command continues this one
          const shaping = [
            ...(flags.games === undefined ? [] : [`--games ${flags.games}`]),
            ...(flags.rounds === undefined ? [] : [`--rounds ${flags.rounds}`]),
          ].join(' ');
          process.stderr.write(
            `interrupted: continue with sandtable balance ${file} --out ${out}${shaping === '' ? '' : ` ${shaping}`} --resume\n`,
          );
          process.exitCode = 130;
          return;
        }
        const f = o.loop.final;
        const lines = [
          o.loop.stop === 'converged'
            ? `converged in round ${o.loop.rounds.length}: no side's best response gains significantly`
            : `stopped at the round limit ${p.rounds}: the last round still added a policy (continue with --resume --rounds ${p.rounds + 2})`,
          f.sentence,
          `games: ${o.played} played, ${o.reused} read back from ${out}/cells`,
          `report: ${out}/report.html`,
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      } finally {
        stop.release();
      }
    });
}
