import type { Command } from 'commander';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { moduleGameId } from './named-games.js';
import { examplesHelp, intFlag } from './options.js';

/**
 * `sandtable check <module>`: the shared conformance checks on a game of your own (src/api/check.ts);
 * one line per check, each failure in the game's own decisions; exit code 1 when one fails.
 */
export function registerCheck(program: Command, games: GameRegistry): void {
  program
    .command('check')
    .description(
      'check a game of your own against the shared conformance suite (docs/adding-a-game.md); exit 1 on a failure',
    )
    .argument('[module]', 'the game module (a .mjs or .js file), or use --game-module')
    .option('--game-module <path>', 'the game module (as the operand)')
    .option('--games <n>', 'random playouts per scenario (default 20)', intFlag('--games', 1, 100_000))
    .option('--seed <n>', 'master seed of the checks (default 11)', intFlag('--seed', 0, 1_000_000_000))
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable check examples/games/ridge/ridge.mjs', 'every check, one line each'],
        ['sandtable check my-game.mjs --games 200', 'more random playouts per scenario'],
      ]),
    )
    .action(
      async (
        _module: string | undefined,
        flags: { gameModule?: string; games?: number; seed?: number; json?: boolean },
      ) => {
        const id = moduleGameId(games);
        if (id === undefined) throw new UserError('check: name a game module (sandtable check my-game.mjs)');
        const { checkGame } = await import('../api/check.js');
        const report = checkGame(games.get(id), {
          ...(flags.games === undefined ? {} : { randomGames: flags.games }),
          ...(flags.seed === undefined ? {} : { seed: flags.seed }),
        });
        const path = games.moduleOf?.(id)?.path ?? '';
        if (flags.json) {
          process.stdout.write(`${JSON.stringify({ module: path, ...report }, null, 2)}\n`);
        } else {
          const lines = [`check ${id} (${path})`];
          for (const c of report.checks) {
            lines.push(`  ${c.failure === undefined ? 'ok  ' : 'FAIL'} ${c.name}`);
            if (c.failure !== undefined) {
              lines.push(`       ${c.failure}`);
              if (c.replay !== undefined)
                lines.push(
                  `       replay: ${c.replay.replace(/^sandtable play /, `sandtable play --game-module ${path} `)}`,
                );
            }
          }
          const failed = report.checks.filter((c) => c.failure !== undefined).length;
          lines.push(
            failed === 0
              ? `${id}: every check passed (${report.checks.length} checks)`
              : `${id}: ${failed} of ${report.checks.length} checks failed`,
          );
          process.stdout.write(`${lines.join('\n')}\n`);
        }
        if (!report.passed) process.exitCode = 1;
      },
    );
}
