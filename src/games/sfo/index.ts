/**
 * Strike Force One (C. H. Christensen 2022 rewrite), Basic and Advanced levels: the public face.
 * Expert rules (events, tanks, VP, scenarios 11-13) are not modelled; the level lives in
 * `SfoRules.level` so an Expert level can be added as a third scenario family.
 */
import type { GameDefinition, ResultDef, StatDef } from '../../core/game.js';
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
    description: 'Soviets occupy two or more towns at the end of turn 4 (SFO 10).',
  },
  {
    id: 'us-win',
    winner: 'us',
    description: 'The Soviets occupy fewer than two towns at the end of turn 4 (SFO 10).',
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
];

export const sfo: GameDefinition<SfoState> = {
  id: 'sfo',
  title: 'Strike Force One',
  rulesTitle: 'Strike Force One (C. H. Christensen, 2022 rewrite of the 1977 SPI game), Basic and Advanced',
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
  victoryLevels: ['win'],
  endReasons: ['turn-limit'],
  stats,
  data: sfoData,
  start: (setup) => startGame(setup),
  play: (state, ctx) => playGame(state, ctx),
  invariants,
  odds: sfoOdds,
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
export { columnOdds, combatDieDistribution, sfoOdds } from './odds.js';
export { applyReplacement, checkReinforcement, replacementOptions } from './events.js';
export { mapOf, sfoGrid, sfoMap } from './map.js';
export { enemyZoc, entryDestinations, entryHexes, reachable } from './movement.js';
export type { SfoOption } from './options.js';
export { moveOptions } from './play.js';
export { resolveRules } from './rules.js';
export { initialState, startGame } from './setup.js';
export type { SfoRules, SfoState, SfoUnit, Side } from './state.js';
export { sovietTowns, winner } from './victory.js';
