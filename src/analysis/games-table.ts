import * as aq from 'arquero';
import type { GameDefinition } from '../core/game.js';
import { type ColumnSpec, recordColumns } from '../runner/layout.js';

export type Table = ReturnType<typeof aq.table>;

/** One arm's finished games: its id, scenario and the column-major blocks in game-index order. */
export interface ArmBlocks {
  readonly arm: string;
  readonly scenario: string;
  readonly blocks: readonly { readonly start: number; readonly end: number; readonly data: Float64Array }[];
}

/**
 * The games table: one row per (arm, game index), arms in experiment order, games in index order.
 * Columns: game, arm, scenario, result, winner, end_turn, end_reason, victory_level, then the
 * game's own statistics. Integer columns are Int32Array, real ones Float64Array, categories strings.
 */
export function gamesTable(def: GameDefinition, arms: readonly ArmBlocks[]): Table {
  const cols = recordColumns(def);
  const total = arms.reduce((n, a) => n + a.blocks.reduce((m, b) => m + (b.end - b.start), 0), 0);
  const game = new Int32Array(total);
  const arm: string[] = new Array(total);
  const scenario: string[] = new Array(total);
  const out = cols.map((c) => (c.kind === 'cat' ? new Array<string>(total) : c.kind === 'int' ? new Int32Array(total) : new Float64Array(total)));
  const winnerOf = new Map(def.results.map((r) => [r.id, r.winner ?? 'none']));
  let row = 0;
  for (const a of arms) {
    for (const b of a.blocks) {
      const rows = b.end - b.start;
      for (let i = 0; i < rows; i++, row++) {
        game[row] = b.start + i;
        arm[row] = a.arm;
        scenario[row] = a.scenario;
        cols.forEach((c, ci) => {
          const v = b.data[ci * rows + i]!;
          if (c.kind === 'cat') (out[ci] as string[])[row] = c.categories![v]!;
          else (out[ci] as Int32Array | Float64Array)[row] = v;
        });
      }
    }
  }
  const resultCol = out[0] as string[];
  const winner = resultCol.map((r) => winnerOf.get(r) ?? 'none');
  const data: Record<string, unknown> = { game, arm, scenario };
  cols.forEach((c, ci) => {
    data[c.name] = out[ci];
    if (ci === 0) data.winner = winner;
  });
  return aq.table(data as Record<string, ArrayLike<unknown>>);
}

/** Column specs of the games table in order, with descriptions (for the manifest and docs). */
export function gamesTableColumns(def: GameDefinition): ColumnSpec[] {
  const rec = recordColumns(def);
  return [
    { name: 'game', kind: 'int', description: 'game index: with the master seed it fixes every die of the game' },
    { name: 'arm', kind: 'cat', description: 'arm of the experiment (policies, variants, parameters)' },
    { name: 'scenario', kind: 'cat', description: 'scenario or level played' },
    rec[0]!,
    { name: 'winner', kind: 'cat', categories: [...def.sides.map((s) => s.id), 'none'], description: 'winning side, or none' },
    ...rec.slice(1),
  ];
}
