/**
 * The verdict section of a report: for each policy matrix, the value of the game under the
 * strongest strategies in the run (src/analysis/verdict.ts), each side's equilibrium mix, and what
 * each policy gives away against the other side's best reply.
 */
import { pointsInterval, readingBalance } from '../analysis/robustness.js';
import type { MatrixVerdict } from '../analysis/verdict.js';
import type { GameDefinition } from '../core/game.js';
import { type Md, md, trustedMd } from './escape.js';
import { points, rateWithCi, sideName } from './format.js';
import type { HeadlineBlock } from './headline.js';

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
  const sides = { rowSide: sideName(def, v.matrix.rowSide), colSide: sideName(def, v.matrix.colSide) };
  const words = readingBalance(rb, sides);
  const ci = (x: number, iv: readonly [number, number]) => trustedMd(rateWithCi(x, iv[0], iv[1]));
  const diff = (x: number, iv: readonly [number, number]) =>
    trustedMd(`${x >= 0 ? '+' : '−'}${points(Math.abs(x))} ${pointsInterval(iv)}`);
  return [
    {
      lines: [
        md`${v.robustnessSentence ?? ''}`,
        md``,
        md`| rules | what changes | ${sides.rowSide}’s value [95%] | difference to as written, points [95%] | balance | why (measured by) |`,
        md`|---|---|---:|---:|---|---|`,
        md`| as written | the defaults | ${ci(rb.value, rb.interval)} |  | ${words.asWritten} |  |`,
        ...rb.readings.map(
          (r, k) =>
            md`| ${r.id} | ${r.label} | ${ci(r.value, r.interval)} | ${diff(r.difference, r.differenceInterval)} | ${words.readings[k]!} | ${r.why} |`,
        ),
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
          ],
        },
        ...bandBlocks(def, v, i),
      ];
    }),
    {
      lines: [
        md`${trustedMd(METHOD)}`,
        md``,
        ...(verdicts.some((v) => v.robustness !== undefined) ? [md`${trustedMd(BAND_METHOD)}`, md``] : []),
      ],
    },
  ];
}
