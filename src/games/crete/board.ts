/**
 * The three boards as the report draws them (K1): Suda Bay, Retimo and Heraklion side by side, each
 * its own hex sheet with even columns shifted down, labelled, with airfields, towns, Suda Bay, the
 * coast road and the X exit squares marked. Cells are in the map's index order (GameRecord.cells).
 */
import type { BoardDef, GameSetup, HexCell } from '../../core/game.js';
import { creteData } from './data.js';
import { MAP, TERRAIN_NAMES } from './map.js';
import { resolveRules } from './resolve.js';

export function creteBoard(setup: GameSetup): BoardDef {
  const rules = resolveRules(setup);
  const D = creteData;
  let x = 0;
  const boards = D.boards.map((b) => {
    const sheet = { id: b.id, label: b.name, shifted: 'even' as const, x };
    x += b.columns + 2;
    return sheet;
  });
  return {
    kind: 'hex',
    boards,
    heat: 'German-occupied at the end of turn 10 (K3)',
    cells: MAP.ids.map((id, i): HexCell => {
      const marks: string[] = [];
      const t = MAP.terrain[i]!;
      if (t === 3) marks.push('airfield');
      if (t === 2) marks.push('town');
      if (rules.sudaSquares.includes(i)) marks.push('suda');
      if (MAP.road[i] === 1) marks.push('road');
      if (MAP.exitTo[i]! >= 0) marks.push('exit');
      const name = MAP.names[i];
      return {
        id,
        board: D.boards[MAP.board[i]!]!.id,
        col: MAP.col[i]!,
        row: MAP.row[i]!,
        terrain: TERRAIN_NAMES[t]!,
        ...(name === undefined ? {} : { name }),
        marks,
      };
    }),
  };
}

/** Every square id of the three boards. */
export function creteLocationIds(): ReadonlySet<string> {
  return new Set(MAP.ids);
}
