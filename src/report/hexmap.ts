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

export function hexPolygon(shifted: ShiftedColumns, id: string): HexPolygon {
  const p = parseHexId(id);
  if (p === undefined) throw new Error(`not a CCRR hex id: ${id}`);
  const [cx, cy] = hexCentre(shifted, p.col, p.row);
  const corners = [0, 1, 2, 3, 4, 5].map((k): [number, number] => {
    const a = (Math.PI / 3) * k;
    // Rounded so that corners shared by neighbours compare equal.
    return [Math.round((cx + Math.cos(a)) * 1e9) / 1e9, Math.round((cy + Math.sin(a)) * 1e9) / 1e9];
  });
  return { id, centre: [cx, cy], corners };
}

/**
 * GeoJSON features for a vega-lite geoshape layer with the identity projection: planar, y down the
 * screen as rows go down the map. `props` adds properties per hex id.
 */
export function hexFeatures(
  shifted: ShiftedColumns,
  ids: readonly string[],
  props: (id: string) => Record<string, unknown>,
): object[] {
  return ids.map((id) => {
    const h = hexPolygon(shifted, id);
    const ring = [...h.corners, h.corners[0]!].map(([x, y]) => [x, y]);
    return {
      type: 'Feature',
      properties: { id, ...props(id) },
      geometry: { type: 'Polygon', coordinates: [ring] },
    };
  });
}
