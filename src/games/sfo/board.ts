/**
 * The board as the report draws it (SFO 3.1): every hex with its terrain, the towns, the forests
 * (fixed by the rules or reconstructed) and the set-up hexes, in the map's hex-index order (the
 * order GameRecord.cells indexes), on one hex board with even columns shifted half a hex down.
 */
import type { BoardDef, GameSetup, HexCell } from '../../core/game.js';
import { sfoData } from './data.js';
import { sfoGrid, sfoMap } from './map.js';
import { resolveRules } from './resolve.js';

export function sfoBoard(setup: GameSetup): BoardDef {
  const rules = resolveRules(setup);
  const m = sfoMap(rules.hexCount, rules.forests);
  const townName = new Map(sfoData.towns.map((t) => [t.hex, t.name]));
  const sovietSetup = new Set(sfoData.sovietSetup.hexes);
  const usSetup = new Set(rules.usSetup);
  const reconstructed = new Set(rules.forests);
  return {
    kind: 'hex',
    boards: [
      { id: 'sfo', label: `Strike Force One (${rules.hexCount} hexes)`, shifted: sfoData.grid.shifted },
    ],
    heat: "how often each hex was fought over (the defender's hex of a battle)",
    cells: m.ids.map((id, i): HexCell => {
      const marks: string[] = [];
      if (m.town[i] === 1) marks.push('town');
      if (m.forest[i] === 1) marks.push(reconstructed.has(id) ? 'forest (reconstructed)' : 'forest');
      if (sovietSetup.has(id)) marks.push('Soviet set-up');
      if (usSetup.has(id)) marks.push('US set-up');
      const name = townName.get(id);
      return {
        id,
        board: 'sfo',
        col: m.grid.cols[i]!,
        row: m.grid.rows[i]!,
        terrain: m.forest[i] === 1 ? 'forest' : 'clear',
        ...(name === undefined ? {} : { name }),
        marks,
      };
    }),
  };
}

/** Every hex id that can be on the board (the 72-hex map; the 68-hex one lacks four of them). */
export function sfoLocationIds(): ReadonlySet<string> {
  return new Set(sfoGrid(72).ids);
}
