/**
 * Strike Force One (C. H. Christensen 2022 rewrite): the public face. Basic and Advanced levels
 * (scenarios basic, advanced) and the Expert level (SFO 7.1, 10, Part II: random events, armour and
 * pioneers, victory points, the optional rules; scenarios expert-standard, expert-engagement,
 * expert-us-counter-offensive). The level lives in `SfoRules.level`, Expert rules in `SfoRules.expert`.
 */
import type { GameDefinition, ResultDef, StatDef } from '../../core/game.js';
import { sfoBoard, sfoLocationIds } from './board.js';
import { sfoData } from './data.js';
import { invariants } from './invariants.js';
import { sfoOdds } from './odds.js';
import { playGame } from './play.js';
import { defaultPolicies, policies } from './policies/index.js';
import { parameters, scenarios, variants } from './rules.js';
import { startGame } from './setup.js';
import type { SfoState } from './state.js';

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

const stats: readonly StatDef[] = [
  { id: 'soviet_towns_end', kind: 'int', description: 'Towns occupied by Soviet units at the end (SFO 10).' },
  {
    id: 'soviet_units_lost',
    kind: 'int',
    description: 'Soviet eliminations, including units later replaced.',
  },
  { id: 'us_units_lost', kind: 'int', description: 'US and West German units eliminated.' },
  { id: 'battles', kind: 'int', description: 'Battles fought by both sides.' },
  { id: 'res_ae', kind: 'int', description: 'Battles with result AE.' },
  { id: 'res_ar', kind: 'int', description: 'Battles with result AR.' },
  { id: 'res_ne', kind: 'int', description: 'Battles with result NE.' },
  { id: 'res_dr', kind: 'int', description: 'Battles with result DR.' },
  { id: 'res_de', kind: 'int', description: 'Battles with result DE.' },
  { id: 'res_ex', kind: 'int', description: 'Battles with result EX (treated as DR, SFO 9).' },
  { id: 'soviet_replacements', kind: 'int', description: 'Soviet units replaced (Advanced, SFO 7; 0-2).' },
  {
    id: 'v_arrival_turn',
    kind: 'int',
    description: 'Turn the West German V arrived (Advanced, SFO 7); 0 = never.',
  },
  { id: 'esselben_held', kind: 'int', description: 'Soviets occupy Esselben (0405) at the end.' },
  { id: 'ganheim_held', kind: 'int', description: 'Soviets occupy Ganheim (0107) at the end.' },
  {
    id: 'town3_held',
    kind: 'int',
    description: 'Soviets occupy the third town (0303, reconstructed) at the end.',
  },
  {
    id: 'vp_soviet',
    kind: 'int',
    description: 'Expert: Soviet victory points at the end (SFO 10, Table 3); 0 at Basic/Advanced.',
  },
  {
    id: 'vp_us',
    kind: 'int',
    description: 'Expert: US victory points at the end (SFO 10, Table 3); 0 at Basic/Advanced.',
  },
  {
    id: 'us_replacements',
    kind: 'int',
    description: 'Expert: US units replaced by Replacement events (SFO 7.1).',
  },
  ...(['soviet', 'us'] as const).flatMap((side): StatDef[] =>
    (
      [
        ['planned', 'As planned (including spent reinforcements and replacements with nothing to replace)'],
        ['air', 'Air support'],
        ['artillery', 'Artillery support'],
        ...(side === 'soviet' ? ([['spetsnaz', 'Spetsnaz']] as const) : []),
        ['friction', side === 'soviet' ? 'Enemy SNAFU' : 'Command problems'],
        ['replacement', 'Replacement'],
        ['reinforce', 'a one-time Reinforcement'],
      ] as const
    ).map(([k, what]) => ({
      id: `ev_${side}_${k}`,
      kind: 'int' as const,
      description: `Expert: ${side === 'soviet' ? 'Soviet' : 'US'} random events taking effect that were ${what} (SFO 7.1).`,
    })),
  ),
  {
    id: 'supported_battles',
    kind: 'int',
    description: 'Expert: battles fought with an Air, Artillery or Spetsnaz chit (SFO 7.1).',
  },
  {
    id: 'breakthroughs',
    kind: 'int',
    description: 'Expert optional Armour in the open: breakthroughs (SFO 9.2).',
  },
  {
    id: 'exploitations',
    kind: 'int',
    description: 'Expert optional Armour in the open: tanks advancing a second hex (SFO 9.3).',
  },
  {
    id: 'infiltrations',
    kind: 'int',
    description: 'Expert optional Armour in the open: tank infiltration moves (SFO 8.3).',
  },
  { id: 'soviet_armour_lost', kind: 'int', description: 'Expert: Soviet tank eliminations.' },
  { id: 'us_armour_lost', kind: 'int', description: 'Expert: US armour eliminations.' },
];

export const sfo: GameDefinition<SfoState> = {
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
  results,
  /** 'win': the two-town condition; Expert VP levels by ΔVP (SFO 10, Table 3). */
  victoryLevels: ['win', 'draw', 'tactical', 'marginal', 'decisive'],
  endReasons: ['turn-limit'],
  stats,
  data: sfoData,
  start: (setup) => startGame(setup),
  play: (state, ctx) => playGame(state, ctx),
  invariants,
  odds: sfoOdds,
  board: sfoBoard,
  locationIds: sfoLocationIds,
};

export {
  advanceOptions,
  type Battle,
  type DecideContext,
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
export { applyReplacement, checkReinforcement, replacementOptions } from './events.js';
export { mapOf, sfoGrid, sfoMap } from './map.js';
export { enemyZoc, entryDestinations, entryHexes, reachable } from './movement.js';
export { columnOdds, combatDieDistribution, sfoOdds } from './odds.js';
export type { SfoOption } from './options.js';
export { moveOptions } from './play.js';
export { resolveRules } from './rules.js';
export { initialState, startGame } from './setup.js';
export type { SfoRules, SfoState, SfoUnit, Side } from './state.js';
export { outcome, sovietTowns, victoryPoints, winner } from './victory.js';
