/**
 * The SCS map (2.2, 1.6): 315 hexes 1000-2716, even columns rows 00-17, odd columns rows 00-16,
 * odd columns shifted half a hex down (data/NOTES.md (c)2). Hexes are dense integer indices (core's hex
 * grid from column 10, row 00: column by column, rows top to bottom); the tables here never change
 * during play.
 */
import { createHexGrid } from '../../core/hex.js';
import { hexData } from './data.js';

export interface ScsMap {
  readonly size: number;
  readonly ids: readonly string[];
  readonly col: Int16Array;
  readonly row: Int16Array;
  /** Neighbour indices per hex (on-map only). */
  readonly nbr: readonly (readonly number[])[];
  /** The same neighbours flat, for hot loops: `nb[6 * h + k]` for k < `deg[h]` (in `nbr` order). */
  readonly nb: Int16Array;
  readonly deg: Uint8Array;
  /** Place names per hex ('' when none). */
  readonly names: readonly string[];
  /** 1.6: map edges. */
  readonly westEdge: Uint8Array;
  readonly northEdge: Uint8Array;
  readonly southEdge: Uint8Array;
  readonly eastEdge: Uint8Array;
  readonly moscow: number;
  readonly tula: number;
  /** SCS 4.2: the hexes next to Moscow or Tula (the turn-1 check), in index order. */
  readonly capitalRing: readonly number[];
  /** 1 for the hexes of `capitalRing`. */
  readonly isCapitalRing: Uint8Array;
  index(id: string): number;
  has(id: string): boolean;
  distance(a: number, b: number): number;
  /** "2211 Kaluga" for narration. */
  label(h: number): string;
}

export const FIRST_COL = 10;
export const LAST_COL = 27;

/** 1.6: the last row of a column (odd columns are one shorter). */
export function lastRow(col: number): number {
  return col % 2 === 1 ? 16 : 17;
}

function buildMap(): ScsMap {
  const grid = createHexGrid({
    firstColumn: FIRST_COL,
    columns: LAST_COL,
    firstRow: 0,
    rows: 17, // 1.6: even columns run to row 17, odd ones to 16
    shifted: 'odd',
    exists: (c, r) => r <= lastRow(c),
  });
  const { size, ids } = grid;
  const cols = grid.cols;
  const rows = grid.rows;
  const nbr = grid.neighbours;
  const nb = new Int16Array(6 * size).fill(-1);
  const deg = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    deg[i] = nbr[i]!.length;
    for (let k = 0; k < nbr[i]!.length; k++) nb[6 * i + k] = nbr[i]![k]!;
  }
  const names = new Array<string>(size).fill('');
  for (const h of hexData.hexes) {
    if (!grid.has(h.hex))
      throw new Error(`src/games/scs/data/hexes.json: hex ${h.hex} is not on the 1000-2716 grid`);
    names[grid.index(h.hex)] = h.places.replace(/;/g, '/');
  }
  const edge = (f: (c: number, r: number) => boolean) =>
    Uint8Array.from(ids.map((_, i) => (f(cols[i]!, rows[i]!) ? 1 : 0)));
  const index = (id: string): number => {
    if (!grid.has(id)) throw new Error(`hex ${id} is not on the SCS map`);
    return grid.index(id);
  };
  const moscow = index('2608'); // SCS 2.2
  const tula = index('2512'); // SCS 3.4: Tula is the unmarked hex 2512 beside 2413 (the layout that fits 1.6, 3.4, 8.4)
  const capitalRing: number[] = [];
  for (let h = 0; h < size; h++) if (nbr[h]!.some((n) => n === moscow || n === tula)) capitalRing.push(h);
  const isCapitalRing = new Uint8Array(size);
  for (const h of capitalRing) isCapitalRing[h] = 1;
  return {
    size,
    ids,
    col: cols,
    row: rows,
    nbr,
    nb,
    deg,
    names,
    westEdge: edge((c) => c === FIRST_COL),
    eastEdge: edge((c) => c === LAST_COL),
    northEdge: edge((_c, r) => r === 0),
    southEdge: edge((c, r) => r === lastRow(c)),
    moscow,
    tula,
    capitalRing,
    isCapitalRing,
    index,
    has: grid.has,
    distance: grid.distance,
    label: (h) => (names[h] ? `${ids[h]} ${names[h]}` : ids[h]!),
  };
}

export const scsMap: ScsMap = buildMap();
