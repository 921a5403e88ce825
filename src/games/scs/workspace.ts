/**
 * Per-game scratch of SCS (docs/architecture.md "Randomness"): the streams bound to the state's RngState, the dice the
 * rules roll through (tests may script them), the trace sink and the pocket searches' buffers.
 * Everything in it can be rebuilt from the state, so a cloned or deserialised state continues under
 * a fresh workspace exactly as the original would.
 */
import { d6 } from '../../core/dice.js';
import type { ChanceNode, Workspace } from '../../core/game.js';
import { type Rng, randInt, Streams } from '../../core/rng.js';
import { drawNode, GENERATION_DIE, replayed } from './chance.js';
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
  /** Explicit-chance mode: the draws replayed so far in the rules step under way (chance.ts chanceStep), else null. */
  replay: { pos: number } | null;
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
    // explicit-chance mode: every volley is a chance point (combat.ts, chance.ts)
    if (ws.explicitChance) throw new Error('SCS: a combat die rolled in explicit-chance mode');
    if (combat === undefined) combat = ws.streams.stream('combat');
    return d6(combat);
  };
  // explicit-chance mode: a chance point of the step under way (chance.ts), the same index the stream would give
  ws.genDie = () => (ws.explicitChance ? replayed(ws, () => GENERATION_DIE) + 1 : d6(drawStream()));
  ws.drawIndex = (n) =>
    n === 1 ? 0 : ws.explicitChance ? replayed(ws, () => drawNode(ws.s)) : randInt(drawStream(), 0, n - 1);
}

export function scsWorkspace(s: ScsState, reuse?: ScsWorkspace): ScsWorkspace {
  if (reuse !== undefined) {
    reuse.streams.rebind(s.rng);
    reuse.streams.counter = undefined;
    reuse.trace = undefined;
    reuse.explicitChance = false;
    reuse.chanceOutcome = null;
    reuse.replay = null;
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
    replay: null,
    pockets: new PocketScratch(),
    pocketSize: new Int32Array(scsMap.size),
    pocketFortified: new Int32Array(scsMap.size),
  };
  bindDice(ws);
  return ws;
}
