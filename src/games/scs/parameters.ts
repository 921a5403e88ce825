/**
 * SCS parameters: every number or table the rules do not fix (NOTES (c)), with provenance.
 * `resolveConfig` turns a GameSetup into the plain-data Cfg a game state carries.
 */
import type { GameSetup, ParameterDef, ParamValue } from '../../core/game.js';
import { calibrationData, crtData, hexData, oobData } from './data.js';
import { scsMap } from './map.js';
import { V } from './variants.js';

const recon = 'reconstructed' as const;
const hexesWhere = (f: (h: (typeof hexData.hexes)[number]) => boolean) =>
  hexData.hexes.filter(f).map((h) => h.hex);

export const CRT_COLUMNS = [
  'shockPrimary',
  'shockSecondary',
  'combined',
  'mech',
  'nonMech',
  'security',
  'vi',
] as const;
export type CrtColumn = (typeof CRT_COLUMNS)[number];
export type HitTable = Record<CrtColumn, number>;

const cols = crtData.columns;
const calibrated = calibrationData.values;
/** Source text of a calibrated default (calibration.json), with the reconstruction it replaces. */
const calibratedSource = (id: keyof typeof calibrated, was: string) =>
  `calibration.json (reconstruction ${was} = ${JSON.stringify(calibrated[id].reconstruction)}): ${calibrated[id].why}`;
/** NOTES (c)1: default set B. */
export const CRT_B: HitTable = {
  shockPrimary: cols.soviet_shock_primary.hit_on,
  shockSecondary: cols.soviet_shock_secondary.hit_on,
  combined: cols.soviet_combined_arms.hit_on,
  mech: cols.german_mechanized.hit_on,
  nonMech: cols.german_non_mechanized.hit_on,
  security: cols.german_security.hit_on,
  vi: cols.soviet_vi_interceptor.hit_on,
};
const fromSet = (s: typeof crtData.variants.harsh_A): HitTable => ({
  shockPrimary: s.soviet_shock_primary,
  shockSecondary: s.soviet_shock_secondary,
  combined: s.soviet_combined_arms,
  mech: s.german_mechanized,
  nonMech: s.german_non_mechanized,
  security: s.german_security,
  vi: CRT_B.vi,
});
/** NOTES (c)1: bracketing sets, harsh A and soft E. */
export const CRT_SETS: Record<'A' | 'B' | 'E', HitTable> = {
  A: fromSet(crtData.variants.harsh_A),
  B: CRT_B,
  E: fromSet(crtData.variants.soft_E),
};

const hitParamId = (c: CrtColumn) => `hitOn_${c}`;
const hitDescriptions: Record<CrtColumn, string> = {
  shockPrimary: 'shock army primary fire (10.1 step 1)',
  shockSecondary: 'shock army secondary fire (10.1 step 4)',
  combined: 'combined-arms armies and 1E (10.1 step 4)',
  mech: 'German mechanized (10.1 step 2)',
  nonMech: 'German non-mechanized (10.1 step 3)',
  security: 'German security (10.1 step 5)',
  vi: 'VI Interceptor Corps, unmodified (10.1 step 6, 10.11)',
};

const armies = oobData.soviet.armies;
const provenanceOf = (source: string) => (source.startsWith('rules') ? ('rules' as const) : recon);

export const parameters: readonly ParameterDef[] = [
  {
    id: 'crtSet',
    description:
      'CRT hit numbers: set B (Rampage pattern), harsh A, soft E (calibrated default), or custom (the hitOn_* parameters)',
    kind: 'choice',
    default: calibrated.crtSet.value,
    choices: ['A', 'B', 'E', 'custom'],
    provenance: recon,
    source: `crt.json; NOTES (c)1 (CRT not found; modelled on Rampage); ${calibratedSource('crtSet', 'crtSet')}`,
  },
  ...CRT_COLUMNS.map(
    (c): ParameterDef => ({
      id: hitParamId(c),
      description: `modified die needed to hit, ${hitDescriptions[c]}; ${c === 'vi' ? 'used with every crtSet (A, B and E leave the VI IC column as it is)' : 'used when crtSet=custom'}`,
      kind: 'integer',
      default: CRT_B[c],
      min: 1,
      max: 7,
      provenance: recon,
      source: 'crt.json default set B',
      ...(c === 'vi' ? {} : { appliesWhen: { param: 'crtSet', value: 'custom' } }),
    }),
  ),
  {
    id: 'clearCost',
    description: 'MF to enter a clear hex (9.10 TEC)',
    kind: 'integer',
    default: 1,
    min: 1,
    max: 3,
    provenance: 'rules',
    source: 'SCS 9.3 example (two clear hexes cost two MF)',
  },
  {
    id: 'forestCost',
    description: 'MF to enter a forest hex (9.10 TEC, not in the text)',
    kind: 'integer',
    default: calibrated.forestCost.value,
    min: 1,
    max: 3,
    provenance: recon,
    source: `NOTES (c)2 terrain and TEC; ${calibratedSource('forestCost', 'forestCost')}`,
  },
  {
    id: 'forestHexes',
    description: 'forest hexes (9.10; all others clear)',
    kind: 'locationList',
    default: hexesWhere((h) => h.terrain_recon === 'forest'),
    provenance: recon,
    source: 'hexes.csv terrain_recon (real forest zones)',
  },
  {
    id: 'fortifiedCandidates',
    description: 'fortified localities besides the known Kaluga 2211, Sukhinichi 2012, Yukhnov 2010 (10.13)',
    kind: 'locationList',
    default: hexesWhere((h) => h.fortified === 'candidate'),
    provenance: recon,
    source: 'NOTES (c)2 fortified localities (towns not stormed historically)',
  },
  {
    id: 'kAreaHexes',
    description: 'the 34 hexes north and east of the K-Line (4.3)',
    kind: 'locationList',
    default: hexesWhere((h) => h.k_area_recon === 1),
    length: 34,
    provenance: recon,
    source: 'hexes.csv k_area_recon (K-Line 1600-2410 along Rzhev-Zubtsov-Gzhatsk)',
  },
  {
    id: 'sovietStartHexes',
    description:
      'Soviet-controlled hexes at start (3.8); the front is every German hex next to them (3.4: 25 hexes)',
    kind: 'locationList',
    default: hexesWhere((h) => h.init_control_recon === 'S'),
    provenance: recon,
    source: 'hexes.csv init_control_recon (satisfies 3.4 and 8.4)',
  },
  ...(
    [
      ['poolMechanized', 'mechanized', oobData.german.start_pool_recon.mechanized],
      ['poolNonMechanized', 'non-mechanized', calibrated.poolNonMechanized.value],
      ['poolSecurity', 'security', oobData.german.start_pool_recon.security],
    ] as const
  ).map(
    ([id, what, d]): ParameterDef => ({
      id,
      description: `German ${what} units in the start pool (3.3)`,
      kind: 'integer',
      default: d,
      min: 0,
      max: 120,
      provenance: recon,
      source:
        id === 'poolNonMechanized'
          ? `oob.json start_pool_recon; ${calibratedSource('poolNonMechanized', 'poolNonMechanized')}`
          : 'oob.json start_pool_recon (AGC Dec 1941, counter budget 188)',
    }),
  ),
  ...oobData.german.reinforcements_recon.map(
    (r): ParameterDef => ({
      id: `reinforcementsTurn${r.turn}`,
      description: `German line regiments (non-mechanized) entering the pool in Phase I of turn ${r.turn} (7.5)`,
      kind: 'integer',
      default: r.units.non_mechanized,
      min: 0,
      max: 40,
      provenance: recon,
      source: 'oob.json reinforcements_recon',
    }),
  ),
  ...armies.map(
    (a): ParameterDef => ({
      id: `strength${a.id}`,
      description: `full strength (CDR = steps) of Soviet army ${a.id} (2.7, 3.5)`,
      kind: 'integer',
      default: a.strength,
      min: 1,
      max: 12,
      provenance: ['1S', '16', '1E', '4S'].includes(a.id) ? 'rules' : recon,
      source: a.source,
    }),
  ),
  ...armies
    .filter((a) => a.start_hex !== undefined && /^\d{4}$/.test(a.start_hex))
    .map(
      (a): ParameterDef => ({
        id: `setup${a.id}`,
        description: `set-up hex of Soviet army ${a.id} (3.5)`,
        kind: 'location',
        default: a.start_hex!,
        provenance: a.id === '1S' ? 'rules' : provenanceOf(a.source) === 'rules' ? 'rules' : recon,
        source: a.source,
      }),
    ),
];

/** Everything a game needs from its setup, as plain data (it travels inside the state). */
export interface Cfg {
  readonly hit: HitTable;
  readonly clearCost: number;
  readonly forestCost: number;
  /** Per hex: 1 forest, 0 clear. */
  readonly forest: number[];
  /** Per hex: 1 fortified locality (10.13). */
  readonly fortified: number[];
  /** Per hex: 1 in the 34-hex K-area (4.3). */
  readonly kArea: number[];
  readonly sovietStart: number[];
  readonly pool: { readonly mech: number; readonly nonMech: number; readonly security: number };
  /** German reinforcements per turn (index = turn). */
  readonly reinforcements: number[];
  readonly armies: {
    readonly id: string;
    readonly type: 'shock' | 'combined' | 'engineer';
    readonly full: number;
    readonly hex: number;
  }[];
  /** SCS 2.10: MF per turn (index = turn). */
  readonly mf: number[];
  readonly replacements: number;
  readonly replacementsFrom: number;
  // Variants
  readonly viiiGuderianCumulative: boolean;
  readonly markerInGarrison: boolean;
  readonly breakoutPocketOnly: boolean;
  readonly shockDoubleSix: boolean;
  readonly reliefIgnoresSupport: boolean;
  readonly mutualWipeoutSovietWin: boolean;
  readonly heldAsDefense: boolean;
  readonly reliefKeepsPrimary: boolean;
  readonly pocketFortifiedOnly: boolean;
  readonly fourthShockLost: boolean;
  readonly hostAdjacent: boolean;
  readonly poolEmptyOnDraw: boolean;
  readonly reliefToTheDeath: boolean;
}

/** SCS 10.13: the three fortified localities the rules name. */
export const KNOWN_FORTIFIED = hexesWhere((h) => h.fortified === 'known');

function hexFlags(list: readonly string[], what: string): number[] {
  const flags = new Array<number>(scsMap.size).fill(0);
  for (const id of list) {
    if (!scsMap.has(id)) throw new Error(`parameter ${what}: hex ${id} is not on the SCS map (1000-2716)`);
    flags[scsMap.index(id)] = 1;
  }
  return flags;
}

/** The Cfg of a setup (built afresh: a game's state carries its own, never modified). */
export function resolveConfig(setup: GameSetup): Cfg {
  const p = (id: string): ParamValue => {
    const v = setup.params[id];
    if (v !== undefined) return v;
    const d = parameters.find((x) => x.id === id);
    if (d === undefined) throw new Error(`unknown SCS parameter ${id}`);
    return d.default;
  };
  const num = (id: string) => p(id) as number;
  const list = (id: string) => p(id) as readonly string[];
  const set = p('crtSet') as string;
  const hit: HitTable =
    set === 'custom'
      ? (Object.fromEntries(CRT_COLUMNS.map((c) => [c, num(hitParamId(c))])) as HitTable)
      : { ...CRT_SETS[set as 'A' | 'B' | 'E'] };
  if (set !== 'custom') hit.vi = num(hitParamId('vi'));
  const reinforcements = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const r of oobData.german.reinforcements_recon)
    reinforcements[r.turn] = num(`reinforcementsTurn${r.turn}`);
  const mf = [0, ...oobData.turns.map((t) => t.soviet_mf)];
  return {
    hit,
    clearCost: num('clearCost'),
    forestCost: num('forestCost'),
    forest: hexFlags(list('forestHexes'), 'forestHexes'),
    fortified: hexFlags([...KNOWN_FORTIFIED, ...list('fortifiedCandidates')], 'fortifiedCandidates'),
    kArea: hexFlags(list('kAreaHexes'), 'kAreaHexes'),
    sovietStart: hexFlags(list('sovietStartHexes'), 'sovietStartHexes'),
    pool: { mech: num('poolMechanized'), nonMech: num('poolNonMechanized'), security: num('poolSecurity') },
    reinforcements,
    armies: armies.map((a) => {
      const hexParam = parameters.some((x) => x.id === `setup${a.id}`)
        ? (p(`setup${a.id}`) as string)
        : undefined;
      if (hexParam !== undefined && !scsMap.has(hexParam))
        throw new Error(`parameter setup${a.id}: hex ${hexParam} is not on the SCS map`);
      return {
        id: a.id,
        type: a.type,
        full: num(`strength${a.id}`),
        hex: hexParam === undefined ? -1 : scsMap.index(hexParam),
      };
    }),
    mf,
    replacements: oobData.soviet.replacements_per_turn.value,
    replacementsFrom: oobData.soviet.replacements_per_turn.from_turn,
    viiiGuderianCumulative: !setup.variants.has(V.errataEitherOrBoth),
    markerInGarrison: setup.variants.has(V.markerInGarrison),
    breakoutPocketOnly: setup.variants.has(V.breakoutPocketOnly),
    shockDoubleSix: setup.variants.has(V.shockDoubleSix),
    reliefIgnoresSupport: setup.variants.has(V.reliefIgnoresSupport),
    mutualWipeoutSovietWin: setup.variants.has(V.mutualWipeoutSovietWin),
    heldAsDefense: setup.variants.has(V.heldAsDefense),
    reliefKeepsPrimary: setup.variants.has(V.reliefKeepsPrimary),
    pocketFortifiedOnly: setup.variants.has(V.pocketFortifiedOnly),
    fourthShockLost: setup.variants.has(V.fourthShockLost),
    hostAdjacent: setup.variants.has(V.hostAdjacent),
    poolEmptyOnDraw: setup.variants.has(V.poolEmptyOnDraw),
    reliefToTheDeath: setup.variants.has(V.reliefToTheDeath),
  };
}
