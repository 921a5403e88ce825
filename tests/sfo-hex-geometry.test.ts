import { describe, expect, it } from 'vitest';
import { sfoData } from '../src/games/sfo/data.js';
import { sfoGrid, sfoMap } from '../src/games/sfo/map.js';

const ids = (g: ReturnType<typeof sfoGrid>, id: string) =>
  g.neighbours[g.index(id)]!.map((n) => g.ids[n]!).sort();

describe('SFO hex geometry (NOTES §1: even columns shifted down)', () => {
  const g = sfoGrid(68);

  it('has 68 hexes: odd columns rows 01-08, even columns rows 01-07; the 72-hex variant keeps 0208', () => {
    expect(g.size).toBe(68);
    expect(g.has('0108')).toBe(true);
    expect(g.has('0208')).toBe(false);
    expect(g.has('0908')).toBe(true);
    expect(sfoGrid(72).size).toBe(72);
    expect(sfoGrid(72).has('0208')).toBe(true);
  });

  it('Fig. 10: a unit on 0206 has exactly 0106, 0107, 0205, 0207 in column 01-02, not 0105 or 0108', () => {
    expect(ids(g, '0206')).toEqual(['0106', '0107', '0205', '0207', '0306', '0307']);
  });

  it('Fig. 12: 0806, 0707 and 0805 are all neighbours of 0706', () => {
    const n = ids(g, '0706');
    for (const h of ['0806', '0707', '0805']) expect(n).toContain(h);
    // and 0706 is the only hex they all touch
    const common = g.ids.filter((h) => ['0806', '0707', '0805'].every((x) => ids(g, x).includes(h)));
    expect(common).toEqual(['0706']);
  });

  it('Fig. 14: 0406 -> 0307 -> 0206 / 0207 are adjacent steps', () => {
    expect(ids(g, '0406')).toContain('0307');
    expect(ids(g, '0307')).toEqual(expect.arrayContaining(['0206', '0207']));
  });

  it('matches every neighbour list of the data file for both board sizes', () => {
    for (const h of sfoData.hexes) {
      if (h.in68) expect(ids(g, h.id)).toEqual([...h.neighbours68].sort());
      expect(ids(sfoGrid(72), h.id)).toEqual([...h.neighbours72].sort());
    }
  });

  it('places the towns, the five forests and the entry edges', () => {
    const m = sfoMap(68, ['0202', '0703']);
    expect(m.towns.map((t) => m.ids[t])).toEqual(['0405', '0107', '0303']);
    expect(m.ids.filter((_, i) => m.forest[i] === 1).sort()).toEqual([
      '0202',
      '0307',
      '0506',
      '0603',
      '0703',
    ]);
    expect(m.entry.us.map((h) => m.ids[h])).toEqual([
      '0101',
      '0102',
      '0103',
      '0104',
      '0105',
      '0106',
      '0107',
      '0108',
    ]);
    expect(m.entry.soviet.map((h) => m.ids[h])).toEqual([
      '0901',
      '0902',
      '0903',
      '0904',
      '0905',
      '0906',
      '0907',
      '0908',
    ]);
  });
});
