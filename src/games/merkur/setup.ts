/**
 * The rules in force and the initial state (Merkur 1.2, 3.1, 13.0 from data, 12.0 fixed
 * placements): scenario, variants and parameters resolved and checked once at start.
 */
import { quote, UserError } from '../../core/errors.js';
import type { GameSeed, GameSetup } from '../../core/game.js';
import { newRngState } from '../../core/rng.js';
import { merkurData } from './data.js';
import { MAP, zoneIndex } from './map.js';
import { HISTORICAL_DROPS, parameters } from './parameters.js';
import { MERKUR_STATS } from './record.js';
import type { MerkurRules, MerkurState, MUnit } from './state.js';
import { variants } from './variants.js';

function num(setup: GameSetup, id: string): number {
  const v = setup.params[id];
  const p = parameters.find((x) => x.id === id)!;
  return typeof v === 'number' ? v : (p.default as number);
}

function str(setup: GameSetup, id: string): string {
  const v = setup.params[id];
  const p = parameters.find((x) => x.id === id)!;
  return typeof v === 'string' ? v : (p.default as string);
}

function zoneList(setup: GameSetup, id: string): string[] {
  const v = setup.params[id];
  if (v === undefined) return [...HISTORICAL_DROPS];
  if (typeof v === 'string') return v.split(',').map((x) => x.trim());
  return [...(v as readonly string[])];
}

/** Resolves and checks the rules of one game (UserError naming the field and value). */
export function resolveRules(setup: GameSetup): MerkurRules {
  // built in one go (Object.fromEntries): assigned key by key, an object of this many keys turns
  // into a hash table and every `rules.v[...]` read in the hot loops becomes a lookup
  const v: Record<string, boolean> = Object.fromEntries(
    variants.map((x) => [x.id, setup.variants.has(x.id)]),
  );
  const drops = zoneList(setup, 'germanDropZones');
  const per = new Map<string, number>();
  for (const z of drops) {
    if (!MAP.index.has(z))
      throw new UserError(
        `field params.germanDropZones: parameter germanDropZones: ${quote(z)} is not a zone of the map`,
      );
    per.set(z, (per.get(z) ?? 0) + 1);
  }
  for (const [z, n] of per)
    if (n > 6 && !MAP.strategic[zoneIndex(z)])
      throw new UserError(
        `field params.germanDropZones: parameter germanDropZones: zone ${quote(z)} receives ${n} German units, over the stacking limit of 6 (Merkur 5.1)`,
      );
  return {
    solitaire: setup.scenario === 'solitaire',
    v,
    airLandingPerTurn: num(setup, 'airLandingPerTurn'),
    convoyB2Turn: num(setup, 'convoyB2Turn'),
    reducedRule: str(setup, 'reducedRule') as MerkurRules['reducedRule'],
    townSecondaire: num(setup, 'townSecondaire'),
    townPrincipale: num(setup, 'townPrincipale'),
    rethymnonGarrison: num(setup, 'rethymnonGarrison'),
    preinvasionStrength: 8,
    dropZones: drops.map(zoneIndex),
    soloInitiative: str(setup, 'soloInitiative') as 'never' | 'simple',
    soloResidual: str(setup, 'soloResidual') as 'fixed' | 'random',
  };
}

/** 12.0 (M-59): the fixed solitaire placements. */
export const SOLO_FIXED: Readonly<Record<string, string>> = {
  Freyberg: '16',
  '1 Argylls': 'F',
  '7 RTR Matilda C': 'F',
  Vasey: 'C',
  '2/7 Aus': 'C',
  '2/8 Aus': 'C',
};

/** 12.0 (M-58): the EMs drawn from the cup. */
export const SOLO_DRAWN_EMS: readonly string[] = ['Hargest', 'Inglis', 'Kippenberger', 'Weston', 'Chappel'];

export function startGame(setup: GameSetup, seed: GameSeed): MerkurState {
  const rules = resolveRules(setup);
  const gMA = num(setup, 'germanMA');
  const cMA = num(setup, 'cwMA');
  const cwA = num(setup, 'cwInfantryAttack');
  const cwD = num(setup, 'cwInfantryDefence');
  const pA = num(setup, 'paraAttack');
  const mA = num(setup, 'mountainAttack');
  const units: MUnit[] = [];
  // each unit is one literal (fields spelled out, not spread from a shared base): a spread into a
  // literal this size built every unit at many times the cost
  for (const g of merkurData.german) {
    const infantry = g.type === 'para' || g.type === 'mountain' || g.type === 'em';
    let a = g.a;
    if (g.type === 'para') a = g.glider ? pA + 1 : pA;
    if (g.type === 'mountain' && g.a === 5) a = mA;
    units.push({
      zone: -1,
      status: 'pool',
      reduced: false,
      dispersed: false,
      dispersedTurn: 0,
      fired: false,
      acted: false,
      supported: false,
      id: g.id,
      side: 0,
      type: g.type,
      a,
      d: g.d,
      m: infantry && g.m === 4 ? gMA : g.m,
      art: g.art ?? 0,
      aa: 0,
      group: g.type === 'em' ? null : (g.regt ?? null),
      cmd: g.cmd ?? null,
      divisional: g.divisional ?? false,
      fixed: false,
      glider: g.glider ?? false,
      maori: false,
      home: -1,
    });
  }
  for (const c of merkurData.commonwealth) {
    const inf = c.type === 'infantry';
    units.push({
      zone: -1,
      status: 'pool',
      reduced: false,
      dispersed: false,
      dispersedTurn: 0,
      fired: false,
      acted: false,
      supported: false,
      id: c.id,
      side: 1,
      type: c.type,
      a: inf && c.a === 4 ? cwA : c.a,
      d: inf && c.d === 5 ? cwD : c.d,
      m: (inf || c.type === 'em') && c.m === 3 ? cMA : c.m,
      art: c.art ?? 0,
      aa: c.aa ?? 0,
      group: c.type === 'em' ? null : (c.bde ?? null),
      cmd: c.cmd ?? null,
      divisional: c.divisional ?? false,
      fixed: c.fixed ?? false,
      glider: false,
      maori: c.maori ?? false,
      home: zoneIndex(c.zone),
    });
  }
  // RULES-CHECKLIST I-2: parameter rethymnonGarrison moves 2/1 and 2/11 Aus onto Rethymnon airfield
  const garrison = ['2/1 Aus', '2/11 Aus'].slice(0, rules.rethymnonGarrison);
  const home = (u: MUnit) => (garrison.includes(u.id) ? zoneIndex('26') : u.home);
  if (!rules.solitaire && !rules.v['cw-setup-free']) {
    for (const u of units)
      if (u.side === 1) {
        u.zone = home(u);
        u.status = 'map';
      }
  }
  const state: MerkurState = {
    rng: newRngState(seed.masterSeed, seed.gameIndex),
    rules,
    turn: 0,
    phase: 'setup',
    seq: 0,
    units,
    air: merkurData.air.map((a) => ({ id: a.id, bomb: a.bomb, reduced: false, lost: false, flownDay: 0 })),
    fort: new Array<number>(MAP.count).fill(0),
    control: MAP.ids.map((_, z) => (MAP.objective[z] && rules.v['initial-cw'] ? 1 : -1)),
    soleAtStart: new Array<number>(MAP.count).fill(-1),
    initiative: 0,
    initiativeUsed: false,
    activated: new Array<number>(MAP.count).fill(0),
    cwMoves: 0,
    airSupport: 0,
    airQueue: 0,
    airQueueIds: [],
    b1: { units: [], fate: 3, landTurn: 0, delays: 0, landed: false, back: [] },
    b2Landed: false,
    beachAssaults: [],
    paraLosses: [],
    solo: { laterMaps: [], containers: {}, emMap: {} },
    stack: [],
    pending: null,
    over: false,
    decisions: 0,
    stats: MERKUR_STATS.zero(),
    airfieldFirst: [-1, -1, -1],
    firstAirLanding: -1,
    cwMovesT15: 0,
    luftwaffeTurn: 0,
    rnTestTurn: 6,
  };
  const idx = new Map(units.map((u, i) => [u.id, i]));
  // 5.4 (RULES-CHECKLIST I-5): convoy B1, grown from the queue's mountain battalions by convoyB1Size
  const b1 = merkurData.convoyB1.map((id) => idx.get(id)!);
  const queue = merkurData.airLandingQueue.map((id) => idx.get(id)!);
  const extra = num(setup, 'convoyB1Size') - b1.length;
  for (let k = 0; k < extra; k++) {
    const j = queue.findLastIndex((i) => units[i]!.type === 'mountain');
    if (j < 0) break;
    b1.push(queue.splice(j, 1)[0]!);
  }
  state.b1.units = b1;
  state.airQueueIds = queue;
  return state;
}
