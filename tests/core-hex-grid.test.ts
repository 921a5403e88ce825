import { describe, expect, it } from 'vitest';
import { bfsDistances } from '../src/core/graph.js';
import { createHexGrid, hexId, offsetNeighbours } from '../src/core/hex.js';

const sfo = createHexGrid({ columns: 9, rows: 8, shifted: 'even', exists: (c, r) => c % 2 === 1 || r <= 7 });
const scs = createHexGrid({ columns: 21, rows: 15, shifted: 'odd' });
const nb = (g: typeof sfo, id: string) => g.neighbours[g.index(id)]!.map((i) => g.ids[i]).sort();

describe('hex grid, even columns shifted down (Strike Force One)', () => {
  it('has 68 hexes: odd columns 8 rows, even columns 7', () => {
    expect(sfo.size).toBe(68);
    expect(sfo.has('0208')).toBe(false);
    expect(sfo.has('0108')).toBe(true);
  });

  it('SFO Fig. 10: the zone of 0206 covers 0106, 0107, 0205, 0207 but not 0105 or 0108', () => {
    const z = nb(sfo, '0206');
    expect(z).toEqual(expect.arrayContaining(['0106', '0107', '0205', '0207']));
    expect(z).not.toContain('0105');
    expect(z).not.toContain('0108');
  });

  it('SFO Fig. 12: 0806, 0707 and 0805 all touch 0706', () => {
    for (const h of ['0806', '0707', '0805']) expect(nb(sfo, '0706')).toContain(h);
  });

  it('SFO Fig. 14: 0406 -> 0307 -> 0206/0207 are adjacent steps', () => {
    expect(nb(sfo, '0406')).toContain('0307');
    expect(nb(sfo, '0307')).toEqual(expect.arrayContaining(['0206', '0207']));
  });
});

describe('hex grid, odd columns shifted down (Strike & Counterstrike)', () => {
  it('an odd column touches rows r and r+1 of its neighbours, an even one r-1 and r', () => {
    expect(nb(scs, '0305')).toEqual(['0205', '0206', '0304', '0306', '0405', '0406']);
    expect(nb(scs, '0405')).toEqual(['0304', '0305', '0404', '0406', '0504', '0505']);
  });
});

describe('hex grid numbered from column 10, row 00 (the SCS map, 1.6)', () => {
  const g = createHexGrid({
    firstColumn: 10,
    columns: 27,
    firstRow: 0,
    rows: 17,
    shifted: 'odd',
    exists: (c, r) => r <= (c % 2 === 1 ? 16 : 17),
  });
  it('has the 315 hexes 1000-2716, column by column, rows from 00 down', () => {
    expect(g.size).toBe(315);
    expect(g.ids.slice(0, 3)).toEqual(['1000', '1001', '1002']);
    expect(g.ids[18]).toBe('1100'); // column 10 holds rows 00-17
    expect(g.ids.at(-1)).toBe('2716');
    expect(g.has('1117')).toBe(false);
    expect(g.has('0901')).toBe(false);
    const order = g.ids.map((_, i) => g.cols[i]! * 100 + g.rows[i]!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('row-00 hexes have their neighbours on the map only, in N, NE, SE, S, SW, NW order', () => {
    expect(nb(g, '1000')).toEqual(['1001', '1100']);
    expect(g.neighbours[g.index('1100')]!.map((i) => g.ids[i])).toEqual([
      '1200',
      '1201',
      '1101',
      '1001',
      '1000',
    ]);
    expect(g.neighbours[g.index('1200')]!.map((i) => g.ids[i])).toEqual(['1300', '1201', '1100']);
  });

  it('defaults still number from 1', () => {
    expect(sfo.ids[0]).toBe('0101');
    expect(sfo.has('0100')).toBe(false);
  });
});

for (const [name, grid] of [
  ['SFO', sfo],
  ['SCS', scs],
] as const) {
  describe(`${name} grid geometry`, () => {
    it('adjacency is symmetric and every inner hex has six neighbours', () => {
      for (let i = 0; i < grid.size; i++) {
        for (const j of grid.neighbours[i]!) expect(grid.neighbours[j]).toContain(i);
        const [c, r] = [grid.cols[i]!, grid.rows[i]!];
        const full = offsetNeighbours(grid.spec.shifted, c, r).every(([cc, rr]) => grid.has(hexId(cc, rr)));
        if (full) expect(grid.neighbours[i]!.length).toBe(6);
      }
    });

    it('cube distance equals the number of steps on the full map', () => {
      for (let s = 0; s < grid.size; s += 7) {
        const d = bfsDistances(grid.neighbours, s);
        for (let t = 0; t < grid.size; t++) expect(grid.distance(s, t)).toBe(d[t]);
      }
    });
  });
}
