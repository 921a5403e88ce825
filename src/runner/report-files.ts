import type { GamesTable } from '../analysis/games-table.js';
import { headlineComparisons } from '../analysis/headline.js';
import { computeReportData, type HeatRow, summaryFiles } from '../analysis/report-data.js';
import type { GameDefinition } from '../core/game.js';
import { renderReport } from '../report/report.js';
import type { Manifest } from './manifest.js';

/**
 * Every file a run's games table and cell counts make, by name: the CSV summaries, the charts,
 * summary.md and index.html (with the headline's paired comparisons).
 */
export async function reportFiles(
  def: GameDefinition,
  manifest: Manifest,
  table: GamesTable,
  heat: readonly HeatRow[],
): Promise<Record<string, string>> {
  const data = computeReportData(def, table, manifest.arms, manifest.baseline, heat);
  const pairs = headlineComparisons(def, table, manifest.arms, data.outcomes);
  return { ...summaryFiles(data), ...(await renderReport(def, manifest, data, pairs)) };
}
