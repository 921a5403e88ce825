/**
 * Targets and the search's results (src/search/targets.ts, src/search/report.ts) on made-up
 * observations: measures with their intervals, losses, the trade-off set and conflicting targets,
 * and every chart rendering without a vega warning.
 */
import { describe, expect, it } from 'vitest';
import { gameRegistry } from '../src/games/index.js';
import { renderSvg } from '../src/report/render.js';
import { searchProblem } from '../src/search/problem.js';
import { searchCharts, searchResult } from '../src/search/report.js';
import type { SearchOutcome } from '../src/search/run.js';
import { conflicts, measure, met, paretoFront, violation } from '../src/search/targets.js';

const games = gameRegistry();

const raw = {
  name: 'made-up',
  game: 'sfo',
  scenario: 'expert-standard',
  seed: 1,
  arms: [
    { id: 'a', policies: { soviet: 'best-odds', us: 'elastic' } },
    { id: 'b', policies: { soviet: 'best-odds', us: 'hold-towns' } },
  ],
  space: [{ param: 'us-events-air', values: [0, 1, 2] }],
  targets: [
    { id: 'even', arm: 'a', rate: 'soviet', equals: 0.5, tolerance: 0.02 },
    { id: 'strong', arm: 'b', rate: 'soviet', atLeast: 0.6 },
    { id: 'towns', arm: 'a', mean: 'soviet_towns_end', atMost: 2, tolerance: 0.1 },
  ],
  search: { firstGames: 100, maxGames: 200, finalGames: 100 },
};

/** Result codes of SFO: soviet-win 0? — looked up, so the test does not depend on the order. */
const sfo = games.get('sfo');
const SOV = sfo.results.findIndex((r) => r.winner === 'soviet');
const US = sfo.results.findIndex((r) => r.winner === 'us');

/** n games of which `wins` Soviet wins (the first ones), soviet_towns_end = towns in every game. */
function arm(n: number, wins: number, towns: number) {
  return {
    result: Array.from({ length: n }, (_, g) => (g < wins ? SOV : US)),
    stats: { soviet_towns_end: Array.from({ length: n }, () => towns) },
  };
}

describe('targets', () => {
  const p = searchProblem(raw, 'calibrate', 'made-up.json', games);
  it('measure rates with Wilson intervals and means with normal intervals, over the games asked', () => {
    const obs = [arm(300, 150, 1.5), arm(300, 200, 2)];
    const even = measure(p.targets[0]!, obs, 0, 200);
    expect(even.value).toBeCloseTo(0.75); // games 0..199: 150 wins
    expect(even.n).toBe(200);
    const all = measure(p.targets[0]!, obs, 0, 300);
    expect(all.value).toBeCloseTo(0.5);
    expect(all.low).toBeLessThan(0.5);
    expect(all.high).toBeGreaterThan(0.5);
    expect(met(p.targets[0]!, all)).toBe(true);
    expect(violation(p.targets[0]!, even)).toBeCloseTo(0.25 / 0.02);
    const towns = measure(p.targets[2]!, obs, 0, 300);
    expect(towns.value).toBe(1.5);
    expect(met(p.targets[2]!, towns)).toBe(true);
  });

  it('measure a median with its order-statistic interval, unmoved by an outlier that moves the mean', () => {
    const med = searchProblem(
      { ...raw, targets: [{ id: 'mid', arm: 'a', median: 'soviet_towns_end', equals: 3, tolerance: 1 }] },
      'calibrate',
      'made-up.json',
      games,
    ).targets[0]!;
    expect(med.kind).toBe('median');
    expect(med.label).toBe('median soviet_towns_end of a = 3 ± 1');
    // 0..99 shuffled by a stride coprime to 100: the median of 0..99 is 49.5, the mean too; one
    // huge value moves the mean but not the median
    const towns = Array.from({ length: 100 }, (_, g) => (g * 37) % 100);
    towns[towns.indexOf(99)] = 100_000;
    const obs = [{ result: towns.map(() => SOV), stats: { soviet_towns_end: towns } }, arm(100, 0, 0)];
    const m = measure(med, obs, 0, 100);
    expect(m.value).toBe(49.5);
    expect(m.n).toBe(100);
    // n = 100: ranks floor(50 - 9.8) = 40 and ceil(51 + 9.8) = 61, i.e. the values 39 and 60
    expect([m.low, m.high]).toEqual([39, 60]);
    expect(violation(med, m)).toBeCloseTo(46.5);
    expect(met(med, m)).toBe(false);
    // odd n: the middle value; an interval that always covers the median of a symmetric sample
    const odd = measure(med, obs, 0, 7);
    expect(odd.value).toBe([...towns.slice(0, 7)].sort((x, y) => x - y)[3]);
    expect(odd.low).toBeLessThanOrEqual(odd.value);
    expect(odd.high).toBeGreaterThanOrEqual(odd.value);
    const mean = measure(p.targets[2]!, obs, 0, 100);
    expect(mean.value).toBeGreaterThan(1000);
  });

  it('refuse a target with both a mean and a median', () => {
    expect(() =>
      searchProblem(
        {
          ...raw,
          targets: [{ mean: 'soviet_towns_end', median: 'soviet_towns_end', equals: 3, tolerance: 1 }],
        },
        'calibrate',
        'made-up.json',
        games,
      ),
    ).toThrow(/targets\[0\].*exactly one of rate \(an outcome\), mean or median.*got mean, median/);
  });

  it('find the trade-off set and the conflicting pairs', () => {
    expect(
      paretoFront([
        [0, 1],
        [1, 0],
        [1, 1],
        [0.5, 0.5],
      ]),
    ).toEqual([0, 1, 3]);
    expect(
      conflicts(
        [
          [true, false, true],
          [false, true, true],
        ],
        p.targets,
      ),
    ).toEqual([['even', 'strong']]);
    expect(conflicts([[true, true, true]], p.targets)).toEqual([]);
  });
});

/** A round entry of a made-up round: kept ones are not worse, the others found worse. */
const entry = (candidate: number, kept: boolean) => ({
  candidate,
  loss: candidate,
  difference: candidate,
  se: 0.1,
  p: kept ? 0.5 : 0.001,
  pHolm: kept ? 0.5 : 0.002,
  kept,
  reason: candidate === 0 ? ('best' as const) : kept ? ('not worse' as const) : ('worse' as const),
});

describe('search results', () => {
  it('report the best on the fresh games, the trade-off set, and chart every target by every searched value', async () => {
    const p = searchProblem(raw, 'calibrate', 'made-up.json', games);
    // candidate k: arm a wins 40 + 10k of the first 100, arm b 70 - 10k: the targets pull apart
    const obs = p.candidates.map((_, k) => [arm(300, 40 + 10 * k, 1 + k), arm(300, 200 - 30 * k, 2)]);
    const outcome: SearchOutcome = {
      status: 'complete',
      out: '/nowhere',
      played: 0,
      reused: 0,
      halving: {
        best: 0,
        finalists: [0, 1],
        rounds: [
          {
            games: 100,
            planned: 2,
            cap: 3,
            test: 'made-up test',
            ranking: [0, 1, 2].map((candidate) => entry(candidate, candidate < 2)),
          },
          {
            games: 200,
            planned: 2,
            cap: 2,
            test: 'made-up test',
            ranking: [0, 1].map((candidate) => entry(candidate, true)),
          },
        ],
      },
      fresh: {
        chosen: 1,
        runnerUp: 0,
        distinguishable: false,
        test: 'made-up fresh test',
        finalists: [1, 0].map((candidate) => ({
          candidate,
          loss: candidate,
          low: candidate - 0.5,
          high: candidate + 0.5,
          difference: candidate === 1 ? 0 : 1,
          p: candidate === 1 ? 1 : 0.2,
          pHolm: candidate === 1 ? 1 : 0.2,
        })),
      },
      obs,
      judged: [200, 200, 100],
      manifest: {} as SearchOutcome['manifest'],
    };
    const { result, rows } = searchResult(p, outcome);
    // the fresh games chose candidate 1 over the search's best, candidate 0
    expect(result.best.values).toEqual({ 'us-events-air': 1 });
    expect(result.searchBest.candidate).toBe(0);
    expect(result.choice.overturned).toBe(true);
    expect(result.choice.distinguishable).toBe(false);
    expect(result.choice.statement).toContain('not distinguishable from us-events-air=0');
    expect(result.finalists.map((f) => f.candidate)).toEqual([1, 0]);
    expect(result.rounds[0]!.cut).toEqual([2]);
    expect(result.rounds[0]!.ranking[2]!.reason).toBe('worse');
    expect(result.sampling).toEqual({
      grid: 3,
      drawn: 3,
      refused: 0,
      feasible: 3,
      requested: 64,
      maxDraws: 3,
    });
    expect(result.holdout).toEqual({ from: 200, to: 300 });
    expect(result.targets.map((t) => t.id)).toEqual(['even', 'strong', 'towns']);
    expect(rows.map((r) => r.games)).toEqual([200, 200, 100]);
    const charts = searchCharts(p, rows, 1);
    expect(charts).toHaveLength(3);
    for (const c of charts) {
      const { svg } = await renderSvg(c.spec, c.name, true);
      expect(svg).toContain('<svg');
    }
  });
});
