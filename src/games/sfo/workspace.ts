/**
 * Per-game scratch of SFO (DESIGN §3): buffers the rules reuse from one call to the next and the
 * movement phase's option lists, all rebuilt from the state when missing, so a cloned or
 * deserialised state continues under a fresh workspace exactly as the original would.
 */
import type { Workspace } from '../../core/game.js';
import { Streams } from '../../core/rng.js';
import type { SfoOption } from './decisions.js';
import type { SfoState, SfoTask } from './state.js';

/** Reusable buffers of the movement search, ZOC and battle enumeration (sized for the 72-hex map, grown when needed). */
export interface SfoScratch {
  readonly rem: Int8Array;
  queue: Int16Array;
  fill: Int32Array;
  readonly oneSource: number[];
  readonly oneMp: number[];
  readonly zoc: Uint8Array;
  head: Int16Array;
  next: Int16Array;
  readonly seen: Uint8Array;
  readonly friend: Uint8Array;
  readonly enemy: Uint8Array;
  readonly phaseZoc: Uint8Array;
}

/** Fresh scratch: every fixed-size buffer a view of one allocation (a typed array's backing store is costly to make). */
export function newScratch(): SfoScratch {
  const buf = new ArrayBuffer(1024 * 2 + 128 * 2 + 64 * 2 + 16 * 4 + 128 * 6);
  let at = 0;
  const take = <T>(make: (b: ArrayBuffer, at: number, n: number) => T, n: number, bytes: number): T => {
    const v = make(buf, at, n);
    at += n * bytes;
    return v;
  };
  const i16 = (b: ArrayBuffer, o: number, n: number) => new Int16Array(b, o, n);
  const u8 = (b: ArrayBuffer, o: number, n: number) => new Uint8Array(b, o, n);
  return {
    queue: take(i16, 1024, 2),
    head: take(i16, 128, 2),
    next: take(i16, 64, 2),
    fill: take((b, o, n) => new Int32Array(b, o, n), 16, 4),
    rem: take((b, o, n) => new Int8Array(b, o, n), 128, 1),
    zoc: take(u8, 128, 1),
    seen: take(u8, 128, 1),
    friend: take(u8, 128, 1),
    enemy: take(u8, 128, 1),
    phaseZoc: take(u8, 128, 1),
    oneSource: [0],
    oneMp: [0],
  };
}

/**
 * The option lists of one movement phase (SFO 8), built once when the phase (or a copy of it)
 * first asks: within the phase only the moving side's units move, so the enemy and its ZOC are
 * fixed, and a unit's destinations stay valid until it has moved (then it is out of the phase).
 */
export interface MovementCache {
  /** The movement task the lists belong to (a copied state has its own task objects). */
  readonly task: SfoTask;
  /** Per unit: destinations ignoring stacking, or null when it cannot move. */
  readonly raw: readonly (number[] | null)[];
  /** Per unit: one option per raw destination. */
  readonly built: readonly (SfoOption[] | null)[];
  /** Per tank: destinations reached only by infiltration (SFO 8.3 optional). */
  readonly infiltrating: ReadonlyMap<number, readonly number[]>;
  /** Friendly units per hex, kept current as units move. */
  readonly friend: Uint8Array;
}

export interface SfoWorkspace extends Workspace {
  readonly sc: SfoScratch;
  move: MovementCache | null;
}

export function sfoWorkspace(s: SfoState): SfoWorkspace {
  return {
    streams: new Streams(s.rng),
    trace: undefined,
    explicitChance: false,
    sc: newScratch(),
    move: null,
  };
}
