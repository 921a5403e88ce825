/**
 * SCS parameters: every number or table the rules do not fix (data/NOTES.md (c)), with provenance.
 * `resolveConfig` turns a GameSetup into the plain-data Cfg a game state carries.
 */
import { UserError } from '../../core/errors.js';
import type { GameSetup, ParameterDef, ParamValue } from '../../core/game.js';
import { checkParam } from '../../core/setup.js';
import { calibrationData, crtData, hexData, leversData, oobData } from './data.js';
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
const calibrated = calibrationData.params;
const CALIBRATION_RUN = `calibration.json, written by sandtable calibrate ${calibrationData.experiment} (seed ${calibrationData.seed}) --write-defaults`;
/** A parameter's default: the calibration run's value when it set one, else the reconstruction. */
function calibratedDefault<T extends ParamValue>(id: string, reconstruction: T): T {
  return (calibrated[id] ?? reconstruction) as T;
}
/** The source text of a parameter the calibration may set: where its default comes from. */
const calibratedSource = (id: string, reconstruction: string) =>
  calibrated[id] === undefined ? reconstruction : `${CALIBRATION_RUN}; reconstruction: ${reconstruction}`;
/** data/NOTES.md (c)1: default set B. */
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
/** data/NOTES.md (c)1: bracketing sets, harsh A and soft E. */
export const CRT_SETS: Record<'A' | 'B' | 'E', HitTable> = {
  A: fromSet(crtData.variants.harsh_A),
  B: CRT_B,
  E: fromSet(crtData.variants.soft_E),
};

const hitParamId = (c: CrtColumn) => `hitOn_${c}`;
/** The hit numbers a column may take: 1..7 (7: only a modified roll hits), the German columns narrowed by 7.5's order. */
const HIT_RANGE: Record<CrtColumn, readonly [number, number]> = {
  shockPrimary: [1, 7],
  shockSecondary: [1, 7],
  combined: [1, 7],
  mech: [1, 5],
  nonMech: [2, 6],
  security: [3, 7],
  vi: [1, 7],
};
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

const layouts = leversData.forestLayouts;
const fortLists = leversData.fortifiedLists;
const budget = leversData.counterBudget;
/**
 * SCS 2.1: German units one start-pool kind can have, with every other kind, the reinforcements
 * and the Soviet armies at their least: the counters less the markers and the Soviet floor.
 */
const POOL_ROOM = budget.counters - budget.markers - budget.germanSupportMarkers - budget.sovietFloor;
const reconForest = hexesWhere((h) => h.terrain_recon === 'forest');
/** Forest hexes of a named layout: the reconstruction's belts less the layout's clearings (levers.json). */
export const FOREST_LAYOUTS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(layouts).map(([name, l]) => {
    const clear = new Set(l.clearings);
    for (const h of clear)
      if (!reconForest.includes(h))
        throw new Error(`src/games/scs/data/levers.json: forestLayouts.${name}: ${h} is not a forest hex`);
    return [name, reconForest.filter((h) => !clear.has(h))];
  }),
);
/** Counters an army of `steps` steps takes (2.4: two steps a counter, 1S's 8 steps on four). */
const countersOf = (steps: number) => Math.ceil(steps / 2);
/** SCS 2.1: Soviet counters of the reconstructed counter mix (every army at its oob.json strength). */
export const RECON_SOVIET_COUNTERS = oobData.soviet.armies.reduce((n, a) => n + countersOf(a.strength), 0);
const choiceNote = (what: Record<string, { why: string }>) =>
  Object.entries(what)
    .map(([k, v]) => `${k}: ${v.why}`)
    .join(' | ');

export const parameters: readonly ParameterDef[] = [
  {
    id: 'crtSet',
    description:
      "CRT hit numbers: set B (Rampage pattern), harsh A, or custom (the hitOn_* parameters); the three German columns must keep mech < non-mech < security (7.5), so the data notes' soft bracketing set E (non-mechanized and security both hit on 6) is not a set to play: `odds scs --crt E` prints its odds",
    kind: 'choice',
    default: calibratedDefault('crtSet', 'B'),
    choices: ['A', 'B', 'custom'],
    provenance: recon,
    source: calibratedSource(
      'crtSet',
      'crt.json; NOTES (c)1 (CRT not found; modelled on Rampage), default set B',
    ),
  },
  ...CRT_COLUMNS.map(
    (c): ParameterDef => ({
      id: hitParamId(c),
      description: `modified die needed to hit, ${hitDescriptions[c]}; ${c === 'vi' ? 'used with every crtSet (A and B leave the VI IC column as it is)' : 'used when crtSet=custom'}`,
      kind: 'integer',
      default: calibratedDefault(hitParamId(c), CRT_B[c]),
      // 7.5: the German columns rise by type, mech < non-mech < security, so on a die of 1..7
      // mech tops out at 5, non-mech lies in 2..6 and security starts at 3.
      min: HIT_RANGE[c][0],
      max: HIT_RANGE[c][1],
      provenance: recon,
      source: calibratedSource(hitParamId(c), 'crt.json default set B'),
      ...(c === 'vi' ? {} : { appliesWhen: { param: 'crtSet', value: 'custom' } }),
    }),
  ),
  {
    id: 'clearCost',
    description: 'MF to enter a clear hex (9.10 TEC)',
    kind: 'integer',
    default: 1,
    min: 1,
    // 9.10: forest costs more than clear, and forestCost is at most 3
    max: 2,
    provenance: 'rules',
    source: 'SCS 9.3 example (two clear hexes cost two MF)',
  },
  {
    id: 'forestCost',
    description:
      'MF to enter a forest hex (9.10 TEC, not in the text); more than clearCost (9.10: forest is the terrain that costs)',
    kind: 'integer',
    default: calibratedDefault('forestCost', 2),
    min: 2,
    max: 3,
    provenance: recon,
    source: calibratedSource('forestCost', 'NOTES (c)2 terrain and TEC (clear 1, forest 2)'),
  },
  {
    id: 'forestLayout',
    description: `which hexes are forest (9.10): a named layout of levers.json, or custom (forestHexes). ${choiceNote(layouts)}`,
    kind: 'choice',
    default: calibratedDefault('forestLayout', 'belts'),
    choices: [...Object.keys(layouts), 'custom'],
    provenance: recon,
    source: calibratedSource('forestLayout', 'levers.json forestLayouts; NOTES (d)'),
  },
  {
    id: 'forestHexes',
    description: 'forest hexes (9.10; all others clear), used when forestLayout=custom',
    kind: 'locationList',
    default: reconForest,
    provenance: recon,
    source: 'hexes.csv terrain_recon (real forest zones)',
    appliesWhen: { param: 'forestLayout', value: 'custom' },
  },
  {
    id: 'fortifiedList',
    description: `fortified-locality candidates besides the known three (10.13): a named list of levers.json, or custom (fortifiedCandidates). ${choiceNote(fortLists)}`,
    kind: 'choice',
    default: calibratedDefault('fortifiedList', 'recon13'),
    choices: [...Object.keys(fortLists), 'custom'],
    provenance: recon,
    source: calibratedSource('fortifiedList', 'levers.json fortifiedLists; NOTES (c)2, (d)'),
  },
  {
    id: 'fortifiedCandidates',
    description:
      'fortified localities besides the known Kaluga 2211, Sukhinichi 2012, Yukhnov 2010 (10.13), used when fortifiedList=custom',
    kind: 'locationList',
    default: hexesWhere((h) => h.fortified === 'candidate'),
    provenance: recon,
    source: 'NOTES (c)2 fortified localities (towns not stormed historically)',
    appliesWhen: { param: 'fortifiedList', value: 'custom' },
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
  {
    id: 'sovietCounters',
    description: `counters of the Soviet armies (2.1: ${budget.counters} counters in all); the German start pool's non-mechanized units are the counters left (${budget.counters} - ${budget.markers} markers - ${budget.germanSupportMarkers} German support markers - reinforcements - mechanized - security - this). Below the armies' strengths, the largest reconstructed combined-arms armies lose 2 steps (a counter) at a time, none below ${budget.minArmySteps} steps`,
    kind: 'integer',
    default: calibratedDefault('sovietCounters', RECON_SOVIET_COUNTERS),
    min: budget.sovietFloor,
    max: RECON_SOVIET_COUNTERS,
    provenance: recon,
    source: calibratedSource(
      'sovietCounters',
      `levers.json counterBudget; NOTES (c)3, (d) (reconstruction: ${RECON_SOVIET_COUNTERS} Soviet counters, 44 non-mechanized pool units)`,
    ),
  },
  ...(
    [
      ['poolMechanized', 'mechanized', oobData.german.start_pool_recon.mechanized],
      ['poolSecurity', 'security', oobData.german.start_pool_recon.security],
    ] as const
  ).map(
    ([id, what, d]): ParameterDef => ({
      id,
      description: `German ${what} units in the start pool (3.3); the non-mechanized units follow from the counter budget (sovietCounters)`,
      kind: 'integer',
      default: d,
      min: 0,
      max: POOL_ROOM,
      provenance: recon,
      source: 'oob.json start_pool_recon (AGC Dec 1941, counter budget 188)',
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

// calibration.json's values must be values the parameters accept (the file is written by a run)
for (const [id, v] of Object.entries(calibrated)) {
  const d = parameters.find((x) => x.id === id);
  if (d === undefined)
    throw new Error(`src/games/scs/data/calibration.json: params.${id}: not an SCS parameter`);
  checkParam(d, v, `src/games/scs/data/calibration.json: params.${id}`);
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

/**
 * SCS 2.1, 2.4: the armies' full strengths (oob.json order) when the Soviet side has `counters`
 * counters: from the given strengths, the reconstructed combined-arms army with the most steps (the
 * first in oob order on a tie) gives up 2 steps (one counter) until the armies fit, none below
 * counterBudget.minArmySteps; the armies whose strengths the rules print (and 3S, a shock army like
 * 1S and 4S) keep theirs. Throws (UserError) when the strengths take fewer counters than asked or cannot shrink to it.
 */
export function counterMix(counters: number, strengths: readonly number[]): number[] {
  const out = [...strengths];
  let have = out.reduce((n, s) => n + countersOf(s), 0);
  if (have < counters)
    throw new UserError(
      `parameter sovietCounters: ${counters} is more than the ${have} counters the armies' strengths take (2.1, 2.4)`,
    );
  while (have > counters) {
    let k = -1;
    armies.forEach((a, i) => {
      if (budget.fixedStrengths.includes(a.id) || out[i]! - 2 < budget.minArmySteps) return;
      if (k < 0 || out[i]! > out[k]!) k = i;
    });
    if (k < 0)
      throw new UserError(
        `parameter sovietCounters: ${counters} counters cannot hold the armies at ${budget.minArmySteps}+ steps each (2.1; levers.json counterBudget)`,
      );
    have -= countersOf(out[k]!) - countersOf(out[k]! - 2);
    out[k] = out[k]! - 2;
  }
  return out;
}

/**
 * The rules' bounds on the reconstructed values (levers.json; data/NOTES.md (d)): forest costs more than
 * clear (9.10), the counters fit 2.1 (the German start pool cannot go negative) and the CRT keeps
 * the German types distinct, mechanized < non-mechanized < security hit numbers (7.5 designer's
 * note: "differentiated by type on the Combat Results Table"). Throws a UserError naming the parameters.
 */
export function checkRulesBounds(cfg: Cfg): void {
  if (cfg.forestCost <= cfg.clearCost)
    throw new UserError(
      `parameters forestCost ${cfg.forestCost}, clearCost ${cfg.clearCost}: forest must cost more MF than clear (9.10)`,
    );
  if (cfg.pool.nonMech < 0)
    throw new UserError(
      `parameters sovietCounters, poolMechanized, poolSecurity, reinforcementsTurn3-5: they leave ${cfg.pool.nonMech} non-mechanized units of the ${budget.counters} counters (2.1)`,
    );
  const h = cfg.hit;
  if (!(h.mech < h.nonMech && h.nonMech < h.security))
    throw new UserError(
      `CRT (crtSet or hitOn_mech/hitOn_nonMech/hitOn_security): German hit numbers mech ${h.mech}, non-mech ${h.nonMech}, security ${h.security} must rise by type, mech < non-mech < security (7.5: "differentiated by type on the CRT")`,
    );
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
      : { ...CRT_SETS[set as 'A' | 'B'] };
  if (set !== 'custom') hit.vi = num(hitParamId('vi'));
  const reinforcements = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const r of oobData.german.reinforcements_recon)
    reinforcements[r.turn] = num(`reinforcementsTurn${r.turn}`);
  const mf = [0, ...oobData.turns.map((t) => t.soviet_mf)];
  const layout = p('forestLayout') as string;
  const fortList = p('fortifiedList') as string;
  const full = counterMix(
    num('sovietCounters'),
    armies.map((a) => num(`strength${a.id}`)),
  );
  const mech = num('poolMechanized');
  const security = num('poolSecurity');
  // SCS 2.1: every counter the Soviet armies, the markers and the rest of the German side do not take
  const nonMech =
    budget.counters -
    budget.markers -
    budget.germanSupportMarkers -
    reinforcements.reduce((a, b) => a + b, 0) -
    mech -
    security -
    num('sovietCounters');
  return {
    hit,
    clearCost: num('clearCost'),
    forestCost: num('forestCost'),
    forest: hexFlags(layout === 'custom' ? list('forestHexes') : FOREST_LAYOUTS[layout]!, 'forestHexes'),
    fortified: hexFlags(
      [
        ...KNOWN_FORTIFIED,
        ...(fortList === 'custom' ? list('fortifiedCandidates') : fortLists[fortList]!.hexes),
      ],
      'fortifiedCandidates',
    ),
    kArea: hexFlags(list('kAreaHexes'), 'kAreaHexes'),
    sovietStart: hexFlags(list('sovietStartHexes'), 'sovietStartHexes'),
    pool: { mech, nonMech, security },
    reinforcements,
    armies: armies.map((a, i) => {
      const hexParam = parameters.some((x) => x.id === `setup${a.id}`)
        ? (p(`setup${a.id}`) as string)
        : undefined;
      if (hexParam !== undefined && !scsMap.has(hexParam))
        throw new Error(`parameter setup${a.id}: hex ${hexParam} is not on the SCS map`);
      return {
        id: a.id,
        type: a.type,
        full: full[i]!,
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
