/**
 * Merkur 5.4, reinforcements by sea: convoy B1 and its Royal Navy test (M-31, with the initiative
 * re-roll V-RNINIT), convoy B2, debarking in a port or on a beach, and the beach assaults at the
 * end of the German turn (M-30).
 */
import type { ChanceNode } from '../../core/game.js';
import { expectKind, type TaskOf } from '../../core/kernel.js';
import { d6Node, pickNode, roll } from './chance.js';
import {
  asksNothing,
  dec,
  type MerkurDecision,
  type MerkurTaskKind,
  type SeaOption,
  sideIndex,
} from './decisions.js';
import { useInitiative } from './initiative.js';
import { MAP } from './map.js';
import { tell } from './narrate.js';
import { CW, GER, isDay, type MerkurState, type Task } from './state.js';
import { combatUnits, controlledBy, countIn, room, unitsIn } from './units.js';
import type { MerkurWorkspace } from './workspace.js';

/** 5.4: the convoys due this turn debark (B1 once it passed the RN test, B2 on its turn). */
export function startSea(s: MerkurState): void {
  const units: number[] = [];
  if (s.b1.landTurn === s.turn && !s.b1.landed && (s.b1.fate === 0 || s.b1.fate === 1)) {
    for (const i of s.b1.units) if (s.units[i]!.status === 'pool') units.push(i);
    s.b1.landed = true;
  }
  if (s.turn === s.rules.convoyB2Turn && !s.b2Landed) {
    s.b2Landed = true;
    // 5.4: B2 brings the mountain units not yet landed (and V rn-back-with-b2 the turned-back ones)
    for (let k = s.airQueue; k < s.airQueueIds.length; k++) units.push(s.airQueueIds[k]!);
    s.airQueue = s.airQueueIds.length;
    units.push(...s.b1.back);
  }
  if (units.length > 0) s.stack.push({ t: 'sea-landing', units });
}

/**
 * 5.4 (M-30): "must attack at the end of their turn": each beach's debarked units still there
 * assault it if the enemy still holds a unit in it (the combat task checks both).
 */
export function startBeachAssaults(s: MerkurState): void {
  const pending = s.beachAssaults;
  s.beachAssaults = [];
  for (let k = pending.length - 1; k >= 0; k--) {
    const b = pending[k]!;
    s.stack.push({
      t: 'combat',
      spec: { kind: 'assault', side: GER, attackers: b.units, zone: b.zone, from: b.zone },
      vals: null,
      x: 0,
      y: 0,
      rerolled: false,
      stage: 0,
    });
  }
}

/** 5.4, 11.0: the zone where the convoy's units still at sea debark. */
function seaLandingStep(s: MerkurState, task: TaskOf<Task, 'sea-landing'>): MerkurDecision | null {
  const left = task.units.filter((i) => s.units[i]!.status === 'pool');
  if (left.length > 0) {
    const opts: SeaOption[] = [];
    // 11.0: at night no unit enters a zone holding only enemy units, and no combat is fought
    // (V night-beach-assault: the convoy debarks on an enemy-held beach and assaults that night)
    const nightBar = !isDay(s.turn) && !s.rules.v['night-beach-assault'];
    for (let z = 0; z < MAP.count; z++) {
      if (MAP.strategic[z]) continue;
      if ((MAP.port[z] && controlledBy(s, z, GER)) || (MAP.beach[z] && room(s, z, GER) > 0)) {
        if (nightBar && countIn(s, z, CW) > 0 && countIn(s, z, GER) === 0) continue;
        if (room(s, z, GER) > 0) opts.push({ type: 'sea', zone: z });
      }
    }
    if (opts.length > 0) return dec('sea-landing', GER, 'Merkur 5.4', opts);
    // 5.4, 11.0: a B1 convoy with nowhere to debark tonight debarks the next turn
    if (nightBar && left.some((i) => s.b1.units.includes(i))) {
      s.b1.landTurn = s.turn + 1;
      s.b1.landed = false;
    }
  }
  s.stack.pop();
  return null;
}

/** 5.4: the convoy debarks in the zone named (as many as there is room for). */
function answerSea(s: MerkurState, t: TaskOf<Task, 'sea-landing'>, o: SeaOption): void {
  let n = room(s, o.zone, GER);
  for (const i of t.units) {
    if (n <= 0) break;
    const u = s.units[i]!;
    if (u.status !== 'pool') continue;
    u.zone = o.zone;
    u.status = 'map';
    n--;
    if (s.b1.units.includes(i)) s.stats.b1_units_landed++;
  }
  if (!t.units.some((i) => s.units[i]!.status === 'pool')) s.stack.pop();
  // 5.4: debarking onto an enemy-held beach must attack, at the end of the German turn; 11.0: not
  // at night, where only a contested beach may be entered, to reinforce (V night-beach-assault: it attacks)
  const att = combatUnits(s, unitsIn(s, o.zone, GER)).filter((i) => t.units.includes(i));
  if (att.length > 0 && countIn(s, o.zone, CW) > 0 && (isDay(s.turn) || s.rules.v['night-beach-assault']))
    s.beachAssaults.push({ zone: o.zone, units: att });
}

/** 5.4: the zone where the convoy debarks. */
export const seaLandingTask: MerkurTaskKind<'sea-landing'> = {
  step: (s, _ws, task) => seaLandingStep(s, task),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'sea-landing');
    answerSea(s, task, d.options[choice]!);
  },
};

/** 5.4 (M-31): the RN test of B1 is due at the end of this turn: its die is rolled next (`rnTestTask`). */
export function navyTest(s: MerkurState): void {
  if (s.rnTestTurn === s.turn && s.b1.fate === 3) s.stack.push({ t: 'rn-test', again: false });
}

const NAVY_DIE = d6Node('Merkur 5.4', 'Royal Navy test die');
const INTERCEPT_DIE = d6Node('Merkur 5.4', 'B1 units lost to the interception');

/** 5.4 (M-31): die `die` of the RN test; V-RNINIT: a first result against the initiative holder may be re-rolled. */
function navyDie(s: MerkurState, ws: MerkurWorkspace, task: TaskOf<Task, 'rn-test'>, die: number): void {
  s.stack.pop();
  const holder = s.initiative;
  const bad = holder === GER ? die !== 1 : die === 1;
  if (
    !task.again &&
    s.rules.v['rn-holder'] &&
    bad &&
    !(holder === CW && s.rules.solitaire && s.rules.soloInitiative === 'never')
  ) {
    s.stack.push({ t: 'rn-reroll', die });
    return;
  }
  navyOutcome(s, ws, die);
}

/** 5.4 (M-31): the RN test's die. */
export const rnTestTask: MerkurTaskKind<'rn-test'> = {
  step: (s, ws, task) =>
    roll(
      ws,
      'navy',
      'd6',
      () => NAVY_DIE,
      (k) => navyDie(s, ws, task, k + 1),
    ),
  outcome: (s, ws, task, _node, k) => navyDie(s, ws, task, k + 1),
  answer: asksNothing,
};

/** 5.4 (M-31): the RN test. */
export type NavyResult = 'pass' | 'delay' | 'intercept' | 'destroyed';

export function navyResult(die: number): NavyResult {
  return die === 1 ? 'pass' : die <= 3 ? 'delay' : die <= 5 ? 'intercept' : 'destroyed';
}

function navyOutcome(s: MerkurState, ws: MerkurWorkspace, die: number): void {
  const r = navyResult(die);
  const t = s.turn;
  if (ws.trace !== undefined) tell(s, ws, CW, 'Merkur 5.4', `Royal Navy test ${die}: ${r}`, { dice: [die] });
  if (r === 'pass') {
    s.b1.fate = 0;
    s.b1.landTurn = t + 1;
  } else if (r === 'delay') {
    s.b1.delays++;
    s.stats.b1_delays++;
    s.rnTestTurn = t + 1;
  } else if (r === 'destroyed') {
    s.b1.fate = 2;
    for (const i of s.b1.units) s.units[i]!.status = 'lost';
  } else {
    s.b1.fate = 1;
    s.b1.landTurn = t + 1;
    s.stack.push({ t: 'rn-intercept', k: -1, n: 0, left: [...s.b1.units] });
  }
  if (s.rnTestTurn === t && r === 'delay' && t >= 23) s.b1.fate = 3;
}

/** 5.4: the interception's die (how many B1 units are lost), then its losses one by one. */
function interceptStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'rn-intercept'>,
): ChanceNode | null {
  if (task.k < 0)
    return roll(
      ws,
      'navy',
      'd6',
      () => INTERCEPT_DIE,
      (k) => interceptOutcome(s, task, k),
    );
  const left = task.left;
  while (task.n < task.k && left.length > 0) {
    // V rn-random: each unit lost is drawn at random
    if (s.rules.v['rn-random']) {
      const n = left.length;
      return roll(
        ws,
        'navy',
        n,
        () => pickNode('Merkur 5.4', 'B1 unit lost', n),
        (k) => interceptOutcome(s, task, k),
      );
    }
    const val = (i: number) => s.units[i]!.a + s.units[i]!.art;
    let j = 0;
    for (let q = 1; q < left.length; q++) {
      const better = s.rules.v['rn-german'] ? val(left[q]!) < val(left[j]!) : val(left[q]!) > val(left[j]!);
      if (better) j = q;
    }
    loseAt(s, task, j);
  }
  s.stack.pop();
  if (task.k >= 4) turnBack(s, left);
  return null;
}

/** Outcome `k` of the interception's chance point: its die (k + 1 units), or the unit of `left` drawn (index k). */
function interceptOutcome(s: MerkurState, task: TaskOf<Task, 'rn-intercept'>, k: number): void {
  if (task.k >= 0) {
    loseAt(s, task, k);
    return;
  }
  task.k = k + 1;
  // G17 (V rn-german, rn-cw): the side that picks names each unit lost
  if (s.rules.v['rn-german'] || s.rules.v['rn-cw']) {
    s.stack.pop();
    s.stack.push({ t: 'rn-losses', left: task.left, k: task.k, turnBack: task.k >= 4 });
  }
}

/** 5.4: the B1 unit at index `j` of the interception's `left` is lost. */
function loseAt(s: MerkurState, task: TaskOf<Task, 'rn-intercept'>, j: number): void {
  s.units[task.left[j]!]!.status = 'lost';
  task.left.splice(j, 1);
  task.n++;
}

/** 5.4: an interception of B1. */
export const rnInterceptTask: MerkurTaskKind<'rn-intercept'> = {
  step: interceptStep,
  outcome: (s, _ws, task, _node, k) => interceptOutcome(s, task, k),
  answer: asksNothing,
};

/** 5.4 (V-RNBACK): after an interception of 4-6 units the rest of B1 turn back. */
export function turnBack(s: MerkurState, left: number[]): void {
  for (const i of left) s.units[i]!.status = 'lost';
  if (s.rules.v['rn-back-with-b2']) {
    for (const i of left) s.units[i]!.status = 'pool';
    s.b1.back = left;
    s.b1.units = [];
  }
}

/** 5.4, the lowest value first (the German's pick) or the highest (the CW's): a + art, the first among equals. */
export function engineNavyLoss(s: MerkurState, left: readonly number[], german: boolean): number {
  const val = (i: number) => s.units[i]!.a + s.units[i]!.art;
  let j = 0;
  for (let q = 1; q < left.length; q++)
    if (german ? val(left[q]!) < val(left[j]!) : val(left[q]!) > val(left[j]!)) j = q;
  return left[j]!;
}

/** 5.4 (docs/games/merkur.md "Decisions"): the picking side names each unit lost; no choice once all must go. */
function navyLossesStep(s: MerkurState, task: TaskOf<Task, 'rn-losses'>): MerkurDecision | null {
  if (task.k > 0 && task.left.length > task.k)
    return dec(
      'rn-losses',
      s.rules.v['rn-german'] ? GER : CW,
      'Merkur 5.4',
      task.left.map((unit) => ({ type: 'rn-loss', unit })),
    );
  for (const i of task.left.splice(0, task.k)) s.units[i]!.status = 'lost';
  s.stack.pop();
  if (task.turnBack) turnBack(s, task.left);
  return null;
}

/** 5.4 (V rn-german, rn-cw): the picking side names the B1 units lost. */
export const rnLossesTask: MerkurTaskKind<'rn-losses'> = {
  step: (s, _ws, task) => navyLossesStep(s, task),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'rn-losses');
    const unit = d.options[choice]!.unit;
    s.units[unit]!.status = 'lost';
    task.left.splice(task.left.indexOf(unit), 1);
    task.k--;
  },
};

/** 5.4, 3.1 (V-RNINIT): the initiative holder keeps or re-rolls an RN test that went against it. */
export const rnRerollTask: MerkurTaskKind<'rn-reroll'> = {
  step: (s) => dec('initiative', s.initiative, 'Merkur 3.1, 5.4', [{ type: 'keep' }, { type: 'reroll' }]),
  answer(s, ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'initiative');
    s.stack.pop();
    if (d.options[choice]!.type === 'reroll') {
      useInitiative(s, sideIndex(d));
      s.stack.push({ t: 'rn-test', again: true });
      return;
    }
    navyOutcome(s, ws, task.die);
  },
};
