import type { HexBoardDef, HexCell } from '../core/board.js';
import { parseHexId, type ShiftedColumns } from '../core/hex.js';

/** A hex drawn as a polygon: flat-topped, columns vertical, shifted columns half a hex lower. */
export interface HexPolygon {
  readonly id: string;
  readonly centre: readonly [number, number];
  /** Six corners, clockwise from the east corner, in map units (y grows downwards like rows). */
  readonly corners: readonly (readonly [number, number])[];
}

const SQRT3 = Math.sqrt(3);

/** Centre of hex (col, row) for unit-radius flat-topped hexes: columns 1.5 apart, rows sqrt(3). */
export function hexCentre(shifted: ShiftedColumns, col: number, row: number): [number, number] {
  const down = (shifted === 'even' ? col % 2 === 0 : col % 2 === 1) ? SQRT3 / 2 : 0;
  return [1.5 * col, SQRT3 * row + down];
}

/** The polygon of hex (col, row), moved by (dx, dy) map units. */
export function hexPolygonAt(
  shifted: ShiftedColumns,
  id: string,
  col: number,
  row: number,
  dx = 0,
  dy = 0,
): HexPolygon {
  const [x0, y0] = hexCentre(shifted, col, row);
  const [cx, cy] = [x0 + dx, y0 + dy];
  const corners = [0, 1, 2, 3, 4, 5].map((k): [number, number] => {
    const a = (Math.PI / 3) * k;
    // Rounded so that corners shared by neighbours compare equal.
    return [Math.round((cx + Math.cos(a)) * 1e9) / 1e9, Math.round((cy + Math.sin(a)) * 1e9) / 1e9];
  });
  return { id, centre: [cx, cy], corners };
}

/** The polygon of a hex named by its CCRR id. */
export function hexPolygon(shifted: ShiftedColumns, id: string): HexPolygon {
  const p = parseHexId(id);
  if (p === undefined) throw new Error(`not a CCRR hex id: ${id}`);
  return hexPolygonAt(shifted, id, p.col, p.row);
}

/** Where one board of a hex map is drawn: the shift of its hexes in map units, and its label's spot. */
export interface SheetPlacement {
  readonly id: string;
  readonly label: string;
  readonly shifted: ShiftedColumns;
  readonly dx: number;
  readonly dy: number;
  /** Top-left corner of the board in map units (where its label goes). */
  readonly left: number;
  readonly top: number;
}

/**
 * Places the boards of a hex map (HexSheet x/y: the drawn column and row of a board's first column
 * and row). A board without x follows the one before it, one empty column to its right; without y
 * its top is at row 0.
 */
export function placeSheets(board: HexBoardDef): SheetPlacement[] {
  let nextX = 0;
  return board.boards.map((s) => {
    const cells = board.cells.filter((c) => c.board === s.id);
    const cols = cells.map((c) => c.col);
    const rows = cells.map((c) => c.row);
    const [minCol, maxCol] = cells.length === 0 ? [0, 0] : [Math.min(...cols), Math.max(...cols)];
    const minRow = cells.length === 0 ? 0 : Math.min(...rows);
    const x = s.x ?? nextX;
    const y = s.y ?? 0;
    nextX = x + (maxCol - minCol + 1) + 1;
    const dx = 1.5 * (x - minCol);
    const dy = SQRT3 * (y - minRow);
    return {
      id: s.id,
      label: s.label,
      shifted: s.shifted,
      dx,
      dy,
      left: 1.5 * x - 1,
      top: SQRT3 * y - SQRT3 / 2,
    };
  });
}

/** A GeoJSON polygon feature of one hex; the map is planar (identity projection), y down the page. */
function feature(h: HexPolygon, properties: Record<string, unknown>): object {
  const ring = [...h.corners, h.corners[0]!].map(([x, y]) => [x, y]);
  return { type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [ring] } };
}

/**
 * GeoJSON features of the hexes of a hex map, every board in its place (placeSheets); `props` adds
 * properties per cell (with its index in `board.cells`).
 */
export function hexBoardFeatures(
  board: HexBoardDef,
  props: (cell: HexCell, index: number) => Record<string, unknown>,
  cells: readonly number[] = board.cells.map((_, i) => i),
): object[] {
  const placed = placedHexes(board);
  return cells.map((i) => {
    const { cell, hex } = placed[i]!;
    return feature(hex, { id: cell.id, ...props(cell, i) });
  });
}

/** Every hex of a hex map with its polygon as drawn (every board in its place, see placeSheets). */
export function placedHexes(board: HexBoardDef): { cell: HexCell; hex: HexPolygon }[] {
  const at = new Map(placeSheets(board).map((p) => [p.id, p]));
  return board.cells.map((cell) => {
    const p = at.get(cell.board)!;
    return { cell, hex: hexPolygonAt(p.shifted, cell.id, cell.col, cell.row, p.dx, p.dy) };
  });
}

/** A label on the edge of a hex map: a column number above its top hex, a row number left of its first. */
export interface EdgeLabel {
  readonly axis: 'column' | 'row';
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

/**
 * The column and row numbers of each board of a hex map, as they read in the hex ids (two digits):
 * each column's number 1.3 map units above the centre of its top hex, each row's 1.6 left of the
 * centre of its leftmost hex.
 */
export function hexEdgeLabels(board: HexBoardDef): EdgeLabel[] {
  const top = new Map<string, { x: number; y: number; text: string }>();
  const left = new Map<string, { x: number; y: number; text: string }>();
  for (const { cell, hex } of placedHexes(board)) {
    const [x, y] = hex.centre;
    const c = `${cell.board}\u0000${cell.col}`;
    const r = `${cell.board}\u0000${cell.row}`;
    if ((top.get(c)?.y ?? Number.POSITIVE_INFINITY) > y)
      top.set(c, { x, y, text: String(cell.col).padStart(2, '0') });
    if ((left.get(r)?.x ?? Number.POSITIVE_INFINITY) > x)
      left.set(r, { x, y, text: String(cell.row).padStart(2, '0') });
  }
  return [
    ...[...top.values()].map((t) => ({ axis: 'column' as const, text: t.text, x: t.x, y: t.y - 1.3 })),
    ...[...left.values()].map((t) => ({ axis: 'row' as const, text: t.text, x: t.x - 1.6, y: t.y })),
  ];
}

/** The bounding box of a hex map as drawn (every hex, every board), in map units. */
export function hexBoardBounds(board: HexBoardDef): {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
} {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const f of hexBoardFeatures(board, () => ({})) as { geometry: { coordinates: number[][][] } }[]) {
    for (const [x, y] of f.geometry.coordinates[0]!) {
      minX = Math.min(minX, x!);
      maxX = Math.max(maxX, x!);
      minY = Math.min(minY, y!);
      maxY = Math.max(maxY, y!);
    }
  }
  return { minX, minY, maxX, maxY };
}
