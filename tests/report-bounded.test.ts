import { describe, expect, it } from 'vitest';
import type { StatRow } from '../src/analysis/summary.js';
import type { ZoneBoardDef } from '../src/core/board.js';
import { GAMES } from '../src/games/index.js';
import { networkLayout, rankStats, terrainSymbols } from '../src/report/charts.js';
import { MAP_ARMS, mapArms } from '../src/report/report.js';

// What keeps a report short and its maps legible: statistics ranked by how well they separate the
// arms, a few arms' maps, names beside the nodes of a zone map with rings that do not overlap, and
// one terrain symbol per kind of ground in every game.

const merkur = GAMES.find((g) => g.id === 'merkur')!;
const row = (arm: string, stat: string, mean: number, sd: number): StatRow => ({
  arm,
  stat,
  mean,
  sd,
  min: mean - sd,
  q25: mean,
  median: mean,
  q75: mean,
  max: mean + sd,
});

describe('rankStats', () => {
  it('puts the statistics that separate the arms most first, leaves out those that never vary', () => {
    const def = { ...merkur, stats: [] };
    const stats = [
      row('a', 'small', 0, 2),
      row('b', 'small', 1, 2),
      row('a', 'large', 0, 1),
      row('b', 'large', 3, 1),
      row('a', 'exact', 1, 0),
      row('b', 'exact', 2, 0),
      { ...row('a', 'constant', 5, 0), min: 5, max: 5 },
      { ...row('b', 'constant', 5, 0), min: 5, max: 5 },
    ];
    const ranked = rankStats(def, stats);
    expect(ranked.map((s) => s.stat)).toEqual(['exact', 'large', 'small']);
    expect(ranked[0]!.effect).toBe(Number.POSITIVE_INFINITY);
    expect(ranked[1]!.effect).toBeCloseTo(3, 12);
    expect(ranked[2]!.effect).toBeCloseTo(0.5, 12);
    expect(ranked[1]!.low).toEqual({ arm: 'a', mean: 0 });
    expect(ranked[1]!.high).toEqual({ arm: 'b', mean: 3 });
  });
});

describe('mapArms', () => {
  it('draws the baseline and the arms whose maps differ most from it', () => {
    const arms = ['base', 'same', 'far', 'near', 'farther', 'middle'];
    const far = { base: 0, same: 0, far: 0.6, near: 0.1, farther: 0.9, middle: 0.3 };
    const heat = arms.flatMap((arm) => [
      { arm, cell: 'x', share: far[arm as keyof typeof far] },
      { arm, cell: 'y', share: 0.5 },
    ]);
    expect(MAP_ARMS).toBe(4);
    expect(mapArms(heat, arms, 'base')).toEqual(['base', 'farther', 'far', 'middle']);
    expect(mapArms(heat, arms.slice(0, 3), 'base')).toEqual(['base', 'same', 'far']);
  });
});

describe('the Merkur zone map', () => {
  const board = merkur.board!({ scenario: 'two-player', variants: new Set(), params: {} }) as ZoneBoardDef;
  const layout = networkLayout(board);
  const px = (x: number, y: number) => {
    const [x0, x1] = layout.x.domain;
    const [y0, y1] = layout.y.domain;
    return [((x - x0) / (x1 - x0)) * layout.width, ((y - y0) / (y1 - y0)) * layout.height] as const;
  };

  it('names Maleme and most zones beside their nodes', () => {
    const maleme = board.cells.find((c) => c.name?.startsWith('Maleme'))!;
    expect(layout.names.find((n) => n.id === maleme.id)?.text).toMatch(/^Maleme/);
    expect(layout.names.length + layout.unnamed.length).toBe(board.cells.length);
    expect(layout.names.length).toBeGreaterThan(0.9 * board.cells.length);
  });

  it('draws no two zones whose outermost rings overlap', () => {
    const outer = (n: number) => (n === 0 ? 9 : layout.ringRadius(n - 1));
    const cells = board.cells;
    for (let i = 0; i < cells.length; i++)
      for (let j = i + 1; j < cells.length; j++) {
        const [a, b] = [cells[i]!, cells[j]!];
        const [ax, ay] = px(a.x, a.y);
        const [bx, by] = px(b.x, b.y);
        const d = Math.hypot(ax - bx, ay - by);
        expect(d, `${a.id} ${b.id}`).toBeGreaterThanOrEqual(
          outer((a.marks ?? []).length) + outer((b.marks ?? []).length),
        );
      }
  });
});

describe('terrain symbols', () => {
  it('give one kind of ground the same symbol in every game, whatever else the map has', () => {
    const [clearAlone] = terrainSymbols(['clear']);
    const [, clearInCrete] = terrainSymbols(['rough', 'clear', 'airfield', 'town']);
    const [forestInSfo] = terrainSymbols(['forest']);
    const [, forestInScs] = terrainSymbols(['clear', 'forest']);
    expect(clearInCrete).toEqual(clearAlone);
    expect(forestInScs).toEqual(forestInSfo);
    expect(forestInSfo).not.toEqual(clearAlone);
    // the zone games' names for the same ground
    expect(terrainSymbols(['boisee'])[0]).toEqual(forestInSfo);
    expect(terrainSymbols(['plaine'])[0]).toEqual(clearAlone);
  });
});
