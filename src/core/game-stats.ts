/**
 * A game's statistics declared once (DESIGN §3 records): one table gives the column definitions
 * (StatDef), the zero value of the counters a state carries, and the statistics of the record.
 * A statistic is a counter the rules increment during play, or `final`: computed from the finished
 * state when the record is made.
 */
import type { StatDef } from './game.js';

export interface StatSpec<S> {
  readonly kind: 'int' | 'float';
  readonly description: string;
  /** The value recorded when the statistic does not apply to a game (StatDef.missing). */
  readonly missing?: number;
  /** Computed from the finished state; absent for a counter kept in the state. */
  readonly final?: (s: S) => number;
}

type CounterKeys<T> = { [K in keyof T]: T[K] extends { readonly final: (s: never) => number } ? never : K }[keyof T];

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

export function defineStats<S>() {
  return <const T extends Record<string, StatSpec<S>>>(spec: T): StatTable<S, T> => {
    const ids = Object.keys(spec);
    const counters = ids.filter((id) => spec[id]!.final === undefined);
    const finals = ids.filter((id) => spec[id]!.final !== undefined);
    const defs: StatDef[] = ids.map((id) => {
      const x = spec[id]!;
      return { id, kind: x.kind, description: x.description, ...(x.missing === undefined ? {} : { missing: x.missing }) };
    });
    return {
      defs,
      zero() {
        const z: Record<string, number> = {};
        for (const id of counters) z[id] = 0;
        return z as Counters<T>;
      },
      record(s, c) {
        const out: Record<string, number> = {};
        for (const id of counters) out[id] = (c as Record<string, number>)[id]!;
        for (const id of finals) out[id] = spec[id]!.final!(s);
        return out;
      },
    };
  };
}
