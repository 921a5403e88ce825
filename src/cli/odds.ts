import { mkdirSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { formatOddsTable } from '../analysis/odds/format.js';
import { odds, oddsOptions, unknownOddsOption } from '../api/games.js';
import { quote, UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { oddsChart } from '../report/charts.js';
import { renderSvg } from '../report/render.js';
import { checkOutPath } from '../runner/out-dir.js';

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

/** `sandtable odds <game> ...`: exact outcome probabilities of the game's combat tables. */
export function registerOdds(program: Command, games: GameRegistry): void {
  program
    .command('odds')
    .description(
      "exact combat odds from the game's own tables (options depend on the game: sandtable odds <game> --help-odds)",
    )
    .argument('<game>', 'game id')
    .argument('[options...]', 'game-specific options, e.g. --attack 3 --defence 1 --forest')
    .option('--json', 'machine-readable output')
    .option(
      '--out <dir>',
      'also write odds.json and a chart per table (odds-N.vl.json, odds-N.svg) into <dir>',
    )
    .option('--help-odds', "list the game's odds options")
    .allowUnknownOption(true)
    .passThroughOptions(false)
    .action(
      async (gameId: string, rest: string[], flags: { json?: boolean; out?: string; helpOdds?: boolean }) => {
        const provider = oddsOptions(gameId, games);
        if (flags.helpOdds) {
          process.stdout.write(
            `${provider.description}\n${provider.options.map((o) => `  --${o.name}${o.flag ? '' : ' <value>'}  ${o.description}`).join('\n')}\n`,
          );
          return;
        }
        if (flags.out !== undefined) checkOutPath(flags.out, '--out');
        const tables = odds(gameId, parseOddsArgs(gameId, rest, provider.options), games);
        if (flags.out !== undefined) {
          mkdirSync(flags.out, { recursive: true });
          writeFileSync(`${flags.out}/odds.json`, `${JSON.stringify(tables, null, 2)}\n`);
          for (const [i, t] of tables.entries()) {
            const spec = oddsChart(t);
            writeFileSync(`${flags.out}/odds-${i + 1}.vl.json`, `${JSON.stringify(spec, null, 1)}\n`);
            writeFileSync(`${flags.out}/odds-${i + 1}.svg`, (await renderSvg(spec, `odds-${i + 1}`)).svg);
          }
          process.stderr.write(`odds: wrote ${flags.out}/odds.json and ${tables.length} chart(s)\n`);
        }
        if (flags.json) process.stdout.write(`${JSON.stringify(tables, null, 2)}\n`);
        else process.stdout.write(`${tables.map(formatOddsTable).join('\n\n')}\n`);
      },
    );
}
