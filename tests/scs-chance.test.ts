/**
 * SCS in explicit-chance mode (src/games/scs/chance.ts): every chance procedure of play stops at
 * a chance point — the set-up's front markers (3.4), the battle's volleys (10.1), the
 * force-generation dice (8.3, 8.5, 8.6), the pool's blind draws (3.7, 8.3, 10.7) and the breakout's
 * fire (8.6) — so a game played with its chance answered from outside draws nothing from its own
 * streams, and the distribution of a generated force, or of the set-up's markers, can be walked
 * through the game's own code (core enumerateChance).
 */
import { describe, expect, it } from 'vitest';
import { enumerateChance, sampleChance, startMatch } from '../src/core/driver.js';
import type { ChanceNode } from '../src/core/game.js';
import { gameStreams } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import type { ScsDecision } from '../src/games/scs/decisions.js';
import { scs } from '../src/games/scs/index.js';
import type { ScsState } from '../src/games/scs/state.js';

const setup = resolveSetup(scs, {}, 'test');

describe('SCS explicit chance', () => {
  it('a game answered from outside stops at every draw and die and draws nothing from its streams (3 policies x 3 games)', () => {
    const met = new Map<string, number>();
    let breakouts = 0;
    for (const id of ['historical', 'pocket-hunter', 'sudden-death'])
      for (let g = 0; g < 3; g++) {
        const counter = { draws: 0 };
        const m = startMatch(scs, setup, { masterSeed: 1, gameIndex: g }, { explicitChance: true, counter });
        const s = m.state as ScsState;
        const policy = scs.policies.find((p) => p.id === id)!.create();
        const chance = gameStreams(99, g).stream('chance');
        const unused = gameStreams(98, g).stream('policy');
        for (let p = m.pending(); p !== null; p = m.pending()) {
          if (p.kind === 'chance') {
            const node = p as ChanceNode;
            expect(node.outcomes.reduce((a, o) => a + o.p, 0)).toBeCloseTo(1, 12);
            met.set(node.what.replace(/^\d+ /, ''), (met.get(node.what.replace(/^\d+ /, '')) ?? 0) + 1);
            m.apply(sampleChance(chance, node));
            continue;
          }
          expect(s.drawn, 'no draw outcome left over at a decision').toEqual([]);
          m.apply(policy.choose(scs.view(s, 'soviet'), p as ScsDecision, unused));
        }
        expect(s.result, `${id} game ${g}`).not.toBe('');
        expect(counter.draws, `${id} game ${g}: draws from the game's streams`).toBe(0);
        breakouts += s.stats.breakouts;
      }
    // 3.4: a marker on each of the 25 initial front hexes, every game
    expect(met.get('front marker drawn at set-up') ?? 0).toBe(9 * 25);
    expect(met.get('force-generation die') ?? 0).toBeGreaterThan(50);
    expect(met.get('blind draw from the force pool') ?? 0).toBeGreaterThan(50);
    expect(met.get('combat dice') ?? 0).toBeGreaterThan(50);
    expect(breakouts).toBeGreaterThan(0);
  });

  it("the set-up's first front marker (3.4) walked through the game's own code: drawn blind from the whole pool", () => {
    const m = startMatch(scs, setup, { masterSeed: 1, gameIndex: 0 }, { explicitChance: true });
    const s = m.state as ScsState;
    const p = m.pending();
    expect(p?.kind === 'chance' && p.rule === 'SCS 3.4').toBe(true);
    // the pool before any draw, by counter type
    const n = s.pool.length;
    const count = new Map<number, number>();
    for (const id of s.pool) count.set(s.gType[id]!, (count.get(s.gType[id]!) ?? 0) + 1);
    // the type of the first counter drawn (the set-up step replays its known outcomes, state.drawn,
    // and stops at the next draw with the pool as before the step)
    const dist = enumerateChance(
      m,
      (x) => {
        const y = x as ScsState;
        return String(y.gType[y.pool[y.drawn[0]!]!]);
      },
      (x) => (x as ScsState).drawn.length >= 1,
    );
    expect(dist.size).toBe(count.size);
    for (const [type, c] of count)
      expect(Math.abs((dist.get(String(type)) ?? 0) - c / n), `type ${type}`).toBeLessThan(1e-12);
    // the game then goes on to the second front hex's draw, from the pool without the first counter
    m.apply(0);
    const next = m.pending();
    expect(next?.kind === 'chance' && next.rule === 'SCS 3.4').toBe(true);
    expect((next as ChanceNode).outcomes).toHaveLength(n - 1);
  });

  it("a garrison's die and first blind draw walked through the game's own code sum to 1 (8.3)", () => {
    const m = startMatch(scs, setup, { masterSeed: 1, gameIndex: 0 }, { explicitChance: true });
    const s = m.state as ScsState;
    const policy = scs.policies.find((p) => p.id === 'historical')!.create();
    const unused = gameStreams(98, 0).stream('policy');
    let p = m.pending();
    while (p !== null && !(p.kind === 'chance' && (p as ChanceNode).what === 'force-generation die')) {
      if (p.kind === 'chance') m.apply(0);
      else m.apply(policy.choose(scs.view(s, 'soviet'), p as ScsDecision, unused));
      p = m.pending();
    }
    expect(p).not.toBeNull();
    // the die (1d6-1 draws, 8.3) and the type of the first counter the attack's step draws, if any
    const dist = enumerateChance(
      m,
      (x) => {
        const y = x as ScsState;
        return y.drawn.length < 2 ? 'no draw' : `${y.gType[y.pool[y.drawn[1]!]!]}`;
      },
      (x) => (x as ScsState).drawn.length >= 2 || (x as ScsState).stack.at(-1)?.t !== 'attack',
    );
    let total = 0;
    for (const q of dist.values()) total += q;
    expect(total).toBeCloseTo(1, 12);
    expect(dist.size).toBeGreaterThan(1);
  });
});
