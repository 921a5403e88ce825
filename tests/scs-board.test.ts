/** The SCS board for the map heatmap (game contract `board`, GameRecord.hexes). */
import { describe, expect, it } from 'vitest';
import { gameStreams } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { scs } from '../src/games/scs/index.js';
import { scsMap } from '../src/games/scs/map.js';
import { SOVIET } from '../src/games/scs/state.js';

describe('SCS board', () => {
  const setup = resolveSetup(scs, {}, 'test');
  const board = scs.board!(setup);
  const marked = (m: string) => board.hexes.filter((h) => h.marks?.includes(m)).map((h) => h.id);
  it('lists all 315 hexes in map-index order, odd columns shifted, with terrain and names', () => {
    expect(board.shifted).toBe('odd');
    expect(board.hexes.map((h) => h.id)).toEqual(scsMap.ids);
    expect(board.hexes.filter((h) => h.terrain === 'forest')).toHaveLength(107);
    expect(board.hexes.find((h) => h.id === '2608')!.name).toContain('Moscow');
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
    const b = scs.board!(resolveSetup(scs, { params: { fortifiedCandidates: ['1905'] } }, 'test'));
    expect(b.hexes.filter((h) => h.marks?.includes('fortified-candidate')).map((h) => h.id)).toEqual([
      '1905',
    ]);
  });
  it('GameRecord.hexes are the Soviet-controlled hexes at the end, each once', () => {
    for (const policy of ['historical', 'random']) {
      const streams = gameStreams(1, 2);
      const state = scs.start(setup, streams);
      const start = state.control.flatMap((c, h) => (c === SOVIET ? [h] : []));
      const pd = scs.policies.find((p) => p.id === policy)!;
      const r = scs.play(state, { streams, policies: { soviet: pd.create() } });
      const hexes = r.hexes!;
      expect(new Set(hexes).size).toBe(hexes.length);
      expect(hexes).toEqual(state.control.flatMap((c, h) => (c === SOVIET ? [h] : [])));
      for (const h of start) expect(hexes).toContain(h);
    }
  });
});
