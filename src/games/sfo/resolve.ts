/** The rules in force for one game: scenario, variants and parameters resolved into `SfoRules`, checked. */
import { quote, UserError } from '../../core/errors.js';
import type { GameSetup } from '../../core/game.js';
import { crtFor, type Level } from './crt.js';
import { sfoData } from './data.js';
import { type HexCount, sfoGrid } from './map.js';
import { buildEventTable, EVENT_PARAMS, parameters } from './parameters.js';
import { scenarios } from './scenarios.js';
import type { ExpertRules, SfoRules } from './state.js';

function hexListParam(setup: GameSetup, id: string, fallback: readonly string[]): string[] {
  const v = setup.params[id];
  if (v === undefined) return [...fallback];
  if (typeof v === 'string') return v.split(',').map((s) => s.trim());
  if (Array.isArray(v)) return [...v] as string[];
  throw new UserError(`parameter ${id}: must be a list of hexes, got ${quote(v)}`);
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
    zocStrict: !setup.variants.has('zoc-direct-step'),
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
