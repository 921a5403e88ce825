import type { GamesTable } from '../analysis/games-table.js';
import { headlineComparisons, policyMatrices, solitaireMatrices } from '../analysis/headline.js';
import { ladderAnalysis } from '../analysis/ladder.js';
import { loadLpSolver } from '../analysis/metagame.js';
import { computeReportData, type HeatRow, summaryFiles } from '../analysis/report-data.js';
import { groupRobustness, readingGroups, robustnessSentence } from '../analysis/robustness.js';
import { matrixScores, matrixVerdicts } from '../analysis/verdict.js';
import type { GameDefinition } from '../core/game.js';
import { sideName } from '../report/format.js';
import { renderReport } from '../report/report.js';
import { ladderDesign } from './ladder-arms.js';
import type { Manifest } from './manifest.js';

/**
 * Every file a run's games table and cell counts make, by name: the CSV summaries, the charts,
 * summary.md and index.html (with the headline's paired comparisons). `trust`: what a run read with
 * `--trust-data` could and could not verify, said first in summary.md and index.html.
 */
export async function reportFiles(
  def: GameDefinition,
  manifest: Manifest,
  table: GamesTable,
  heat: readonly HeatRow[],
  trust: readonly string[] = [],
): Promise<Record<string, string>> {
  const computed = computeReportData(def, table, manifest.arms, manifest.baseline, heat);
  // The meta-game of each policy matrix and of each solitaire side's policies against the rules
  // (the LP solver is loaded only when there is one); a matrix repeated under verdict readings
  // gives its verdict a robustness band instead of its own.
  const matrices = [...policyMatrices(def, manifest.arms), ...solitaireMatrices(def, manifest.arms)];
  const { bases, groups } = readingGroups(def, matrices);
  const design = ladderDesign(def, manifest.experiment);
  const lp = matrices.length === 0 && design === undefined ? undefined : await loadLpSolver();
  const verdicts =
    lp === undefined || matrices.length === 0
      ? []
      : matrixVerdicts(lp, def, table, bases, {
          seed: manifest.seed,
          sideName: (s) => sideName(def, s),
        }).map((v) => {
          const group = groups.find((g) => g.base === v.matrix);
          const rb =
            group === undefined ? undefined : groupRobustness(lp, table, group, { seed: manifest.seed });
          if (rb === undefined) return v;
          const sides = {
            rowSide: sideName(def, v.matrix.rowSide),
            colSide: sideName(def, v.matrix.colSide),
            againstRules: v.matrix.againstRules === true,
          };
          return { ...v, robustness: rb, robustnessSentence: robustnessSentence(rb, sides) };
        });
  // A skill ladder's values by rung (src/analysis/ladder.ts), on the bootstrap seed the verdict uses.
  const scores = design === undefined ? undefined : matrixScores(table, design);
  const ladder =
    lp === undefined || design === undefined || scores === undefined || scores[0]![0]!.length === 0
      ? undefined
      : ladderAnalysis(lp, scores, design, {
          seed: manifest.seed,
          names: { rowSide: sideName(def, design.rowSide), colSide: sideName(def, design.colSide) },
        });
  const data = {
    ...computed,
    ...(verdicts.length === 0 ? {} : { verdicts }),
    ...(ladder === undefined ? {} : { ladder }),
  };
  const pairs = headlineComparisons(def, table, manifest.arms, data.outcomes);
  return { ...summaryFiles(data), ...(await renderReport(def, manifest, data, pairs, trust)) };
}
