import { existsSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { armColumns } from '../analysis/columns.js';
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition, GameRecord, TraceEvent } from '../core/game.js';
import { formatPolicySpec, parsePolicySpec, playerSides } from '../core/policies.js';
import type { GameRegistry } from '../core/registry.js';
import { MAX_SEED } from '../core/rng.js';
import { resolveSetup } from '../core/setup.js';
import { loadExperiment, parseExperiment, type ResolvedArm } from '../runner/experiment.js';
import { assertExperimentMatches, readManifest } from '../runner/manifest.js';
import { playGame } from '../runner/play.js';
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
}

/**
 * The row games.parquet holds for this game: the same columns in the same order, NULL where a
 * statistic was not reached, then what the arm played (policy, variant and parameter columns).
 */
export function recordRow(
  def: GameDefinition,
  gameIndex: number,
  arm: ResolvedArm,
  rec: GameRecord,
): Record<string, string | number | boolean | null> {
  const winner = def.results.find((r) => r.id === rec.result)?.winner ?? 'none';
  const row: Record<string, string | number | boolean | null> = {
    game: gameIndex,
    arm: arm.id,
    scenario: arm.setup.scenario,
    result: rec.result,
    winner,
    end_turn: rec.endTurn,
    end_reason: rec.endReason,
    victory_level: rec.victoryLevel,
  };
  for (const s of def.stats) {
    const v = rec.stats[s.id]!;
    row[s.id] = v === s.missing ? null : v;
  }
  const facts = { policies: arm.policies, variants: [...arm.setup.variants], params: arm.setup.params };
  for (const c of armColumns(def, [facts])) row[c.name] = c.values[0]!;
  return row;
}

export function formatEvent(e: TraceEvent): string {
  const dice = e.dice === undefined || e.dice.length === 0 ? '' : ` [dice ${e.dice.join(' ')}]`;
  const dec =
    e.decision === undefined
      ? ''
      : ` {${e.decision.kind}: option ${e.decision.choice + 1} of ${e.decision.of}}`;
  return `T${e.turn} ${e.phase.padEnd(16)} ${`(${e.rule})`.padEnd(12)} ${e.side === undefined ? '' : `${e.side}: `}${e.text}${dice}${dec}`;
}

/** An arm of an experiment file or of a run (or shard) directory's manifest; the first by default. */
export function armFrom(
  games: GameRegistry,
  source: string,
  armId: string | undefined,
): { arm: ResolvedArm; game: string; seed: number } {
  const isDir = existsSync(source) && statSync(source).isDirectory();
  let exp: ReturnType<typeof loadExperiment>;
  if (isDir) {
    const m = readManifest(source);
    exp = parseExperiment(m.experiment, `${source}/manifest.json`, games);
    assertExperimentMatches(m, exp, `${source}/manifest.json`);
  } else {
    exp = loadExperiment(source, games);
  }
  const arm = armId === undefined ? exp.arms[0]! : exp.arms.find((a) => a.id === armId);
  if (arm === undefined)
    throw new UserError(
      `option --arm: ${quote(armId)} is not an arm of ${source} (arms: ${exp.arms.map((a) => a.id).join(', ')})`,
    );
  return { arm, game: exp.game.id, seed: exp.seed };
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
    .action((gameArg: string | undefined, flags: PlayFlags) => {
      let gameId: string;
      let arm: ResolvedArm;
      let seed: number;
      if (flags.from !== undefined) {
        const f = armFrom(games, flags.from, flags.arm);
        if (gameArg !== undefined && gameArg !== f.game)
          throw new UserError(`game ${quote(gameArg)} does not match ${flags.from} (game ${f.game})`);
        gameId = f.game;
        arm = f.arm;
        seed = flags.seed ?? f.seed;
      } else {
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

/**
 * Plays game `gameIndex` of an arm and prints it: a heading, the trace (with `trace` or `json`)
 * and the record row; `json` prints `{seed, game, policies, variants, params, record, trace}`.
 */
export function showGame(
  games: GameRegistry,
  gameId: string,
  arm: ResolvedArm,
  seed: number,
  gameIndex: number,
  o: { trace: boolean; json: boolean },
): void {
  const def = games.get(gameId);
  const trace: TraceEvent[] | undefined = o.trace || o.json ? [] : undefined;
  const rec = playGame(def, arm.setup, arm.policies, seed, gameIndex, trace);
  const row = recordRow(def, gameIndex, arm, rec);
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({ seed, game: gameIndex, policies: arm.policies, variants: [...arm.setup.variants], params: arm.setup.params, record: row, trace }, null, 2)}\n`,
    );
    return;
  }
  const lines = [
    `${def.title} — seed ${seed}, game ${gameIndex}, scenario ${arm.setup.scenario}, ${Object.entries(
      arm.policies,
    )
      .map(([s, p]) => `${s}: ${p}`)
      .join(', ')}`,
  ];
  if (trace !== undefined) lines.push(...trace.map(formatEvent));
  lines.push('', 'record:', ...Object.entries(row).map(([k, v]) => `  ${k} = ${v}`));
  process.stdout.write(`${lines.join('\n')}\n`);
}
