import { describe, expect, it } from 'vitest';
import { type BoardDef, checkBoard, type HexBoardDef } from '../src/core/board.js';
import { pointBoard, zoneBoard } from './helpers/boards.js';

// A board is checked once where the runner and the report take it from a game: a bad one fails with
// the field and the value named, a good one comes back unchanged.

const hexBoard: HexBoardDef = {
  kind: 'hex',
  heat: 'fought over',
  boards: [
    { id: 'W', label: 'West board', shifted: 'even' },
    { id: 'E', label: 'East board', shifted: 'odd', x: 5, y: 1 },
  ],
  cells: [
    { id: 'W0100', board: 'W', col: 1, row: 0, terrain: 'clear' },
    { id: 'W0101', board: 'W', col: 1, row: 1, terrain: 'forest', name: 'Wood', marks: ['forest'] },
    { id: 'E0100', board: 'E', col: 1, row: 0, terrain: 'clear' },
  ],
};

// biome-ignore lint/suspicious/noExplicitAny: the edits write values the board's types forbid
type Loose = any;
/** The board with one change made by `edit` on a deep copy. */
function broken<B extends BoardDef>(board: B, edit: (b: Loose) => void): B {
  const copy = structuredClone(board) as B;
  edit(copy);
  return copy;
}

const check = (b: BoardDef) => () => checkBoard(b, 'game x');

describe('board validation', () => {
  it('accepts a hex board of two sheets (rows from 00), a zone board and a point board, unchanged', () => {
    for (const b of [hexBoard, zoneBoard, pointBoard] as BoardDef[]) expect(checkBoard(b, 't')).toBe(b);
  });

  it('rejects a cell id used twice, naming both cells', () => {
    expect(check(broken(zoneBoard, (b) => (b.cells[3].id = 'Z1')))).toThrow(
      'game x: field board.cells[3].id: cell id also used by cells[0] (value "Z1")',
    );
    // ids are unique across the sheets of a hex board too
    expect(check(broken(hexBoard, (b) => (b.cells[2].id = 'W0100')))).toThrow(/cells\[2\]\.id.*"W0100"/);
  });

  it('rejects a link or line naming a cell the board does not have, or a cell joined to itself', () => {
    expect(check(broken(zoneBoard, (b) => (b.links[4].b = 'Z9')))).toThrow(
      'game x: field board.links[4].b: not a cell of the board (value "Z9")',
    );
    expect(check(broken(pointBoard, (b) => (b.lines[0].a = 'nowhere')))).toThrow(
      /board\.lines\[0\]\.a: not a cell of the board \(value "nowhere"\)/,
    );
    expect(check(broken(pointBoard, (b) => (b.lines[2].b = 'p03')))).toThrow(
      /lines\[2\]\.b: joins a cell to itself/,
    );
  });

  it('rejects positions that are not finite numbers', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(check(broken(zoneBoard, (b) => (b.cells[2].x = bad)))).toThrow(
        new RegExp(`board\\.cells\\[2\\]\\.x: .*\\(value ${bad}\\)`),
      );
      expect(check(broken(pointBoard, (b) => (b.cells[9].y = bad)))).toThrow(/board\.cells\[9\]\.y/);
    }
    expect(check(broken(hexBoard, (b) => (b.boards[1].x = Number.NaN)))).toThrow(/board\.boards\[1\]\.x/);
    expect(check(broken(zoneBoard, (b) => (b.cells[0].y = '2')))).toThrow(/board\.cells\[0\]\.y.*"2"/);
  });

  it('rejects a hex on an unknown sheet, two hexes on one spot, a sheet listed twice, a negative row', () => {
    expect(check(broken(hexBoard, (b) => (b.cells[1].board = 'N')))).toThrow(
      'game x: field board.cells[1].board: not one of the boards (value "N")',
    );
    expect(check(broken(hexBoard, (b) => (b.cells[1].row = 0)))).toThrow(
      /cells\[1\]: same board, column and row as cells\[0\]/,
    );
    expect(check(broken(hexBoard, (b) => (b.boards[1].id = 'W')))).toThrow(
      /boards\[1\]\.id: board id listed twice/,
    );
    expect(check(broken(hexBoard, (b) => (b.cells[0].row = -1)))).toThrow(/board\.cells\[0\]\.row/);
    expect(check(broken(hexBoard, (b) => (b.cells[0].col = 1.5)))).toThrow(/board\.cells\[0\]\.col/);
  });

  it('rejects ids that cannot travel through cells.csv or a comma-separated location list', () => {
    for (const id of ['', 'a b', 'a,b', 'say"x"'])
      expect(check(broken(zoneBoard, (b) => (b.cells[0].id = id)))).toThrow(/board\.cells\[0\]\.id/);
  });

  it('rejects an unknown kind, a board without cells and a missing heat caption', () => {
    expect(check(broken(zoneBoard, (b) => (b.kind = 'areas')))).toThrow(/field board\.kind/);
    expect(check(broken(pointBoard, (b) => (b.cells = [])))).toThrow(/field board\.cells/);
    expect(check(broken(zoneBoard, (b) => (b.heat = '')))).toThrow(/field board\.heat/);
    expect(check(broken(pointBoard, (b) => (b.lines[1].class = undefined)))).toThrow(
      /board\.lines\[1\]\.class/,
    );
  });
});
