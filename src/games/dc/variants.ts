/**
 * The named readings of the Dark Crusade rules (docs/games/dc.md "Readings"): editions and errata, contradictions
 * between sections, silences. Only readings the engine carries out are listed; the groups of the
 * spec not yet modelled are listed as such in RULES-CHECKLIST.md. Each group's default says why.
 */
import type { VariantDef } from '../../core/game.js';

/** The Advanced-level scenarios (DC 2.A.2): the only ones with HQs, Soviet air, composites and paratroops. */
const ADVANCED = ['adv-tournament', 'adv-tournament-campaign', 'adv-campaign'] as const;
/** The Campaign version (DC 2.B.3): the only one with the "on the map" victory conditions. */
const CAMPAIGN = ['intro-campaign', 'adv-campaign'] as const;

/**
 * The variants that can change play only under a narrower condition than their scenarios
 * (VariantDef.actsWhen): the condition, found where the variant-activity search
 * (tests/variants-activity.test.ts) never saw them act.
 */
const ACTS_WHEN: Readonly<Record<string, string>> = {
  'ryt-control-only':
    'Rytishchevo is Soviet-controlled but out of Soviet overland supply in a March, July or November',
  'partisans-before-supply':
    'a partisan placed or moved in a Soviet supply phase (from 1942) reconnects an otherwise isolated Soviet unit',
  'sib-comp-any':
    'the Siberian Reserve is called from 1942 and the Soviet side forms from it a composite other than the three named',
  'azov-sevastopol':
    'a side holds Sevastopol but not Rostov while a sea move or sea supply needs the Sea of Azov',
  'para-two-armies': 'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'escort-per-unit': 'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'escort-stays': 'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'shot-any-defender': 'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'para-lost-chosen-break-off':
    'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'kerch-port-both':
    'a sea move or sea supply runs between Kerch and a port of the other sea while the straits are not both held',
  'retreat-shared':
    "a retreat uses a line whose capacity or armour limit the phase's moves have already filled",
  'sov-air-needs-undispersed-ground':
    'Soviet air attacks in a battle whose Soviet ground units are all dispersed (Advanced level)',
  'hw-bt-escort':
    'German air of a regular combat stands where a unit makes the breakthrough highway double step (Minsk-Moscow highway, Good or Mud weather)',
  'box-in-play':
    'a Campaign instant condition (no Soviet unit on the map, every German unit eliminated) is met while units wait in an off-map box',
  'may-mud-all-assaults':
    'the game starts in May 1941 (variant start-may, or start-policy with the Axis choosing May)',
  'may-air-good-points-only':
    'the game starts in May 1941 (start-may, or start-policy with the Axis choosing May) and German air supports an assault at a point rolled Mud',
};

const listed: readonly VariantDef[] = [
  // 4.1 editions and errata
  {
    id: 'lines-2nd',
    group: 'map-lines',
    rule: 'DC 23.4-6',
    default: true,
    description:
      'Second-edition lines (default: the 2nd edition is the rules text): Warsaw west exit (major), Verkhniy Baskunchak east exit (minor), DNE-STA, STA-MAR, BRE-BAR major, Memel-Lepaya inferior.',
  },
  {
    id: 'lines-1st',
    group: 'map-lines',
    rule: 'DC 23.4-6',
    default: false,
    description:
      'First-edition lines: no Warsaw west exit, no Verkhniy Baskunchak exit, no Memel-Lepaya line; DNE-STA, STA-MAR, BRE-BAR minor (their 1st-edition class is unknown; minor is a stand-in).',
  },
  {
    id: 'fortresses-2nd',
    group: 'fortresses',
    rule: 'DC 23.3',
    default: true,
    description: 'Przemysl and Stalingrad are fortresses (2nd edition, the rules text).',
  },
  {
    id: 'fortresses-1st',
    group: 'fortresses',
    rule: 'DC 23.3',
    default: false,
    description: 'First edition: Przemysl and Stalingrad are not fortresses.',
  },
  {
    id: 'centres-2nd',
    group: 'repl-centres',
    rule: 'DC 23.2, 8.A.2.a',
    default: true,
    description:
      'Rostov and Dnepropetrovsk are infantry replacement centres like every Soviet victory city: 13 centres (2nd edition; default).',
  },
  {
    id: 'centres-1st',
    group: 'repl-centres',
    rule: 'DC 23.2',
    default: false,
    description: 'First edition: Rostov and Dnepropetrovsk produce no infantry armies (11 centres).',
  },
  {
    id: 'winter-snow-both',
    group: 'winter-col2',
    rule: '1E-errata 2, DC 7.A',
    default: true,
    description:
      'December, January and February are Snow in both weather columns (default: the errata and the 2nd-edition table; the data).',
  },
  {
    id: 'winter-col2-1st',
    group: 'winter-col2',
    rule: '1E-errata 2, DC 7.A',
    default: false,
    description:
      'First-edition table: December to February read the column of the autumn roll, and column 2 there is parameter winter-col2-weather (unknown, reconstructed; Mud by default).',
  },
  {
    id: 't1-inf-none',
    group: 'sov-t1-inf',
    rule: "DC 5.B; designer's notes",
    default: true,
    description:
      'No Soviet victory-city infantry armies in the first Soviet player turn (2nd edition 5.B; default: the rules text).',
  },
  {
    id: 't1-inf-half',
    group: 'sov-t1-inf',
    rule: "DC 5.B; designer's notes",
    default: false,
    description:
      "Half of them (rounded down), from the first centres in map order: the designer's balance knob set halfway.",
  },
  {
    id: 't1-inf-full',
    group: 'sov-t1-inf',
    rule: "DC 5.B; designer's notes",
    default: false,
    description: "All of them (the first edition): the designer's balance knob fully towards the Soviets.",
  },
  // 4.2 contradictions
  {
    id: 'minor-ff-minus-1',
    group: 'minor',
    rule: 'DC 13.B.2, 8.C.3.a',
    default: true,
    description:
      'A minor unit survives FF-1 losses (13.B.2; consistent with the shock army of 8.C.3.a). Default: the combat chapter is the operative text.',
  },
  {
    id: 'minor-one-hit',
    group: 'minor',
    rule: 'DC 1.C.10, 15.A',
    default: false,
    description:
      'Every minor unit is destroyed by its first loss (1.C.10 "can be destroyed by a single breakthrough or repulse").',
  },
  {
    id: 'recovery-clears-losses',
    group: 'recovery-losses',
    rule: 'DC 15.B, 13.B.2',
    default: true,
    description:
      'A unit that recovers (15.B "re-flipped") starts again with no losses: the counter has only a face-up and a dispersed side, so nothing records earlier losses (default: the rules text; 13.B.2 counts losses within the combat).',
  },
  {
    id: 'losses-persist',
    group: 'recovery-losses',
    rule: 'DC 15.B, 13.B.2',
    default: false,
    description:
      'Losses stay with a unit after it recovers, so a worn unit dies sooner in a later battle (a roster kept beside the counters).',
  },
  {
    id: 'factory-vp-enemy',
    group: 'factory-vp',
    rule: 'DC 2.B.1.a',
    default: true,
    description:
      'The Soviet victory point lost per pair of destroyed factories is taken from the points he holds, and since his requirement needs every home point, it falls on the enemy part: he must hold one more enemy point per pair (default: 2.B.1.a "loses one victory point" of the points held, home + enemy together).',
  },
  {
    id: 'factory-vp-home',
    group: 'factory-vp',
    rule: 'DC 2.B.1.a',
    default: false,
    description:
      'The lost point is taken from the Soviet home points: with his requirement needing all 16 home points, a Soviet player who has lost a pair of factories can no longer win on victory points.',
  },
  {
    id: 'bt-total-14A',
    group: 'bt-halving',
    rule: 'DC 14.A',
    default: true,
    description:
      "Breakthrough-assault fire: the side's total halved, Soviet rounded down, Axis up (default: 14.A states the rounding for both sides).",
  },
  {
    id: 'bt-per-unit-16',
    group: 'bt-halving',
    rule: 'DC 16',
    default: false,
    description: 'Each unit halved, fractions rounded up, after the air multiplier (16).',
  },
  {
    id: 'lw-text',
    group: 'lw-allies',
    rule: 'DC 13.A.4',
    default: true,
    description:
      'German air multiplies attacking German units only, but all defending Axis units (13.A.4 as printed; default: the literal text).',
  },
  {
    id: 'lw-german-only',
    group: 'lw-allies',
    rule: 'DC 13.A.4',
    default: false,
    description: 'German air multiplies German units only, attacking or defending.',
  },
  {
    id: 'lw-all-axis',
    group: 'lw-allies',
    rule: 'DC 13.A.4',
    default: false,
    description: 'German air multiplies every Axis unit in supply, attacking or defending.',
  },
  {
    id: 'lw-free',
    group: 'lw-placement',
    rule: 'DC 13.A.4, 14.B.4',
    default: true,
    description:
      'At the start of each Axis turn every available German air unit is placed at any point with Axis ground units in supply, or withheld (D-8) (default: the rules give air no movement rule, and 14.B.4 lets withheld air deploy to "any Axis point", so its place is free each turn).',
  },
  {
    id: 'lw-lines',
    group: 'lw-placement',
    rule: 'DC 13.A.4, 14.B.4',
    default: false,
    description:
      'German air on the map moves at most one line per operational phase (at the D-8 placement), with no capacity cost; air withheld or newly available is placed freely.',
  },
  // 4.3 silences
  {
    id: 'iso-end-own-turn',
    group: 'isolation',
    rule: 'DC 17.B',
    default: true,
    description:
      'Units that cannot trace supply at their owner\'s supply phase (B.8/C.8) are eliminated (default: 17.B "still isolated at the end of the owning player\'s turn").',
  },
  {
    id: 'iso-two-phases',
    group: 'isolation',
    rule: 'DC 17.B',
    default: false,
    description:
      'A unit found isolated is marked; it is eliminated only if still isolated at its next own supply phase ("remain isolated").',
  },
  {
    id: 'vp-rate-fortress-only',
    group: 'vp-fortress-rate',
    rule: 'DC 17.B',
    default: true,
    description:
      'The 1-unit-a-turn rate applies to victory cities that are fortresses (default: 17.B speaks of isolated fortresses).',
  },
  {
    id: 'vp-rate-any-vp-city',
    group: 'vp-fortress-rate',
    rule: 'DC 17.B',
    default: false,
    description:
      'Any victory city holds isolated units, losing 1 a turn down to a capacity of 0 (if not a fortress).',
  },
  {
    id: 'kiev-class-3',
    group: 'kiev-class',
    rule: 'DC 10.C, 17.B',
    default: true,
    description:
      'Kiev is a 2-VP city fortress, class 3 for 10.C (default: 10.C derives the class from VP value).',
  },
  {
    id: 'kiev-class-2',
    group: 'kiev-class',
    rule: 'DC 10.C, 17.B',
    default: false,
    description: 'Kiev fights as class 2, matching its garrison capacity of 2.',
  },
  {
    id: 'fortress-fire-full',
    group: 'fortress-fire',
    rule: 'DC 10.C.1-2',
    default: true,
    description: 'The enemy-side -1 applies only to the breakthrough reduction (as printed; default).',
  },
  {
    id: 'fortress-fire-reduced',
    group: 'fortress-fire',
    rule: 'DC 10.C.1-2',
    default: false,
    description: 'The enemy-side -1 also applies to the fortress firepower bonus.',
  },
  {
    id: 'forts-first',
    group: 'fort-order',
    rule: 'DC 18',
    default: true,
    description:
      'Field fortifications absorb breakthroughs before the fortress reduction is applied (default: 18 "lost before").',
  },
  {
    id: 'fortress-first',
    group: 'fort-order',
    rule: 'DC 18',
    default: false,
    description: 'The fortress reduction applies first; field fortifications absorb from what remains.',
  },
  {
    id: 'allout-multiplied',
    group: 'allout-air',
    rule: 'DC 13.A.4, 13.B.8',
    default: true,
    description:
      'German air multiplies all-out values (default: 13.A.4 "combat value of all attacking German units").',
  },
  {
    id: 'allout-unmultiplied',
    group: 'allout-air',
    rule: 'DC 13.A.4, 13.B.8',
    default: false,
    description: 'All-out values are not multiplied by German air.',
  },
  {
    id: 'order-fp-modified',
    group: 'order-fp',
    rule: 'DC 13.0',
    default: true,
    description:
      'The "firepower" that forces a battle first is the round-1 total with fortress modifiers (default: what fires).',
  },
  {
    id: 'order-fp-raw',
    group: 'order-fp',
    rule: 'DC 13.0',
    default: false,
    description: 'The printed fire factors summed, without modifiers.',
  },
  {
    id: 'armour-no-bt',
    group: 'armour-weather',
    rule: 'DC 7.B.1-2',
    default: true,
    description:
      'In Mud (and Axis armour in the 41/42 Snow) armour loses breakthrough movement and breakthrough assault but may attack in regular combat (default: "assault" read as breakthrough assault).',
  },
  {
    id: 'armour-no-attack',
    group: 'armour-weather',
    rule: 'DC 7.B.1-2',
    default: false,
    description: 'In those turns armour may not attack at all.',
  },
  {
    id: 'march-c2-snow',
    group: 'march',
    rule: 'DC 7.A (OCR lost the entry)',
    default: true,
    description: 'March weather column 2 is Snow (default: inferred from the 1943 air entry 0/1).',
  },
  {
    id: 'march-c2-mud',
    group: 'march',
    rule: 'DC 7.A (OCR lost the entry)',
    default: false,
    description: 'March weather column 2 is Mud.',
  },
  {
    id: 'march-c2-good',
    group: 'march',
    rule: 'DC 7.A (OCR lost the entry)',
    default: false,
    description: 'March weather column 2 is Good.',
  },
  {
    id: 'spring-as-printed',
    group: 'spring-columns',
    rule: 'DC 7.A',
    default: true,
    description:
      'Spring column 1 = Mar Mud, Apr Good, May Mud; column 2 = Mar Snow, Apr Mud, May Good (as transcribed; default).',
  },
  {
    id: 'spring-may-swapped',
    group: 'spring-columns',
    rule: 'DC 7.A',
    default: false,
    description: 'May column 1 Good, column 2 Mud (the alternative alignment of the garbled row).',
  },
  {
    id: 'pool-counter-mix',
    group: 'sov-pool',
    rule: 'DC 8.A.2',
    default: true,
    description:
      'Any Soviet counter not on the map may be produced (limited by the counter mix; default: 8.A.2 "limited to the counter mix").',
  },
  {
    id: 'pool-dead-only',
    group: 'sov-pool',
    rule: 'DC 8.A.2, 8.B',
    default: false,
    description: 'Only eliminated Soviet counters (the dead pile) may be produced.',
  },
  {
    id: 'ryt-needs-supply',
    group: 'ryt-supply',
    rule: 'DC 8.A.2.a',
    default: true,
    description:
      'Rytishchevo produces only in overland supply, like the other centres (default: treated like them).',
  },
  {
    id: 'ryt-control-only',
    group: 'ryt-supply',
    rule: 'DC 8.A.2.a',
    default: false,
    description: 'Rytishchevo produces whenever Soviet-controlled (its text asks no supply).',
  },
  {
    id: 'partisan-returns',
    group: 'partisan-removal',
    rule: 'DC 19',
    default: true,
    description:
      'A partisan removed by an Axis unit is available again the next Soviet turn (default: 19, the partisan chapter).',
  },
  {
    id: 'partisan-destroyed',
    group: 'partisan-removal',
    rule: 'DC 12.0',
    default: false,
    description: 'A removed partisan is gone for good (12.0 "destroying").',
  },
  {
    id: 'partisans-after-supply',
    group: 'partisan-order',
    rule: 'DC 19, 6.C.8',
    default: true,
    description:
      'C.8: the Soviet isolation check first, then partisan placement (default: the order C.8 lists them).',
  },
  {
    id: 'partisans-before-supply',
    group: 'partisan-order',
    rule: 'DC 19, 6.C.8',
    default: false,
    description:
      'Partisans are placed first, so a placed partisan can reopen a Soviet supply path the same phase.',
  },
  {
    id: 'finland-hel-kuo',
    group: 'finland-set',
    rule: 'DC 7.B.1',
    default: true,
    description:
      'Finland for the Finnish winter bonus is Helsinki and Kuopio, the Finnish points of the map (default).',
  },
  {
    id: 'finland-plus-viborg',
    group: 'finland-set',
    rule: 'DC 7.B.1',
    default: false,
    description: 'Viborg (Finnish before 1940) also counts as Finland.',
  },
  {
    id: 'draw-by-phase-name',
    group: 'draw-phase',
    rule: 'DC 2.B.1.b',
    default: true,
    description:
      'The Soviet may declare a draw at B.7 (the Soviet victory phase), the Axis at C.7 (default: "his own" Tournament Victory Determination Phase read by name).',
  },
  {
    id: 'draw-own-turn',
    group: 'draw-phase',
    rule: 'DC 2.B.1.b',
    default: false,
    description: 'Each side declares at the victory phase of his own player turn (Axis B.7, Soviet C.7).',
  },

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
      'Soviet air alone on a point the Axis attacks retreats by 13.B.4 before any combat, and is eliminated only if it cannot (default: spec R-202, inferred from 13.A.3, which forbids air to defend alone).',
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

export const variants: readonly VariantDef[] = listed.map((x) =>
  ACTS_WHEN[x.id] === undefined ? x : { ...x, actsWhen: ACTS_WHEN[x.id]! },
);
