import type { GameDefinition, GameStateBase } from './game.js';

/**
 * A 64-bit structural hash of plain data (a game state and its copies): two 32-bit lanes over
 * every value in order, so two states of one shape hash alike exactly when they serialise alike to
 * JSON, up to a collision (about 2^-64 a pair), with two refinements: a typed array and a plain
 * array with the same numbers differ, and non-finite numbers keep their value. Keys enter by their
 * length and end letters only (cheap; a key renamed to another of that length and those ends is
 * not seen). Conformance mode compares a state with its copies by it, at about half the cost of
 * JSON.stringify.
 */
export function stateHash(x: unknown): string {
  let a = 0x811c9dc5 | 0;
  let b = 0x6a09e667 | 0;
  const f64 = new Float64Array(1);
  const u32 = new Uint32Array(f64.buffer);
  const word = (w: number) => {
    a = Math.imul(a ^ w, 0x01000193);
    b = Math.imul((b << 13) | (b >>> 19), 5) + 0xe6546b64;
    b = Math.imul(b ^ w, 0x5bd1e995);
  };
  const num = (v: number) => {
    if ((v | 0) === v && !Object.is(v, -0)) {
      word(1);
      word(v);
    } else {
      f64[0] = v;
      word(2);
      word(u32[0]!);
      word(u32[1]!);
    }
  };
  const str = (s: string) => {
    word(3);
    word(s.length);
    for (let i = 0; i < s.length; i++) word(s.charCodeAt(i));
  };
  const walk = (v: unknown): void => {
    switch (typeof v) {
      case 'number':
        num(v);
        return;
      case 'string':
        str(v);
        return;
      case 'boolean':
        word(v ? 4 : 5);
        return;
      case 'object':
        if (v === null) {
          word(6);
          return;
        }
        if (Array.isArray(v)) {
          word(7);
          word(v.length);
          for (let i = 0; i < v.length; i++) walk(v[i]);
          return;
        }
        if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
          const t = v as unknown as ArrayLike<number> & { constructor: { name: string } };
          str(t.constructor.name);
          word(t.length);
          for (let i = 0; i < t.length; i++) num(t[i]!);
          return;
        }
        word(8);
        for (const k in v) {
          const e = (v as Record<string, unknown>)[k];
          if (e === undefined || typeof e === 'function' || typeof e === 'symbol') continue; // as JSON skips them
          // a key by its length and end letters: the states compared share their shape, and a key
          // renamed or dropped also shifts the values after it
          word(k.length);
          word((k.charCodeAt(0) << 16) | k.charCodeAt(k.length - 1));
          walk(e);
        }
        word(9);
        return;
      case 'undefined':
      case 'function':
      case 'symbol':
        word(10);
        return;
      case 'bigint':
        str(v.toString());
        return;
      default:
        throw new Error(`stateHash: a value of type ${typeof v}`); // typeof has no other answers
    }
  };
  walk(x);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * The key of a position, for transposition tables (SearchContext): a 64-bit structural hash
 * (stateHash, 16 hex digits) of game `game`'s state `s` WITHOUT its random streams (copies standing
 * at the same position with different future dice, as a search's forks are, share a key) and
 * without the pending decision, which the rules list from the rest of the state (the task on top
 * of the stack, stepped again, asks it), so its option list is not walked. Any other difference (a
 * unit, a flag, a task's progress, the decision counter) gives another key, up to a collision
 * (about 2^-64 a pair). One walk of the state, no copy.
 */
export function stateKey(game: GameDefinition, s: GameStateBase): string {
  return stateHash([game.id, { ...s, rng: null, pending: null }]);
}
