/**
 * The verdict across readings: a policy matrix's meta-game value (src/analysis/metagame.ts) under
 * the rules as written and under each of the game's verdict readings (GameMeta.verdictReadings,
 * src/core/readings.ts), each played on the same game indices and dice. Every bootstrap resample
 * draws the game indices once and applies them to every cell of every reading, so each reading's
 * difference to the rules as written is paired game by game. The draws are those of metaGame
 * (the same stream, seeded by the run's master seed, in the same order), so the value under the
 * rules as written has the very interval its verdict prints.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { GameDefinition, VerdictReading } from '../core/game.js';
import { streamState } from '../core/rng.js';
import type { GamesTable } from './games-table.js';
import type { PolicyMatrix } from './headline.js';
import {
  type BalanceBand,
  type BootstrapOptions,
  DEFAULT_BALANCE_BAND,
  type LpSolver,
  readBalance,
  zeroSumValue,
} from './metagame.js';
import { quantile } from './summary.js';
import { jointScores } from './verdict.js';

/** Per-game scores of a matrix's cells: scores[r][c][g], the row side's score in game index g. */
export type MatrixScores = readonly (readonly ArrayLike<number>[])[];

/** The value of the matrix under one reading, and its paired difference to the rules as written. */
export interface ReadingValue {
  readonly id: string;
  readonly label: string;
  readonly why: string;
  /** The row side's equilibrium score under the reading. */
  readonly value: number;
  /** The mean score of each cell under the reading (the payoff its value solves). */
  readonly payoff: readonly (readonly number[])[];
  readonly interval: readonly [number, number];
  /** value minus the value under the rules as written. */
  readonly difference: number;
  /** Percentile bootstrap interval of the difference, over the same resamples. */
  readonly differenceInterval: readonly [number, number];
}

/** The robustness band of one matrix's verdict. */
export interface Robustness {
  /** The value under the rules as written (the verdict's) and its interval. */
  readonly value: number;
  readonly interval: readonly [number, number];
  readonly readings: readonly ReadingValue[];
  /** The lowest and highest value over the rules as written and every reading. */
  readonly band: readonly [number, number];
  /** The reading with the largest |difference| (the first on a tie). */
  readonly mostImportant: ReadingValue;
  readonly games: number;
  readonly resamples: number;
  readonly level: number;
}

function checkShape(scores: MatrixScores, rows: number, cols: number, n: number, what: string): void {
  if (scores.length !== rows || scores.some((row) => row.length !== cols))
    throw new Error(`robustness: ${what} is not a ${rows} x ${cols} matrix`);
  for (const row of scores)
    for (const cell of row)
      if (cell.length !== n) throw new Error(`robustness: ${what} holds another number of games`);
}

/**
 * The value of the matrix `base` (the rules as written) and of each of `readings` (the same
 * matrix under each reading, cell for cell on the same game indices), with percentile bootstrap
 * intervals of each value and of each paired difference, the band of the values and the reading
 * that moves the value most. Deterministic: the resamples come from the stream `opts.seed` names.
 */
export function robustness(
  lp: LpSolver,
  base: MatrixScores,
  readings: readonly { readonly reading: VerdictReading; readonly scores: MatrixScores }[],
  opts: BootstrapOptions,
): Robustness {
  const rows = base.length;
  const cols = base[0]?.length ?? 0;
  if (rows === 0 || cols === 0) throw new Error('robustness: an empty matrix of scores');
  if (readings.length === 0) throw new Error('robustness: no reading');
  const n = base[0]![0]!.length;
  if (n === 0) throw new Error('robustness: cells hold no games');
  checkShape(base, rows, cols, n, 'the rules as written');
  for (const r of readings) checkShape(r.scores, rows, cols, n, `reading ${r.reading.id}`);
  const resamples = opts.resamples ?? 1000;
  const level = opts.level ?? 0.95;
  const all = [base, ...readings.map((r) => r.scores)];
  const payoffOf = (scores: MatrixScores, weight: Uint32Array | null): number[][] =>
    scores.map((row) =>
      row.map((cell) => {
        let s = 0;
        if (weight === null) for (let g = 0; g < n; g++) s += cell[g]!;
        else for (let g = 0; g < n; g++) s += weight[g]! * cell[g]!;
        return s / n;
      }),
    );
  const payoffs = all.map((scores) => payoffOf(scores, null));
  const point = payoffs.map((payoff) => zeroSumValue(lp, payoff));
  // the draws of metaGame (src/analysis/metagame.ts): the same stream, in the same order
  const rng = xoroshiro128plusFromState(streamState(opts.seed, 0, 'metagame-bootstrap'));
  const weight = new Uint32Array(n);
  const values = all.map(() => [] as number[]);
  const diffs = readings.map(() => [] as number[]);
  for (let b = 0; b < resamples; b++) {
    weight.fill(0);
    for (let k = 0; k < n; k++) weight[uniformInt(rng, 0, n - 1)]! += 1;
    const v = all.map((scores) => zeroSumValue(lp, payoffOf(scores, weight)));
    for (let i = 0; i < v.length; i++) values[i]!.push(v[i]!);
    for (let i = 0; i < readings.length; i++) diffs[i]!.push(v[i + 1]! - v[0]!);
  }
  const alpha = (1 - level) / 2;
  const interval = (xs: number[], at: number): [number, number] => {
    if (xs.length === 0) return [at, at];
    const sorted = [...xs].sort((a, b) => a - b);
    return [quantile(sorted, alpha), quantile(sorted, 1 - alpha)];
  };
  const out: ReadingValue[] = readings.map((r, i) => ({
    id: r.reading.id,
    label: r.reading.label,
    why: r.reading.why,
    value: point[i + 1]!,
    payoff: payoffs[i + 1]!,
    interval: interval(values[i + 1]!, point[i + 1]!),
    difference: point[i + 1]! - point[0]!,
    differenceInterval: interval(diffs[i]!, point[i + 1]! - point[0]!),
  }));
  const mostImportant = out.reduce((best, r) =>
    Math.abs(r.difference) > Math.abs(best.difference) ? r : best,
  );
  return {
    value: point[0]!,
    interval: interval(values[0]!, point[0]!),
    readings: out,
    band: [Math.min(...point), Math.max(...point)],
    mostImportant,
    games: n,
    resamples,
    level,
  };
}

/** A matrix of the rules as written and the same matrix under each reading the run played. */
export interface ReadingGroup {
  readonly base: PolicyMatrix;
  readonly readings: readonly { readonly reading: VerdictReading; readonly matrix: PolicyMatrix }[];
}

/**
 * The run's matrices split into those of the rules as written and those repeating one under a
 * reading: the matrix whose every cell is the base's arm suffixed `@<reading id>` (the arms
 * src/runner/arm-sets.ts readingArms makes), with the same rows and columns. `bases` keeps every
 * matrix that repeats none, in order; `groups` those of them with at least one reading.
 */
export function readingGroups(
  def: GameDefinition,
  matrices: readonly PolicyMatrix[],
): { bases: PolicyMatrix[]; groups: ReadingGroup[] } {
  const declared = def.verdictReadings ?? [];
  const key = (m: PolicyMatrix): string => JSON.stringify(m.arms);
  const byArms = new Map(matrices.map((m) => [key(m), m]));
  const taken = new Set<PolicyMatrix>();
  const found = matrices.map((m) => {
    const readings = declared.flatMap((reading) => {
      const twin = byArms.get(JSON.stringify(m.arms.map((row) => row.map((a) => `${a}@${reading.id}`))));
      if (
        twin === undefined ||
        twin.rowSide !== m.rowSide ||
        twin.colSide !== m.colSide ||
        JSON.stringify([twin.rows, twin.cols]) !== JSON.stringify([m.rows, m.cols])
      )
        return [];
      taken.add(twin);
      return [{ reading, matrix: twin }];
    });
    return { base: m, readings };
  });
  const bases = matrices.filter((m) => !taken.has(m));
  return {
    bases,
    groups: found.filter((g) => !taken.has(g.base) && g.readings.length > 0),
  };
}

/** The robustness band of a group, its scores read from the games table on the games all its cells played. */
export function groupRobustness(
  lp: LpSolver,
  table: GamesTable,
  group: ReadingGroup,
  opts: BootstrapOptions,
): Robustness | undefined {
  const [base, ...rest] = jointScores(table, [group.base, ...group.readings.map((r) => r.matrix)]);
  if (base![0]![0]!.length === 0) return undefined;
  return robustness(
    lp,
    base!,
    group.readings.map((r, i) => ({ reading: r.reading, scores: rest[i]! })),
    opts,
  );
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function signedPoints(x: number): string {
  const p = x * 100;
  return `${p >= 0 ? '+' : '−'}${Math.abs(p).toFixed(1)}`;
}

/** An interval in points, signed: "[−3.1, +2.0]". */
export function pointsInterval(iv: readonly [number, number]): string {
  return `[${signedPoints(iv[0])}, ${signedPoints(iv[1])}]`;
}

/**
 * The sides' names as a band's sentences use them; `againstRules` when the matrix is a solitaire
 * side's policies against the rules (PolicyMatrix.againstRules): its value is then the best
 * policy's score, and the column side is the rules.
 */
export interface BandSides {
  readonly rowSide: string;
  readonly colSide: string;
  readonly againstRules?: boolean | undefined;
}

/** What the value is called in a band's sentence: "Soviet’s value", "the best Soviet policy’s score". */
export function valueName(sides: BandSides): string {
  return sides.againstRules === true
    ? `the best ${sides.rowSide} policy’s score`
    : `${sides.rowSide}’s value`;
}

/** How the value reads against the balance band, as a word the sentence can compare. */
function balanceWord(
  value: number,
  interval: readonly [number, number],
  band: BalanceBand,
  sides: BandSides,
): string {
  const r = readBalance(value, interval, band);
  switch (r.kind) {
    case 'balanced':
      return 'balanced';
    case 'favours':
      return r.side === 'row'
        ? `favours ${sides.rowSide}`
        : sides.againstRules === true
          ? 'favours the rules'
          : `favours ${sides.colSide}`;
    case 'undecided':
      return 'not decided';
  }
}

/** What each reading's value says about balance (as the verdict reads it: readBalance). */
export function readingBalance(
  rb: Robustness,
  sides: BandSides,
  band: BalanceBand = DEFAULT_BALANCE_BAND,
): { readonly asWritten: string; readonly readings: readonly string[] } {
  return {
    asWritten: balanceWord(rb.value, rb.interval, band, sides),
    readings: rb.readings.map((r) => balanceWord(r.value, r.interval, band, sides)),
  };
}

/**
 * The band in one sentence: "Over the rules' 5 open readings, <row side>'s value (against the
 * rules: the best <row side> policy's score) ranges from x% to y% (x% as written); the reading
 * that matters most is <label> (<id>): −z points [lo, hi]. The balance verdict (<word>) holds
 * under k of 5 readings."
 */
export function robustnessSentence(
  rb: Robustness,
  sides: BandSides,
  band: BalanceBand = DEFAULT_BALANCE_BAND,
): string {
  const m = rb.mostImportant;
  const n = rb.readings.length;
  const words = readingBalance(rb, sides, band);
  const holds = words.readings.filter((w) => w === words.asWritten).length;
  return (
    `Over the rules’ ${n} open reading${n === 1 ? '' : 's'} and reconstructed values, ${valueName(sides)} ranges from ${pct(rb.band[0])} to ${pct(rb.band[1])} ` +
    `(${pct(rb.value)} as written); the reading that matters most is ${m.label} (${m.id}): ${signedPoints(m.difference)} points ${pointsInterval(m.differenceInterval)}, paired on common seeds. ` +
    `The balance verdict as written (${words.asWritten}) holds under ${holds} of ${n} reading${n === 1 ? '' : 's'}.`
  );
}
