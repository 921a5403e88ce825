/** SFO policies: three scripted policies per side, one Expert-specific policy per side, plus uniform random (docs/architecture.md "Decisions and policies"). */
import { randomPolicy } from '../../../core/decide.js';
import type { PolicyDef } from '../../../core/game.js';
import type { SfoDecision } from '../decisions.js';
import type { SfoState } from '../state.js';
import { vpDenial, vpHunter } from './expert.js';
import { sovietPolicies } from './soviet.js';
import { usPolicies } from './us.js';

function random(side: string): PolicyDef<SfoState, SfoDecision> {
  return {
    id: 'random',
    side,
    description: 'Uniform over the legal options (conformance tests, baseline).',
    create: () => randomPolicy('random'),
  };
}

export const policies: readonly PolicyDef<SfoState, SfoDecision>[] = [
  ...sovietPolicies,
  vpHunter,
  random('soviet'),
  ...usPolicies,
  vpDenial,
  random('us'),
];
export const defaultPolicies = { soviet: 'best-odds', us: 'hold-towns' } as const;
export { sovietPolicies, usPolicies };
