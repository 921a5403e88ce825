/**
 * The games table is an arquero table (src/analysis/games-table.ts): typed numeric columns,
 * dictionary-encoded categories, rows in arm and game order; and the summaries computed from it by
 * arquero verbs equal the same figures counted by plain loops over a random table.
 */
import { describe, expect, it } from 'vitest';
import { random, syntheticBlock } from '../bench/synthetic.js';
import { compareArms } from '../src/analysis/compare.js';
import { GamesTableBuilder, gamesTable, gamesTableColumns } from '../src/analysis/games-table.js';
import { wilson } from '../src/analysis/intervals.js';
import { pairedDifference } from '../src/analysis/stats.js';
import { endTurnSummary, outcomeSummary, statSummary } from '../src/analysis/summary.js';
import { gameRegistry } from '../src/games/index.js';

const def = gameRegistry().get('scs');

const ARMS = ['alpha', 'beta', 'gamma'];
const PER_ARM = 700;

/** A random table of three arms, its blocks added out of order (chunks of 100 games). */
function randomTable(seed: number) {
  const next = random(seed);
  const b = new GamesTableBuilder(
    def,
    ARMS.map((arm) => ({ arm, scenario: def.scenarios[0]!.id, from: 0, to: PER_ARM })),
  );
  const chunks = ARMS.flatMap((_, a) =>
    Array.from({ length: PER_ARM / 100 }, (_, c) => [a, c * 100] as const),
  );
  chunks.sort(() => next() - 0.5);
  for (const [a, start] of chunks) b.add(a, start, start + 100, syntheticBlock(def, 100, next, 10, 5));
  return b.table();
}

describe('the games table is an arquero table', () => {
  const t = randomTable(7);

  it('has the games-table columns in order, numbers as typed arrays', () => {
    expect(t.columnNames()).toEqual(gamesTableColumns(def).map((c) => c.name));
    expect(t.numRows()).toBe(ARMS.length * PER_ARM);
    expect(t.column('game')).toBeInstanceOf(Int32Array);
    expect(t.column('end_turn')).toBeInstanceOf(Int32Array);
    for (const s of def.stats)
      expect(t.column(s.id)).toBeInstanceOf(s.kind === 'int' ? Int32Array : Float64Array);
  });

  it('keeps rows in arm order, games in index order, whatever order the blocks came in', () => {
    const arm = t.column('arm')!;
    const game = t.column('game')!;
    for (let r = 0; r < t.numRows(); r++) {
      expect(arm.at(r)).toBe(ARMS[Math.floor(r / PER_ARM)]);
      expect(game.at(r)).toBe(r % PER_ARM);
    }
  });

  it('holds categories as dictionary columns: codes in category order, no per-row strings', () => {
    for (const name of ['arm', 'scenario', 'result', 'winner', 'end_reason', 'victory_level']) {
      const col = t.column(name)!;
      expect(Array.isArray(col), name).toBe(false);
      // grouping by a dictionary column reads its codes: group k is category k
      const g = t.groupby(name).groups()!;
      expect(g.keys, name).toBeInstanceOf(Uint8Array);
      for (let r = 0; r < t.numRows(); r += 97)
        expect(g.get[0]!(g.rows[g.keys[r]!]!, t.data())).toBe(col.at(r));
    }
    const result = t.groupby('result').groups()!;
    expect(Array.from({ length: result.size }, (_, k) => result.get[0]!(k, t.data()))).toEqual(
      def.results.map((r) => r.id),
    );
    // winner follows result as the game's results declare it
    const winnerOf = new Map(def.results.map((r) => [r.id, r.winner ?? 'none']));
    for (let r = 0; r < t.numRows(); r += 13)
      expect(t.column('winner')!.at(r)).toBe(winnerOf.get(t.column('result')!.at(r) as string));
  });

  it('gamesTable takes codes and categories as they are', () => {
    const small = gamesTable([
      ['n', { kind: 'int', values: Int32Array.of(3, 1, 2) }],
      ['c', { kind: 'cat', codes: Uint8Array.of(1, 0, 1), categories: ['x', 'y'] }],
    ]);
    expect(small.objects()).toEqual([
      { n: 3, c: 'y' },
      { n: 1, c: 'x' },
      { n: 2, c: 'y' },
    ]);
    expect(small.groupby('c').count().objects()).toEqual([
      { c: 'x', count: 1 },
      { c: 'y', count: 2 },
    ]);
  });
});

describe('summaries by arquero verbs equal plain loops', () => {
  const t = randomTable(11);
  const rows = t.numRows();
  const col = (name: string) => t.column(name)!;

  it('outcome counts, games and Wilson intervals', () => {
    const got = outcomeSummary(def, t, ARMS);
    const want = ARMS.flatMap((arm) => {
      const mine = Array.from({ length: rows }, (_, r) => r).filter((r) => col('arm').at(r) === arm);
      const outcomes = [
        ...def.sides.map((s) => ['winner', s.id] as const),
        ['winner', 'none'] as const,
        ...def.results.map((r) => ['result', r.id] as const),
      ];
      return outcomes.map(([kind, outcome]) => {
        const count = mine.filter((r) => col(kind).at(r) === outcome).length;
        const ci = wilson(count, mine.length);
        return {
          arm,
          kind,
          outcome,
          count,
          games: mine.length,
          rate: count / mine.length,
          lo95: ci.low,
          hi95: ci.high,
        };
      });
    });
    expect(got).toEqual(want);
  });

  it('statistics skip "not reached" values; end turns per arm', () => {
    const stats = statSummary(def, t, ARMS);
    const s = def.stats.find((x) => x.missing !== undefined)!;
    for (const arm of ARMS) {
      const v = Array.from({ length: rows }, (_, r) => r)
        .filter((r) => col('arm').at(r) === arm && col(s.id).at(r) !== s.missing)
        .map((r) => col(s.id).at(r) as number);
      const row = stats.find((x) => x.arm === arm && x.stat === s.id)!;
      const mean = v.reduce((a, b) => a + b, 0) / v.length;
      expect(row.mean).toBeCloseTo(mean, 9);
      expect(row.sd).toBeCloseTo(Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1)), 9);
      const sorted = [...v].sort((a, b) => a - b);
      expect(row.min).toBe(sorted[0]);
      expect(row.max).toBe(sorted.at(-1));
      const q = (p: number) => {
        const i = (sorted.length - 1) * p;
        const i0 = Math.floor(i);
        return sorted[i0]! + (sorted[i0 + 1]! - sorted[i0]!) * (i - i0);
      };
      expect([row.q25, row.median, row.q75]).toEqual([q(0.25), q(0.5), q(0.75)]);
    }
    const turns = endTurnSummary(t, ['gamma', 'alpha']);
    const want = ['gamma', 'alpha'].flatMap((arm) => {
      const counts = new Map<number, number>();
      for (let r = 0; r < rows; r++)
        if (col('arm').at(r) === arm) {
          const e = col('end_turn').at(r) as number;
          counts.set(e, (counts.get(e) ?? 0) + 1);
        }
      return [...counts]
        .sort((a, b) => a[0] - b[0])
        .map(([end_turn, count]) => ({ arm, end_turn, count, share: count / PER_ARM }));
    });
    expect(turns).toEqual(want);
  });

  it('paired counts joined on game', () => {
    const rowsOf = (arm: string) => {
      const m = new Map<number, string>();
      for (let r = 0; r < rows; r++)
        if (col('arm').at(r) === arm) m.set(col('game').at(r) as number, col('winner').at(r) as string);
      return m;
    };
    const base = rowsOf('alpha');
    const other = rowsOf('beta');
    const got = compareArms(def, t, [{ arm: 'beta', baseline: 'alpha' }]);
    def.sides.forEach((side, i) => {
      const n = { a: 0, b: 0, c: 0, d: 0 };
      for (const [g, x] of base) {
        const y = other.get(g)!;
        if (x === side.id && y === side.id) n.a++;
        else if (x === side.id) n.b++;
        else if (y === side.id) n.c++;
        else n.d++;
      }
      const pd = pairedDifference(n);
      expect(got[i]).toMatchObject({
        games: PER_ARM,
        diff: pd.estimate,
        lo95: pd.low,
        hi95: pd.high,
        p_mcnemar: pd.p,
      });
    });
  });
});
