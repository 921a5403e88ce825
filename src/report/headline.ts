/**
 * The headline of a report: the answer to the experiment's question before the details. Per
 * question: the arms ranked by the first side's win rate (or the round-robin ranking), each policy
 * matrix with the best response to every opposing policy, and the readings and values that move
 * the result. One test decides "distinguishable" everywhere: the exact McNemar test on the games
 * both arms played (common seeds), Holm-adjusted, shown with Newcombe's paired 95% interval.
 * Markdown only (made with `md`, src/report/escape.ts); the HTML report converts it and puts the
 * matrix heatmap in place of a block that names a chart.
 */
import type { ComparisonRow } from '../analysis/compare.js';
import { type PolicyMatrix, policyMatrices, rankArms } from '../analysis/headline.js';
import { RANKING_SCORING } from '../analysis/ranking.js';
import type { ReportData } from '../analysis/report-data.js';
import type { OutcomeRow } from '../analysis/summary.js';
import type { GameDefinition } from '../core/game.js';
import type { Manifest } from '../runner/manifest.js';
import { type Md, md, trustedMd } from './escape.js';
import { count, pct, points, rateWithCi, shortValue, sideName } from './format.js';

/** Headline lines; in the HTML report a block naming a chart is drawn as that chart instead. */
export interface HeadlineBlock {
  readonly lines: readonly Md[];
  readonly chart?: string;
}

/** How the report names its one test, in every headline. */
export const PAIRED_TEST =
  'Distinguishable means: the exact McNemar test on the games both arms played (the same seeds) rejects equal rates at 5%, Holm-adjusted over the headline’s comparisons (or, under What moves the result, over comparisons.csv); the difference is shown with its Newcombe paired 95% interval.';

/** A paired verdict on "a minus b" (positive when a does better) for one side's wins. */
export interface Verdict {
  readonly diff: number;
  readonly lo95: number;
  readonly hi95: number;
  readonly pHolm: number;
  readonly pMcnemar: number;
  readonly distinguishable: boolean;
}

/** The paired comparison of arms a and b on `outcome` among `rows`, as a minus b, if it was made. */
export function verdict(
  rows: readonly ComparisonRow[],
  outcome: string,
  a: string,
  b: string,
): Verdict | undefined {
  for (const r of rows) {
    if (r.outcome !== outcome) continue;
    const sign = r.arm === a && r.baseline === b ? 1 : r.arm === b && r.baseline === a ? -1 : 0;
    if (sign === 0) continue;
    const [lo, hi] = sign === 1 ? [r.lo95, r.hi95] : [-r.hi95, -r.lo95];
    return {
      diff: sign * r.diff,
      lo95: lo,
      hi95: hi,
      pHolm: r.p_holm,
      pMcnemar: r.p_mcnemar,
      distinguishable: r.p_holm < 0.05,
    };
  }
  return undefined;
}

function pValue(p: number): string {
  return p < 0.0001 ? '< 0.0001' : `= ${p.toPrecision(2)}`;
}

/**
 * "+4.0 points [2.9, 5.1], Holm p < 0.0001: distinguishable" (own formatting, Markdown-safe);
 * without the verdict when `verdictToo` is false.
 */
export function verdictText(v: Verdict | undefined, verdictToo = true): string {
  if (v === undefined) return 'no paired test';
  const body = `${v.diff >= 0 ? '+' : '−'}${points(Math.abs(v.diff))} points [${points(v.lo95)}, ${points(v.hi95)}], Holm p ${pValue(v.pHolm)}`;
  return verdictToo ? `${body}: ${v.distinguishable ? 'distinguishable' : 'not distinguishable'}` : body;
}

/** The results a side wins by, and how the headline names that side's wins. */
function winsLabel(def: GameDefinition, side: string): string {
  const name = sideName(def, side);
  const by = def.results.filter((r) => r.winner === side).map((r) => r.id);
  return by.length === 1 ? `${name} wins (${by[0]})` : `${name} wins (${by.join(' + ')})`;
}

/** Outcome rows by arm and outcome id. */
function rowsOf(outcomes: readonly OutcomeRow[], kind: OutcomeRow['kind']): Map<string, OutcomeRow> {
  return new Map(outcomes.filter((o) => o.kind === kind).map((o) => [`${o.arm}\u0000${o.outcome}`, o]));
}

const at = (rows: Map<string, OutcomeRow>, arm: string, outcome: string) =>
  rows.get(`${arm}\u0000${outcome}`);

const ci = (o: OutcomeRow | undefined): Md =>
  trustedMd(o === undefined ? '—' : rateWithCi(o.rate, o.lo95, o.hi95));

/** The results of the game that happened in at least one arm (the others are named once). */
function resultsSeen(def: GameDefinition, outcomes: readonly OutcomeRow[]) {
  const seen = new Set(outcomes.filter((o) => o.kind === 'result' && o.count > 0).map((o) => o.outcome));
  return {
    seen: def.results.filter((r) => seen.has(r.id)),
    never: def.results.filter((r) => !seen.has(r.id)),
  };
}

/** What "win" means here: every result of the game with its description, kept apart. */
function resultsKey(def: GameDefinition, outcomes: readonly OutcomeRow[]): Md[] {
  const { never } = resultsSeen(def, outcomes);
  const wonBy = (w: string | null) =>
    w === null ? 'no winner' : `won by ${def.sides.find((s) => s.id === w)?.name ?? w}`;
  return [
    md`Results, kept apart in every table: ${def.results.map((r, i) => md`${i === 0 ? '' : trustedMd('; ')}**${r.id}**, ${wonBy(r.winner)}: ${r.description.replace(/\.$/, '')}`)}.${never.length === 0 ? '' : md` Never happened in this run: ${never.map((r) => r.id).join(', ')}.`}`,
    md``,
  ];
}

/** The arms ranked by the first side's win rate, each result apart, each arm tested against the next. */
function rankingBlock(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ComparisonRow[],
): Md[] {
  const side = def.sides[0]!.id;
  const ranked = rankArms(
    def,
    data.outcomes,
    m.arms.map((a) => a.id),
  );
  const winners = rowsOf(data.outcomes, 'winner');
  const results = rowsOf(data.outcomes, 'result');
  const { seen } = resultsSeen(def, data.outcomes);
  // every result that happened, but the first side's only way to win (its wins column says it)
  const split = def.results.filter((r) => r.winner === side).length > 1;
  const shown = seen.filter((r) => split || r.winner !== side);
  return [
    md`### Ranking`,
    md``,
    md`Arms ranked by ${winsLabel(def, side)}, each with its Wilson 95% interval; the last column tests each arm against the one ranked next (paired).`,
    md``,
    md`| rank | arm | ${winsLabel(def, side)} |${shown.map((r) => md` ${r.id} |`)} vs next ranked |`,
    md`|---:|---|---:|${trustedMd(shown.map(() => '---:|').join(''))}---|`,
    ...ranked.map((arm, i) => {
      const next = ranked[i + 1];
      const vs =
        next === undefined
          ? ''
          : md`${trustedMd(verdictText(verdict(pairs, `win:${side}`, arm, next)))} (vs ${next})`;
      return md`| ${i + 1} | ${arm} | ${ci(at(winners, arm, side))} |${shown.map((r) => md` ${ci(at(results, arm, r.id))} |`)} ${vs} |`;
    }),
    md``,
  ];
}

/** A round robin's ranking (src/analysis/ranking.ts), when the run has one. */
function roundRobinBlock(data: ReportData): Md[] {
  const rows = data.ranking ?? [];
  if (rows.length === 0) return [];
  return [
    md`### Round-robin ranking`,
    md``,
    md`| rank | entrant | games | wins | draws | losses | score [95% CI] |`,
    md`|---:|---|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        md`| ${r.rank} | ${r.entrant} | ${count(r.games)} | ${count(r.wins)} | ${count(r.draws)} | ${count(r.losses)} | ${trustedMd(`${r.score.toFixed(3)} [${r.lo95.toFixed(3)}, ${r.hi95.toFixed(3)}]`)} |`,
    ),
    md``,
    md`${trustedMd(RANKING_SCORING)} ranking.csv has the same table.`,
    md``,
  ];
}

/** What the arms of a matrix share besides their policies, when the run has several matrices. */
function matrixSetting(m: Manifest, mx: PolicyMatrix): string {
  const a = m.arms.find((x) => x.id === mx.arms[0]![0]);
  if (a === undefined) return '';
  const params = Object.entries(a.params).map(([k, v]) => `${k}=${shortValue(v)}`);
  return [
    `scenario ${a.scenario}`,
    ...(a.variants.length > 0 ? [`variants ${a.variants.join(', ')}`] : []),
    ...params,
  ].join('; ');
}

/** The chart file stem of the i-th matrix. */
export function matrixChartName(i: number): string {
  return i === 0 ? 'matrix' : `matrix-${i + 1}`;
}

/**
 * The best `side` policy against each opposing policy: among the cells of one line of the matrix
 * (fixed opposing policy), the one with the highest win rate of `side`, tested against the
 * runner-up.
 */
function bestResponses(
  def: GameDefinition,
  mx: PolicyMatrix,
  data: ReportData,
  pairs: readonly ComparisonRow[],
  byRow: boolean,
): Md[] {
  const side = byRow ? mx.rowSide : mx.colSide;
  const against = byRow ? mx.cols : mx.rows;
  const options = byRow ? mx.rows : mx.cols;
  const cell = (option: number, fixed: number) =>
    byRow ? mx.arms[option]![fixed]! : mx.arms[fixed]![option]!;
  const winners = rowsOf(data.outcomes, 'winner');
  const name = (s: string) => sideName(def, s);
  const other = byRow ? mx.colSide : mx.rowSide;
  return against.map((opp, f) => {
    const ranked = options
      .map((p, o) => ({ p, arm: cell(o, f), r: at(winners, cell(o, f), side) }))
      .sort((x, y) => (y.r?.rate ?? 0) - (x.r?.rate ?? 0));
    const [best, second] = [ranked[0]!, ranked[1]!];
    const v = verdict(pairs, `win:${side}`, best.arm, second.arm);
    const tie =
      v === undefined
        ? md` (no paired test against ${second.p})`
        : v.distinguishable
          ? md`; better than the runner-up ${second.p} by ${trustedMd(verdictText(v))}`
          : md`, **not distinguishable** from the runner-up ${second.p} (${trustedMd(verdictText(v, false))})`;
    return md`- Against ${name(other)} **${opp}**: ${name(side)} **${best.p}**, ${winsLabel(def, side)} ${ci(best.r)}${tie}.`;
  });
}

/** Each policy matrix: its table of the first side's win rate (heatmap in HTML) and best responses. */
function matrixBlocks(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ComparisonRow[],
): HeadlineBlock[] {
  const matrices = policyMatrices(def, m.arms);
  const winners = rowsOf(data.outcomes, 'winner');
  const name = (s: string) => sideName(def, s);
  return matrices.flatMap((mx, i): HeadlineBlock[] => {
    const where = matrices.length > 1 ? md` (${matrixSetting(m, mx)})` : '';
    return [
      {
        lines: [
          md`### ${name(mx.rowSide)} × ${name(mx.colSide)} policy matrix${where}`,
          md``,
          md`${winsLabel(def, mx.rowSide)} with its Wilson 95% interval; rows: ${name(mx.rowSide)} policies, columns: ${name(mx.colSide)} policies. A matrix has no baseline: its cells are compared within their row or column.`,
          md``,
        ],
      },
      {
        chart: matrixChartName(i),
        lines: [
          md`| ${name(mx.rowSide)} / ${name(mx.colSide)} |${mx.cols.map((c) => md` ${c} |`)}`,
          md`|---|${trustedMd(mx.cols.map(() => '---:|').join(''))}`,
          ...mx.rows.map(
            (r, ri) =>
              md`| ${r} |${mx.cols.map((_, ci2) => md` ${ci(at(winners, mx.arms[ri]![ci2]!, mx.rowSide))} |`)}`,
          ),
          md``,
        ],
      },
      {
        lines: [
          md`Best responses (${name(mx.rowSide)}, for each ${name(mx.colSide)} policy):`,
          md``,
          ...bestResponses(def, mx, data, pairs, true),
          md``,
          md`Best responses (${name(mx.colSide)}, for each ${name(mx.rowSide)} policy):`,
          md``,
          ...bestResponses(def, mx, data, pairs, false),
          md``,
        ],
      },
    ];
  });
}

/** How two arms differ in their rules: variants switched and parameters changed (not policies). */
export function ruleDifference(m: Manifest, arm: string, baseline: string): string | undefined {
  const a = m.arms.find((x) => x.id === arm);
  const b = m.arms.find((x) => x.id === baseline);
  if (a === undefined || b === undefined) return undefined;
  const parts: string[] = [];
  if (a.scenario !== b.scenario) parts.push(`scenario ${a.scenario}`);
  for (const v of a.variants) if (!b.variants.includes(v)) parts.push(`variant ${v} on`);
  for (const v of b.variants) if (!a.variants.includes(v)) parts.push(`variant ${v} off`);
  for (const k of [...new Set([...Object.keys(a.params), ...Object.keys(b.params)])])
    if (JSON.stringify(a.params[k]) !== JSON.stringify(b.params[k]))
      parts.push(`${k} = ${shortValue(a.params[k] ?? 'default')}`);
  return parts.length === 0 ? undefined : parts.join(', ');
}

/**
 * The readings and values that move the result: comparisons (against the arm's baseline) of arms
 * that differ in their rules, not only in policies, and that are distinguishable, one sentence each.
 */
function movesBlock(def: GameDefinition, m: Manifest, data: ReportData): Md[] {
  const side = def.sides[0]!;
  const rule = data.comparisons
    .filter((c) => c.outcome === `win:${side.id}`)
    .map((c) => ({ c, what: ruleDifference(m, c.arm, c.baseline) }))
    .filter((x): x is { c: ComparisonRow; what: string } => x.what !== undefined);
  if (rule.length === 0) return [];
  const moving = rule.filter((x) => x.c.p_holm < 0.05);
  return [
    md`### What moves the result`,
    md``,
    md`${moving.length} of ${rule.length} rule changes (variants, parameters, scenario) move ${winsLabel(def, side.id)} distinguishably, each arm against its baseline (comparisons.csv; Holm over those comparisons).`,
    md``,
    ...moving.map(
      ({ c, what }) =>
        md`- **${c.arm}** (${what}; against ${c.baseline}): ${side.name} wins ${trustedMd(`${pct(c.rate)}% against ${pct(c.baseline_rate)}%, ${verdictText(verdict([c], c.outcome, c.arm, c.baseline))}`)}.`,
    ),
    md``,
  ];
}

/** The headline: results key, ranking(s), matrices with best responses, what moves the result. */
export function headlineBlocks(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ComparisonRow[],
): HeadlineBlock[] {
  return [
    {
      lines: [md`## Headline`, md``, ...resultsKey(def, data.outcomes), md`${trustedMd(PAIRED_TEST)}`, md``],
    },
    // a round robin is ranked by its entrants' scores; other runs by the first side's win rate
    { lines: (data.ranking ?? []).length > 0 ? roundRobinBlock(data) : rankingBlock(def, m, data, pairs) },
    ...matrixBlocks(def, m, data, pairs),
    { lines: movesBlock(def, m, data) },
  ];
}
