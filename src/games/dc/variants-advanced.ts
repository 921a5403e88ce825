/** The readings of the Advanced level (DC 2.A.2) and of the breakthrough, HQ and off-map box silences; variants.ts lists them all. */
import type { VariantDef } from '../../core/game.js';

/** The Advanced-level scenarios (DC 2.A.2): the only ones with HQs, Soviet air, composites and paratroops. */
const ADVANCED = ['adv-tournament', 'adv-tournament-campaign', 'adv-campaign'] as const;
/** The Campaign version (DC 2.B.3): the only one with the "on the map" victory conditions. */
const CAMPAIGN = ['intro-campaign', 'adv-campaign'] as const;

export const ADVANCED_READINGS: readonly VariantDef[] = [
  // Advanced level (DC 2.A.2; no effect in the Introductory scenarios, which have none of these units)
  {
    id: 'hq-min',
    scenarios: ADVANCED,
    group: 'hq-support',
    rule: 'DC 13.B.7',
    default: true,
    description:
      'A German HQ adds +1 per supported ground unit, up to its FF ("supports up to its fire factor in ground units"; default: the reading that makes the FF a count of units, as the sentence says).',
  },
  {
    id: 'hq-flat',
    scenarios: ADVANCED,
    group: 'hq-support',
    rule: 'DC 13.B.7',
    default: false,
    description: 'A German HQ (and STAVKA) adds its whole FF to a stack with at least one unit it supports.',
  },
  {
    id: 'hq-any-ground',
    scenarios: ADVANCED,
    group: 'hq-scope',
    rule: 'DC 13.B.7',
    default: true,
    description:
      'Any HQ supports any ground units (default: 13.B.7 says "ground units" for every German HQ).',
  },
  {
    id: 'pzhq-armour-only',
    scenarios: ADVANCED,
    group: 'hq-scope',
    rule: 'DC 13.B.7',
    default: false,
    description: 'A Panzer HQ supports armour units only, in attack (the sub-switch of spec V-hq-support).',
  },
  {
    id: 'hq-multiplied',
    scenarios: ADVANCED,
    group: 'air-hq-order',
    rule: 'DC 13.B.7, 13.A.4',
    default: true,
    description:
      'HQ support counts as part of the German combat value and is multiplied by German air (default: 13.A.4 multiplies "all attacking German units in supply", and an HQ is one).',
  },
  {
    id: 'hq-added-after',
    scenarios: ADVANCED,
    group: 'air-hq-order',
    rule: 'DC 13.B.7, 13.A.4',
    default: false,
    description: 'HQ support is added after the German air multiplier.',
  },
  {
    id: 'pzhq-not-armour',
    scenarios: ADVANCED,
    group: 'armour-cap',
    rule: 'DC 12.B, 14.A',
    default: true,
    description:
      "Panzer HQs do not count against a line's armour limit (default: 12.B lists them only as 1/2-value units, never as armour).",
  },
  {
    id: 'pzhq-armour',
    scenarios: ADVANCED,
    group: 'armour-cap',
    rule: 'DC 12.B, 14.B.5',
    default: false,
    description:
      'Panzer HQs are armour units ("armour HQs", 14.B.5): they count against the armour limit and are grounded like armour.',
  },
  {
    id: 'axis-cav-allies',
    group: 'axis-cav-bt',
    rule: 'DC 1.B note, 14.A',
    default: true,
    description:
      'Axis-allied cavalry breaks through (14.A lists "cavalry corps"), the German Cavalry Corps does not (default: 1.B treats it "in all ways like infantry", the more specific rule).',
  },
  {
    id: 'axis-cav-none',
    group: 'axis-cav-bt',
    rule: 'DC 1.B note, 14.A',
    default: false,
    description:
      'No Axis cavalry breaks through (14.A read as the German Cavalry Corps only, which 1.B makes infantry).',
  },
  {
    id: 'axis-cav-all',
    scenarios: ADVANCED,
    group: 'axis-cav-bt',
    rule: 'DC 14.A',
    default: false,
    description:
      'Every Axis cavalry corps breaks through, the German Cavalry Corps included (14.A over the 1.B note).',
  },
  {
    id: 'paratroops-off',
    scenarios: ADVANCED,
    group: 'paratroops',
    rule: 'DC 21',
    default: true,
    description:
      'The optional Soviet parachute rule is not used (default: the rules call it optional, a balance aid).',
  },
  {
    id: 'paratroops-on',
    scenarios: ADVANCED,
    group: 'paratroops',
    rule: 'DC 21, 8.C.3.f',
    default: false,
    description:
      'Optional rule 21: five parachute corps at start (21.F), more converted from rifle armies (8.C.3.f) in the Soviet R/R Phase, and parachute corps may air-drop with an air escort after the Soviet operational moves (21.B-E, D-17 para-drop: 1/2/3/5 units a turn in 1941/42/43/44-45, not in Mud; a free shot before normal combat; lost with their escort or on breaking off).',
  },
  {
    id: 'para-one-army',
    scenarios: ADVANCED,
    group: 'para-build',
    rule: 'DC 8.C.3.f',
    default: true,
    description:
      'A parachute corps is converted in place from one rifle army (default: 8.C.3.f is the composites section, the more specific rule); only with paratroops-on.',
  },
  {
    id: 'para-two-armies',
    scenarios: ADVANCED,
    group: 'para-build',
    rule: 'DC 21.F',
    default: false,
    description: 'A parachute corps is a composite of two rifle armies (21.F); only with paratroops-on.',
  },
  {
    id: 'escort-per-target',
    scenarios: ADVANCED,
    group: 'para-escort',
    rule: 'DC 21.B.1, 21.B.3',
    default: true,
    description:
      'Parachute units dropping from the same point onto the same target are one drop and share one air escort (default: 21.B.3 "one fighter unit per drop (not per parachute unit)"); the escort is the lowest-index unmoved air unit there. Only with paratroops-on.',
  },
  {
    id: 'escort-per-unit',
    scenarios: ADVANCED,
    group: 'para-escort',
    rule: 'DC 21.B.1, 21.B.3',
    default: false,
    description:
      'Each dropping parachute unit is its own drop and needs its own air escort ("a drop" read as one unit\'s drop, the unit of the 21.B.2 limit). Only with paratroops-on.',
  },
  {
    id: 'escort-joins-attack',
    scenarios: ADVANCED,
    group: 'escort-attack',
    rule: 'DC 21.B.1, 21.B.3, 13.A.1',
    default: true,
    description:
      'On an Axis-held point the escort joins the attack: it fights the air combat over the point, adds its +1, and its paratroops die if it is shot down (default: 21.B.3 makes their survival depend on the fighters surviving air combat, which is fought over the point). Only with paratroops-on.',
  },
  {
    id: 'escort-stays',
    scenarios: ADVANCED,
    group: 'escort-attack',
    rule: 'DC 21.B.1',
    default: false,
    description:
      'The escort is a condition of the drop only: it stays on its point of origin, is not in the battle, and the paratroops always land. Only with paratroops-on.',
  },
  {
    id: 'shot-infantry-only',
    scenarios: ADVANCED,
    group: 'para-shot',
    rule: 'DC 21.B.4',
    default: true,
    description:
      'The free shot\'s losses are taken by Axis infantry-type units only (default: "fire offensively on any Axis infantry type units on the point"); none there, no shot. Only with paratroops-on.',
  },
  {
    id: 'shot-any-defender',
    scenarios: ADVANCED,
    group: 'para-shot',
    rule: 'DC 21.B.4',
    default: false,
    description:
      'The free shot needs an Axis infantry-type unit on the point, but the Axis takes its losses from any of its units there. Only with paratroops-on.',
  },
  {
    id: 'para-lost-any-retreat',
    scenarios: ADVANCED,
    group: 'para-break-off',
    rule: 'DC 21.C',
    default: true,
    description:
      'Dropped paratroops are eliminated whenever their attack ends with the Soviet attackers retreating, broken off by choice or because they can no longer fire (default: the dropped units have no line back, and every attacker retreat ends an attack). Only with paratroops-on.',
  },
  {
    id: 'para-lost-chosen-break-off',
    scenarios: ADVANCED,
    group: 'para-break-off',
    rule: 'DC 21.C',
    default: false,
    description:
      'Dropped paratroops are eliminated only when the Soviet player chooses to break off ("Should the Soviet player break off"); an attack that ends because it cannot fire takes them back to their point. Only with paratroops-on.',
  },
  {
    id: 'air-alone-retreats',
    scenarios: ADVANCED,
    group: 'sov-air-overrun',
    rule: 'DC 13.A.3, 13.B.4.a',
    default: true,
    description:
      'Soviet air alone on a point the Axis attacks retreats by 13.B.4 before any combat, and is eliminated only if it cannot (default: RULES-CHECKLIST R-202, inferred from 13.A.3, which forbids air to defend alone).',
  },
  {
    id: 'air-alone-eliminated',
    scenarios: ADVANCED,
    group: 'sov-air-overrun',
    rule: 'DC 13.A.3',
    default: false,
    description: 'Soviet air alone on a point the Axis attacks is eliminated there, without combat.',
  },
  {
    id: 'sov-air-fires-with-dispersed-ground',
    scenarios: ADVANCED,
    group: 'sov-air-alone',
    rule: 'DC 13.A.3',
    default: true,
    description:
      'Soviet air adds +1 to attacking fire with Soviet ground units present, dispersed or not (default: the text says "present").',
  },
  {
    id: 'sov-air-needs-undispersed-ground',
    scenarios: ADVANCED,
    group: 'sov-air-alone',
    rule: 'DC 13.A.3',
    default: false,
    description: 'Soviet air adds to fire only with an undispersed Soviet ground unit in the battle.',
  },
  {
    id: 'air-never-absorbs',
    scenarios: ADVANCED,
    group: 'sov-air-absorb',
    rule: 'DC 13.A.3, 17.B',
    default: true,
    description:
      'Soviet air never absorbs a loss, isolated or not (default: 13.A.3 "may not absorb losses" is the air rule itself; 17.B\'s "They may absorb repulses or breakthroughs" follows a sentence about artillery, rocket and air and is read as a reminder for artillery and rockets).',
  },
  {
    id: 'air-absorbs-if-isolated',
    scenarios: ADVANCED,
    group: 'sov-air-absorb',
    rule: 'DC 17.B',
    default: false,
    description:
      'An isolated Soviet air unit (judged at the moment of combat) may absorb a loss like the isolated artillery and rockets of 17.B ("They may absorb repulses or breakthroughs", read to include air).',
  },
  // silences of the breakthrough and HQ rules the engine had taken one reading of (named here, defaults = that reading)
  {
    id: 'hw-bt-both-empty',
    group: 'hw-bt-unopposed',
    rule: 'DC 14.B.6, 12.D',
    default: true,
    description:
      'The breakthrough highway double step is made only "unopposed": neither highway point holds an enemy unit, so it never ends in a breakthrough assault (default: 14.B.6 is the breakthrough rule and says "unopposed"; the reading the engine has always played).',
  },
  {
    id: 'hw-bt-first-empty',
    group: 'hw-bt-unopposed',
    rule: 'DC 12.D, 14.B.6',
    default: false,
    description:
      'The breakthrough double step follows 12.D alone: only the first point may hold no enemy unit; onto an enemy-held second point it is a breakthrough assault there (the first point taken on the way).',
  },
  {
    id: 'hw-bt-no-escort',
    group: 'hw-bt-air',
    rule: 'DC 13.A.4, 14.B.4',
    default: true,
    description:
      'German air cannot accompany a breakthrough highway double step (default: 13.A.4 "a German air unit can only move with one group of German units up one line segment", and the double step is two).',
  },
  {
    id: 'hw-bt-escort',
    group: 'hw-bt-air',
    rule: 'DC 14.B.4, 12.D',
    default: false,
    description:
      'German air present in the regular combat may accompany a breakthrough highway double step like a one-line move (D-29), to the point where it ends (not into an assault under hw-bt-first-empty: an escort multiplies the units from its own point, 14.B.4, and the group fights from the first highway point).',
  },
  {
    id: 'hq-fallback-best',
    scenarios: ADVANCED,
    group: 'hq-fallback',
    rule: 'DC 13.B.7',
    default: true,
    description:
      'When the HQ the attacker chose at D-22 can no longer support (eliminated or dispersed), the stack uses its best remaining HQ (default: "each stack attacking may use one HQ" limits the number, not which; the reading the engine has always played).',
  },
  {
    id: 'hq-fallback-none',
    scenarios: ADVANCED,
    group: 'hq-fallback',
    rule: 'DC 13.B.7',
    default: false,
    description:
      'The D-22 choice stands for the whole battle: once the chosen HQ can no longer support, no other HQ supports the attacking stack.',
  },
  // silences of 9.A about the off-map boxes (Siberia, the west box) the engine had taken one reading of
  {
    id: 'box-cap-each',
    group: 'box-cap',
    rule: 'DC 9.A',
    default: true,
    description:
      'A strategic move into the off-map box and a later strategic re-entry from it each take one unit of the strategic allowance (default: each is a unit moving strategically in that phase, and 9.A counts "All units of any size ... 1 each"; the reading the engine has played since the box was added).',
  },
  {
    id: 'box-cap-once',
    group: 'box-cap',
    rule: 'DC 9.A',
    default: false,
    description:
      'The strategic re-entry completes the move paid for when the unit left the map ("remain in Siberia and re-enter on a following turn"): it takes no strategic allowance, and is offered even when the allowance is spent.',
  },
  {
    id: 'box-arrivals-free',
    group: 'box-arrivals',
    rule: 'DC 9.A.3',
    default: true,
    description:
      'Any number of units may end a strategic move in the off-map box (default: 9.A.3 limits arrivals "on a single point", and the box is not a point).',
  },
  {
    id: 'box-arrivals-3',
    group: 'box-arrivals',
    rule: 'DC 9.A.3',
    default: false,
    description:
      'The box is a destination like a point: at most 3 units end a strategic move in it per phase.',
  },
  {
    id: 'box-off-map',
    scenarios: CAMPAIGN,
    group: 'box-on-map',
    rule: 'DC 9.A, 2.B.3.a.i, 2.B.3.b.i',
    default: true,
    description:
      'A unit held in the off-map box is not on the map: no Soviet unit on the map (2.B.3.a.i) and every German unit on the map eliminated (2.B.3.b.i) ignore the units in Siberia and the west box (default: the words "on the map").',
  },
  {
    id: 'box-in-play',
    scenarios: CAMPAIGN,
    group: 'box-on-map',
    rule: 'DC 9.A, 2.B.3.a.i, 2.B.3.b.i',
    default: false,
    description:
      'A unit held in the off-map box is still in play (it may re-enter at any time): it counts as a unit on the map for 2.B.3.a.i and as a German unit not eliminated for 2.B.3.b.i.',
  },
  {
    id: 'hun-box-barred',
    group: 'hun-box',
    rule: 'DC 5.D, 9.A',
    default: true,
    description:
      'A Hungarian army held in Hungary (5.D) may not move into the west off-map box (default: the box lies outside Hungary, which 5.D forbids it to leave).',
  },
  {
    id: 'hun-box-allowed',
    group: 'hun-box',
    rule: 'DC 5.D, 9.A',
    default: false,
    description:
      '5.D limits the points a held Hungarian army may enter, and the box is no point: it may move strategically into the west box from Cluj (a west-edge point of Hungary), and from the box it re-enters (strategically or operationally) only onto Hungarian points until 5.D frees it.',
  },
];
