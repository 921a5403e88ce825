/**
 * SFO records by level: Expert games end on the scenario's last turn with victory levels of their
 * victory rule (every combination of the optional rules); Basic and Advanced records are pinned.
 * Legality at every decision is the shared conformance suite's (tests/conformance-suite.ts).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomPolicy } from '../src/core/decide.js';
import { playOneGame } from '../src/core/driver.js';
import type { Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { sfo } from '../src/games/sfo/index.js';

const EXPERT = ['expert-standard', 'expert-engagement', 'expert-us-counter-offensive'];
const OPTIONAL = [
  'night',
  'guards',
  'hardened-nato',
  'armour-in-open',
  'six-turns',
  'standard-vp',
  'events-bag',
];

function play(
  scenario: string,
  variants: Record<string, boolean>,
  policies: Record<string, Policy>,
  seed: number,
  game: number,
) {
  const setup = resolveSetup(sfo, { scenario, variants }, 'test');
  const rec = playOneGame(sfo, setup, policies, { masterSeed: seed, gameIndex: game });
  return { rec, bad: [] as string[] };
}

describe('SFO Expert records: every scenario × every combination of the optional rules', () => {
  for (const scenario of EXPERT) {
    it(`${scenario}: all ${2 ** OPTIONAL.length} combinations end on the last turn with their victory rule's levels`, () => {
      const expertPolicies = createPolicies(sfo, { soviet: 'vp-hunter', us: 'vp-denial' });
      const random = { soviet: randomPolicy(), us: randomPolicy() };
      for (let mask = 0; mask < 1 << OPTIONAL.length; mask++) {
        const variants = Object.fromEntries(OPTIONAL.map((v, i) => [v, (mask & (1 << i)) !== 0]));
        for (const [policies, game] of [
          [random, mask],
          [expertPolicies, mask + 1000],
        ] as const) {
          const { rec, bad } = play(scenario, variants, policies, 21, game);
          expect(bad, `${scenario} ${JSON.stringify(variants)} game ${game}`).toEqual([]);
          const turns = scenario !== 'expert-standard' || variants['six-turns'] ? 6 : 4;
          expect(rec.endTurn).toBe(turns);
          const vp = scenario !== 'expert-standard' || variants['standard-vp'];
          expect(vp ? ['draw', 'tactical', 'marginal', 'decisive'] : ['win']).toContain(rec.victoryLevel);
          expect(rec.result === 'draw').toBe(rec.victoryLevel === 'draw');
        }
      }
    });
  }

  it('every policy of each side plays every Expert scenario legally, with the stats the record declares', () => {
    const ids = (side: string) => sfo.policies.filter((p) => p.side === side).map((p) => p.id);
    for (const scenario of EXPERT) {
      for (const s of ids('soviet')) {
        for (const u of ids('us')) {
          const { rec, bad } = play(
            scenario,
            { 'armour-in-open': true, guards: true },
            createPolicies(sfo, { soviet: s, us: u }),
            22,
            s.length * 7 + u.length,
          );
          expect(bad).toEqual([]);
          expect(Object.keys(rec.stats).sort()).toEqual(sfo.stats.map((x) => x.id).sort());
          expect(rec.stats.vp_soviet! + rec.stats.vp_us!).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });
});

describe('Basic and Advanced records are unchanged by the Expert level', () => {
  // sha256 of (result, end turn, level, the Basic/Advanced stat columns) of games 0..39, seed 2026,
  // computed with the code before the Expert level was added (commit 7e75a89), when SFO 8.3 was
  // read as zoc-direct-step (the default then): that reading is given here.
  const OLD = [
    'soviet_towns_end',
    'soviet_units_lost',
    'us_units_lost',
    'battles',
    'res_ae',
    'res_ar',
    'res_ne',
    'res_dr',
    'res_de',
    'res_ex',
    'soviet_replacements',
    'v_arrival_turn',
    'esselben_held',
    'ganheim_held',
    'town3_held',
  ];
  const cases: [string, Record<string, boolean>, Record<string, string>, string][] = [
    [
      'basic',
      {},
      { soviet: 'best-odds', us: 'hold-towns' },
      'b1878da6cb46e0b14e3396229c5b10329046c04275b0676288027bddc245cf3e',
    ],
    [
      'advanced',
      {},
      { soviet: 'best-odds', us: 'hold-towns' },
      'bd34fc63fb4cd9aaaeed04420081af5bf3b3fba63ba980d50c5a34cf45e99e12',
    ],
    [
      'advanced',
      { 'elim-one': true },
      { soviet: 'zoc-pin', us: 'counterattack' },
      '74afb3077460ba78b6060a23b06cce6d968cecf01f6d1b967bf43d15dd98eef2',
    ],
    [
      'advanced',
      {},
      { soviet: 'random', us: 'random' },
      '9b946f42d541120a1e1f951dd11f236694f2d94ed8eae8439e2eceae1aaebd35',
    ],
  ];
  for (const [scenario, variants, pols, hash] of cases) {
    it(`${scenario} ${JSON.stringify(variants)} ${pols.soviet} vs ${pols.us}: 40 records as before`, () => {
      const setup = resolveSetup(
        sfo,
        { scenario, variants: { ...variants, 'zoc-direct-step': true } },
        'test',
      );
      const h = createHash('sha256');
      for (let g = 0; g < 40; g++) {
        const rec = playOneGame(sfo, setup, createPolicies(sfo, pols), { masterSeed: 2026, gameIndex: g });
        h.update(JSON.stringify([rec.result, rec.endTurn, rec.victoryLevel, OLD.map((k) => rec.stats[k])]));
        for (const k of Object.keys(rec.stats)) if (!OLD.includes(k)) expect(rec.stats[k], k).toBe(0);
      }
      expect(h.digest('hex')).toBe(hash);
    });
  }
});
