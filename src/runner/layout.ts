import { type ColumnSpec, recordColumns } from '../analysis/columns.js';
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
