/** Merkur policies: four scripted policies per side plus uniform random (docs/games/merkur.md "Policies"). */
import { randomPolicy } from '../../../core/decide.js';
import type { PolicyDef } from '../../../core/game.js';
import type { MerkurDecision } from '../decisions.js';
import type { MerkurState } from '../state.js';
import { cwPolicies } from './commonwealth.js';
import { germanPolicies } from './german.js';

function random(side: string): PolicyDef<MerkurState, MerkurDecision> {
  return {
    id: 'random',
    side,
    description: 'Uniform over the legal options (conformance, baseline).',
    create: () => randomPolicy('random'),
  };
}

export const policies: readonly PolicyDef<MerkurState, MerkurDecision>[] = [
  ...germanPolicies,
  random('german'),
  ...cwPolicies,
  random('commonwealth'),
];

export const defaultPolicies = { german: 'historical', commonwealth: 'historical-static' } as const;
