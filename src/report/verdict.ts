/**
 * The verdict section of a report: for each policy matrix, the value of the game under the
 * strongest strategies in the run (src/analysis/verdict.ts), each side's equilibrium mix, and what
 * each policy gives away against the other side's best reply.
 */
import type { MatrixVerdict } from '../analysis/verdict.js';
import type { GameDefinition } from '../core/game.js';
import { type Md, md, trustedMd } from './escape.js';
import { points, sideName } from './format.js';
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

/** The report's verdict blocks, one per matrix (none when the run has no matrix). */
export function verdictBlocks(def: GameDefinition, verdicts: readonly MatrixVerdict[]): HeadlineBlock[] {
  if (verdicts.length === 0) return [];
  return [
    {
      lines: [
        md`### The value of the game`,
        md``,
        ...verdicts.flatMap((v) => {
          const { matrix: mx, meta } = v;
          return [
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
          ];
        }),
        md`${trustedMd(METHOD)}`,
        md``,
      ],
    },
  ];
}
