/**
 * Per-game scratch of Merkur (DESIGN §3): the streams bound to the state's RngState and the trace.
 * Everything else lives in the state, so a cloned state plays on under a fresh workspace.
 */
import type { Workspace } from '../../core/game.js';
import { Streams } from '../../core/rng.js';
import type { MerkurState } from './state.js';

export type MerkurWorkspace = Workspace;

export function merkurWorkspace(s: MerkurState, reuse?: MerkurWorkspace): MerkurWorkspace {
  if (reuse !== undefined && reuse.streams instanceof Streams) {
    reuse.streams.rebind(s.rng);
    reuse.streams.counter = undefined;
    reuse.trace = undefined;
    reuse.explicitChance = false;
    return reuse;
  }
  return { streams: new Streams(s.rng), trace: undefined, explicitChance: false };
}
