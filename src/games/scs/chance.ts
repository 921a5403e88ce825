/**
 * Explicit chance for the draws that fall inside one rules step (docs/architecture.md "Chance is
 * explicit"): the force pool's blind draws (3.4's set-up markers, 3.7, 8.3, 8.5, 8.6, 10.7), the force-generation dice
 * (8.3, 8.5, 8.6) and the breakout's fire (8.6). In explicit-chance mode such a step runs on the
 * outcomes known so far (`state.drawn`); at the first draw it has no outcome for, the state (and the
 * narration) is put back as it was before the step and that draw is the pending chance point; its
 * outcome is added to `state.drawn` and the step runs again, through the same code. In sampled mode
 * the step draws from the game's streams as always (workspace.ts).
 * The battle's own volleys (10.1) stop by themselves (combat.ts battleStep).
 */
import type { ChanceNode } from '../../core/game.js';
import type { Run } from './engine.js';
import { COUNTER_NAMES, cloneScs, type ScsState } from './state.js';

/** Thrown by a draw with no known outcome inside `chanceStep`: the draw's chance point. */
export class ChanceStop {
  constructor(readonly node: ChanceNode) {}
}

/** SCS 8.3, 8.5, 8.6: one force-generation die (outcome k: face k + 1). */
export const GENERATION_DIE: ChanceNode = {
  kind: 'chance',
  side: 'chance',
  rule: 'SCS 8.3, 8.5, 8.6',
  what: 'force-generation die',
  outcomes: [1, 2, 3, 4, 5, 6].map((f) => ({ label: `${f}`, p: 1 / 6 })),
};

/** SCS 3.3: a blind draw of one of the pool's `pool.length` counters (outcome i: the i-th). */
export function drawNode(s: ScsState): ChanceNode {
  const n = s.pool.length;
  return {
    kind: 'chance',
    side: 'chance',
    rule: 'SCS 3.3',
    what: 'blind draw from the force pool',
    outcomes: s.pool.map((id) => ({ label: `${COUNTER_NAMES[s.gType[id]!]!}#${id}`, p: 1 / n })),
  };
}

/** SCS 3.4: the blind draw of an initial front hex's marker from the pool (outcome i: the i-th counter). */
export function frontMarkerNode(s: ScsState): ChanceNode {
  return { ...drawNode(s), rule: 'SCS 3.4', what: 'front marker drawn at set-up' };
}

/** The next known outcome of the step being replayed, or its chance point `node` (thrown). */
export function replayed(run: Run, node: () => ChanceNode): number {
  const r = run.replay;
  if (r === null)
    throw new Error(`SCS: a draw (${node().what}) outside a chance step in explicit-chance mode`);
  const drawn = run.s.drawn;
  if (r.pos < drawn.length) return drawn[r.pos++]!;
  throw new ChanceStop(node());
}

/**
 * Runs `step` (a task's rules step that may draw): in sampled mode as it is; in explicit-chance mode
 * on the outcomes in `state.drawn`, returning the chance point of the first draw past them with the
 * state as before the step.
 */
export function chanceStep<R>(run: Run, step: () => R): R | ChanceNode {
  if (!run.explicitChance) return step();
  const s = run.s;
  const before = cloneScs(s);
  const told = run.trace?.length ?? 0;
  const outcome = run.chanceOutcome;
  const replay = { pos: 0 };
  run.replay = replay;
  // the breakout's volleys (8.6) take their hits from the known outcomes too
  run.chanceOutcome = (node) => replayed(run, () => node);
  try {
    const r = step();
    if (replay.pos !== s.drawn.length) throw new Error('SCS: a chance step replayed fewer draws than known');
    s.drawn.length = 0;
    return r;
  } catch (e) {
    if (!(e instanceof ChanceStop)) throw e;
    Object.assign(s, before);
    if (run.trace !== undefined) run.trace.length = told;
    return e.node;
  } finally {
    run.replay = null;
    run.chanceOutcome = outcome;
  }
}
