/** The readings of Dark Crusade's editions and errata (4.1), contradictions between sections (4.2) and silences (4.3); variants.ts lists them all. */
import type { VariantDef } from '../../core/game.js';

export const EDITION_READINGS: readonly VariantDef[] = [
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
];
