/** The columns of the games table: the common record columns, then a game's own statistics. */
import type { GameDefinition } from '../core/game.js';
import { snakeCase } from '../core/game-stats.js';

/** A column of the games table: categorical columns are stored as codes into `categories`. */
export interface ColumnSpec {
  readonly name: string;
  readonly kind: 'cat' | 'int' | 'float';
  readonly categories?: readonly string[];
  readonly description: string;
}

/**
 * The per-game columns a worker fills for one game definition: result, end turn, end reason,
 * victory level, then the game's own statistics, in the order the definition lists them.
 */
export function recordColumns(def: GameDefinition): ColumnSpec[] {
  return [
    {
      name: 'result',
      kind: 'cat',
      categories: def.results.map((r) => r.id),
      description: 'how the game ended',
    },
    { name: 'end_turn', kind: 'int', description: 'last turn played' },
    { name: 'end_reason', kind: 'cat', categories: def.endReasons, description: 'why the game ended' },
    {
      name: 'victory_level',
      kind: 'cat',
      categories: def.victoryLevels,
      description: 'degree of the result',
    },
    ...def.stats.map(
      (s): ColumnSpec => ({
        name: s.id,
        kind: s.kind === 'int' ? 'int' : 'float',
        description: s.description,
      }),
    ),
  ];
}

export { snakeCase };

/** What an arm played, as the manifest records it (ArmManifest). */
export interface ArmFacts {
  readonly policies: Readonly<Record<string, string>>;
  readonly variants: readonly string[];
  readonly params: Readonly<Record<string, unknown>>;
  /** In a round robin: the entrant playing each side. */
  readonly entrants?: Readonly<Record<string, string>>;
}

/**
 * A column of the games files that is constant within an arm: what the arm played, repeated on
 * each of its rows (dictionary-encoded, so it costs next to nothing) so that a row of
 * games.parquet says what produced it without a join to the manifest. `values[a]` is arm a's value.
 */
export interface ArmColumn {
  readonly name: string;
  readonly kind: 'cat' | 'int' | 'float' | 'bool';
  readonly description: string;
  readonly values: readonly (string | number | boolean)[];
}

/**
 * The arm columns of a game's runs: `policy_<side>` for every side (`rules` where the scenario's
 * rules play it), `variant_<id>` (true when on) for every variant, `param_<id>` for every parameter
 * (numbers as numbers, a location list as its ids joined by spaces), and when an arm of the run
 * comes from a round robin, `entrant_<side>` for every side (the entrant playing it, `none` in
 * an arm outside the round robin).
 */
export function armColumns(def: GameDefinition, arms: readonly ArmFacts[]): ArmColumn[] {
  const out: ArmColumn[] = def.sides.map((s) => ({
    name: `policy_${snakeCase(s.id)}`,
    kind: 'cat',
    description: `policy that played ${s.name} ('rules' where the scenario's rules play it)`,
    values: arms.map((a) => a.policies[s.id] ?? 'rules'),
  }));
  for (const v of def.variants)
    out.push({
      name: `variant_${snakeCase(v.id)}`,
      kind: 'bool',
      description: `variant ${v.id} on (${v.rule})`,
      values: arms.map((a) => a.variants.includes(v.id)),
    });
  for (const p of def.parameters) {
    const value = (a: ArmFacts): unknown => a.params[p.id] ?? p.default;
    const numeric = p.kind === 'integer' || p.kind === 'number';
    out.push({
      name: `param_${snakeCase(p.id)}`,
      kind: p.kind === 'integer' ? 'int' : p.kind === 'number' ? 'float' : 'cat',
      description: `parameter ${p.id} (${p.provenance})`,
      values: arms.map((a) => {
        const v = value(a);
        if (numeric) return Number(v);
        return Array.isArray(v) ? v.join(' ') : String(v);
      }),
    });
  }
  if (arms.some((a) => a.entrants !== undefined))
    for (const s of def.sides)
      out.push({
        name: `entrant_${snakeCase(s.id)}`,
        kind: 'cat',
        description: `round-robin entrant that played ${s.name} ('none' in an arm outside the round robin)`,
        values: arms.map((a) => a.entrants?.[s.id] ?? 'none'),
      });
  return out;
}
