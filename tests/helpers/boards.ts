/**
 * Small boards for tests of the board contract and the report: a zone board (seven areas of an
 * island, linked by land, a pass and one sea crossing), a point-and-line board (eight points joined
 * by road, rail and trail lines, and two off-map boxes) and a hex map of two boards. Not real games.
 */
import type { HexBoardDef, PointBoardDef, ZoneBoardDef } from '../../src/core/board.js';
import { hexId } from '../../src/core/hex.js';

export const zoneBoard: ZoneBoardDef = {
  kind: 'zones',
  heat: 'held by the attacker at the end of the game',
  cells: [
    { id: 'Z1', name: 'Airfield', terrain: 'clear', x: 0, y: 2, marks: ['objective'] },
    { id: 'Z2', name: 'Hill 107', terrain: 'hills', x: 1.5, y: 1 },
    { id: 'Z3', name: 'Harbour town', terrain: 'town', x: 3, y: 2, marks: ['objective', 'port'] },
    { id: 'Z4', name: 'Prison valley', terrain: 'clear', x: 2.5, y: 3.5 },
    { id: 'Z5', name: 'White mountains', terrain: 'mountain', x: 4.5, y: 4 },
    { id: 'Z6', name: 'Bay', terrain: 'coast', x: 5, y: 1.5, marks: ['port'] },
    { id: 'Z7', terrain: 'clear', x: 6.5, y: 2.5 },
  ],
  links: [
    { a: 'Z1', b: 'Z2' },
    { a: 'Z2', b: 'Z3' },
    { a: 'Z2', b: 'Z4' },
    { a: 'Z3', b: 'Z4' },
    { a: 'Z4', b: 'Z5', kind: 'mountain pass' },
    { a: 'Z3', b: 'Z6' },
    { a: 'Z6', b: 'Z7' },
    { a: 'Z1', b: 'Z6', kind: 'sea' },
  ],
};

export const pointBoard: PointBoardDef = {
  kind: 'points',
  heat: 'a battle was fought there',
  cells: [
    { id: 'p01', name: 'Ashford', terrain: 'city', x: 10, y: 10, marks: ['supply source'] },
    { id: 'p02', terrain: 'clear', x: 30, y: 8 },
    { id: 'p03', name: 'Bridge', terrain: 'river', x: 50, y: 12 },
    { id: 'p04', terrain: 'woods', x: 30, y: 30 },
    { id: 'p05', name: 'Crossroads', terrain: 'clear', x: 55, y: 32 },
    { id: 'p06', terrain: 'hills', x: 75, y: 20 },
    { id: 'p07', name: 'Dunmore', terrain: 'city', x: 90, y: 35, marks: ['objective'] },
    { id: 'p08', terrain: 'marsh', x: 70, y: 45 },
    { id: 'reserve', name: 'Reserve box', terrain: 'box', x: 0, y: 50, box: true },
    { id: 'dead', name: 'Eliminated units', terrain: 'box', x: 100, y: 55, box: true },
  ],
  lines: [
    { a: 'p01', b: 'p02', class: 'road' },
    { a: 'p02', b: 'p03', class: 'road' },
    { a: 'p03', b: 'p06', class: 'road' },
    { a: 'p06', b: 'p07', class: 'road' },
    { a: 'p01', b: 'p04', class: 'rail' },
    { a: 'p04', b: 'p05', class: 'rail' },
    { a: 'p05', b: 'p07', class: 'rail' },
    { a: 'p03', b: 'p05', class: 'trail' },
    { a: 'p05', b: 'p08', class: 'trail' },
    { a: 'p08', b: 'p07', class: 'trail' },
  ],
};

/**
 * A hex map of two printed boards side by side (as Crete's three): a west board with even columns
 * shifted, columns 01-04 and rows 01-03, and an east board with odd columns shifted, columns 01-03
 * and rows 00-02 (numbered from 00); ids carry the board's letter.
 */
export const twoSheetHexBoard: HexBoardDef = {
  kind: 'hex',
  heat: 'held at the end of the game',
  boards: [
    { id: 'W', label: 'West board', shifted: 'even' },
    { id: 'E', label: 'East board', shifted: 'odd' },
  ],
  cells: [
    ...[1, 2, 3, 4].flatMap((col) =>
      [1, 2, 3].map((row) => ({
        id: `W${hexId(col, row)}`,
        board: 'W',
        col,
        row,
        terrain: col === 2 && row === 2 ? 'forest' : 'clear',
        ...(col === 1 && row === 1 ? { name: 'Westport', marks: ['town'] } : {}),
      })),
    ),
    ...[1, 2, 3].flatMap((col) =>
      [0, 1, 2].map((row) => ({
        id: `E${hexId(col, row)}`,
        board: 'E',
        col,
        row,
        terrain: 'clear',
        ...(col === 3 && row === 0 ? { marks: ['airfield'] } : {}),
      })),
    ),
  ],
};
