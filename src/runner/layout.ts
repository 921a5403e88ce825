import type { GameDefinition, GameRecord } from '../core/game.js';

/** A column of the games table: categorical columns are stored as codes into `categories`. */
export interface ColumnSpec {
  readonly name: string;
  readonly kind: 'cat' | 'int' | 'float';
  readonly categories?: readonly string[];
  readonly description: string;
}

/**
 * The per-game columns a worker fills for one game definition: result, end turn, end reason,
 * victory level, then the game's own statistics, in the order the definition lists them.
 */
export function recordColumns(def: GameDefinition): ColumnSpec[] {
  return [
    { name: 'result', kind: 'cat', categories: def.results.map((r) => r.id), description: 'how the game ended' },
    { name: 'end_turn', kind: 'int', description: 'last turn played' },
    { name: 'end_reason', kind: 'cat', categories: def.endReasons, description: 'why the game ended' },
    { name: 'victory_level', kind: 'cat', categories: def.victoryLevels, description: 'degree of the result' },
    ...def.stats.map((s): ColumnSpec => ({ name: s.id, kind: s.kind === 'int' ? 'int' : 'float', description: s.description })),
  ];
}

/** Writes one record into row `row` of a column-major block of `rows` rows. */
export function writeRecord(def: GameDefinition, cols: readonly ColumnSpec[], block: Float64Array, rows: number, row: number, rec: GameRecord): void {
  const code = (c: ColumnSpec, value: string) => {
    const i = c.categories!.indexOf(value);
    if (i < 0) throw new Error(`${def.id}: ${c.name} ${JSON.stringify(value)} is not one of ${c.categories!.join(', ')}`);
    return i;
  };
  block[row] = code(cols[0]!, rec.result);
  block[rows + row] = rec.endTurn;
  block[2 * rows + row] = code(cols[2]!, rec.endReason);
  block[3 * rows + row] = code(cols[3]!, rec.victoryLevel);
  for (let s = 0; s < def.stats.length; s++) {
    const v = rec.stats[def.stats[s]!.id];
    if (v === undefined || !Number.isFinite(v)) throw new Error(`${def.id}: statistic ${def.stats[s]!.id} missing or not finite (${v})`);
    block[(4 + s) * rows + row] = v;
  }
}
