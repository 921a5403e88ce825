import { mkdirSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Situation } from '../analysis/odds/combat-table.js';
import { odds, oddsOptions, unknownOddsOption } from '../api/game-info.js';
import { quote, UserError } from '../core/errors.js';
import type { OddsProvider } from '../core/game.js';
import type { GameRegistry } from '../core/registry.js';
import { moduleGameId } from './named-games.js';
import { examplesHelp, helpRows } from './options.js';

/**
 * With --out `dir`: the directory checked, and what writing odds and charts into it takes (vega),
 * loaded only then; undefined without --out.
 */
async function oddsFiles(dir: string | undefined) {
  if (dir === undefined) return undefined;
  const [{ oddsChart }, { renderSvg }, { checkOutPath }] = await Promise.all([
    import('../report/charts.js'),
    import('../report/render.js'),
    import('../runner/out-dir.js'),
  ]);
  checkOutPath(dir, '--out');
  return { dir, oddsChart, renderSvg };
}

/** Parses `--name value` and `--flag` pairs against the game's declared odds options. */
export function parseOddsArgs(
  game: string,
  args: readonly string[],
  declared: readonly { name: string; flag?: boolean }[],
): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) throw new UserError(`odds ${game}: unexpected argument ${quote(a)}`);
    const [name, inline] = a.slice(2).split('=', 2) as [string, string?];
    const opt = declared.find((o) => o.name === name);
    if (opt === undefined) throw unknownOddsOption(game, name, declared);
    if (opt.flag) {
      out[name] = true;
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined) throw new UserError(`odds ${game}: option --${name} needs a value`);
    out[name] = value;
  }
  return out;
}

/** The options `odds --table` reads: a battle, a column, a shift and a die modifier. */
export const TABLE_ODDS_OPTIONS: readonly { name: string; description: string }[] = [
  { name: 'attack', description: 'attacker strength (one battle; with --defence)' },
  { name: 'defence', description: 'defender strength (one battle; with --attack)' },
  { name: 'column', description: 'one column by its printed label, e.g. 3-1 or +2' },
  { name: 'shift', description: "column shift of the battle, e.g. -1 (left, the defender's way) or 2" },
  { name: 'drm', description: 'die roll modifier added to the roll, e.g. -1' },
];

/** The situation of `odds --table` from its options: whole numbers, one line naming a bad one. */
export function tableSituation(args: readonly string[]): Situation {
  const raw = parseOddsArgs('--table', args, TABLE_ODDS_OPTIONS);
  const int = (name: string, min: number, max: number): number | undefined => {
    const v = raw[name];
    if (v === undefined) return undefined;
    const n = Number(v);
    if (v === true || !/^[+-]?\d+$/.test(String(v).trim()) || n < min || n > max)
      throw new UserError(`odds --table: --${name} ${quote(v)} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const attack = int('attack', 0, 100_000);
  const defence = int('defence', 0, 100_000);
  const shift = int('shift', -50, 50);
  const drm = int('drm', -100, 100);
  const column = raw.column;
  return {
    ...(attack !== undefined ? { attack } : {}),
    ...(defence !== undefined ? { defence } : {}),
    ...(typeof column === 'string' ? { column } : {}),
    ...(shift !== undefined ? { shift } : {}),
    ...(drm !== undefined ? { drm } : {}),
  };
}

/** A game's odds options as help text: its calculator's description, then each option aligned. */
export function oddsOptionsHelp(game: string, odds: Pick<OddsProvider, 'description' | 'options'>): string {
  const rows = odds.options.map((o) => [`--${o.name}${o.flag ? '' : ' <value>'}`, o.description] as const);
  return `Options of odds ${game}: ${odds.description}\n${helpRows(rows)}`;
}

/**
 * The game-specific part of `odds --help`: the options of the game the command line names (its
 * first operand), or, without one, which games have a calculator and how to see their options.
 */
function oddsHelp(games: GameRegistry, args: readonly string[]): string {
  const id = args.find((a) => !a.startsWith('-'));
  const odds = games.list().find((g) => g.id === id)?.odds;
  if (id !== undefined && odds !== undefined) return `\n${oddsOptionsHelp(id, odds)}`;
  const ids = games
    .list()
    .filter((g) => g.odds !== undefined)
    .map((g) => g.id);
  const table = helpRows(TABLE_ODDS_OPTIONS.map((o) => [`--${o.name} <value>`, o.description] as const));
  return `\nEach game has its own odds options: sandtable odds <game> --help (games with odds: ${ids.join(', ')})\nOptions of odds --table <file> (docs/combat-tables.md):\n${table}`;
}

/** `sandtable odds <game> ...`: exact outcome probabilities of the game's combat tables. */
export function registerOdds(program: Command, games: GameRegistry): void {
  program
    .command('odds')
    .description(
      "exact combat odds from the game's own tables (options depend on the game: sandtable odds <game> --help)",
    )
    .argument('[game]', 'game id (none with --table)')
    .argument('[options...]', 'game-specific options, e.g. --attack 3 --defence 1 --forest')
    .option('--table <file>', 'your own combat table (CSV or JSON, docs/combat-tables.md) instead of a game')
    .option('--against <file>', 'with --table: a second table; prints the change in each result, per column')
    .option('--json', 'machine-readable output')
    .option(
      '--out <dir>',
      'also write odds.json and a chart per table (odds-N.vl.json, odds-N.svg) into <dir>',
    )
    .option('--help-odds', "list the game's odds options only (as --help shows them)")
    .option('--game-module <path>', 'a game of your own: its module (docs/adding-a-game.md)')
    .allowUnknownOption(true)
    .passThroughOptions(false)
    .addHelpText('after', ({ command }) => oddsHelp(games, command.args))
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable odds sfo', 'the CRT as exact probabilities, column by column'],
        [
          'sandtable odds sfo --level expert --attack 2 --defence 1 --forest --air',
          'one battle (SFO Fig. 13)',
        ],
        [
          'sandtable odds scs --attacker 8:combined --defender mech:1,nonmech:2 --forest',
          'SCS battle, exact (from combat.ts)',
        ],
        ['sandtable odds crete --attack 8 --defence 3', 'Crete K10.4: 8 to 3 is 2-1, on both tables'],
        ['sandtable odds scs --help', "every option of a game's odds calculator"],
        [
          'sandtable odds --table examples/tables/crete-limited.csv --attack 7 --defence 3',
          'your own CRT, one battle',
        ],
        [
          'sandtable odds --table my-crt.csv --against my-crt-v2.csv',
          'how a revised table changes each result, column by column',
        ],
      ]),
    )
    .action(
      async (
        gameArg: string | undefined,
        rest: string[],
        flags: {
          json?: boolean;
          out?: string;
          helpOdds?: boolean;
          table?: string;
          against?: string;
          gameModule?: string;
        },
      ) => {
        // with --game-module and no game named, the module's game (its first option took the game's slot)
        if (flags.gameModule !== undefined && (gameArg === undefined || gameArg.startsWith('--'))) {
          if (gameArg !== undefined) rest = [gameArg, ...rest];
          gameArg = moduleGameId(games);
        }
        if (flags.table !== undefined || flags.against !== undefined) {
          await tableOdds(gameArg, rest, flags);
          return;
        }
        if (gameArg === undefined)
          throw new UserError('odds: name a game (sandtable list) or give --table <file>');
        const gameId = gameArg;
        const provider = oddsOptions(gameId, games);
        if (flags.helpOdds) {
          process.stdout.write(`${oddsOptionsHelp(gameId, provider)}\n`);
          return;
        }
        const files = await oddsFiles(flags.out);
        const tables = odds(gameId, parseOddsArgs(gameId, rest, provider.options), games);
        const { formatOddsTable } = await import('../analysis/odds/format.js');
        if (files !== undefined) {
          const { dir, oddsChart, renderSvg } = files;
          mkdirSync(dir, { recursive: true });
          writeFileSync(`${dir}/odds.json`, `${JSON.stringify(tables, null, 2)}\n`);
          for (const [i, t] of tables.entries()) {
            const spec = oddsChart(t);
            writeFileSync(`${dir}/odds-${i + 1}.vl.json`, `${JSON.stringify(spec, null, 1)}\n`);
            writeFileSync(`${dir}/odds-${i + 1}.svg`, (await renderSvg(spec, `odds-${i + 1}`)).svg);
          }
          process.stderr.write(`odds: wrote ${dir}/odds.json and ${tables.length} chart(s)\n`);
        }
        if (flags.json) process.stdout.write(`${JSON.stringify(tables, null, 2)}\n`);
        else process.stdout.write(`${tables.map(formatOddsTable).join('\n\n')}\n`);
      },
    );
}

/** `sandtable odds --table FILE [--against FILE] [--attack A --defence D | --column C] [--shift n] [--drm n]`. */
async function tableOdds(
  gameArg: string | undefined,
  rest: readonly string[],
  flags: { json?: boolean; out?: string; table?: string; against?: string },
): Promise<void> {
  if (flags.table === undefined)
    throw new UserError('odds: --against needs --table (the table it is compared with)');
  // Without a game, commander puts the first of the table's options (--attack ...) in the game's slot.
  const args = gameArg?.startsWith('--') ? [gameArg, ...rest] : rest;
  if (gameArg !== undefined && !gameArg.startsWith('--'))
    throw new UserError(`odds --table: give a table or a game, not both (game ${quote(gameArg)})`);
  const files = await oddsFiles(flags.out);
  const [{ formatTableDifference }, { compareTables, loadCombatTable, oddsOfTable }, { formatOddsTable }] =
    await Promise.all([
      import('../analysis/odds/combat-table.js'),
      import('../api/tables.js'),
      import('../analysis/odds/format.js'),
    ]);
  const situation = tableSituation(args);
  const table = loadCombatTable(flags.table);
  if (flags.against !== undefined) {
    const diff = compareTables(table, loadCombatTable(flags.against), situation);
    if (files !== undefined) {
      mkdirSync(files.dir, { recursive: true });
      writeFileSync(`${files.dir}/odds-difference.json`, `${JSON.stringify(diff, null, 2)}\n`);
    }
    process.stdout.write(
      flags.json ? `${JSON.stringify(diff, null, 2)}\n` : `${formatTableDifference(diff)}\n`,
    );
    return;
  }
  const t = oddsOfTable(table, situation);
  if (files !== undefined) {
    const { dir, oddsChart, renderSvg } = files;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/odds.json`, `${JSON.stringify([t], null, 2)}\n`);
    const spec = oddsChart(t);
    writeFileSync(`${dir}/odds-1.vl.json`, `${JSON.stringify(spec, null, 1)}\n`);
    writeFileSync(`${dir}/odds-1.svg`, (await renderSvg(spec, 'odds-1')).svg);
    process.stderr.write(`odds: wrote ${dir}/odds.json and 1 chart\n`);
  }
  process.stdout.write(flags.json ? `${JSON.stringify([t], null, 2)}\n` : `${formatOddsTable(t)}\n`);
}
