/**
 * The SFO board as dense integer hexes (SFO 3.1): flat-topped hexes in columns, even columns
 * shifted half a hex down (data/NOTES.md section 1). A `SfoMap` is derived, immutable and cached by its key;
 * game states hold only the key and plain arrays.
 */
import { createHexGrid, type HexGrid } from '../../core/hex.js';
import { memoize } from '../../core/memo.js';
import { DATA_FILE, sfoData } from './data.js';

export type HexCount = 68 | 72;

export interface SfoMap {
  readonly key: string;
  readonly grid: HexGrid;
  readonly size: number;
  readonly ids: readonly string[];
  readonly neighbours: readonly (readonly number[])[];
  /** 1 where the hex is forest. */
  readonly forest: Uint8Array;
  /** 1 where the hex is a town; `towns` lists them in data order (Esselben, Ganheim, third town). */
  readonly town: Uint8Array;
  readonly towns: readonly number[];
  /** Entry hexes per side (SFO 8.4): column 09 for Soviets, column 01 for the US. */
  readonly entry: { readonly soviet: readonly number[]; readonly us: readonly number[] };
  readonly forestIds: readonly string[];
  readonly hexCount: HexCount;
  /** dist[a * size + b]: hex distance. */
  readonly dist: Uint8Array;
  /** The neighbours flat, for hot loops: `nb[6 * h + k]` for k < `deg[h]` (in `neighbours` order). */
  readonly nb: Int16Array;
  readonly deg: Uint8Array;
}

/** The grid of the 68-hex board (even columns rows 01-07) or the full 72-hex one. */
export const sfoGrid: (hexCount: HexCount) => HexGrid = memoize((hexCount: HexCount) => {
  const short = sfoData.grid.shortColumns === 'even' ? 0 : 1;
  const g = createHexGrid({
    columns: sfoData.grid.columns,
    rows: sfoData.grid.rows,
    shifted: sfoData.grid.shifted,
    exists: hexCount === 72 ? () => true : (c, r) => !(c % 2 === short && r === sfoData.grid.rows),
  });
  checkAgainstData(g, hexCount);
  return g;
});

// The data file carries neighbour lists from the research notes; the core geometry must agree.
function checkAgainstData(g: HexGrid, hexCount: HexCount): void {
  for (const h of sfoData.hexes) {
    if (hexCount === 68 && !h.in68) {
      if (g.has(h.id))
        throw new Error(`${DATA_FILE}: hex ${h.id} is marked off the 68-hex map but the grid has it`);
      continue;
    }
    const mine = g.neighbours[g.index(h.id)]!.map((n) => g.ids[n]!).sort();
    const theirs = [...(hexCount === 68 ? h.neighbours68 : h.neighbours72)].sort();
    if (mine.join() !== theirs.join()) {
      throw new Error(
        `${DATA_FILE}: field hexes[${h.id}].neighbours${hexCount} ${theirs.join(',')} disagrees with the grid ${mine.join(',')}`,
      );
    }
  }
}

export function mapKey(hexCount: HexCount, extraForests: readonly string[]): string {
  return `${hexCount}:${[...extraForests].sort().join(',')}`;
}

/** The map for a hex count and the two reconstructed forests (parameter `forests`). */
export function sfoMap(hexCount: HexCount, extraForests: readonly string[]): SfoMap {
  return mapByKey(mapKey(hexCount, extraForests));
}

const mapByKey = memoize((key: string): SfoMap => {
  const [count, list] = key.split(':');
  const hexCount = Number(count) as HexCount;
  const extraForests = list === undefined || list === '' ? [] : list.split(',');
  const grid = sfoGrid(hexCount);
  const forest = new Uint8Array(grid.size);
  const forestIds = [...sfoData.forests.fixed, ...extraForests];
  for (const id of forestIds) forest[grid.index(id)] = 1;
  const town = new Uint8Array(grid.size);
  const towns = sfoData.towns.map((t) => grid.index(t.hex));
  for (const t of towns) town[t] = 1;
  const edge = (col: number) => grid.ids.flatMap((_, i) => (grid.cols[i] === col ? [i] : []));
  const nb = new Int16Array(6 * grid.size).fill(-1);
  const deg = new Uint8Array(grid.size);
  grid.neighbours.forEach((ns, h) => {
    deg[h] = ns.length;
    ns.forEach((n, k) => {
      nb[6 * h + k] = n;
    });
  });
  const dist = new Uint8Array(grid.size * grid.size);
  for (let a = 0; a < grid.size; a++)
    for (let b = 0; b < grid.size; b++) dist[a * grid.size + b] = grid.distance(a, b);
  return {
    key,
    grid,
    size: grid.size,
    ids: grid.ids,
    neighbours: grid.neighbours,
    forest,
    town,
    towns,
    entry: { soviet: edge(sfoData.entryEdges.soviet.column), us: edge(sfoData.entryEdges.us.column) },
    forestIds,
    hexCount,
    dist,
    nb,
    deg,
  };
});

/** The map a state plays on (by the state's map key). */
export function mapOf(state: { readonly mapKey: string }): SfoMap {
  return mapByKey(state.mapKey);
}
