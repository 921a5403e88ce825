import type { ColumnTable } from 'arquero';
import type { GameDefinition } from '../core/game.js';
import type { GamesTable } from './games-table.js';
import {
  holm,
  holmAlpha,
  independentDifference,
  mcnemarInterval,
  type PairedTable,
  pairedDifference,
  pairedScore,
  scoreInterval,
} from './stats.js';

/** One arm against the baseline on one outcome, paired game by game on common seeds. */
export interface ComparisonRow {
  readonly arm: string;
  readonly baseline: string;
  readonly outcome: string;
  readonly games: number;
  readonly rate: number;
  readonly baseline_rate: number;
  readonly diff: number;
  readonly lo95: number;
  readonly hi95: number;
  /** The interval the same data would give if the arms had not shared seeds. */
  readonly indep_lo95: number;
  readonly indep_hi95: number;
  readonly discordant: number;
  readonly p_mcnemar: number;
  readonly p_holm: number;
  /** The 95% interval the exact McNemar test inverts (stats.ts mcnemarInterval): it excludes 0 exactly when p_mcnemar < 0.05. */
  readonly exact_lo95: number;
  readonly exact_hi95: number;
  /** The confidence level Holm judges this comparison at (1 - 0.05 p_mcnemar / p_holm). */
  readonly holm_level: number;
  /** The McNemar interval at holm_level: it excludes 0 exactly when p_holm < 0.05. */
  readonly holm_lo: number;
  readonly holm_hi: number;
}

/** One arm of a games table. */
export interface ArmRef {
  readonly table: GamesTable;
  readonly arm: string;
}

/** Game index and winner of one arm's rows. */
function winners(ref: ArmRef): ColumnTable {
  return ref.table.params({ arm: ref.arm }).filter('(d, $) => d.arm === $.arm').select('game', 'winner');
}

/**
 * The paired 2x2 table of each side's wins over the game indices both arms played (a join on
 * game): a both win, b only the baseline, c only the arm, d neither.
 */
function pairedCounts(def: GameDefinition, arm: ColumnTable, baseline: ColumnTable): PairedTable[] {
  const spec: Record<string, string> = {};
  def.sides.forEach((side, i) => {
    const s = JSON.stringify(side.id);
    spec[`a${i}`] = `d => op.sum(d.x === ${s} && d.y === ${s})`;
    spec[`b${i}`] = `d => op.sum(d.x === ${s} && d.y !== ${s})`;
    spec[`c${i}`] = `d => op.sum(d.x !== ${s} && d.y === ${s})`;
    spec[`d${i}`] = `d => op.sum(d.x !== ${s} && d.y !== ${s})`;
  });
  const r = baseline
    .rename({ winner: 'x' })
    .join(arm.rename({ winner: 'y' }), 'game')
    .rollup(spec)
    .object() as Record<string, number | undefined>;
  return def.sides.map((_, i) => ({
    a: r[`a${i}`] ?? 0,
    b: r[`b${i}`] ?? 0,
    c: r[`c${i}`] ?? 0,
    d: r[`d${i}`] ?? 0,
  }));
}

/** Which arm each arm is compared with: its own baseline, else the experiment's; none for itself. */
export function comparisonPairs(
  arms: readonly { readonly id: string; readonly baseline?: string | null | undefined }[],
  baseline: string | null,
): { arm: string; baseline: string }[] {
  return arms.flatMap((a) => {
    const b = a.baseline ?? baseline;
    return b === null || b === undefined || b === a.id ? [] : [{ arm: a.id, baseline: b }];
  });
}

/**
 * Each arm against its baseline on each side's win rate: the paired difference with the exact
 * McNemar p-value and the interval that test inverts, Holm-adjusted over all the comparisons of
 * that side (the family: one side's wins over every pair given) with the interval at the level
 * Holm judges each at; Newcombe's paired interval (an estimate, not the test) and the unpaired
 * interval for contrast. Only game indices both arms played are paired.
 */
export function compareArms(
  def: GameDefinition,
  table: GamesTable,
  pairs: readonly { arm: string; baseline: string }[],
): ComparisonRow[] {
  return comparePairs(
    def,
    pairs.map((p) => ({ ...p, armRef: { table, arm: p.arm }, baselineRef: { table, arm: p.baseline } })),
  );
}

/**
 * As compareArms, for arms that may come from different tables (runs): each pair names the rows'
 * labels (arm, baseline) and where the arm and its baseline are.
 */
export function comparePairs(
  def: GameDefinition,
  pairs: readonly { arm: string; baseline: string; armRef: ArmRef; baselineRef: ArmRef }[],
): ComparisonRow[] {
  // each arm's rows are filtered once, however many pairs it is in
  const byTable = new Map<GamesTable, Map<string, ColumnTable>>();
  const rowsOf = (ref: ArmRef) => {
    const arms = byTable.get(ref.table) ?? new Map<string, ColumnTable>();
    byTable.set(ref.table, arms);
    const t = arms.get(ref.arm) ?? winners(ref);
    arms.set(ref.arm, t);
    return t;
  };
  const counts = pairs.map((p) => pairedCounts(def, rowsOf(p.armRef), rowsOf(p.baselineRef)));
  const rows: ComparisonRow[] = [];
  def.sides.forEach((side, si) => {
    const sideRows: (Omit<ComparisonRow, 'p_holm' | 'holm_level' | 'holm_lo' | 'holm_hi'> & {
      t: PairedTable;
    })[] = [];
    pairs.forEach(({ arm, baseline }, pi) => {
      const { a, b, c, d } = counts[pi]![si]!;
      const n = a + b + c + d;
      const pd = pairedDifference({ a, b, c, d });
      const ind = independentDifference(a + b, n, a + c, n);
      const exact = mcnemarInterval({ a, b, c, d });
      sideRows.push({
        t: { a, b, c, d },
        arm,
        baseline,
        outcome: `win:${side.id}`,
        games: n,
        rate: n === 0 ? 0 : (a + c) / n,
        baseline_rate: n === 0 ? 0 : (a + b) / n,
        diff: pd.estimate,
        lo95: pd.low,
        hi95: pd.high,
        indep_lo95: ind.low,
        indep_hi95: ind.high,
        discordant: pd.discordant,
        p_mcnemar: pd.p,
        exact_lo95: exact.low,
        exact_hi95: exact.high,
      });
    });
    const adjusted = holm(sideRows.map((r) => r.p_mcnemar));
    for (const [i, { t, ...r }] of sideRows.entries()) {
      const level = holmAlpha(r.p_mcnemar, adjusted[i]!, sideRows.length);
      const adj = mcnemarInterval(t, level);
      rows.push({
        ...r,
        p_holm: adjusted[i]!,
        holm_level: 1 - level,
        holm_lo: adj.low,
        holm_hi: adj.high,
      });
    }
  });
  return rows;
}

/**
 * One side's score (win 1, game without a winner 1/2, loss 0) in an arm against a baseline, paired
 * game by game: the paired z test (stats.ts pairedScore), its interval, and both Holm-adjusted over
 * the comparisons made together.
 */
export interface ScoreComparison {
  readonly arm: string;
  readonly baseline: string;
  readonly side: string;
  readonly games: number;
  readonly score: number;
  readonly baseline_score: number;
  readonly diff: number;
  /** The 95% interval the z test inverts: excludes 0 exactly when p < 0.05. */
  readonly lo95: number;
  readonly hi95: number;
  readonly p: number;
  readonly p_holm: number;
  /** The confidence level Holm judges this comparison at, and the interval at that level (excludes 0 exactly when p_holm < 0.05). */
  readonly holm_level: number;
  readonly holm_lo: number;
  readonly holm_hi: number;
}

/**
 * Each pair's score comparison for `side` of each pair, Holm-adjusted over all of `pairs`. Only
 * game indices both arms played are paired. A game's score for a side: 1 when the winner column
 * names it, 1/2 when it is `none`, else 0.
 */
export function compareScores(
  table: GamesTable,
  pairs: readonly { arm: string; baseline: string; side: string }[],
): ScoreComparison[] {
  const base = pairs.map(({ arm, baseline, side }) => {
    const s = JSON.stringify(side);
    const scored = (id: string) =>
      table
        .params({ arm: id })
        .filter('(d, $) => d.arm === $.arm')
        .derive({ s: `d => d.winner === ${s} ? 1 : d.winner === 'none' ? 0.5 : 0` })
        .select('game', 's');
    const r = scored(baseline)
      .rename({ s: 'x' })
      .join(scored(arm).rename({ s: 'y' }), 'game')
      .rollup({
        n: 'd => op.count()',
        sx: 'd => op.sum(d.x)',
        sy: 'd => op.sum(d.y)',
        sd: 'd => op.sum(d.y - d.x)',
        sd2: 'd => op.sum((d.y - d.x) * (d.y - d.x))',
      })
      .object() as Record<string, number | undefined>;
    const n = r.n ?? 0;
    const ps = pairedScore(r.sd ?? 0, r.sd2 ?? 0, n);
    const ci = scoreInterval(ps);
    return {
      arm,
      baseline,
      side,
      games: n,
      score: n === 0 ? 0 : (r.sy ?? 0) / n,
      baseline_score: n === 0 ? 0 : (r.sx ?? 0) / n,
      diff: ps.estimate,
      lo95: ci.low,
      hi95: ci.high,
      p: ps.p,
      ps,
    };
  });
  const adjusted = holm(base.map((r) => r.p));
  return base.map(({ ps, ...r }, i) => {
    const level = holmAlpha(r.p, adjusted[i]!, base.length);
    const adj = scoreInterval(ps, level);
    return { ...r, p_holm: adjusted[i]!, holm_level: 1 - level, holm_lo: adj.low, holm_hi: adj.high };
  });
}

export const COMPARISON_COLUMNS = [
  'arm',
  'baseline',
  'outcome',
  'games',
  'rate',
  'baseline_rate',
  'diff',
  'lo95',
  'hi95',
  'indep_lo95',
  'indep_hi95',
  'discordant',
  'p_mcnemar',
  'p_holm',
  'exact_lo95',
  'exact_hi95',
  'holm_level',
  'holm_lo',
  'holm_hi',
] as const;
