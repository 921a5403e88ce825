/**
 * The search context keeps the real game private (src/core/driver.ts `Search`: #private match and
 * side), core/state-hash.ts `stateKey` keys positions for transposition tables (equal for one
 * position reached by two move orders, different after a move, blind to the dice), and
 * core/values.ts values a finished game per side (OpenSpiel's Returns).
 */
import { describe, expect, it } from 'vitest';
import { playMatch, searchContext, startMatch } from '../src/core/driver.js';
import type { Decision, GameDefinition, GameRecord, Policy, SearchContext } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { stateKey } from '../src/core/state-hash.js';
import { resultValue, returns } from '../src/core/values.js';
import { crete } from '../src/games/crete/index.js';
import type { MoveOption } from '../src/games/sfo/decisions.js';
import { sfo } from '../src/games/sfo/index.js';

const setup = resolveSetup(sfo, { scenario: 'advanced' }, 'test');

/** Every name on the context's own object and on its prototype chain below Object. */
function surface(ctx: object): { own: string[]; inherited: string[] } {
  const inherited: string[] = [];
  for (let p = Object.getPrototypeOf(ctx); p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p))
    inherited.push(...Object.getOwnPropertyNames(p));
  return {
    own: [...Object.getOwnPropertyNames(ctx), ...Object.getOwnPropertySymbols(ctx).map(String)],
    inherited,
  };
}

describe('the search context', () => {
  it('holds no state on its own surface: the real match and the side are private', () => {
    const seen: SearchContext[] = [];
    const spy = (inner: Policy): Policy => ({
      id: inner.id,
      choose(view, d, rng, search) {
        if (search !== undefined && seen.length < 50) seen.push(search);
        return inner.choose(view, d, rng, search);
      },
    });
    const base = createPolicies(sfo, sfo.defaultPolicies, 'advanced');
    const m = startMatch(sfo, setup, { masterSeed: 3, gameIndex: 0 });
    playMatch(m, { soviet: spy(base.soviet!), us: spy(base.us!) });
    expect(seen.length).toBeGreaterThan(0);
    for (const ctx of [...seen, searchContext(m, 'soviet')]) {
      const { own, inherited } = surface(ctx);
      expect(own).toEqual([]);
      expect(Object.keys(ctx)).toEqual([]);
      expect(JSON.stringify(ctx)).toBe('{}');
      expect(inherited.sort()).toEqual(['constructor', 'fork', 'game', 'searchPoint', 'setup']);
      const open = ctx as unknown as Record<string, unknown>;
      expect(open.match).toBeUndefined();
      expect(open.side).toBeUndefined();
      expect(open.state).toBeUndefined();
      // what the getters give is the definition and the setup, not the game in progress
      expect(ctx.game).toBe(sfo);
      expect(ctx.setup).toBe(setup);
    }
    // a fork is a copy: changing it leaves the real game alone
    const live = startMatch(sfo, setup, { masterSeed: 3, gameIndex: 1 });
    live.pending();
    const before = JSON.stringify(live.state);
    const f = searchContext(live, 'soviet').fork(streamRng(1, 2, 'fork'));
    f.apply(0);
    expect(JSON.stringify(live.state)).toBe(before);
    // searchPoint gives the turn and phase the real game stands in, nothing more
    const st = live.state as unknown as { turn: number; phase: string };
    expect(searchContext(live, 'soviet').searchPoint!()).toEqual({ turn: st.turn, phase: st.phase });
  });
});

/** The match at SFO's first movement decision with two units that can each move to a hex of its own. */
function twoMoves(game: number): { a: MoveOption; b: MoveOption } | undefined {
  const m = startMatch(sfo, setup, { masterSeed: 5, gameIndex: game });
  const d = m.pending() as Decision;
  if (d.kind !== 'move') return undefined;
  const moves = (d.options as readonly { type: string }[]).filter((o): o is MoveOption => o.type === 'move');
  for (const a of moves)
    for (const b of moves)
      if (a.unit !== b.unit && a.to !== b.to && a.to !== b.from && b.to !== a.from) return { a, b };
  return undefined;
}

/** Plays `moves` in order from game `game`'s first decision (each found among the options then pending). */
function played(game: number, moves: readonly MoveOption[]) {
  const m = startMatch(sfo, setup, { masterSeed: 5, gameIndex: game });
  for (const mv of moves) {
    const d = m.pending() as Decision;
    const i = (d.options as readonly Partial<MoveOption>[]).findIndex(
      (o) => o.type === 'move' && o.unit === mv.unit && o.to === mv.to,
    );
    if (i < 0) return undefined;
    m.apply(i);
  }
  m.pending();
  return m;
}

describe('stateKey', () => {
  it('is one key for one position reached by two move orders, and another after a move', () => {
    let checked = 0;
    for (let g = 0; g < 10 && checked < 3; g++) {
      const two = twoMoves(g);
      if (two === undefined) continue;
      const ab = played(g, [two.a, two.b]);
      const ba = played(g, [two.b, two.a]);
      if (ab === undefined || ba === undefined) continue; // the first move took the second's hex
      expect(stateKey(sfo, ab.state)).toMatch(/^[0-9a-f]{16}$/);
      expect(stateKey(sfo, ab.state), `game ${g}`).toBe(stateKey(sfo, ba.state));
      const start = played(g, [])!;
      const one = played(g, [two.a])!;
      expect(stateKey(sfo, one.state)).not.toBe(stateKey(sfo, start.state));
      expect(stateKey(sfo, ab.state)).not.toBe(stateKey(sfo, one.state));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('leaves out the dice: a fork on fresh dice and a JSON copy key as the position does', () => {
    const m = startMatch(sfo, setup, { masterSeed: 5, gameIndex: 0 });
    m.pending();
    const key = stateKey(sfo, m.state);
    const f = searchContext(m, 'soviet').fork(streamRng(9, 9, 'fork'));
    f.pending();
    expect(JSON.stringify(f.state.rng)).not.toBe(JSON.stringify(m.state.rng));
    expect(stateKey(sfo, f.state)).toBe(key);
    expect(stateKey(sfo, JSON.parse(JSON.stringify(m.state)))).toBe(key);
    // the same state as another game's is another key
    expect(stateKey({ ...sfo, id: 'other' } as GameDefinition, m.state)).not.toBe(key);
  });
});

describe('returns and resultValue', () => {
  const rec = (result: string): GameRecord => ({
    result,
    endTurn: 1,
    endReason: 'x',
    victoryLevel: 'x',
    stats: {},
  });
  it('win 1, loss 0, a result without a winner 1/2 to each side, from the ResultDef winners', () => {
    for (const r of crete.results) {
      const v = returns(crete, rec(r.id));
      expect(Object.keys(v).sort()).toEqual(crete.sides.map((s) => s.id).sort());
      expect(v.german! + v.british!).toBe(1);
      for (const side of crete.sides)
        expect(v[side.id]).toBe(r.winner === side.id ? 1 : r.winner === null ? 0.5 : 0);
    }
    expect(returns(crete, rec('draw'))).toEqual({ german: 0.5, british: 0.5 });
    expect(resultValue(crete, 'german-win', 'german')).toBe(1);
    expect(resultValue(crete, 'german-win', 'british')).toBe(0);
    expect(() => resultValue(crete, 'nonsense', 'german')).toThrow(/not one of the game's results/);
  });

  it("values a played game's record as its result says", () => {
    const r = playMatch(
      startMatch(sfo, setup, { masterSeed: 5, gameIndex: 2 }),
      createPolicies(sfo, sfo.defaultPolicies, 'advanced'),
    );
    const winner = sfo.results.find((x) => x.id === r.result)!.winner;
    expect(returns(sfo, r)).toEqual({ soviet: winner === 'soviet' ? 1 : 0, us: winner === 'us' ? 1 : 0 });
  });
});
