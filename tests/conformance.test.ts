import { describe, expect, it } from 'vitest';
import { randomPolicy } from '../src/core/decide.js';
import type { GameDefinition, GameSetup, Policy } from '../src/core/game.js';
import { gameStreams } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { listGames } from '../src/games/index.js';
import { createPolicies, playerSides } from '../src/runner/play.js';

// The shared conformance suite (DESIGN §3, §7): every registered game, every scenario, random and
// scripted policies, each variant switched from its default: games end, never throw, keep their
// invariants after every step, and their state survives a JSON round trip.

const RANDOM_GAMES = 150;

function playChecked(
  def: GameDefinition,
  setup: GameSetup,
  policies: Record<string, Policy>,
  seed: number,
  game: number,
) {
  const streams = gameStreams(seed, game);
  const state = def.start(setup, streams);
  let steps = 0;
  const check = (s: unknown) => {
    steps++;
    const bad = def.invariants(s);
    if (bad.length > 0)
      throw new Error(`game ${game}: invariant broken after step ${steps}: ${bad.join('; ')}`);
    if (steps % 5 === 1) expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
  };
  check(state);
  const rec = def.play(state, { streams, policies, onStep: check });
  expect(def.invariants(state)).toEqual([]);
  expect(def.results.map((r) => r.id)).toContain(rec.result);
  expect(def.endReasons).toContain(rec.endReason);
  expect(def.victoryLevels).toContain(rec.victoryLevel);
  for (const s of def.stats) expect(Number.isFinite(rec.stats[s.id]), `${def.id} stat ${s.id}`).toBe(true);
  return rec;
}

const randomAll = (def: GameDefinition) =>
  Object.fromEntries(playerSides(def).map((s) => [s, randomPolicy()]));

for (const def of listGames()) {
  describe(`conformance: ${def.id}`, () => {
    it('declares consistent metadata', () => {
      expect(playerSides(def).length).toBeGreaterThan(0);
      expect(Object.keys(def.defaultPolicies).sort()).toEqual(playerSides(def).sort());
      for (const side of playerSides(def)) {
        expect(def.policies.some((p) => p.side === side && p.id === def.defaultPolicies[side])).toBe(true);
        expect(def.policies.some((p) => p.side === side && p.id === 'random')).toBe(true);
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
      expect(() => JSON.stringify(def.data)).not.toThrow();
    });

    for (const scenario of def.scenarios) {
      it(`${scenario.id}: ${RANDOM_GAMES} random-policy games end legally`, () => {
        const setup = resolveSetup(def, { scenario: scenario.id }, 'conformance');
        for (let g = 0; g < RANDOM_GAMES; g++) playChecked(def, setup, randomAll(def), 11, g);
      });

      it(`${scenario.id}: every scripted policy pairing plays legally`, () => {
        const setup = resolveSetup(def, { scenario: scenario.id }, 'conformance');
        // Each policy of each player side meets the other sides' defaults, a few games each.
        playerSides(def).forEach((side) => {
          for (const id of def.policies.filter((p) => p.side === side).map((p) => p.id)) {
            const ids = { ...def.defaultPolicies, [side]: id };
            for (let g = 0; g < 12; g++) playChecked(def, setup, createPolicies(def, ids), 12, g);
          }
        });
      });

      for (const v of def.variants) {
        it(`${scenario.id}: variant ${v.id} switched ${v.default ? 'off' : 'on'} plays legally`, () => {
          if (v.default && v.group !== undefined) return; // a group's default can only be replaced, which its siblings test
          const setup = resolveSetup(
            def,
            { scenario: scenario.id, variants: { [v.id]: !v.default } },
            'conformance',
          );
          for (let g = 0; g < 30; g++) playChecked(def, setup, randomAll(def), 13, g);
          for (let g = 0; g < 10; g++)
            playChecked(def, setup, createPolicies(def, def.defaultPolicies), 14, g);
        });
      }
    }

    it('the same seed and game index give the same record', () => {
      const setup = resolveSetup(def, {}, 'conformance');
      const a = playChecked(def, setup, createPolicies(def, def.defaultPolicies), 5, 3);
      const b = playChecked(def, setup, createPolicies(def, def.defaultPolicies), 5, 3);
      expect(a).toStrictEqual(b);
    });
  });
}
