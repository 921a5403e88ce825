/**
 * Hand-built positions for known-answer tests and the odds engine: a legal state with units on
 * given hexes, built through the same rules resolution as a real game. Unlisted units are
 * eliminated (and counted as lost) so the state still satisfies `invariants`.
 */
import type { Policy } from '../../core/game.js';
import { mapOf } from './map.js';
import type { SfoOption } from './options.js';
import { resolveRules } from './rules.js';
import { initialState } from './setup.js';
import type { SfoState, Side } from './state.js';

export interface PositionSpec {
  readonly level: 'basic' | 'advanced' | 'expert';
  /** Expert scenario (default expert-standard). */
  readonly scenario?: string;
  /** Hex ids of Soviet units, in unit order (A, B, V, G, D, E; Expert: Ж, З tank); repeat a hex to stack. */
  readonly soviet: readonly string[];
  /** Hex ids of US units W, X, Y, Z (and West German V in Advanced as a fifth entry; Expert: then US armour T). */
  readonly us: readonly string[];
  /** Units placed by id (e.g. { ZE: '0507' }), on top of the lists; a listed unit is on the map. */
  readonly at?: Readonly<Record<string, string>>;
  readonly variants?: readonly string[];
  readonly params?: Readonly<Record<string, string | number | readonly string[]>>;
  readonly turn?: number;
}

/** A state with exactly the listed units on the map (others eliminated, V in reserve if not listed). */
export function positionState(spec: PositionSpec): SfoState {
  const variants = new Set(spec.variants ?? []);
  if (!variants.has('crt-chart-basic')) variants.add('crt-unified');
  if (!variants.has('elim-one')) variants.add('elim-all');
  const scenario = spec.level === 'expert' ? (spec.scenario ?? 'expert-standard') : spec.level;
  const rules = resolveRules({ scenario, variants, params: spec.params ?? {} });
  const state = initialState(rules);
  const at = spec.at ?? {};
  const place = (side: Side, hexes: readonly string[]) => {
    const units = state.units.filter((u) => u.side === side);
    units.forEach((u, k) => {
      const h = at[u.id] ?? hexes[k];
      if (h !== undefined) {
        u.status = 'map';
        u.hex = hexIndex(state, h);
      } else if (u.status === 'map') {
        u.status = 'eliminated';
        u.hex = -1;
        if (side === 'soviet') state.stats.soviet_units_lost++;
        else state.stats.us_units_lost++;
      }
    });
    if (hexes.length > units.length + Object.keys(at).length)
      throw new Error(`positionState: ${hexes.length} ${side} hexes for ${units.length} units`);
  };
  place('soviet', spec.soviet);
  place('us', spec.us);
  state.turn = spec.turn ?? 1;
  return state;
}

/** Index of a hex id on the state's map. */
export function hexIndex(state: SfoState, id: string): number {
  return mapOf(state).grid.index(id);
}

/** Hex ids of a list of hex indices, sorted. */
export function hexIds(state: SfoState, hexes: readonly number[]): string[] {
  const m = mapOf(state);
  return hexes.map((h) => m.ids[h]!).sort();
}

/** A policy that always answers with the first option satisfying `pick` (or option 0). */
export function scriptedPolicy(pick: (o: SfoOption, kind: string) => boolean): Policy {
  return {
    id: 'scripted',
    choose(_view, d) {
      const i = (d.options as readonly SfoOption[]).findIndex((o) => pick(o, d.kind));
      return i < 0 ? 0 : i;
    },
  };
}
