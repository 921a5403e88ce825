/**
 * Strike & Counterstrike (Ty Bomba, World at War #53, 2017): solitaire; the player is Soviet and the
 * rules generate the German defence from a blind force pool. One module per rules chapter:
 * map (2, 1.6), setup (3), control (3.7-3.8), victory (4), turn (5, 7), movement (9), forces (8),
 * pockets (8.4), combat (10), crt (10.1 chance tables), parameters, variants, policies.
 */
import type { LegacyGame } from '../../core/game.js';
import { board, locationIds } from './board.js';
import { rawData } from './data.js';
import { invariants } from './invariants.js';
import { scsOdds } from './odds.js';
import { parameters } from './parameters.js';
import { policies } from './policies/index.js';
import { endReasons, results, stats, victoryLevels } from './record.js';
import { startGame } from './setup.js';
import type { ScsState } from './state.js';
import { playGame } from './turn.js';
import { variants } from './variants.js';

export type { ScsState } from './state.js';

export const scs: LegacyGame<ScsState> = {
  contract: 'legacy',
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
  start: startGame,
  play: playGame,
  board,
  locationIds,
  odds: scsOdds,
  invariants,
};
