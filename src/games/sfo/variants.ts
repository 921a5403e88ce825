/** The named readings of the SFO rules (docs/architecture.md "Variants and parameters"): errata, chart against text, optional rules. */
import type { VariantDef } from '../../core/game.js';

/** Expert-only variants have no effect on the Basic and Advanced scenarios. */
const EXPERT_ONLY = 'Expert only (no effect at Basic/Advanced).';

export const variants: readonly VariantDef[] = [
  {
    id: 'crt-unified',
    group: 'crt',
    rule: 'SFO 9, Table 2',
    default: true,
    description:
      'Basic uses the unified Table 2 indexed by number of attackers (the rules text prescribes it).',
  },
  {
    id: 'crt-chart-basic',
    group: 'crt',
    rule: 'SFO 9, chart sheet',
    default: false,
    description:
      'Basic uses the chart sheet\'s non-unified "# Attackers" table (rows 1-2 reconstructed; Fig. 12 fits no column of it, only Table 2\'s 4 attackers / +3). Advanced always uses Table 2.',
  },
  {
    id: 'elim-all',
    group: 'elimination',
    rule: 'SFO 9',
    default: true,
    description: 'AE/DE eliminate all participating attackers/defenders (rules text).',
  },
  {
    id: 'elim-one',
    group: 'elimination',
    rule: 'SFO 9, chart legend',
    default: false,
    description:
      'AE = attacker eliminates one unit and the rest retreat; DE = defender eliminates one and the rest retreat (chart legend "E1 & AR/DR").',
  },
  {
    id: 'one-attack-per-hex',
    rule: 'SFO 9',
    default: false,
    description:
      'A defending hex may be attacked at most once per combat phase (the rules do not say; by default it may be attacked again by other units).',
  },
  {
    id: 'zoc-strict',
    group: 'zoc',
    rule: 'SFO 8.3',
    default: true,
    description:
      'A unit that begins its move in enemy ZOC may not enter any enemy ZOC during that move, "including the enemy ZOC just disengaged from" (the rules text, read literally; the default).',
  },
  {
    id: 'zoc-direct-step',
    group: 'zoc',
    rule: 'SFO 8.3',
    default: false,
    description:
      'Only the direct step from enemy ZOC to enemy ZOC is barred ("units may not move from enemy ZOC to enemy ZOC" read as one step): a unit that leaves enemy ZOC through a free hex may re-engage the same move.',
  },
  {
    id: 'night',
    rule: 'SFO 5, 8, 9 (Optional: Night)',
    default: false,
    description: `Turn 4 is night: a unit may move or attack, not both (a unit that moves is flipped and cannot attack). ${EXPERT_ONLY}`,
  },
  {
    id: 'guards',
    rule: 'SFO 7 (Optional: Guards)',
    default: false,
    description: `Soviet guards: the Soviets roll two random events each turn and choose one. ${EXPERT_ONLY}`,
  },
  {
    id: 'hardened-nato',
    rule: 'SFO 13 (Optional: Hardened NATO forces)',
    default: false,
    description: `The US rolls two random events each turn and chooses one (printed for the Counter Offensive; allowed in every Expert scenario). ${EXPERT_ONLY}`,
  },
  {
    id: 'armour-in-open',
    rule: 'SFO 8.3, 9.2, 9.3 (Optional: Armour in the open)',
    default: false,
    description: `Tanks may infiltrate (one clear hex from enemy ZOC to enemy ZOC, all MP); a tank attack on a clear hex that makes the defenders retreat is a breakthrough (two-hex retreat, friendly units in the hex retreated into retreat too) and allows exploitation (the advancing tank may go one more hex, then a second attacker advances). ${EXPERT_ONLY}`,
  },
  {
    id: 'six-turns',
    rule: 'SFO 5, 10 (Optional: 6 turns)',
    default: false,
    description: `The Standard scenario lasts 6 turns instead of 4 (Engagement and Counter Offensive already last 6). ${EXPERT_ONLY}`,
  },
  {
    id: 'standard-vp',
    rule: 'SFO 11 (Optional: Victory points)',
    default: false,
    description: `The Standard scenario is decided on victory points (Table 3) instead of the two-town condition. ${EXPERT_ONLY}`,
  },
  {
    id: 'events-bag',
    rule: 'SFO 7',
    default: false,
    description: `Random events are chits drawn from a bag (a used reinforcement chit leaves the bag, so the other events get likelier) instead of two dice on the 12-cell table (a used reinforcement cell becomes As planned). ${EXPERT_ONLY}`,
  },
];
