/** The Crete scenario (K4): one campaign of 10 turns; the 1979 reissue's minimum of 9 drops is variant min-drops-9. */
import type { ScenarioDef } from '../../core/game.js';

export const scenarios: readonly ScenarioDef[] = [
  {
    id: 'campaign',
    title: 'Crete, 20-30 May 1941',
    rule: 'K4, K6, K7',
    description:
      '10 turns: the German secretly allocates at least 7 para battalions to the three boards, the British set up, then drops, mountain landings, Luftwaffe and combat; most points wins (K3).',
  },
];
