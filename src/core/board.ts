/**
 * Boards of any shape (docs/architecture.md "Boards of any shape"), as records mark them and the report draws
 * them: a hex grid (either column parity, several printed boards side by side), zones joined by
 * links (area movement), or points joined by classed lines (point-to-point, off-map boxes included).
 *
 * Every kind lists its `cells` in the order GameRecord.cells indexes them. A cell id is unique
 * across the whole board, is chosen by the game, and is what its location parameters name; ids
 * carry no whitespace, comma or quote, so they travel unquoted through cells.csv and through
 * comma-separated location lists on the command line.
 */
import { z } from 'zod';

/** A location of a board: what a record marks and the heatmap colours. */
export type BoardCell = {
  readonly id: string;
  readonly name?: string;
  readonly terrain: string;
  /** Features to mark on the map: 'town', 'fortified', 'k-area', 'front', 'forest'... */
  readonly marks?: readonly string[];
};

/** One printed hex board of a hex map; several sit side by side (Crete: three boards). */
export type HexSheet = {
  readonly id: string;
  /** Drawn above the board. */
  readonly label: string;
  /** Which columns sit half a hex lower (SFO: even, SCS: odd). */
  readonly shifted: 'even' | 'odd';
  /**
   * Where the board's first column and row sit in the drawing, in hex columns and rows; by
   * default boards are drawn left to right, one empty column apart, tops aligned.
   */
  readonly x?: number;
  readonly y?: number;
};

/** A hex of one of the boards; rows may start at 00 (SCS). */
export type HexCell = BoardCell & { readonly board: string; readonly col: number; readonly row: number };

/** An area of a zone board; x/y place it for drawing (any units, y down the page). */
export type ZoneCell = BoardCell & { readonly x: number; readonly y: number };

/** Two zones that border each other; `kind` says how (e.g. 'river', 'sea'), if the game tells them apart. */
export type ZoneLink = { readonly a: string; readonly b: string; readonly kind?: string };

/** A point of a point-to-point board; an off-map box (reserve, holding box) has box true. */
export type PointCell = BoardCell & { readonly x: number; readonly y: number; readonly box?: boolean };

/** A line joining two points; `class` is the game's own (road, rail, trail...) and sets its style. */
export type PointLine = { readonly a: string; readonly b: string; readonly class: string };

type BoardBase = {
  /** What a cell's count means, e.g. "Soviet-controlled at the end of the game (3.8)". */
  readonly heat: string;
};

export type HexBoardDef = BoardBase & {
  readonly kind: 'hex';
  readonly boards: readonly HexSheet[];
  readonly cells: readonly HexCell[];
};

export type ZoneBoardDef = BoardBase & {
  readonly kind: 'zones';
  readonly cells: readonly ZoneCell[];
  readonly links: readonly ZoneLink[];
};

export type PointBoardDef = BoardBase & {
  readonly kind: 'points';
  readonly cells: readonly PointCell[];
  readonly lines: readonly PointLine[];
};

/** A game's board under one setup. */
export type BoardDef = HexBoardDef | ZoneBoardDef | PointBoardDef;

export type BoardKind = BoardDef['kind'];

const cellId = z
  .string()
  .min(1)
  .regex(/^[^\s,"]+$/, 'a cell id without whitespace, comma or quote');
const position = z.number(); // zod 4 rejects NaN and +-Infinity
const cellBase = {
  id: cellId,
  name: z.string().optional(),
  terrain: z.string(),
  marks: z.array(z.string()).optional(),
};
const heat = z.string().min(1);

const hexBoard = z.object({
  kind: z.literal('hex'),
  heat,
  boards: z
    .array(
      z.object({
        id: cellId,
        label: z.string(),
        shifted: z.enum(['even', 'odd']),
        x: position.optional(),
        y: position.optional(),
      }),
    )
    .min(1),
  cells: z
    .array(
      z.object({
        ...cellBase,
        board: z.string(),
        col: z.number().int().min(0),
        row: z.number().int().min(0),
      }),
    )
    .min(1),
});

const zoneBoard = z.object({
  kind: z.literal('zones'),
  heat,
  cells: z.array(z.object({ ...cellBase, x: position, y: position })).min(1),
  links: z.array(z.object({ a: z.string(), b: z.string(), kind: z.string().optional() })),
});

const pointBoard = z.object({
  kind: z.literal('points'),
  heat,
  cells: z.array(z.object({ ...cellBase, x: position, y: position, box: z.boolean().optional() })).min(1),
  lines: z.array(z.object({ a: z.string(), b: z.string(), class: z.string().min(1) })),
});

const boardSchema = z.discriminatedUnion('kind', [hexBoard, zoneBoard, pointBoard]);

function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
}

/**
 * Checks a board a game built (its shape, finite positions, ids unique across the board, every
 * link or line and every hex's board naming one that exists, no two hexes of a board on the same
 * column and row) and returns it unchanged. A bad board is a bug of the game, so the error is a
 * plain Error, one line naming `where`, the field and the value.
 */
export function checkBoard(board: BoardDef, where: string): BoardDef {
  const fail = (path: readonly PropertyKey[], why: string, value: unknown): never => {
    const shown =
      typeof value === 'number' && !Number.isFinite(value)
        ? String(value)
        : (JSON.stringify(value) ?? String(value));
    throw new Error(
      `${where}: field board${fieldPath(path)}: ${why} (value ${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown})`,
    );
  };
  const parsed = boardSchema.safeParse(board);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    let value: unknown = board;
    for (const k of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[k];
    fail(issue.path, issue.message, value);
  }
  const ids = new Map<string, number>();
  board.cells.forEach((c, i) => {
    if (ids.has(c.id)) fail(['cells', i, 'id'], `cell id also used by cells[${ids.get(c.id)}]`, c.id);
    ids.set(c.id, i);
  });
  const ends = (list: readonly { a: string; b: string }[], field: string) =>
    list.forEach((l, i) => {
      if (!ids.has(l.a)) fail([field, i, 'a'], 'not a cell of the board', l.a);
      if (!ids.has(l.b)) fail([field, i, 'b'], 'not a cell of the board', l.b);
      if (l.a === l.b) fail([field, i, 'b'], 'joins a cell to itself', l.b);
    });
  switch (board.kind) {
    case 'hex': {
      const sheets = new Set<string>();
      board.boards.forEach((s, i) => {
        if (sheets.has(s.id)) fail(['boards', i, 'id'], 'board id listed twice', s.id);
        sheets.add(s.id);
      });
      const at = new Map<string, number>();
      board.cells.forEach((c, i) => {
        if (!sheets.has(c.board)) fail(['cells', i, 'board'], 'not one of the boards', c.board);
        const key = `${c.board}:${c.col}:${c.row}`;
        if (at.has(key))
          fail(['cells', i], `same board, column and row as cells[${at.get(key)}]`, {
            id: c.id,
            col: c.col,
            row: c.row,
          });
        at.set(key, i);
      });
      break;
    }
    case 'zones':
      ends(board.links, 'links');
      break;
    case 'points':
      ends(board.lines, 'lines');
      break;
  }
  return board;
}
