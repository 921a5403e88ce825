/**
 * Does a search player beat every script? For one side of a run: each of its policies' worst case
 * (its lowest mean score over the other side's scripted policies; against the rules alone for a
 * solitaire side), and each search policy's worst case against the best scripted policy's, with a
 * percentile bootstrap interval of the difference that resamples the game indices jointly across
 * every cell (the cells play the same games on the same dice), and a two-sided bootstrap p-value
 * of "the search's worst case is the best script's" (twice the smaller share of resamples on either
 * side of 0), so that for a single row "beats" agrees with the interval lying above 0
 * (docs/cli.md "Search against the scripts").
 *
 * The best script is chosen again in every resample (the maximum of the scripts' worst cases), so
 * the comparison is not flattered by picking the script that happened to do worst in this sample.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { GameDefinition } from '../core/game.js';
import { streamState } from '../core/rng.js';
import type { GamesTable } from './games-table.js';
import { type HeadlineArm, policyMatrices } from './headline.js';
import { holm } from './stats.js';
import { quantile } from './summary.js';
import { armScores } from './verdict.js';

/**
 * One side's cells: `scores[p][o][g]` is the side's score (1, 1/2, 0) with its policy p against
 * opponent o in game index g; every cell holds the same game indices in the same order.
 * `search[p]` says whether policy p is a search player.
 */
export interface SideCells {
  readonly game: string;
  readonly side: string;
  readonly policies: readonly string[];
  readonly search: readonly boolean[];
  readonly opponents: readonly string[];
  readonly scores: readonly (readonly ArrayLike<number>[])[];
}

/** One search policy of a side against the best scripted policy of that side. */
export interface StrengthRow {
  readonly game: string;
  readonly side: string;
  readonly policy: string;
  /** Its lowest mean score over the opponents, and the opponent that holds it there. */
  readonly worst: number;
  readonly worstOpponent: string;
  /** The scripted policy with the highest worst case, and that worst case. */
  readonly bestScript: string;
  readonly bestScriptWorst: number;
  readonly bestScriptOpponent: string;
  /** worst - bestScriptWorst, its percentile interval and the two-sided bootstrap p-value. */
  readonly difference: number;
  readonly interval: readonly [number, number];
  readonly p: number;
  readonly games: number;
}

/** Options of the bootstrap. */
export interface StrengthOptions {
  readonly seed: number;
  readonly resamples?: number;
  readonly level?: number;
}

/** Each policy's worst case over the opponents under resampling weights (null: the sample itself). */
function worstCases(cells: SideCells, weight: Uint32Array | null): { value: number; at: number }[] {
  const n = cells.scores[0]![0]!.length;
  return cells.scores.map((row) => {
    let value = Number.POSITIVE_INFINITY;
    let at = 0;
    row.forEach((cell, o) => {
      let s = 0;
      if (weight === null) for (let g = 0; g < n; g++) s += cell[g]!;
      else for (let g = 0; g < n; g++) s += weight[g]! * cell[g]!;
      const mean = s / n;
      if (mean < value) {
        value = mean;
        at = o;
      }
    });
    return { value, at };
  });
}

/**
 * The `count` statistics `read` takes off the policies' worst cases in each of `resamples` resamples of the
 * game indices (drawn jointly for every cell, from stream `stream` of the seed), each sorted.
 */
function resampled(
  cells: SideCells,
  seed: number,
  stream: string,
  resamples: number,
  count: number,
  read: (worst: readonly { value: number }[]) => number[],
): number[][] {
  const n = cells.scores[0]![0]!.length;
  const rng = xoroshiro128plusFromState(streamState(seed, 0, stream));
  const weight = new Uint32Array(n);
  const out: number[][] = Array.from({ length: count }, () => []);
  for (let b = 0; b < resamples; b++) {
    weight.fill(0);
    for (let k = 0; k < n; k++) weight[uniformInt(rng, 0, n - 1)]! += 1;
    read(worstCases(cells, weight)).forEach((x, i) => {
      out[i]!.push(x);
    });
  }
  return out.map((d) => d.sort((a, b) => a - b));
}

/** The index of the scripted policy with the highest worst case (the earlier one on a tie). */
function bestScript(cells: SideCells, worst: readonly { value: number }[]): number {
  let best = -1;
  cells.search.forEach((s, p) => {
    if (!s && (best < 0 || worst[p]!.value > worst[best]!.value)) best = p;
  });
  return best;
}

/** Every search policy of one side against its best script (empty without both kinds). */
export function sideStrength(cells: SideCells, opts: StrengthOptions): StrengthRow[] {
  const n = cells.scores[0]?.[0]?.length ?? 0;
  if (n === 0 || cells.opponents.length === 0) return [];
  const worst = worstCases(cells, null);
  const best = bestScript(cells, worst);
  const searches = cells.policies.map((_, p) => p).filter((p) => cells.search[p]);
  if (best < 0 || searches.length === 0) return [];
  const resamples = opts.resamples ?? 1000;
  const level = opts.level ?? 0.95;
  const diffs = resampled(cells, opts.seed, `strength:${cells.side}`, resamples, searches.length, (w) => {
    const top = w[bestScript(cells, w)]!.value;
    return searches.map((p) => w[p]!.value - top);
  });
  const alpha = (1 - level) / 2;
  return searches.map((p, i) => {
    const d = diffs[i]!;
    // two-sided: twice the smaller share of resamples on one side of 0 (ties count half each way)
    let below = 0;
    for (const x of d) below += x < 0 ? 1 : x === 0 ? 0.5 : 0;
    const tail = Math.min(below, d.length - below);
    return {
      game: cells.game,
      side: cells.side,
      policy: cells.policies[p]!,
      worst: worst[p]!.value,
      worstOpponent: cells.opponents[worst[p]!.at]!,
      bestScript: cells.policies[best]!,
      bestScriptWorst: worst[best]!.value,
      bestScriptOpponent: cells.opponents[worst[best]!.at]!,
      difference: worst[p]!.value - worst[best]!.value,
      interval: resamples > 0 ? [quantile(d, alpha), quantile(d, 1 - alpha)] : [0, 0],
      p: resamples > 0 ? Math.min(1, (2 * (tail + 1)) / (resamples + 1)) : 1,
      games: n,
    };
  });
}

/**
 * The games per cell a run like this one would need for `row`'s interval to be at most `width`
 * wide (a score difference, 0.04 for 4 points): a percentile interval narrows as one over the
 * square root of the games, so its width here times sqrt(games / needed) is `width`; `row.games`
 * when it is that narrow already. A planning figure for the size of the next run, not a guarantee
 * (the worst cases' opponents may change with more games).
 */
export function gamesForWidth(row: StrengthRow, width: number): number {
  const now = row.interval[1] - row.interval[0];
  if (!(width > 0)) throw new RangeError(`gamesForWidth: width ${width} is not positive`);
  if (now <= width) return row.games;
  return Math.ceil(row.games * (now / width) ** 2);
}

/** A strength row with its Holm-adjusted p-value over the whole table, and the verdict. */
export interface JudgedRow extends StrengthRow {
  readonly pHolm: number;
  /** The search's worst case is above the best script's, Holm-adjusted over the table. */
  readonly beats: boolean;
}

/** Holm over every row of a table (every game-side and search policy together), at `alpha`. */
export function judgeStrength(rows: readonly StrengthRow[], alpha = 0.05): JudgedRow[] {
  const adjusted = holm(rows.map((r) => r.p));
  return rows.map((r, i) => ({ ...r, pHolm: adjusted[i]!, beats: r.difference > 0 && adjusted[i]! < alpha }));
}

/** A policy spec's policy id (`mcts:iterations=64` -> `mcts`). */
const policyId = (spec: string): string => spec.split(':')[0]!;

/**
 * The cells of every side of a run that has both search and scripted policies: from each policy
 * matrix (core/headline.ts policyMatrices), the row side against the column side's scripted
 * policies and the column side against the row side's; and for a solitaire side (arms setting
 * one side's policy only, all else equal), its policies against the rules.
 */
export function strengthCells(
  def: GameDefinition,
  table: GamesTable,
  arms: readonly HeadlineArm[],
  isSearch: (policyId: string) => boolean,
): SideCells[] {
  const out: SideCells[] = [];
  const search = (spec: string) => isSearch(policyId(spec));
  const mixed = (specs: readonly string[]) => specs.some(search) && specs.some((s) => !search(s));
  for (const m of policyMatrices(def, arms)) {
    const colScripts = m.cols.map((c, i) => [c, i] as const).filter(([c]) => !search(c));
    const rowScripts = m.rows.map((r, i) => [r, i] as const).filter(([r]) => !search(r));
    if (mixed(m.rows) && colScripts.length > 0) {
      const flat = armScores(table, m.arms.flat(), m.rowSide);
      const at = (r: number, c: number) => flat[r * m.cols.length + c]!;
      out.push({
        game: def.id,
        side: m.rowSide,
        policies: m.rows,
        search: m.rows.map(search),
        opponents: colScripts.map(([c]) => c),
        scores: m.rows.map((_, r) => colScripts.map(([, c]) => at(r, c))),
      });
    }
    if (mixed(m.cols) && rowScripts.length > 0) {
      const flat = armScores(table, m.arms.flat(), m.colSide);
      const at = (r: number, c: number) => flat[r * m.cols.length + c]!;
      out.push({
        game: def.id,
        side: m.colSide,
        policies: m.cols,
        search: m.cols.map(search),
        opponents: rowScripts.map(([r]) => r),
        scores: m.cols.map((_, c) => rowScripts.map(([, r]) => at(r, c))),
      });
    }
  }
  // solitaire sides: arms that set one side's policy only, grouped by everything else
  const groups = new Map<string, HeadlineArm[]>();
  for (const a of arms) {
    const sides = Object.keys(a.policies);
    if (sides.length !== 1) continue;
    const key = JSON.stringify([
      sides[0],
      a.scenario,
      [...a.variants].sort(),
      Object.entries(a.params).sort(),
    ]);
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  for (const group of groups.values()) {
    const side = Object.keys(group[0]!.policies)[0]!;
    const first = new Map<string, string>();
    for (const a of group) if (!first.has(a.policies[side]!)) first.set(a.policies[side]!, a.id);
    const policies = [...first.keys()];
    if (!mixed(policies)) continue;
    const scores = armScores(table, [...first.values()], side);
    out.push({
      game: def.id,
      side,
      policies,
      search: policies.map(search),
      opponents: ['the rules'],
      scores: scores.map((s) => [s]),
    });
  }
  return out;
}

/** A search policy at a raised budget against the same search at the budget below it. */
export interface BudgetRow {
  readonly game: string;
  readonly side: string;
  /** The raised spec (`mcts:iterations=256`) and the spec it raises (`mcts`): one parameter apart. */
  readonly policy: string;
  readonly base: string;
  readonly worst: number;
  readonly baseWorst: number;
  /** worst - baseWorst, and its percentile interval (game indices resampled jointly across cells). */
  readonly difference: number;
  readonly interval: readonly [number, number];
  /** The interval lies wholly below 0: more budget played measurably worse. */
  readonly weaker: boolean;
  readonly games: number;
}

/** A spec's parameters as `k=v` strings (`mcts:iterations=64,opponents=1` -> two). */
function specParams(spec: string): string[] {
  const i = spec.indexOf(':');
  return i < 0 ? [] : spec.slice(i + 1).split(',');
}

/**
 * Each search policy of a side whose spec adds one parameter to another search policy's of the same
 * id (the raised budget of a ladder or a search experiment: `portfolio:n=16` over `portfolio`,
 * `mcts:iterations=64,opponents=1` over `mcts:opponents=1`), with the paired interval of the
 * difference of their worst cases over the same opponents: does more budget ever play worse?
 */
export function budgetSteps(cells: SideCells, opts: StrengthOptions): BudgetRow[] {
  const n = cells.scores[0]?.[0]?.length ?? 0;
  if (n === 0 || cells.opponents.length === 0) return [];
  const pairs: [number, number][] = [];
  cells.policies.forEach((spec, p) => {
    if (!cells.search[p]) return;
    const params = specParams(spec);
    cells.policies.forEach((other, q) => {
      if (q === p || !cells.search[q] || policyId(other) !== policyId(spec)) return;
      const below = specParams(other);
      if (below.length === params.length - 1 && below.every((k) => params.includes(k))) pairs.push([p, q]);
    });
  });
  if (pairs.length === 0) return [];
  const worst = worstCases(cells, null);
  const resamples = opts.resamples ?? 1000;
  const level = opts.level ?? 0.95;
  const diffs = resampled(cells, opts.seed, `strength-budget:${cells.side}`, resamples, pairs.length, (w) =>
    pairs.map(([p, q]) => w[p]!.value - w[q]!.value),
  );
  const alpha = (1 - level) / 2;
  return pairs.map(([p, q], i) => {
    const d = diffs[i]!;
    const interval: [number, number] = resamples > 0 ? [quantile(d, alpha), quantile(d, 1 - alpha)] : [0, 0];
    return {
      game: cells.game,
      side: cells.side,
      policy: cells.policies[p]!,
      base: cells.policies[q]!,
      worst: worst[p]!.value,
      baseWorst: worst[q]!.value,
      difference: worst[p]!.value - worst[q]!.value,
      interval,
      weaker: interval[1] < 0,
      games: n,
    };
  });
}
