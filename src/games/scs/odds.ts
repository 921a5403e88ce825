/**
 * `sandtable odds scs` (SCS 8.3-8.8, 10.1-10.14; docs/architecture.md "Chance is explicit"): the options, the
 * request they describe and the tables printed. Every probability comes from the game's own rules
 * code through enumerate.ts: battles from combat.ts (explicit-chance volleys, the breakout's
 * half-round), generated forces from forces.ts and pool.ts (their dice and blind draws enumerated).
 */
import { quote, UserError } from '../../core/errors.js';
import type { GameSetup, OddsProvider, OddsTable } from '../../core/game.js';
import { percent } from '../../core/percent.js';
import { gameStreams } from '../../core/rng.js';
import type { BattleKind } from './combat.js';
import {
  ENUMERATION_ROUND_CAP,
  type EngineBattle,
  type EngineOdds,
  exactOdds,
  type GeneratedDefence,
} from './enumerate.js';
import { scsMap } from './map.js';
import { CRT_COLUMNS, CRT_SETS, parameters, resolveConfig } from './parameters.js';
import { startGame } from './setup.js';
import { GUDERIAN, MECH, NONMECH, OPS_EC, RAID, ROTKOPF, SECURITY, VIII_FK } from './state.js';
import { V, variants } from './variants.js';

export type { GeneratedDefence } from './enumerate.js';

/** Counter type names as used in the odds options (index = counter type of state.ts). */
export const TYPE_KEYS = [
  'mech',
  'nonmech',
  'security',
  'guderian',
  'viii',
  'ops',
  'rotkopf',
  'raid',
] as const;
const TYPE_LABEL = ['mech', 'non-mech', 'security', 'Guderian', 'VIII FK', 'Ops E&C', 'Rotkopf', 'Raid'];
const N_TYPES = TYPE_KEYS.length;

/** One battle: the Soviet force, the rules in force, the continuation rule and the battle hex. */
export type ScsBattleSpec = EngineBattle;

/** Exact outcome distribution of a battle (or of a mixture of battles): enumerate.ts EngineOdds. */
export type BattleOdds = EngineOdds;

// ---------------------------------------------------------------------------------------------
// Options and tables

type Opts = Readonly<Record<string, string | true>>;

function str(o: Opts, name: string): string | undefined {
  const v = o[name];
  if (v === undefined) return undefined;
  if (v === true) throw new UserError(`odds scs: option --${name} needs a value`);
  return v;
}

function int(o: Opts, name: string, min: number, max: number): number | undefined {
  const v = str(o, name);
  if (v === undefined) return undefined;
  const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UserError(
      `odds scs: option --${name} must be a whole number in ${min}..${max}, got ${quote(v)}`,
    );
  return n;
}

function typeOf(name: string, where: string): number {
  const t = (TYPE_KEYS as readonly string[]).indexOf(name.trim().toLowerCase().replace(/[-_ ]/g, ''));
  if (t < 0)
    throw new UserError(
      `odds scs: ${where}: unknown counter type ${quote(name)} (known: ${TYPE_KEYS.join(', ')})`,
    );
  return t;
}

/** Parses `type:count,type:count` into counts by counter type. */
function parseCounts(spec: string, where: string, base: readonly number[], allowed: number): number[] {
  const out = [...base];
  for (const part of spec.split(',').filter((x) => x.trim() !== '')) {
    const m = /^\s*([A-Za-z_-]+)\s*[:=]\s*(\d+)\s*$/.exec(part);
    if (m === null)
      throw new UserError(
        `odds scs: ${where} must look like mech:1,nonmech:2,security:0, got ${quote(part)}`,
      );
    const t = typeOf(m[1]!, where);
    if (t >= allowed)
      throw new UserError(
        `odds scs: ${where} takes ${TYPE_KEYS.slice(0, allowed).join(', ')}; support markers are flags (--guderian --viii --ops --rotkopf --raid)`,
      );
    out[t] = Number(m[2]);
  }
  return out;
}

/** The battle hex when --hex is not given: a hex of row 10, where Guderian may fight (10.7). */
const GUDERIAN_AREA_HEX = scsMap.index('2410');

/** The game's default CRT set (calibration.json). */
const DEFAULT_CRT = parameters.find((p) => p.id === 'crtSet')!.default;

/** The setup the options describe: CRT set and the rule readings (variants) of the game. */
function setupOf(o: Opts): GameSetup {
  const crt = (str(o, 'crt') ?? String(DEFAULT_CRT)).toUpperCase();
  if (crt !== 'A' && crt !== 'B' && crt !== 'E' && crt !== 'CUSTOM')
    throw new UserError(`odds scs: option --crt must be A, B, E or custom, got ${quote(crt)}`);
  const on = new Set(variants.filter((v) => v.default).map((v) => v.id));
  if (o.errata === true) {
    on.delete(V.drmCumulative);
    on.add(V.errataEitherOrBoth);
  }
  if (o['marker-in-garrison'] === true) {
    on.delete(V.markerPlusGarrison);
    on.add(V.markerInGarrison);
  }
  if (o['double-six'] === true) on.add(V.shockDoubleSix);
  if (o['relief-ignores-support'] === true) on.add(V.reliefIgnoresSupport);
  // custom: the hitOn_* parameters at their (calibrated) defaults; E, the data notes' soft bracketing
  // set, is not a set the game plays (7.5): its numbers enter as custom ones, for its odds alone
  if (crt === 'E')
    return {
      scenario: 'campaign',
      variants: on,
      params: {
        crtSet: 'custom',
        // the VI IC column keeps its own parameter, as under every named set
        ...Object.fromEntries(
          CRT_COLUMNS.filter((c) => c !== 'vi').map((c) => [`hitOn_${c}`, CRT_SETS.E[c]]),
        ),
      },
    };
  return { scenario: 'campaign', variants: on, params: { crtSet: crt === 'CUSTOM' ? 'custom' : crt } };
}

/** The start pool of the game as setup.ts builds it (3.3): combat units and support markers, markers included. */
function startPool(setup: GameSetup): number[] {
  const s = startGame(setup, gameStreams(0, 0));
  const out = new Array<number>(N_TYPES).fill(0);
  for (const id of s.pool) out[s.gType[id]!]!++;
  for (const id of s.marker) if (id >= 0) out[s.gType[id]!]!++;
  return out;
}

/** A parsed odds request: the battle, the defence, and what the notes should say. */
export interface ScsOddsRequest {
  readonly spec: ScsBattleSpec;
  readonly defence: { readonly explicit: readonly number[] } | { readonly generated: GeneratedDefence };
  readonly title: string;
  readonly rule: string;
  readonly notes: string[];
}

/** Turns the CLI options into a battle and a defence (throws UserError on bad options). */
export function parseScsOdds(o: Opts): ScsOddsRequest {
  const notes: string[] = [];
  const setup = setupOf(o);
  // the set named: E enters the setup as custom numbers (setupOf)
  const crtName =
    (str(o, 'crt') ?? String(DEFAULT_CRT)).toUpperCase() === 'E' ? 'E' : String(setup.params.crtSet);
  const cfg = resolveConfig(setup);
  const kindWord = (str(o, 'kind') ?? 'defence').toLowerCase();
  const kind: BattleKind | undefined = (
    {
      defence: 'defense',
      defense: 'defense',
      regular: 'defense',
      relief: 'relief',
      breakout: 'breakout',
    } as Record<string, BattleKind>
  )[kindWord];
  if (kind === undefined)
    throw new UserError(
      `odds scs: option --kind must be defence, relief or breakout, got ${quote(kindWord)}`,
    );
  // attacker
  const att = str(o, 'attacker') ?? '8:combined';
  const am = /^\s*(\d+)\s*:\s*(shock|combined)\s*$/i.exec(att);
  if (am === null)
    throw new UserError(
      `odds scs: option --attacker must look like 8:combined or 8:shock, got ${quote(att)}`,
    );
  const armySteps = Number(am[1]);
  if (armySteps < 1 || armySteps > 12)
    throw new UserError(`odds scs: --attacker steps must be 1..12 (CDR = steps, 2.7), got ${armySteps}`);
  const armyType = am[2]!.toLowerCase() as 'shock' | 'combined';
  const engineerSteps = int(o, '1e', 0, 6) ?? 0;
  const shockFirst = o['shock-first'] === true;
  if (shockFirst && armyType !== 'shock')
    throw new UserError('odds scs: --shock-first needs a shock army (--attacker N:shock)');
  // hex, terrain and Guderian's area
  const hexId = str(o, 'hex');
  let forest = o.forest === true;
  let guderianArea = true;
  let hex = GUDERIAN_AREA_HEX;
  if (hexId !== undefined) {
    if (!scsMap.has(hexId))
      throw new UserError(
        `odds scs: option --hex must be a hex of the SCS map (1000-2716), got ${quote(hexId)}`,
      );
    const h = scsMap.index(hexId);
    if (cfg.forest[h] === 1) forest = true;
    guderianArea = scsMap.row[h]! >= 9;
    hex = h;
  }
  // continuation
  const mf = int(o, 'mf', 0, 10);
  let maxRounds: number;
  const roundsWord = str(o, 'rounds');
  if (roundsWord !== undefined && mf !== undefined)
    throw new UserError('odds scs: give --rounds or --mf, not both');
  if (roundsWord !== undefined && /^(all|death|inf|infinity)$/i.test(roundsWord))
    maxRounds = Number.POSITIVE_INFINITY;
  else if (roundsWord !== undefined) maxRounds = int(o, 'rounds', 1, 100)!;
  else if (mf !== undefined) maxRounds = 1 + mf;
  else maxRounds = kind === 'relief' ? Number.POSITIVE_INFINITY : 3;
  if (kind === 'breakout') maxRounds = 1;
  // VI Interceptor Corps
  const viRoundOpt = int(o, 'vi-round', 1, 100);
  const viRound = viRoundOpt ?? (o.vi === true ? 1 : 0);
  // kill order
  const koWord = str(o, 'kill-order') ?? 'mech,nonmech,security';
  const killOrder = koWord.split(',').map((x) => typeOf(x, '--kill-order'));
  if (killOrder.length !== 3 || new Set(killOrder).size !== 3 || killOrder.some((t) => t > SECURITY))
    throw new UserError(`odds scs: --kill-order must order mech, nonmech and security, got ${quote(koWord)}`);
  const spec: ScsBattleSpec = {
    cfg,
    kind,
    forest,
    armyType,
    armySteps,
    engineerSteps,
    shockFirst,
    viRound,
    maxRounds,
    killOrder,
    hex,
  };

  // defence
  const flags: [string, number][] = [
    ['guderian', GUDERIAN],
    ['viii', VIII_FK],
    ['ops', OPS_EC],
    ['rotkopf', ROTKOPF],
    ['raid', RAID],
  ];
  const flagged = flags.filter(([f]) => o[f] === true);
  let defence: ScsOddsRequest['defence'];
  let defenceText: string;
  const defWord = str(o, 'defender');
  if (defWord !== undefined) {
    if (str(o, 'pool') !== undefined || str(o, 'marker') !== undefined || str(o, 'pocket') !== undefined)
      throw new UserError(
        'odds scs: --defender gives the force; --pool, --marker and --pocket are for a generated force',
      );
    const counts = parseCounts(defWord, '--defender', new Array<number>(N_TYPES).fill(0), 3);
    for (const [, t] of flagged) counts[t] = 1;
    if (counts[MECH]! + counts[NONMECH]! + counts[SECURITY]! > 30)
      throw new UserError('odds scs: --defender: at most 30 German units');
    defence = { explicit: counts };
    defenceText =
      counts
        .map((c, t) => (c > 0 ? `${t < 3 ? `${c} ` : ''}${TYPE_LABEL[t]}` : ''))
        .filter((x) => x !== '')
        .join(' + ') || 'no German units';
    if (counts[GUDERIAN]! > 0 && !guderianArea)
      notes.push('Guderian given explicitly although the hex is below row 09 (10.7 would redraw him).');
  } else {
    if (flagged.length > 0)
      throw new UserError(
        `odds scs: --${flagged[0]![0]} needs --defender (a generated force draws its markers from --pool)`,
      );
    const base = startPool(setup);
    const poolWord = str(o, 'pool');
    const pool = poolWord === undefined ? base : parseCounts(poolWord, '--pool', base, N_TYPES);
    let marker: number | null = null;
    const markerWord = str(o, 'marker');
    if (markerWord !== undefined) marker = typeOf(markerWord, '--marker');
    if (!guderianArea) {
      // SCS 10.7: Guderian drawn for a hex below row 09 is redrawn and returns to the pool, so every
      // draw (and the flipped marker) is a uniform draw among the other counters
      if (pool[GUDERIAN]! > 0)
        notes.push(
          `Hex ${hexId} is below row 09: Guderian is redrawn (10.7), i.e. every draw is among the other counters.`,
        );
      pool[GUDERIAN] = 0;
      if (marker === GUDERIAN) {
        marker = null;
        notes.push('The Guderian marker is replaced by a draw (10.7).');
      }
    }
    const pocket = kind === 'breakout' ? (int(o, 'pocket', 1, 6) ?? 1) : 1;
    if (kind !== 'breakout' && str(o, 'pocket') !== undefined)
      throw new UserError('odds scs: --pocket is for --kind breakout');
    if (kind === 'breakout' && marker !== null)
      throw new UserError('odds scs: --marker is for a defence or relief force');
    // SCS 4.8: a force that needs more blind draws than the pool holds would end the game first
    const units = kind === 'breakout' ? 5 * pocket : kind === 'relief' ? 6 : 5;
    const draws =
      kind === 'breakout' ? units : units + (cfg.markerInGarrison ? 0 : 1) - (marker !== null ? 1 : 0);
    const total = pool.reduce((a, b) => a + b, 0);
    if (draws > total)
      throw new UserError(
        `odds scs: ${draws} draws from a pool of ${total} counters (4.8: the pool would run out)`,
      );
    defence = { generated: { pool, marker, pocket } };
    const poolText = pool.map((c, t) => `${TYPE_KEYS[t]}:${c}`).join(',');
    const markerText = marker === null ? 'a blind-drawn marker' : `a ${TYPE_LABEL[marker]} marker`;
    defenceText =
      kind === 'breakout'
        ? `breakout force 1d6-1 x ${pocket} pocket hex(es)`
        : `${kind === 'relief' ? 'relief force' : 'garrison'} (${cfg.markerInGarrison ? `${kind === 'relief' ? '1d6' : '1d6-1'} counters, ${markerText} among them` : `${markerText} + ${kind === 'relief' ? '1d6' : '1d6-1'}`})`;
    notes.push(
      `Generated force: draws without replacement from the pool ${poolText}${poolWord === undefined ? " (the game's start pool, 3.3)" : ''}; exact hypergeometric mixture.`,
    );
    if (kind !== 'breakout')
      notes.push(
        cfg.markerInGarrison
          ? 'Reading marker-in-garrison: the flipped marker is one of the generated counters; on 0 it returns and the hex falls.'
          : `Reading marker-plus-garrison (default): the flipped marker defends besides the ${kind === 'relief' ? '1d6' : '1d6-1'} drawn counters (3.7).`,
      );
    if (kind === 'relief')
      notes.push("As in the simulator, the relief force includes the attacked hex's flipped marker (8.5).");
    if (kind === 'breakout')
      notes.push(
        "The pocket's own counters are blind draws like the rest (variant breakout-pool-draws); units that held in the pocket are not modelled.",
      );
  }

  // titles and notes
  const attText = `${armySteps}-step ${armyType}${armyType === 'shock' ? (shockFirst && kind === 'defense' ? ' (first attack: primary fire round 1)' : ' (secondary column)') : ''}${engineerSteps > 0 ? ` + 1E (${engineerSteps})` : ''}`;
  const kindText = kind === 'defense' ? 'regular defence' : kind === 'relief' ? 'relief force' : 'breakout';
  const title = `SCS ${kindText}: ${attText} vs ${defenceText}, ${forest ? 'forest' : 'clear'}, CRT ${crtName}`;
  const rule =
    kind === 'defense' ? 'SCS 10.1, 10.3' : kind === 'relief' ? 'SCS 8.5, 10.1, 10.2' : 'SCS 8.6-8.8';
  const h = cfg.hit;
  notes.push(
    `Hit on (modified die >=): shock primary ${h.shockPrimary}, shock secondary ${h.shockSecondary}, combined/1E ${h.combined}, mech ${h.mech}, non-mech ${h.nonMech}, security ${h.security}, VI IC ${h.vi} (crtSet ${crtName}).`,
  );
  notes.push(
    kind === 'breakout'
      ? 'One half-round: German mechanized, non-mechanized, security fire with +1, no Soviet fire (8.6).'
      : 'Fire order 10.1: shock primary (round 1 of a first attack), German mech, non-mech, other Soviets, security, VI IC; hits applied at once.',
  );
  notes.push(
    cfg.viiiGuderianCumulative
      ? 'Reading drm-cumulative (default): VIII Fliegerkorps and Guderian together give +2 (1.4).'
      : 'Reading errata-either-or-both: VIII Fliegerkorps and/or Guderian give +1 in total (10.8 errata).',
  );
  if (cfg.reliefIgnoresSupport)
    notes.push('Variant relief-ignores-support: markers in a relief or breakout force give no DRM.');
  if (cfg.shockDoubleSix)
    notes.push('Variant shock-double-six: an unmodified 6 in shock primary fire scores two hits.');
  if (kind === 'relief')
    notes.push('Relief: German +1 every round; shock armies fire on their secondary column (10.2).');
  if (shockFirst && kind !== 'defense')
    notes.push('--shock-first has no effect here: primary fire only against a regular defence.');
  if (engineerSteps > 0)
    notes.push('1E absorbs every hit first (6.3); its steps fire on the combined-arms column.');
  if (kind !== 'breakout') {
    notes.push(
      maxRounds === Number.POSITIVE_INFINITY
        ? 'Continuation: to the death (no break-off, MF not limiting; the game stops a force whose MF run out: use --mf or --rounds).'
        : `Continuation: the Soviet force fights up to ${maxRounds} round(s) (${maxRounds - 1} MF after entering, 9.3), then is stymied.`,
    );
    notes.push(
      `German losses are removed in the order ${killOrder.map((t) => TYPE_KEYS[t]).join(' > ')} (10.14: the player's choice; the game's policies kill mech first).`,
    );
    if (viRound > 0)
      notes.push(
        `VI Interceptor Corps committed in round ${viRound}: one unmodified die per German unit, after security fire (10.11).`,
      );
  } else if (viRound > 0)
    notes.push('The VI Interceptor Corps does not fire in a breakout (no Soviet fire).');
  return { spec, defence, title, rule, notes };
}

/** Exact odds of a parsed request, from the game's rules code (enumerate.ts). */
export function requestOdds(r: ScsOddsRequest): BattleOdds {
  return exactOdds(r.spec, r.defence);
}

const pct = (x: number) => `${percent(x, 2)}%`;
const mean = (d: readonly number[]) => d.reduce((a, p, i) => a + i * p, 0);

/** The four tables of `sandtable odds scs`. */
export function oddsTables(r: ScsOddsRequest, odds: BattleOdds): OddsTable[] {
  const breakout = r.spec.kind === 'breakout';
  const col = ['P'];
  const outcomeRows = breakout
    ? [
        { outcome: 'hex stays Soviet (breakout fails, 8.8)', p: [odds.taken] },
        { outcome: 'Soviet force destroyed (breakout succeeds, 8.7)', p: [odds.destroyed] },
      ]
    : [
        { outcome: 'hex taken', p: [odds.taken] },
        { outcome: 'Soviet force destroyed', p: [odds.destroyed] },
        { outcome: 'stymied (both sides left after the last round)', p: [odds.stymied] },
      ];
  if (!breakout && r.spec.maxRounds === Number.POSITIVE_INFINITY) outcomeRows.pop(); // to the death: never stymied
  if (odds.unresolved > 1e-12)
    outcomeRows.push({
      outcome: `unresolved (still fighting after ${ENUMERATION_ROUND_CAP} rounds)`,
      p: [odds.unresolved],
    });
  const outcomeNotes = [...r.notes];
  if (odds.unfought > 0)
    outcomeNotes.unshift(
      breakout
        ? `No breakout force (0 combat units): ${pct(odds.unfought)}, included in "hex stays Soviet".`
        : `Hex falls without a fight (marker-only force, 8.10): ${pct(odds.unfought)}, included in "hex taken".`,
    );
  // rounds: cut the tail once less than 1e-10 is left beyond
  const rounds = odds.rounds;
  let last = rounds.length - 1;
  let tail = 0;
  while (last > 1 && tail + rounds[last]! < 1e-10) tail += rounds[last--]!;
  const roundRows = [];
  for (let i = 0; i <= last; i++) {
    if (i === 0 && rounds[0] === 0) continue;
    roundRows.push({
      outcome: i === 0 ? '0 (no fight)' : breakout ? '1 (one half-round)' : String(i),
      p: [rounds[i] ?? 0],
    });
  }
  if (tail > 0) roundRows.push({ outcome: `more than ${last}`, p: [tail] });
  const base = r.title;
  return [
    {
      title: `${base}: ${breakout ? 'P(hex stays Soviet)' : 'P(hex taken)'}`,
      rule: r.rule,
      columns: col,
      rows: outcomeRows,
      notes: outcomeNotes,
    },
    {
      title: `${base}: P(battle lasts exactly r rounds)`,
      rule: 'SCS 9.3, 10.1 step 10',
      columns: col,
      rows: roundRows,
      notes: [`Mean ${mean(rounds.slice(0, last + 1)).toFixed(3)} rounds.`],
    },
    {
      title: `${base}: Soviet steps lost`,
      rule: 'SCS 10.14, 6.3',
      columns: col,
      rows: odds.sovietLost.map((p, k) => ({ outcome: String(k), p: [p] })),
      notes: [`Mean ${mean(odds.sovietLost).toFixed(3)} steps.`],
    },
    {
      title: `${base}: German units lost`,
      rule: 'SCS 10.14, 10.12',
      columns: col,
      rows: odds.germanLost.map((p, k) => ({ outcome: String(k), p: [p] })),
      notes: [
        `Mean ${mean(odds.germanLost).toFixed(3)} units; support markers are never eliminated (10.12).`,
      ],
    },
  ];
}

export const scsOdds: OddsProvider = {
  description:
    "Strike & Counterstrike battle odds (SCS 8.3-8.8, 10.1-10.14), exact, from the game's own rules code: battles enumerated through combat.ts (explicit chance), generated forces through the dice and blind draws of forces.ts and pool.ts. " +
    'Give the German force (--defender) or let it be generated from the pool (marker + 1d6-1, relief marker + 1d6, breakout 1d6-1 per pocket hex).',
  options: [
    {
      name: 'attacker',
      description: 'Soviet army as steps:type, type shock or combined (default 8:combined)',
    },
    { name: '1e', description: '1E steps stacked with the army (0-6; absorbs hits first, 6.3)' },
    {
      name: 'shock-first',
      flag: true,
      description: 'first attack this turn of the shock army: primary fire in round 1 (10.1 step 1)',
    },
    { name: 'vi', flag: true, description: 'commit the VI Interceptor Corps in round 1 (10.11)' },
    { name: 'vi-round', description: 'commit the VI Interceptor Corps in this round instead' },
    { name: 'kind', description: 'defence (default) | relief | breakout' },
    {
      name: 'defender',
      description: 'explicit German force, e.g. mech:1,nonmech:2,security:0 (default: generated)',
    },
    { name: 'guderian', flag: true, description: 'explicit force: Guderian supports (+1 all rounds, 10.7)' },
    {
      name: 'viii',
      flag: true,
      description: 'explicit force: VIII Fliegerkorps supports (+1 all rounds, 10.6)',
    },
    {
      name: 'ops',
      flag: true,
      description: 'explicit force: Ops Elefant & Christophorus (+1 first round, 10.8)',
    },
    {
      name: 'rotkopf',
      flag: true,
      description: 'explicit force: Rotkopf (+1 non-security, all rounds, 10.9)',
    },
    {
      name: 'raid',
      flag: true,
      description: 'explicit force: a Soviet Raid marker (Soviet +1 first round, 10.10)',
    },
    {
      name: 'pool',
      description:
        'generated force: pool mix, e.g. mech:24,nonmech:44,security:5,guderian:1,ops:1,rotkopf:1,raid:2,viii:0 (unlisted types: the start pool)',
    },
    {
      name: 'marker',
      description: 'generated force: the flipped front marker type (default: a blind draw from the pool)',
    },
    { name: 'pocket', description: 'breakout: hexes in the pocket (one 1d6-1 each, default 1)' },
    {
      name: 'hex',
      description: 'battle hex: forest from the game map, and Guderian redrawn below row 09 (10.7)',
    },
    { name: 'forest', flag: true, description: 'forest hex: German mechanized -1 (10.4)' },
    { name: 'rounds', description: 'fight up to this many rounds, or "all" (default 3; relief: all)' },
    { name: 'mf', description: 'MF left after entering the hex: rounds = 1 + MF (9.3)' },
    {
      name: 'kill-order',
      description: 'order in which German losses are taken (default mech,nonmech,security)',
    },
    {
      name: 'crt',
      description: `CRT set A | B | E | custom (crtSet parameter; custom: the hitOn_* defaults; default ${String(DEFAULT_CRT)}, the game's calibrated default)`,
    },
    {
      name: 'errata',
      flag: true,
      description: 'variant errata-either-or-both: VIII FK and/or Guderian +1 in total',
    },
    {
      name: 'marker-in-garrison',
      flag: true,
      description: 'variant: the flipped marker is one of the 1d6-1',
    },
    {
      name: 'double-six',
      flag: true,
      description: 'variant shock-double-six: unmodified 6 in primary fire = two hits',
    },
    {
      name: 'relief-ignores-support',
      flag: true,
      description: 'variant: markers in relief/breakout forces give no DRM',
    },
  ],
  compute(o) {
    const r = parseScsOdds(o);
    return oddsTables(r, requestOdds(r));
  },
};
