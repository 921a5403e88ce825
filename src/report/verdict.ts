/**
 * The verdict section of a report: for each policy matrix, the value of the game under the
 * strongest strategies in the run (src/analysis/verdict.ts), each side's equilibrium mix, and what
 * each policy gives away against the other side's best reply; for a solitaire side's policies
 * against the rules, the best policy's score and each policy's score and distance from it.
 */
import type { PolicyMatrix } from '../analysis/headline.js';
import { wilson } from '../analysis/intervals.js';
import { type BandSides, pointsInterval, readingBalance, valueName } from '../analysis/robustness.js';
import type { MatrixVerdict } from '../analysis/verdict.js';
import type { GameDefinition } from '../core/game.js';
import { type Md, md, trustedMd } from './escape.js';
import { points, rateWithCi, sideName } from './format.js';
import type { HeadlineBlock } from './headline.js';

const AGAINST_RULES_METHOD =
  'The value against the rules: the best score (win 1, draw or no winner 1/2, loss 0) among the side’s policies, each played against the rules on the same games and dice (the meta-game of one column, solved by the same linear program). Its 95% interval is a percentile bootstrap of 1,000 resamples of the game indices, drawn once for all policies, with the best policy chosen again in every resample, so the interval carries the doubt about which policy is best; when several policies score close to the best, the best score of the sample and of each resample both run above the true best policy’s score, and the interval can miss it from above more often than its level says. A policy’s score carries its Wilson 95% interval.';

const METHOD =
  'The meta-game: the zero-sum game of the row side’s score (win 1, draw or no winner 1/2, loss 0) between the policies of this run; its equilibrium is solved as a linear program (HiGHS), and the value’s 95% interval is a percentile bootstrap of 1,000 resamples of the game indices, drawn once for all cells, since every cell plays the same games on the same dice. A policy’s exploitability is how much the other side gains against it, compared with the value, by its best reply.';

function sideTable(
  def: GameDefinition,
  side: string,
  names: readonly string[],
  mix: readonly number[],
  support: readonly number[],
  exploit: readonly number[],
  reply: readonly number[],
  otherNames: readonly string[],
): Md[] {
  return [
    md`| ${sideName(def, side)} policy | equilibrium weight | in the equilibrium's support (bootstrap) | exploitability (points) | best reply against it |`,
    md`|---|---:|---:|---:|---|`,
    ...names.map(
      (n, i) =>
        md`| ${n} | ${trustedMd(`${Math.round(mix[i]! * 100)}%`)} | ${trustedMd(`${Math.round(support[i]! * 100)}%`)} | ${trustedMd(points(exploit[i]!))} | ${otherNames[reply[i]!]} |`,
    ),
    md``,
  ];
}

/** The sides of a verdict's matrix as its sentences name them (src/analysis/robustness.ts BandSides). */
export function verdictSides(def: GameDefinition, mx: PolicyMatrix): BandSides {
  return {
    rowSide: sideName(def, mx.rowSide),
    colSide: sideName(def, mx.colSide),
    againstRules: mx.againstRules === true,
  };
}

/** The policy with the highest score against the rules in a one-column payoff (the first on a tie). */
function bestRow(payoff: readonly (readonly number[])[]): number {
  let best = 0;
  payoff.forEach((row, r) => {
    if (row[0]! > payoff[best]![0]!) best = r;
  });
  return best;
}

/** A solitaire side's policies against the rules: each one's score, how often it is the best, its distance from the best. */
function againstRulesTable(def: GameDefinition, v: MatrixVerdict): Md[] {
  const { matrix: mx, meta } = v;
  return [
    md`| ${sideName(def, mx.rowSide)} policy | score against the rules [95%] | the best in (bootstrap resamples) | points below the best |`,
    md`|---|---:|---:|---:|`,
    ...mx.rows.map((name, r) => {
      const score = meta.payoff[r]![0]!;
      const ci = wilson(score * meta.games, meta.games);
      return md`| ${name} | ${trustedMd(rateWithCi(score, ci.low, ci.high))} | ${trustedMd(`${Math.round(meta.rowSupport[r]! * 100)}%`)} | ${trustedMd(points(meta.exploitability.rows[r]!))} |`;
    }),
    md``,
  ];
}

/** The chart of verdict `i`'s robustness band (buildCharts draws it; the verdict block places it). */
export function robustnessChartName(i: number): string {
  return `robustness${i === 0 ? '' : `-${i + 1}`}`;
}

const BAND_METHOD =
  'The same matrix is played again under each of the game’s declared readings (its variants and parameters over the rules as written, on the same seeds); each value is the meta-game’s, and each interval a percentile bootstrap whose resamples draw the game indices once for every cell of every reading, so a difference is paired game by game. The value as written has the interval its verdict prints (the same resamples).';

/** A verdict's robustness band: the sentence, a table per reading and the chart (none without readings). */
function bandBlocks(def: GameDefinition, v: MatrixVerdict, i: number): HeadlineBlock[] {
  const rb = v.robustness;
  if (rb === undefined) return [];
  const sides = verdictSides(def, v.matrix);
  const words = readingBalance(rb, sides);
  const ci = (x: number, iv: readonly [number, number]) => trustedMd(rateWithCi(x, iv[0], iv[1]));
  const diff = (x: number, iv: readonly [number, number]) =>
    trustedMd(`${x >= 0 ? '+' : '−'}${points(Math.abs(x))} ${pointsInterval(iv)}`);
  return [
    {
      lines: [
        md`${v.robustnessSentence ?? ''}`,
        md``,
        ...(sides.againstRules === true
          ? [
              // against the rules the best policy is chosen again under each reading: name it
              md`| rules | what changes | ${valueName(sides)} [95%] | best policy | difference to as written, points [95%] | balance | why (measured by) |`,
              md`|---|---|---:|---|---:|---|---|`,
              md`| as written | the defaults | ${ci(rb.value, rb.interval)} | ${v.matrix.rows[bestRow(v.meta.payoff)]!} |  | ${words.asWritten} |  |`,
              ...rb.readings.map(
                (r, k) =>
                  md`| ${r.id} | ${r.label} | ${ci(r.value, r.interval)} | ${v.matrix.rows[bestRow(r.payoff)]!} | ${diff(r.difference, r.differenceInterval)} | ${words.readings[k]!} | ${r.why} |`,
              ),
            ]
          : [
              md`| rules | what changes | ${valueName(sides)} [95%] | difference to as written, points [95%] | balance | why (measured by) |`,
              md`|---|---|---:|---:|---|---|`,
              md`| as written | the defaults | ${ci(rb.value, rb.interval)} |  | ${words.asWritten} |  |`,
              ...rb.readings.map(
                (r, k) =>
                  md`| ${r.id} | ${r.label} | ${ci(r.value, r.interval)} | ${diff(r.difference, r.differenceInterval)} | ${words.readings[k]!} | ${r.why} |`,
              ),
            ]),
        md``,
      ],
    },
    { lines: [md`(chart: ${robustnessChartName(i)})`, md``], chart: robustnessChartName(i) },
  ];
}

/** The report's verdict blocks, one per matrix (none when the run has no matrix). */
export function verdictBlocks(def: GameDefinition, verdicts: readonly MatrixVerdict[]): HeadlineBlock[] {
  if (verdicts.length === 0) return [];
  return [
    { lines: [md`### The value of the game`, md``] },
    ...verdicts.flatMap((v, i) => {
      const { matrix: mx, meta } = v;
      return [
        {
          lines: [
            md`**${v.sentence}**`,
            md``,
            ...(mx.againstRules === true
              ? againstRulesTable(def, v)
              : [
                  ...sideTable(
                    def,
                    mx.rowSide,
                    mx.rows,
                    meta.rowMix,
                    meta.rowSupport,
                    meta.exploitability.rows,
                    meta.exploitability.bestReplyToRow,
                    mx.cols,
                  ),
                  ...sideTable(
                    def,
                    mx.colSide,
                    mx.cols,
                    meta.colMix,
                    meta.colSupport,
                    meta.exploitability.cols,
                    meta.exploitability.bestReplyToCol,
                    mx.rows,
                  ),
                ]),
          ],
        },
        ...bandBlocks(def, v, i),
      ];
    }),
    {
      lines: [
        ...(verdicts.some((v) => v.matrix.againstRules !== true) ? [md`${trustedMd(METHOD)}`, md``] : []),
        ...(verdicts.some((v) => v.matrix.againstRules === true)
          ? [md`${trustedMd(AGAINST_RULES_METHOD)}`, md``]
          : []),
        ...(verdicts.some((v) => v.robustness !== undefined) ? [md`${trustedMd(BAND_METHOD)}`, md``] : []),
      ],
    },
  ];
}
