/**
 * The three boards (K1) as one dense index of squares: Suda Bay, Retimo and Heraklion, each a hex
 * grid with even columns shifted half a hex down (data/NOTES.md: the only parity that connects the
 * Prison Valley road), joined only through their X exit squares (K14). Square ids are a board
 * letter and the board's own CCRR label (`S0301` = Maleme airfield). Built once from the data file;
 * never mutated.
 */
import { cubeDistance, hexId, offsetNeighbours, toCube } from '../../core/hex.js';
import { creteData } from './data.js';

export type BoardId = 'suda' | 'retimo' | 'heraklion';
export const BOARD_IDS: readonly BoardId[] = ['suda', 'retimo', 'heraklion'];

/** Terrain codes: clear, rough, town, airfield (an airfield behaves as clear, NOTES.md). */
export const CLEAR = 0;
export const ROUGH = 1;
export const TOWN = 2;
export const AIRFIELD = 3;
const TERRAIN_CODE = { clear: CLEAR, rough: ROUGH, town: TOWN, airfield: AIRFIELD } as const;
export const TERRAIN_NAMES = ['clear', 'rough', 'town', 'airfield'] as const;

export interface CreteMap {
  readonly size: number;
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly board: Uint8Array;
  readonly col: Int16Array;
  readonly row: Int16Array;
  readonly terrain: Uint8Array;
  readonly road: Uint8Array;
  readonly names: readonly (string | undefined)[];
  /** Neighbour square per direction 0..5 = N, NE, SE, S, SW, NW (K15.4 order); -1 off the board or sea. */
  readonly dir: Int16Array;
  /** Neighbours on the board, in direction order. */
  readonly neighbours: readonly (readonly number[])[];
  /** The X square of the adjacent board an X square leads to (K14), else -1. */
  readonly exitTo: Int16Array;
  /** Squares from each square to the nearest road square of its board (K10.12). */
  readonly roadDistance: Int16Array;
  readonly airfields: readonly number[];
  readonly airfieldNames: readonly string[];
  readonly towns: readonly number[];
  readonly cube: readonly { x: number; z: number }[];
  /** Square indices per board. */
  readonly byBoard: readonly (readonly number[])[];
}

function build(): CreteMap {
  const D = creteData;
  const ids: string[] = [];
  const index = new Map<string, number>();
  const board: number[] = [];
  const col: number[] = [];
  const row: number[] = [];
  const terrain: number[] = [];
  const road: number[] = [];
  const names: (string | undefined)[] = [];
  const byId = new Map(D.hexes.map((h) => [h.id, h]));
  D.boards.forEach((b, bi) => {
    for (let c = 1; c <= b.columns; c++)
      for (let r = 1; r <= b.rows; r++) {
        const id = `${b.prefix}${hexId(c, r)}`;
        const h = byId.get(id);
        if (h === undefined)
          throw new Error(`src/games/crete/data/crete.json: field hexes: square ${id} missing`);
        index.set(id, ids.length);
        ids.push(id);
        board.push(bi);
        col.push(c);
        row.push(r);
        terrain.push(TERRAIN_CODE[h.terrain]);
        road.push(h.road ? 1 : 0);
        names.push(h.name);
      }
  });
  if (ids.length !== D.hexes.length)
    throw new Error(
      `src/games/crete/data/crete.json: field hexes: ${D.hexes.length} squares, boards hold ${ids.length}`,
    );
  const n = ids.length;
  const dir = new Int16Array(n * 6).fill(-1);
  const neighbours: number[][] = [];
  for (let i = 0; i < n; i++) {
    const p = D.boards[board[i]!]!.prefix;
    const list: number[] = [];
    offsetNeighbours('even', col[i]!, row[i]!).forEach(([c, r], d) => {
      const j = c >= 1 && r >= 1 ? index.get(`${p}${hexId(c, r)}`) : undefined;
      if (j !== undefined) {
        dir[i * 6 + d] = j;
        list.push(j);
      }
    });
    neighbours.push(list);
  }
  const exitTo = new Int16Array(n).fill(-1);
  for (const l of D.links) {
    const a = index.get(l.from);
    const b = index.get(l.to);
    if (a === undefined || b === undefined)
      throw new Error(`src/games/crete/data/crete.json: field links: ${l.from}-${l.to} not on the boards`);
    exitTo[a] = b;
    exitTo[b] = a;
  }
  const roadDistance = new Int16Array(n).fill(999);
  const queue: number[] = [];
  for (let i = 0; i < n; i++)
    if (road[i] === 1) {
      roadDistance[i] = 0;
      queue.push(i);
    }
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q]!;
    for (const j of neighbours[i]!)
      if (roadDistance[j]! > roadDistance[i]! + 1) {
        roadDistance[j] = roadDistance[i]! + 1;
        queue.push(j);
      }
  }
  const airfields: number[] = [];
  const towns: number[] = [];
  for (let i = 0; i < n; i++) {
    if (terrain[i] === AIRFIELD) airfields.push(i);
    if (terrain[i] === TOWN) towns.push(i);
  }
  return {
    size: n,
    ids,
    index,
    board: Uint8Array.from(board),
    col: Int16Array.from(col),
    row: Int16Array.from(row),
    terrain: Uint8Array.from(terrain),
    road: Uint8Array.from(road),
    names,
    dir,
    neighbours,
    exitTo,
    roadDistance,
    airfields,
    airfieldNames: airfields.map((a) => names[a]!),
    towns,
    cube: ids.map((_, i) => toCube('even', col[i]!, row[i]!)),
    byBoard: BOARD_IDS.map((_, bi) => ids.map((_, i) => i).filter((i) => board[i] === bi)),
  };
}

export const MAP: CreteMap = build();

/** Squares between a and b on one board; boards apart: the distances to and from the X squares plus 1 per crossing (a table lookup). */
export function distance(a: number, b: number): number {
  return DISTANCE[a * MAP.size + b]!;
}

/** distance() computed from the hex geometry (builds DISTANCE). */
function measure(a: number, b: number): number {
  const ba = MAP.board[a]!;
  const bb = MAP.board[b]!;
  if (ba === bb) return cubeDistance(MAP.cube[a]!, MAP.cube[b]!);
  // boards are in a row: suda(0) - retimo(1) - heraklion(2)
  const step = bb > ba ? 1 : -1;
  let total = 0;
  let at = a;
  for (let k = ba; k !== bb; k += step) {
    const x = exitSquare(k, step > 0 ? 'east' : 'west');
    total += cubeDistance(MAP.cube[at]!, MAP.cube[x]!) + 1;
    at = MAP.exitTo[x]!;
  }
  return total + cubeDistance(MAP.cube[at]!, MAP.cube[b]!);
}

const EXITS: readonly (readonly [number, number])[] = [0, 1, 2].map((bi) => {
  let east = -1;
  let west = -1;
  for (const h of creteData.hexes) {
    const i = MAP.index.get(h.id)!;
    if (MAP.board[i] !== bi || h.exit === undefined) continue;
    if (h.exit === 'east') east = i;
    else west = i;
  }
  return [east, west] as const;
});

/** distance(a, b) for every pair of squares, row a (constant). */
const DISTANCE: Int16Array = (() => {
  const n = MAP.size;
  const t = new Int16Array(n * n);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) t[a * n + b] = measure(a, b);
  return t;
})();

/** The X square of board `bi` on its east or west side (-1 if it has none). */
export function exitSquare(bi: number, side: 'east' | 'west'): number {
  return EXITS[bi]![side === 'east' ? 0 : 1]!;
}

/** Square index of an id, or -1. */
export function squareOf(id: string): number {
  return MAP.index.get(id) ?? -1;
}
