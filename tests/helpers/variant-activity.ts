/**
 * The variant-activity search: for a variant of a game, a game (scenario, policy pairing, seed) whose
 * record differs when the variant is switched from the defaults. Switching a variant means turning it
 * on (which turns the rest of its group off), or, for a variant on by default, turning on each other
 * variant of its group (or turning it off when it has no group). Switches into a variant listed in
 * `skip` (those that declare `actsWhen`, and any pending) are not tried. The search plays seed by seed,
 * each seed under the default policies and then every side "random" where the game has such a policy,
 * in each scenario the variant can act in, and stops at the first difference. Bounded in games, never
 * in time.
 */

import { GameSeries } from '../../src/core/driver.js';
import type { GameDefinition, VariantDef } from '../../src/core/game.js';
import { createPolicies } from '../../src/core/policies.js';
import { resolveSetup } from '../../src/core/setup.js';

/** A game in which switching a variant changed the record. */
export interface Witness {
  readonly scenario: string;
  readonly policies: string;
  readonly switched: string;
  readonly seed: number;
  readonly games: number;
}

/** The variant switches that move away from the defaults (each a variants request), none into `skip`. */
export function switchesOf(
  def: GameDefinition,
  v: VariantDef,
  skip: ReadonlySet<string> = new Set(),
): Record<string, boolean>[] {
  if (!v.default) return skip.has(v.id) ? [] : [{ [v.id]: true }];
  if (v.group === undefined) return [{ [v.id]: false }];
  return def.variants
    .filter((o) => o.group === v.group && o.id !== v.id && !skip.has(o.id))
    .map((o) => ({ [o.id]: true }));
}

/** The policy pairings searched: the defaults, then "random" for every side when each side has one. */
function pairings(def: GameDefinition): { name: string; specs: Record<string, string> }[] {
  const out = [{ name: 'defaults', specs: {} as Record<string, string> }];
  const sides = Object.keys(def.defaultPolicies);
  const hasRandom = (side: string) => def.policies.some((p) => p.side === side && p.id === 'random');
  if (sides.every(hasRandom))
    out.push({ name: 'random', specs: Object.fromEntries(sides.map((s) => [s, 'random'])) });
  return out;
}

/**
 * Searches for a witness that switching `v` changes play: seeds 0..seeds-1 of master seed
 * `masterSeed`, each under every policy pairing and scenario (the defaults' record of each game is
 * played once and shared by the switches). Null when no switch is left or none changed a record.
 */
export function findWitness(
  def: GameDefinition,
  v: VariantDef,
  seeds: number,
  skip: ReadonlySet<string> = new Set(),
  masterSeed = 7,
): Witness | null {
  const switches = switchesOf(def, v, skip);
  if (switches.length === 0) return null;
  const scenarios = v.scenarios ?? def.scenarios.map((s) => s.id);
  // A switch is tried only where every variant it turns on or off may be switched.
  const applies = (id: string, scenario: string) => {
    const s = def.variants.find((o) => o.id === id)?.scenarios;
    return s === undefined || s.includes(scenario);
  };
  const arms = pairings(def).flatMap((pairing) =>
    scenarios.flatMap((scenario) => {
      const here = switches.filter((sw) => Object.keys(sw).every((id) => applies(id, scenario)));
      if (here.length === 0) return [];
      const series = (variants: Record<string, boolean>) =>
        new GameSeries(def, resolveSetup(def, { scenario, variants }, 'activity'), () =>
          createPolicies(def, pairing.specs, scenario),
        );
      return {
        scenario,
        pairing: pairing.name,
        base: series({}),
        alts: here.map((variants) => ({
          name: Object.entries(variants)
            .map(([k, on]) => `${k}=${on}`)
            .join(','),
          series: series(variants),
        })),
      };
    }),
  );
  let games = 0;
  for (let g = 0; g < seeds; g++) {
    const seed = { masterSeed, gameIndex: g };
    for (const arm of arms) {
      const ref = JSON.stringify(arm.base.play(seed));
      games++;
      for (const alt of arm.alts) {
        games++;
        if (JSON.stringify(alt.series.play(seed)) !== ref)
          return { scenario: arm.scenario, policies: arm.pairing, switched: alt.name, seed: g, games };
      }
    }
  }
  return null;
}
