/**
 * A cache of a pure function of immutable input (a map built from its key, a distance table):
 * whatever calls it, in whatever order, gets the same value, so sharing it between games and
 * threads cannot change a result. Not for game state or scratch (those live in a workspace).
 */
export function memoize<K, V>(build: (key: K) => V): (key: K) => V {
  return cached(new Map<K, V>(), build);
}

/** `memoize` keyed by the identity of an object argument (a setup, a board): entries go with their key. */
export function memoizeWeak<K extends object, V>(build: (key: K) => V): (key: K) => V {
  return cached(new WeakMap<K, V>(), build);
}

interface Cache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

function cached<K, V>(cache: Cache<K, V>, build: (key: K) => V): (key: K) => V {
  return (key: K): V => {
    let v = cache.get(key);
    if (v === undefined) {
      v = build(key);
      cache.set(key, v);
    }
    return v;
  };
}
