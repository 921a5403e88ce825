import type { Command } from 'commander';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { examplesHelp } from './options.js';

/**
 * `sandtable strength <run>...`: does a search player beat every script? For every side of every
 * run that has both search and scripted policies, each search policy's worst case (its lowest score
 * over the other side's scripted policies, or against the rules for a solitaire side) against the
 * best scripted policy's worst case, with the bootstrap interval of the difference and a p-value
 * Holm-adjusted over every row of every run given (src/analysis/strength.ts); then each search at a
 * raised budget against the same search below it (does more budget ever play worse?).
 */
export function registerStrength(program: Command, games: GameRegistry): void {
  program
    .command('strength')
    .description(
      "does search beat every script? each search policy's worst case against the best script's, per side, paired, Holm over every row of the runs given",
    )
    .argument(
      '<runs...>',
      'finished run directories (policy matrices, or a solitaire side against the rules)',
    )
    .option('--csv', 'print the table as CSV')
    .option('--alpha <level>', 'family-wise error rate of the Holm adjustment', '0.05')
    .option('--resamples <n>', 'bootstrap resamples of the game indices', '2000')
    .option(
      '--width <points>',
      'the interval width to plan for: each row gives the games per cell a run would need for an interval this narrow',
      '4',
    )
    .addHelpText(
      'after',
      examplesHelp([
        [
          'sandtable strength reports/sfo-search',
          "the search's worst case against the best script's, each side",
        ],
        [
          'sandtable strength reports/sfo-search reports/scs-search --csv',
          'one table over several runs, Holm over all',
        ],
      ]),
    )
    .action(async (dirs: string[], flags: StrengthFlags) => {
      const alpha = Number(flags.alpha);
      if (!(alpha > 0 && alpha < 1))
        throw new UserError(`option --alpha: ${flags.alpha} is not a level in (0, 1)`);
      const resamples = Number(flags.resamples);
      if (!Number.isInteger(resamples) || resamples < 100 || resamples > 1_000_000)
        throw new UserError(`option --resamples: ${flags.resamples} is not an integer in 100..1000000`);
      const width = Number(flags.width);
      if (!(width > 0 && width <= 100))
        throw new UserError(`option --width: ${flags.width} is not a number of points in (0, 100]`);
      const [{ loadRun }, { isSearchPolicy }, strength, { pct }, { toCsv }] = await Promise.all([
        import('../api/runs.js'),
        import('../core/search-policies.js'),
        import('../analysis/strength.js'),
        import('../report/format.js'),
        import('../runner/outputs.js'),
      ]);
      const rows = [];
      const steps = [];
      for (const dir of dirs) {
        const run = await loadRun(dir, games);
        const def = games.get(run.manifest.game.id, `${dir}/manifest.json`);
        const cells = strength.strengthCells(def, run.games, run.manifest.arms, isSearchPolicy);
        if (cells.length === 0)
          throw new UserError(
            `${dir}: no side of this run has both search and scripted policies against the same opponents (a policy matrix, or a solitaire side's arms)`,
          );
        for (const c of cells) {
          rows.push(...strength.sideStrength(c, { seed: run.manifest.seed, resamples }));
          steps.push(...strength.budgetSteps(c, { seed: run.manifest.seed, resamples }));
        }
      }
      const judged = strength
        .judgeStrength(rows, alpha)
        .map((r) => ({ ...r, needed: strength.gamesForWidth(r, width / 100) }));
      if (flags.csv) {
        process.stdout.write(
          toCsv(
            judged.map((r) => ({
              game: r.game,
              side: r.side,
              policy: r.policy,
              worst: r.worst,
              worst_opponent: r.worstOpponent,
              best_script: r.bestScript,
              best_script_worst: r.bestScriptWorst,
              best_script_opponent: r.bestScriptOpponent,
              difference: r.difference,
              lo: r.interval[0],
              hi: r.interval[1],
              p: r.p,
              p_holm: r.pHolm,
              beats: r.beats,
              games: r.games,
              games_for_width: r.needed,
            })),
            [
              'game',
              'side',
              'policy',
              'worst',
              'worst_opponent',
              'best_script',
              'best_script_worst',
              'best_script_opponent',
              'difference',
              'lo',
              'hi',
              'p',
              'p_holm',
              'beats',
              'games',
              'games_for_width',
            ],
          ),
        );
        return;
      }
      const lines = [
        `Worst case: a policy's lowest score (win 1, draw 1/2) over the other side's scripted policies (a solitaire side: against the rules). Difference: the search's worst case minus the best script's, with its 95% percentile bootstrap interval (${resamples} resamples of the game indices, joint across cells); its two-sided bootstrap p-value, Holm over the ${judged.length} row${judged.length === 1 ? '' : 's'} at ${alpha}. Games: a cell's games in the run, and the games a cell would need for an interval ${width} points wide (the width scales as one over the square root of the games).`,
        '',
        `| game | side | search policy | its worst case | best script (worst case) | difference [interval] | Holm p | beats every script | games (for ${width} points) |`,
        '|---|---|---|---:|---|---:|---:|---|---:|',
      ];
      const pts = (x: number) => (x * 100).toFixed(1);
      for (const r of judged) {
        lines.push(
          `| ${r.game} | ${r.side} | ${r.policy} | ${pct(r.worst)}% (vs ${r.worstOpponent}) | ${r.bestScript} ${pct(r.bestScriptWorst)}% (vs ${r.bestScriptOpponent}) | ${r.difference >= 0 ? '+' : ''}${pts(r.difference)} [${pts(r.interval[0])}, ${pts(r.interval[1])}] | ${r.pHolm < 0.001 ? '<0.001' : r.pHolm.toFixed(3)} | ${r.beats ? 'yes' : 'no'} | ${r.games} (${r.needed}) |`,
        );
      }
      lines.push(
        '',
        `${judged.length} rows, ${judged.filter((r) => r.beats).length} where the search beats every script.`,
      );
      if (steps.length > 0) {
        lines.push(
          '',
          'Strength with budget: each search at a raised budget against the same search below it, worst case against worst case over the same opponents, paired (95% percentile bootstrap interval); weaker when the whole interval is below 0.',
          '',
          '| game | side | search policy | its worst case | below it (worst case) | difference [interval] | weaker |',
          '|---|---|---|---:|---|---:|---|',
        );
        for (const r of steps)
          lines.push(
            `| ${r.game} | ${r.side} | ${r.policy} | ${pct(r.worst)}% | ${r.base} ${pct(r.baseWorst)}% | ${r.difference >= 0 ? '+' : ''}${pts(r.difference)} [${pts(r.interval[0])}, ${pts(r.interval[1])}] | ${r.weaker ? 'yes' : 'no'} |`,
          );
        lines.push(
          '',
          `${steps.length} raised budgets, ${steps.filter((r) => r.weaker).length} weaker than the budget below.`,
        );
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}

/** The options of `strength`, as commander gives them. */
interface StrengthFlags {
  readonly csv?: boolean;
  readonly alpha: string;
  readonly resamples: string;
  readonly width: string;
}
