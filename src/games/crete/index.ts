/**
 * Crete (Strategy & Tactics #18, 1969; rules as summarised by John Kula): the public face. Rules are
 * cited K<section>.<item> as in docs/games/crete.md (the summary has no rule numbers).
 *
 * Chapter map (rules section -> file; K5, the physical set-up, and K13, no supply, have no code):
 *   K1           the three boards, terrain ........ map.ts (data/crete.json), board.ts (drawn)
 *   K2           units (counters, factors) ........ setup.ts (unitFactors, makeUnits; the counters: data.ts)
 *   K3           victory (and the errata) ......... victory.ts, record.ts (statistics)
 *   K4           length of game ................... turn-sequence.ts (endGame), scenarios.ts
 *   K6           preparing for play ............... setup.ts (secret allocation, British set-up); the
 *                                                  allocation hidden from the British: hidden.ts
 *   K7           sequence of play ................. turn-sequence.ts (the state machine: phases and tasks)
 *   K8, K12, K14 movement, terrain, board to board  movement.ts
 *   K9           zones of control ................. movement.ts
 *   K10.1-K10.10 battles, odds, resolution ........ combat.ts (battleOptions, fight, resolve, kill)
 *   K10.11-K10.14 retreats, counter-attack choice . retreat.ts
 *   K18          the two CRTs ..................... crt.ts (data/crete.json), odds.ts (exact, from the engine)
 *   K11.1        three units a square ............. checked where units are placed: movement.ts (moves),
 *                                                  drops.ts (drops), luftwaffe.ts (aircraft), setup.ts,
 *                                                  retreat.ts; invariants.ts checks every state
 *   K11.2-K11.4  stacks move unit by unit ......... movement.ts
 *   K15          paradrops, scatter ............... drops.ts
 *   K16          Luftwaffe ........................ luftwaffe.ts (placement); combat.ts (never destroyed,
 *                                                  back after each attack, none for a scattered para)
 *   K17          mountain troops .................. mountain.ts
 *   readings of the rules (variants) ............. variants.ts (docs/games/crete.md "Readings", every ambiguity)
 *   values the rules do not fix (parameters) ..... parameters.ts, resolve.ts (checked)
 *   decisions (typed) ............................. decisions.ts; policies ... policies/
 *   hidden information (view, resample) .......... hidden.ts
 *   value of a position (K3 points, K4 turns) .... evaluate.ts (data/evaluate.json, scripts/fit-evaluate-crete.mjs)
 *   the state, its scratch, narration ............ state.ts, workspace.ts, narrate.ts
 */
import type { GameRecord, ResultDef, SteppedGame } from '../../core/game.js';
import { creteBoard, creteLocationIds } from './board.js';
import { creteCalibration, creteData } from './data.js';
import { CRETE_DECISION_KINDS, type CreteDecision } from './decisions.js';
import { evaluate } from './evaluate.js';
import { resample, viewFor } from './hidden.js';
import { invariants } from './invariants.js';
import { creteOdds } from './odds.js';
import { parameters } from './parameters.js';
import { defaultPolicies, policies } from './policies/index.js';
import { CRETE_STATS, record } from './record.js';
import { scenarios } from './scenarios.js';
import { startGame } from './setup.js';
import type { CreteState } from './state.js';
import { advance, apply } from './turn-sequence.js';
import { variants } from './variants.js';
import { verdictReadings } from './verdict-readings.js';
import { type CreteWorkspace, creteWorkspace } from './workspace.js';

const results: readonly ResultDef[] = [
  {
    id: 'german-win',
    winner: 'german',
    description:
      'The Germans have more points at the end of turn 10 (K3), at the level the victory reading gives.',
  },
  {
    id: 'british-win',
    winner: 'british',
    description: 'The British have more points (K3), or equal points under tie-british.',
  },
  {
    id: 'draw',
    winner: null,
    description: 'Equal points (tie-draw), or a German marginal win lowered by the errata (victory-errata).',
  },
];

/** A copy sharing only what never changes during play (the rules; decision options are never mutated). */
export function cloneCrete(s: CreteState): CreteState {
  const streams: Record<string, number[]> = {};
  for (const k in s.rng.streams) streams[k] = s.rng.streams[k]!.slice();
  return {
    rules: s.rules,
    rng: { seed: s.rng.seed, game: s.rng.game, streams },
    turn: s.turn,
    phase: s.phase,
    seq: s.seq,
    stack: structuredClone(s.stack),
    pending: s.pending,
    over: s.over,
    units: s.units.map((u) => ({ ...u })),
    secret: s.secret === null ? null : { alloc: s.secret.alloc.slice(), plan: s.secret.plan },
    fought: s.fought.slice(),
    airfieldContested: s.airfieldContested.slice(),
    airfieldOpen: s.airfieldOpen.slice(),
    points: { ...s.points },
    drownedCf: s.drownedCf,
    stats: { ...s.stats },
    decisions: s.decisions,
  };
}

export const crete: SteppedGame<CreteState, CreteDecision, CreteWorkspace, CreteState> = {
  contract: 'steps',
  id: 'crete',
  title: 'Crete',
  rulesTitle: 'Crete (Strategy & Tactics #18, 1969), rules as summarised by John Kula (Simulacrum v5n1)',
  sides: [
    { id: 'german', name: 'German (Fallschirmjäger, Gebirgsjäger, Luftwaffe)' },
    { id: 'british', name: 'British Commonwealth and Greek' },
  ],
  scenarios,
  variants,
  parameters,
  policies,
  defaultPolicies,
  results,
  /** 'points' under victory-printed; margin levels under the errata readings (the union, docs/games/crete.md "What is modelled"). */
  victoryLevels: ['points', 'marginal', 'substantive', 'decisive', 'draw'],
  endReasons: ['turn-limit'],
  stats: CRETE_STATS.defs,
  data: { crete: creteData, calibration: creteCalibration },
  decisionKinds: CRETE_DECISION_KINDS,
  // 13 allocations + 43 set-ups; per turn up to 13 drop boards and squares, 3 landings (with
  // mtn-stack-only up to 3 per wave, at most 13 waves, and the 12 mountain units moved again), 25
  // German and 43 British moves (each a move-unit pick and a move, plus the pick that ends each of
  // the 2 + 13 movement tasks), 7 air placements, and per segment at most one battle per square
  // with its CA, EX and retreat answers.
  maxDecisions: () => 13 + 43 + 10 * (26 + 3 * 13 + 2 * (25 + 12 + 43) + 15 + 7 + 2 * 75 * 6),
  start: (setup, seed) => startGame(setup, seed),
  workspace: creteWorkspace,
  advance,
  apply,
  record: (s): GameRecord => record(s),
  evaluate,
  searchPoint: (s) => ({ turn: s.turn, phase: s.phase }),
  view: viewFor,
  resample,
  clone: cloneCrete,
  invariants,
  odds: creteOdds(() => crete),
  verdictReadings,
  board: creteBoard,
  locationIds: creteLocationIds,
};

export { battleOptions, makeBattle, resolve } from './combat.js';
export { crtResult, crtSixths, oddsColumn, oddsIndex } from './crt.js';
export { creteData } from './data.js';
export { scatters, scatterTarget } from './drops.js';
export { resample, viewFor } from './hidden.js';
export { MAP } from './map.js';
export { destinations, enterCost } from './movement.js';
export { outcome, score } from './victory.js';
