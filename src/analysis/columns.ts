/** The columns of the games table: the common record columns, then a game's own statistics. */
import type { GameDefinition } from '../core/game.js';

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
    {
      name: 'result',
      kind: 'cat',
      categories: def.results.map((r) => r.id),
      description: 'how the game ended',
    },
    { name: 'end_turn', kind: 'int', description: 'last turn played' },
    { name: 'end_reason', kind: 'cat', categories: def.endReasons, description: 'why the game ended' },
    {
      name: 'victory_level',
      kind: 'cat',
      categories: def.victoryLevels,
      description: 'degree of the result',
    },
    ...def.stats.map(
      (s): ColumnSpec => ({
        name: s.id,
        kind: s.kind === 'int' ? 'int' : 'float',
        description: s.description,
      }),
    ),
  ];
}
