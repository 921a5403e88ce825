/**
 * The turn sequence (SFO 5): each turn the first side's events, movement and combat phases, then
 * the second side's (the Soviets first, the US first in the Counter Offensive, SFO 13); 4 turns
 * (Expert 6 in some scenarios). Here the phases become the state machine the driver steps
 * (docs/architecture.md "The game is a state machine"): `advance` runs the rules to the next decision, `apply` carries out one answer.
 */
import type { ChanceNode } from '../../core/game.js';
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
import type { SfoDecision, SfoOption, SfoPending } from './decisions.js';
import {
  applyEventsDecision,
  applyExpertChoice,
  applySupport,
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

/** What the task on top of the stack asks next: a decision or chance point, or null when it has run its course. */
function step(state: SfoState, ws: SfoWorkspace, task: SfoTask): SfoPending | null {
  switch (task.t) {
    case 'events':
      return eventsStep(state, ws, task);
    case 'movement': {
      const d = moveDecision(state, ws, task);
      if (d !== null) return d;
      state.stack.pop();
      state.stack.push({ t: 'support', side: task.side });
      return null;
    }
    case 'support':
      return supportStep(state, task);
    case 'combat': {
      const d = attackDecision(state, ws, task);
      if (d === null) state.stack.pop();
      return d;
    }
    case 'roll':
      return rollStep(state, ws, task);
    case 'retreat':
      return retreatStep(state, ws, task);
    case 'eliminate-one':
      return eliminateOneStep(state, ws, task);
    case 'advance':
      return advanceStep(state, task);
    case 'exploit':
      return exploitStep(state, task);
  }
}

/** GameDefinition.advance: runs the rules to the next decision (left pending in the state) or the end. */
export function advance(state: SfoState, ws: SfoWorkspace): SfoPending | null {
  return runUntil(state, ws);
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
  while (state.pending === null) {
    if (state.over || stop?.(state)) return null;
    const task = state.stack[state.stack.length - 1];
    if (task === undefined) {
      nextPhase(state, ws);
      continue;
    }
    const p = step(state, ws, task);
    if (p !== null) {
      state.pending = p;
      if (p.kind !== 'chance') state.decisions++;
    }
  }
  return state.pending;
}

/** GameDefinition.apply: carries out answer `choice` to the pending decision (checked). */
export function apply(state: SfoState, ws: SfoWorkspace, pending: SfoPending, choice: number): void {
  const p = state.pending;
  if (p === null || p.kind !== pending.kind)
    throw new Error(`SFO: answer to ${pending.kind}, but ${p === null ? 'nothing' : p.kind} is pending`);
  const task = state.stack[state.stack.length - 1];
  if (task === undefined) throw new Error(`SFO: ${p.kind} pending with no task`);
  if (p.kind === 'chance') {
    const n = (p as ChanceNode).outcomes.length;
    if (!Number.isInteger(choice) || choice < 0 || choice >= n)
      throw new Error(`SFO: chance outcome ${choice} of ${n}`);
    if (task.t !== 'roll') throw new Error(`SFO: a chance point pending in task ${task.t}`);
    state.pending = null;
    applyRoll(state, ws, task, choice);
    return;
  }
  const d = p as SfoDecision;
  const of = d.options.length;
  if (!Number.isInteger(choice) || choice < 0 || choice >= of)
    throw new Error(`SFO: answer ${choice} to ${d.kind} (${d.rule}) with ${of} options`);
  const o = d.options[choice] as SfoOption;
  const a = ws.answer;
  a.kind = d.kind;
  a.choice = choice;
  a.of = of;
  state.pending = null;
  switch (d.kind) {
    case 'replace':
    case 'event':
      applyEventsDecision(state, ws, task as SfoTask & { t: 'events' }, o, a);
      return;
    case 'replace-units':
    case 'disrupt':
      state.stack.pop();
      applyExpertChoice(state, ws, (task as SfoTask & { t: 'events' }).side, o, a);
      return;
    case 'move': {
      const t = task as SfoTask & { t: 'movement' };
      if (!applyMoveDecision(state, ws, t, o, a)) {
        state.stack.pop();
        state.stack.push({ t: 'support', side: t.side });
      }
      return;
    }
    case 'support':
      applySupport(state, ws, task as SfoTask & { t: 'support' }, o, a);
      return;
    case 'attack':
      if (!applyAttack(state, task as SfoTask & { t: 'combat' }, o)) state.stack.pop();
      return;
    case 'retreat': {
      if (o.type !== 'retreat') throw new Error('SFO: retreat option expected');
      applyRetreat(state, ws, o.unit, o.to, a);
      return;
    }
    case 'eliminate': {
      if (o.type !== 'eliminate') throw new Error('SFO: eliminate option expected');
      applyEliminateOne(state, ws, task as SfoTask & { t: 'eliminate-one' }, o.unit, a);
      return;
    }
    case 'advance':
      applyAdvance(state, ws, task as SfoTask & { t: 'advance' }, o, a);
      return;
    case 'exploit':
      applyExploit(state, ws, task as SfoTask & { t: 'exploit' }, o, a);
      return;
  }
}
