/** A run's per-cell counts (cells.csv), summed from the blocks; kept apart from layout.ts, which workers load. */
import { type HeatRow, heatRows } from '../analysis/report-data.js';
import type { GameDefinition, GameSetup } from '../core/game.js';
import { heatSize, recordColumns } from './layout.js';

/**
 * Per arm and cell: in how many games the cell was marked (GameRecord.cells), summed from the heat
 * tail of every block as it comes (sums of integers, so independent of chunking and order).
 */
export class HeatCounts {
  private readonly cols: number;
  private readonly counts: Float64Array[];
  private readonly games: number[];

  constructor(
    private readonly exp: {
      readonly game: GameDefinition;
      readonly arms: readonly { readonly id: string; readonly setup: GameSetup }[];
    },
  ) {
    this.cols = recordColumns(exp.game).length;
    this.counts = exp.arms.map((a) => new Float64Array(heatSize(exp.game, a.setup)));
    this.games = exp.arms.map(() => 0);
  }

  /** Adds the heat tail of one block: games [start, end) of arm `arm`. */
  add(arm: number, start: number, end: number, block: Float64Array): void {
    const rows = end - start;
    const counts = this.counts[arm]!;
    this.games[arm]! += rows;
    for (let h = 0; h < counts.length; h++) counts[h]! += block[this.cols * rows + h] ?? 0;
  }

  /** cells.csv rows: every arm's cells in board order (none when the game has no board). */
  rows(): HeatRow[] {
    const def = this.exp.game;
    if (def.board === undefined) return [];
    const cells = this.exp.arms.flatMap((arm, a) =>
      def.board!(arm.setup).cells.map((cell, h) => ({
        arm: arm.id,
        cell: cell.id,
        count: this.counts[a]![h]!,
      })),
    );
    return heatRows(cells, new Map(this.exp.arms.map((arm, a) => [arm.id, this.games[a]!])));
  }
}
