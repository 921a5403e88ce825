import type { Decision, GameSeed, GameSetup, Policy, TraceEvent } from '../../src/core/game.js';
import { newRngState } from '../../src/core/rng.js';
import { startBattle } from '../../src/games/scs/combat.js';
import type { Run } from '../../src/games/scs/engine.js';
import { scs } from '../../src/games/scs/index.js';
import { startActivation, startAttack } from '../../src/games/scs/movement.js';
import type { ScsState } from '../../src/games/scs/state.js';
import { phaseII as beginPhaseII, phaseIV as beginPhaseIV, phaseIVEnd } from '../../src/games/scs/turn.js';
import { apply, runUntil } from '../../src/games/scs/turn-sequence.js';
import { scsWorkspace } from '../../src/games/scs/workspace.js';

/**
 * A new game after the turn sequence's set-up step: its first front markers drawn (3.4, from stream
 * 'setup' as in play), the 3.5 host decision next. For tests that run the rules' procedures on a
 * fresh board.
 */
export function startScs(setup: GameSetup, seed: GameSeed): ScsState {
  const s = scs.start(setup, seed);
  runUntil(s, scsWorkspace(s), (x) => x.seq !== 0);
  return s;
}

/** A workspace of `s` with the Soviet policy that answers the decisions of the procedures below. */
export type TestRun = Run & { policy: Policy };

/**
 * A workspace of `s` whose streams are those of game `game` of seed `seed` (the state's own when
 * absent), answering decisions with `policy`.
 */
export function makeRun(
  s: ScsState,
  opts: { policy: Policy; seed?: readonly [number, number]; trace?: TraceEvent[] },
): TestRun {
  if (opts.seed !== undefined) s.rng = newRngState(opts.seed[0], opts.seed[1]);
  const run = scsWorkspace(s) as TestRun;
  run.policy = opts.policy;
  run.trace = opts.trace;
  return run;
}

/** A run with scripted dice: combat and generation dice come from queues; draws take the last pool counter. */
export function scriptedRun(
  s: ScsState,
  policy: Policy,
  combat: number[],
  gen: number[] = [],
): TestRun & { trace: TraceEvent[] } {
  const trace: TraceEvent[] = [];
  const run = makeRun(s, { policy, seed: [9, 9], trace });
  run.combatDie = () => {
    const d = combat.shift();
    if (d === undefined) throw new Error('combat dice exhausted');
    return d;
  };
  run.genDie = () => {
    const d = gen.shift();
    if (d === undefined) throw new Error('generation dice exhausted');
    return d;
  };
  run.drawIndex = (n) => n - 1;
  return run as TestRun & { trace: TraceEvent[] };
}

/** Steps the rules until the stack is shallower than `depth`, the run's policy answering every decision. */
function drive(run: TestRun, depth: number): void {
  const s = run.s;
  for (;;) {
    const p = runUntil(s, run, (x) => x.stack.length < depth);
    if (p === null) return;
    const d = p as Decision;
    const choice = run.policy.choose(scs.view(s, 'soviet'), d, run.streams.stream('policy:soviet'));
    apply(s, run, p as never, choice);
  }
}

/** SCS 10.1: a whole battle in hex h (its decisions answered by the run's policy). */
export function fightBattle(
  run: TestRun,
  kind: 'defense' | 'relief',
  h: number,
  a: number,
  mf: number,
): { won: boolean; mf: number } {
  startBattle(run, kind, h, a, mf);
  drive(run, run.s.stack.length);
  return { ...run.s.outcome };
}

/** SCS 3.7, 8.x, 10.x: a whole attack; the MF left when the force won and may go on, or -1. */
export function attackHex(run: TestRun, a: number, from: number, h: number, mf: number): number {
  startAttack(run, a, from, h, mf);
  drive(run, run.s.stack.length);
  return run.s.outcome.mf;
}

/** SCS 9.1: army a's whole move. */
export function activate(run: TestRun, a: number): void {
  startActivation(run, a);
  drive(run, run.s.stack.length);
}

/** SCS 7.2-7.4: the whole Phase II (replacements, 4S, the joint-operation marker). */
export function phaseII(run: TestRun): void {
  const depth = run.s.stack.length + 1;
  run.s.stack.push({ t: 'jointOp' }, { t: 'enter4S' });
  beginPhaseII(run);
  drive(run, depth);
}

/** SCS 5.5, 8.9, 6.3: the whole Phase IV. */
export function phaseIV(run: TestRun): void {
  beginPhaseIV(run);
  run.s.stack.push({ t: 'host', rule: 'SCS 6.3' });
  drive(run, run.s.stack.length);
  phaseIVEnd(run.s);
}

/** Takes a counter of `type` out of the pool (for hand-built forces). */
export function takeFromPool(s: ScsState, type: number): number {
  const i = s.pool.findIndex((id) => s.gType[id] === type);
  if (i < 0) throw new Error(`no counter of type ${type} in the pool`);
  return s.pool.splice(i, 1)[0]!;
}

/**
 * The plain NOTES reconstruction of every value the calibration sets (calibration.json, data/NOTES.md (c),
 * (d)): CRT B, forest 2 MF on the unbroken belts, the 13 fortified-locality candidates, 71 Soviet
 * counters (44 non-mechanized pool units). Hand-built rule tests state their numbers in these terms.
 */
export const RECONSTRUCTION: Record<string, number | string> = {
  crtSet: 'B',
  forestCost: 2,
  forestLayout: 'belts',
  fortifiedList: 'recon13',
  sovietCounters: 71,
};
