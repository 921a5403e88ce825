/**
 * A cache of a pure function of immutable input (a map built from its key, a distance table):
 * whatever calls it, in whatever order, gets the same value, so sharing it between games and
 * threads cannot change a result. Not for game state or scratch (those live in a workspace).
 * `memoize` and `memoizeWeak` are written out separately on purpose: one shared body would see both
 * Map and WeakMap at its lookup and make every cached read polymorphic (SFO's `mapOf` is one, read
 * at every rules step).
 */
export function memoize<K, V>(build: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key: K): V => {
    let v = cache.get(key);
    if (v === undefined) {
      v = build(key);
      cache.set(key, v);
    }
    return v;
  };
}

/** `memoize` keyed by the identity of an object argument (a setup, a board): entries go with their key. */
export function memoizeWeak<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key: K): V => {
    let v = cache.get(key);
    if (v === undefined) {
      v = build(key);
      cache.set(key, v);
    }
    return v;
  };
}
