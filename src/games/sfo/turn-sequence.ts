/**
 * The turn sequence (SFO 5): each turn the first side's events, movement and combat phases, then
 * the second side's (the Soviets first, the US first in the Counter Offensive, SFO 13); 4 turns
 * (Expert 6 in some scenarios). Here the phases become the state machine the driver steps
 * (docs/architecture.md "The game is a state machine"): `advance` runs the rules to the next decision, `apply` carries out one answer.
 */
import { answerMachine, expectKind, runMachine, turnMachine, unreachable } from '../../core/kernel.js';
import {
  advanceStep,
  applyAdvance,
  applyAttack,
  applyEliminateOne,
  applyExploit,
  applyRetreat,
  applyRoll,
  attackDecision,
  eliminateOneStep,
  exploitStep,
  retreatStep,
  rollStep,
  startCombat,
} from './combat.js';
import type { Answer, SfoDecision, SfoPending } from './decisions.js';
import {
  applyEventsDecision,
  applyExpertChoice,
  applySupport,
  eventOutcomeOf,
  eventsStep,
  startEvents,
  supportStep,
} from './events.js';
import { applyMoveDecision, moveDecision, startMovement } from './movement.js';
import { tell } from './narrate.js';
import type { SfoState, SfoTask, Side } from './state.js';
import { outcome, sovietTownFlags } from './victory.js';
import type { SfoWorkspace } from './workspace.js';

const SOVIET_FIRST: readonly [Side, Side] = ['soviet', 'us'];
const US_FIRST: readonly [Side, Side] = ['us', 'soviet'];

/** The order the sides play in each turn. */
function order(state: SfoState): readonly [Side, Side] {
  return state.rules.expert?.first === 'us' ? US_FIRST : SOVIET_FIRST;
}

/** Starts the next phase of the turn (or the next turn), or ends the game after the last turn. */
function nextPhase(state: SfoState, ws: SfoWorkspace): void {
  if (state.seq === 6) {
    state.seq = 0;
    state.turn++;
  }
  if (state.turn > state.rules.turns) {
    endGame(state, ws);
    return;
  }
  const side = order(state)[state.seq < 3 ? 0 : 1];
  const phase = state.seq % 3;
  state.seq++;
  if (phase === 0) startEvents(state, ws, side);
  else if (phase === 1) startMovement(state, ws, side);
  else startCombat(state, ws, side);
}

/** SFO 10: the game ends after the last turn. */
function endGame(state: SfoState, ws: SfoWorkspace): void {
  state.turn = state.rules.turns;
  state.phase = 'end';
  state.over = true;
  if (ws.trace === undefined) return;
  const { result, vp } = outcome(state);
  const towns = sovietTownFlags(state);
  tell(
    state,
    ws,
    result === 'soviet-win' ? 'soviet' : 'us',
    'SFO 10',
    state.rules.expert?.victory === 'vp'
      ? `end of turn ${state.turn}: victory points Soviet ${vp.soviet}, US ${vp.us}: ${result} (${outcome(state).level})`
      : `end of turn ${state.turn}: Soviets hold ${towns.reduce((a, b) => a + b, 0)} town(s): ${result}`,
  );
}

/** The answer record narration reads (SFO's trace names the decision kind, choice and option count). */
function answerOf(ws: SfoWorkspace, d: SfoDecision, choice: number): Answer {
  const a = ws.answer;
  a.kind = d.kind;
  a.choice = choice;
  a.of = d.options.length;
  return a;
}

/** SFO 8: the end of a side's movement starts its support step (SFO 7.1). */
function endMovement(state: SfoState, side: Side): void {
  state.stack.pop();
  state.stack.push({ t: 'support', side });
}

/** The task kinds of SFO's turn sequence: how each steps and carries out its answers. */
const MACHINE = turnMachine<SfoState, SfoWorkspace, SfoTask, SfoDecision>({
  game: 'SFO',
  over: (s) => s.over,
  nextPhase,
  tasks: {
    events: {
      step: eventsStep,
      // explicit-chance mode: the random event's draws (SFO 7)
      outcome: (s, ws, task, _node, k) => eventOutcomeOf(s, ws, task, k),
      answer(s, ws, task, d, choice) {
        expectKind('SFO', task.t, d, 'replace', 'event', 'replace-units', 'disrupt');
        const a = answerOf(ws, d, choice);
        switch (d.kind) {
          case 'replace':
          case 'event':
            applyEventsDecision(s, ws, task, d.options[choice]!, a);
            return;
          case 'replace-units':
          case 'disrupt':
            s.stack.pop();
            applyExpertChoice(s, ws, task.side, d.options[choice]!, a);
            return;
          default:
            return unreachable(d);
        }
      },
    },
    movement: {
      step(s, ws, task) {
        const d = moveDecision(s, ws, task);
        if (d === null) endMovement(s, task.side);
        return d;
      },
      answer(s, ws, task, d, choice) {
        expectKind('SFO', task.t, d, 'move');
        if (!applyMoveDecision(s, ws, task, d.options[choice]!, answerOf(ws, d, choice)))
          endMovement(s, task.side);
      },
    },
    support: {
      step: (s, _ws, task) => supportStep(s, task),
      answer(s, ws, task, d, choice) {
        expectKind('SFO', task.t, d, 'support');
        applySupport(s, ws, task, d.options[choice]!, answerOf(ws, d, choice));
      },
    },
    combat: {
      step(s, ws, task) {
        const d = attackDecision(s, ws, task);
        if (d === null) s.stack.pop();
        return d;
      },
      answer(s, _ws, task, d, choice) {
        expectKind('SFO', task.t, d, 'attack');
        if (!applyAttack(s, task, d.options[choice]!)) s.stack.pop();
      },
    },
    roll: {
      step: rollStep,
      answer(_s, _ws, task, d) {
        throw new Error(`SFO: decision ${d.kind} answered in task ${task.t}`);
      },
      outcome: (s, ws, task, _node, outcome) => applyRoll(s, ws, task, outcome),
    },
    retreat: {
      step: retreatStep,
      answer(s, ws, task, d, choice) {
        expectKind('SFO', task.t, d, 'retreat');
        const o = d.options[choice]!;
        applyRetreat(s, ws, o.unit, o.to, answerOf(ws, d, choice));
      },
    },
    'eliminate-one': {
      step: eliminateOneStep,
      answer(s, ws, task, d, choice) {
        expectKind('SFO', task.t, d, 'eliminate');
        applyEliminateOne(s, ws, task, d.options[choice]!.unit, answerOf(ws, d, choice));
      },
    },
    advance: {
      step: (s, _ws, task) => advanceStep(s, task),
      answer(s, ws, task, d, choice) {
        expectKind('SFO', task.t, d, 'advance');
        applyAdvance(s, ws, task, d.options[choice]!, answerOf(ws, d, choice));
      },
    },
    exploit: {
      step: (s, _ws, task) => exploitStep(s, task),
      answer(s, ws, task, d, choice) {
        expectKind('SFO', task.t, d, 'exploit');
        applyExploit(s, ws, task, d.options[choice]!, answerOf(ws, d, choice));
      },
    },
  },
});

/** GameDefinition.advance: runs the rules to the next decision (left pending in the state) or the end. */
export function advance(state: SfoState, ws: SfoWorkspace): SfoPending | null {
  return runMachine(MACHINE, state, ws);
}

/**
 * `advance` that also stops (returning null) as soon as `stop(state)` holds before a rules step,
 * with no decision pending: for tools and tests that run part of a phase (a battle's consequences).
 */
export function runUntil(
  state: SfoState,
  ws: SfoWorkspace,
  stop?: (s: SfoState) => boolean,
): SfoPending | null {
  return runMachine(MACHINE, state, ws, stop);
}

/** GameDefinition.apply: carries out answer `choice` to the pending decision (checked). */
export function apply(state: SfoState, ws: SfoWorkspace, pending: SfoPending, choice: number): void {
  answerMachine(MACHINE, state, ws, pending, choice);
}
