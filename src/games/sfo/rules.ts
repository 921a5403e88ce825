/** Scenarios, variants and parameters of SFO (DESIGN §3), and their resolution into `SfoRules`. */
import { quote, UserError } from '../../core/errors.js';
import type { GameSetup, ParameterDef, ScenarioDef, VariantDef } from '../../core/game.js';
import { crtFor, type Level } from './crt.js';
import { sfoData } from './data.js';
import { type HexCount, sfoGrid } from './map.js';
import type { SfoRules } from './state.js';

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
];

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
];

export const parameters: readonly ParameterDef[] = [
  {
    id: 'forests',
    kind: 'hexList',
    length: 2,
    default: sfoData.forests.unknownDefault,
    provenance: 'reconstructed',
    description: 'The two forest hexes the rules do not locate (0307, 0506 and 0603 are fixed by the rules).',
    source: sfoData.forests.source,
  },
  {
    id: 'us-setup',
    kind: 'hexList',
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
];

function hexListParam(setup: GameSetup, id: string, fallback: readonly string[]): string[] {
  const v = setup.params[id];
  if (v === undefined) return [...fallback];
  if (typeof v === 'string') return v.split(',').map((s) => s.trim());
  if (Array.isArray(v)) return [...v] as string[];
  throw new UserError(`parameter ${id}: must be a list of hexes, got ${quote(v)}`);
}

/** Resolves scenario, variants and parameters into the rules in force, checking parameter hexes. */
export function resolveRules(setup: GameSetup): SfoRules {
  if (setup.scenario !== 'basic' && setup.scenario !== 'advanced') {
    throw new UserError(`scenario ${quote(setup.scenario)} is not an SFO scenario (basic, advanced)`);
  }
  const level: Level = setup.scenario;
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
  return {
    level,
    crt: crtFor(level, setup.variants.has('crt-chart-basic')),
    elimination: setup.variants.has('elim-one') ? 'one' : 'all',
    oneAttackPerHex: setup.variants.has('one-attack-per-hex'),
    zocStrict: setup.variants.has('zoc-strict'),
    hexCount,
    forests,
    usSetup,
    stackLimit: level === 'basic' ? 1 : 2,
    forestAllowed: level === 'advanced',
    turns: sfoData.turns[level],
  };
}
