/** The rules in force for one game: scenario, variants and parameters resolved into `DcRules`, checked. */
import { quote, UserError } from '../../core/errors.js';
import type { GameSetup } from '../../core/game.js';
import { memoizeWeak } from '../../core/memo.js';
import { dcData, type UnitTypeDef } from './data.js';
import { mapKey } from './map.js';

/** A unit type as played under the resolved parameters. */
export interface TypeRule extends UnitTypeDef {
  /** DC 13.B.2: losses the unit survives (major FF, minor FF-1 or 0 by variant). */
  readonly limit: number;
  /** DC 8.C.3.a: losses survived out of supply, for a type whose counter gives a lower FF there (the Shock Army: 1 hit). */
  readonly limitOos?: number;
}

export interface DcRules {
  /** DC 2.A: the Introductory level uses its units only (`types` holds the level's types, intro first). */
  readonly level: 'intro' | 'advanced';
  /** DC 13.B.7 (variant hq-support): an HQ adds its FF flat rather than +1 per supported unit up to its FF. */
  readonly hqFlat: boolean;
  /** DC 13.B.7, 13.A.4 (variant air-hq-order): HQ support is added after the German air multiplier. */
  readonly hqAfterAir: boolean;
  /** DC 12.B (variant armour-cap): Panzer HQs count as armour against a line's armour limit. */
  readonly pzhqArmour: boolean;
  /** DC 17.B (variant sov-air-absorb): isolated Soviet air may absorb losses. */
  readonly airAbsorbsIsolated: boolean;
  /** DC 13.A.3 (variant sov-air-alone): Soviet air adds to attacking fire only with undispersed ground units. */
  readonly airNeedsUndispersed: boolean;
  /** DC 21 (variant paratroops): the optional Soviet parachute rule is in force. */
  readonly paratroops: boolean;
  /** DC 13.B.7 (variant hq-scope): a Panzer HQ supports armour units only. */
  readonly pzhqArmourOnly: boolean;
  /** DC 13.B.4.a (variant retreat-cap): retreats share the phase's line loads and the armour limit. */
  readonly retreatShared: boolean;
  /** DC 21.F vs 8.C.3.f (variant para-build): a parachute corps takes two rifle armies. */
  readonly paraTwoArmies: boolean;
  /** DC 21.B.3 (variant para-escort): each parachute unit needs its own escort. */
  readonly paraEscortPerUnit: boolean;
  /** DC 21.B.1 (variant escort-attack): the escort stays on its point. */
  readonly paraEscortStays: boolean;
  /** DC 21.B.4 (variant para-shot): any defending unit may take the free shot's losses. */
  readonly paraShotAny: boolean;
  /** DC 21.C (variant para-break-off): paratroops lost only on a chosen break-off. */
  readonly paraLostChosenOnly: boolean;
  /** DC 8.B (variant defection): a defecting ally's home points pass to the Soviets. */
  readonly defectionSoviet: boolean;
  /** DC 9.A-B (variant sea-cap): sea moves do not use the strategic allowance. */
  readonly seaFree: boolean;
  /** DC 8.A vs 9.A (variant repl-strat): this turn's dispersed replacements may move strategically. */
  readonly replStratAllowed: boolean;
  /** DC 20 (variant azov): the Sea of Azov goes with Sevastopol alone. */
  readonly azovSevastopol: boolean;
  /** DC 9.B (variant kerch-port): Kerch, a port on both seas, reaches either without crossing the straits. */
  readonly kerchPortBoth: boolean;
  /** DC 14.A (variant second-point): both sides' breakthrough units take the unopposed second point. */
  readonly secondPointAll: boolean;
  /** DC 8.B (variant ger-repl-entry): rebuilt German units enter at any Axis point in German supply. */
  readonly gerReplAny: boolean;
  /** DC 13.B.4.b, 20 (variant retreat-control): a retreat into an enemy-controlled point takes it. */
  readonly retreatTakesControl: boolean;
  /** DC 7.A note c (variant 1944-air): the May 1944 air unit is the window itself. */
  readonly may44InWindow: boolean;
  /** DC 13.B.8 (variant allout-timing): in normal combat the attacker declares before his own first die. */
  readonly allOutOwnDie: boolean;
  /** DC 12.D vs 14.B.6 (variant hw-bt-unopposed): the breakthrough highway double step may end in an assault. */
  readonly hwBtFirstEmpty: boolean;
  /** DC 13.A.4, 14.B.4 (variant hw-bt-air): German air may accompany a breakthrough highway double step. */
  readonly hwBtEscort: boolean;
  /** DC 13.B.7 (variant hq-fallback): no HQ supports once the D-22 choice cannot. */
  readonly hqFallbackNone: boolean;
  /** DC 9.A (variant box-cap): a strategic re-entry from the off-map box takes no allowance. */
  readonly boxCapOnce: boolean;
  /** DC 9.A.3 (variant box-arrivals): at most 3 units end a strategic move in the off-map box per phase. */
  readonly boxArrivals3: boolean;
  /** DC 2.B.3.a.i, b.i (variant box-on-map): units held in an off-map box count as on the map. */
  readonly boxInPlay: boolean;
  /** DC 5.D, 9.A (variant hun-box): a held Hungarian army may enter the west box (and re-enter into Hungary only). */
  readonly hunBoxAllowed: boolean;
  /** DC 1.B note vs 14.A (variant axis-cav-bt): Axis cavalry that breaks through. */
  readonly axisCavBt: 'allies' | 'none' | 'all';
  /** DC 2.B.1-3, from the scenario. */
  readonly version: DcVersion;
  /** DC 3.A (variant start): June, May, or the Axis decides (D-1). */
  readonly start: 'june' | 'may' | 'policy';
  /** DC 3.B (variant free-setup): fixed, free, or each side decides (D-2, D-3). */
  readonly setupChoice: 'fixed' | 'free' | 'policy';
  /** DC 18 (variant pregame-fort): every Soviet border unit tries, not only the fortifiable types. */
  readonly pregameFortAll: boolean;
  /** DC 3.A (variant may-mud-sides): Soviet assaults in May 1941 roll for mud too. */
  readonly mayMudAll: boolean;
  /** DC 3.A (variant may-air): German air may not support an assault at a point rolled Mud in May 1941. */
  readonly mayAirGoodOnly: boolean;
  /** DC 3.C.3 (variant sib-first-call): the Siberian Reserve may be called in the first game turn. */
  readonly sibCallTurn1: boolean;
  /** DC 3.C.3.c (variant crisis-pace): the earlier reading, ceil(k/3) of each type by crisis turn k, basic units only. */
  readonly crisisPaceType: boolean;
  /** DC 8.C.3.e (variant gta-number): tank army and Guards tank army counters are numbered; the same number is not on the map twice. */
  readonly gtaNumbered: boolean;
  /** DC 3.C.2 (variant sib-comp): any composite may be formed from the Siberian Reserve, not only the three named. */
  readonly sibCompAny: boolean;
  /** DC 5.D (variant hun-release): only one Hungarian army may ever leave Hungary before the Soviet trigger. */
  readonly hunOneEver: boolean;
  /** DC 2.B.1.c (variant mutual-draw): the players are asked about a draw by agreement (D-40). */
  readonly mutualDraw: boolean;
  /** DC 15.B (variant recovery-losses): losses stay with a unit after it recovers. */
  readonly lossesPersist: boolean;
  /** DC 2.B.1.a (variant factory-vp): the Soviet point lost per factory pair comes off his home points. */
  readonly factoryVpHome: boolean;
  readonly mapKey: string;
  readonly types: readonly TypeRule[];
  /** CRT rows per column 1..M: losses for die 1..6 (DC 13.B.2). */
  readonly crt: readonly (readonly number[])[];
  readonly maxColumn: number;
  /** [side][class] -> [total, armour] (DC 12.A). */
  readonly lineCap: readonly (readonly (readonly [number, number])[])[];
  readonly isolationTwoPhases: boolean;
  readonly vpRateAnyCity: boolean;
  readonly fortressFireReduced: boolean;
  readonly fortressFirst: boolean;
  readonly allOutMultiplied: boolean;
  readonly lwAllies: 'text' | 'german-only' | 'all-axis';
  /** Variant lw-lines (DC 13.A.4): German air moves one line per Axis turn instead of being placed freely. */
  readonly lwLines: boolean;
  readonly orderFpRaw: boolean;
  readonly armourNoAttack: boolean;
  readonly marchC2: 'snow' | 'mud' | 'good';
  /**
   * 1E-errata 2 (variant winter-col2): null when Dec-Feb are Snow in both columns (the data); under
   * winter-col2-1st, the weather of column 2 in Dec, Jan and Feb (parameter winter-col2-weather).
   */
  readonly winterC2: 'snow' | 'mud' | 'good' | null;
  readonly maySwapped: boolean;
  readonly drawOwnTurn: boolean;
  readonly memelInfantry: number;
  /** DC 7.B.1 (variant finland-set): the points of Finland. */
  readonly finland: readonly string[];
  /** DC 7.B.3: the Arctic Weather Line points (data/dc.json, reconstructed). */
  readonly arcticLine: readonly string[];
  /** DC 12.0 vs 19 (variant partisan-removal). */
  readonly partisanDestroyed: boolean;
  /** DC 19 (variant partisan-order): partisans are placed before the isolation check. */
  readonly partisansBefore: boolean;
  /** DC 16 variant bt-halving: per unit (16) rather than the side's total (14.A). */
  readonly btPerUnit: boolean;
  /** DC 23.2: Rostov and Dnepropetrovsk are replacement centres (2nd edition). */
  readonly centres2nd: boolean;
  /** DC 5.B, designer's notes: Soviet first-turn infantry replacements. */
  readonly sovT1Inf: 'none' | 'half' | 'full';
  /** DC 8.A.2 variant sov-pool: only eliminated counters may be produced. */
  readonly poolDeadOnly: boolean;
  /** DC 8.A.2.a variant ryt-supply. */
  readonly rytNeedsSupply: boolean;
  /** DC 8.A.2.c (parameter sib-repl-scale): units per Siberian replacement symbol. */
  readonly sibReplScale: number;
  /** R-202 (variant sov-air-overrun): Soviet air alone under Axis attack retreats (else eliminated). */
  readonly airAloneRetreats: boolean;
  /**
   * DC 2.B.1 (parameter vp-chart): the yearly victory chart in force (data/dc.json victory, reconstructed
   * but the printed Dec 1941 Axis 7+7), with the Axis enemy-VP requirement shifted by the chart reading.
   */
  readonly victoryYears: readonly VictoryYear[];
  /** DC 3.C (parameters sib-reserve-*): Siberian Reserve units per wave [infantry, armour, artillery, cavalry]. */
  readonly sibPerWave: readonly [number, number, number, number];
  /** DC 8.A.2 (parameter sov-counter-mix): Soviet counters of each type id in the mix, scaled. */
  readonly counterMix: Readonly<Record<string, number>>;
  /**
   * DC 8.A.1.a (parameter ger-repl-table): years between the game year and the German replacement
   * chart row read (-1 lean: the year before's row; +1 rich: the year after's; the rows grow by year).
   */
  readonly gerReplShift: -1 | 0 | 1;
}

/** One year of the victory chart: [home, enemy] requirements, the December ones where they differ. */
export interface VictoryYear {
  readonly year: number;
  readonly axis: readonly [number, number];
  readonly axisDec: readonly [number, number] | null;
  readonly soviet: readonly [number, number];
  readonly sovietDec: readonly [number, number] | null;
}

/** The victory chart under parameter vp-chart: the Axis enemy-VP requirement -1 (axis-easier) or +1 (axis-harder) every month. */
export function victoryChart(reading: string): VictoryYear[] {
  const shift = reading === 'axis-easier' ? -1 : reading === 'axis-harder' ? 1 : 0;
  const axis = (r: readonly number[]): [number, number] => [r[0]!, Math.max(0, r[1]! + shift)];
  return dcData.victory.years.map((y) => ({
    year: y.year,
    axis: axis(y.axis),
    axisDec: y.axisDec === null ? null : axis(y.axisDec),
    soviet: [y.soviet[0]!, y.soviet[1]!],
    sovietDec: y.sovietDec === null ? null : [y.sovietDec[0]!, y.sovietDec[1]!],
  }));
}

/** The Soviet counter mix (data/dc.json counterMix) scaled by `percent` (parameter sov-counter-mix), rounded. */
export function counterMixOf(percent: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, n] of Object.entries(dcData.counterMix))
    if (typeof n === 'number') out[id] = Math.round((n * percent) / 100);
  return out;
}

export type DcVersion = 'tournament' | 'tournament-campaign' | 'campaign';

/** DC 2.B: the version a scenario plays. */
export const SCENARIO_VERSION: Readonly<Record<string, DcVersion>> = {
  'intro-tournament': 'tournament',
  'intro-tournament-campaign': 'tournament-campaign',
  'intro-campaign': 'campaign',
  'adv-tournament': 'tournament',
  'adv-tournament-campaign': 'tournament-campaign',
  'adv-campaign': 'campaign',
};

/** The CRT for a divisor: losses = round(column x die / divisor), columns 1..24 (docs/games/dc.md "Chance and odds"). */
export function crtTable(divisor: number, maxColumn = 24): number[][] {
  const out: number[][] = divisor === 7 ? dcData.crt.table.map((r) => [...r]) : [];
  for (let c = out.length + 1; c <= maxColumn; c++)
    out.push([1, 2, 3, 4, 5, 6].map((d) => Math.round((c * d) / divisor)));
  return out;
}

function int(setup: GameSetup, id: string, fallback: number): number {
  const v = setup.params[id];
  return typeof v === 'number' ? v : fallback;
}

function resolve(setup: GameSetup): DcRules {
  const v = setup.variants;
  const minorOneHit = v.has('minor-one-hit');
  const ffOf = (id: string, base: number) => int(setup, `ff-${id}`, base);
  const level = setup.scenario.startsWith('adv-') ? 'advanced' : 'intro';
  // DC 2.A.1: the Introductory level's types only (they come first in the data, so indices agree)
  const levelTypes = dcData.unitTypes.filter((t) => level === 'advanced' || t.level === 'intro');
  const types: TypeRule[] = levelTypes.map((t) => {
    const ff = ffOf(t.id, t.ff);
    // DC 13.B.7: a single hit destroys an HQ, whatever its support value; variant armour-cap
    if (t.role === 'hq' || t.role === 'stavka')
      return { ...t, ff, limit: 0, armour: t.id === 'ger-pzhq' && v.has('pzhq-armour') };
    const limitOf = (f: number) => (t.major ? f : minorOneHit ? 0 : Math.max(0, f - 1));
    // DC 8.C.3.a: "Unfortified it needs 2 hits in supply and 1 out of supply" (the limit of its FF there)
    if (t.ffOutOfSupply !== undefined)
      return { ...t, ff, limit: limitOf(ff), limitOos: limitOf(t.ffOutOfSupply) };
    return { ...t, ff, limit: limitOf(ff) };
  });
  const memel = int(setup, 'memel-infantry', 2);
  if (memel > 3)
    throw new UserError(
      `field params.memel-infantry: ${memel} infantry corps at Memel exceed its set-up stacking limit of 3 infantry corps (DC 3.B.1), got ${quote(memel)}`,
    );
  const kon = dcData.setup.axis.filter((e) => e.point === 'KON' && e.type === 'ger-inf');
  const konInf = kon.reduce((a, e) => a + e.count, 0);
  if (memel > 2 + konInf)
    throw new UserError(
      `field params.memel-infantry: only ${2 + konInf} infantry corps can be set up at Memel and Konigsberg, got ${quote(memel)}`,
    );
  const ends = (setup.params['lublin-line'] as readonly string[] | undefined) ?? ['LUB', 'ROV'];
  const cls = String(setup.params['lublin-line-class'] ?? 'minor');
  let extra = '';
  if (cls !== 'none') {
    const [a, b] = ends as [string, string];
    if (a === b)
      throw new UserError(
        `field params.lublin-line: a line must join two different points, got ${quote(ends)}`,
      );
    if (dcData.lines.some((l) => (l.a === a && l.b === b) || (l.a === b && l.b === a)))
      throw new UserError(
        `field params.lublin-line: ${a} and ${b} are already joined by a line, got ${quote(ends)}`,
      );
    extra = `${a}-${b}:${cls}`;
  }
  const cap = (s: 'axis' | 'soviet') =>
    (['major', 'minor', 'inferior'] as const).map(
      (c) => dcData.lineCapacity[s][c] as readonly [number, number],
    );
  return {
    level,
    hqFlat: v.has('hq-flat'),
    hqAfterAir: v.has('hq-added-after'),
    pzhqArmour: v.has('pzhq-armour'),
    airAbsorbsIsolated: v.has('air-absorbs-if-isolated'),
    airNeedsUndispersed: v.has('sov-air-needs-undispersed-ground'),
    paratroops: v.has('paratroops-on'),
    pzhqArmourOnly: v.has('pzhq-armour-only'),
    retreatShared: v.has('retreat-shared'),
    paraTwoArmies: v.has('para-two-armies'),
    paraEscortPerUnit: v.has('escort-per-unit'),
    paraEscortStays: v.has('escort-stays'),
    paraShotAny: v.has('shot-any-defender'),
    paraLostChosenOnly: v.has('para-lost-chosen-break-off'),
    defectionSoviet: v.has('defection-soviet'),
    seaFree: v.has('sea-free'),
    replStratAllowed: v.has('repl-strat-allowed'),
    azovSevastopol: v.has('azov-sevastopol'),
    kerchPortBoth: v.has('kerch-port-both'),
    secondPointAll: v.has('second-point-all'),
    gerReplAny: v.has('ger-repl-any'),
    retreatTakesControl: v.has('retreat-takes-control'),
    may44InWindow: v.has('may44-in-window'),
    allOutOwnDie: v.has('allout-before-own-die'),
    hwBtFirstEmpty: v.has('hw-bt-first-empty'),
    hwBtEscort: v.has('hw-bt-escort'),
    hqFallbackNone: v.has('hq-fallback-none'),
    boxCapOnce: v.has('box-cap-once'),
    boxArrivals3: v.has('box-arrivals-3'),
    boxInPlay: v.has('box-in-play'),
    hunBoxAllowed: v.has('hun-box-allowed'),
    axisCavBt: v.has('axis-cav-none') ? 'none' : v.has('axis-cav-all') ? 'all' : 'allies',
    version: SCENARIO_VERSION[setup.scenario] ?? 'tournament',
    start: v.has('start-may') ? 'may' : v.has('start-policy') ? 'policy' : 'june',
    setupChoice: v.has('setup-free') ? 'free' : v.has('setup-policy') ? 'policy' : 'fixed',
    pregameFortAll: v.has('pregame-fort-all'),
    mayMudAll: v.has('may-mud-all-assaults'),
    mayAirGoodOnly: v.has('may-air-good-points-only'),
    sibCallTurn1: v.has('sib-call-from-turn-1'),
    crisisPaceType: v.has('crisis-pace-type'),
    gtaNumbered: v.has('gta-numbered'),
    sibCompAny: v.has('sib-comp-any'),
    hunOneEver: v.has('hun-one-ever'),
    mutualDraw: v.has('mutual-draw-on'),
    lossesPersist: v.has('losses-persist'),
    factoryVpHome: v.has('factory-vp-home'),
    mapKey: mapKey({
      lines2nd: !v.has('lines-1st'),
      fortresses2nd: !v.has('fortresses-1st'),
      kievClass: v.has('kiev-class-2') ? 2 : 3,
      extraLine: extra,
    }),
    types,
    crt: crtTable(int(setup, 'crt-divisor', 7), int(setup, 'crt-max-column', 24)),
    maxColumn: int(setup, 'crt-max-column', 24),
    lineCap: [cap('axis'), cap('soviet')],
    isolationTwoPhases: v.has('iso-two-phases'),
    vpRateAnyCity: v.has('vp-rate-any-vp-city'),
    fortressFireReduced: v.has('fortress-fire-reduced'),
    fortressFirst: v.has('fortress-first'),
    allOutMultiplied: !v.has('allout-unmultiplied'),
    lwAllies: v.has('lw-german-only') ? 'german-only' : v.has('lw-all-axis') ? 'all-axis' : 'text',
    lwLines: v.has('lw-lines'),
    orderFpRaw: v.has('order-fp-raw'),
    armourNoAttack: v.has('armour-no-attack'),
    marchC2: v.has('march-c2-mud') ? 'mud' : v.has('march-c2-good') ? 'good' : 'snow',
    winterC2: v.has('winter-col2-1st')
      ? (String(setup.params['winter-col2-weather'] ?? 'mud') as 'snow' | 'mud' | 'good')
      : null,
    maySwapped: v.has('spring-may-swapped'),
    drawOwnTurn: v.has('draw-own-turn'),
    memelInfantry: memel,
    finland: v.has('finland-plus-viborg') ? ['HEL', 'KUO', 'VIB'] : ['HEL', 'KUO'],
    arcticLine: dcData.arcticLine.points,
    partisanDestroyed: v.has('partisan-destroyed'),
    partisansBefore: v.has('partisans-before-supply'),
    btPerUnit: v.has('bt-per-unit-16'),
    centres2nd: !v.has('centres-1st'),
    sovT1Inf: v.has('t1-inf-full') ? 'full' : v.has('t1-inf-half') ? 'half' : 'none',
    poolDeadOnly: v.has('pool-dead-only'),
    rytNeedsSupply: !v.has('ryt-control-only'),
    sibReplScale: int(setup, 'sib-repl-scale', 1),
    airAloneRetreats: !v.has('air-alone-eliminated'),
    victoryYears: victoryChart(String(setup.params['vp-chart'] ?? 'recon')),
    sibPerWave: [
      int(setup, 'sib-reserve-inf', dcData.siberianReserve.perWave.infantry),
      int(setup, 'sib-reserve-armour', dcData.siberianReserve.perWave.armor),
      int(setup, 'sib-reserve-art', dcData.siberianReserve.perWave.artillery),
      int(setup, 'sib-reserve-cav', dcData.siberianReserve.perWave.cavalry),
    ],
    counterMix: counterMixOf(int(setup, 'sov-counter-mix', 100)),
    gerReplShift: ({ lean: -1, rich: 1 } as const)[String(setup.params['ger-repl-table'])] ?? 0,
  };
}

/** The rules of a setup, resolved once per setup object. */
export const resolveRules = memoizeWeak(resolve);
