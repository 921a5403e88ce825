/**
 * Per-game scratch of SFO (docs/architecture.md "State"): buffers the rules reuse from one call to the next and the
 * movement phase's option lists, all rebuilt from the state when missing, so a cloned or
 * deserialised state continues under a fresh workspace exactly as the original would.
 */
import type { Workspace } from '../../core/game.js';
import { Streams } from '../../core/rng.js';
import type { SfoDecisionKind, SfoOption } from './decisions.js';
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

/** Fresh scratch (a finished game's workspace lends its own to the next one, see sfoWorkspace). */
export function newScratch(): SfoScratch {
  return {
    rem: new Int8Array(128),
    queue: new Int16Array(1024),
    fill: new Int32Array(16),
    oneSource: [0],
    oneMp: [0],
    zoc: new Uint8Array(128),
    head: new Int16Array(128),
    next: new Int16Array(64),
    seen: new Uint8Array(128),
    friend: new Uint8Array(128),
    enemy: new Uint8Array(128),
    phaseZoc: new Uint8Array(128),
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
  /** The answer being carried out (one object, rewritten at each decision; narration copies it). */
  readonly answer: { kind: SfoDecisionKind; choice: number; of: number };
}

export function sfoWorkspace(s: SfoState, reuse?: SfoWorkspace): SfoWorkspace {
  if (reuse !== undefined) {
    // a finished game's workspace: its buffers serve again, its streams step the new state's words
    reuse.streams.rebind(s.rng);
    reuse.streams.counter = undefined;
    reuse.trace = undefined;
    reuse.explicitChance = false;
    reuse.move = null;
    return reuse;
  }
  return {
    streams: new Streams(s.rng),
    trace: undefined,
    explicitChance: false,
    sc: newScratch(),
    move: null,
    answer: { kind: 'move', choice: 0, of: 0 },
  };
}
