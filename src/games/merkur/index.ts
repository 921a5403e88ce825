/**
 * Operation Merkur / Crete 1941 (Vae Victis 22, F. Yeghicheyan; English translation by C. Vasey):
 * the public face. Scenarios two-player and solitaire (rule 12: the rules play the CW).
 *
 * Chapter map (rules section -> file):
 *   Merkur 1.1, 5.1, 6.2  the zone map, stacking ............. map.ts (data/merkur.json), board.ts, units.ts
 *   Merkur 1.2, 4.0       the turn and phase sequence ........ turn-sequence.ts (phases, task table)
 *   Merkur 2.0-2.2        units, values, steps, dispersal .... units.ts (the units: data.ts via setup.ts)
 *   Merkur 2.3-2.5        EMs, command, artillery, support ... command.ts
 *   Merkur 3.1            initiative ......................... initiative.ts (what it buys: in each roll's chapter)
 *   Merkur 3.2            forts, gliders, markers, control ... placement.ts, victory.ts, units.ts
 *   Merkur 4.0, 4.1       activations, roll and table, orders  activation.ts
 *   Merkur 5.2            paradrops, landing tests ........... paradrop.ts
 *   Merkur 5.3            reinforcements by air .............. air-landing.ts
 *   Merkur 5.4            convoys, RN test, beach assaults ... convoy.ts
 *   Merkur 5.5, 6.1       zone status, movement, retreat ..... movement.ts, combat.ts
 *   Merkur 7.0-7.3        a combat: leads, values, dice ...... combat.ts (odds.ts: exact, from combat.ts)
 *   Merkur 7.4            results, losses, retreats .......... losses.ts
 *   Merkur 8.0-8.4        bombardment, air, AA, pre-invasion . bombard.ts
 *   Merkur 9.0            para regrouping .................... regroup.ts
 *   Merkur 10.0           victory ............................ victory.ts, record.ts (statistics), value.ts (evaluate)
 *   Merkur 11.0           night, Maori ....................... night.ts (night movement: movement.ts)
 *   Merkur 12.0-12.2      solitaire CW ....................... solitaire.ts
 *   Merkur 13.0           set-up (V cw-setup-free) ........... setup.ts, placement.ts
 *   dice as chance points (explicit-chance mode) ............. chance.ts (rolled in each chapter)
 *   readings (variants) .. variants.ts; values (parameters) .. parameters.ts, setup.ts
 *   decisions (typed) .... decisions.ts; policies ............ policies/
 * RULES-CHECKLIST.md lists every spec item and where it is implemented.
 */
import type { GameRecord, ResultDef, SteppedGame } from '../../core/game.js';
import { merkurBoard, merkurLocationIds } from './board.js';
import { merkurCalibration, merkurData } from './data.js';
import { MERKUR_DECISION_KINDS, type MerkurDecision } from './decisions.js';
import { invariants } from './invariants.js';
import { merkurOdds } from './odds.js';
import { parameters } from './parameters.js';
import { defaultPolicies, policies } from './policies/index.js';
import { MERKUR_STATS, record } from './record.js';
import { scenarios } from './scenarios.js';
import { startGame } from './setup.js';
import type { MerkurState } from './state.js';
import { advance, apply } from './turn-sequence.js';
import { evaluateMerkur } from './value.js';
import { variants } from './variants.js';
import { verdictReadings } from './verdict-readings.js';
import { type MerkurWorkspace, merkurWorkspace } from './workspace.js';

const results: readonly ResultDef[] = [
  {
    id: 'german-win',
    winner: 'german',
    description:
      'The CW holds 0-3 objectives at the end of turn 24 (10.0): decisive, major, strategic or marginal German victory.',
  },
  {
    id: 'draw',
    winner: null,
    description: 'The CW holds exactly 4 objectives (10.0), the historical result.',
  },
  {
    id: 'cw-win',
    winner: 'commonwealth',
    description: 'The CW holds 5 or more objectives: strategic CW victory (10.0).',
  },
];

/**
 * A copy sharing only what never changes during play (the rules and the pending decision, which
 * the engine never mutates): faster than structuredClone for search and the conformance checks.
 */
export function cloneMerkur(s: MerkurState): MerkurState {
  const streams: Record<string, number[]> = {};
  for (const k in s.rng.streams) streams[k] = s.rng.streams[k]!.slice();
  return {
    ...s,
    rng: { ...s.rng, streams },
    units: s.units.map((u) => ({ ...u })),
    air: s.air.map((a) => ({ ...a })),
    fort: s.fort.slice(),
    control: s.control.slice(),
    soleAtStart: s.soleAtStart.slice(),
    activated: s.activated.slice(),
    airQueueIds: s.airQueueIds.slice(),
    b1: { ...s.b1, units: s.b1.units.slice(), back: s.b1.back.slice() },
    paraLosses: s.paraLosses.slice(),
    solo: structuredClone(s.solo),
    stack: structuredClone(s.stack),
    stats: { ...s.stats },
    airfieldFirst: s.airfieldFirst.slice(),
    beachAssaults: s.beachAssaults.map((b) => ({ zone: b.zone, units: b.units.slice() })),
  };
}

export const merkur: SteppedGame<MerkurState, MerkurDecision, MerkurWorkspace, MerkurState> = {
  contract: 'steps',
  id: 'merkur',
  title: 'Operation Merkur (Crete 1941)',
  rulesTitle:
    'Crete 1941 / Opération Merkur (Vae Victis 22, 1998, F. Yeghicheyan), English translation by C. Vasey',
  sides: [
    { id: 'german', name: 'German (Fliegerkorps XI, 5th Mountain Division)' },
    { id: 'commonwealth', name: 'Commonwealth (Creforce)' },
  ],
  scenarios,
  variants,
  parameters,
  policies,
  defaultPolicies,
  // mcts: 64 iterations a decision against a scripted policy of the other side drawn per iteration
  // (experiments/merkur-ladder.json: at 16 iterations neither side's search beats every script, at
  // 64 both do; docs/games/merkur.md "The verdict")
  searchDefaults: { mcts: { iterations: 64, opponents: 1 } },
  results,
  victoryLevels: ['decisive', 'major', 'strategic', 'marginal', 'draw'],
  endReasons: ['turn-limit'],
  stats: MERKUR_STATS.defs,
  data: { merkur: merkurData, calibration: merkurCalibration },
  decisionKinds: MERKUR_DECISION_KINDS,
  // 24 turns; per turn at most ~10 drops, 4 air missions, a few landings, and per side one
  // activation per zone plus one order per unit (about 90 units), with initiative answers.
  maxDecisions: () => 24 * 400 + 200,
  start: (setup, seed) => startGame(setup, seed),
  workspace: merkurWorkspace,
  advance,
  apply,
  record: (s): GameRecord => record(s),
  evaluate: evaluateMerkur,
  searchPoint: (s) => ({ turn: s.turn, phase: s.phase }),
  view: (s) => s,
  clone: cloneMerkur,
  invariants,
  odds: merkurOdds,
  verdictReadings,
  board: () => merkurBoard(),
  locationIds: merkurLocationIds,
};
