/**
 * Per-game scratch of SCS (docs/architecture.md "Randomness"): the streams bound to the state's RngState, the dice the
 * rules roll through (tests may script them), the trace sink and the pocket searches' buffers.
 * Everything in it can be rebuilt from the state, so a cloned or deserialised state continues under
 * a fresh workspace exactly as the original would.
 */
import { d6 } from '../../core/dice.js';
import type { ChanceNode, Workspace } from '../../core/game.js';
import { type Rng, randInt, Streams } from '../../core/rng.js';
import { scsMap } from './map.js';
import { PocketScratch } from './pockets.js';
import type { ScsState } from './state.js';

export interface ScsWorkspace extends Workspace {
  /** The state the workspace belongs to (one workspace per state object). */
  s: ScsState;
  /** One combat die (stream 'combat'). */
  combatDie: () => number;
  /** Die for force generation rolls (stream 'draws'). */
  genDie: () => number;
  /** Index of the next blind draw among n pool counters (stream 'draws'). */
  drawIndex: (n: number) => number;
  /**
   * When set (enumerate.ts), a chance point inside one rules step (8.6's breakout fire) takes the
   * outcome index it returns for the exact distribution instead of rolling; null in play.
   */
  chanceOutcome: ((node: ChanceNode) => number) | null;
  /** The pocket searches' buffers (8.4, 7.3). */
  readonly pockets: PocketScratch;
  /** Per hex, for Phase II's joint-operation choice (7.3): the pocket sizes of allPockets. */
  readonly pocketSize: Int32Array;
  readonly pocketFortified: Int32Array;
}

/** The dice of the streams of `ws` (the defaults a scripted test replaces), each stream taken on first use. */
function bindDice(ws: ScsWorkspace): void {
  let combat: Rng | undefined;
  let draws: Rng | undefined;
  const drawStream = (): Rng => {
    if (draws === undefined) draws = ws.streams.stream('draws');
    return draws;
  };
  ws.combatDie = () => {
    if (combat === undefined) combat = ws.streams.stream('combat');
    return d6(combat);
  };
  ws.genDie = () => d6(drawStream());
  ws.drawIndex = (n) => (n === 1 ? 0 : randInt(drawStream(), 0, n - 1));
}

export function scsWorkspace(s: ScsState, reuse?: ScsWorkspace): ScsWorkspace {
  if (reuse !== undefined) {
    reuse.streams.rebind(s.rng);
    reuse.streams.counter = undefined;
    reuse.trace = undefined;
    reuse.explicitChance = false;
    reuse.chanceOutcome = null;
    reuse.s = s;
    bindDice(reuse);
    return reuse;
  }
  const ws: ScsWorkspace = {
    streams: new Streams(s.rng),
    trace: undefined,
    explicitChance: false,
    s,
    combatDie: () => 0,
    genDie: () => 0,
    drawIndex: () => 0,
    chanceOutcome: null,
    pockets: new PocketScratch(),
    pocketSize: new Int32Array(scsMap.size),
    pocketFortified: new Int32Array(scsMap.size),
  };
  bindDice(ws);
  return ws;
}
