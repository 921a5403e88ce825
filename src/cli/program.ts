/**
 * The CLI's program (src/cli/main.ts loads it for every command but a lone `--version`): the
 * composition root that registers the commands and builds, per command, the registry of the games
 * it names (src/cli/named-games.ts), loading only those. `createProgram` gives the commands to
 * call in process (tests): bad input throws a UserError carrying the one line, and commander's own
 * refusals a CommanderError; `main` maps them to stderr and exit codes.
 */

import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { UserError } from '../core/errors.js';
import { createRegistry, type GameRegistry } from '../core/registry.js';
import { GAME_IDS, loadGames } from '../games/lazy.js';
import { packageVersion } from '../runner/version.js';
import { registerBalance } from './balance.js';
import { registerSearch } from './calibrate.js';
import { registerCheck } from './check.js';
import { registerCompare } from './compare.js';
import { registerList } from './list.js';
import { registerMerge } from './merge.js';
import { gamesNamedBy, moduleNamedBy, type ReadText } from './named-games.js';
import { registerOdds } from './odds.js';
import { examplesHelp } from './options.js';
import { registerPlan } from './plan.js';
import { registerPlay } from './play.js';
import { registerReplay } from './replay.js';
import { registerReport } from './report.js';
import { registerRun } from './run.js';
import { registerStrength } from './strength.js';

/** File system error codes that come from what the user asked for or from their machine. */
const USER_FS_ERRORS = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'ENOTDIR',
  'EISDIR',
  'ENAMETOOLONG',
  'ENOENT',
  'EEXIST',
  'ELOOP',
  'EXDEV',
]);

/** The program with every command, over `games` (commander exits are thrown, never taken). */
export function createProgram(games: GameRegistry): Command {
  const program = new Command();
  program
    .name('sandtable')
    .description('Is this wargame balanced, and what changes it? Seeded batch play, exact odds, reports.')
    .version(packageVersion())
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `${examplesHelp([
        ['sandtable list', 'games, levels, sides, policies, variants, parameters (+ provenance)'],
        ['sandtable run experiments/sfo-advanced-policies.json', '-> reports/sfo-advanced-policies/'],
        ['sandtable odds sfo', 'the CRT as exact probabilities, column by column'],
        ['sandtable calibrate experiments/sfo-calibrate.json', 'search parameters for stated targets'],
        ['sandtable tune experiments/sfo-tune-us.json', "search a policy's weights; -> tuned.json"],
      ])}\n\nEvery command has its own examples: sandtable <command> --help`,
    )
    .exitOverride();

  registerList(program, games);
  registerRun(program, games);
  registerPlay(program, games);
  registerMerge(program, games);
  registerReplay(program, games);
  registerOdds(program, games);
  registerCompare(program, games);
  registerStrength(program, games);
  registerPlan(program, games);
  registerReport(program, games);
  registerSearch(program, games);
  registerBalance(program, games);
  registerCheck(program, games);
  return program;
}

/** A file's text, or undefined when it cannot be read. */
const readText: ReadText = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The registry `sandtable <args>` runs over: every game's id, and loaded only the games the command
 * line names (src/cli/named-games.ts), so that an unknown id is refused with the same line.
 */
export async function commandRegistry(
  args: readonly string[],
  read: ReadText = readText,
): Promise<GameRegistry> {
  const program = createProgram(createRegistry([], GAME_IDS));
  const named = gamesNamedBy(program, args, read);
  const builtIn = await loadGames(named === 'all' ? GAME_IDS : named);
  const mod = moduleNamedBy(program, args, read, process.cwd());
  if (mod === undefined) return createRegistry(builtIn, GAME_IDS);
  // a game from outside the package (docs/adding-a-game.md), loaded before the command runs
  const { loadGameModule } = await import('../runner/game-module.js');
  const { game, ref } = await loadGameModule(mod.path, mod.base, mod.where);
  if (GAME_IDS.includes(game.id))
    throw new UserError(
      `${mod.where}: ${ref.path} defines game ${JSON.stringify(game.id)}, the id of a built-in game: give it another id`,
    );
  return createRegistry([...builtIn, game], [...GAME_IDS, game.id], new Map([[game.id, ref]]));
}

/**
 * Runs `sandtable <args>` in this process: resolves when the command is done, throws what it
 * throws. Over `games` when given, else over the games the command names (commandRegistry).
 */
export async function runCli(args: readonly string[], games?: GameRegistry): Promise<void> {
  await createProgram(games ?? (await commandRegistry(args))).parseAsync([...args], { from: 'user' });
}

/** The command line: runs process.argv's command; a refusal is one line on stderr and its exit code. */
export async function main(): Promise<void> {
  // `sandtable play ... | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  try {
    await runCli(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UserError) {
      process.stderr.write(`sandtable: ${e.message}\n`);
      process.exit(2);
    }
    if (e instanceof CommanderError) process.exit(e.exitCode === 0 ? 0 : 2);
    // A file system refusal (no permission, read-only, full, a file where a directory should be...)
    // is about the user's paths or machine, not a bug: one line naming the path, no stack trace.
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    if (typeof code === 'string' && typeof (e as NodeJS.ErrnoException).syscall === 'string') {
      process.stderr.write(`sandtable: ${(e as Error).message}\n`);
      process.exit(USER_FS_ERRORS.has(code) ? 2 : 1);
    }
    // A game that threw during a run: the runner, which threw it, is loaded already.
    const { RunFailure } = await import('../runner/run.js');
    if (e instanceof RunFailure) {
      process.stderr.write(`sandtable: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}
