/** The readings of the rules of play the Introductory game already has (the strategic options and pre-game, DC 3-9, 12-20); variants.ts lists them all. */
import type { VariantDef } from '../../core/game.js';

export const OPTION_READINGS: readonly VariantDef[] = [
  // DC 3.A, 3.B, 18: strategic options and the pre-game
  {
    id: 'start-june',
    group: 'start',
    rule: 'DC 2.B.1, 3.A',
    default: true,
    description: 'The game starts in June 1941 (default: the standard start; May is an Axis option).',
  },
  {
    id: 'start-may',
    group: 'start',
    rule: 'DC 3.A',
    default: false,
    description:
      'The Axis early start in May 1941: per-point mud rolls for May assaults, extra units dispersed, Axis 1941 reinforcements one turn early, 3 German air units.',
  },
  {
    id: 'start-policy',
    group: 'start',
    rule: 'DC 3.A',
    default: false,
    description: 'The Axis policy chooses the start month before the game (D-1 start-month).',
  },
  {
    id: 'setup-fixed',
    group: 'free-setup',
    rule: 'DC 4.A, 3.B',
    default: true,
    description:
      'Both sides use the set-up chart (default: free set-up is an option either player may take).',
  },
  {
    id: 'setup-free',
    group: 'free-setup',
    rule: 'DC 3.B',
    default: false,
    description:
      'Free set-up in force: German units anywhere west of the border outside Hungary (Memel at most 3 infantry corps), allies in their own countries, Soviet western-border units among the border points and Lepaya (D-4 setup-place).',
  },
  {
    id: 'setup-policy',
    group: 'free-setup',
    rule: 'DC 3.B',
    default: false,
    description:
      'The Soviet policy, then the Axis policy, choose fixed or free set-up (D-2, D-3 free-setup).',
  },
  {
    id: 'pregame-fort-eligible',
    group: 'pregame-fort',
    rule: 'DC 18',
    default: true,
    description:
      'Pre-game fortification is tried by the Soviet border units of the types that may fortify (default: 18 gives fortification to those types only).',
  },
  {
    id: 'pregame-fort-all',
    group: 'pregame-fort',
    rule: 'DC 18',
    default: false,
    description: 'Every Soviet unit on a border point tries, tank corps included.',
  },
  {
    id: 'may-mud-axis-attacks',
    group: 'may-mud-sides',
    rule: 'DC 3.A',
    default: true,
    description:
      'In May 1941 the Axis rolls for each point it assaults (default: 3.A names the Axis player and "each point under assault" in his turn).',
  },
  {
    id: 'may-mud-all-assaults',
    group: 'may-mud-sides',
    rule: 'DC 3.A',
    default: false,
    description: 'Soviet assaults in May 1941 are rolled for as well.',
  },
  {
    id: 'may-air-anywhere',
    group: 'may-air',
    rule: 'DC 3.A, 7.A note e',
    default: true,
    description:
      'The 3 German air units of May 1941 may support assaults at Mud-rolled points too (default: 3.A makes the mud roll a ground-weather rule and 7.A gives the air units without a weather condition).',
  },
  {
    id: 'may-air-good-points-only',
    group: 'may-air',
    rule: 'DC 3.A, 7.A note e',
    default: false,
    description: 'German air may support May 1941 assaults only at points rolled Good.',
  },
  {
    id: 'sib-call-from-turn-2',
    group: 'sib-first-call',
    rule: 'DC 3.C.3',
    default: true,
    description:
      'The earliest Siberian call is in the second game turn (default: the printed example calls July 1941 "the first turn possible" in a June game).',
  },
  {
    id: 'sib-call-from-turn-1',
    group: 'sib-first-call',
    rule: 'DC 3.C.3',
    default: false,
    description: 'The reserve may be called in the first game turn ("any turn before December 1941").',
  },
  {
    id: 'sib-comp-named',
    group: 'sib-comp',
    rule: 'DC 3.C.2',
    default: true,
    description:
      'The Siberian Reserve may form the three composites DC 3.C.2 names: Shock armies, cavalry-mechanized groups and (optional rule 21) parachute corps (default: the list read as the whole of "this way").',
  },
  {
    id: 'sib-comp-any',
    group: 'sib-comp',
    rule: 'DC 3.C.2',
    default: false,
    description:
      'Any composite of 8.C.3 allowed that month may be formed from the reserve (the three named read as examples): Guards infantry armies from 1942, tank armies from June 1942.',
  },
  {
    id: 'gta-numbered',
    group: 'gta-number',
    rule: 'DC 8.C.3.e',
    default: true,
    description:
      'Tank army and Guards tank army counters are numbered 1..their counter mix (the k-th counter of each is number k; the data gives no numbers), each composite takes the lowest number allowed, and a tank army and a Guards tank army with the same number may not both be on the map (default: the printed rule, with the counter mix as the numbering).',
  },
  {
    id: 'gta-unnumbered',
    group: 'gta-number',
    rule: 'DC 8.C.3.e',
    default: false,
    description: 'Counters unnumbered: the same-number rule is not applied (the earlier reading).',
  },
  {
    id: 'crisis-pace-total',
    group: 'crisis-pace',
    rule: 'DC 3.C.3.c',
    default: true,
    description:
      'At least a third of the whole commitment, of any types still owed, on the first crisis turn, more at will on the second, the rest on the third; composites count as their components (default: the printed words "at least 6 units the first turn" and "Units of whatever type may be sent on each turn").',
  },
  {
    id: 'crisis-pace-type',
    group: 'crisis-pace',
    rule: 'DC 3.C.3.c',
    default: false,
    description:
      "By the end of crisis turn k at least ceil(k/3) of each type's total, basic units only (the earlier reading: the third applied type by type).",
  },
  {
    id: 'hun-one-then-other',
    group: 'hun-release',
    rule: 'DC 5.D',
    default: true,
    description:
      'One Hungarian army may leave Hungary in June 1942 and the other from July 1942 (default: "until June 1942" bounds the restriction).',
  },
  {
    id: 'hun-one-ever',
    group: 'hun-release',
    rule: 'DC 5.D',
    default: false,
    description:
      'Only one Hungarian army may ever leave Hungary, unless the Soviets invade Hungary or attack a Hungarian army.',
  },
  {
    id: 'mutual-draw-off',
    group: 'mutual-draw',
    rule: 'DC 2.B.1.c',
    default: true,
    description:
      'No draw by mutual agreement is asked (default: an agreement between players is outside what a simulation of the rules measures).',
  },
  {
    id: 'mutual-draw-on',
    group: 'mutual-draw',
    rule: 'DC 2.B.1.c',
    default: false,
    description:
      'At each victory-determination phase the phasing player may propose a draw and the other may accept (D-40).',
  },
  {
    id: 'allout-before-first-die',
    group: 'allout-timing',
    rule: 'DC 13.B.8',
    default: true,
    description:
      '"Before throwing a die in the first round": the attacker declares before the defender\'s first fire, so all-out units may absorb repulses but then cannot fire (default: the first die of the round is the defender\'s).',
  },
  {
    id: 'allout-before-own-die',
    group: 'allout-timing',
    rule: 'DC 13.B.8',
    default: false,
    description:
      "In normal combat the attacker declares all-out units before his own first die, after the defender's first fire.",
  },
  {
    id: 'defection-removed',
    group: 'defection',
    rule: 'DC 8.B',
    default: true,
    description:
      'An ally whose capital the Soviets take goes home and leaves play (default: "must return to their home country ... and remain" takes them out of the fighting; nothing says they fight for the Soviets).',
  },
  {
    id: 'defection-soviet',
    group: 'defection',
    rule: 'DC 8.B',
    default: false,
    description:
      '"Become Soviet controlled": the defecting ally holds its home country for the Soviets — its points without Axis units pass to Soviet control.',
  },
  {
    id: 'sea-counts',
    group: 'sea-cap',
    rule: 'DC 9.A-B',
    default: true,
    description:
      'A sea move uses one unit of the strategic allowance (default: 9.A limits "the number of units it may move" in the strategic phase, which includes sea moves).',
  },
  {
    id: 'sea-free',
    group: 'sea-cap',
    rule: 'DC 9.B',
    default: false,
    description: 'Sea moves are limited only by one unit per sea per turn, not by the strategic allowance.',
  },
  {
    id: 'repl-strat-forbidden',
    group: 'repl-strat',
    rule: 'DC 9.A, 15.A.1',
    default: true,
    description:
      'Replacements enter dispersed and so cannot move strategically that turn (default: 9.A and 15.A.1 require undispersed units, explicit where 8.A is silent; the data reconstruction took the other reading as its default, and this build keeps the play of its earlier sessions).',
  },
  {
    id: 'repl-strat-allowed',
    group: 'repl-strat',
    rule: 'DC 8.A, 8.A.2.c',
    default: false,
    description: 'Replacements may move strategically in the turn they arrive, though dispersed.',
  },
  {
    id: 'azov-both-ports',
    group: 'azov',
    rule: 'DC 20',
    default: true,
    description:
      'A side controls the Sea of Azov only while holding Sevastopol and Rostov (default: the map marks both as Azov ports).',
  },
  {
    id: 'azov-sevastopol',
    group: 'azov',
    rule: 'DC 20',
    default: false,
    description: 'The Sea of Azov goes with Sevastopol alone, like the Black Sea.',
  },
  {
    id: 'kerch-port-strait',
    group: 'kerch-port',
    rule: 'DC 9.B',
    default: true,
    description:
      'A sea move between Kerch and an Azov port (Rostov, Mariupol) passes the Kerch Straits and needs both of their sides held (default: Kerch lies on the straits, so such a move uses them; the stricter reading).',
  },
  {
    id: 'kerch-port-both',
    group: 'kerch-port',
    rule: 'DC 9.B',
    default: false,
    description:
      'Kerch, marked on both seas, reaches the Azov ports and the Black Sea ports alike without crossing the straits; only moves between an Azov-only and a Black-Sea-only port need both sides held.',
  },
  {
    id: 'second-point-german',
    group: 'second-point',
    rule: 'DC 12.0, 6.B.3',
    default: true,
    description:
      'Only German breakthrough units take the unopposed second point in operational movement; Soviet units that occupied an empty point break through in 4c (default: 12.0 and 6.B.3 name the Germans).',
  },
  {
    id: 'second-point-all',
    group: 'second-point',
    rule: 'DC 14.A',
    default: false,
    description: 'Breakthrough units of either side take the second point "immediately" (14.A).',
  },
  {
    id: 'ger-repl-warsaw',
    group: 'ger-repl-entry',
    rule: 'DC 8.A.1.a',
    default: true,
    description: 'Rebuilt German units enter at Warsaw (default: 8.A.1.a names it, the more specific rule).',
  },
  {
    id: 'ger-repl-any',
    group: 'ger-repl-entry',
    rule: 'DC 8.B',
    default: false,
    description:
      'Rebuilt German units enter at any Axis-controlled point in German supply (8.B, as reinforcements).',
  },
  {
    id: 'retreat-fresh',
    group: 'retreat-cap',
    rule: 'DC 13.B.4.a',
    default: true,
    description:
      "Each battle's retreat has the full capacity of the lines, every unit counting its retreat value, no armour limit (default: 13.B.4.a gives retreat its own counting).",
  },
  {
    id: 'retreat-shared',
    group: 'retreat-cap',
    rule: 'DC 13.B.4.a, 12.A',
    default: false,
    description:
      "Retreats use what this phase's movement left of each line's capacity, with its armour limit.",
  },
  {
    id: 'retreat-no-control',
    group: 'retreat-control',
    rule: 'DC 13.B.4.b, 20',
    default: true,
    description:
      'A retreat into an enemy-controlled point does not change its control (default: 20 names movement and advance only).',
  },
  {
    id: 'retreat-takes-control',
    group: 'retreat-control',
    rule: 'DC 13.B.4.b, 20',
    default: false,
    description: 'A unit retreating into an enemy-controlled point takes control of it.',
  },
  {
    id: 'may44-separate',
    group: '1944-air',
    rule: 'DC 7.A note c',
    default: true,
    description:
      'May 1944 in Good weather gives its printed 1 air unit, and the two-turn window is separate (default: the printed cell is kept as printed).',
  },
  {
    id: 'may44-in-window',
    group: '1944-air',
    rule: 'DC 7.A note c',
    default: false,
    description: 'The May 1944 entry is the window: May 1944 gives air only when the window is open.',
  },
];
