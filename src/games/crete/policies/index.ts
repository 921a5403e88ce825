/** Crete policies: four scripted policies per side with documented intents (docs/games/crete.md "Policies"), plus uniform random. */
import { randomPolicy } from '../../../core/decide.js';
import type { PolicyDef } from '../../../core/game.js';
import type { CreteDecision } from '../decisions.js';
import type { CreteState } from '../state.js';
import { britishPolicies } from './british.js';
import { germanPolicies } from './german.js';

function random(side: string): PolicyDef<CreteState, CreteDecision> {
  return {
    id: 'random',
    side,
    description: 'Uniform over the legal options (conformance tests, baseline).',
    create: () => randomPolicy('random'),
  };
}

export const policies: readonly PolicyDef<CreteState, CreteDecision>[] = [
  ...germanPolicies,
  random('german'),
  ...britishPolicies,
  random('british'),
];
export const defaultPolicies = { german: 'historical', british: 'historical' } as const;
