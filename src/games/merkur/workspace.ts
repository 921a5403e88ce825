/**
 * Per-game scratch of Merkur (docs/architecture.md "Randomness"): the streams bound to the state's RngState, the trace,
 * and buffers the engine overwrites before each use (movement search, zone counts). Everything
 * else lives in the state, so a cloned state plays on under a fresh workspace.
 */
import type { Workspace } from '../../core/game.js';
import { Streams } from '../../core/rng.js';
import { MAP } from './map.js';
import { type MoveScratch, newMoveScratch } from './movement.js';
import type { MerkurState } from './state.js';
import { newOccupancy, type Occupancy } from './units.js';

export interface MerkurWorkspace extends Workspace {
  /** Scratch of `reachable` (movement.ts). */
  readonly move?: MoveScratch;
  /** Scratch of `occupancy` for the order and activation steps (turn-sequence.ts). */
  readonly occ?: Occupancy;
  /** Per-zone flags of the activation step (turn-sequence.ts). */
  readonly flags?: { readonly ready: Uint8Array; readonly mobile: Uint8Array };
  /**
   * The occupancy of the positions as the orders task `ordersTask` hands out its orders: filled
   * by its first step, then kept by `applyAnswer` as each order moves a unit (nothing else moves
   * units while that task is on top). Any other task, or a fresh or lent workspace, refills it.
   */
  readonly ordersOcc?: Occupancy;
  ordersTask?: object | null;
  /** Moves answered so far in `ordersTask` (each changes `ordersOcc`). */
  ordersMoves?: number;
  /**
   * `reachable` per movement class (MA, mechanised, Maori) of the units of `ordersTask` standing in
   * its zone, valid while `task` and `moves` match it: units of one class there reach the same zones.
   */
  readonly reach?: { task: object | null; moves: number; keys: number[]; lists: number[][] };
  /**
   * The units of the asking side per zone as the activation step counted them, ascending (`head`
   * per zone, `next` per unit, -1 ends), valid for the answer to decision `decision` only (nothing
   * moves between an activation question and its answer).
   */
  readonly zoneUnits?: { head: Int16Array; tail: Int16Array; next: Int16Array; decision: object | null };
}

export function merkurWorkspace(s: MerkurState, reuse?: MerkurWorkspace): MerkurWorkspace {
  if (reuse !== undefined && reuse.streams instanceof Streams && reuse.move !== undefined) {
    reuse.streams.rebind(s.rng);
    reuse.streams.counter = undefined;
    reuse.trace = undefined;
    reuse.explicitChance = false;
    reuse.ordersTask = null;
    reuse.ordersMoves = 0;
    if (reuse.reach !== undefined) reuse.reach.task = null;
    if (reuse.zoneUnits !== undefined) reuse.zoneUnits.decision = null;
    return reuse;
  }
  return {
    streams: new Streams(s.rng),
    trace: undefined,
    explicitChance: false,
    move: newMoveScratch(),
    occ: newOccupancy(),
    flags: { ready: new Uint8Array(MAP.count), mobile: new Uint8Array(MAP.count) },
    ordersOcc: newOccupancy(),
    ordersTask: null,
    ordersMoves: 0,
    reach: { task: null, moves: 0, keys: [], lists: [] },
    zoneUnits: {
      head: new Int16Array(MAP.count),
      tail: new Int16Array(MAP.count),
      next: new Int16Array(Math.max(256, s.units.length)),
      decision: null,
    },
  };
}
