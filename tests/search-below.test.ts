/**
 * The `below` goal of a calibrate target (src/search/targets.ts): one result rarer than the sum of
 * others in the same games (SCS 4.1: sudden death the less common way to win), measured as the lead
 * of the sum with the multinomial interval modal uses, and checked at the edge.
 */
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { gameRegistry } from '../src/games/index.js';
import { searchProblem } from '../src/search/problem.js';
import { measure, met, violation } from '../src/search/targets.js';

const games = gameRegistry();
const scs = games.get('scs');
const code = (id: string) => scs.results.findIndex((r) => r.id === id);

const raw = (target: Record<string, unknown>) => ({
  name: 'below',
  game: 'scs',
  seed: 1,
  arms: [{ id: 'h', policies: { soviet: 'historical' } }],
  space: [{ param: 'fortifiedList', values: ['recon13', 'hedgehogs'] }],
  targets: [target],
});

/** n games: `sd` sudden deaths, `win` Soviet wins, `draw` draws, the rest German wins. */
function arm(n: number, sd: number, win: number, draw: number) {
  const result = Array.from({ length: n }, (_, g) =>
    code(g < sd ? 'sudden-death' : g < sd + win ? 'soviet-win' : g < sd + win + draw ? 'draw' : 'german-win'),
  );
  return { result, stats: {} };
}

describe('calibrate targets: below', () => {
  const p = searchProblem(
    raw({ id: 'rare', arm: 'h', rate: 'sudden-death', below: ['soviet-win', 'draw'] }),
    'calibrate',
    'below.json',
    games,
  );
  const t = p.targets[0]!;

  it('is met when the summed rate leads, with its interval and the compared results named', () => {
    const m = measure(t, [arm(1000, 200, 150, 100)], 0, 1000);
    expect(m.value).toBeCloseTo(0.05);
    expect(m.low).toBeLessThan(0.05);
    expect(m.high).toBeGreaterThan(0.05);
    expect(m.rival).toEqual({ label: 'soviet-win + draw', rate: 0.25 });
    expect(met(t, m)).toBe(true);
    expect(violation(t, m)).toBe(0);
    expect(t.label).toBe('sudden-death rarer than soviet-win + draw in h');
  });

  it('is missed by the lead it lacks, in tolerances', () => {
    const m = measure(t, [arm(1000, 300, 150, 100)], 0, 1000);
    expect(m.value).toBeCloseTo(-0.05);
    expect(met(t, m)).toBe(false);
    expect(violation(t, m)).toBeCloseTo(0.05 / 0.01);
  });

  it('refuses an unknown result, the rate itself, or a side as the rate', () => {
    const bad = (target: Record<string, unknown>, text: RegExp) =>
      expect(() => searchProblem(raw(target), 'calibrate', 'below.json', games)).toThrow(
        expect.objectContaining({ constructor: UserError, message: expect.stringMatching(text) }),
      );
    bad({ arm: 'h', rate: 'sudden-death', below: ['nope'] }, /field below: "nope" is not a result of scs/);
    bad({ arm: 'h', rate: 'draw', below: ['draw'] }, /is the rate itself/);
    bad({ arm: 'h', rate: 'soviet', below: ['draw'] }, /below compares results/);
    bad({ arm: 'h', rate: 'draw', below: ['soviet-win'], atMost: 0.2 }, /exactly one of/);
  });
});
