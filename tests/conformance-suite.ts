/**
 * The shared conformance suite (docs/architecture.md "Conformance"; OpenSpiel's shared game tests): every registered
 * game, every scenario, every policy, every variant switched from its default, and combinations of
 * the optional variants. A stepped game is checked by the core driver's conformance mode: at every
 * decision, every pending kind is declared, options are non-empty, invariants hold after every
 * answer and the game ends within its declared bound; at the first decisions, the first few of
 * each kind and a seeded sample of the rest (src/core/driver.ts ConformanceSample), a clone of the
 * state, given the same answer as a second clone, stays identical and leaves the original untouched
 * and the policy leaves the state alone; and
 * each game is also serialised to JSON at one decision and continued from the copy, which must
 * reach the same record.
 *
 * The suite is split into one test file per game (two for Dark Crusade, one per level), so that
 * vitest's forks share it: tests/conformance-<game>.test.ts each call `conformanceSuite`.
 */
import { describe, expect, it } from 'vitest';
import { randomPolicy } from '../src/core/decide.js';
import { GameMatch, playMatch, startMatch } from '../src/core/driver.js';
import type {
  Decision,
  GameDefinition,
  GameRecord,
  GameSetup,
  Policy,
  VariantDef,
} from '../src/core/game.js';
import { MCTS_ID } from '../src/core/mcts.js';
import { createPolicies, playerSides } from '../src/core/policies.js';
import { PORTFOLIO_ID } from '../src/core/portfolio.js';
import { streamRng } from '../src/core/rng.js';
import { ROLLOUT_ID } from '../src/core/rollout.js';
import { isSearchPolicy } from '../src/core/search-policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { GAMES } from '../src/games/index.js';

/** Games per check; a large game may ask for fewer, never none. */
const BUDGET: Readonly<
  Record<
    string,
    {
      random: number;
      policy: number;
      variant: number;
      combos: number;
      timeout?: number;
      /** Each variant switched in one scenario only, the scenarios taken in turn (every variant and every scenario still checked). */
      rotateVariants?: boolean;
    }
  >
> = {
  default: { random: 60, policy: 6, variant: 12, combos: 256 },
  scs: { random: 100, policy: 6, variant: 10, combos: 0 },
  crete: { random: 2, policy: 1, variant: 1, combos: 4 },
  merkur: { random: 2, policy: 1, variant: 1, combos: 2, timeout: 600_000 },
  // Dark Crusade: ~40 turns and over a thousand decisions a game (the costly checks at a sample of
  // them, src/core/driver.ts ConformanceSample); six scenarios (two levels x three versions): 2
  // random games and 2 combinations each keep the totals of three x 4
  dc: { random: 2, policy: 1, variant: 1, combos: 2, timeout: 900_000, rotateVariants: true },
};
const budget = (def: GameDefinition) => BUDGET[def.id] ?? BUDGET.default!;

function checkRecord(def: GameDefinition, rec: GameRecord): void {
  expect(def.results.map((r) => r.id)).toContain(rec.result);
  expect(def.endReasons).toContain(rec.endReason);
  expect(def.victoryLevels).toContain(rec.victoryLevel);
  for (const s of def.stats) expect(Number.isFinite(rec.stats[s.id]), `${def.id} stat ${s.id}`).toBe(true);
  expect(Object.keys(rec.stats).sort()).toEqual(def.stats.map((s) => s.id).sort());
}

/** Policies for every player side: `ids` by spec, or the uniform random policy. */
function policiesFor(def: GameDefinition, scenario: string, ids: Record<string, string> | 'random') {
  if (ids !== 'random') return createPolicies(def, ids, scenario);
  return Object.fromEntries(playerSides(def, scenario).map((s) => [s, randomPolicy()])) as Record<
    string,
    Policy
  >;
}

/**
 * Plays one game in conformance mode (checked by the driver), keeps a JSON copy of the state at
 * one decision (chosen by the game index), continues that copy to the end with fresh policies,
 * and requires the same record (and checks it).
 */
export function play(
  def: GameDefinition,
  setup: GameSetup,
  ids: Record<string, string> | 'random',
  seed: number,
  game: number,
): GameRecord {
  const at = 1 + (game % 37);
  let snapshot: string | undefined;
  const rec = playMatch(
    startMatch(def, setup, { masterSeed: seed, gameIndex: game }),
    policiesFor(def, setup.scenario, ids),
    {
      conformance: {
        atDecision: (m, _p, decisions) => {
          if (decisions === at) snapshot = JSON.stringify(m.state);
        },
      },
    },
  );
  checkRecord(def, rec);
  if (snapshot !== undefined) {
    // fresh policies first play the decisions before the copy (a policy may remember the game so
    // far, Policy.reset), then continue from the JSON copy
    const policies = policiesFor(def, setup.scenario, ids);
    const lead = startMatch(def, setup, { masterSeed: seed, gameIndex: game });
    for (let k = 1; k < at; k++) {
      const d = lead.pending() as Decision;
      const rng = lead.workspace.streams.stream(`policy:${d.side}`);
      lead.apply(policies[d.side]!.choose(def.view(lead.state, d.side), d, rng));
    }
    const copy = JSON.parse(snapshot);
    const again = playMatch(new GameMatch(def, setup, copy, def.workspace(copy)), policies);
    expect(again, `${def.id} game ${game}: continued from a JSON copy at decision ${at}`).toEqual(rec);
  }
  return rec;
}

/** Scripted policies of a side (the search policies are checked on their own: they play many playouts per decision). */
const scripted = (def: GameDefinition, side: string) =>
  def.policies.filter((p) => p.side === side && !isSearchPolicy(p.id)).map((p) => p.id);

/** Variants switched on in random combinations: every on/off pattern of the flags (up to the budget), one member of each group. */
function combinations(
  def: GameDefinition,
  scenario: string,
  n: number,
  seed: number,
): Record<string, boolean>[] {
  // Only variants that may be switched in this scenario (a variant outside its scenarios is refused).
  const here = def.variants.filter((v) => v.scenarios === undefined || v.scenarios.includes(scenario));
  const flags = here.filter((v) => v.group === undefined);
  const groups = new Map<string, VariantDef[]>();
  for (const v of here) if (v.group !== undefined) groups.set(v.group, [...(groups.get(v.group) ?? []), v]);
  const total = 2 ** flags.length;
  const rng = streamRng(seed, 0, 'combinations');
  const masks =
    total <= n
      ? Array.from({ length: total }, (_, i) => i)
      : Array.from({ length: n }, () => rng.next() >>> 0);
  return masks.map((mask) => {
    const out: Record<string, boolean> = {};
    flags.forEach((v, i) => {
      out[v.id] = (mask & (1 << i)) !== 0;
    });
    for (const members of groups.values()) out[members[(rng.next() >>> 0) % members.length]!.id] = true;
    return out;
  });
}

/**
 * The conformance tests of game `gameId`: its scenarios `only` (default: all), and the game-wide
 * metadata checks unless `gameWide` is false (determinism and tracing of every game and scenario
 * are tests/core-determinism.test.ts).
 */
export function conformanceSuite(gameId: string, only?: readonly string[], gameWide = true): void {
  const def = GAMES.find((g) => g.id === gameId);
  if (def === undefined) throw new Error(`conformance: no game ${gameId}`);
  if (only !== undefined)
    for (const id of only)
      if (!def.scenarios.some((s) => s.id === id))
        throw new Error(`conformance: ${gameId} has no scenario ${id}`);
  const b = budget(def);
  describe(`conformance: ${def.id}`, { timeout: b.timeout ?? 120_000 }, () => {
    if (gameWide)
      it('declares consistent metadata', () => {
        for (const sc of def.scenarios) {
          const sides = playerSides(def, sc.id);
          expect(sides.length, `${sc.id}: a side played by a policy`).toBeGreaterThan(0);
          for (const side of sides) {
            expect(def.policies.some((p) => p.side === side && p.id === def.defaultPolicies[side])).toBe(
              true,
            );
            expect(def.policies.some((p) => p.side === side && p.id === 'random')).toBe(true);
            expect(
              def.policies.some((p) => p.side === side && p.id === ROLLOUT_ID),
              `${side} rollout`,
            ).toBe(true);
            expect(
              def.policies.some((p) => p.side === side && p.id === PORTFOLIO_ID),
              `${side} portfolio`,
            ).toBe(true);
            expect(
              def.policies.some((p) => p.side === side && p.id === MCTS_ID),
              `${side} mcts`,
            ).toBe(true);
          }
        }
        for (const r of def.results)
          expect(r.winner === null || def.sides.some((s) => s.id === r.winner)).toBe(true);
        for (const p of def.parameters) expect(['rules', 'source', 'reconstructed']).toContain(p.provenance);
        for (const p of def.parameters)
          for (const sc of p.scenarios ?? [])
            expect(
              def.scenarios.map((x) => x.id),
              `${p.id} scenario`,
            ).toContain(sc);
        for (const v of def.variants)
          for (const sc of v.scenarios ?? [])
            expect(
              def.scenarios.map((x) => x.id),
              `${v.id} scenario`,
            ).toContain(sc);
        expect(def.decisionKinds.length).toBeGreaterThan(0);
        expect(() => JSON.stringify(def.data)).not.toThrow();
      });

    def.scenarios.forEach((scenario) => {
      if (only !== undefined && !only.includes(scenario.id)) return;
      const setupOf = (variants: Record<string, boolean> = {}) =>
        resolveSetup(def, { scenario: scenario.id, variants }, 'conformance');

      it(`${scenario.id}: ${b.random} random-policy games, checked in conformance mode`, () => {
        const setup = setupOf();
        for (let g = 0; g < b.random; g++) play(def, setup, 'random', 11, g);
      });

      it(`${scenario.id}: every scripted policy of each side against the other sides' defaults`, () => {
        const setup = setupOf();
        for (const side of playerSides(def, scenario.id))
          for (const id of scripted(def, side))
            for (let g = 0; g < b.policy; g++)
              play(def, setup, { ...def.defaultPolicies, [side]: id }, 12, g);
      });

      def.variants.forEach((v, k) => {
        if (v.default && v.group !== undefined) return; // a group's default can only be replaced, which its siblings test
        // a variant is switched where it can change play (v.scenarios), in one of them under rotateVariants
        const where = v.scenarios ?? def.scenarios.map((x) => x.id);
        if (!where.includes(scenario.id)) return;
        if (b.rotateVariants && where[k % where.length] !== scenario.id) return;
        it(`${scenario.id}: variant ${v.id} switched ${v.default ? 'off' : 'on'}`, () => {
          const setup = setupOf({ [v.id]: !v.default });
          for (let g = 0; g < b.variant; g++) play(def, setup, 'random', 13, g);
          for (let g = 0; g < Math.ceil(b.variant / 3); g++)
            play(def, setup, { ...def.defaultPolicies }, 14, g);
        });
      });

      if (b.combos > 0 && def.variants.length > 1)
        it(`${scenario.id}: combinations of the variants (every flag pattern up to ${b.combos})`, () => {
          combinations(def, scenario.id, b.combos, 15).forEach((variants, k) => {
            const setup = setupOf(variants);
            play(def, setup, 'random', 16, k);
            play(def, setup, { ...def.defaultPolicies }, 17, k);
          });
        });
    });
  });
}
