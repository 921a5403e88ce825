import { describe, expect, it } from 'vitest';
import { bfsDistances, connectedComponents, pathTo, shortestPaths } from '../src/core/graph.js';

// 0 - 1 - 2 - 3    4 - 5 (two components); 0-3 also linked through 6 at cost 10.
const adj = [[1, 6], [0, 2], [1, 3], [2, 6], [5], [4], [0, 3]];

describe('graph helpers', () => {
  it('bfsDistances counts steps and honours the passable filter', () => {
    expect([...bfsDistances(adj, 0)]).toEqual([0, 1, 2, 2, -1, -1, 1]);
    expect([...bfsDistances(adj, 0, (n) => n !== 6)]).toEqual([0, 1, 2, 3, -1, -1, -1]);
  });

  it('shortestPaths takes the cheaper route and pathTo recovers it', () => {
    const cost = (_u: number, v: number) => (v === 6 ? 10 : 1);
    const { dist, prev } = shortestPaths(adj, 0, cost);
    expect(dist[3]).toBe(3);
    expect(pathTo(prev, 0, 3)).toEqual([0, 1, 2, 3]);
    expect(dist[4]).toBe(Number.POSITIVE_INFINITY);
    expect(pathTo(prev, 0, 4)).toEqual([]);
  });

  it('connectedComponents labels each component and skips non-members', () => {
    const { label, count } = connectedComponents(adj);
    expect(count).toBe(2);
    expect(label[0]).toBe(label[3]);
    expect(label[4]).not.toBe(label[0]);
    const cut = connectedComponents(adj, (n) => n !== 1 && n !== 6);
    expect(cut.count).toBe(3);
    expect(cut.label[1]).toBe(-1);
  });
});
