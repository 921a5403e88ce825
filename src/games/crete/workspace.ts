/**
 * Per-game scratch of Crete (docs/architecture.md "Randomness"): the streams bound to the state's RngState and buffers the
 * rules reuse (occupancy, movement search). Everything is rebuilt from the state on use, so a
 * cloned or deserialised state continues under a fresh workspace exactly as the original would.
 */
import type { Workspace } from '../../core/game.js';
import { Streams } from '../../core/rng.js';
import type { UnitTo } from './decisions.js';
import { MAP } from './map.js';
import type { CreteState } from './state.js';

export interface CreteWorkspace extends Workspace {
  /** Units per square (air included): German, British. */
  readonly ger: Uint8Array;
  readonly bri: Uint8Array;
  /** Movement search: cost in thirds per square, -1 unseen. */
  readonly cost: Int16Array;
  readonly queue: Int16Array;
  /** Movement search: next entry of the same cost bucket per queue entry; first entry per cost (-1 none). */
  readonly link: Int32Array;
  bucket: Int32Array;
  readonly mark: Uint8Array;
  /** Squares in the ZOC of the moving unit's enemy (movement search). */
  readonly zoc: Uint8Array;
  /**
   * What ws.zoc holds: the enemy ZOC of side `zocSide` in state `zocState` during movement task
   * `zocTask` (the enemy does not move during a side's movement task, K7), or nothing (null).
   */
  zocTask: object | null;
  /**
   * Movement search: thirds of an MF to enter neighbour slot m (movement.ts NEIGHBOURS) from its
   * square, for the costs in edgeRoad / edgeRough / edgeTown (rebuilt when they differ).
   */
  readonly edge: Uint8Array;
  edgeRoad: string;
  edgeRough: number;
  edgeTown: number;
  zocState: object | null;
  zocSide: string;
  /**
   * What ws.ger / ws.bri hold between the decisions of movement task `occTask` in state `occState`
   * (moveUnit keeps them current), or nothing (null): moveStep counts once per task.
   */
  occTask: object | null;
  occState: object | null;
  /** moveStep's list of destinations (copied into the options). */
  readonly dest: number[];
  /** Movement searches made against the enemy ws.zoc holds: squares reached by search key (movement.ts reachKey). */
  readonly reach: Map<number, number[]>;
  /** Battle enumeration: attack CF that may attack (ground + air), defence CF of the other side, per square. */
  readonly atk: Int16Array;
  readonly dfn: Int16Array;
  /** Air placement (luftwaffe.ts attackSquares): the squares listed for air task `airTask` in state `airState`. */
  readonly airSquares: number[];
  airTask: object | null;
  airState: object | null;
  /** Battle enumeration: the squares whose atk / dfn / mark it set (all zero elsewhere), the enemy squares among them. */
  readonly touched: number[];
  readonly enemies: number[];
  /** Set-up (setup.ts): the full squares of the current decision. */
  readonly full: number[];
  /**
   * Set-up: per unit index, the options it was last given, for the stacking limit and full squares
   * they were made for (kept from game to game: the options are frozen and never mutated).
   */
  readonly setupLists: ({ stack: number; full: readonly number[]; options: readonly UnitTo[] } | undefined)[];
  /** Movement (movement.ts moveStep): the units that may move in movement task `moversTask` of state `moversState`. */
  readonly movers: number[];
  moversTask: object | null;
  moversState: object | null;
}

export function creteWorkspace(s: CreteState, reuse?: CreteWorkspace): CreteWorkspace {
  if (reuse !== undefined) {
    reuse.streams.rebind(s.rng);
    reuse.streams.counter = undefined;
    reuse.trace = undefined;
    reuse.explicitChance = false;
    reuse.zocTask = null;
    reuse.zocState = null;
    reuse.reach.clear();
    reuse.occTask = null;
    reuse.airTask = null;
    reuse.airState = null;
    reuse.occState = null;
    reuse.moversTask = null;
    reuse.moversState = null;
    return reuse;
  }
  const n = MAP.size;
  return {
    streams: new Streams(s.rng),
    trace: undefined,
    explicitChance: false,
    ger: new Uint8Array(n),
    bri: new Uint8Array(n),
    cost: new Int16Array(n),
    queue: new Int16Array(n * 8),
    link: new Int32Array(n * 8),
    bucket: new Int32Array(64),
    mark: new Uint8Array(n),
    zoc: new Uint8Array(n),
    zocTask: null,
    edge: new Uint8Array(n * 6),
    edgeRoad: '',
    edgeRough: -1,
    edgeTown: -1,
    zocState: null,
    zocSide: '',
    reach: new Map(),
    occTask: null,
    occState: null,
    dest: [],
    atk: new Int16Array(n),
    dfn: new Int16Array(n),
    touched: [],
    airSquares: [],
    airTask: null,
    airState: null,
    enemies: [],
    full: [],
    setupLists: [],
    movers: [],
    moversTask: null,
    moversState: null,
  };
}
