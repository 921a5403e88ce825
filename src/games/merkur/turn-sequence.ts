/**
 * The turn sequence (Merkur 4.0, 1.2, 11.0; docs/games/merkur.md "What is modelled") as the turn
 * machine (core/kernel.ts) runs it: set-up (forts 3.2, pre-invasion bombardment 8.4, or the
 * solitaire draw 12.0), then 24 turns of a German turn (arrivals 5.2-5.4, air missions 8.0, zone
 * activations) and a CW turn (activation roll 4.0/4.1, Maori 11.0, activations), and the end of
 * turn (control 3.2, RN test 5.4, 10.0). This file holds the phase sequence and the task table;
 * each task kind lives in the chapter of its rule (index.ts lists them).
 */
import { answerMachine, runMachine, turnMachine, unreachable } from '../../core/kernel.js';
import { activateRestTask, activationsTask, cwRollTask, orderCombatsTask, ordersTask } from './activation.js';
import { airLandingTask, airPickTask, nonfieldTestTask, startAirLanding } from './air-landing.js';
import { airMissionsTask, bombardsTask, preinvasionTask, startAirMissions } from './bombard.js';
import { combatTask } from './combat.js';
import {
  navyTest,
  rnInterceptTask,
  rnLossesTask,
  rnRerollTask,
  rnTestTask,
  seaLandingTask,
  startBeachAssaults,
  startSea,
} from './convoy.js';
import { type MerkurDecision, type MerkurPending, sideIndex } from './decisions.js';
import { lossesTask } from './losses.js';
import { MAP } from './map.js';
import { describeOption, tell } from './narrate.js';
import { maoriTask, startNight } from './night.js';
import { dropTask, landingTask, startDrops } from './paradrop.js';
import { cwSetupTask, fortsTask, glidersTask } from './placement.js';
import { regroupTask } from './regroup.js';
import { soloAfterTask, soloAnswer, soloDrawTask, soloMapTask, soloPlaceTask } from './solitaire.js';
import { CW, GER, type MerkurState, type Task } from './state.js';
import { checkForts, controlledBy } from './units.js';
import { cwObjectiveFlags, germanAirfields, markSoleAtStart, updateControl } from './victory.js';
import type { MerkurWorkspace } from './workspace.js';

const TURN_PHASES = [
  'german-start',
  'drops',
  'air-landing',
  'sea',
  'air-missions',
  'german-activations',
  'beach-assaults',
  'cw-start',
  'maori',
  'cw-activations',
  'end',
] as const;

/** Starts the next phase (or turn), or ends the game after turn 24 (1.2, 10.0). */
function nextPhase(s: MerkurState, _ws: MerkurWorkspace): void {
  if (s.turn === 0) {
    if (s.seq === 0) {
      s.seq = 1;
      s.phase = 'setup';
      if (s.rules.solitaire) s.stack.push({ t: 'solo-draw', picks: [] });
      else {
        s.stack.push({ t: 'preinvasion', zones: [], i: 0 });
        s.stack.push({ t: 'forts', placed: 0 });
        // V-CWSETUP cw-setup-free: the CW places every unit (13.0 is missing)
        if (s.rules.v['cw-setup-free']) s.stack.push({ t: 'cw-setup', i: 0 });
      }
      return;
    }
    s.turn = 1;
    s.seq = 0;
  }
  if (s.seq >= TURN_PHASES.length) {
    s.seq = 0;
    s.turn++;
    if (s.turn > 24) {
      s.turn = 24;
      s.over = true;
      s.phase = 'over';
      return;
    }
  }
  const phase = TURN_PHASES[s.seq]!;
  s.seq++;
  s.phase = phase;
  switch (phase) {
    case 'german-start':
      startSideTurn(s, GER);
      markSoleAtStart(s);
      // 3.2: dispersion markers placed last turn are removed
      for (const u of s.units) if (u.dispersed && u.dispersedTurn < s.turn) u.dispersed = false;
      return;
    case 'drops':
      startDrops(s);
      return;
    case 'air-landing':
      startAirLanding(s);
      return;
    case 'sea':
      startSea(s);
      return;
    case 'air-missions':
      startAirMissions(s);
      return;
    case 'german-activations':
      s.stack.push({ t: 'activations', side: GER });
      return;
    case 'beach-assaults':
      startBeachAssaults(s);
      return;
    case 'cw-start':
      startSideTurn(s, CW);
      s.stack.push({ t: 'cw-roll', rolled: -1 });
      return;
    case 'maori':
      startNight(s);
      return;
    case 'cw-activations':
      s.stack.push({ t: 'activations', side: CW });
      return;
    case 'end':
      endOfTurn(s);
      return;
    default:
      unreachable(phase);
  }
}

/** 4.0: a side's turn starts: no zone activated, the initiative unused, its fire markers removed (3.2). */
function startSideTurn(s: MerkurState, side: 0 | 1): void {
  s.activated.fill(0);
  s.initiativeUsed = false;
  for (const u of s.units) {
    u.acted = false;
    u.supported = false;
    if (u.side === side) u.fired = false;
  }
}

/** The end of a turn: forts (3.2), control (3.2), the turn's statistics (10.0), the RN test (5.4). */
function endOfTurn(s: MerkurState): void {
  checkForts(s);
  updateControl(s);
  const t = s.turn;
  const flags = cwObjectiveFlags(s);
  const objs = flags.reduce((a, b) => a + b, 0);
  const af = germanAirfields(s);
  if (t === 6) s.stats.cw_objectives_t6 = objs;
  if (t === 12) s.stats.cw_objectives_t12 = objs;
  if (t === 18) s.stats.cw_objectives_t18 = objs;
  if (t === 3) s.stats.german_airfields_t3 = af;
  if (t === 6) {
    s.stats.german_airfields_t6 = af;
    s.stats.german_2airfields_t6 = af >= 2 ? 1 : 0;
  }
  if (t === 12) s.stats.german_airfields_t12 = af;
  if (t === 24) s.stats.german_airfields_t24 = af;
  MAP.airfields.forEach((z, k) => {
    if (s.airfieldFirst[k]! < 0 && controlledBy(s, z, GER)) s.airfieldFirst[k] = t;
  });
  navyTest(s);
}

/** Merkur's turn sequence as the kernel runs it: every task kind, by tag, from its chapter. */
const MACHINE = turnMachine<MerkurState, MerkurWorkspace, Task, MerkurDecision>({
  game: 'Merkur',
  over: (s) => s.over,
  nextPhase,
  // 12: in solitaire the rules answer for the CW
  rulesAnswer: (s, ws, d) => (s.rules.solitaire && d.side === 'commonwealth' ? soloAnswer(s, ws, d) : -1),
  narrate(s, ws, d, choice) {
    if (ws.trace === undefined) return;
    tell(s, ws, sideIndex(d), d.rule, `${d.kind}: ${describeOption(s, d.options[choice]!)}`, {
      decision: { kind: d.kind, choice, of: d.options.length },
    });
  },
  tasks: {
    forts: fortsTask,
    gliders: glidersTask,
    'cw-setup': cwSetupTask,
    preinvasion: preinvasionTask,
    'solo-place': soloPlaceTask,
    'solo-draw': soloDrawTask,
    'solo-map': soloMapTask,
    'solo-after': soloAfterTask,
    drop: dropTask,
    landing: landingTask,
    'air-landing': airLandingTask,
    'air-pick': airPickTask,
    'nonfield-test': nonfieldTestTask,
    'sea-landing': seaLandingTask,
    'rn-losses': rnLossesTask,
    'rn-reroll': rnRerollTask,
    'rn-test': rnTestTask,
    'rn-intercept': rnInterceptTask,
    'air-missions': airMissionsTask,
    bombards: bombardsTask,
    'cw-roll': cwRollTask,
    activations: activationsTask,
    'activate-rest': activateRestTask,
    orders: ordersTask,
    'order-combats': orderCombatsTask,
    combat: combatTask,
    losses: lossesTask,
    maori: maoriTask,
    regroup: regroupTask,
  },
});

/** GameDefinition.advance: the rules run to the next decision (or chance point). */
export function advance(s: MerkurState, ws: MerkurWorkspace): MerkurPending | null {
  return runMachine(MACHINE, s, ws);
}

/** `advance` that stops as soon as `stop(s)` holds before a rules step (for tools and tests). */
export function runUntil(
  s: MerkurState,
  ws: MerkurWorkspace,
  stop?: (s: MerkurState) => boolean,
): MerkurPending | null {
  return runMachine(MACHINE, s, ws, stop);
}

/** GameDefinition.apply. */
export function apply(s: MerkurState, ws: MerkurWorkspace, pending: MerkurPending, choice: number): void {
  answerMachine(MACHINE, s, ws, pending, choice);
}
