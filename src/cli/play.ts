import type { Command } from 'commander';
import { quote, UserError } from '../core/errors.js';
import { formatPolicySpec, parsePolicySpec, playerSides } from '../core/policies.js';
import type { GameRegistry } from '../core/registry.js';
import { MAX_SEED } from '../core/rng.js';
import { resolveSetup } from '../core/setup.js';
import type { ResolvedArm } from '../runner/experiment.js';
import { moduleGameId } from './named-games.js';
import { collectPairs, collectVariants, examplesHelp, intFlag } from './options.js';

interface PlayFlags {
  seed: number;
  game: number;
  trace?: boolean;
  json?: boolean;
  scenario?: string;
  policy?: Record<string, string>;
  variant?: Record<string, boolean>;
  param?: Record<string, string>;
  from?: string;
  arm?: string;
  gameModule?: string;
}

/** `sandtable play <game>`: one game, narrated turn by turn with rule references. */
export function registerPlay(program: Command, games: GameRegistry): void {
  program
    .command('play')
    .description('play one game and narrate it (the same record the batch run holds for that game index)')
    .argument('[game]', 'game id (see list); optional with --from')
    .option('--seed <n>', 'master seed', intFlag('--seed', 0, MAX_SEED))
    .option('--game <i>', 'game index', intFlag('--game', 0, Number.MAX_SAFE_INTEGER), 0)
    .option('--trace', 'narrate every event with its rule reference')
    .option('--json', 'machine-readable output: the record row and the trace')
    .option('--scenario <id>', 'scenario or level')
    .option('--policy <side=id>', 'policy for a side (repeatable)', collectPairs('--policy'))
    .option('--variant <id[=off]>', 'switch a variant on or off (repeatable)', collectVariants)
    .option(
      '--param <id=value>',
      'override a parameter (repeatable; lists comma-separated)',
      collectPairs('--param'),
    )
    .option(
      '--from <experiment|run-dir>',
      'take game, seed and arm settings from an experiment file or a run directory',
    )
    .option('--arm <id>', 'arm of --from (default: the first)')
    .option('--game-module <path>', 'a game of your own: its module (docs/adding-a-game.md)')
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable play sfo --seed 7 --game 41 --trace', 'one game narrated with rule references'],
        [
          'sandtable play --from reports/sfo-advanced-policies --arm zoc-pin_vs_elastic --game 41 --trace',
          "that game of a run's arm",
        ],
      ]),
    )
    .action(async (gameArg: string | undefined, flags: PlayFlags) => {
      // Playing and printing the game (the runner's play, the record's columns) only when it runs.
      const { armFrom, showGame } = await import('./show-game.js');
      let gameId: string;
      let arm: ResolvedArm;
      let seed: number;
      if (flags.from !== undefined) {
        const f = await armFrom(games, flags.from, flags.arm);
        if (gameArg !== undefined && gameArg !== f.game)
          throw new UserError(`game ${quote(gameArg)} does not match ${flags.from} (game ${f.game})`);
        gameId = f.game;
        arm = f.arm;
        seed = flags.seed ?? f.seed;
      } else {
        if (gameArg === undefined && flags.gameModule !== undefined) gameArg = moduleGameId(games);
        if (gameArg === undefined)
          throw new UserError('play: name a game (see `sandtable list`) or give --from');
        if (flags.seed === undefined) throw new UserError('play: option --seed is required without --from');
        const def = games.get(gameArg, 'play');
        const setup = resolveSetup(
          def,
          { scenario: flags.scenario, variants: flags.variant, params: flags.param },
          'play options',
        );
        const players = playerSides(def, setup.scenario);
        const policies: Record<string, string> = {};
        for (const side of players) policies[side] = def.defaultPolicies[side]!;
        for (const [side, id] of Object.entries(flags.policy ?? {})) {
          if (!players.includes(side)) {
            throw new UserError(
              `option --policy: ${quote(side)} is not a side a policy plays in ${setup.scenario} (sides: ${players.join(', ')})`,
            );
          }
          policies[side] = formatPolicySpec(
            def,
            side,
            parsePolicySpec(def, side, id, `option --policy ${side}`),
          );
        }
        gameId = gameArg;
        arm = { id: 'play', description: '', setup, policies };
        seed = flags.seed;
      }
      showGame(games, gameId, arm, seed, flags.game, {
        trace: flags.trace ?? false,
        json: flags.json ?? false,
      });
    });
}
