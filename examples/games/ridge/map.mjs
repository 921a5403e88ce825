// Ridge Line, rule 3: the map. Seven columns of six hexes, even columns shifted half a hex down,
// numbered CCRR as printed; the terrain of each hex, and the three towns Red must take.
import { createHexGrid } from 'sandtable';

/** The hex grid: neighbours and distances by hex index (sandtable's createHexGrid). */
export const GRID = createHexGrid({ columns: 7, rows: 6, shifted: 'even' });

/** Rule 3.1: woods (cover, and entering them ends a move). */
const WOODS = new Set(['0303', '0304', '0402', '0505', '0603', '0206']);

/** Rule 3.2: the towns, by hex (cover; Red's objectives). */
export const TOWNS = [
  { hex: '0502', name: 'Ashby' },
  { hex: '0404', name: 'Brent' },
  { hex: '0605', name: 'Carrow' },
];

/** The hex indices of the towns, in TOWNS order. */
export const TOWN_HEXES = TOWNS.map((t) => GRID.index(t.hex));

/** @param {number} h a hex index @returns {'town' | 'woods' | 'clear'} */
export function terrain(h) {
  const id = GRID.ids[h];
  if (TOWNS.some((t) => t.hex === id)) return 'town';
  return WOODS.has(id) ? 'woods' : 'clear';
}

/** @param {number} h @returns {boolean} Rule 6.1: a defender in woods or a town is in cover. */
export const inCover = (h) => terrain(h) !== 'clear';

/**
 * The board as the report draws it (sandtable's hex board): one printed map, each hex with its
 * terrain, towns and woods marked.
 * @returns {import('sandtable').HexBoardDef}
 */
export function board() {
  return {
    kind: 'hex',
    heat: 'held by Red at the end of the game (a Red unit in it, or a town Red took last)',
    boards: [{ id: 'ridge', label: 'Ridge Line', shifted: 'even' }],
    cells: GRID.ids.map((id, h) => {
      const t = terrain(h);
      const town = TOWNS.find((x) => x.hex === id);
      return {
        id,
        board: 'ridge',
        col: GRID.cols[h],
        row: GRID.rows[h],
        terrain: t,
        ...(town === undefined ? {} : { name: town.name }),
        ...(t === 'clear' ? {} : { marks: [t === 'town' ? 'town' : 'forest'] }),
      };
    }),
  };
}
