import { describe, expect, it } from 'vitest';
import { adjacent, createHexGrid } from '../src/core/hex.js';
import {
  hexBoardFeatures,
  hexEdgeLabels,
  hexPolygon,
  placedHexes,
  placeSheets,
} from '../src/report/hexmap.js';
import { twoSheetHexBoard } from './helpers/boards.js';

// The map heatmap draws hexes in their true layout: hexes the rules call neighbours share an edge
// (two corners) in the drawn geometry, and no other pair does.

const key = (p: readonly [number, number]) => `${p[0].toFixed(6)},${p[1].toFixed(6)}`;

for (const [name, spec] of [
  ['SCS (odd columns shifted)', { columns: 21, rows: 15, shifted: 'odd' as const }],
  [
    'SFO (even columns shifted)',
    {
      columns: 9,
      rows: 8,
      shifted: 'even' as const,
      exists: (c: number, r: number) => c % 2 === 1 || r <= 7,
    },
  ],
] as const) {
  describe(`hex map geometry, ${name}`, () => {
    const grid = createHexGrid(spec);
    const corners = grid.ids.map((id) => new Set(hexPolygon(spec.shifted, id).corners.map(key)));
    it('neighbours share exactly one edge; other hexes share none', () => {
      for (let a = 0; a < grid.size; a++) {
        for (let b = a + 1; b < grid.size; b++) {
          let shared = 0;
          for (const c of corners[a]!) if (corners[b]!.has(c)) shared++;
          expect(shared, `${grid.ids[a]} / ${grid.ids[b]}`).toBe(
            adjacent(grid, a, b) ? 2 : shared === 1 ? 1 : 0,
          );
          if (!adjacent(grid, a, b)) expect(shared).toBeLessThan(2);
        }
      }
    });
  });
}

describe('hex map geometry, two boards side by side (rows of the east board from 00)', () => {
  const board = twoSheetHexBoard;
  const corners = (hexBoardFeatures(board, () => ({})) as { geometry: { coordinates: number[][][] } }[]).map(
    (f) => new Set(f.geometry.coordinates[0]!.map(([x, y]) => key([x!, y!]))),
  );
  const grids = {
    W: createHexGrid({ columns: 4, rows: 3, shifted: 'even' }),
    E: createHexGrid({ columns: 3, firstRow: 0, rows: 2, shifted: 'odd' }),
  };

  it("each board keeps its own parity's layout: neighbours share an edge, other hexes none", () => {
    for (let a = 0; a < board.cells.length; a++) {
      for (let b = a + 1; b < board.cells.length; b++) {
        const [ca, cb] = [board.cells[a]!, board.cells[b]!];
        let shared = 0;
        for (const c of corners[a]!) if (corners[b]!.has(c)) shared++;
        if (ca.board !== cb.board) {
          expect(shared, `${ca.id} / ${cb.id}`).toBe(0);
          continue;
        }
        const g = grids[ca.board as 'W' | 'E'];
        const near = adjacent(g, g.index(ca.id.slice(1)), g.index(cb.id.slice(1)));
        expect(shared === 2, `${ca.id} / ${cb.id}`).toBe(near);
      }
    }
  });

  it('boards go left to right one empty column apart, tops aligned, unless placed by x and y', () => {
    const [w, e] = placeSheets(board);
    expect(e!.left - w!.left).toBeCloseTo(1.5 * 5); // 4 columns and a gap
    expect(e!.top).toBeCloseTo(w!.top);
    const placed = placeSheets({ ...board, boards: [board.boards[0]!, { ...board.boards[1]!, x: 1, y: 4 }] });
    expect(placed[1]!.left - placed[0]!.left).toBeCloseTo(1.5);
    expect(placed[1]!.top - placed[0]!.top).toBeCloseTo(4 * Math.sqrt(3));
  });
});

describe('edge labels', () => {
  it('number each column of each board once, above its top hex, and each row left of its first hex', () => {
    const labels = hexEdgeLabels(twoSheetHexBoard);
    const placed = placedHexes(twoSheetHexBoard);
    for (const s of twoSheetHexBoard.boards) {
      const cells = placed.filter((p) => p.cell.board === s.id);
      const cols = [...new Set(cells.map((p) => p.cell.col))];
      const rows = [...new Set(cells.map((p) => p.cell.row))];
      const mine = (axis: string) =>
        labels.filter(
          (l) =>
            l.axis === axis &&
            cells.some(
              (p) =>
                Math.abs(p.hex.centre[axis === 'column' ? 0 : 1] - (axis === 'column' ? l.x : l.y)) < 1e-9,
            ),
        );
      expect(
        mine('column')
          .map((l) => l.text)
          .sort(),
      ).toEqual(cols.map((c) => String(c).padStart(2, '0')).sort());
      expect(mine('row').length).toBeGreaterThanOrEqual(rows.length);
      for (const l of mine('column')) {
        const column = cells.filter((p) => Math.abs(p.hex.centre[0] - l.x) < 1e-9);
        expect(l.y).toBeLessThan(Math.min(...column.map((p) => p.hex.centre[1])) - 1);
      }
    }
  });
});
