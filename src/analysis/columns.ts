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
  /** What of the arm it says. */
  readonly group: 'policy' | 'variant' | 'parameter' | 'entrant';
  /** The side a policy or entrant column is about. */
  readonly side?: string;
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
    group: 'policy',
    side: s.id,
    kind: 'cat',
    description: `policy that played ${s.name} ('rules' where the scenario's rules play it)`,
    values: arms.map((a) => a.policies[s.id] ?? 'rules'),
  }));
  for (const v of def.variants)
    out.push({
      name: `variant_${snakeCase(v.id)}`,
      group: 'variant',
      kind: 'bool',
      description: `variant ${v.id} on (${v.rule})`,
      values: arms.map((a) => a.variants.includes(v.id)),
    });
  for (const p of def.parameters) {
    const value = (a: ArmFacts): unknown => a.params[p.id] ?? p.default;
    const numeric = p.kind === 'integer' || p.kind === 'number';
    out.push({
      name: `param_${snakeCase(p.id)}`,
      group: 'parameter',
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
        group: 'entrant',
        side: s.id,
        kind: 'cat',
        description: `round-robin entrant that played ${s.name} ('none' in an arm outside the round robin)`,
        values: arms.map((a) => a.entrants?.[s.id] ?? 'none'),
      });
  return out;
}

/** One entry of a run's column dictionary (columns.json, and games.parquet's `sandtable.columns`). */
export interface ColumnEntry {
  readonly name: string;
  /** Its type in games.parquet (and the arquero column loadRun gives). */
  readonly type: 'string' | 'int32' | 'double' | 'boolean';
  readonly description: string;
  /** What a value counts, where it is declared (`turn`...); null otherwise. */
  readonly unit: string | null;
  /**
   * `identity` (game, arm, scenario), `outcome` (how the game ended), `statistic` (the game's
   * own), or what an arm played: `policy`, `variant`, `parameter`, `entrant`.
   */
  readonly group: 'identity' | 'outcome' | 'statistic' | 'policy' | 'variant' | 'parameter' | 'entrant';
  /** The side a column is about: the side a policy or entrant played, or whose name starts a statistic's; else null. */
  readonly side: string | null;
  /** True when the column holds NULL where the game did not reach what it measures (StatDef.missing). */
  readonly null_when_not_reached: boolean;
  /** A string column's values, where they are known before the run (outcomes). */
  readonly categories?: readonly string[];
}

const OUTCOME_COLUMNS = new Set(['result', 'winner', 'end_turn', 'end_reason', 'victory_level']);

/**
 * The column dictionary of a run's games files, in their column order: the games table's
 * `columns`, then the arm columns.
 */
export function columnDictionary(
  def: GameDefinition,
  columns: readonly ColumnSpec[],
  arms: readonly ArmColumn[],
): ColumnEntry[] {
  const stats = new Map(def.stats.map((s) => [s.id, s]));
  const sides = def.sides.map((s) => [snakeCase(s.id), s.id] as const);
  const sideOf = (name: string): string | null =>
    sides.find(([snake]) => name === snake || name.startsWith(`${snake}_`))?.[1] ?? null;
  const table = columns.map((c): ColumnEntry => {
    const stat = stats.get(c.name);
    return {
      name: c.name,
      type: c.kind === 'cat' ? 'string' : c.kind === 'int' ? 'int32' : 'double',
      description: c.description,
      unit: stat?.unit ?? (c.name === 'end_turn' ? 'turn' : null),
      group: stat !== undefined ? 'statistic' : OUTCOME_COLUMNS.has(c.name) ? 'outcome' : 'identity',
      side: stat !== undefined ? sideOf(c.name) : null,
      null_when_not_reached: stat?.missing !== undefined,
      ...(c.categories === undefined ? {} : { categories: c.categories }),
    };
  });
  const armEntries = arms.map(
    (c): ColumnEntry => ({
      name: c.name,
      type:
        c.kind === 'cat' ? 'string' : c.kind === 'int' ? 'int32' : c.kind === 'bool' ? 'boolean' : 'double',
      description: c.description,
      unit: null,
      group: c.group,
      side: c.side ?? null,
      null_when_not_reached: false,
    }),
  );
  return [...table, ...armEntries];
}
