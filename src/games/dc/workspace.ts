/**
 * Per-game scratch of Dark Crusade (docs/architecture.md "Randomness"): the streams bound to the state's RngState and the
 * supply reach per source set, cached per control version (`state.cv`) and rebuilt when missing, so
 * a cloned or deserialised state continues under a fresh workspace exactly as the original would.
 */
import type { Workspace } from '../../core/game.js';
import { Streams } from '../../core/rng.js';
import type { StratOption } from './decisions.js';
import type { DcState, DcTask } from './state.js';

export interface DcWorkspace extends Workspace {
  /**
   * Supply source set -> the control version traced, the points reached (1/0), the points the set's
   * side controlled then (1/0), the seas it controlled and the seas the trace crossed (bits).
   */
  readonly supply: Map<
    string,
    { cv: number; reach: Uint8Array; ctl: Uint8Array; seas: number; seaDone: number }
  >;
  readonly queue: Int16Array;
  /** The dice of a roll just made, from the roll to its narration (traced games only). */
  dice?: number[] | undefined;
  /** Scratch per point (op-move options: points holding the other side's units), refilled before each use. */
  readonly foe: Uint8Array;
  /** Scratch per point (air places: points holding Axis units; strategic movement: usable points), refilled before each use. */
  readonly own: Uint8Array;
  /** Scratch per point (strategic movement: component labels), refilled before each use. */
  readonly comp: Int16Array;
  /**
   * Scratch per point (combat's pending battles and battle slots, the German air start options, the
   * partisan options), refilled before each use: a fresh typed array of the map's 84 points is
   * allocated off the heap, which costs more than the loops it serves.
   */
  readonly mark: Uint8Array;
  readonly slot: Int16Array;
  /** Scratch of sortByPlace's packed keys (movement and breakthrough orders), grown when needed. */
  sortKeys: Int32Array;
  /**
   * Points holding the other side's units during the op task `opFoeTask` (the task object itself:
   * a cloned or deserialised state has new task objects, so its first op decision marks afresh).
   * Valid for the whole task: only the moving side's units move in its operational movement (DC 12).
   */
  readonly opFoe: Uint8Array;
  opFoeTask: DcTask | null;
  /** strategic.ts's picture of the strat task `stratTask` (points holding the other side's units, component count). */
  readonly stratEnemy: Uint8Array;
  stratComps: number;
  /** The component of the strategic picture holding the usable edge points of the moving side's off-map box (DC 9.A), -1 none. */
  stratBox: number;
  stratTask: DcTask | null;
  /** strategic.ts: the moving side's units on the map (factories aside) at the start of `stratTask`. */
  readonly stratUnits: number[];
  /** Scratch (strategic unit groups): the last group's first unit per point, and the unit before it. */
  readonly groupHead: Int32Array;
  /** Scratch per point (strategic destinations: may the unit enter, `mayEnterAll`). */
  readonly enter: Uint8Array;
  groupNext: Int32Array;
  /**
   * strategic.ts's unit groups of `stratTask`, kept up to date by its moves: per unit its group
   * (-1: may not move strategically) and the next unit of the group in index order; per group its
   * first unit that may still move; per component of usable points the points with fewer than 3
   * strategic arrivals.
   */
  stratGid: Int32Array;
  stratNextSame: Int32Array;
  stratHead: Int32Array;
  stratTail: Int32Array;
  /** The groups' first units that may still move (`stratHead` of each group left), in index order. */
  readonly stratHeads: number[];
  /** strategic.ts: the strat-next option of each unit index, made once and shared (read-only data). */
  readonly stratUnitOptions: StratOption[];
  readonly stratRoom: Int32Array;
  /**
   * Scratch of one strategic unit-group list (the Axis allies' nation limits, DC 5.D): per kind of
   * limit (Rumanian; Hungarian held in Hungary; Hungarian free) the points its units may enter and,
   * per component, those of them with room.
   */
  readonly stratMask: readonly Uint8Array[];
  readonly stratMaskRoom: readonly Int32Array[];
  /** Bit k: `stratMask[k]` and `stratMaskRoom[k]` hold for `stratTask` as it stands. */
  stratMasks: number;
  /**
   * strategic.ts: per start point, the offset (-1: not searched) and count of the points a strategic
   * search from it reaches over `stratTask`'s usable points, in breadth-first order, in `stratOrderBuf`
   * (the components do not change during the task).
   */
  readonly stratOrderAt: Int32Array;
  readonly stratOrderLen: Int32Array;
  /** The searches' points, one run per start point searched (sized points x points when first needed). */
  stratOrderBuf: Int16Array;
  stratOrderUsed: number;
}

export function dcWorkspace(s: DcState, reuse?: DcWorkspace): DcWorkspace {
  if (reuse !== undefined) {
    reuse.streams.rebind(s.rng);
    reuse.streams.counter = undefined;
    reuse.trace = undefined;
    reuse.explicitChance = false;
    // the supply entries keep their arrays: marked so the next look-up of each traces afresh
    // (no control version is -1, no sea bits -1: supplyReach's full trace, as for a new entry)
    for (const e of reuse.supply.values()) {
      e.cv = -1;
      e.seas = -1;
    }
    reuse.opFoeTask = null;
    reuse.stratTask = null;
    return reuse;
  }
  return {
    streams: new Streams(s.rng),
    trace: undefined,
    explicitChance: false,
    supply: new Map(),
    queue: new Int16Array(256),
    foe: new Uint8Array(256),
    own: new Uint8Array(256),
    comp: new Int16Array(256),
    mark: new Uint8Array(256),
    slot: new Int16Array(256),
    sortKeys: new Int32Array(0),
    opFoe: new Uint8Array(256),
    opFoeTask: null,
    stratEnemy: new Uint8Array(256),
    stratComps: 0,
    stratBox: -1,
    stratTask: null,
    stratUnits: [],
    groupHead: new Int32Array(256),
    enter: new Uint8Array(256),
    groupNext: new Int32Array(256),
    stratGid: new Int32Array(256),
    stratNextSame: new Int32Array(256),
    stratHead: new Int32Array(256),
    stratTail: new Int32Array(256),
    stratHeads: [],
    stratUnitOptions: [],
    stratRoom: new Int32Array(256),
    stratMask: [new Uint8Array(256), new Uint8Array(256), new Uint8Array(256)],
    stratMaskRoom: [new Int32Array(256), new Int32Array(256), new Int32Array(256)],
    stratMasks: 0,
    stratOrderAt: new Int32Array(256),
    stratOrderLen: new Int32Array(256),
    stratOrderBuf: new Int16Array(0),
    stratOrderUsed: 0,
  };
}
