import { type ColumnSpec, recordColumns } from '../analysis/columns.js';
import type { HeatRow } from '../analysis/report-data.js';
import { checkBoard } from '../core/board.js';
import type { GameDefinition, GameRecord, GameSetup } from '../core/game.js';
import type { ChunkLayout } from './chunk-file.js';

export { type ColumnSpec, recordColumns };

/** Writes one record into row `row` of a column-major block of `rows` rows. */
export function writeRecord(
  def: GameDefinition,
  cols: readonly ColumnSpec[],
  block: Float64Array,
  rows: number,
  row: number,
  rec: GameRecord,
): void {
  const code = (c: ColumnSpec, value: string) => {
    const i = c.categories!.indexOf(value);
    if (i < 0)
      throw new Error(
        `${def.id}: ${c.name} ${JSON.stringify(value)} is not one of ${c.categories!.join(', ')}`,
      );
    return i;
  };
  block[row] = code(cols[0]!, rec.result);
  block[rows + row] = rec.endTurn;
  block[2 * rows + row] = code(cols[2]!, rec.endReason);
  block[3 * rows + row] = code(cols[3]!, rec.victoryLevel);
  for (let s = 0; s < def.stats.length; s++) {
    const v = rec.stats[def.stats[s]!.id];
    if (v === undefined || !Number.isFinite(v))
      throw new Error(`${def.id}: statistic ${def.stats[s]!.id} missing or not finite (${v})`);
    block[(4 + s) * rows + row] = v;
  }
}

/** Cells of the board one arm plays on (0 when the game has no board): the heat values of a chunk. */
export function heatSize(def: GameDefinition, setup: GameSetup): number {
  return def.board === undefined ? 0 : def.board(setup).cells.length;
}

/**
 * The chunk layout of an experiment: record columns per game, then one heat value per board cell.
 * Each arm's board is checked here, once per run (core/board.ts checkBoard).
 */
export function chunkLayout(exp: {
  readonly game: GameDefinition;
  readonly arms: readonly { readonly setup: GameSetup }[];
}): ChunkLayout {
  const sizes = exp.arms.map((a) =>
    exp.game.board === undefined
      ? 0
      : checkBoard(exp.game.board(a.setup), `game ${exp.game.id}`).cells.length,
  );
  return { cols: recordColumns(exp.game).length, extra: (arm) => sizes[arm] ?? 0 };
}

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
    return this.exp.arms.flatMap((arm, a) => {
      const counts = this.counts[a]!;
      const games = this.games[a]!;
      return def.board!(arm.setup).cells.map((cell, h) => ({
        arm: arm.id,
        cell: cell.id,
        count: counts[h]!,
        games,
        share: games === 0 ? 0 : counts[h]! / games,
      }));
    });
  }
}
