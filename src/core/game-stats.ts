/**
 * A game's statistics declared once (docs/architecture.md "Records"): one table gives the column definitions
 * (StatDef), the zero value of the counters a state carries, and the statistics of the record.
 * A statistic is a counter the rules increment during play, or `final`: computed from the finished
 * state when the record is made.
 */
import type { StatDef } from './game.js';

/** A name in the games files' one convention: snake_case ASCII (`zoc-strict` -> `zoc_strict`, `kLineAtT3` -> `k_line_at_t3`). */
export function snakeCase(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

export interface StatSpec<S, E> {
  readonly kind: 'int' | 'float';
  readonly description: string;
  /** The value recorded when the statistic does not apply to a game (StatDef.missing). */
  readonly missing?: number;
  /** StatDef.unit. */
  readonly unit?: string;
  /** Computed from the finished state (and its summary, made once per record); absent for a counter kept in the state. */
  readonly final?: (s: S, end: E) => number;
}

type CounterKeys<T> = {
  [K in keyof T]: T[K] extends { readonly final: (s: never, e: never) => number } ? never : K;
}[keyof T];

/** The counters a state carries: one number per statistic that is not `final`. */
export type Counters<T> = { -readonly [K in CounterKeys<T> & string]: number };

export interface StatTable<S, T> {
  /** Column definitions in declaration order. */
  readonly defs: readonly StatDef[];
  /** Fresh counters, all zero. */
  zero(): Counters<T>;
  /** The record's statistics: every counter, then every final value, keyed by column name (StatDef.id). */
  record(s: S, counters: Counters<T>): Record<string, number>;
}

/**
 * `defineStats<State, Summary>(summarize)(spec)`: `summarize` computes once per record what several
 * final statistics share (the towns held, the victory points...). A statistic's key in `spec` is
 * its counter's name in the state; its column name (StatDef.id, the key of the record's
 * statistics) is that key in snake_case (`moscowFall` -> `moscow_fall`), the games files' one
 * convention. Two keys with one snake_case name are an error.
 */
export function defineStats<S, E = undefined>(summarize: (s: S) => E = () => undefined as E) {
  return <const T extends Record<string, StatSpec<S, E>>>(spec: T): StatTable<S, T> => {
    const ids = Object.keys(spec);
    const counters = ids.filter((id) => spec[id]!.final === undefined);
    const finals = ids.filter((id) => spec[id]!.final !== undefined);
    const column = new Map(ids.map((id) => [id, snakeCase(id)]));
    const seen = new Map<string, string>();
    for (const [id, name] of column) {
      const other = seen.get(name);
      if (other !== undefined) throw new Error(`statistics ${other} and ${id} share the column name ${name}`);
      seen.set(name, id);
    }
    const renamed = ids.some((id) => column.get(id) !== id);
    const defs: StatDef[] = ids.map((id) => {
      const x = spec[id]!;
      return {
        id: column.get(id)!,
        kind: x.kind,
        description: x.description,
        ...(x.missing === undefined ? {} : { missing: x.missing }),
        ...(x.unit === undefined ? {} : { unit: x.unit }),
      };
    });
    // Counters are copied from one template object (a spread copy of an object with fast properties
    // is much cheaper than adding the properties one by one).
    // built in one go: an object grown by many keyed stores becomes a slow dictionary
    const template: Record<string, number> = Object.fromEntries(counters.map((id) => [id, 0]));
    return {
      defs,
      zero() {
        return { ...template } as Counters<T>;
      },
      record(s, c) {
        const counted = c as Record<string, number>;
        const out: Record<string, number> = renamed
          ? Object.fromEntries(counters.map((id) => [column.get(id)!, counted[id]!]))
          : { ...counted };
        if (finals.length > 0) {
          const end = summarize(s);
          for (const id of finals) out[column.get(id)!] = spec[id]!.final!(s, end);
        }
        return out;
      },
    };
  };
}
