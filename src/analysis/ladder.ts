/**
 * A skill ladder's verdict: the value of the game (src/analysis/metagame.ts) at each rung of skill,
 * whether it has converged, and which side gains from skill. The ladder's matrix (built by
 * src/runner/ladder-arms.ts) holds each side's scripts (rung 0) and its search player at each
 * rung's budget; the value at rung r is the meta-game value of the sub-matrix of every policy of
 * rung r or below, on both sides (nested: a side with more skill may still play a script). Every
 * rung's bootstrap draws the same resamples of the game indices (same seed, same games), so the
 * difference of two rungs' values has a paired percentile interval, draw by draw.
 */
import { percent, percentBound } from '../core/percent.js';
import type { PolicyMatrix } from './headline.js';
import {
  type BalanceBand,
  DEFAULT_BALANCE_BAND,
  type LpSolver,
  type MetaGame,
  metaGame,
} from './metagame.js';
import { quantile } from './summary.js';

/** A ladder as the analysis reads it: its matrix and the rung each row and column enters at. */
export interface LadderDesign extends PolicyMatrix {
  /** rowRung[i]: 0 for a script, r for the search player at rungs[r - 1]. */
  readonly rowRung: readonly number[];
  readonly colRung: readonly number[];
  /** The search players' parameter the rungs set. */
  readonly budget: string;
  /** The budget at rungs 1, 2, ... */
  readonly rungs: readonly number[];
  /** The two strongest rungs agree when their paired difference's interval is within +-margin. */
  readonly margin: number;
}

/** The meta-game at one rung: the sub-matrix of every policy of this rung or below. */
export interface LadderRung {
  /** 0: the scripts. */
  readonly rung: number;
  /** The budget of this rung's search players (null for the scripts). */
  readonly budget: number | null;
  /** "scripts", or "<budget> <value>" (e.g. "iterations 64"). */
  readonly label: string;
  readonly rows: readonly string[];
  readonly cols: readonly string[];
  readonly meta: MetaGame;
}

/** A paired difference of two rungs' values (the later minus the earlier) with its bootstrap interval. */
export interface RungDifference {
  readonly from: number;
  readonly to: number;
  readonly diff: number;
  readonly interval: readonly [number, number];
}

/**
 * converged: the interval of the two strongest rungs' difference lies within +-margin; moving: it
 * lies wholly beyond the margin on one side (the value still changes with skill); undecided: it
 * reaches across an edge of the margin (not enough games to tell).
 */
export type ConvergenceStatus = 'converged' | 'moving' | 'undecided';

/** Which side skill favours: the row side when the paired interval of V_top - V_scripts is above 0, the column side when below, else neither. */
export type SkillGain = 'row' | 'col' | 'neither';

export interface LadderResult {
  readonly design: LadderDesign;
  readonly rungs: readonly LadderRung[];
  /** steps[r - 1]: rung r against rung r - 1, paired. */
  readonly steps: readonly RungDifference[];
  /** The strongest rung against the one below it. */
  readonly convergence: RungDifference & { readonly status: ConvergenceStatus; readonly margin: number };
  /** The strongest rung against the scripts. */
  readonly gain: RungDifference & { readonly favours: SkillGain };
  readonly level: number;
  readonly resamples: number;
  readonly games: number;
  readonly sentence: string;
}

/** A rung's label: "scripts" for rung 0, else the budget parameter and its value. */
export function rungLabel(design: LadderDesign, rung: number): string {
  return rung === 0 ? 'scripts' : `${design.budget} ${design.rungs[rung - 1]!}`;
}

/** The percentile interval of `a[b] - c[b]` over the resamples, or the point difference when there are none. */
function pairedInterval(
  a: readonly number[],
  c: readonly number[],
  level: number,
  point: number,
): [number, number] {
  if (a.length === 0) return [point, point];
  const d = a.map((x, b) => x - c[b]!).sort((x, y) => x - y);
  const alpha = (1 - level) / 2;
  return [quantile(d, alpha), quantile(d, 1 - alpha)];
}

function difference(rungs: readonly LadderRung[], from: number, to: number, level: number): RungDifference {
  const a = rungs[to]!.meta;
  const b = rungs[from]!.meta;
  const diff = a.value - b.value;
  return { from, to, diff, interval: pairedInterval(a.draws, b.draws, level, diff) };
}

export function convergenceStatus(interval: readonly [number, number], margin: number): ConvergenceStatus {
  const [lo, hi] = interval;
  if (lo >= -margin && hi <= margin) return 'converged';
  if (lo > margin || hi < -margin) return 'moving';
  return 'undecided';
}

export function skillGain(interval: readonly [number, number]): SkillGain {
  return interval[0] > 0 ? 'row' : interval[1] < 0 ? 'col' : 'neither';
}

/** Points with one decimal and a sign for a difference of scores: 0.061 -> "+6.1". */
function signedPoints(x: number): string {
  const p = (100 * x).toFixed(1);
  return x > 0 && p !== '0.0' ? `+${p}` : p === '-0.0' ? '0.0' : p;
}

function scoreText(m: MetaGame): string {
  return `${percent(m.value)}% [${percentBound(m.interval[0])}, ${percentBound(m.interval[1])}]`;
}

function diffText(d: RungDifference): string {
  return `${signedPoints(d.diff)} points [${signedPoints(d.interval[0])}, ${signedPoints(d.interval[1])}]`;
}

/**
 * The ladder in one sentence: "From scripts to search at iterations 64, <row side> scores 60.0%
 * [..] then 66.1% [..]; skill favours <side> by +6.1 points [..]; the verdict has not converged
 * (...)".
 */
export function ladderSentence(
  r: Omit<LadderResult, 'sentence'>,
  names: { readonly rowSide: string; readonly colSide: string },
): string {
  const first = r.rungs[0]!;
  const top = r.rungs[r.rungs.length - 1]!;
  const prev = r.rungs[r.rungs.length - 2]!;
  const g = r.gain;
  const gain =
    g.favours === 'neither'
      ? `neither side gains measurably from skill (${names.rowSide} ${diffText(g)})`
      : `skill favours ${g.favours === 'row' ? names.rowSide : names.colSide} (${names.rowSide} ${diffText(g)})`;
  const c = r.convergence;
  const margin = `${(100 * c.margin).toFixed(1).replace(/\.0$/, '')}`;
  const pair = `the two strongest rungs (${prev.label}, ${top.label}) differ by ${diffText(c)}`;
  const conv =
    c.status === 'converged'
      ? `the verdict has converged: ${pair}, within the margin of ±${margin}`
      : c.status === 'moving'
        ? `the verdict has not converged and is still moving: ${pair}, beyond the margin of ±${margin}`
        : `the verdict has not converged, or there are not enough games to tell: ${pair}, an interval reaching past the margin of ±${margin}`;
  return (
    `From scripts to search at ${top.label}, ${names.rowSide}'s score under the strongest strategies moves from ` +
    `${scoreText(first.meta)} to ${scoreText(top.meta)} (win 1, draw 1/2; ${r.games.toLocaleString('en-US')} games a pairing); ` +
    `${gain}; ${conv}.`
  );
}

/**
 * The ladder's verdict from the per-game scores of its whole matrix (`scores[r][c][g]`: the row
 * side's score in game index g of cell (r, c), every cell on the same game indices, as
 * matrixScores gives them). Each rung's meta-game uses the run's seed, so its resamples are the
 * same as every other rung's and as the verdict's of the whole matrix.
 */
export function ladderAnalysis(
  lp: LpSolver,
  scores: readonly (readonly ArrayLike<number>[])[],
  design: LadderDesign,
  opts: {
    readonly seed: number;
    readonly resamples?: number;
    readonly level?: number;
    readonly names: { readonly rowSide: string; readonly colSide: string };
  },
): LadderResult {
  const level = opts.level ?? 0.95;
  const top = design.rungs.length;
  if (top < 1) throw new Error('ladder: no rung above the scripts');
  const rungs: LadderRung[] = [];
  for (let rung = 0; rung <= top; rung++) {
    const rs = design.rows.flatMap((_, i) => (design.rowRung[i]! <= rung ? [i] : []));
    const cs = design.cols.flatMap((_, j) => (design.colRung[j]! <= rung ? [j] : []));
    const meta = metaGame(
      lp,
      rs.map((i) => cs.map((j) => scores[i]![j]!)),
      {
        seed: opts.seed,
        level,
        ...(opts.resamples === undefined ? {} : { resamples: opts.resamples }),
      },
    );
    rungs.push({
      rung,
      budget: rung === 0 ? null : design.rungs[rung - 1]!,
      label: rungLabel(design, rung),
      rows: rs.map((i) => design.rows[i]!),
      cols: cs.map((j) => design.cols[j]!),
      meta,
    });
  }
  const steps = rungs.slice(1).map((_, i) => difference(rungs, i, i + 1, level));
  const conv = steps[top - 1]!;
  const gain = difference(rungs, 0, top, level);
  const result = {
    design,
    rungs,
    steps,
    convergence: { ...conv, status: convergenceStatus(conv.interval, design.margin), margin: design.margin },
    gain: { ...gain, favours: skillGain(gain.interval) },
    level,
    resamples: rungs[0]!.meta.resamples,
    games: rungs[0]!.meta.games,
  };
  return { ...result, sentence: ladderSentence(result, opts.names) };
}

/** ladder.json: every rung's value, interval and mixes, the convergence and the gain, for scripts. */
export function ladderJson(r: LadderResult, band: BalanceBand = DEFAULT_BALANCE_BAND): string {
  return `${JSON.stringify(
    {
      rowSide: r.design.rowSide,
      colSide: r.design.colSide,
      budget: r.design.budget,
      games: r.games,
      level: r.level,
      resamples: r.resamples,
      band,
      rungs: r.rungs.map((g) => ({
        rung: g.rung,
        label: g.label,
        budget: g.budget,
        rows: g.rows,
        cols: g.cols,
        value: g.meta.value,
        interval: g.meta.interval,
        rowMix: g.meta.rowMix,
        colMix: g.meta.colMix,
        payoff: g.meta.payoff,
      })),
      steps: r.steps,
      convergence: r.convergence,
      gain: r.gain,
      sentence: r.sentence,
    },
    null,
    2,
  )}\n`;
}
