/** The SCS board for the map heatmap (game contract `board`, GameRecord.cells). */
import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import { resolveSetup } from '../src/core/setup.js';
import { scs } from '../src/games/scs/index.js';
import { scsMap } from '../src/games/scs/map.js';
import { FOREST_LAYOUTS, parameters } from '../src/games/scs/parameters.js';
import { type ScsState, SOVIET } from '../src/games/scs/state.js';

describe('SCS board', () => {
  const setup = resolveSetup(scs, {}, 'test');
  const board = scs.board!(setup);
  if (board.kind !== 'hex') throw new Error('SCS is played on a hex board');
  const marked = (m: string) => board.cells.filter((h) => h.marks?.includes(m)).map((h) => h.id);
  it('lists all 315 hexes in map-index order, rows from 00, odd columns shifted, with terrain and names', () => {
    expect(board.boards).toEqual([{ id: 'scs', label: 'Strike & Counterstrike', shifted: 'odd' }]);
    expect(board.cells.map((h) => h.id)).toEqual(scsMap.ids);
    expect(board.cells.map((h) => [h.board, h.col, h.row])).toEqual(
      scsMap.ids.map((_, h) => ['scs', scsMap.col[h], scsMap.row[h]]),
    );
    expect(board.cells[0]).toMatchObject({ id: '1000', col: 10, row: 0 });
    const layout = parameters.find((p) => p.id === 'forestLayout')!.default as string;
    expect(board.cells.filter((h) => h.terrain === 'forest')).toHaveLength(FOREST_LAYOUTS[layout]!.length);
    expect(board.cells.find((h) => h.id === '2608')!.name).toContain('Moscow');
  });
  it('marks the fortified localities, the K-area, the initial front, Moscow and Tula', () => {
    expect(marked('fortified').sort()).toEqual(['2010', '2012', '2211']);
    expect(marked('fortified-candidate')).toHaveLength(13);
    expect(marked('k-area')).toHaveLength(34);
    expect(marked('front')).toHaveLength(25);
    expect(marked('front')).toContain('2612');
    expect(marked('front')).not.toContain('2712');
    expect(marked('moscow')).toEqual(['2608']);
    expect(marked('tula')).toEqual(['2512']);
  });
  it('follows the fortified-candidate parameter', () => {
    const b = scs.board!(
      resolveSetup(scs, { params: { fortifiedList: 'custom', fortifiedCandidates: ['1905'] } }, 'test'),
    );
    expect(b.cells.filter((h) => h.marks?.includes('fortified-candidate')).map((h) => h.id)).toEqual([
      '1905',
    ]);
  });
  it('GameRecord.cells are the Soviet-controlled hexes at the end, each once', () => {
    for (const policy of ['historical', 'random']) {
      const m = startMatch(scs, setup, { masterSeed: 1, gameIndex: 2 });
      const state = m.state as ScsState;
      const start = state.control.flatMap((c, h) => (c === SOVIET ? [h] : []));
      const pd = scs.policies.find((p) => p.id === policy)!;
      const r = playMatch(m, { soviet: pd.create() });
      const hexes = r.cells!;
      expect(new Set(hexes).size).toBe(hexes.length);
      expect(hexes).toEqual(state.control.flatMap((c, h) => (c === SOVIET ? [h] : [])));
      for (const h of start) expect(hexes).toContain(h);
    }
  });
});

describe('SCS map tables', () => {
  it('the flat neighbour table lists each hex its neighbours in nbr order', () => {
    for (let h = 0; h < scsMap.size; h++) {
      const flat = Array.from(scsMap.nb.subarray(6 * h, 6 * h + scsMap.deg[h]!));
      expect(flat).toEqual(scsMap.nbr[h]);
    }
  });
  it('hex steps between any two hexes equal their hex distance (the policies find approach distances without a search)', () => {
    let mismatches = 0;
    for (let a = 0; a < scsMap.size; a++) {
      const steps = new Int16Array(scsMap.size).fill(-1);
      const queue = [a];
      steps[a] = 0;
      for (let i = 0; i < queue.length; i++)
        for (const n of scsMap.nbr[queue[i]!]!)
          if (steps[n] === -1) {
            steps[n] = steps[queue[i]!]! + 1;
            queue.push(n);
          }
      for (let b = 0; b < scsMap.size; b++) if (steps[b] !== scsMap.distance(a, b)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
