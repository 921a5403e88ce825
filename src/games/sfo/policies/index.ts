/** SFO policies: three scripted policies per side plus uniform random (DESIGN §3). */
import { randomPolicy } from '../../../core/decide.js';
import type { PolicyDef } from '../../../core/game.js';
import { sovietPolicies } from './soviet.js';
import { usPolicies } from './us.js';

function random(side: string): PolicyDef {
  return {
    id: 'random',
    side,
    description: 'Uniform over the legal options (conformance tests, baseline).',
    create: () => randomPolicy('random'),
  };
}

export const policies: readonly PolicyDef[] = [
  ...sovietPolicies,
  random('soviet'),
  ...usPolicies,
  random('us'),
];
export const defaultPolicies = { soviet: 'best-odds', us: 'hold-towns' } as const;
export { sovietPolicies, usPolicies };
