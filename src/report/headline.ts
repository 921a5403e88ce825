/**
 * The headline of a report: the answer to the experiment's question before the details. First one
 * sentence that answers it with an interval (answerOf: one function per kind of experiment), then
 * what "win" means, each side's policy rankings per scenario, each policy matrix (each side's wins
 * and the games without a winner) with every side's best replies, and the rule changes and the
 * strategy changes that move the result, for every side.
 *
 * Two paired tests, each printed beside the interval it inverts:
 * - a side's score (win 1, no winner 1/2, loss 0) in the rankings and matrices: the paired z test
 *   on per-game score differences, Holm-adjusted over the headline's comparisons, with its interval
 *   at the level Holm judges it (src/analysis/compare.ts compareScores);
 * - a side's wins under What moves the result: the exact McNemar test, Holm-adjusted over that
 *   side's comparisons in comparisons.csv, with the exact interval it inverts at the level Holm
 *   judges it (src/analysis/compare.ts compareArms).
 * Markdown only (made with `md`, src/report/escape.ts); the HTML report converts it and puts the
 * matrix heatmaps in place of a block that names a chart.
 */

import type { ComparisonRow, ScoreComparison } from '../analysis/compare.js';
import {
  bestReplies,
  byScore,
  guaranteed,
  type PolicyMatrix,
  type PolicyRanking,
  policyMatrices,
  policyRankings,
  type SideScore,
  scoreKey,
  sideScores,
} from '../analysis/headline.js';
import { RANKING_SCORING } from '../analysis/ranking.js';
import type { ReportData } from '../analysis/report-data.js';
import type { OutcomeRow } from '../analysis/summary.js';
import type { MatrixVerdict } from '../analysis/verdict.js';
import type { GameDefinition } from '../core/game.js';
import type { Manifest } from '../runner/manifest.js';
import { type Md, md, trustedMd } from './escape.js';
import { count, pct, points, rateWithCi, shortValue, sideName } from './format.js';
import { ladderBlocks } from './ladder.js';
import { verdictBlocks } from './verdict.js';

/** Headline lines; in the HTML report a block naming a chart is drawn as that chart instead. */
export interface HeadlineBlock {
  readonly lines: readonly Md[];
  readonly chart?: string;
}

/** How the report names its tests, in every headline. */
export const PAIRED_TEST =
  'Score: win 1, a game without a winner 1/2, loss 0; a score is shown with the Wilson 95% interval of its points (conservative when games end without a winner). Distinguishable means the paired test on the games both arms played (the same seeds) rejects equality at 5% after Holm’s adjustment, and each difference is printed with the interval that test inverts at the level Holm judges it, which excludes 0 exactly when the verdict is distinguishable: for scores (rankings, matrices) the paired z test on per-game score differences, Holm over the headline’s comparisons; for wins (What moves the result) the exact McNemar test and its exact interval, Holm over that side’s comparisons in comparisons.csv.';

/** A paired verdict on "a minus b" (positive when a does better). */
export interface Verdict {
  readonly diff: number;
  /** The interval at `level` that the test inverts: it excludes 0 exactly when pHolm < 0.05. */
  readonly lo: number;
  readonly hi: number;
  readonly level: number;
  readonly pHolm: number;
  readonly distinguishable: boolean;
}

/** A score comparison or a wins comparison, as the verdict needs it. */
interface Compared {
  readonly arm: string;
  readonly baseline: string;
  readonly diff: number;
  readonly holm_lo: number;
  readonly holm_hi: number;
  readonly holm_level: number;
  readonly p_holm: number;
}

/** The comparison of arms a and b among `rows`, as a minus b, if it was made. */
function verdictOf(rows: readonly Compared[], a: string, b: string): Verdict | undefined {
  for (const r of rows) {
    const sign = r.arm === a && r.baseline === b ? 1 : r.arm === b && r.baseline === a ? -1 : 0;
    if (sign === 0) continue;
    const [lo, hi] = sign === 1 ? [r.holm_lo, r.holm_hi] : [-r.holm_hi, -r.holm_lo];
    return {
      diff: sign * r.diff,
      lo,
      hi,
      level: r.holm_level,
      pHolm: r.p_holm,
      distinguishable: r.p_holm < 0.05,
    };
  }
  return undefined;
}

/** The score comparison of arms a and b for `side` among `pairs`, as a minus b. */
export function scoreVerdict(
  pairs: readonly ScoreComparison[],
  side: string,
  a: string,
  b: string,
): Verdict | undefined {
  return verdictOf(
    pairs.filter((p) => p.side === side),
    a,
    b,
  );
}

/** The wins comparison of arms a and b on `outcome` (win:<side>) among comparisons.csv's rows. */
export function winsVerdict(
  rows: readonly ComparisonRow[],
  outcome: string,
  a: string,
  b: string,
): Verdict | undefined {
  return verdictOf(
    rows.filter((r) => r.outcome === outcome),
    a,
    b,
  );
}

function pValue(p: number): string {
  return p < 0.0001 ? '< 0.0001' : `= ${p.toPrecision(2)}`;
}

/** A confidence level as a percentage: 0.95 -> "95", 0.99375 -> "99.4". */
function levelText(level: number): string {
  const t = (100 * level).toFixed(1);
  return t.endsWith('.0') ? t.slice(0, -2) : t;
}

/** "−0.1" for a negative number of points, with a true minus sign. */
function signed(x: number): string {
  return `${x >= 0 ? '+' : '−'}${points(Math.abs(x))}`;
}

/**
 * "+4.0 points, Holm-adjusted 98.3% interval [2.9, 5.1], Holm p < 0.0001: distinguishable" (own formatting,
 * Markdown-safe); the interval is the one the test inverts at the level Holm judges it; without the
 * verdict when `verdictToo` is false.
 */
export function verdictText(v: Verdict | undefined, verdictToo = true): string {
  if (v === undefined) return 'no paired test';
  const body = `${signed(v.diff)} points, Holm-adjusted ${levelText(v.level)}% interval [${points(v.lo)}, ${points(v.hi)}], Holm p ${pValue(v.pHolm)}`;
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

const scoreCi = (s: SideScore | undefined): Md =>
  trustedMd(s === undefined ? '—' : rateWithCi(s.score, s.lo95, s.hi95));

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

/**
 * The outcome columns of a table of arms: each side's wins and the games without a winner, then
 * each result that happened when a side (or no winner) has several results, so every way a game
 * ends is shown once.
 */
function outcomeColumns(def: GameDefinition, outcomes: readonly OutcomeRow[]) {
  const { seen } = resultsSeen(def, outcomes);
  const several = (w: string | null) => def.results.filter((r) => r.winner === w).length > 1;
  return {
    head: md`${def.sides.map((s, i) => md`${i === 0 ? '' : trustedMd(' | ')}${sideName(def, s.id)} wins`)} | no winner |${seen.filter((r) => several(r.winner)).map((r) => md` ${r.id} |`)}`,
    align: trustedMd(
      `${def.sides.map(() => '---:|').join('')}---:|${seen
        .filter((r) => several(r.winner))
        .map(() => '---:|')
        .join('')}`,
    ),
    cells: (arm: string) => {
      const winners = rowsOf(outcomes, 'winner');
      const results = rowsOf(outcomes, 'result');
      return md`${def.sides.map((s, i) => md`${i === 0 ? '' : trustedMd(' | ')}${ci(at(winners, arm, s.id))}`)} | ${ci(at(winners, arm, 'none'))} |${seen.filter((r) => several(r.winner)).map((r) => md` ${ci(at(results, arm, r.id))} |`)}`;
    },
  };
}

/**
 * What the arms of a group share besides the policies named, as a short phrase: the scenario, the
 * other sides' policies, and the variants and parameter values that not every arm of the run shares.
 */
function settingOf(def: GameDefinition, m: Manifest, arm: string, except: readonly string[]): string {
  const a = m.arms.find((x) => x.id === arm);
  if (a === undefined) return '';
  const everywhere = (v: string) => m.arms.every((x) => x.variants.includes(v));
  const sameParam = (k: string) =>
    m.arms.every((x) => JSON.stringify(x.params[k]) === JSON.stringify(a.params[k]));
  const params = Object.entries(a.params)
    .filter(([k]) => !sameParam(k))
    .map(([k, v]) => `${k}=${shortValue(v)}`);
  const variants = a.variants.filter((v) => !everywhere(v));
  const others = Object.entries(a.policies)
    .filter(([s]) => !except.includes(s))
    .map(([s, p]) => `against ${sideName(def, s)} ${p}`);
  return [
    `scenario ${a.scenario}`,
    ...others,
    ...(variants.length > 0 ? [`variants ${variants.join(', ')}`] : []),
    ...params,
  ].join('; ');
}

/** One side's policies ranked by its score, all else equal, each tested against the next. */
function rankingBlock(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ScoreComparison[],
  r: PolicyRanking,
): Md[] {
  const scores = sideScores(def, data.outcomes);
  const ranked = byScore(scores, r.arms, r.side);
  const policy = (arm: string) => m.arms.find((a) => a.id === arm)?.policies[r.side] ?? arm;
  const cols = outcomeColumns(def, data.outcomes);
  const name = sideName(def, r.side);
  return [
    md`### ${name} policies ranked (${settingOf(def, m, r.arms[0]!, [r.side])})`,
    md``,
    md`${name}'s policies by ${name}'s score with all else equal, every outcome with its Wilson 95% interval; the last column tests each against the one ranked next (paired).`,
    md``,
    md`| rank | ${name} policy | arm | ${name} score | ${cols.head} vs next ranked |`,
    md`|---:|---|---|---:|${cols.align}---|`,
    ...ranked.map((arm, i) => {
      const next = ranked[i + 1];
      const vs =
        next === undefined
          ? ''
          : md`${trustedMd(verdictText(scoreVerdict(pairs, r.side, arm, next)))} (vs ${policy(next)})`;
      return md`| ${i + 1} | ${policy(arm)} | ${arm} | ${scoreCi(scores.get(scoreKey(arm, r.side)))} | ${cols.cells(arm)} ${vs} |`;
    }),
    md``,
  ];
}

/** Every outcome of the arms that no ranking or matrix shows, in the manifest's order. */
function armsBlock(def: GameDefinition, m: Manifest, data: ReportData, shown: ReadonlySet<string>): Md[] {
  const arms = m.arms.map((a) => a.id).filter((a) => !shown.has(a));
  if (arms.length === 0) return [];
  const cols = outcomeColumns(def, data.outcomes);
  return [
    md`### Outcomes per arm`,
    md``,
    md`Every outcome of each arm with its Wilson 95% interval${shown.size > 0 ? ' (the arms no ranking or matrix above shows)' : ''}.`,
    md``,
    md`| arm | ${cols.head}`,
    md`|---|${cols.align}`,
    ...arms.map((arm) => md`| ${arm} | ${cols.cells(arm)}`),
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

/** The chart file stem of the i-th matrix's table of `outcome` (its row side's wins: `matrix`). */
export function matrixChartName(i: number, outcome?: string): string {
  const stem = i === 0 ? 'matrix' : `matrix-${i + 1}`;
  return outcome === undefined ? stem : `${stem}-${outcome === 'none' ? 'no-winner' : `${outcome}-wins`}`;
}

/**
 * The outcomes a matrix shows as tables (and heatmaps): each side's wins, then the games without a
 * winner when they vary between its cells; `chart` is the heatmap's file stem.
 */
export function matrixOutcomes(
  mx: PolicyMatrix,
  i: number,
  outcomes: readonly OutcomeRow[],
): { outcome: string; chart: string }[] {
  const none = rowsOf(outcomes, 'winner');
  const draws = new Set(mx.arms.flat().map((a) => at(none, a, 'none')?.count ?? 0));
  return [
    { outcome: mx.rowSide, chart: matrixChartName(i) },
    { outcome: mx.colSide, chart: matrixChartName(i, mx.colSide) },
    ...(draws.size > 1 ? [{ outcome: 'none', chart: matrixChartName(i, 'none') }] : []),
  ];
}

/** Each matrix side's best reply to each opposing policy, tested against the runner-up. */
function bestReplyLines(
  def: GameDefinition,
  mx: PolicyMatrix,
  data: ReportData,
  pairs: readonly ScoreComparison[],
  side: 'row' | 'col',
): Md[] {
  const scores = sideScores(def, data.outcomes);
  const me = side === 'row' ? mx.rowSide : mx.colSide;
  const other = side === 'row' ? mx.colSide : mx.rowSide;
  const name = (s: string) => sideName(def, s);
  return bestReplies(mx, scores, side).map((b) => {
    const v = scoreVerdict(pairs, me, b.bestArm, b.secondArm);
    const tie =
      v === undefined
        ? md` (no paired test against ${b.second})`
        : v.distinguishable
          ? md`; better than the runner-up ${b.second} by ${trustedMd(verdictText(v))}`
          : md`, **not distinguishable** from the runner-up ${b.second} (${trustedMd(verdictText(v, false))})`;
    return md`- Against ${name(other)} **${b.against}**: ${name(me)} **${b.best}**, ${name(me)} score ${scoreCi(scores.get(scoreKey(b.bestArm, me)))}${tie}.`;
  });
}

/** Each policy matrix: a table (heatmap in HTML) per outcome, then every side's best replies. */
function matrixBlocks(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ScoreComparison[],
): HeadlineBlock[] {
  const matrices = policyMatrices(def, m.arms);
  const winners = rowsOf(data.outcomes, 'winner');
  const name = (s: string) => sideName(def, s);
  return matrices.flatMap((mx, i): HeadlineBlock[] => {
    const where =
      matrices.length > 1 ? md` (${settingOf(def, m, mx.arms[0]![0]!, [mx.rowSide, mx.colSide])})` : '';
    const tables = matrixOutcomes(mx, i, data.outcomes).flatMap(({ outcome, chart }): HeadlineBlock[] => [
      {
        lines: [
          md`${outcome === 'none' ? 'Games without a winner' : winsLabel(def, outcome)}, with the Wilson 95% interval:`,
          md``,
        ],
      },
      {
        chart,
        lines: [
          md`| ${name(mx.rowSide)} / ${name(mx.colSide)} |${mx.cols.map((c) => md` ${c} |`)}`,
          md`|---|${trustedMd(mx.cols.map(() => '---:|').join(''))}`,
          ...mx.rows.map(
            (r, ri) =>
              md`| ${r} |${mx.cols.map((_, c) => md` ${ci(at(winners, mx.arms[ri]![c]!, outcome))} |`)}`,
          ),
          md``,
        ],
      },
    ]);
    return [
      {
        lines: [
          md`### ${name(mx.rowSide)} × ${name(mx.colSide)} policy matrix${where}`,
          md``,
          md`Rows: ${name(mx.rowSide)} policies, columns: ${name(mx.colSide)} policies. A matrix has no baseline: its cells are compared within their row or column.`,
          md``,
        ],
      },
      ...tables,
      {
        lines: [
          md`Best replies of ${name(mx.rowSide)} (by ${name(mx.rowSide)}'s score, for each ${name(mx.colSide)} policy):`,
          md``,
          ...bestReplyLines(def, mx, data, pairs, 'row'),
          md``,
          md`Best replies of ${name(mx.colSide)} (by ${name(mx.colSide)}'s score, for each ${name(mx.rowSide)} policy):`,
          md``,
          ...bestReplyLines(def, mx, data, pairs, 'col'),
          md``,
        ],
      },
    ];
  });
}

/** The sides that have a policy in both arms and play different policies there. */
function policyChanges(
  a: Manifest['arms'][number],
  b: Manifest['arms'][number],
): { side: string; from: string; to: string }[] {
  return Object.entries(a.policies).flatMap(([side, to]) => {
    const from = b.policies[side];
    return from === undefined || from === to ? [] : [{ side, from, to }];
  });
}

/** How two arms differ in their rules: scenario, variants switched and parameters changed. */
function rulesChanged(a: Manifest['arms'][number], b: Manifest['arms'][number]): string[] {
  const parts: string[] = [];
  if (a.scenario !== b.scenario) parts.push(`scenario ${a.scenario}`);
  for (const v of a.variants) if (!b.variants.includes(v)) parts.push(`variant ${v} on`);
  for (const v of b.variants) if (!a.variants.includes(v)) parts.push(`variant ${v} off`);
  for (const k of [...new Set([...Object.keys(a.params), ...Object.keys(b.params)])])
    if (JSON.stringify(a.params[k]) !== JSON.stringify(b.params[k]))
      parts.push(`${k} = ${shortValue(a.params[k] ?? 'default')}`);
  return parts;
}

/**
 * How two arms differ in their rules alone (scenario, variants, parameters), or undefined when
 * they differ in nothing else or also in a policy: a policy change is a strategy effect, never a
 * rule effect. A side with a policy in one arm only (a scenario where the rules play it) is not a
 * policy change.
 */
export function ruleDifference(m: Manifest, arm: string, baseline: string): string | undefined {
  const a = m.arms.find((x) => x.id === arm);
  const b = m.arms.find((x) => x.id === baseline);
  if (a === undefined || b === undefined || policyChanges(a, b).length > 0) return undefined;
  const parts = rulesChanged(a, b);
  return parts.length === 0 ? undefined : parts.join(', ');
}

/**
 * How two arms differ in their policies (with any rule change besides), or undefined when they
 * play the same policies.
 */
export function strategyDifference(
  def: GameDefinition,
  m: Manifest,
  arm: string,
  baseline: string,
): string | undefined {
  const a = m.arms.find((x) => x.id === arm);
  const b = m.arms.find((x) => x.id === baseline);
  if (a === undefined || b === undefined) return undefined;
  const changes = policyChanges(a, b);
  if (changes.length === 0) return undefined;
  const rules = rulesChanged(a, b);
  return [...changes.map((c) => `${sideName(def, c.side)} ${c.to} for ${c.from}`), ...rules].join(', ');
}

/** A comparison of comparisons.csv with how its arms differ. */
interface Change {
  readonly c: ComparisonRow;
  readonly what: string;
}

/** comparisons.csv's rows of each side's wins, for the arms `differ` describes. */
function changes(
  def: GameDefinition,
  data: ReportData,
  differ: (arm: string, baseline: string) => string | undefined,
) {
  return def.sides.map((side) => ({
    side: side.id,
    rows: data.comparisons
      .filter((c) => c.outcome === `win:${side.id}`)
      .flatMap((c): Change[] => {
        const what = differ(c.arm, c.baseline);
        return what === undefined ? [] : [{ c, what }];
      }),
  }));
}

/** "moves Soviet wins 5.4% -> 11.6%, +6.2 points [3.1, 9.4] (99.4% interval), Holm p = 0.0006". */
function moveText(def: GameDefinition, side: string, c: ComparisonRow): string {
  return `${sideName(def, side)} wins ${pct(c.baseline_rate)}% -> ${pct(c.rate)}%, ${verdictText(winsVerdict([c], c.outcome, c.arm, c.baseline), false)}`;
}

/** The sides whose wins an arm's change moves distinguishably, each with its line. */
function moved(groups: ReturnType<typeof changes>) {
  const arms = new Map<
    string,
    { what: string; baseline: string; moves: { side: string; c: ComparisonRow }[] }
  >();
  for (const g of groups)
    for (const { c, what } of g.rows) {
      const k = `${c.arm}\u0000${c.baseline}`;
      const e = arms.get(k) ?? { what, baseline: c.baseline, moves: [] };
      arms.set(k, e);
      if (c.p_holm < 0.05) e.moves.push({ side: g.side, c });
    }
  const total = arms.size;
  const moving = [...arms.entries()]
    .filter(([, e]) => e.moves.length > 0)
    .map(([k, e]) => ({ arm: k.split('\u0000')[0]!, ...e }))
    .sort(
      (x, y) =>
        Math.max(...y.moves.map((v) => Math.abs(v.c.diff))) -
        Math.max(...x.moves.map((v) => Math.abs(v.c.diff))),
    );
  return { total, moving };
}

/** One section of changes against the baseline (rule or strategy), each side's wins kept apart. */
function changesBlock(
  def: GameDefinition,
  data: ReportData,
  title: string,
  kind: string,
  differ: (arm: string, baseline: string) => string | undefined,
): Md[] {
  const groups = changes(def, data, differ);
  const { total, moving } = moved(groups);
  if (total === 0) return [];
  const perSide = groups.map((g) => {
    const n = g.rows.filter((x) => x.c.p_holm < 0.05).length;
    return `${sideName(def, g.side)} wins ${n}`;
  });
  return [
    md`### ${title}`,
    md``,
    md`${moving.length} of ${total} ${kind} ${moving.length === 1 ? 'moves' : 'move'} some side's wins distinguishably (${perSide.join(', ')}), each arm against its baseline (comparisons.csv; Holm over each side's comparisons there).`,
    md``,
    ...moving.map(
      (x) =>
        md`- **${x.arm}** (${x.what}; against ${x.baseline}): ${trustedMd(x.moves.map((v) => moveText(def, v.side, v.c)).join('; '))}.`,
    ),
    md``,
  ];
}

/** The answer to an experiment's question, in one sentence, with the figures it states. */
export interface Answer {
  /** Which kind of question it answers (see answerOf). */
  readonly kind: 'sequential' | 'matrix' | 'rankings' | 'rules' | 'round-robin' | 'arms';
  readonly sentence: Md;
  /** The figures the sentence states, by name (rates as fractions). */
  readonly figures: Readonly<Record<string, number | string>>;
}

/**
 * A matrix's answer: each side's best policy against the other side's best reply (its maximin over
 * the pure policies of the run) and the balance those scores bound. The meta-game value (an
 * equilibrium over mixed strategies) answers the same question more strongly and replaces it.
 */
export function matrixAnswer(def: GameDefinition, mx: PolicyMatrix, data: ReportData): Answer {
  const scores = sideScores(def, data.outcomes);
  const row = guaranteed(mx, scores, 'row');
  const col = guaranteed(mx, scores, 'col');
  const rs = scores.get(scoreKey(row.arm, mx.rowSide))!;
  const cs = scores.get(scoreKey(col.arm, mx.colSide))!;
  const name = (s: string) => sideName(def, s);
  const low = rs.score;
  const high = 1 - cs.score;
  const balance =
    high < 0.5
      ? md`the balance favours ${name(mx.colSide)}: ${name(mx.rowSide)} scores at most ${trustedMd(pct(high))}% whatever it plays`
      : low > 0.5
        ? md`the balance favours ${name(mx.rowSide)}: it scores at least ${trustedMd(pct(low))}% whatever ${name(mx.colSide)} plays`
        : md`neither side can hold the other below 50%, so the balance is open (${name(mx.rowSide)} scores between ${trustedMd(pct(low))}% and ${trustedMd(pct(high))}%)`;
  return {
    kind: 'matrix',
    sentence: md`Against the other side's best reply, ${name(mx.rowSide)}'s best policy **${row.policy}** scores ${scoreCi(rs)} (against ${name(mx.colSide)} ${row.reply}) and ${name(mx.colSide)}'s best policy **${col.policy}** scores ${scoreCi(cs)} (against ${name(mx.rowSide)} ${col.reply}); ${balance}.`,
    figures: {
      rowSide: mx.rowSide,
      rowPolicy: row.policy,
      rowScore: rs.score,
      rowLo95: rs.lo95,
      rowHi95: rs.hi95,
      colSide: mx.colSide,
      colPolicy: col.policy,
      colScore: cs.score,
      colLo95: cs.lo95,
      colHi95: cs.hi95,
    },
  };
}

/**
 * A matrix's answer from its meta-game (src/analysis/verdict.ts): the value of the game under the
 * run's strongest strategies, mixed ones included, with its bootstrap interval and the balance.
 */
export function metaGameAnswer(v: MatrixVerdict): Answer {
  return {
    kind: 'matrix',
    // the robustness band, when the run played the matrix under the game's readings
    sentence: md`${v.robustnessSentence === undefined ? v.sentence : `${v.sentence} ${v.robustnessSentence}`}`,
    figures: {
      rowSide: v.matrix.rowSide,
      colSide: v.matrix.colSide,
      value: v.meta.value,
      lo95: v.meta.interval[0],
      hi95: v.meta.interval[1],
    },
  };
}

/** Rankings' answer: each ranking's best policy, its score and its lead over the runner-up. */
export function rankingsAnswer(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ScoreComparison[],
  rankings: readonly PolicyRanking[],
): Answer {
  const scores = sideScores(def, data.outcomes);
  const figures: Record<string, number | string> = {};
  const parts = rankings.map((r, i) => {
    const [best, second] = byScore(scores, r.arms, r.side) as [string, string];
    const policy = (arm: string) => m.arms.find((a) => a.id === arm)?.policies[r.side] ?? arm;
    const s = scores.get(scoreKey(best, r.side))!;
    const v = scoreVerdict(pairs, r.side, best, second);
    figures[`best${i}`] = policy(best);
    figures[`score${i}`] = s.score;
    if (v !== undefined) figures[`lead${i}`] = v.diff;
    const lead =
      v === undefined
        ? ''
        : v.distinguishable
          ? md`, ahead of ${policy(second)} by ${trustedMd(verdictText(v, false))}`
          : md`, not distinguishable from ${policy(second)} (${trustedMd(verdictText(v, false))})`;
    const where = rankings.length > 1 ? md` (${settingOf(def, m, best, [r.side])})` : '';
    return md`${i === 0 ? '' : trustedMd('; ')}${sideName(def, r.side)}'s best policy${where} is **${policy(best)}**, scoring ${scoreCi(s)}${lead}`;
  });
  return { kind: 'rankings', sentence: md`${parts}.`, figures };
}

/**
 * Rule changes' answer: which readings and values move the result, for which side, by how much
 * (the largest first, at most three named); when none does, the largest change and its interval.
 */
export function rulesAnswer(def: GameDefinition, m: Manifest, data: ReportData): Answer {
  const groups = changes(def, data, (a, b) => ruleDifference(m, a, b));
  const { total, moving } = moved(groups);
  const figures: Record<string, number | string> = { changes: total, moving: moving.length };
  if (moving.length === 0) {
    const all = groups.flatMap((g) => g.rows.map((x) => ({ side: g.side, c: x.c })));
    const largest = all.reduce<(typeof all)[number] | undefined>(
      (x, y) => (x === undefined || Math.abs(y.c.diff) > Math.abs(x.c.diff) ? y : x),
      undefined,
    );
    if (largest !== undefined) {
      figures.largest = largest.c.arm;
      figures.diff = largest.c.diff;
    }
    return {
      kind: 'rules',
      sentence:
        largest === undefined
          ? md`None of the ${trustedMd(String(total))} rule changes moves any side's wins distinguishably.`
          : md`None of the ${trustedMd(String(total))} rule changes moves any side's wins distinguishably; the largest change, **${largest.c.arm}**, moves ${trustedMd(moveText(def, largest.side, largest.c))}.`,
      figures,
    };
  }
  const named = moving.slice(0, 3);
  for (const [i, x] of named.entries()) {
    figures[`arm${i}`] = x.arm;
    figures[`side${i}`] = x.moves[0]!.side;
    figures[`diff${i}`] = x.moves[0]!.c.diff;
    figures[`lo${i}`] = x.moves[0]!.c.holm_lo;
    figures[`hi${i}`] = x.moves[0]!.c.holm_hi;
  }
  const winners = rowsOf(data.outcomes, 'winner');
  const never = (side: string) => m.arms.every((a) => (at(winners, a.id, side)?.count ?? 0) === 0);
  const still = groups
    .filter((g) => !moving.some((x) => x.moves.some((v) => v.side === g.side)))
    .map((g) => ({ name: sideName(def, g.side), never: never(g.side) }));
  const more =
    moving.length > named.length
      ? md`, and ${trustedMd(String(moving.length - named.length))} more (What moves the result)`
      : '';
  const unmoved =
    still.length === 0
      ? ''
      : md`; no change moves ${still.map((x) => x.name).join(' or ')} wins${
          still.some((x) => x.never)
            ? md` (${still
                .filter((x) => x.never)
                .map((x) => x.name)
                .join(', ')} won no game in any arm)`
            : ''
        }`;
  return {
    kind: 'rules',
    sentence: md`${trustedMd(String(moving.length))} of ${trustedMd(String(total))} rule change${total === 1 ? '' : 's'} ${moving.length === 1 ? 'moves' : 'move'} the result: ${named.map((x, i) => md`${i === 0 ? '' : trustedMd('; ')}**${x.arm}** moves ${trustedMd(x.moves.map((v) => moveText(def, v.side, v.c)).join(' and '))}`)}${more}${unmoved}.`,
    figures,
  };
}

/** A round robin's answer: the top entrant's score and whether its interval clears the next one's. */
export function roundRobinAnswer(data: ReportData): Answer {
  const [first, second] = data.ranking ?? [];
  if (first === undefined)
    return { kind: 'round-robin', sentence: md`No entrant played a game.`, figures: {} };
  const clear =
    second === undefined
      ? ''
      : first.lo95 > second.hi95
        ? md`; its interval lies above the runner-up ${second.entrant}'s (${trustedMd(second.score.toFixed(3))})`
        : md`; its interval overlaps the runner-up ${second.entrant}'s (${trustedMd(second.score.toFixed(3))}), so the order of the two is not settled`;
  return {
    kind: 'round-robin',
    sentence: md`The strongest entrant is **${first.entrant}**, scoring ${trustedMd(`${first.score.toFixed(3)} [${first.lo95.toFixed(3)}, ${first.hi95.toFixed(3)}]`)} over ${trustedMd(count(first.games))} games on either side${clear}.`,
    figures: { entrant: first.entrant, score: first.score, lo95: first.lo95, hi95: first.hi95 },
  };
}

/** Any other run's answer: every side's wins and the games without a winner, in its first arm. */
export function armsAnswer(def: GameDefinition, m: Manifest, data: ReportData): Answer {
  const arm = m.arms[0]?.id ?? '';
  const winners = rowsOf(data.outcomes, 'winner');
  const figures: Record<string, number | string> = { arm };
  for (const s of def.sides) figures[s.id] = at(winners, arm, s.id)?.rate ?? 0;
  figures.none = at(winners, arm, 'none')?.rate ?? 0;
  const where = m.arms.length > 1 ? md` In ${arm},` : '';
  return {
    kind: 'arms',
    sentence: md`${where}${def.sides.map((s, i) => md`${i === 0 ? '' : trustedMd(', ')}${sideName(def, s.id)} wins ${ci(at(winners, arm, s.id))}`)} and ${ci(at(winners, arm, 'none'))} of games end without a winner.`,
    figures,
  };
}

/** What `run --until-decided` decided, as a sentence (Markdown; arm names escaped). */
function sequentialSentence(def: GameDefinition, q: NonNullable<Manifest['sequential']>): Md {
  const [a, b] = q.arms;
  const d = trustedMd(points(q.delta));
  const rates = trustedMd(`alpha ${q.alpha}, beta ${q.beta}`);
  const mean = trustedMd(signed(q.meanDiff));
  const who = sideName(def, q.side);
  if (q.decision === 'undecided')
    return md`The paired sequential test of **${b}** against **${a}** on ${who}'s score did not decide within the cap of ${trustedMd(count(q.gamesPlayed))} games per arm (difference so far ${mean} points; it tests for ${d} points or more, ${rates}).`;
  const verdict =
    q.decision === 'differs'
      ? md`**${b}** differs from **${a}** on ${who}'s score by ${d} points or more`
      : md`**${b}** does not differ from **${a}** on ${who}'s score by ${d} points or more`;
  return md`${verdict}: the paired sequential test decided after ${trustedMd(count(q.gamesUsed ?? 0))} paired games (of ${trustedMd(count(q.gamesPlayed))} played per arm; mean difference ${mean} points; error rates ${rates}).`;
}

/** The sequential test's answer (`run --until-decided`). */
export function sequentialAnswer(def: GameDefinition, q: NonNullable<Manifest['sequential']>): Answer {
  return {
    kind: 'sequential',
    sentence: sequentialSentence(def, q),
    figures: {
      decision: q.decision,
      gamesUsed: q.gamesUsed ?? Number.NaN,
      gamesPlayed: q.gamesPlayed,
      meanDiff: q.meanDiff,
      delta: q.delta,
      alpha: q.alpha,
      beta: q.beta,
    },
  };
}

/** The sequential test's section of the headline, when the run has one. */
function sequentialBlock(def: GameDefinition, m: Manifest): Md[] {
  const q = m.sequential;
  if (q === undefined) return [];
  return [
    md`### Sequential test: ${q.arms[1]} against ${q.arms[0]}`,
    md``,
    sequentialSentence(def, q),
    md``,
    md`Wald's sequential probability ratio test on the per-game difference of ${sideName(def, q.side)}'s score (win 1, no winner 1/2, loss 0), read game index by game index on common seeds: it decides "differs" when a difference of ${trustedMd(points(q.delta))} points either way is ${trustedMd(`(1 - beta) / (alpha / 2)`)} times likelier than none, and "within" when no difference is that much likelier than either; no decision before 100 games (the variance is estimated from them). Rounds of games per arm: ${trustedMd(q.rounds.map(count).join(', '))}. Log-likelihood ratios at the end: ${trustedMd(`${q.llrUp.toFixed(2)} (B better), ${q.llrDown.toFixed(2)} (B worse)`)}.`,
    md``,
  ];
}

/**
 * The answer to the run's question, by kind: a sequential test's decision; a round robin's ranking; else a policy matrix's
 * balance (the first matrix); else the rule changes against a baseline when the run has them and
 * no policy ranking; else the policy rankings; else the first arm's outcomes.
 */
export function answerOf(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ScoreComparison[],
): Answer {
  if (m.sequential !== undefined) return sequentialAnswer(def, m.sequential);
  if ((data.ranking ?? []).length > 0) return roundRobinAnswer(data);
  const matrices = policyMatrices(def, m.arms);
  const verdict = data.verdicts?.[0];
  if (verdict !== undefined) return metaGameAnswer(verdict);
  if (matrices.length > 0) return matrixAnswer(def, matrices[0]!, data);
  const rankings = policyRankings(def, m.arms, matrices);
  if (rankings.length > 0) return rankingsAnswer(def, m, data, pairs, rankings);
  const rules = data.comparisons.some((c) => ruleDifference(m, c.arm, c.baseline) !== undefined);
  if (rules) return rulesAnswer(def, m, data);
  return armsAnswer(def, m, data);
}

/** The answer as the first line of a report: "**Answer.** <sentence>". */
export function answerLine(...args: Parameters<typeof answerOf>): Md {
  return md`**Answer.** ${answerOf(...args).sentence}`;
}

/**
 * The headline: results key and tests (and a sequential test's decision), the round-robin ranking
 * or each side's policy rankings, the matrices with every side's best replies, the outcomes of the
 * arms neither shows, then the rule changes and the strategy changes that move the result.
 */
export function headlineBlocks(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ScoreComparison[],
): HeadlineBlock[] {
  const matrices = policyMatrices(def, m.arms);
  const rankings = policyRankings(def, m.arms, matrices);
  const shown = new Set([...matrices.flatMap((x) => x.arms.flat()), ...rankings.flatMap((r) => r.arms)]);
  const roundRobin = (data.ranking ?? []).length > 0;
  return [
    {
      lines: [
        md`## Headline`,
        md``,
        ...resultsKey(def, data.outcomes),
        md`${trustedMd(PAIRED_TEST)}`,
        md``,
        ...sequentialBlock(def, m),
      ],
    },
    ...verdictBlocks(def, data.verdicts ?? []),
    ...ladderBlocks(def, data.ladder),
    {
      lines: roundRobin
        ? roundRobinBlock(data)
        : rankings.flatMap((r) => rankingBlock(def, m, data, pairs, r)),
    },
    ...matrixBlocks(def, m, data, pairs),
    { lines: roundRobin ? [] : armsBlock(def, m, data, shown) },
    {
      lines: [
        ...changesBlock(
          def,
          data,
          'What moves the result',
          'rule changes (variants, parameters, scenario)',
          (a, b) => ruleDifference(m, a, b),
        ),
        ...changesBlock(
          def,
          data,
          'Strategy effects',
          'policy changes (with any rule change besides)',
          (a, b) => strategyDifference(def, m, a, b),
        ),
      ],
    },
  ];
}
