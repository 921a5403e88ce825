/** Scenarios, variants and parameters of SFO (DESIGN §3), and their resolution into `SfoRules`. */
import { quote, UserError } from '../../core/errors.js';
import type { GameSetup, ParameterDef, ScenarioDef, VariantDef } from '../../core/game.js';
import { crtFor, type Level } from './crt.js';
import { sfoData } from './data.js';
import { type HexCount, sfoGrid } from './map.js';
import type { EventCell, ExpertRules, SfoRules } from './state.js';

export const scenarios: readonly ScenarioDef[] = [
  {
    id: 'advanced',
    title: 'Advanced game',
    rule: 'SFO 2, 4, 5',
    description:
      'Advanced rules: forest passable (2 MP, +1 defence per hex), stacks of 2, strength-difference CRT, Soviet replacements and the West German V reinforcement; 4 turns.',
  },
  {
    id: 'basic',
    title: 'Basic game',
    rule: 'SFO 2, 4, 5',
    description:
      'Basic rules: forest impassable, no stacking, CRT by number of attackers, no events; 4 turns.',
  },
  {
    id: 'expert-standard',
    title: 'Expert: Standard',
    rule: 'SFO 11',
    description:
      'Expert rules on the general set-up: random events for both factions, armour and pioneer reinforcements by event, Expert EX; Soviets first; 4 turns (variant six-turns: 6); Soviets win with two towns (variant standard-vp: most victory points).',
  },
  {
    id: 'expert-engagement',
    title: 'Expert: Engagement',
    rule: 'SFO 12',
    description:
      'Few units at the start (US Y 0405; Soviet Г 0506, Б 0901), the rest by schedule (turn 1 W; turn 2 А, Д, X, Z; turn 3 В, Е; reconstructed from the OCR) and by random events; Soviets first; 6 turns; most victory points wins.',
  },
  {
    id: 'expert-us-counter-offensive',
    title: 'Expert: US Counter Offensive',
    rule: 'SFO 13',
    description:
      'Soviets hold the towns (А 0303, Г 0405, Е 0107); the US enters with T, W, X, Y, Z on turn 1, Soviet Б turn 1, В turn 2, Д turn 3 (reconstructed from the OCR); the US moves first; 6 turns; most victory points wins.',
  },
];

/** Expert-only variants have no effect on the Basic and Advanced scenarios. */
const EXPERT_ONLY = 'Expert only (no effect at Basic/Advanced).';

export const variants: readonly VariantDef[] = [
  {
    id: 'crt-unified',
    group: 'crt',
    rule: 'SFO 9, Table 2',
    default: true,
    description:
      'Basic uses the unified Table 2 indexed by number of attackers (the rules text prescribes it).',
  },
  {
    id: 'crt-chart-basic',
    group: 'crt',
    rule: 'SFO 9, chart sheet',
    default: false,
    description:
      'Basic uses the chart sheet\'s non-unified "# Attackers" table (rows 1-2 reconstructed; fits Fig. 12 "a 1 gives DE"). Advanced always uses Table 2.',
  },
  {
    id: 'elim-all',
    group: 'elimination',
    rule: 'SFO 9',
    default: true,
    description: 'AE/DE eliminate all participating attackers/defenders (rules text).',
  },
  {
    id: 'elim-one',
    group: 'elimination',
    rule: 'SFO 9, chart legend',
    default: false,
    description:
      'AE = attacker eliminates one unit and the rest retreat; DE = defender eliminates one and the rest retreat (chart legend "E1 & AR/DR").',
  },
  {
    id: 'one-attack-per-hex',
    rule: 'SFO 9',
    default: false,
    description:
      'A defending hex may be attacked at most once per combat phase (the rules do not say; by default it may be attacked again by other units).',
  },
  {
    id: 'zoc-strict',
    rule: 'SFO 8.3',
    default: false,
    description:
      'A unit that starts in enemy ZOC may not enter any enemy ZOC during that move (strict reading of "including the enemy ZOC just disengaged from"); by default only the direct ZOC-to-ZOC step is barred.',
  },
  {
    id: 'night',
    rule: 'SFO 5, 8, 9 (Optional: Night)',
    default: false,
    description: `Turn 4 is night: a unit may move or attack, not both (a unit that moves is flipped and cannot attack). ${EXPERT_ONLY}`,
  },
  {
    id: 'guards',
    rule: 'SFO 7 (Optional: Guards)',
    default: false,
    description: `Soviet guards: the Soviets roll two random events each turn and choose one. ${EXPERT_ONLY}`,
  },
  {
    id: 'hardened-nato',
    rule: 'SFO 13 (Optional: Hardened NATO forces)',
    default: false,
    description: `The US rolls two random events each turn and chooses one (printed for the Counter Offensive; allowed in every Expert scenario). ${EXPERT_ONLY}`,
  },
  {
    id: 'armour-in-open',
    rule: 'SFO 8.3, 9.2, 9.3 (Optional: Armour in the open)',
    default: false,
    description: `Tanks may infiltrate (one clear hex from enemy ZOC to enemy ZOC, all MP); a tank attack on a clear hex that makes the defenders retreat is a breakthrough (two-hex retreat, friendly units in the hex retreated into retreat too) and allows exploitation (the advancing tank may go one more hex, then a second attacker advances). ${EXPERT_ONLY}`,
  },
  {
    id: 'six-turns',
    rule: 'SFO 5, 10 (Optional: 6 turns)',
    default: false,
    description: `The Standard scenario lasts 6 turns instead of 4 (Engagement and Counter Offensive already last 6). ${EXPERT_ONLY}`,
  },
  {
    id: 'standard-vp',
    rule: 'SFO 11 (Optional: Victory points)',
    default: false,
    description: `The Standard scenario is decided on victory points (Table 3) instead of the two-town condition. ${EXPERT_ONLY}`,
  },
  {
    id: 'events-bag',
    rule: 'SFO 7',
    default: false,
    description: `Random events are chits drawn from a bag (a used reinforcement chit leaves the bag, so the other events get likelier) instead of two dice on the 12-cell table (a used reinforcement cell becomes As planned). ${EXPERT_ONLY}`,
  },
];

const EV = sfoData.expert.events;

/** The Expert scenarios (SFO 11-13): the only ones random events, pioneers and VP levels affect. */
const EXPERT_SCENARIOS = ['expert-standard', 'expert-engagement', 'expert-us-counter-offensive'] as const;

function eventCountParam(side: 'soviet' | 'us', cell: string, id: string, what: string): ParameterDef {
  return {
    id,
    kind: 'integer',
    min: 0,
    max: 12,
    default: EV[side][cell] ?? 0,
    provenance: 'reconstructed',
    scenarios: EXPERT_SCENARIOS,
    description: `Expert: cells of the ${side === 'soviet' ? 'Soviet' : 'US'} random events table holding ${what} (the rest of the 12 are As planned).`,
    source: EV.source,
  };
}

/** Event cell kinds and their count parameters, in the canonical order the table is laid out. */
export const EVENT_PARAMS: readonly {
  readonly side: 'soviet' | 'us';
  readonly cell: string;
  readonly id: string;
}[] = [
  { side: 'us', cell: 'reinforce:WG-V', id: 'us-events-pioneer' },
  { side: 'soviet', cell: 'air', id: 'soviet-events-air' },
  { side: 'soviet', cell: 'artillery', id: 'soviet-events-artillery' },
  { side: 'soviet', cell: 'friction', id: 'soviet-events-snafu' },
  { side: 'soviet', cell: 'spetsnaz', id: 'soviet-events-spetsnaz' },
  { side: 'soviet', cell: 'replacement', id: 'soviet-events-replacement' },
  { side: 'soviet', cell: 'reinforce:ZH', id: 'soviet-events-infantry' },
  { side: 'soviet', cell: 'reinforce:ZE', id: 'soviet-events-tank' },
  { side: 'us', cell: 'air', id: 'us-events-air' },
  { side: 'us', cell: 'artillery', id: 'us-events-artillery' },
  { side: 'us', cell: 'friction', id: 'us-events-command' },
  { side: 'us', cell: 'replacement', id: 'us-events-replacement' },
  { side: 'us', cell: 'reinforce:T', id: 'us-events-armour' },
];

const EVENT_WHAT: Readonly<Record<string, string>> = {
  'reinforce:WG-V': 'the West German V pioneer reinforcement (sourced: row 2 of both columns)',
  air: 'Air support (+2)',
  artillery: 'Artillery support (+1)',
  friction: 'Enemy SNAFU / Command problems',
  spetsnaz: 'Spetsnaz (lower of two dice)',
  replacement: 'a Replacement',
  'reinforce:ZH': 'the Ж infantry reinforcement',
  'reinforce:ZE': 'the З tank reinforcement',
  'reinforce:T': 'the US armour reinforcement',
};

export const parameters: readonly ParameterDef[] = [
  {
    id: 'forests',
    kind: 'locationList',
    length: 2,
    default: sfoData.forests.unknownDefault,
    provenance: 'reconstructed',
    description: 'The two forest hexes the rules do not locate (0307, 0506 and 0603 are fixed by the rules).',
    source: sfoData.forests.source,
  },
  {
    id: 'us-setup',
    kind: 'locationList',
    length: 4,
    default: sfoData.usSetup.default,
    provenance: 'reconstructed',
    description: 'US set-up hexes of W, X, Y, Z (SFO 3.1; the OCR is garbled).',
    source: sfoData.usSetup.source,
  },
  {
    id: 'map-hexes',
    kind: 'choice',
    choices: ['68', '72'],
    default: String(sfoData.grid.defaultHexCount),
    provenance: 'reconstructed',
    description: 'Board size: 68 hexes (even columns lack row 08) or the full 9x8 = 72.',
    source: sfoData.grid.source,
  },
  {
    id: 'pioneer-factors',
    kind: 'choice',
    choices: ['1-2-4', '2-1-4'],
    default: '1-2-4',
    provenance: 'reconstructed',
    scenarios: EXPERT_SCENARIOS,
    description:
      'Expert: factors of the West German V pioneer (the OCR reads 1-2-4 in Fig. 3 and 2-1-4 elsewhere). Advanced V stays 1-1-4.',
    source: 'SFO 3.2, Fig. 3; NOTES §3 (low confidence)',
  },
  ...EVENT_PARAMS.map((e) => eventCountParam(e.side, e.cell, e.id, EVENT_WHAT[e.cell]!)),
  {
    id: 'vp-marginal',
    kind: 'integer',
    min: 1,
    max: 20,
    default: sfoData.expert.vp.marginal,
    provenance: 'reconstructed',
    scenarios: EXPERT_SCENARIOS,
    description:
      'Expert: smallest VP difference that is a marginal victory (1 up to it is tactical; 0 is a draw).',
    source: sfoData.expert.vp.source,
  },
  {
    id: 'vp-decisive',
    kind: 'integer',
    min: 1,
    max: 30,
    default: sfoData.expert.vp.decisive,
    provenance: 'reconstructed',
    scenarios: EXPERT_SCENARIOS,
    description: 'Expert: smallest VP difference that is a decisive victory.',
    source: sfoData.expert.vp.source,
  },
];

function hexListParam(setup: GameSetup, id: string, fallback: readonly string[]): string[] {
  const v = setup.params[id];
  if (v === undefined) return [...fallback];
  if (typeof v === 'string') return v.split(',').map((s) => s.trim());
  if (Array.isArray(v)) return [...v] as string[];
  throw new UserError(`parameter ${id}: must be a list of hexes, got ${quote(v)}`);
}

/** SFO 7.1: a faction's 12-cell events table (left column rows 1-6, then right) from the cell counts. */
export function buildEventTable(
  side: 'soviet' | 'us',
  counts: Readonly<Record<string, number>>,
): EventCell[] {
  const cells: EventCell[] = new Array<EventCell>(12).fill('planned');
  const free = new Array<boolean>(12).fill(true);
  let total = 0;
  for (const e of EVENT_PARAMS) {
    if (e.side !== side) continue;
    const n = counts[e.cell] ?? 0;
    total += n;
    if (total > 12) {
      const ids = EVENT_PARAMS.filter((x) => x.side === side).map((x) => x.id);
      throw new UserError(
        `parameters ${ids.join(', ')}: ${side} events need ${total}+ cells, the table has 12`,
      );
    }
    // The US V is sourced on row 2 of both columns: its cells go there first.
    const preferred = e.cell === 'reinforce:WG-V' ? [1, 7] : [];
    for (let k = 0; k < n; k++) {
      let at = preferred.find((i) => free[i]);
      if (at === undefined) at = free.indexOf(true);
      free[at] = false;
      cells[at] = e.cell as EventCell;
    }
  }
  return cells;
}

function intParam(setup: GameSetup, id: string): number {
  const v = setup.params[id];
  const p = parameters.find((x) => x.id === id)!;
  if (v === undefined) return p.default as number;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new UserError(`parameter ${id}: must be an integer, got ${quote(v)}`);
  return n;
}

function expertRules(setup: GameSetup): ExpertRules {
  const scenario =
    setup.scenario === 'expert-engagement'
      ? 'engagement'
      : setup.scenario === 'expert-us-counter-offensive'
        ? 'counter-offensive'
        : 'standard';
  const X = sfoData.expert;
  const sc =
    scenario === 'engagement'
      ? X.scenarios.engagement
      : scenario === 'counter-offensive'
        ? X.scenarios.counterOffensive
        : null;
  const counts = (side: 'soviet' | 'us') => {
    const out: Record<string, number> = {};
    for (const e of EVENT_PARAMS) if (e.side === side) out[e.cell] = intParam(setup, e.id);
    return out;
  };
  const marginal = intParam(setup, 'vp-marginal');
  const decisive = intParam(setup, 'vp-decisive');
  if (decisive < marginal) {
    throw new UserError(`parameter vp-decisive: ${decisive} is below vp-marginal ${marginal}`);
  }
  const v = setup.variants;
  return {
    scenario,
    first: sc?.first ?? 'soviet',
    victory: sc !== null || v.has('standard-vp') ? 'vp' : 'towns',
    setup: sc?.setup ?? null,
    schedule: sc?.schedule ?? {},
    tables: { soviet: buildEventTable('soviet', counts('soviet')), us: buildEventTable('us', counts('us')) },
    bag: v.has('events-bag'),
    eventRolls: { soviet: v.has('guards') ? 2 : 1, us: v.has('hardened-nato') ? 2 : 1 },
    replacementLimit: X.events.replacementLimit,
    nightTurn: v.has('night') ? X.turns.night : 0,
    armourInOpen: v.has('armour-in-open'),
    support: { air: X.support.air, artillery: X.support.artillery },
    pioneer: pioneerFactors(setup),
    disruptedDefence: X.disrupted.defence,
    vp: { ...X.vp, marginal, decisive },
  };
}

/** The factors of the West German V pioneer at the Expert level (parameter pioneer-factors). */
export function pioneerFactors(setup: GameSetup): { offence: number; defence: number } {
  const v = String(setup.params['pioneer-factors'] ?? '1-2-4');
  if (v !== '1-2-4' && v !== '2-1-4')
    throw new UserError(`parameter pioneer-factors: must be 1-2-4 or 2-1-4, got ${quote(v)}`);
  return v === '1-2-4' ? { offence: 1, defence: 2 } : { offence: 2, defence: 1 };
}

/** Resolves scenario, variants and parameters into the rules in force, checking parameter hexes. */
export function resolveRules(setup: GameSetup): SfoRules {
  const known = scenarios.map((x) => x.id);
  if (!known.includes(setup.scenario)) {
    throw new UserError(`scenario ${quote(setup.scenario)} is not an SFO scenario (${known.join(', ')})`);
  }
  const level: Level =
    setup.scenario === 'basic' || setup.scenario === 'advanced' ? setup.scenario : 'expert';
  const countRaw = String(setup.params['map-hexes'] ?? sfoData.grid.defaultHexCount);
  if (countRaw !== '68' && countRaw !== '72')
    throw new UserError(`parameter map-hexes: must be 68 or 72, got ${quote(countRaw)}`);
  const hexCount = Number(countRaw) as HexCount;
  const grid = sfoGrid(hexCount);
  const forests = hexListParam(setup, 'forests', sfoData.forests.unknownDefault);
  const usSetup = hexListParam(setup, 'us-setup', sfoData.usSetup.default);
  const towns = sfoData.towns.map((t) => t.hex);
  const soviet = sfoData.sovietSetup.hexes;
  const bad = (param: string, hex: string, why: string) =>
    new UserError(`parameter ${param}: hex ${quote(hex)} ${why}`);
  if (forests.length !== 2)
    throw new UserError(`parameter forests: must list exactly 2 hexes, got ${quote(forests)}`);
  if (usSetup.length !== 4)
    throw new UserError(`parameter us-setup: must list exactly 4 hexes, got ${quote(usSetup)}`);
  forests.forEach((h, i) => {
    if (!grid.has(h)) throw bad('forests', h, `is not on the ${hexCount}-hex map`);
    if (forests.indexOf(h) !== i) throw bad('forests', h, 'is listed twice');
    if (sfoData.forests.fixed.includes(h))
      throw bad('forests', h, 'is already one of the fixed forests 0307, 0506, 0603');
    if (towns.includes(h)) throw bad('forests', h, 'is a town (towns are clear)');
    if (soviet.includes(h))
      throw bad('forests', h, 'is a Soviet set-up hex (units may not stand in forest in Basic)');
    if (usSetup.includes(h)) throw bad('forests', h, 'is a US set-up hex (parameter us-setup)');
  });
  usSetup.forEach((h, i) => {
    if (!grid.has(h)) throw bad('us-setup', h, `is not on the ${hexCount}-hex map`);
    if (usSetup.indexOf(h) !== i) throw bad('us-setup', h, 'is listed twice (stacking 1 in Basic)');
    if (sfoData.forests.fixed.includes(h)) throw bad('us-setup', h, 'is a forest');
    if (soviet.includes(h)) throw bad('us-setup', h, 'is a Soviet set-up hex');
  });
  const expert = level === 'expert' ? expertRules(setup) : null;
  return {
    level,
    expert,
    crt: crtFor(level, setup.variants.has('crt-chart-basic')),
    elimination: setup.variants.has('elim-one') ? 'one' : 'all',
    oneAttackPerHex: setup.variants.has('one-attack-per-hex'),
    zocStrict: setup.variants.has('zoc-strict'),
    hexCount,
    forests,
    usSetup,
    stackLimit: level === 'basic' ? 1 : 2,
    forestAllowed: level !== 'basic',
    turns:
      expert === null
        ? sfoData.turns[level as 'basic' | 'advanced']
        : expert.scenario === 'standard'
          ? setup.variants.has('six-turns')
            ? sfoData.expert.turns.long
            : sfoData.expert.turns.standard
          : expert.scenario === 'engagement'
            ? sfoData.expert.scenarios.engagement.turns
            : sfoData.expert.scenarios.counterOffensive.turns,
  };
}
