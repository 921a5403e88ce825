/**
 * Strike & Counterstrike (Ty Bomba, World at War #53, 2017): solitaire; the player is Soviet and the
 * rules generate the German defence from a blind force pool. A stepped game (docs/architecture.md "The game is a state machine"): the state
 * holds the task stack and the pending decision, the driver steps it.
 *
 * Chapter map (rules section -> the one file that carries it out; "+" names a helper it reads):
 *   1.6, 2.2     the map, edges, Moscow/Tula and the ring next to them .... map.ts (+ data/hexes.json; board.ts draws it)
 *   2.1-2.14     counters: the Soviet armies, the German mix .............. data.ts (+ data/oob.json; state.ts names the types)
 *   3.1-3.2, 3.4-3.6  set-up: front markers, reinforcements, 1E's host .... setup.ts (3.5's answer: turn-sequence.ts host task)
 *   3.3, 4.8     the force pool, blind draws, sudden death ............... pool.ts
 *   3.7-3.8, 4.4, 7.3  hex control, the front line kept marked, K-Line
 *                withdrawal, the joint-operation marker ................... control.ts
 *   3.9          German operational limits (no German move or attack) .... nothing to carry out (no German move exists)
 *   4.1-4.7      the checks at the end of turns 1, 3 and 6 ................ turn.ts endOfTurn (+ victory.ts: what they count)
 *   5.1-5.4      the turn sequence: phases, turn 1 from Phase III, the end  turn-sequence.ts (the state machine)
 *   5.5          administrative phases (I, IV) ............................ turn.ts phaseI, phaseIV
 *   6.1-6.2, 6.5 Soviet stacking, mutually exclusive ...................... movement.ts (one army a hex; invariants.ts checks it)
 *   6.3          1E: its host, its steps in combat ........................ turn.ts hostDecision (+ combat.ts forceSteps, 10.14 losses)
 *   6.4, 8.1, 8.3, 8.5-8.10  German stacking by the force roll, garrisons,
 *                relief forces, breakouts and their fire, holding ......... forces.ts (+ crt.ts generatedUnits: the dice tables)
 *   7.1-7.2, 7.4 Soviet reinforcements (4S), replacements ................. turn.ts
 *   7.5-7.6      German reinforcements and regrouping via the Turn Track .. turn.ts phaseI (+ engine.ts toNextTurnBox)
 *   8.4          threatened pocket formation .............................. pockets.ts (movement.ts attackStep acts on it)
 *   9.1-9.10     movement, attacks from movement, exploitation ........... movement.ts (9.3, 9.5-9.6 rounds and MF in battle: combat.ts)
 *   1.4, 8.2, 10.1-10.6, 10.8-10.14  combat rounds, German CDR, the DRMs
 *                of a round, VI IC, losses, fortified localities ........... combat.ts (+ crt.ts hit tables; 10.13 also movement.ts, victory.ts)
 *   10.7         Guderian's rows and removal .............................. pool.ts guderianBarred, relieveGuderian (his DRM: combat.ts roundDrm)
 *   (the value of a position, from the 4.x counts: evaluate.ts; its coefficients data/evaluate.json)
 *   (exact odds of 8.3-8.8, 10.x from the rules code: enumerate.ts, enumerate-arena.ts, enumerate-graph.ts; odds.ts the CLI's options and tables)
 *   readings of the rules (variants) ...................................... variants.ts
 *   values the rules do not fix (parameters) .............................. parameters.ts
 *   decisions (typed) ...................................................... decisions.ts; policies ... policies/
 *   narration and the Turn Track boxes shared by the chapters .............. engine.ts
 *   per-game scratch ....................................................... workspace.ts
 *   the end record and its statistics ...................................... record.ts
 */
import type { SteppedGame } from '../../core/game.js';
import { board, locationIds } from './board.js';
import { rawData } from './data.js';
import { SCS_DECISION_KINDS, type ScsDecision, type ScsView } from './decisions.js';
import { evaluate } from './evaluate.js';
import { invariants } from './invariants.js';
import { scsOdds } from './odds.js';
import { checkRulesBounds, parameters } from './parameters.js';
import { policies } from './policies/index.js';
import { buildRecord, endReasons, results, stats, victoryLevels } from './record.js';
import { startGame } from './setup.js';
import { cloneScs, type ScsState } from './state.js';
import { advance, apply } from './turn-sequence.js';
import { variants } from './variants.js';
import { verdictReadings } from './verdict-readings.js';
import { type ScsWorkspace, scsWorkspace } from './workspace.js';

export type { ScsDecision, ScsView } from './decisions.js';
export { cloneScs, type ScsState } from './state.js';
export type { ScsWorkspace } from './workspace.js';

export const scs: SteppedGame<ScsState, ScsDecision, ScsWorkspace, ScsView> = {
  contract: 'steps',
  id: 'scs',
  title: 'Strike & Counterstrike',
  rulesTitle:
    "Strike & Counterstrike: Army Group Center's Winter Battle, 1941-42 (Decision Games, World at War #53, 2017)",
  sides: [
    { id: 'soviet', name: 'Soviet (player)' },
    { id: 'german', name: 'German (rules-driven force pool)' },
  ],
  scenarios: [
    {
      id: 'campaign',
      title: 'Winter counteroffensive, Dec 1941 - Apr 1942',
      description: 'the full six-turn solitaire game',
      rule: 'SCS 3.0-5.4',
    },
  ],
  variants,
  parameters,
  policies,
  defaultPolicies: { soviet: 'historical' },
  results,
  victoryLevels,
  endReasons,
  stats,
  data: rawData,
  decisionKinds: SCS_DECISION_KINDS,
  // Per turn: 1E's host, 10 replacements, 4S, the joint-operation marker, one activation per army
  // (12) of at most 10 steps each, and per battle up to 11 rounds of a VI IC and another-round
  // answer and one loss answer per hit (at most 13 dice a fire step, 3 fire steps a round).
  maxDecisions: () => 6 * (13 + 12 * 10 * (1 + 11 * (2 + 3 * 26))),
  // the rules' bounds on reconstructed values are checked where a game starts (odds computes what-ifs such as CRT set E)
  start: (setup, seed) => {
    const s = startGame(setup, seed);
    checkRulesBounds(s.cfg);
    return s;
  },
  workspace: scsWorkspace,
  advance,
  apply,
  record: buildRecord,
  evaluate,
  searchPoint: (s) => ({ turn: s.turn, phase: s.phase }),
  view: (s) => ({ state: s, active: s.active, mf: s.mf, battle: s.battle }),
  clone: cloneScs,
  board,
  locationIds,
  odds: scsOdds,
  verdictReadings,
  invariants,
};
