/**
 * SCS 5.x: the turn sequence (set-up 3.5, then six turns of phases I-IV; turn 1 starts with Phase
 * III) as the state machine the driver steps (docs/architecture.md "The game is a state machine"): `advance` runs the rules to the next
 * decision, `apply` carries out one answer. A decision with a single option is taken at once,
 * never asked.
 */
import { note } from '../../core/decide.js';
import type { ChanceNode } from '../../core/game.js';
import {
  applyAnotherRound,
  applyCommitVI,
  applyLoss,
  applyVolley,
  battleStep,
  lossDecision,
} from './combat.js';
import { describeChoice, type ScsDecision, type ScsPending } from './decisions.js';
import type { Run } from './engine.js';
import { applyStep, attackStep, stepDecision } from './movement.js';
import { checkPool } from './pool.js';
import type { ScsState, ScsTask } from './state.js';
import {
  applyEnter4S,
  applyForce,
  applyJointOp,
  applyReplacement,
  endOfTurn,
  enter4SDecision,
  forceDecision,
  hostDecision,
  jointOpDecision,
  phaseI,
  phaseII,
  phaseIV,
  phaseIVEnd,
  replacementDecision,
} from './turn.js';

/** The steps of the turn sequence, in order (state.seq). */
const SETUP = 0;
const PLAY = 1;
const TURN_START = 2;
const ENTER_4S = 3;
const JOINT_OP = 4;
const PHASE_III = 5;
const PHASE_IV = 6;
const END_OF_TURN = 7;
const PHASE_II = 8;

/** Runs the next step of the turn sequence when no task is under way. */
function nextStep(run: Run): void {
  const s = run.s;
  switch (s.seq) {
    case SETUP:
      // SCS 3.5: the player stacks 1E on an army
      s.stack.push({ t: 'host', rule: 'SCS 3.5' });
      s.seq = PLAY;
      return;
    case PLAY:
      s.phase = 'I';
      s.seq = PHASE_III; // SCS 5.2: turn 1 has no Phases I and II
      checkPool(run);
      return;
    case TURN_START:
      if (!phaseI(run)) return; // SCS 4.8: the game is over
      s.seq = PHASE_II; // a step of its own, so that the state between Phases I and II can be seen
      return;
    case PHASE_II:
      phaseII(run);
      s.seq = ENTER_4S;
      return;
    case ENTER_4S:
      s.stack.push({ t: 'enter4S' });
      s.seq = JOINT_OP;
      return;
    case JOINT_OP:
      s.stack.push({ t: 'jointOp' });
      s.seq = PHASE_III;
      return;
    case PHASE_III:
      s.phase = 'III';
      s.stack.push({ t: 'forces' });
      s.seq = PHASE_IV;
      return;
    case PHASE_IV:
      if (!phaseIV(run)) return;
      s.stack.push({ t: 'host', rule: 'SCS 6.3' });
      s.seq = END_OF_TURN;
      return;
    case END_OF_TURN: {
      phaseIVEnd(s);
      const r = endOfTurn(run);
      if (s.result !== '') return; // SCS 4.8: the pool was found empty by the K-Line withdrawal
      if (r !== null) {
        s.result = r;
        s.endReason =
          r === 'turn1-loss' ? 'turn-1-check' : r === 'turn3-loss' ? 'turn-3-check' : 'turn-limit';
        return;
      }
      s.turn++;
      s.seq = TURN_START;
      return;
    }
  }
  throw new Error(`SCS: no step ${s.seq} in the turn sequence`);
}

/** What the task on top of the stack asks next; null when it has moved on (or finished and left the stack). */
function step(run: Run, task: ScsTask): ScsPending | null {
  const s = run.s;
  switch (task.t) {
    case 'host':
      return hostDecision(s, task.rule) ?? done(s);
    case 'replace':
      return replacementDecision(s, task) ?? done(s);
    case 'enter4S':
      return enter4SDecision(run) ?? done(s);
    case 'jointOp':
      return jointOpDecision(run) ?? done(s);
    case 'forces':
      return forceDecision(s) ?? done(s);
    case 'move':
      return stepDecision(run, task);
    case 'attack':
      attackStep(run, task);
      return null;
    case 'battle':
      return battleStep(run, task);
    case 'losses':
      return lossDecision(run, task);
  }
}

/** Pops the finished task on top of the stack. */
function done(s: ScsState): null {
  s.stack.pop();
  return null;
}

/** Carries out answer `choice` to decision `d` of the task on top of the stack. */
function carry(run: Run, task: ScsTask, d: ScsDecision, choice: number): void {
  const s = run.s;
  switch (d.kind) {
    case 'host1E':
      s.host = d.options[choice]!;
      s.stack.pop();
      return;
    case 'replacement':
      if (!applyReplacement(s, task as ScsTask & { t: 'replace' }, d.options[choice]!)) s.stack.pop();
      return;
    case 'enter4S':
      s.stack.pop();
      applyEnter4S(run, d.options[choice]!);
      return;
    case 'placeJointOp':
      s.stack.pop();
      applyJointOp(run, d.options[choice]!);
      return;
    case 'force':
      if (!applyForce(run, d.options[choice]!)) s.stack.pop();
      return;
    case 'step':
      applyStep(run, task as ScsTask & { t: 'move' }, d.options[choice]!);
      return;
    case 'commitVI':
      applyCommitVI(run, task as ScsTask & { t: 'battle' }, d.options[choice]!);
      return;
    case 'germanLoss':
      applyLoss(run, task as ScsTask & { t: 'losses' }, d.options[choice]!);
      return;
    case 'anotherRound':
      applyAnotherRound(run, task as ScsTask & { t: 'battle' }, d.options[choice]!);
      return;
  }
}

/** GameDefinition.advance: runs the rules to the next decision (left pending in the state) or the end. */
export function advance(s: ScsState, ws: Run): ScsPending | null {
  return runUntil(s, ws);
}

/**
 * `advance` that also stops (returning null) as soon as `stop(state)` holds before a rules step,
 * with no decision pending: for tools and tests that run part of a phase (one battle, one move).
 */
export function runUntil(s: ScsState, ws: Run, stop?: (s: ScsState) => boolean): ScsPending | null {
  while (s.pending === null) {
    // SCS 4.8: a sudden death (the pool found empty) is a terminal state like the end of the game
    if (s.result !== '' || stop?.(s)) return null;
    const task = s.stack[s.stack.length - 1];
    if (task === undefined) {
      nextStep(ws);
      continue;
    }
    const d = step(ws, task);
    if (d === null) continue;
    if (d.kind === 'chance' || d.options.length !== 1) s.pending = d;
    else carry(ws, task, d, 0);
  }
  return s.pending;
}

/** GameDefinition.apply: carries out answer `choice` to the pending decision (checked). */
export function apply(s: ScsState, ws: Run, pending: ScsPending, choice: number): void {
  const p = s.pending;
  if (p === null || p.kind !== pending.kind)
    throw new Error(`SCS: answer to ${pending.kind}, but ${p === null ? 'nothing' : p.kind} is pending`);
  const task = s.stack[s.stack.length - 1];
  if (task === undefined) throw new Error(`SCS: ${p.kind} pending with no task`);
  if (p.kind === 'chance') {
    const n = (p as ChanceNode).outcomes.length;
    if (!Number.isInteger(choice) || choice < 0 || choice >= n)
      throw new Error(`SCS: chance outcome ${choice} of ${n}`);
    if (task.t !== 'battle') throw new Error(`SCS: a chance point pending in task ${task.t}`);
    s.pending = null;
    applyVolley(ws, task, choice); // explicit-chance mode: the volley's hits
    return;
  }
  const d = p as ScsDecision;
  if (!Number.isInteger(choice) || choice < 0 || choice >= d.options.length)
    throw new Error(`SCS: answer ${choice} to ${d.kind} (${d.rule}) with ${d.options.length} options`);
  s.pending = null;
  if (ws.trace)
    note(ws.trace, {
      turn: s.turn,
      phase: s.phase,
      side: 'soviet',
      rule: d.rule,
      text: `Soviet decision ${d.kind}: ${describeChoice(s, d, choice)}`,
      decision: { kind: d.kind, choice, of: d.options.length },
    });
  carry(ws, task, d, choice);
}
