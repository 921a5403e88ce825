/**
 * Does search beat every script (src/analysis/strength.ts): worst cases over the opponents, the
 * best script chosen by its worst case, the bootstrap interval of the difference, Holm over the
 * table, and the cells read from a run's games table (a matrix's two sides and a solitaire side).
 */
import { from } from 'arquero';
import { describe, expect, it } from 'vitest';
import type { HeadlineArm } from '../src/analysis/headline.js';
import {
  budgetSteps,
  gamesForWidth,
  judgeStrength,
  type SideCells,
  sideStrength,
  strengthCells,
} from '../src/analysis/strength.js';
import { sfo } from '../src/games/sfo/index.js';

/** n games of which the first round(rate * n) are won, spread by a stride so cells are not aligned. */
function games(n: number, rate: number, stride: number): Float64Array {
  const wins = Math.round(rate * n);
  const out = new Float64Array(n);
  for (let k = 0; k < wins; k++) out[(k * stride) % n] = 1;
  return out;
}

const N = 2000;
const cells: SideCells = {
  game: 'g',
  side: 'red',
  policies: ['a', 'b', 'search-strong', 'search-weak'],
  search: [false, false, true, true],
  opponents: ['x', 'y'],
  scores: [
    [games(N, 0.6, 7), games(N, 0.5, 11)], // a: worst 0.50 (vs y)
    [games(N, 0.4, 13), games(N, 0.7, 17)], // b: worst 0.40 (vs x)
    [games(N, 0.65, 19), games(N, 0.62, 23)], // strong: worst 0.62 (vs y)
    [games(N, 0.48, 29), games(N, 0.9, 31)], // weak: worst 0.48 (vs x)
  ],
};

describe('sideStrength: the search worst case against the best script worst case', () => {
  const rows = sideStrength(cells, { seed: 1, resamples: 500 });

  it('finds each worst case and the best script by its worst case', () => {
    expect(rows.map((r) => r.policy)).toEqual(['search-strong', 'search-weak']);
    const [strong, weak] = rows;
    expect(strong!.bestScript).toBe('a');
    expect(strong!.bestScriptWorst).toBeCloseTo(0.5, 12);
    expect(strong!.bestScriptOpponent).toBe('y');
    expect(strong!.worst).toBeCloseTo(0.62, 12);
    expect(strong!.worstOpponent).toBe('y');
    expect(strong!.difference).toBeCloseTo(0.12, 12);
    expect(weak!.worst).toBeCloseTo(0.48, 12);
    expect(weak!.worstOpponent).toBe('x');
    expect(weak!.difference).toBeCloseTo(-0.02, 12);
    expect(strong!.games).toBe(N);
  });

  it('the interval brackets the difference and excludes 0 only where the gap is large', () => {
    const [strong, weak] = rows;
    expect(strong!.interval[0]).toBeGreaterThan(0.05);
    expect(strong!.interval[1]).toBeLessThan(0.19);
    expect(strong!.interval[0]).toBeLessThan(0.12);
    expect(strong!.interval[1]).toBeGreaterThan(0.12);
    expect(weak!.interval[0]).toBeLessThan(0);
    expect(weak!.p).toBeGreaterThan(0.05);
    expect(strong!.p).toBeLessThan(0.01);
  });

  it('judged alone, a row beats every script exactly when its 95% interval lies above 0 (the p-value is two-sided)', () => {
    for (const r of rows) expect(judgeStrength([r])[0]!.beats).toBe(r.interval[0] > 0);
    // a search clearly worse than the best script is far from "equal" (a small p) but never beats it
    const [bad] = sideStrength(
      {
        ...cells,
        policies: ['a', 'b', 'search-bad'],
        search: [false, false, true],
        scores: [cells.scores[0]!, cells.scores[1]!, [games(N, 0.38, 37), games(N, 0.8, 41)]],
      },
      { seed: 1, resamples: 500 },
    );
    expect(bad!.interval[1]).toBeLessThan(0);
    expect(bad!.p).toBeLessThan(0.01);
    expect(judgeStrength([bad!])[0]!.beats).toBe(false);
  });

  it('Holm over the table: the strong search beats every script, the weak one does not', () => {
    const judged = judgeStrength(rows);
    expect(judged.map((r) => r.beats)).toEqual([true, false]);
    expect(judged[0]!.pHolm).toBeGreaterThanOrEqual(judged[0]!.p);
  });

  it('plans the games a cell needs for a given interval width: width falls as one over the square root of the games', () => {
    const [strong] = rows;
    const width = strong!.interval[1] - strong!.interval[0];
    // half the width asks four times the games; a width already reached asks none more
    expect(gamesForWidth(strong!, width / 2)).toBe(Math.ceil(4 * N));
    expect(gamesForWidth(strong!, width)).toBe(N);
    expect(gamesForWidth(strong!, 1)).toBe(N);
    expect(gamesForWidth({ ...strong!, interval: [0, 0.2], games: 100 }, 0.04)).toBe(2500);
    expect(() => gamesForWidth(strong!, 0)).toThrow(RangeError);
  });

  it('is reproducible from the seed, and a side with only scripts gives no row', () => {
    expect(sideStrength(cells, { seed: 1, resamples: 500 })).toEqual(rows);
    expect(sideStrength({ ...cells, search: [false, false, false, false] }, { seed: 1 })).toEqual([]);
  });
});

describe('budgetSteps: a raised budget against the same search below it', () => {
  // mcts at its default, raised once (one parameter more) and raised with an unrelated second
  // parameter (two more: not a step of the first); portfolio:n=16 over portfolio
  const budgets: SideCells = {
    game: 'g',
    side: 'red',
    policies: ['a', 'mcts', 'mcts:iterations=64', 'mcts:c=2,iterations=64', 'portfolio', 'portfolio:n=16'],
    search: [false, true, true, true, true, true],
    opponents: ['x', 'y'],
    scores: [
      [games(N, 0.5, 7), games(N, 0.5, 11)],
      [games(N, 0.55, 13), games(N, 0.6, 17)], // mcts: worst 0.55
      [games(N, 0.56, 19), games(N, 0.7, 23)], // raised: worst 0.56, no measurable change
      [games(N, 0.7, 29), games(N, 0.7, 31)], // two parameters more: no step from mcts
      [games(N, 0.6, 37), games(N, 0.65, 41)], // portfolio: worst 0.60
      [games(N, 0.45, 43), games(N, 0.7, 47)], // n=16: worst 0.45, measurably weaker
    ],
  };
  const steps = budgetSteps(budgets, { seed: 3, resamples: 500 });

  it('pairs each spec with the one a single parameter below it, of the same search', () => {
    expect(steps.map((r) => [r.policy, r.base])).toEqual([
      ['mcts:iterations=64', 'mcts'],
      ['mcts:c=2,iterations=64', 'mcts:iterations=64'],
      ['portfolio:n=16', 'portfolio'],
    ]);
  });

  it('flags a raised budget as weaker only when its whole interval is below 0', () => {
    const [mcts, , portfolio] = steps;
    expect(mcts!.difference).toBeCloseTo(0.01, 12);
    expect(mcts!.interval[0]).toBeLessThan(0);
    expect(mcts!.interval[1]).toBeGreaterThan(0);
    expect(mcts!.weaker).toBe(false);
    expect(portfolio!.difference).toBeCloseTo(-0.15, 12);
    expect(portfolio!.interval[1]).toBeLessThan(0);
    expect(portfolio!.weaker).toBe(true);
    expect(budgetSteps({ ...budgets, search: budgets.search.map((_, i) => i === 1) }, { seed: 3 })).toEqual(
      [],
    );
  });
});

describe('strengthCells: the sides of a run', () => {
  const arm = (id: string, policies: Record<string, string>): HeadlineArm => ({
    id,
    scenario: 'advanced',
    variants: [],
    params: {},
    policies,
  });
  const arms = [
    arm('z_h', { soviet: 'zoc-pin', us: 'hold-towns' }),
    arm('z_c', { soviet: 'zoc-pin', us: 'counterattack' }),
    arm('m_h', { soviet: 'mcts:iterations=4', us: 'hold-towns' }),
    arm('m_c', { soviet: 'mcts:iterations=4', us: 'counterattack' }),
  ];
  // game g: soviet wins in arm a when the bit says so
  const winners: Record<string, string[]> = {
    z_h: ['soviet', 'soviet', 'us', 'soviet'],
    z_c: ['us', 'soviet', 'us', 'us'],
    m_h: ['soviet', 'soviet', 'soviet', 'soviet'],
    m_c: ['soviet', 'us', 'soviet', 'us'],
  };
  const rows: { game: number; arm: string; winner: string }[] = [];
  for (const [a, w] of Object.entries(winners))
    for (const [game, winner] of w.entries()) rows.push({ game, arm: a, winner });
  const table = from(rows);
  const isSearch = (id: string) => id === 'mcts';

  it('reads the row side against the column side scripts, per game on common indices', () => {
    const out = strengthCells(sfo, table, arms, isSearch);
    expect(out).toHaveLength(1);
    const c = out[0]!;
    expect(c.side).toBe('soviet');
    expect(c.policies).toEqual(['zoc-pin', 'mcts:iterations=4']);
    expect(c.search).toEqual([false, true]);
    expect(c.opponents).toEqual(['hold-towns', 'counterattack']);
    expect(Array.from(c.scores[0]![1]!)).toEqual([0, 1, 0, 0]);
    expect(Array.from(c.scores[1]![1]!)).toEqual([1, 0, 1, 0]);
    const [r] = sideStrength(c, { seed: 3, resamples: 200 });
    expect(r!.worst).toBeCloseTo(0.5, 12);
    expect(r!.bestScriptWorst).toBeCloseTo(0.25, 12);
  });

  it('reads a solitaire side against the rules', () => {
    const solo = [arm('s', { soviet: 'zoc-pin' }), arm('t', { soviet: 'mcts' })];
    const t = from([
      { game: 0, arm: 's', winner: 'soviet' },
      { game: 1, arm: 's', winner: 'none' },
      { game: 0, arm: 't', winner: 'us' },
      { game: 1, arm: 't', winner: 'soviet' },
    ]);
    const out = strengthCells(sfo, t, solo, isSearch);
    expect(out).toHaveLength(1);
    expect(out[0]!.opponents).toEqual(['the rules']);
    expect(Array.from(out[0]!.scores[0]![0]!)).toEqual([1, 0.5]);
    expect(Array.from(out[0]!.scores[1]![0]!)).toEqual([0, 1]);
  });
});
