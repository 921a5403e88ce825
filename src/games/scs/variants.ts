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
  mutualWipeoutGermanHold: 'mutual-wipeout-german-hold',
  mutualWipeoutSovietWin: 'mutual-wipeout-soviet-win',
  heldAsRelief: 'held-as-relief',
  heldAsDefense: 'held-as-defense',
  reliefSpendsPrimary: 'relief-spends-primary',
  reliefKeepsPrimary: 'relief-keeps-primary',
  pocketFallsWhole: 'pocket-falls-whole',
  pocketFortifiedOnly: 'pocket-fortified-only',
  fourthShockWaits: '4s-waits',
  fourthShockLost: '4s-lost',
  hostAnywhere: '1e-host-anywhere',
  hostAdjacent: '1e-host-adjacent',
  poolEmptyAtOnce: 'pool-empty-at-once',
  poolEmptyOnDraw: 'pool-empty-on-draw',
  reliefEndsWithMf: 'relief-ends-with-mf',
  reliefToTheDeath: 'relief-to-the-death',
} as const;

/**
 * The variants that can change play only under a narrower condition (VariantDef.actsWhen): the
 * condition, found where the variant-activity search (tests/variants-activity.test.ts) never saw them act.
 */
const ACTS_WHEN: Readonly<Record<string, string>> = {
  [V.errataEitherOrBoth]: 'a German battle has both VIII Fliegerkorps and Guderian in support',
  [V.mutualWipeoutSovietWin]: 'both forces of a battle are wiped out in the same round',
  [V.reliefKeepsPrimary]: 'a shock army fights a relief battle and then a regular attack in the same turn',
  [V.fourthShockLost]: 'no 4S entry hex is free of other armies in Phase II of turn 3',
  [V.hostAdjacent]: '1E changes host in Phase IV to an army not adjacent to its host',
};

const listed: readonly VariantDef[] = [
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
    description:
      'CRT errata read literally: "VIII Fliegerkorps and/or Guderian" give +1 in total, even when both support',
    default: false,
    group: 'viii-guderian',
  },
  {
    id: V.markerPlusGarrison,
    rule: 'SCS 3.7, 8.3',
    description:
      'the flipped front marker defends in addition to the 1d6-1 drawn units ("the rest of the defending force")',
    default: true,
    group: 'garrison',
  },
  {
    id: V.markerInGarrison,
    rule: 'SCS 3.7, 8.3',
    description:
      'the flipped marker counts as one of the 1d6-1 (relief: 1d6) defenders; on a 0 the marker returns to the pool and the hex falls',
    default: false,
    group: 'garrison',
  },
  {
    id: V.breakoutPoolDraws,
    rule: 'SCS 8.6',
    description:
      'breakout force: 1d6-1 per pocket hex, taken first from the counters in the pocket, the rest drawn from the pool',
    default: true,
    group: 'breakout',
  },
  {
    id: V.breakoutPocketOnly,
    rule: 'SCS 8.6',
    description:
      'breakout force: 1d6-1 per pocket hex, but only from the counters already in the pocket ("from among those in the pocket")',
    default: false,
    group: 'breakout',
  },
  {
    id: V.shockDoubleSix,
    rule: 'SCS 10.1 step 1 (Rampage optional rule)',
    description: "an unmodified 6 in a shock army's primary fire scores two hits",
    default: false,
  },
  {
    id: V.reliefIgnoresSupport,
    rule: 'SCS 8.5, 8.6, 10.5',
    description:
      'support markers drawn into a relief or breakout force give no DRM (they still count as drawn and go to the next turn box)',
    default: false,
  },
  {
    id: V.mutualWipeoutGermanHold,
    rule: 'SCS 10.1 steps 8-9, 3.7',
    description:
      'both forces wiped out in the same round (the VI IC firing last): no Soviet force is left to take the hex, so the battle is lost and the hex is re-marked',
    default: true,
    group: 'mutual-wipeout',
  },
  {
    id: V.mutualWipeoutSovietWin,
    rule: 'SCS 10.1 steps 8-9, 3.7',
    description:
      'both forces wiped out in the same round: step 8 (all Germans eliminated = battle won) is checked before step 9, so the hex turns Soviet (a relief win still faces the breakout)',
    default: false,
    group: 'mutual-wipeout',
  },
  {
    id: V.heldAsRelief,
    rule: 'SCS 8.9, 8.4-8.5, 10.2',
    description:
      'units that held a hex, when it is entered again under a pocket threat, are the relief force ("don\'t roll up a new relief or defense force"): +1, shock armies on their secondary column',
    default: true,
    group: 'held-pocket-threat',
  },
  {
    id: V.heldAsDefense,
    rule: 'SCS 8.9, 8.4-8.5, 10.2',
    description:
      'units that held a hex fight as the regular defence they were (no +1, shock primary fire allowed) even when the entry now threatens a pocket; the breakout still follows a Soviet win',
    default: false,
    group: 'held-pocket-threat',
  },
  {
    id: V.reliefSpendsPrimary,
    rule: 'SCS 10.1 step 1, 10.2',
    description:
      "a relief battle is the shock army's first attack of the turn: it fires on the secondary column (10.2) and has no primary fire left for later attacks that turn",
    default: true,
    group: 'relief-primary',
  },
  {
    id: V.reliefKeepsPrimary,
    rule: 'SCS 10.1 step 1, 10.2',
    description:
      "a relief battle is a German attack (10.2), not the shock army's attack: its primary fire stays available for its first regular attack that turn",
    default: false,
    group: 'relief-primary',
  },
  {
    id: V.pocketFallsWhole,
    rule: 'SCS 8.8, 10.13',
    description: 'after a failed breakout the bottleneck hex and every hex of the pocket turn Soviet',
    default: true,
    group: 'pocket-fall',
  },
  {
    id: V.pocketFortifiedOnly,
    rule: 'SCS 8.8, 10.13',
    description:
      'after a failed breakout only the bottleneck hex and the fortified localities in the pocket (10.13) turn Soviet; the emptied pocket hexes stay German and are re-marked by blind draws (3.7)',
    default: false,
    group: 'pocket-fall',
  },
  {
    id: V.fourthShockWaits,
    rule: 'SCS 7.2, 6.2',
    description: 'when no entry hex is free of other armies, 4S waits and tries again in the next Phase II',
    default: true,
    group: '4s-entry',
  },
  {
    id: V.fourthShockLost,
    rule: 'SCS 7.2, 6.2',
    description:
      'when no entry hex is free of other armies on turn 3, 4S never enters ("enters play during Phase II of Turn 3")',
    default: false,
    group: '4s-entry',
  },
  {
    id: V.hostAnywhere,
    rule: 'SCS 6.3',
    description: "in Phase IV, 1E may change to any living army's hex anywhere on the map",
    default: true,
    group: '1e-host',
  },
  {
    id: V.hostAdjacent,
    rule: 'SCS 6.3, 9.7',
    description:
      '1E has no movement of its own: in Phase IV it may only change to an army in a hex adjacent to its host',
    default: false,
    group: '1e-host',
  },
  {
    id: V.poolEmptyAtOnce,
    rule: 'SCS 4.8',
    description:
      'sudden death the moment the last counter leaves the force pool (draw, breakout or re-marking)',
    default: true,
    group: 'sudden-death-moment',
  },
  {
    id: V.poolEmptyOnDraw,
    rule: 'SCS 4.8',
    description:
      'the pool is "found" empty only when a counter must be drawn from it and none is left; counters returning first (Phase I, 8.7, 8.9) keep the game going',
    default: false,
    group: 'sudden-death-moment',
  },
  {
    id: V.reliefEndsWithMf,
    rule: 'SCS 10.2, 10.1 step 10, 9.3, 9.6',
    description:
      'a relief battle goes on round after round while the Soviet force pays 1 MF a round (9.3); out of MF, the battle is lost (9.6). Default: 10.2 sends its round-by-round choice to "sequence 10", whose next round is "assuming enough MPs remain", so "always continue" describes the German side, which never withdraws',
    default: true,
    group: 'relief-duration',
  },
  {
    id: V.reliefToTheDeath,
    rule: 'SCS 10.2',
    description:
      'a relief battle continues "until it, or the Soviet force against which it\'s engaged, is entirely eliminated": rounds cost 1 MF while the force has any (9.3), then go on free; the Soviet player may still break off after each round (10.1 step 10)',
    default: false,
    group: 'relief-duration',
  },
];

export const variants: readonly VariantDef[] = listed.map((x) =>
  ACTS_WHEN[x.id] === undefined ? x : { ...x, actsWhen: ACTS_WHEN[x.id]! },
);
