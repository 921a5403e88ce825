/**
 * Strike & Counterstrike (Ty Bomba, World at War #53, 2017): solitaire; the player is Soviet and the
 * rules generate the German defence from a blind force pool. A stepped game (docs/architecture.md "The game is a state machine"): the state
 * holds the task stack and the pending decision, the driver steps it.
 *
 * Chapter map (rules section -> file):
 *   SCS 1.6, 2   the map, edges, Moscow/Tula and the capital ring (4.2) ... map.ts, board.ts (drawn)
 *   SCS 2, 3     counters, set-up ........................................ data.ts, setup.ts
 *   SCS 3.3, 4.8, 10.7  the force pool, sudden death, Guderian .......... pool.ts
 *   SCS 3.7-3.8, 7.3  control, the front line, linkage .................. control.ts
 *   SCS 4        victory checks .......................................... victory.ts, record.ts (statistics)
 *   (the value of a position, from the 4.x counts: evaluate.ts; its coefficients data/evaluate.json)
 *   SCS 5        turn sequence ........................................... turn-sequence.ts (the state machine: advance, apply), turn.ts (phases I-IV)
 *   SCS 6, 7     armies, 1E, 4S, replacements, the joint-operation marker  turn.ts
 *   SCS 8        German forces, pockets .................................. forces.ts, pockets.ts
 *   SCS 9        movement ................................................ movement.ts
 *   SCS 10       combat, the CRT ......................................... combat.ts, crt.ts
 *   (exact odds of 8.3-8.8, 10.x: enumerate.ts from the rules code; odds.ts the CLI's options and tables)
 *   readings of the rules (variants) ...................................... variants.ts
 *   values the rules do not fix (parameters) .............................. parameters.ts
 *   decisions (typed) ...................................................... decisions.ts; policies ... policies/
 *   per-game scratch ....................................................... workspace.ts
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
import type { ScsState } from './state.js';
import { advance, apply } from './turn-sequence.js';
import { variants } from './variants.js';
import { type ScsWorkspace, scsWorkspace } from './workspace.js';

export type { ScsDecision, ScsView } from './decisions.js';
export type { ScsState } from './state.js';
export type { ScsWorkspace } from './workspace.js';

/** A deep copy sharing only the resolved configuration, which play never changes (key order kept for JSON equality). */
export function cloneScs(s: ScsState): ScsState {
  const c = structuredClone({ ...s, cfg: null }) as unknown as { cfg: ScsState['cfg'] };
  c.cfg = s.cfg;
  return c as unknown as ScsState;
}

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
  view: (s) => ({ state: s, active: s.active, mf: s.mf, battle: s.battle }),
  clone: cloneScs,
  board,
  locationIds,
  odds: scsOdds,
  invariants,
};
