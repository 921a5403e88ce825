/**
 * Exact odds (docs/games/dc.md "Chance and odds"), from the game's own code: the loss distribution of any fire total with its
 * column split convolved (C-3, `fire.ts`), the CRT in force, and the weather columns (C-1, `weather.ts`).
 */
import { quote, UserError } from '../../core/errors.js';
import type { OddsProvider, OddsTable } from '../../core/game.js';
import { oddsInt } from '../../core/odds-options.js';
import { type BattleChainSpec, EXACT_UNITS, FORTRESS_POINTS } from './battle-chain.js';
import { battleChain } from './chain-odds.js';
import { dcData } from './data.js';
import { fireDistribution, split } from './fire.js';
import { binomial, fortifyDistribution } from './pregame.js';
import { cellPoints, gerReplRow } from './replacements.js';
import { crtTable } from './resolve.js';
import { torpedoProbability } from './sea.js';
import { crisisDistribution } from './siberia.js';
import { airToAirOn, flakOn } from './support.js';
import { variants as dcVariants } from './variants.js';
import { columnDistribution, mayMudProbability } from './weather.js';

export const dcOdds: OddsProvider = {
  description:
    'Dark Crusade: losses of a fire total (DC 13.B.2, split into columns per 13.B.6 and convolved), the CRT, the weather columns (7.A), the Siberian crisis (3.C.3), pre-game fortification (18), May 1941 mud (3.A), German replacements (8.A.1.a), air-to-air and flak (13.A.1), torpedoes (9.B) and a whole battle over its rounds (C-10: 13, 16, 18, 10.C; --attack/--defend, with all-out, Soviet air and fortresses).',
  options: [
    { name: 'fire', description: 'fire total (default 37, the 13.B.6 example)' },
    { name: 'max-column', description: 'top CRT column M, 24..35 (default 24)' },
    { name: 'divisor', description: 'CRT divisor, 5..10 (default 7, the reconstruction)' },
    { name: 'plus', description: 'add 1 to every die, sixes remain sixes (7.B.1, 7.B.3)', flag: true },
    {
      name: 'border-units',
      description: 'Soviet border units trying pre-game fortification (default 9, the set-up chart)',
    },
    { name: 'assaults', description: 'points assaulted in May 1941 (default 6)' },
    { name: 'soviet-air', description: 'Soviet air units over a battle, Advanced level (default 3)' },
    {
      name: 'attack',
      description:
        'C-10 battle: the attacking units as type:count,... (default ger-inf:2,ger-pz:1; unit type ids as in the set-up data)',
    },
    { name: 'defend', description: 'C-10 battle: the defending units (default sov-rifle:3)' },
    {
      name: 'soviet-attacks',
      description: 'C-10 battle: the Soviets attack (default: the Axis attacks)',
      flag: true,
    },
    { name: 'air-ger', description: 'C-10 battle: German air units with the Axis side, 0..4 (default 1)' },
    { name: 'forts', description: 'C-10 battle: defenders in field fortifications (default 1)' },
    {
      name: 'simultaneous',
      description: 'C-10 battle: simultaneous fire (13.B.3; Axis attacks only)',
      flag: true,
    },
    { name: 'bt', description: 'C-10 battle: a breakthrough assault (fire halved, 14.A/16)', flag: true },
    {
      name: 'allout-att',
      description:
        'C-10 battle: attacking units declared all out when first asked in round 1, at most this many (13.B.8; default 0)',
    },
    {
      name: 'allout-def',
      description:
        'C-10 battle: defending units declared all out in round 2, at most this many (13.B.8; default 0)',
    },
    {
      name: 'air-sov',
      description:
        'C-10 battle: Soviet air units with the Soviet side, Advanced level (13.A.1-3: air-to-air or flak first, +1 each; default 0)',
    },
    {
      name: 'fortress',
      description:
        'C-10 battle: fortress class of the defended point, none, 1, 2 or 3 (10.C; fought at Brest-Litovsk, Odessa or Konigsberg, Moscow; default none)',
    },
    {
      name: 'variants',
      description:
        'C-10 battle: variant ids switched on, comma-separated (e.g. allout-before-own-die, fortress-first; default none)',
    },
    {
      name: 'advanced',
      description: 'C-10 battle: Advanced-level units and support (default Introductory)',
      flag: true,
    },
    {
      name: 'ger-repl',
      description:
        "German replacement chart: recon, lean (each year reads the year before's row) or rich (the year after's), as parameter ger-repl-table (default recon)",
    },
    {
      name: 'samples',
      // (a literal: battle-chain.ts imports the game definition, so its constants are not read here at load)
      description: 'C-10 battle: Monte Carlo battles when a side has more than 8 units (default 20000)',
    },
  ],
  compute(o) {
    const total = oddsInt('dc', o, 'fire', 1, 500) ?? 37;
    const maxColumn = oddsInt('dc', o, 'max-column', 24, 35) ?? 24;
    const divisor = oddsInt('dc', o, 'divisor', 5, 10) ?? 7;
    const plus = o.plus === true ? 1 : 0;
    const border = oddsInt('dc', o, 'border-units', 0, 40) ?? 9;
    const assaults = oddsInt('dc', o, 'assaults', 0, 40) ?? 6;
    const sovAir = oddsInt('dc', o, 'soviet-air', 1, 12) ?? 3;
    const crt = crtTable(divisor, maxColumn);
    const gerRepl = gerReplOption(o);
    const chainTables = battleTables(o);
    const dist = fireDistribution(crt, maxColumn, total, plus);
    const groups = split(total, maxColumn);
    const tables: OddsTable[] = [
      {
        title: `Losses inflicted by a fire total of ${total} (groups ${groups.join(' + ')})`,
        rule: 'DC 13.B.2, 13.B.6',
        columns: ['p'],
        rows: dist
          .map((p, l) => ({ outcome: `${l} loss${l === 1 ? '' : 'es'}`, p: [p] }))
          .filter((r) => r.p[0]! > 0),
        notes: [
          `CRT: losses = round(column x die / ${divisor}) (reconstructed), top column ${maxColumn}`,
          plus === 1 ? 'every die +1, sixes remain sixes' : 'no die modifier',
        ],
      },
      {
        // an odds table holds probabilities: the chance of each loss count per column, one die
        title: 'CRT (chance of each loss count by column, one die)',
        rule: 'DC 13.B.2',
        columns: crt.map((_, c) => String(c + 1)),
        rows: crtLossCounts(crt).map((l) => ({
          outcome: `${l} losses`,
          p: crt.map((row) => row.filter((x) => x === l).length / 6),
        })),
        notes: [
          `losses by die 1-6 per column: ${crt.map((row, c) => `${c + 1}: ${row.join('/')}`).join(', ')}`,
        ],
      },
      {
        title: 'Weather column selected by the spring (March) and autumn (October) rolls',
        rule: 'DC 7.A notes a, d',
        columns: ['spring', 'autumn'],
        rows: [
          { outcome: 'column 1', p: [columnDistribution(3)[0], columnDistribution(10)[0]] },
          { outcome: 'column 2', p: [columnDistribution(3)[1], columnDistribution(10)[1]] },
        ],
        notes: ['spring: Mar-May; autumn: Oct-Nov; column 2 of October is the historical Mud'],
      },
      {
        title:
          'Siberian crisis by the month of the early call (2d6 doubles each Soviet R/R from wave 1 through December 1941)',
        rule: 'DC 3.C.3',
        columns: ['Jul 41', 'Aug 41', 'Sep 41', 'Oct 41', 'Nov 41'],
        rows: [
          'crisis the turn wave 1 arrives',
          'one turn later',
          'two or more turns later',
          'no crisis',
        ].map((outcome, k) => ({
          outcome,
          // clamped at 0: a complement computed in floating point may fall a rounding error below it
          p: [7, 8, 9, 10, 11].map((month) => Math.max(0, crisisDistribution(12 - month)[k]!)),
        })),
        notes: [
          'a call in month m brings wave 1 in m+1: 12 - m rolls; commitments 18 / 24 / 30 units (DC 3.C.3.c)',
        ],
      },
      {
        title: `Pre-game fortification: border units fortified of ${border} (DC 18: 1-3 in June, 1-2 in May)`,
        rule: 'DC 18',
        columns: ['June start', 'May start'],
        rows: fortifyDistribution(border, 2).map((p, k) => ({
          outcome: `${k} fortified`,
          p: [p, fortifyDistribution(border, 1)[k]!],
        })),
        notes: [
          'each eligible unit independently (RULES-CHECKLIST C-9): Binomial(n, 1/2) or Binomial(n, 1/3)',
        ],
      },
      {
        title: `May 1941: points in Mud of ${assaults} assaulted (one die per point, odd = Mud)`,
        rule: 'DC 3.A',
        columns: ['p'],
        rows: binomial(assaults, mayMudProbability()).map((p, k) => ({ outcome: `${k} in Mud`, p: [p] })),
        notes: ['RULES-CHECKLIST C-2: independent per point, P(Mud) = 1/2'],
      },
      {
        title: 'German replacement points per Axis R/R phase by year (one die on the chart row)',
        rule: 'DC 8.A.1.a',
        columns: dcData.germanReplacements.rows.map((r) => String(r.year)),
        rows: [0, 1, 2].map((n) => ({
          outcome: `${n} point${n === 1 ? '' : 's'}`,
          p: dcData.germanReplacements.rows.map(
            (r) =>
              gerReplRow(r.year, gerRepl).cells.filter((c) => cellPoints(c)[0] + cellPoints(c)[1] === n)
                .length / 6,
          ),
        })),
        notes: [
          `RULES-CHECKLIST C-6: the chart is reconstructed (data/dc.json), read ${gerRepl === 0 ? 'as it is' : gerRepl < 0 ? "lean (each year the year before's row)" : "rich (each year the year after's row)"}; from the second game turn`,
        ],
      },
      {
        title: `Air combat over a battle with ${sovAir} Soviet air unit(s): Soviet air left (Advanced level)`,
        rule: 'DC 13.A.1',
        columns: ['flak (no German air)', '1 German air', '2', '3', '4'],
        rows: Array.from({ length: sovAir + 1 }, (_, k) => ({
          outcome: `${k} left`,
          p: [
            flakOn(crt, maxColumn, sovAir)[sovAir - k]!,
            ...[1, 2, 3, 4].map((g) => airToAirOn(crt, maxColumn, sovAir, g)[k]!),
          ],
        })),
        notes: [
          'RULES-CHECKLIST C-4: one roll per German air unit on the column of the Soviet survivors, result = survivors',
          'RULES-CHECKLIST C-5: flak, one roll on the column of the Soviet air count, result = lost (support.ts)',
        ],
      },
      {
        title: 'Torpedoes: a unit, or a moving factory on its sea leg, lost at sea (one die each)',
        rule: 'DC 9.B, 8.C.2.b',
        columns: ['friendly sea', 'enemy sea'],
        rows: [{ outcome: 'lost', p: [torpedoProbability(true), torpedoProbability(false)] }],
        notes: [
          'RULES-CHECKLIST C-7: lost on 1 in a friendly-controlled sea, on 1, 3 or 5 in an enemy one (sea.ts; factories: factory-sea.ts)',
        ],
      },
    ];
    return tables.concat(chainTables);
  },
};

/** `type:count,type:count` into one type id per unit. */
function units(o: Readonly<Record<string, string | true>>, name: string, fallback: string): string[] {
  const v = o[name] ?? fallback;
  if (v === true) throw new UserError(`odds dc: option --${name} needs a value`);
  const out: string[] = [];
  for (const part of v.split(',')) {
    const [id, n = '1'] = part.split(':').map((x) => x.trim());
    if (!/^\d+$/.test(n) || Number(n) < 1 || Number(n) > 40 || id === undefined || id === '')
      throw new UserError(`odds dc: option --${name}: expected type:count,..., got ${quote(part)}`);
    if (!dcData.unitTypes.some((t) => t.id === id))
      throw new UserError(
        `odds dc: option --${name}: unknown unit type ${quote(id)} (known: ${dcData.unitTypes.map((t) => t.id).join(', ')})`,
      );
    for (let k = 0; k < Number(n); k++) out.push(id);
  }
  return out;
}

/** `--ger-repl`: the German replacement chart reading (parameter ger-repl-table): years added to the row read. */
function gerReplOption(o: Readonly<Record<string, string | true>>): -1 | 0 | 1 {
  const v = o['ger-repl'];
  if (v === undefined || v === 'recon') return 0;
  if (v === 'lean') return -1;
  if (v === 'rich') return 1;
  throw new UserError(
    `odds dc: option --ger-repl: unknown reading ${quote(v === true ? '' : v)} (known: recon, lean, rich)`,
  );
}

/** `--fortress`: none or a class 1..3 (DC 10.C). */
function fortressOption(o: Readonly<Record<string, string | true>>): number {
  const v = o.fortress;
  if (v === undefined || v === 'none' || v === '0') return 0;
  if (v === '1' || v === '2' || v === '3') return Number(v);
  throw new UserError(
    `odds dc: option --fortress: unknown fortress class ${quote(v === true ? '' : v)} (known: none, 1, 2, 3)`,
  );
}

/** `--variants`: variant ids of the game, switched on. */
function variantsOption(o: Readonly<Record<string, string | true>>): Record<string, boolean> {
  const v = o.variants;
  if (v === undefined) return {};
  if (v === true) throw new UserError('odds dc: option --variants needs a value');
  const out: Record<string, boolean> = {};
  for (const id of v.split(',').map((x) => x.trim())) {
    if (!dcVariants.some((d) => d.id === id))
      throw new UserError(`odds dc: option --variants: unknown variant ${quote(id)}`);
    out[id] = true;
  }
  return out;
}

const FORTRESS_NAMES = ['', 'a plain fortress', 'a 1-VP city fortress', 'a 2-VP city fortress'];

const END_LABELS = [
  'point taken',
  'defender retreats',
  'attacker breaks off',
  'attacker eliminated (defender holds)',
];

/** C-10: the whole-battle chain (battle-chain.ts) of the battle the options describe. */
function battleTables(o: Readonly<Record<string, string | true>>): OddsTable[] {
  const spec: BattleChainSpec = {
    level: o.advanced === true ? 'advanced' : 'intro',
    attacker: o['soviet-attacks'] === true ? 1 : 0,
    attackers: units(o, 'attack', 'ger-inf:2,ger-pz:1'),
    defenders: units(o, 'defend', 'sov-rifle:3'),
    airGer: oddsInt('dc', o, 'air-ger', 0, 4) ?? 1,
    forts: oddsInt('dc', o, 'forts', 0, 40) ?? 1,
    simultaneous: o.simultaneous === true,
    bt: o.bt === true,
    allOutAtt: oddsInt('dc', o, 'allout-att', 0, 40) ?? 0,
    allOutDef: oddsInt('dc', o, 'allout-def', 0, 40) ?? 0,
    airSov: oddsInt('dc', o, 'air-sov', 0, 12) ?? 0,
    fortress: fortressOption(o),
    variants: variantsOption(o),
  };
  if (spec.simultaneous && spec.attacker === 1)
    throw new UserError('odds dc: --simultaneous is for Axis attacks only (DC 13.B.1)');
  if ((spec.airSov ?? 0) > 0 && spec.level !== 'advanced')
    throw new UserError(
      `odds dc: option --air-sov needs --advanced (Soviet air is an Advanced-level unit, DC 2.A.2), got ${quote(String(spec.airSov))}`,
    );
  const samples = oddsInt('dc', o, 'samples', 100, 1000000) ?? 20000;
  let r: ReturnType<typeof battleChain>;
  try {
    r = battleChain(spec, samples);
  } catch (e) {
    throw new UserError(`odds dc: ${(e as Error).message}`);
  }
  const count = (ids: readonly string[]) =>
    [...new Set(ids)].map((id) => `${ids.filter((x) => x === id).length} ${id}`).join(' + ');
  const who = spec.attacker === 0 ? 'Axis' : 'Soviet';
  const [from, at] = FORTRESS_POINTS[spec.attacker]![spec.fortress ?? 0]!;
  const extras = [
    spec.airGer > 0 ? `${spec.airGer} German air` : '',
    (spec.airSov ?? 0) > 0 ? `${spec.airSov} Soviet air` : '',
    spec.forts > 0 ? `${spec.forts} fortified` : '',
    (spec.fortress ?? 0) > 0 ? `at ${at}, ${FORTRESS_NAMES[spec.fortress!]}` : '',
    (spec.allOutAtt ?? 0) > 0 ? `attacker all out up to ${spec.allOutAtt}` : '',
    (spec.allOutDef ?? 0) > 0 ? `defender all out up to ${spec.allOutDef}` : '',
  ].filter((x) => x !== '');
  const name = `${who} ${count(spec.attackers)} against ${count(spec.defenders)}${extras.map((x) => `, ${x}`).join('')}, ${spec.simultaneous ? 'simultaneous' : 'normal'} fire${spec.bt ? ', breakthrough assault' : ''}`;
  const how = r.exact
    ? `exact Markov chain over the multiset of unit states per side (at most ${EXACT_UNITS} units a side)`
    : `Monte Carlo estimate of ${r.samples} battles from the chain's own transitions (more than ${EXACT_UNITS} units a side; stream battle-chain of master seed 1); the round-1 column is exact`;
  const rules = [
    how,
    'allocation (stated): losses owed to field fortifications go to them (18); then a dispersed unit that survives the loss, a fortified unit, the unit with the lowest fire factor (survivors first)',
    "continuation (stated): the attacker goes on while his fire total >= the defender's or the defender's is 0; the defender holds while he can still fire, else retreats",
    `all-out (stated, 13.B.8): the attacker declares up to --allout-att eligible units (type order) when first asked in round 1 (${
      Object.keys(spec.variants ?? {}).includes('allout-before-own-die')
        ? 'before his own first die, variant allout-before-own-die'
        : 'before the first die, variant allout-before-first-die'
    }), the defender up to --allout-def in round 2 only; all-out units take a loss last and are destroyed after their die`,
    'Soviet air (13.A.1-3): air-to-air (C-4) or flak (C-5) first, each survivor +1 to Soviet fire, never a loss; surviving air makes an Axis attack normal fire (13.B.1); units eliminated count air shot down and spent all-out units',
    `attacks from ${from} into ${at}${(spec.fortress ?? 0) > 0 ? ` (${FORTRESS_NAMES[spec.fortress!]}, 10.C: as combat.ts applies it to the defender's side of the 1941 border)` : ' (no fortress)'}, July 1941, both sides in supply; the round cap of the engine (60)${
      Object.keys(spec.variants ?? {}).length > 0
        ? `; variants ${Object.keys(spec.variants!).join(', ')}`
        : ''
    }`,
  ];
  const rounds = r.rounds.map((p, k) => ({ p, k })).filter((x) => x.k > 0 && x.p > 0);
  return [
    {
      title: `Battle (C-10): ${name}`,
      rule: 'DC 13.B.2-5, 16, 18',
      columns: ['whole battle', 'round 1'],
      rows: [
        ...END_LABELS.map((outcome, k) => ({ outcome, p: [r.ends[k]!, r.firstRound.ends[k]!] })),
        { outcome: 'goes on to round 2', p: [0, r.firstRound.continues] },
      ],
      notes: [
        ...rules,
        `expected units eliminated: attacker ${r.unitsLost[0].toFixed(3)}, defender ${r.unitsLost[1].toFixed(3)}; losses absorbed (incl. fortifications): attacker ${r.hits[0].toFixed(3)}, defender ${r.hits[1].toFixed(3)}`,
      ],
    },
    {
      title: `Battle (C-10): rounds fought, ${name}`,
      rule: 'DC 13.B.2, 14.B.1',
      columns: ['p'],
      rows: rounds.map((x) => ({ outcome: `${x.k} round${x.k === 1 ? '' : 's'}`, p: [x.p] })),
      notes: [
        how,
        `R-128 (14.B.1-2): breakthrough capacity [total(armour)] of the attack's line after r rounds: ${rounds
          .slice(0, 6)
          .map((x) => `${x.k}: ${r.btCapacity[x.k]![0]}(${r.btCapacity[x.k]![1]})`)
          .join(', ')}`,
      ],
    },
  ];
}

/** The loss counts some die gives on some column of `crt`, ascending. */
function crtLossCounts(crt: readonly (readonly number[])[]): number[] {
  return [...new Set(crt.flat())].sort((a, b) => a - b);
}
