/**
 * The SCS board for the report's map heatmap (game contract `board`): every hex in map-index order
 * (the order GameRecord.cells indexes), odd columns shifted half a hex down (data/NOTES.md (c)2), with the
 * features of the set-up: fortified localities (10.13, known and candidate), the K-area (4.3), the
 * initial front hexes (3.4), Moscow and Tula (4.2).
 */
import type { BoardDef, GameSetup, HexCell } from '../../core/game.js';
import { scsMap } from './map.js';
import { KNOWN_FORTIFIED, resolveConfig } from './parameters.js';
import { SOVIET } from './state.js';

/** What a hex's heat means: the share of games in which it ended Soviet-controlled. */
export const BOARD_HEAT = 'Soviet-controlled at the end of the game (3.8)';

export function board(setup: GameSetup): BoardDef {
  const cfg = resolveConfig(setup);
  const known = new Set(KNOWN_FORTIFIED.map((id) => scsMap.index(id)));
  const cells: HexCell[] = [];
  for (let h = 0; h < scsMap.size; h++) {
    const marks: string[] = [];
    if (cfg.fortified[h] === 1) marks.push(known.has(h) ? 'fortified' : 'fortified-candidate');
    if (cfg.kArea[h] === 1) marks.push('k-area');
    // SCS 3.4: the initial front is every German hex next to the Soviet start area
    if (cfg.sovietStart[h] !== 1 && scsMap.nbr[h]!.some((n) => cfg.sovietStart[n] === 1)) marks.push('front');
    if (h === scsMap.moscow) marks.push('moscow');
    if (h === scsMap.tula) marks.push('tula');
    const cell: HexCell = {
      id: scsMap.ids[h]!,
      board: 'scs',
      col: scsMap.col[h]!,
      row: scsMap.row[h]!,
      terrain: cfg.forest[h] === 1 ? 'forest' : 'clear',
      marks,
    };
    cells.push(scsMap.names[h] ? { ...cell, name: scsMap.names[h]! } : cell);
  }
  return {
    kind: 'hex',
    boards: [{ id: 'scs', label: 'Strike & Counterstrike', shifted: 'odd' }],
    cells,
    heat: BOARD_HEAT,
  };
}

/** Every hex id of the map (1000-2716): what the location parameters may name. */
export function locationIds(): ReadonlySet<string> {
  return new Set(scsMap.ids);
}

/** GameRecord.cells: board indices of the hexes Soviet-controlled at the end, each once. */
export function sovietHexes(control: readonly number[]): number[] {
  const out: number[] = [];
  for (let h = 0; h < control.length; h++) if (control[h] === SOVIET) out.push(h);
  return out;
}
