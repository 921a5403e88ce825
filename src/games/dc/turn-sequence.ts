/**
 * The game-turn sequence (DC 6.0) as the state machine the driver steps (docs/architecture.md "The game is a state machine"): A weather and
 * Luftwaffe strength; B the Axis player turn and C the Soviet player turn, each of 8 phases (R/R,
 * strategic movement, operational movement, combat, recovery, breakthrough combat, the opponent's
 * victory determination (Tournament, Tournament Campaign or Campaign conditions), own supply),
 * preceded once by the pre-game (pregame.ts). Here only the phase sequence (`nextPhase`) and the
 * task table the kernel (core/kernel.ts) runs: each task kind's rules are in its chapter's file.
 * Parts of phases not yet modelled are listed in RULES-CHECKLIST.md item by item.
 */
import {
  answerMachine,
  expectKind,
  runMachine,
  type TaskKind,
  type TaskOf,
  turnMachine,
  unreachable,
} from '../../core/kernel.js';
import { randInt } from '../../core/rng.js';
import { airBtStep, applyAirBt, applyLwPlace, endAxisAir, lwPlaceStep, startAirPlacement } from './air.js';
import { battleOutcome } from './battle-dice.js';
import { applyBt, btStep, startBreakthrough } from './breakthrough.js';
import { dieNode, faceOf } from './chance.js';
import { applyBattle, battleStep, combatStep, pendingBattles, startBattle } from './combat.js';
import { applyComposite, compositeStep } from './composites.js';
import type { DcDecision, DcPending } from './decisions.js';
import {
  applyFactoryDecision,
  applyFactoryPick,
  entrainedCount,
  factoriesStep,
  factorySail,
  startFactories,
} from './factories.js';
import { applyHunRelease, hunReleaseOpen, hunReleaseStep } from './hungary.js';
import { eliminateIsolated, isolationStep, supplyPhase } from './isolation.js';
import { applyOp, opStep, startOp } from './movement.js';
import { tell } from './narrate.js';
import { applyDrop, clearDrops, dropStep, startDrops } from './paratroops.js';
import { applyPartisan, partisanStep, startPartisans } from './partisans.js';
import { applyFortDie, applyPregame, pregameStep } from './pregame.js';
import { recoveryPhase } from './recovery.js';
import {
  arrive as arriveReinforcement,
  checkDefections,
  reinfStep,
  startReinforcements,
  withdraw,
} from './reinforcements.js';
import {
  applyGerRepl,
  applyRepl,
  gerReplRolls,
  replStep,
  sovietProduction,
  startAxisReplacements,
} from './replacements.js';
import { applyRetreat, retreatStep } from './retreat.js';
import { applySea, applyTorpedo, seaStep } from './sea.js';
import {
  applyCall,
  applyCompose,
  applyGamble,
  applyReturn,
  commit,
  enter as enterSiberians,
  GAMBLE_ODDS,
  siberiaStep,
  startSiberia,
} from './siberia.js';
import {
  applySibRepl,
  enterOperationally,
  sibReplStep,
  startSiberianReplacements,
} from './siberian-replacements.js';
import { type DcState, type DcTask, other, type SideIx, TURN_FEB45, TURN_JUL44 } from './state.js';
import { applyStratDest, applyStratNext, startStrategic, strategicCapacity, stratStep } from './strategic.js';
import {
  applyDeclare,
  applyMutual,
  campaignBetweenPhases,
  campaignInstant,
  end,
  mutualDecision,
  victoryStep,
} from './victory.js';
import {
  applyMudDie,
  applyWindow,
  startMayMud,
  weatherDie,
  weatherRolls,
  weatherTurn,
  windowDecision,
} from './weather.js';
import type { DcWorkspace } from './workspace.js';

/** Resets the per-turn flags of `side`'s units at the start of its player turn. */
function newPlayerTurn(s: DcState, side: SideIx): void {
  for (const u of s.units)
    if (u.side === side) {
      u.occ = false;
      u.clr = false;
      u.rounds = 0;
      u.bt = false;
      u.allOut = false;
    }
  for (const u of s.units) u.ret = false;
  s.repl.length = 0;
}

function nextPhase(s: DcState, ws: DcWorkspace): void {
  if (s.rules.version === 'campaign' && campaignBetweenPhases(s, ws)) return;
  if (s.seq > 16) {
    if (s.rules.version === 'campaign' && s.turn >= TURN_FEB45) {
      // DC 2.B.3.a.iv: the Soviets have not won by the end of the February 1945 turn
      end(s, ws, 'axis-win', 'campaign-axis-time', 'turn-limit');
      tell(s, ws, null, 'DC 2.B.3.a.iv', 'February 1945 ends without a Soviet win: the Axis wins');
      return;
    }
    if (s.rules.version !== 'campaign' && s.turn >= TURN_JUL44) {
      // DC 2.B.1.c, 2.B.2: no winner by the end of the July 1944 turn: a draw
      end(s, ws, 'draw', 'draw-time-limit', 'turn-limit');
      tell(s, ws, null, 'DC 2.B.1.c', 'July 1944 ends with no winner: a draw');
      return;
    }
    s.turn++;
    s.seq = 0;
  }
  const seq = s.seq++;
  const side: SideIx = seq <= 8 ? 0 : 1;
  const ph = seq <= 8 ? seq : seq - 8;
  if (seq === 0) {
    // A: weather and Luftwaffe strength (weather.ts, a task: its die is a chance point)
    s.stack.push({ t: 'weather' });
    return;
  }
  switch (ph) {
    case 1:
      newPlayerTurn(s, side);
      // DC 8.B (reinforcements.ts): an ally whose capital the Soviets hold leaves the war
      checkDefections(s, ws);
      if (side === 0) {
        // D-13 (DC 5.D, hungary.ts): the Hungarian release, after the other R/R steps (the stack runs it last)
        if (hunReleaseOpen(s)) s.stack.push({ t: 'hun-release' });
        startAxisReplacements(s);
        startReinforcements(s, 0);
        // D-8 (DC 13.A.4, 14.B.4): German air placed, or withheld, at the Axis turn's start
        startAirPlacement(s);
        // DC 8.A.1.a: the German replacement die, first (on top of the stack)
        if (gerReplRolls(s)) s.stack.push({ t: 'repl-roll' });
      } else {
        sovietProduction(s, ws);
        // DC 8.A.2.c: Siberian replacements arrive and are held or enter (D-33), after the other R/R steps
        startSiberianReplacements(s, ws);
        // DC 8.C.3 (Advanced): composites, after the other R/R steps (the stack runs it last)
        if (s.rules.level === 'advanced') s.stack.push({ t: 'composite', done: false });
        // DC 8.C.2.a: entraining is limited by this turn's strategic capacity (before the entrained factories' cost)
        startFactories(s, strategicCapacity(s, ws, 1) + entrainedCount(s));
        const gamble = startSiberia(s);
        startReinforcements(s, 1);
        // DC 3.C.3: the Siberian gamble's dice, first (on top of the stack)
        if (gamble) s.stack.push({ t: 'sib-gamble' });
      }
      return;
    case 2:
      startStrategic(s, ws, side);
      return;
    case 3:
      // DC 21.B (variant paratroops-on): the Soviet air drops follow the operational moves (paratroops.ts)
      clearDrops(s);
      if (side === 1 && s.rules.paratroops) startDrops(s);
      startOp(s, side, ws);
      return;
    case 4:
      // DC 8.A.2.c: Siberian replacements entering operationally from the eastern edge this turn
      if (side === 1) enterOperationally(s, ws);
      // regular combat, then (4c) breakthrough movement once every battle is over
      s.stack.push({ t: 'bt-start', side });
      s.stack.push({ t: 'combat', side, bt: false });
      // DC 3.A: May 1941 of a May game: a die per point under assault, odd = Mud there (before the battles)
      if (s.turn === 1 && (side === 0 || s.rules.mayMudAll))
        startMayMud(s, side, pendingBattles(s, ws, side));
      return;
    case 5:
      recoveryPhase(s, side);
      return;
    case 6:
      // DC 16: breakthrough combat
      s.stack.push({ t: 'combat', side, bt: true });
      return;
    case 7:
      if (s.rules.mutualDraw) s.stack.push({ t: 'mutual', side, stage: 0 });
      s.stack.push({ t: 'victory', check: other(side), stage: 0 });
      return;
    case 8:
      // C.8: the isolation check and partisan placement, in the order of variant partisan-order
      if (side === 1 && s.rules.partisansBefore) {
        s.stack.push({ t: 'supply', side });
        startPartisans(s);
        return;
      }
      if (side === 1) startPartisans(s);
      supplyPhase(s, ws, side);
      if (side === 0) endAxisAir(s);
      if (side === 0 && s.airFree > 0) s.stack.push({ t: 'lw-place', left: s.airFree });
      return;
  }
}

/** The side index of a decision's side id. */
const sideIx = (d: DcDecision): SideIx => (d.side === 'axis' ? 0 : 1);

/** The task kinds of DC's turn sequence: how each steps, and carries out the answers to what it asks. */
const MACHINE = turnMachine<DcState, DcWorkspace, DcTask, DcDecision>({
  game: 'DC',
  over: (s) => s.over,
  nextPhase,
  tasks: {
    pregame: {
      step: pregameStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'start-month', 'free-setup', 'setup-place', 'factory-pick');
        switch (d.kind) {
          case 'factory-pick':
            applyFactoryPick(s, ws, d.options[choice]!);
            return;
          case 'start-month':
          case 'free-setup':
          case 'setup-place':
            applyPregame(s, task, d, choice);
            return;
          default:
            return unreachable(d);
        }
      },
    },
    op: {
      step(s, ws, task) {
        const d = opStep(s, ws, task);
        if (d === null) s.stack.pop();
        return d;
      },
      answer(s, _ws, task, d, choice) {
        expectKind('DC', task.t, d, 'op-move');
        applyOp(s, task, d.options[choice]!);
      },
    },
    combat: {
      step(s, ws, task) {
        // R-212 (DC 2.B.3.a.iii, b.i "at any instant"): the Campaign instant conditions after each combat
        if (s.rules.version === 'campaign' && campaignInstant(s, ws)) return null;
        return combatStep(s, ws, task);
      },
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'battle-next');
        startBattle(s, ws, d.options[choice]!.at, task.side, task.bt);
      },
    },
    battle: {
      step: (s, ws, task) => battleStep(s, ws, task.b),
      answer(s, ws, task, d, choice) {
        expectKind(
          'DC',
          task.t,
          d,
          'lw-commit',
          'allout-att',
          'allout-def',
          'hq-assign',
          'loss',
          'continue',
          'sim-continue',
        );
        applyBattle(s, ws, task.b, d, choice);
      },
      outcome: (s, ws, task, node, k) => battleOutcome(s, ws, task.b, node, k),
    },
    retreat: {
      step: retreatStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'retreat-dest');
        applyRetreat(s, ws, task, d.options[choice]!);
      },
    },
    victory: {
      step: victoryStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'declare-draw');
        applyDeclare(s, ws, sideIx(d), d.options[choice]!);
      },
    },
    mutual: {
      step: (_s, _ws, task) => mutualDecision(task),
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'mutual-draw');
        applyMutual(s, ws, task, d.options[choice]!);
      },
    },
    isolation: {
      step: isolationStep,
      answer(s, _ws, task, d, choice) {
        expectKind('DC', task.t, d, 'isolation-loss');
        eliminateIsolated(s, task, d.options[choice]!.unit);
      },
    },
    repl: {
      step: replStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'ger-repl');
        applyRepl(s, ws, d.options[choice]!);
      },
    },
    reinf: {
      step: reinfStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'entry-point', 'withdraw');
        switch (d.kind) {
          case 'entry-point':
            arriveReinforcement(s, ws, task, d.options[choice]!.at);
            return;
          case 'withdraw':
            withdraw(s, ws, task, d.options[choice]!);
            return;
          default:
            return unreachable(d);
        }
      },
    },
    factories: {
      step: factoriesStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'factory-pick', 'factory-site', 'factory-dest', 'entrain');
        applyFactoryDecision(s, ws, task, d, choice);
      },
      // DC 8.C.2.b: a sailing factory's torpedo die
      outcome: (s, ws, task, _node, k) => factorySail(s, ws, task, faceOf(k)),
    },
    partisan: {
      step: partisanStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'partisan');
        applyPartisan(s, ws, task, d.options[choice]!);
      },
    },
    siberia: {
      step: siberiaStep,
      answer(s, ws, task, d, choice) {
        expectKind(
          'DC',
          task.t,
          d,
          'siberian-call',
          'siberia-return',
          'siberian-compose',
          'entry-point',
          'crisis-commit',
        );
        switch (d.kind) {
          case 'siberian-call':
            applyCall(s, d.options[choice]!.call);
            return;
          case 'siberia-return':
            applyReturn(task, d.options[choice]!);
            return;
          case 'siberian-compose':
            applyCompose(s, task, d.options[choice]!);
            return;
          case 'entry-point':
            enterSiberians(s, ws, d.options[choice]!.at, task.rm ?? 0);
            return;
          case 'crisis-commit':
            commit(s, d.options[choice]!, task);
            return;
          default:
            return unreachable(d);
        }
      },
    },
    'hun-release': {
      step: (s) => hunReleaseStep(s),
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'hun-release');
        s.stack.pop();
        applyHunRelease(s, ws, d.options[choice]!);
      },
    },
    composite: {
      step: compositeStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'composite');
        applyComposite(s, ws, task, d.options[choice]!);
      },
    },
    air44: {
      // D-7 (DC 7.A note c): asked with the task on the stack; the answer ends it
      step: () => windowDecision(),
      answer(s, _ws, task, d, choice) {
        expectKind('DC', task.t, d, 'air-1944-window');
        s.stack.pop();
        applyWindow(s, d.options[choice]!.open);
      },
    },
    sea: {
      step: (s, _ws, task) => seaStep(s, task),
      answer(s, _ws, task, d, choice) {
        expectKind('DC', task.t, d, 'sea-move');
        applySea(s, task, d.options[choice]!);
      },
    },
    supply: {
      step(s, ws, task) {
        s.stack.pop();
        supplyPhase(s, ws, task.side);
        return null;
      },
      answer: (_s, _ws, task, d) => asksNothing(task, d),
    },
    'bt-start': {
      step(s, ws, task) {
        s.stack.pop();
        startBreakthrough(s, task.side, ws);
        return null;
      },
      answer: (_s, _ws, task, d) => asksNothing(task, d),
    },
    'bt-move': {
      step: btStep,
      answer(s, _ws, task, d, choice) {
        expectKind('DC', task.t, d, 'bt-move');
        applyBt(s, task, d.options[choice]!);
      },
    },
    para: {
      step: (s, _ws, task) => dropStep(s, task),
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'para-drop');
        applyDrop(s, ws, task, d.options[choice]!);
      },
    },
    'sib-repl': {
      step: sibReplStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'siberian-repl');
        applySibRepl(s, ws, task, d.options[choice]!);
      },
    },
    strat: {
      step: stratStep,
      answer(s, ws, task, d, choice) {
        expectKind('DC', task.t, d, 'strat-next', 'strat-dest');
        switch (d.kind) {
          case 'strat-next':
            applyStratNext(s, ws, task, d.options[choice]!);
            return;
          case 'strat-dest':
            applyStratDest(s, ws, task, d.options[choice]!);
            return;
          default:
            return unreachable(d);
        }
      },
    },
    'lw-bt': {
      step: (s, _ws, task) => airBtStep(s, task),
      answer(s, _ws, task, d, choice) {
        expectKind('DC', task.t, d, 'lw-bt');
        applyAirBt(s, task, d.options[choice]!);
      },
    },
    'lw-place': {
      step: lwPlaceStep,
      answer(s, _ws, task, d, choice) {
        expectKind('DC', task.t, d, 'lw-place');
        applyLwPlace(s, task, d.options[choice]!);
      },
    },
    weather: {
      step(s, ws) {
        if (!weatherRolls(s.turn)) weatherTurn(s, ws, null);
        else if (ws.explicitChance) return dieNode('DC 7.A', 'weather die');
        else weatherTurn(s, ws, weatherDie(ws.streams.stream('weather')));
        return null;
      },
      answer: (_s, _ws, task, d) => asksNothing(task, d),
      outcome: (s, ws, _task, _node, k) => weatherTurn(s, ws, faceOf(k)),
    },
    'repl-roll': dieTask('DC 8.A.1.a', 'German replacements die', 'replacements', (s, ws, _task, face) =>
      applyGerRepl(s, ws, face),
    ),
    'sib-gamble': {
      step(s, ws) {
        if (ws.explicitChance)
          return {
            kind: 'chance',
            side: 'chance',
            rule: 'DC 3.C.3',
            what: 'Siberian gamble (2d6)',
            outcomes: GAMBLE_ODDS,
          };
        const rng = ws.streams.stream('siberia');
        const d1 = randInt(rng, 1, 6);
        const d2 = randInt(rng, 1, 6);
        applyGamble(s, ws, d1 === d2, [d1, d2]);
        return null;
      },
      answer: (_s, _ws, task, d) => asksNothing(task, d),
      // outcome 0: doubles (GAMBLE_ODDS)
      outcome: (s, ws, _task, _node, k) => applyGamble(s, ws, k === 0),
    },
    torpedo: dieTask('DC 9.B', 'torpedo die', 'sea', applyTorpedo),
    'may-mud': dieTask('DC 3.A', 'May 1941 mud die', 'weather', applyMudDie),
    'pregame-fort': dieTask('DC 18', 'fortification die', 'setup', applyFortDie),
  },
});

/**
 * A task kind that rolls one die from stream `stream` and carries out its face (`carry`, which ends
 * the task or leaves it for its next die); in explicit-chance mode the die is a chance point.
 */
function dieTask<K extends DcTask['t']>(
  rule: string,
  what: string,
  stream: string,
  carry: (s: DcState, ws: DcWorkspace, task: TaskOf<DcTask, K>, face: number) => void,
): TaskKind<DcState, DcWorkspace, TaskOf<DcTask, K>, DcDecision> {
  return {
    step(s, ws, task) {
      if (ws.explicitChance) return dieNode(rule, what);
      carry(s, ws, task, randInt(ws.streams.stream(stream), 1, 6));
      return null;
    },
    answer: (_s, _ws, task, d) => asksNothing(task, d),
    outcome: (s, ws, task, _node, k) => carry(s, ws, task, faceOf(k)),
  };
}

/** The answer of a task kind that never asks (it runs its rules in one step). */
function asksNothing(task: DcTask, d: DcDecision): never {
  throw new Error(`DC: decision ${d.kind} answered in task ${task.t}, which asks none`);
}

/** GameDefinition.advance: runs the rules to the next decision (left pending in the state) or the end. */
export function advance(s: DcState, ws: DcWorkspace): DcPending | null {
  return runMachine(MACHINE, s, ws);
}

/**
 * `advance` that also stops (returning null) as soon as `stop(s)` holds before a rules step, with
 * nothing pending: for tools and tests that run part of a phase.
 */
export function runUntil(s: DcState, ws: DcWorkspace, stop?: (s: DcState) => boolean): DcPending | null {
  return runMachine(MACHINE, s, ws, stop);
}

/** GameDefinition.apply: carries out answer `choice` to the pending decision (checked). */
export function apply(s: DcState, ws: DcWorkspace, pending: DcPending, choice: number): void {
  answerMachine(MACHINE, s, ws, pending, choice);
}
