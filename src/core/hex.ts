/**
 * Hex grids of flat-topped hexes in vertical columns, labelled CCRR (column, then row; numbered
 * from 1 unless the map starts elsewhere, e.g. SCS rows from 00 and columns from 10).
 * Which columns sit half a hex lower is data: SFO shifts even columns down, SCS odd columns.
 * Hexes are addressed by dense integer indices for speed; ids are for data files and people.
 */
export type ShiftedColumns = 'even' | 'odd';

export interface HexGridSpec {
  /**
   * Columns firstColumn..columns and rows firstRow..rows (the labels, inclusive) bound the map;
   * `exists` removes hexes not on it.
   */
  readonly columns: number;
  readonly rows: number;
  /** The first column label (default 1). */
  readonly firstColumn?: number;
  /** The first row label (default 1; SCS rows start at 00). */
  readonly firstRow?: number;
  readonly shifted: ShiftedColumns;
  readonly exists?: (col: number, row: number) => boolean;
}

export interface HexGrid {
  readonly spec: HexGridSpec;
  readonly size: number;
  readonly ids: readonly string[];
  readonly cols: Int16Array;
  readonly rows: Int16Array;
  /** Neighbour indices of each hex, in clockwise order from north; off-map neighbours omitted. */
  readonly neighbours: readonly (readonly number[])[];
  index(id: string): number;
  has(id: string): boolean;
  distance(a: number, b: number): number;
}

export function hexId(col: number, row: number): string {
  return `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

export function parseHexId(id: string): { col: number; row: number } | undefined {
  if (!/^\d{4}$/.test(id)) return undefined;
  return { col: Number(id.slice(0, 2)), row: Number(id.slice(2, 4)) };
}

function isShifted(shifted: ShiftedColumns, col: number): boolean {
  return shifted === 'even' ? col % 2 === 0 : col % 2 === 1;
}

/** Offset neighbours (col, row) of a hex in N, NE, SE, S, SW, NW order, whether on the map or not. */
export function offsetNeighbours(shifted: ShiftedColumns, col: number, row: number): [number, number][] {
  // A shifted column's hex touches rows r and r+1 of the columns beside it; an unshifted one r-1 and r.
  const up = isShifted(shifted, col) ? row : row - 1;
  return [
    [col, row - 1],
    [col + 1, up],
    [col + 1, up + 1],
    [col, row + 1],
    [col - 1, up + 1],
    [col - 1, up],
  ];
}

/** Cube coordinates (x, z) of an offset hex; y = -x - z. */
export function toCube(shifted: ShiftedColumns, col: number, row: number): { x: number; z: number } {
  // floor((col + t) / 2) must not grow from an unshifted column to the shifted one after it.
  const t = shifted === 'even' ? 1 : 0;
  return { x: col, z: row - Math.floor((col + t) / 2) };
}

export function cubeDistance(a: { x: number; z: number }, b: { x: number; z: number }): number {
  const dx = a.x - b.x;
  const dz = a.z - b.z;
  return (Math.abs(dx) + Math.abs(dz) + Math.abs(dx + dz)) / 2;
}

export function createHexGrid(spec: HexGridSpec): HexGrid {
  const exists = spec.exists ?? (() => true);
  const ids: string[] = [];
  const cols: number[] = [];
  const rows: number[] = [];
  const byId = new Map<string, number>();
  // Index order: column by column, rows top to bottom within a column.
  for (let c = spec.firstColumn ?? 1; c <= spec.columns; c++) {
    for (let r = spec.firstRow ?? 1; r <= spec.rows; r++) {
      if (!exists(c, r)) continue;
      const id = hexId(c, r);
      byId.set(id, ids.length);
      ids.push(id);
      cols.push(c);
      rows.push(r);
    }
  }
  const neighbours = ids.map((_, i) =>
    offsetNeighbours(spec.shifted, cols[i]!, rows[i]!)
      .map(([c, r]) => byId.get(hexId(c, r)))
      .filter((n): n is number => n !== undefined),
  );
  const cubes = ids.map((_, i) => toCube(spec.shifted, cols[i]!, rows[i]!));
  return {
    spec,
    size: ids.length,
    ids,
    cols: Int16Array.from(cols),
    rows: Int16Array.from(rows),
    neighbours,
    index(id: string): number {
      const i = byId.get(id);
      if (i === undefined) throw new Error(`hex ${id} is not on this map`);
      return i;
    },
    has: (id: string) => byId.has(id),
    distance: (a: number, b: number) => cubeDistance(cubes[a]!, cubes[b]!),
  };
}

/** True when hexes a and b are adjacent. */
export function adjacent(grid: HexGrid, a: number, b: number): boolean {
  return grid.neighbours[a]!.includes(b);
}
