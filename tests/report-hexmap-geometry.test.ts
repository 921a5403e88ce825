import { describe, expect, it } from 'vitest';
import { adjacent, createHexGrid } from '../src/core/hex.js';
import { hexPolygon } from '../src/report/hexmap.js';

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
