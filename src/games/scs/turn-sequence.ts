/**
 * SCS 5.x: the turn sequence (set-up 3.5, then six turns of phases I-IV; turn 1 starts with Phase
 * III) as the state machine the driver steps (docs/architecture.md "The game is a state machine"): `advance` runs the rules to the next
 * decision, `apply` carries out one answer. The loop, the decision counter, forced moves (a decision
 * with a single option is taken at once, never asked) and chance points are the kernel's
 * (core/kernel.ts); this file declares the phase sequence (nextStep) and the task kinds.
 */
import { note } from '../../core/decide.js';
import type { ChanceNode } from '../../core/game.js';
import {
  type AnswerSource,
  answerMachine,
  expectKind,
  runMachine,
  turnMachine,
  unreachable,
} from '../../core/kernel.js';
import { chanceStep } from './chance.js';
import {
  applyAnotherRound,
  applyCommitVI,
  applyLoss,
  applyVolley,
  battleStep,
  lossDecision,
} from './combat.js';
import { applyJointOp, jointOpDecision, jointOpFront } from './control.js';
import { describeChoice, type ScsDecision, type ScsPending } from './decisions.js';
import type { Run } from './engine.js';
import { applyStep, attackStep, stepDecision } from './movement.js';
import { checkPool } from './pool.js';
import { drawFrontMarkers } from './setup.js';
import type { ScsState, ScsTask } from './state.js';
import {
  applyEnter4S,
  applyForce,
  applyReplacement,
  endOfTurn,
  enter4SDecision,
  forceDecision,
  hostDecision,
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
      drawFrontMarkers(run); // SCS 3.4
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

/** Pops the finished task on top of the stack. */
function done(s: ScsState): null {
  s.stack.pop();
  return null;
}

/**
 * Narration of an answer the player gave (`play --trace`). SCS never narrated its forced moves, so
 * answers the kernel carries out alone (a single option) stay silent.
 */
function narrate(s: ScsState, ws: Run, d: ScsDecision, choice: number, source: AnswerSource): void {
  if (source !== 'asked' || !ws.trace) return;
  note(ws.trace, {
    turn: s.turn,
    phase: s.phase,
    side: 'soviet',
    rule: d.rule,
    text: `Soviet decision ${d.kind}: ${describeChoice(s, d, choice)}`,
    decision: { kind: d.kind, choice, of: d.options.length },
  });
}

/** Explicit-chance mode: outcome `k` of a draw inside a rules step; the step runs again with it (chance.ts). */
function drawnOutcome(s: ScsState, _ws: Run, _task: ScsTask, _node: ChanceNode, k: number): void {
  s.drawn.push(k);
}

/**
 * The task kinds of SCS's turn sequence: how each steps and carries out its answers. The rules
 * read the state through the workspace (`ws.s`, the state the kernel passes).
 */
const MACHINE = turnMachine<ScsState, Run, ScsTask, ScsDecision>({
  game: 'SCS',
  // SCS 4.8: a sudden death (the pool found empty) is a terminal state like the end of the game
  over: (s) => s.result !== '',
  // explicit-chance mode: each step of the sequence is a task, so that its draws can stop (chance.ts)
  nextPhase: (s, ws) => {
    if (ws.explicitChance) s.stack.push({ t: 'sequence' });
    else nextStep(ws);
  },
  narrate,
  tasks: {
    host: {
      step: (s, _ws, task) => hostDecision(s, task.rule) ?? done(s),
      answer(s, _ws, task, d, choice) {
        expectKind('SCS', task.t, d, 'host1E');
        s.host = d.options[choice]!;
        s.stack.pop();
      },
    },
    replace: {
      step: (s, _ws, task) => replacementDecision(s, task) ?? done(s),
      answer(s, _ws, task, d, choice) {
        expectKind('SCS', task.t, d, 'replacement');
        if (!applyReplacement(s, task, d.options[choice]!)) s.stack.pop();
      },
    },
    enter4S: {
      step: (s, ws) => enter4SDecision(ws) ?? done(s),
      answer(s, ws, task, d, choice) {
        expectKind('SCS', task.t, d, 'enter4S');
        s.stack.pop();
        applyEnter4S(ws, d.options[choice]!);
      },
    },
    jointOp: {
      step: (s, ws) => jointOpDecision(ws) ?? done(s),
      answer(s, ws, task, d, choice) {
        expectKind('SCS', task.t, d, 'placeJointOp');
        s.stack.pop();
        applyJointOp(ws, d.options[choice]!);
      },
    },
    forces: {
      step: (s) => forceDecision(s) ?? done(s),
      answer(s, ws, task, d, choice) {
        expectKind('SCS', task.t, d, 'force');
        if (!applyForce(ws, d.options[choice]!)) s.stack.pop();
      },
    },
    move: {
      step: (_s, ws, task) => stepDecision(ws, task),
      answer(_s, ws, task, d, choice) {
        expectKind('SCS', task.t, d, 'step');
        applyStep(ws, task, d.options[choice]!);
      },
    },
    attack: {
      step: (_s, ws, task) =>
        chanceStep(ws, () => {
          attackStep(ws, task);
          return null;
        }),
      answer(_s, _ws, task, d) {
        throw new Error(`SCS: decision ${d.kind} answered in task ${task.t}`);
      },
      outcome: drawnOutcome,
    },
    sequence: {
      step: (s, ws) =>
        chanceStep(ws, () => {
          s.stack.pop();
          nextStep(ws);
          return null;
        }),
      answer(_s, _ws, task, d) {
        throw new Error(`SCS: decision ${d.kind} answered in task ${task.t}`);
      },
      outcome: drawnOutcome,
    },
    jointOpFront: {
      step: (s, ws, task) =>
        chanceStep(ws, () => {
          s.stack.pop();
          jointOpFront(ws, task.h);
          return null;
        }),
      answer(_s, _ws, task, d) {
        throw new Error(`SCS: decision ${d.kind} answered in task ${task.t}`);
      },
      outcome: drawnOutcome,
    },
    battle: {
      step: (_s, ws, task) => battleStep(ws, task),
      answer(_s, ws, task, d, choice) {
        expectKind('SCS', task.t, d, 'commitVI', 'anotherRound');
        switch (d.kind) {
          case 'commitVI':
            applyCommitVI(ws, task, d.options[choice]!);
            return;
          case 'anotherRound':
            applyAnotherRound(ws, task, d.options[choice]!);
            return;
          default:
            return unreachable(d);
        }
      },
      // explicit-chance mode: the volley's hits
      outcome: (_s, ws, task, _node, hits) => applyVolley(ws, task, hits),
    },
    losses: {
      step: (_s, ws, task) => lossDecision(ws, task),
      answer(_s, ws, task, d, choice) {
        expectKind('SCS', task.t, d, 'germanLoss');
        applyLoss(ws, task, d.options[choice]!);
      },
    },
  },
});

/** GameDefinition.advance: runs the rules to the next decision (left pending in the state) or the end. */
export function advance(s: ScsState, ws: Run): ScsPending | null {
  return runMachine(MACHINE, s, ws);
}

/**
 * `advance` that also stops (returning null) as soon as `stop(state)` holds before a rules step,
 * with no decision pending: for tools and tests that run part of a phase (one battle, one move).
 */
export function runUntil(s: ScsState, ws: Run, stop?: (s: ScsState) => boolean): ScsPending | null {
  return runMachine(MACHINE, s, ws, stop);
}

/** GameDefinition.apply: carries out answer `choice` to the pending decision (checked). */
export function apply(s: ScsState, ws: Run, pending: ScsPending, choice: number): void {
  answerMachine(MACHINE, s, ws, pending, choice);
}
