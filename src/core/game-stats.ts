/**
 * A game's statistics declared once (docs/architecture.md "Records"): one table gives the column definitions
 * (StatDef), the zero value of the counters a state carries, and the statistics of the record.
 * A statistic is a counter the rules increment during play, or `final`: computed from the finished
 * state when the record is made.
 */
import type { StatDef } from './game.js';

export interface StatSpec<S, E> {
  readonly kind: 'int' | 'float';
  readonly description: string;
  /** The value recorded when the statistic does not apply to a game (StatDef.missing). */
  readonly missing?: number;
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
  /** The record's statistics: every counter, then every final value, keyed by id. */
  record(s: S, counters: Counters<T>): Record<string, number>;
}

/**
 * `defineStats<State, Summary>(summarize)(spec)`: `summarize` computes once per record what several
 * final statistics share (the towns held, the victory points...).
 */
export function defineStats<S, E = undefined>(summarize: (s: S) => E = () => undefined as E) {
  return <const T extends Record<string, StatSpec<S, E>>>(spec: T): StatTable<S, T> => {
    const ids = Object.keys(spec);
    const counters = ids.filter((id) => spec[id]!.final === undefined);
    const finals = ids.filter((id) => spec[id]!.final !== undefined);
    const defs: StatDef[] = ids.map((id) => {
      const x = spec[id]!;
      return {
        id,
        kind: x.kind,
        description: x.description,
        ...(x.missing === undefined ? {} : { missing: x.missing }),
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
        const out: Record<string, number> = { ...(c as Record<string, number>) };
        if (finals.length > 0) {
          const end = summarize(s);
          for (const id of finals) out[id] = spec[id]!.final!(s, end);
        }
        return out;
      },
    };
  };
}
