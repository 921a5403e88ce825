/**
 * Strike Force One (C. H. Christensen 2022 rewrite): the public face. Basic and Advanced levels
 * (scenarios basic, advanced) and the Expert level (SFO 7.1, 10, Part II: random events, armour and
 * pioneers, victory points, the optional rules; scenarios expert-standard, expert-engagement,
 * expert-us-counter-offensive). The level lives in `SfoRules.level`, Expert rules in `SfoRules.expert`.
 *
 * Chapter map (rules section -> file):
 *   SFO 2, 5     the factions' turns and phases ... turn-sequence.ts (the state machine: phases and tasks)
 *   SFO 3.1      the board, towns, forests ........ map.ts (data/sfo.json), board.ts (drawn)
 *   SFO 3.2      units ............................ setup.ts (unitsOfLevel, initialState: the counters
 *                                                  of data/sfo.json, validated in data.ts)
 *   SFO 4        set-up, levels ................... setup.ts, scenarios.ts; the rules of a level: resolve.ts
 *   SFO 4 options Night ........................... movement.ts; Guards: events.ts; armour in the open:
 *                                                  movement.ts (infiltration), combat.ts (breakthrough,
 *                                                  exploitation); 6 turns: resolve.ts (their switches:
 *                                                  variants.ts)
 *   SFO 6        zones of control ................. movement.ts
 *   SFO 7, 7.1   events, replacements, support .... events.ts
 *   SFO 8, 8.2-8.4 movement, stacking, arrivals ... movement.ts
 *   SFO 9, 9.1-9.4 combat, eliminate, retreat,
 *                advance, end of the phase ........ combat.ts; Table 2, the CRT: crt.ts; exact odds: odds.ts
 *   SFO 10       victory (towns, Table 3 VP) ...... victory.ts, record.ts (statistics)
 *   SFO 11-13    Expert scenarios ................. resolve.ts (expertRules: set-up, schedule, first
 *                                                  faction, turns, victory, from data/sfo.json), scenarios.ts
 *   readings of the rules (variants) ............. variants.ts
 *   values the rules do not fix (parameters) ..... parameters.ts, resolve.ts (checked)
 *   decisions (typed) ............................. decisions.ts; policies ... policies/
 *   value of a position (SFO 10 now) ............. evaluate.ts (data/evaluate.json, scripts/fit-evaluate-sfo.mjs)
 *   rule checks on a state, the state, scratch ... invariants.ts, state.ts, workspace.ts, narrate.ts
 */
import type { GameRecord, ResultDef, SteppedGame } from '../../core/game.js';
import { sfoBoard, sfoLocationIds } from './board.js';
import { sfoData } from './data.js';
import { SFO_DECISION_KINDS, type SfoDecision } from './decisions.js';
import { evaluate } from './evaluate.js';
import { invariants } from './invariants.js';
import { sfoOdds } from './odds.js';
import { parameters } from './parameters.js';
import { defaultPolicies, policies } from './policies/index.js';
import { record, SFO_STATS } from './record.js';
import { scenarios } from './scenarios.js';
import { startGame } from './setup.js';
import type { SfoState, SfoTask } from './state.js';
import { advance, apply } from './turn-sequence.js';
import { variants } from './variants.js';
import { verdictReadings } from './verdict-readings.js';
import { type SfoWorkspace, sfoWorkspace } from './workspace.js';

const results: readonly ResultDef[] = [
  {
    id: 'soviet-win',
    winner: 'soviet',
    description:
      'Soviets occupy two or more towns at the end of the last turn (SFO 10); Expert VP scenarios: the Soviets have more victory points.',
  },
  {
    id: 'us-win',
    winner: 'us',
    description:
      'The Soviets occupy fewer than two towns at the end of the last turn (SFO 10); Expert VP scenarios: the US has more victory points.',
  },
  {
    id: 'draw',
    winner: null,
    description: 'Expert VP scenarios: equal victory points (ΔVP 0, SFO 10 Table 3).',
  },
];

/**
 * A copy sharing only what never changes during play (the rules, map key, decision options and
 * battles, which the engine never mutates) — much faster than structuredClone for search.
 */
export function cloneSfo(s: SfoState): SfoState {
  const streams: Record<string, number[]> = {};
  for (const k in s.rng.streams) streams[k] = s.rng.streams[k]!.slice();
  return {
    rules: s.rules,
    mapKey: s.mapKey,
    rng: { seed: s.rng.seed, game: s.rng.game, streams },
    turn: s.turn,
    phase: s.phase,
    seq: s.seq,
    stack: s.stack.map((t): SfoTask => ({ ...t })),
    pending: s.pending,
    over: s.over,
    units: s.units.map((u) => ({ ...u })),
    attackedHexes: s.attackedHexes.slice(),
    fought: s.fought.slice(),
    replacementUsed: s.replacementUsed,
    stats: { ...s.stats },
    expert:
      s.expert === null
        ? null
        : { held: s.expert.held, placed: s.expert.placed === null ? null : { ...s.expert.placed } },
    decisions: s.decisions,
    lastResult: s.lastResult,
  };
}

export const sfo: SteppedGame<SfoState, SfoDecision, SfoWorkspace, SfoState> = {
  contract: 'steps',
  id: 'sfo',
  title: 'Strike Force One',
  rulesTitle:
    'Strike Force One (C. H. Christensen, 2022 rewrite of the 1977 SPI game), Basic, Advanced and Expert',
  sides: [
    { id: 'soviet', name: 'Soviet' },
    { id: 'us', name: 'US (with West German allies)' },
  ],
  scenarios,
  variants,
  parameters,
  policies,
  defaultPolicies,
  // mcts searches from each side's strongest script (the best worst case over the other side's
  // scripts), against every opponent script, at 64 iterations: experiments/sfo-search.json
  searchDefaults: {
    mcts: { iterations: 64, opponents: 1, base: { soviet: 'zoc-pin', us: 'counterattack' } },
  },
  results,
  /** 'win': the two-town condition; Expert VP levels by ΔVP (SFO 10, Table 3). */
  victoryLevels: ['win', 'draw', 'tactical', 'marginal', 'decisive'],
  endReasons: ['turn-limit'],
  stats: SFO_STATS.defs,
  data: sfoData,
  decisionKinds: SFO_DECISION_KINDS,
  // At most 6 turns of 2 sides; per side and turn a few event answers, one move and one attack per
  // unit (12 at most) and a handful of retreat / eliminate / advance / exploit answers per battle.
  maxDecisions: () => 6 * 2 * (4 + 13 + 13 * 8),
  start: (setup, seed) => startGame(setup, seed),
  workspace: sfoWorkspace,
  advance,
  apply,
  record: (s): GameRecord => record(s),
  evaluate,
  searchPoint: (s) => ({ turn: s.turn, phase: s.phase }),
  view: (s) => s,
  clone: cloneSfo,
  invariants,
  odds: sfoOdds(() => sfo),
  verdictReadings,
  board: sfoBoard,
  locationIds: sfoLocationIds,
};

export {
  advanceOptions,
  type Battle,
  hexDefence,
  legalBattles,
  makeBattle,
  resolveBattle,
  retreatOptions,
} from './combat.js';
export {
  COMBAT_RESULTS,
  type CombatResult,
  type CrtId,
  columnLabel,
  crtColumn,
  crtDistribution,
  crtFor,
  crtResult,
  crtSixths,
} from './crt.js';
export { sfoData } from './data.js';
export type { SfoDecision, SfoOption } from './decisions.js';
export { applyReplacement, checkReinforcement, replacementOptions } from './events.js';
export { mapOf, sfoGrid, sfoMap } from './map.js';
export { enemyZoc, entryDestinations, entryHexes, moveOptions, reachable } from './movement.js';
export { columnOdds, combatDieDistribution, sfoOdds } from './odds.js';
export { resolveRules } from './resolve.js';
export { initialState, startGame } from './setup.js';
export type { SfoRules, SfoState, SfoUnit, Side } from './state.js';
export { outcome, sovietTowns, victoryPoints, winner } from './victory.js';
export type { SfoWorkspace } from './workspace.js';
