import type { Command } from 'commander';
import { quote, UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { examplesHelp } from './options.js';

function fraction(flag: string, value: string, open = false): number {
  const n = Number(value);
  if (!/^\d*\.?\d+$/.test(value.trim()) || !(open ? n > 0 && n < 1 : n >= 0 && n <= 1)) {
    throw new UserError(
      `option ${flag}: expected a proportion ${open ? 'strictly ' : ''}between 0 and 1, got ${quote(value)}`,
    );
  }
  return n;
}

/** `sandtable plan`: how many games a question needs, for one rate, two independent arms, or paired arms. */
export function registerPlan(program: Command, _games: GameRegistry): void {
  program
    .command('plan')
    .description(
      'games needed for a 95% interval of +-h: one win rate, a difference of independent arms, or of arms paired on common seeds',
    )
    .requiredOption('--half-width <h>', 'target half-width of the 95% interval, e.g. 0.01 for +-1 point')
    .option('--rate <p>', 'expected win rate (default 0.5, the worst case)', '0.5')
    .option('--rate-b <p>', 'expected win rate of the second arm (default: same as --rate)')
    .option(
      '--discordant <q>',
      'expected share of games where paired arms disagree (from a pilot: comparisons.csv column discordant)',
    )
    .addHelpText(
      'after',
      examplesHelp([
        [
          'sandtable plan --half-width 0.01 --discordant 0.1',
          'games needed for +-1 point, unpaired and paired',
        ],
      ]),
    )
    .action(async (flags: { halfWidth: string; rate: string; rateB?: string; discordant?: string }) => {
      const h = fraction('--half-width', flags.halfWidth, true);
      const p = fraction('--rate', flags.rate);
      const q = fraction('--rate-b', flags.rateB ?? flags.rate);
      const { gamesForIndependentDifference, gamesForPairedDifference, gamesForWilsonHalfWidth } =
        await import('../analysis/stats.js');
      const lines = [
        `one win rate near ${p}: ${gamesForWilsonHalfWidth(p, h).toLocaleString('en-US')} games (Wilson interval, as the reports show rates)`,
        `difference of two independent arms (${p} vs ${q}): ${gamesForIndependentDifference(h, p, q).toLocaleString('en-US')} games per arm (normal approximation)`,
      ];
      if (flags.discordant !== undefined) {
        const d = fraction('--discordant', flags.discordant);
        lines.push(
          `difference of two arms paired on common seeds, ${(100 * d).toFixed(1)}% discordant: ${gamesForPairedDifference(h, d, q - p).toLocaleString('en-US')} games per arm (normal approximation)`,
        );
      } else {
        lines.push(
          'paired arms: give --discordant (the share of games where the arms disagree; a pilot run with a baseline reports it)',
        );
      }
      process.stdout.write(
        `games needed for +-${(100 * h).toFixed(2)} points (95%):\n${lines.map((l) => `  ${l}`).join('\n')}\n`,
      );
    });
}
