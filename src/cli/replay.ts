import type { Command } from 'commander';
import { quote, UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { codeLabel, codeVersion } from '../runner/version.js';
import { examplesHelp, intFlag } from './options.js';

interface ReplayFlags {
  game: number;
  arm?: string;
  json?: boolean;
}

/**
 * `sandtable replay <run dir> --game I [--arm A]`: plays one game of a run (complete, partial or a
 * shard) again from its manifest (seed, arm policies, variants, parameters) and prints its trace.
 */
export function registerReplay(program: Command, games: GameRegistry): void {
  program
    .command('replay')
    .description(
      "replay one game of a run from its manifest and print its trace (the record is that game's row)",
    )
    .argument('<run-dir>', 'run directory (or shard directory) holding manifest.json')
    .requiredOption('--game <i>', 'game index', intFlag('--game', 0, Number.MAX_SAFE_INTEGER))
    .option('--arm <id>', 'arm (default: the first)')
    .option('--json', 'machine-readable output: the record row and the trace')
    .addHelpText(
      'after',
      examplesHelp([
        [
          'sandtable replay reports/sfo-variants --game 12 --arm elim-one',
          'one game of a finished run, narrated',
        ],
      ]),
    )
    .action(async (dir: string, flags: ReplayFlags) => {
      const [{ dataHash, readManifest }, { armFrom, showGame }] = await Promise.all([
        import('../runner/manifest.js'),
        import('./show-game.js'),
      ]);
      const m = readManifest(dir);
      if (flags.game >= m.games) {
        throw new UserError(
          `option --game: ${quote(String(flags.game))} is not a game of ${dir} (game indices 0..${m.games - 1})`,
        );
      }
      const { arm, game, seed } = await armFrom(games, dir, flags.arm);
      // The same code and data give the same game; otherwise say so rather than mislead.
      const here = codeVersion();
      const notes: string[] = [];
      if (here.version !== m.version || here.code !== m.code)
        notes.push(
          `run made by ${codeLabel(m)} (commit ${m.commit}), this is ${codeLabel(here)} (commit ${here.commit})`,
        );
      if (dataHash(games.get(game)) !== m.dataHash) notes.push("the game data differ from the run's");
      const module = games.moduleOf?.(game);
      if (m.gameModule !== undefined && module?.sha256 !== m.gameModule.sha256)
        notes.push(`the game module ${m.gameModule.path} has changed since the run`);
      for (const n of notes)
        process.stderr.write(`sandtable: replay: warning: ${n}; the replay may differ from the run\n`);
      if (!flags.json)
        process.stdout.write(
          `replay of ${dir} (${m.name}, ${m.status}): arm ${arm.id}, game ${flags.game}\n`,
        );
      showGame(games, game, arm, seed, flags.game, { trace: true, json: flags.json ?? false });
    });
}
