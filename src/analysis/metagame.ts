/**
 * The meta-game of a policy matrix: the zero-sum game whose payoff is the row side's score (win 1,
 * draw 1/2, loss 0) when its policy r meets the column side's policy c. Its equilibrium (a linear
 * program, solved by HiGHS) gives the value of the game under the strongest strategies of the run,
 * each side's equilibrium mix, and each policy's exploitability: how much the other side gains
 * against it compared with the value. The value's interval is a percentile bootstrap that resamples
 * game indices jointly across the cells, since every arm of a run plays the same game indices on
 * the same dice (common random numbers): resampling cells independently would ignore that pairing.
 */
import * as highs from 'highs';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { streamState } from '../core/rng.js';
import { quantile } from './summary.js';

/** The part of an LP solver the meta-game uses: CPLEX LP text in, HiGHS's solution out. */
export interface LpSolver {
  solve(
    problem: string,
    options?: { readonly presolve?: 'off' | 'choose' | 'on' },
  ): {
    readonly Status: string;
    readonly ObjectiveValue: number;
    readonly Columns: Readonly<Record<string, { readonly Primal: number }>>;
    readonly Rows: readonly { readonly Dual: number }[];
  };
}

/** HiGHS (WebAssembly), loaded once per caller: pass the result to every solve. */
export async function loadLpSolver(): Promise<LpSolver> {
  // The package's types describe a CommonJS module (so TypeScript sees no callable default), but
  // the ESM build Node loads (build/highs.mjs) exports the loader as its default.
  const loader = (highs as unknown as { default: () => Promise<LpSolver> }).default;
  return await loader();
}

/** An equilibrium of a zero-sum matrix game. */
export interface ZeroSumSolution {
  /** The row side's equilibrium score, in the payoff's units. */
  readonly value: number;
  /** The row side's equilibrium mix over the rows (sums to 1). */
  readonly rowMix: readonly number[];
  /** The column side's equilibrium mix over the columns (sums to 1). */
  readonly colMix: readonly number[];
}

/** Mix weights below this are solver noise: they are set to 0 and the rest renormalised. */
const MIX_FLOOR = 1e-9;

function num(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`metagame: payoff ${x} is not a finite number`);
  return String(x);
}

function cleanMix(raw: readonly number[]): number[] {
  const clipped = raw.map((w) => (w < MIX_FLOOR ? 0 : w));
  const total = clipped.reduce((s, w) => s + w, 0);
  return clipped.map((w) => w / total);
}

/**
 * The maximin mix of the side choosing rows of `payoff` (payoff[r][c] to that side): maximise v
 * subject to sum_r x_r payoff[r][c] >= v for every c, sum_r x_r = 1, x >= 0.
 */
function maximin(
  lp: LpSolver,
  payoff: readonly (readonly number[])[],
): { value: number; mix: number[]; dualMix: number[] } {
  const rows = payoff.length;
  const cols = payoff[0]!.length;
  const lines = ['Maximize', ' obj: v', 'Subject To'];
  for (let c = 0; c < cols; c++) {
    const terms = payoff.map((row, r) => `${num(row[c]!)} x${r}`).join(' + ');
    lines.push(` c${c}: ${terms} - v >= 0`);
  }
  lines.push(` s: ${payoff.map((_, r) => `x${r}`).join(' + ')} = 1`, 'Bounds', ' v free', 'End');
  // Presolve only costs time on a meta-game's few rows and columns (about 10x per solve).
  const sol = lp.solve(lines.join('\n'), { presolve: 'off' });
  if (sol.Status !== 'Optimal') throw new Error(`metagame: the LP solver returned ${sol.Status}`);
  const mix = Array.from({ length: rows }, (_, r) => sol.Columns[`x${r}`]?.Primal ?? 0);
  // The duals of the column constraints are an optimal mix of the other side (LP duality).
  const dual = Array.from({ length: cols }, (_, c) => Math.abs(sol.Rows[c]?.Dual ?? 0));
  return { value: sol.ObjectiveValue, mix: cleanMix(mix), dualMix: cleanMix(dual) };
}

/**
 * The equilibrium of the zero-sum game `payoff` (payoff[r][c]: the row side's score when row r
 * meets column c; the column side's is its negation, or 1 minus it for scores). The row mix
 * maximises the row side's worst case, the column mix minimises the row side's best case; by the
 * minimax theorem both give the value.
 */
export function solveZeroSum(lp: LpSolver, payoff: readonly (readonly number[])[]): ZeroSumSolution {
  const rows = payoff.length;
  const cols = payoff[0]?.length ?? 0;
  if (rows === 0 || cols === 0) throw new Error('metagame: an empty payoff matrix');
  if (payoff.some((row) => row.length !== cols)) throw new Error('metagame: a ragged payoff matrix');
  const row = maximin(lp, payoff);
  // The column side maximises the negated payoff over the transposed matrix.
  const negT = Array.from({ length: cols }, (_, c) => payoff.map((r) => -r[c]!));
  const col = maximin(lp, negT);
  return { value: row.value, rowMix: row.mix, colMix: col.mix };
}

/** The row side's equilibrium score of the zero-sum game `payoff` (one LP; solveZeroSum gives the mixes too). */
export function zeroSumValue(lp: LpSolver, payoff: readonly (readonly number[])[]): number {
  return maximin(lp, payoff).value;
}

/** How much the other side gains against each policy, compared with the value (>= 0). */
export interface Exploitability {
  /** rows[r]: value minus row r's worst case (the column side's gain from a best reply to r). */
  readonly rows: readonly number[];
  /** cols[c]: column c's worst case for the column side, i.e. the row side's best case minus the value. */
  readonly cols: readonly number[];
  /** The column side's best reply to each row (index of the column), the first on a tie. */
  readonly bestReplyToRow: readonly number[];
  /** The row side's best reply to each column (index of the row), the first on a tie. */
  readonly bestReplyToCol: readonly number[];
}

export function exploitability(payoff: readonly (readonly number[])[], value: number): Exploitability {
  const cols = payoff[0]!.length;
  const bestReplyToRow = payoff.map((row) => row.indexOf(Math.min(...row)));
  const bestReplyToCol = Array.from({ length: cols }, (_, c) => {
    const column = payoff.map((row) => row[c]!);
    return column.indexOf(Math.max(...column));
  });
  return {
    rows: payoff.map((row, r) => Math.max(0, value - row[bestReplyToRow[r]!]!)),
    cols: Array.from({ length: cols }, (_, c) => Math.max(0, payoff[bestReplyToCol[c]!]![c]! - value)),
    bestReplyToRow,
    bestReplyToCol,
  };
}

/** Options of the bootstrap. */
export interface BootstrapOptions {
  /** Resamples of the game indices (default 1,000). */
  readonly resamples?: number;
  /** Coverage of the interval (default 0.95). */
  readonly level?: number;
  /** Seed of the resampling stream (the run's master seed, so a report is reproducible). */
  readonly seed: number;
}

/** The meta-game of one policy matrix, with the value's bootstrap interval. */
export interface MetaGame extends ZeroSumSolution {
  /** Mean score of each cell (row side's), the payoff the equilibrium solves. */
  readonly payoff: readonly (readonly number[])[];
  /** Percentile bootstrap interval of the value over game indices resampled jointly. */
  readonly interval: readonly [number, number];
  readonly level: number;
  readonly resamples: number;
  /** Games per cell (the common game indices). */
  readonly games: number;
  readonly exploitability: Exploitability;
  /** Share of resamples in which each row / column has positive weight in the equilibrium. */
  readonly rowSupport: readonly number[];
  readonly colSupport: readonly number[];
  /**
   * The value in each resample, in resample order. The resamples depend only on the seed and the
   * number of games, so two meta-games of the same games and seed pair draw by draw (a paired
   * bootstrap of their difference: src/analysis/ladder.ts).
   */
  readonly draws: readonly number[];
}

/**
 * The meta-game of per-game scores: `scores[r][c][g]` is the row side's score (1, 1/2 or 0) in game
 * index g of the cell (r, c); every cell holds the same game indices in the same order. Each
 * bootstrap resample draws the game indices with replacement once and applies them to every cell.
 */
export function metaGame(
  lp: LpSolver,
  scores: readonly (readonly ArrayLike<number>[])[],
  opts: BootstrapOptions,
): MetaGame {
  const rows = scores.length;
  const cols = scores[0]?.length ?? 0;
  if (rows === 0 || cols === 0) throw new Error('metagame: an empty matrix of scores');
  const n = scores[0]![0]!.length;
  for (const row of scores) {
    if (row.length !== cols) throw new Error('metagame: a ragged matrix of scores');
    for (const cell of row) {
      if (cell.length !== n) throw new Error('metagame: cells hold different numbers of games');
    }
  }
  if (n === 0) throw new Error('metagame: cells hold no games');
  const resamples = opts.resamples ?? 1000;
  const level = opts.level ?? 0.95;
  const mean = (cell: ArrayLike<number>, weight: Uint32Array | null): number => {
    let s = 0;
    if (weight === null) for (let g = 0; g < n; g++) s += cell[g]!;
    else for (let g = 0; g < n; g++) s += weight[g]! * cell[g]!;
    return s / n;
  };
  const payoffOf = (weight: Uint32Array | null) => scores.map((row) => row.map((cell) => mean(cell, weight)));
  const payoff = payoffOf(null);
  const eq = solveZeroSum(lp, payoff);
  const rng = xoroshiro128plusFromState(streamState(opts.seed, 0, 'metagame-bootstrap'));
  const weight = new Uint32Array(n);
  const values: number[] = [];
  const rowSupport = new Array<number>(rows).fill(0);
  const colSupport = new Array<number>(cols).fill(0);
  for (let b = 0; b < resamples; b++) {
    weight.fill(0);
    for (let k = 0; k < n; k++) weight[uniformInt(rng, 0, n - 1)]! += 1;
    // One LP a resample: its primal is the row mix, its duals a column mix.
    const s = maximin(lp, payoffOf(weight));
    values.push(s.value);
    s.mix.forEach((w, r) => {
      if (w > 0) rowSupport[r]! += 1 / resamples;
    });
    s.dualMix.forEach((w, c) => {
      if (w > 0) colSupport[c]! += 1 / resamples;
    });
  }
  const draws = values.slice();
  values.sort((a, b) => a - b);
  const alpha = (1 - level) / 2;
  const interval: [number, number] =
    resamples > 0 ? [quantile(values, alpha), quantile(values, 1 - alpha)] : [eq.value, eq.value];
  return {
    ...eq,
    payoff,
    interval,
    level,
    resamples,
    games: n,
    exploitability: exploitability(payoff, eq.value),
    rowSupport,
    colSupport,
    draws,
  };
}

/** The band of the row side's score read as balanced (default 45-55%). */
export interface BalanceBand {
  readonly lo: number;
  readonly hi: number;
}

export const DEFAULT_BALANCE_BAND: BalanceBand = { lo: 0.45, hi: 0.55 };

/** What the value says about balance, read against the band with its interval. */
export type BalanceReading =
  | { readonly kind: 'balanced' }
  | { readonly kind: 'favours'; readonly side: 'row' | 'col'; readonly points: number }
  | { readonly kind: 'undecided' };

/**
 * Balanced when the whole interval lies inside the band; favouring a side when the whole interval
 * lies beyond the band on that side's half; otherwise undecided at this many games (the interval
 * reaches across a band's edge).
 */
export function readBalance(
  value: number,
  interval: readonly [number, number],
  band: BalanceBand,
): BalanceReading {
  const [lo, hi] = interval;
  if (lo >= band.lo && hi <= band.hi) return { kind: 'balanced' };
  if (lo > band.hi) return { kind: 'favours', side: 'row', points: (value - 0.5) * 100 };
  if (hi < band.lo) return { kind: 'favours', side: 'col', points: (0.5 - value) * 100 };
  return { kind: 'undecided' };
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** A mix as "name 62%, name 38%", largest first, the policies with positive weight only. */
export function formatMix(names: readonly string[], mix: readonly number[]): string {
  return mix
    .map((w, i) => ({ w, name: names[i]! }))
    .filter((m) => m.w > 0)
    .sort((a, b) => b.w - a.w)
    .map((m) => `${m.name} ${Math.round(m.w * 100)}%`)
    .join(', ');
}

/** The verdict's reading of a value against the band: balanced, favours a side by x points, or not decided. */
function balanceText(
  mg: MetaGame,
  band: BalanceBand,
  favours: (side: 'row' | 'col') => string,
  per: 'pairing' | 'policy',
): string {
  const reading = readBalance(mg.value, mg.interval, band);
  const bandText = `band ${Math.round(band.lo * 100)}-${Math.round(band.hi * 100)}%`;
  return reading.kind === 'balanced'
    ? `balanced (${bandText})`
    : reading.kind === 'favours'
      ? `${favours(reading.side)} by ${reading.points.toFixed(1)} points (${bandText})`
      : `not decided at ${mg.games.toLocaleString('en-US')} games a ${per}: the interval crosses an edge of the ${bandText}`;
}

/**
 * The report's first sentence for a matrix: "Under the strongest strategies in this run, <row side>
 * scores V% [lo, hi]: <reading> (band 45-55%). <row side> mix: ...; <col side> mix: ...".
 */
export function metaGameSentence(
  mg: MetaGame,
  names: {
    readonly rowSide: string;
    readonly colSide: string;
    readonly rows: readonly string[];
    readonly cols: readonly string[];
  },
  band: BalanceBand = DEFAULT_BALANCE_BAND,
): string {
  const verdict = balanceText(
    mg,
    band,
    (side) => `favours ${side === 'row' ? names.rowSide : names.colSide}`,
    'pairing',
  );
  return (
    `Under the strongest strategies in this run, ${names.rowSide} scores ${pct(mg.value)} ` +
    `[${pct(mg.interval[0]).slice(0, -1)}, ${pct(mg.interval[1]).slice(0, -1)}] (win 1, draw 1/2): ${verdict}. ` +
    `${names.rowSide} mix: ${formatMix(names.rows, mg.rowMix)}; ${names.colSide} mix: ${formatMix(names.cols, mg.colMix)}.`
  );
}

/**
 * The report's first sentence for a solitaire side's policies against the rules (a one-column
 * meta-game, whose value is the best policy's score): "Against the rules, the best <side> policy
 * in this run scores V% [lo, hi] (...): <reading> (band 45-55%). The best is <policy> (in p% of
 * resamples); next <policy> at x%."
 */
export function againstRulesSentence(
  mg: MetaGame,
  names: { readonly rowSide: string; readonly colSide: string; readonly rows: readonly string[] },
  band: BalanceBand = DEFAULT_BALANCE_BAND,
): string {
  const verdict = balanceText(
    mg,
    band,
    (side) =>
      side === 'row' ? `favours the ${names.rowSide} player` : `favours the rules (${names.colSide})`,
    'policy',
  );
  // policies by score, highest first (the earlier on a tie)
  const order = mg.payoff
    .map((row, r) => ({ r, score: row[0]! }))
    .sort((a, b) => b.score - a.score || a.r - b.r);
  const best = order[0]!;
  const next = order[1];
  return (
    `Against the rules, the best ${names.rowSide} policy in this run scores ${pct(mg.value)} ` +
    `[${pct(mg.interval[0]).slice(0, -1)}, ${pct(mg.interval[1]).slice(0, -1)}] (win 1, draw 1/2; the best policy chosen again in each bootstrap resample): ${verdict}. ` +
    `The best is ${names.rows[best.r]!} (in ${Math.round(mg.rowSupport[best.r]! * 100)}% of resamples)` +
    `${next === undefined ? '' : `; next ${names.rows[next.r]!} at ${pct(next.score)}`}.`
  );
}
