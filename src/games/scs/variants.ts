/** SCS variants: readings of the rules where the text, its errata or the notes leave a choice. */
import type { VariantDef } from '../../core/game.js';

export const V = {
  drmCumulative: 'drm-cumulative',
  errataEitherOrBoth: 'errata-either-or-both',
  markerPlusGarrison: 'marker-plus-garrison',
  markerInGarrison: 'marker-in-garrison',
  breakoutPoolDraws: 'breakout-pool-draws',
  breakoutPocketOnly: 'breakout-pocket-only',
  shockDoubleSix: 'shock-double-six',
  reliefIgnoresSupport: 'relief-ignores-support',
} as const;

export const variants: readonly VariantDef[] = [
  {
    id: V.drmCumulative,
    rule: 'SCS 1.4, 10.6, 10.7',
    description: 'VIII Fliegerkorps and Guderian together give +2 (each +1, all DRMs cumulative per 1.4)',
    default: true,
    group: 'viii-guderian',
  },
  {
    id: V.errataEitherOrBoth,
    rule: 'SCS 10.8 errata',
    description: 'CRT errata read literally: "VIII Fliegerkorps and/or Guderian" give +1 in total, even when both support',
    default: false,
    group: 'viii-guderian',
  },
  {
    id: V.markerPlusGarrison,
    rule: 'SCS 3.7, 8.3',
    description: 'the flipped front marker defends in addition to the 1d6-1 drawn units ("the rest of the defending force")',
    default: true,
    group: 'garrison',
  },
  {
    id: V.markerInGarrison,
    rule: 'SCS 3.7, 8.3',
    description: 'the flipped marker counts as one of the 1d6-1 (relief: 1d6) defenders; on a 0 the marker returns to the pool and the hex falls',
    default: false,
    group: 'garrison',
  },
  {
    id: V.breakoutPoolDraws,
    rule: 'SCS 8.6',
    description: 'breakout force: 1d6-1 per pocket hex, taken first from the counters in the pocket, the rest drawn from the pool',
    default: true,
    group: 'breakout',
  },
  {
    id: V.breakoutPocketOnly,
    rule: 'SCS 8.6',
    description: 'breakout force: 1d6-1 per pocket hex, but only from the counters already in the pocket ("from among those in the pocket")',
    default: false,
    group: 'breakout',
  },
  {
    id: V.shockDoubleSix,
    rule: 'SCS 10.1 step 1 (Rampage optional rule)',
    description: 'an unmodified 6 in a shock army\'s primary fire scores two hits',
    default: false,
  },
  {
    id: V.reliefIgnoresSupport,
    rule: 'SCS 8.5, 8.6, 10.5',
    description: 'support markers drawn into a relief or breakout force give no DRM (they still count as drawn and go to the next turn box)',
    default: false,
  },
];
