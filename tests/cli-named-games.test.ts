/**
 * The CLI loads only the games a command names (src/cli/named-games.ts, src/cli/program.ts
 * commandRegistry): every command form's games as gamesNamedBy reads them from the arguments and
 * the files they name, the registry a command runs over holding exactly those, and the refusals
 * (an unknown id, a malformed file) the same one line as over every game. In process; no game is
 * played.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gamesNamedBy, moduleNamedBy, type NamedGames } from '../src/cli/named-games.js';
import { commandRegistry, createProgram, runCli } from '../src/cli/program.js';
import { UserError } from '../src/core/errors.js';
import { createRegistry, type GameRegistry } from '../src/core/registry.js';
import { gameRegistry } from '../src/games/index.js';
import { GAME_IDS } from '../src/games/lazy.js';
import { tempDir } from './helpers/cli.js';

const program = createProgram(createRegistry([], GAME_IDS));

/** The files the command lines below name, by path (any other path cannot be read). */
const FILES = new Map<string, string>([
  ['exp-dc.json', JSON.stringify({ name: 'x', game: 'dc', arms: [] })],
  ['cal-scs.json', JSON.stringify({ name: 'c', game: 'scs', targets: [] })],
  ['tune-crete.json', JSON.stringify({ name: 't', game: 'crete', side: 'allied' })],
  ['balance-merkur.json', JSON.stringify({ name: 'b', game: 'merkur', candidates: {} })],
  ['exp-nope.json', JSON.stringify({ name: 'x', game: 'nope' })],
  ['no-game.json', JSON.stringify({ name: 'x', arms: [] })],
  ['game-number.json', JSON.stringify({ game: 3 })],
  ['malformed.json', '{ "game": "sfo", '],
  ['array.json', '["sfo"]'],
  ['run-merkur/manifest.json', JSON.stringify({ game: { id: 'merkur' }, experiment: { game: 'merkur' } })],
  ['run-sfo/manifest.json', JSON.stringify({ game: { id: 'sfo' }, experiment: { game: 'sfo' } })],
  ['shards/s0/manifest.json', JSON.stringify({ game: { id: 'scs' }, experiment: { game: 'scs' } })],
  ['shards/s1/manifest.json', JSON.stringify({ game: { id: 'scs' }, experiment: { game: 'scs' } })],
  ['run-broken/manifest.json', '{"game": '],
  ['games/exp-module.json', JSON.stringify({ name: 'x', gameModule: './ridge.mjs', arms: [] })],
  [
    'run-ridge/manifest.json',
    JSON.stringify({ game: { id: 'ridge' }, gameModule: { path: '/abs/ridge.mjs', sha256: '0'.repeat(64) } }),
  ],
]);
const read = (path: string) => FILES.get(path);

/** Command lines and the games each needs loaded. */
const CASES: readonly (readonly [args: readonly string[], games: NamedGames])[] = [
  [[], []],
  [['--help'], []],
  [['--version'], []],
  [['-V', 'list'], []],
  [['frobnicate', 'sfo'], []],
  [['help'], []],
  [['help', 'run'], []],
  [['help', 'odds'], 'all'],
  // list: a game operand, or every game
  [['list'], 'all'],
  [['list', '--json'], 'all'],
  [['list', 'dc'], ['dc']],
  [['list', '--json', 'crete'], ['crete']],
  [['list', '--tuned', 'experiments/tuned/sfo.json', 'sfo'], ['sfo']],
  [['list', '--tuned=experiments/tuned/sfo.json', 'scs'], ['scs']],
  [['list', 'nope'], ['nope']],
  [['list', '--help'], []],
  // play: a game operand, or --from's experiment file or run directory
  [['play', 'dc', '--seed', '1'], ['dc']],
  [['play', '--seed', '1', '--game', '4', 'merkur'], ['merkur']],
  [['play', '--seed=1', '--policy', 'us=elastic', '--variant', 'x', 'sfo', '--trace'], ['sfo']],
  [['play', '--from', 'exp-dc.json', '--game', '3'], ['dc']],
  [['play', '--game', '3', '--from=run-merkur', '--arm', 'a'], ['merkur']],
  [['play', 'sfo', '--from', 'run-merkur'], ['merkur']],
  [['play', '--from', 'malformed.json'], 'all'],
  [['play', '--from', 'missing.json'], 'all'],
  [['play', '--seed', '1'], []],
  [['play', '--help'], []],
  // odds: a game operand; none with --table; its help names the game's options, or every game's
  [['odds', 'scs', '--attacker', '8:combined', '--forest'], ['scs']],
  [['odds', '--json', 'crete', '--attack', '8', '--defence', '3'], ['crete']],
  [['odds', 'sfo', '--out', 'odds-dir'], ['sfo']],
  [['odds', '--table', 'my.csv', '--attack', '7', '--defence', '3'], []],
  [['odds', '--attack', '7', '--table', 'my.csv'], []],
  [['odds', '--table', 'a.csv', '--against', 'b.csv'], []],
  [['odds'], []],
  [['odds', '--attack', '3'], []],
  [['odds', '--help'], 'all'],
  [['odds', 'scs', '--help'], ['scs']],
  [['odds', 'nope'], ['nope']],
  // run, calibrate, tune, balance: the file's game field; every game when it cannot be read
  [['run', 'exp-dc.json'], ['dc']],
  [['run', '--games', '10', '--seed', '3', 'exp-dc.json', '--out', 'out', '--force'], ['dc']],
  [['run', 'exp-dc.json', '--resume'], ['dc']],
  [['run', '--resume', 'reports/x', 'exp-dc.json'], ['dc']],
  [['run', 'exp-nope.json'], ['nope']],
  [['run', 'no-game.json'], 'all'],
  [['run', 'game-number.json'], 'all'],
  [['run', 'malformed.json'], 'all'],
  [['run', 'array.json'], 'all'],
  [['run', 'missing.json'], 'all'],
  [['run'], []],
  [['run', '--help'], []],
  [['calibrate', 'cal-scs.json', '--workers', '1'], ['scs']],
  [['tune', '--out', 'o', 'tune-crete.json'], ['crete']],
  [['balance', 'balance-merkur.json', '--rounds', '3', '--resume'], ['merkur']],
  // report, replay, compare, merge: the run (or shard) directories' manifests
  [['report', 'run-merkur'], ['merkur']],
  [['report', 'run-broken'], 'all'],
  [['report', 'missing-dir'], 'all'],
  [['replay', 'run-sfo', '--game', '2', '--arm', 'a'], ['sfo']],
  [['replay', '--game', '2', 'run-merkur'], ['merkur']],
  [['compare', 'run-sfo', 'run-sfo', '--csv'], ['sfo']],
  [
    ['compare', 'run-sfo', 'run-merkur'],
    ['sfo', 'merkur'],
  ],
  [['merge', 'shards/s0', 'shards/s1', '--out', 'reports/x'], ['scs']],
  [['merge', 'shards', '--out', 'reports/x'], 'all'],
  [['merge', '--help'], []],
  [
    ['strength', 'run-sfo', 'run-merkur', '--csv'],
    ['sfo', 'merkur'],
  ],
  [['strength', '--help'], []],
  // plan needs no game
  [['plan', '--half-width', '0.01'], []],
  // a game module (docs/adding-a-game.md) is loaded on its own (moduleNamedBy): no built-in game
  [['check', 'my-game.mjs'], []],
  [['list', '--game-module', 'my-game.mjs'], []],
  [['play', '--game-module', 'my-game.mjs', '--seed', '1'], []],
  [['run', 'games/exp-module.json'], []],
];

describe('the games a command line names', () => {
  it.each(CASES.map(([args, games]) => [args.join(' ') || '(none)', args, games] as const))(
    'sandtable %s',
    (_label, args, games) => {
      expect(gamesNamedBy(program, args, read)).toEqual(games);
    },
  );

  it('the cases cover every command of the program', () => {
    const named = new Set(CASES.map(([args]) => args[0]));
    for (const c of program.commands) expect(named.has(c.name()), c.name()).toBe(true);
  });
});

describe('the game module a command line names', () => {
  const named = (args: readonly string[]) => moduleNamedBy(program, args, read, '/cwd');
  it("reads --game-module and check's operand against the working directory", () => {
    expect(named(['check', 'g.mjs'])).toEqual({ path: 'g.mjs', base: '/cwd', where: 'check' });
    for (const cmd of ['list', 'odds', 'play', 'check'])
      expect(named([cmd, '--game-module', 'g.mjs'])).toEqual({
        path: 'g.mjs',
        base: '/cwd',
        where: 'option --game-module',
      });
  });
  it("reads an experiment file's gameModule against the file's folder, and a run's manifest", () => {
    expect(named(['run', 'games/exp-module.json'])).toEqual({
      path: './ridge.mjs',
      base: 'games',
      where: 'games/exp-module.json: field gameModule',
    });
    expect(named(['play', '--from', 'games/exp-module.json'])?.base).toBe('games');
    expect(named(['report', 'run-ridge'])).toEqual({
      path: '/abs/ridge.mjs',
      base: 'run-ridge',
      where: 'run-ridge/manifest.json: field gameModule.path',
    });
    expect(named(['compare', 'run-sfo', 'run-ridge'])?.path).toBe('/abs/ridge.mjs');
  });
  it('names none for a built-in game, or for help', () => {
    expect(named(['run', 'exp-dc.json'])).toBeUndefined();
    expect(named(['list', 'sfo'])).toBeUndefined();
    expect(named(['check', '--help'])).toBeUndefined();
  });
});

describe('the registry a command runs over', () => {
  const dir = tempDir('named-games');
  const file = join(dir, 'exp.json');
  writeFileSync(
    file,
    JSON.stringify({ name: 'x', game: 'crete', scenario: 'nope', arms: [{ id: 'a' }], games: 1, seed: 1 }),
  );
  const run = join(dir, 'run');
  mkdirSync(run);
  writeFileSync(
    join(run, 'manifest.json'),
    JSON.stringify({ game: { id: 'scs' }, experiment: { game: 'scs' } }),
  );
  const ids = async (args: readonly string[]) => (await commandRegistry(args)).list().map((g) => g.id);

  it('holds exactly the games named, read from the arguments and files', async () => {
    expect(await ids(['list', 'sfo'])).toEqual(['sfo']);
    expect(await ids(['play', 'merkur', '--seed', '1'])).toEqual(['merkur']);
    expect(await ids(['run', file, '--games', '5'])).toEqual(['crete']);
    expect(await ids(['replay', run, '--game', '0'])).toEqual(['scs']);
    expect(await ids(['plan', '--half-width', '0.01'])).toEqual([]);
    expect(await ids(['list'])).toEqual([...GAME_IDS]);
  });

  it('asking it for a known game it did not load is a program error, not a user error', async () => {
    const games = await commandRegistry(['list', 'sfo']);
    expect(() => games.get('dc')).toThrow('game dc was not loaded for this command');
    expect(() => games.get('dc')).not.toThrow(UserError);
  });

  /** The one line a command line is refused with, over `games` (default: the games it names). */
  const refusal = async (args: readonly string[], games?: GameRegistry): Promise<string> => {
    try {
      await runCli(args, games);
    } catch (e) {
      if (e instanceof UserError) return e.message;
      throw e;
    }
    throw new Error(`sandtable ${args.join(' ')}: accepted`);
  };

  const malformed = join(dir, 'malformed.json');
  writeFileSync(malformed, '{ "name": "x", "game": "sfo",\n  "arms": [ }');
  const unknownInFile = join(dir, 'unknown.json');
  writeFileSync(unknownInFile, JSON.stringify({ name: 'x', game: 'nope', arms: [{ id: 'a' }] }));

  it.each([
    [['list', 'nope']],
    [['play', 'nope', '--seed', '1']],
    [['odds', 'nope']],
    [['odds', '--attack', '3']],
    [['run', unknownInFile]],
    [['run', malformed]],
    [['run', file]],
    [['play', '--from', malformed]],
    [['calibrate', malformed]],
    [['report', join(dir, 'no-run')]],
  ])('refuses %j with the same line as over every game', async (args) => {
    const line = await refusal(args);
    expect(line).not.toContain('\n');
    expect(line).toBe(await refusal(args, gameRegistry()));
  });

  it('an unknown id names every known game', async () => {
    expect(await refusal(['list', 'nope'])).toBe(`list: unknown game "nope" (known: ${GAME_IDS.join(', ')})`);
  });
});
