import type { ComparisonRow, ScoreComparison } from '../analysis/compare.js';
import { policyMatrices } from '../analysis/headline.js';
import type { ReportData } from '../analysis/report-data.js';
import type { OutcomeRow } from '../analysis/summary.js';
import { checkBoard } from '../core/board.js';
import type { BoardDef, GameDefinition, GameSetup } from '../core/game.js';
import { paramLabel, sweepPoints } from '../core/setup.js';
import type { Manifest } from '../runner/manifest.js';
import {
  boardChart,
  type CellHeat,
  constantStats,
  endTurnChart,
  matrixChart,
  networkLayout,
  oddsChart,
  outcomesChart,
  pairedDifferencesChart,
  rankStats,
  robustnessChart,
  type Spec,
  type StatSpread,
  sensitivityChart,
  statisticsChart,
} from './charts.js';
import {
  type Html,
  html,
  type Md,
  markdownCells,
  markdownInlineToHtml,
  md,
  trustedHtml,
  trustedMd,
} from './escape.js';
import { count, cssPct, pct, points, rateWithCi, shortValue, sideName } from './format.js';
import { answerLine, type HeadlineBlock, headlineBlocks, matrixOutcomes } from './headline.js';
import { LADDER_CHART, ladderChart } from './ladder.js';
import { renderSvg } from './render.js';
import { robustnessChartName, verdictSides } from './verdict.js';

function armLabel(m: Manifest, arm: string): string {
  const a = m.arms.find((x) => x.id === arm);
  if (a === undefined) return arm;
  return Object.entries(a.policies)
    .map(([side, p]) => `${side}: ${p}`)
    .join(', ');
}

/**
 * For each of `variants` that declares the condition under which it can change play (VariantDef.actsWhen),
 * that condition, so a reader knows a "not distinguishable" verdict may be about a rule never in play.
 */
function inertNotes(def: GameDefinition, variants: readonly string[]): Md {
  const notes = variants.flatMap((id) => {
    const when = def.variants.find((v) => v.id === id)?.actsWhen;
    return when === undefined ? [] : [md` Variant ${id} is inert unless: ${when}.`];
  });
  return md`${notes}`;
}

/** The variants of an arm that differ from the game's defaults. */
function nonDefaultVariants(def: GameDefinition, on: readonly string[]): string[] {
  return on.filter((id) => def.variants.find((v) => v.id === id)?.default === false);
}

/**
 * The parts of a comparison sentence this program formats (numbers, the test's verdict): the
 * verdict of the Holm-adjusted exact McNemar test beside the interval it inverts at the level Holm
 * judges it (it excludes 0 exactly when the verdict is distinguishable).
 */
function comparisonParts(c: ComparisonRow) {
  const dir = c.diff >= 0 ? 'more' : 'fewer';
  const level = (100 * c.holm_level).toFixed(1).replace(/\.0$/, '');
  const sig =
    c.p_holm < 0.05
      ? `Holm p ${c.p_holm < 0.0001 ? '< 0.0001' : `= ${c.p_holm.toPrecision(2)}`}: distinguishable`
      : `Holm p = ${c.p_holm.toPrecision(2)}: not distinguishable at 5%`;
  return {
    amount: `${points(Math.abs(c.diff))} points ${dir} than`,
    ci: `[${points(c.holm_lo)}, ${points(c.holm_hi)}] (exact McNemar ${level}% interval, Holm-adjusted)`,
    seeds: count(c.games),
    sig,
  };
}

/** "3.1 points more than base [2.4, 3.8] (...)": a paired difference with its test's interval (plain text). */
export function comparisonSentence(c: ComparisonRow): string {
  const p = comparisonParts(c);
  return `${p.amount} ${c.baseline} ${p.ci}, paired on ${p.seeds} seeds; ${p.sig}`;
}

/** The same sentence as Markdown: the baseline's name escaped, the numbers as they are. */
function comparisonSentenceMd(c: ComparisonRow): Md {
  const p = comparisonParts(c);
  return md`${trustedMd(p.amount)} ${c.baseline} ${trustedMd(p.ci)}, paired on ${trustedMd(p.seeds)} seeds; ${trustedMd(p.sig)}`;
}

/** A rate with its interval, as Markdown this program formatted. */
const ciMd = (r: { rate: number; lo95: number; hi95: number }): Md =>
  trustedMd(rateWithCi(r.rate, r.lo95, r.hi95));

/** Most arms a statistics table shows as columns (stats.csv has every arm). */
const STAT_TABLE_ARMS = 12;

/** "These statistics never varied (...): a, b, c." when some did not, else nothing. */
function constantStatsLine(data: ReportData): Md[] {
  const constant = constantStats(data.stats).filter((id) => id !== 'end_turn');
  if (constant.length === 0) return [];
  return [md``, md`Not shown, as they took one value in every game of every arm: ${constant.join(', ')}.`];
}

/** Most statistics the mean table and the statistics chart show: those that separate the arms most. */
export const STATS_SHOWN = 8;

/** Most rows (statistics x arms) the statistics chart draws: a row is 14 px tall. */
const STAT_CHART_ROWS = 200;

/** "2.41" or "inf": a between-arm effect size (rankStats) as printed. */
function effectText(e: number): string {
  return Number.isFinite(e) ? e.toFixed(2) : 'inf (no spread within arms)';
}

/**
 * The mean per arm of the STATS_SHOWN statistics that separate the arms most (rankStats: the
 * range of the arm means over the pooled within-arm sd), as a markdown table (stats as rows, arms
 * as columns); the other varying statistics are named below it, in the same order.
 */
function statisticsTable(def: GameDefinition, m: Manifest, data: ReportData): Md[] {
  if (def.stats.length === 0 || data.stats.length === 0) return [];
  const ranked = rankStats(def, data.stats);
  const shown = ranked.slice(0, STATS_SHOWN);
  const rest = ranked.slice(STATS_SHOWN);
  const describe = (id: string) => def.stats.find((st) => st.id === id)?.description ?? id;
  const arms = m.arms.slice(0, STAT_TABLE_ARMS).map((a) => a.id);
  const mean = new Map(data.stats.map((r) => [`${r.arm}\u0000${r.stat}`, r.mean]));
  const fmt = (x: number | undefined) =>
    x === undefined || Number.isNaN(x) ? '—' : x.toFixed(Math.abs(x) < 10 ? 2 : 1);
  const more =
    m.arms.length > arms.length
      ? ` (the first ${arms.length} of ${m.arms.length} arms; stats.csv has them all)`
      : '';
  const table =
    shown.length === 0
      ? []
      : [
          md`| statistic | spread | ${arms.map((a, i) => (i === 0 ? md`${a}` : md` | ${a}`))} |`,
          md`|---|---:|${trustedMd(arms.map(() => '---:').join('|'))}|`,
          ...shown.map(
            (st) =>
              md`| ${st.stat}: ${describe(st.stat)} | ${trustedMd(effectText(st.effect))} | ${arms.map((a, i) => md`${i === 0 ? '' : trustedMd(' | ')}${fmt(mean.get(`${a}\u0000${st.stat}`))}`)} |`,
          ),
        ];
  const others =
    rest.length === 0
      ? []
      : [
          md``,
          md`${rest.length} more statistics separate the arms less (spread at most ${trustedMd(effectText(rest[0]!.effect))}): ${rest.map((st) => st.stat).join(', ')}. Their distributions are under Game statistics: distributions in index.html, and in stats.csv.`,
        ];
  return [
    md``,
    md`## Game statistics: mean per game${more}`,
    md``,
    md`The ${shown.length} statistics that separate the arms most come first. Spread: the highest arm mean minus the lowest, over the pooled standard deviation within arms (a between-arm effect size; 1 means the arms' means lie one typical game-to-game deviation apart).`,
    md``,
    ...table,
    ...others,
    ...constantStatsLine(data),
    md``,
    md`Statistics recorded only in games that reach them (${
      def.stats
        .filter((st) => st.missing !== undefined)
        .map((st) => st.id)
        .join(', ') || 'none here'
    }) are averaged over those games. Quartiles, minimum and maximum of each statistic are in stats.csv.`,
  ];
}

/** The one turn every game of every arm ended on, if there is one. */
function singleEndTurn(data: ReportData): number | undefined {
  const turns = new Set(data.endTurns.filter((r) => r.count > 0).map((r) => r.end_turn));
  return turns.size === 1 ? [...turns][0] : undefined;
}

/** Per arm: who wins, and how it compares with its baseline (the details behind the headline). */
function armFindings(def: GameDefinition, m: Manifest, data: ReportData): Md[] {
  const { outcomes, comparisons } = data;
  const lines: Md[] = [md`## Each arm`, md``];
  for (const a of m.arms) {
    const rows = outcomes.filter((o) => o.arm === a.id && o.kind === 'winner');
    const parts = rows
      .filter((r) => r.count > 0 || r.outcome !== 'none')
      .map((r, i) =>
        r.outcome === 'none'
          ? md`${i === 0 ? '' : trustedMd(', ')}no winner in ${ciMd(r)}`
          : md`${i === 0 ? '' : trustedMd(', ')}${def.sides.find((s) => s.id === r.outcome)?.name ?? r.outcome} wins ${ciMd(r)}`,
      );
    // every side whose wins the comparison with the baseline can move (won somewhere in the pair)
    const vs = def.sides.flatMap((s) => {
      const cmp = comparisons.find((c) => c.arm === a.id && c.outcome === `win:${s.id}`);
      return cmp === undefined || (cmp.rate === 0 && cmp.baseline_rate === 0)
        ? []
        : [md` ${sideName(def, s.id)} wins ${comparisonSentenceMd(cmp)}.`];
    });
    const changed = nonDefaultVariants(def, a.variants);
    const results = outcomes.filter((o) => o.arm === a.id && o.kind === 'result' && o.count > 0);
    const winners = def.results.map((r) => r.winner);
    const shared = winners.some((w, i) => winners.indexOf(w) !== i); // the game has several ways to the same winner
    const how = shared
      ? md` Results: ${results.map((r, i) => md`${i === 0 ? '' : trustedMd(', ')}${r.outcome} ${ciMd(r)}`)}.`
      : '';
    lines.push(
      md`- **${a.id}** (${armLabel(m, a.id)}; scenario ${a.scenario}${changed.length > 0 ? md`; variants ${changed.join(', ')}` : ''}): ${parts}.${how}${vs}${inertNotes(def, changed)}`,
    );
  }
  // each side whose win rate varies between arms: its range, and whether the extremes separate
  for (const side of def.sides) {
    const rates = outcomes.filter((o) => o.kind === 'winner' && o.outcome === side.id);
    if (rates.length < 2 || rates.every((r) => r.rate === rates[0]!.rate)) continue;
    const best = rates.reduce((x, y) => (y.rate > x.rate ? y : x));
    const worst = rates.reduce((x, y) => (y.rate < x.rate ? y : x));
    const separated = best.lo95 > worst.hi95;
    lines.push(
      md``,
      md`${sideName(def, side.id)} win rate ranges from ${pct(worst.rate)}% (${worst.arm}) to ${pct(best.rate)}% (${best.arm}); ${separated ? 'the intervals of these two arms do not overlap.' : 'the intervals of these two arms overlap: more games are needed to tell them apart.'}`,
    );
  }
  const turn = singleEndTurn(data);
  if (turn !== undefined)
    lines.push(md``, md`When games end: every game of every arm ended on turn ${turn} (end-turns.csv).`);
  return lines;
}

/** Reconstructed values in play and the code, data and experiment the run is bound to. */
function provenanceLines(def: GameDefinition, m: Manifest): Md[] {
  const lines: Md[] = [md``, md`## Provenance`];
  const played = new Set(m.arms.map((a) => a.scenario));
  const valueIn = (arm: Manifest['arms'][number], id: string) =>
    arm.params[id] ?? def.parameters.find((p) => p.id === id)?.default;
  const recon = def.parameters.filter(
    (p) =>
      p.provenance === 'reconstructed' &&
      (p.scenarios === undefined || p.scenarios.some((sc) => played.has(sc))) &&
      (p.appliesWhen === undefined ||
        m.arms.some(
          (a) => JSON.stringify(valueIn(a, p.appliesWhen!.param)) === JSON.stringify(p.appliesWhen!.value),
        )),
  );
  if (recon.length > 0) {
    lines.push(
      md``,
      md`Reconstructed values in play (not printed in the rules; override them to test sensitivity): ${recon.map((p, i) => md`${i === 0 ? '' : trustedMd('; ')}${p.id} = ${shortValue(m.arms[0]?.params[p.id] ?? p.default)}`)}.`,
    );
  }
  lines.push(
    md``,
    md`Code ${m.version} (${m.commit.slice(0, 12)}), data ${m.dataHash.slice(0, 12)}, experiment ${m.experimentHash.slice(0, 12)}.`,
  );
  return lines;
}

/**
 * The title, description and how the run was played: above the table of contents. `trust`: a run
 * read with `--trust-data` (src/runner/trust-data.ts), what of it was verified and what could not
 * be, one item each, first of all.
 */
function introLines(m: Manifest, trust: readonly string[] = []): Md[] {
  const lines: Md[] = [];
  if (trust.length > 0)
    lines.push(
      md`**Read with --trust-data: not a verified run.** What was verified and what could not be:`,
      md``,
      ...trust.map((t) => md`- ${t}`),
      md``,
    );
  if (m.description !== '') lines.push(md`${m.description}`, md``);
  lines.push(
    md`${count(m.games)} games per arm, master seed ${m.seed}; every arm plays the same game indices with the same dice (common random numbers). Rates are shown with Wilson 95% intervals.`,
  );
  return lines;
}

/**
 * A heading's anchor as GitHub makes it from the heading's text: lower case, characters other
 * than letters, digits, spaces, '-' and '_' dropped, spaces as '-'; a repeated anchor gets -1, -2...
 * `seen` counts the anchors made so far on the page.
 */
export function anchorOf(text: string, seen: Map<string, number>): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
  const n = seen.get(slug) ?? 0;
  seen.set(slug, n + 1);
  return n === 0 ? slug : `${slug}-${n}`;
}

/** The text of a Markdown heading line (`## ...`) as a reader sees it (escapes removed). */
function headingText(line: string): string {
  return line.replace(/^#+ /, '').replace(/\\(.)/g, '$1');
}

/** Markdown lines of the `##` and `###` headings of `lines`, as a nested list of links. */
function tableOfContents(lines: readonly Md[]): Md[] {
  const seen = new Map<string, number>();
  const items = lines
    .filter((l) => /^###? /.test(l.text))
    .map((l) => {
      const text = headingText(l.text);
      const indent = l.text.startsWith('### ') ? '  ' : '';
      return md`${trustedMd(indent)}- [${text}](#${trustedMd(anchorOf(text, seen))})`;
    });
  return items.length === 0 ? [] : [md`## Contents`, md``, ...items, md``];
}

/** The sections of summary.md below its table of contents (the HTML report converts them). */
function summarySections(...args: Parameters<typeof headlineBlocks>): HeadlineBlock[] {
  const [def, m, data] = args;
  return [
    ...headlineBlocks(...args),
    {
      lines: [
        ...armFindings(def, m, data),
        ...statisticsTable(def, m, data),
        ...provenanceLines(def, m),
        md``,
      ],
    },
  ];
}

/**
 * summary.md: the headline first (src/report/headline.ts), then each arm, the statistics and the
 * provenance, after a table of contents. Every value from the manifest or the data is escaped by
 * `md` (src/report/escape.ts); only this program's own formatting is not. `pairs` are the
 * headline's paired comparisons (src/analysis/headline.ts).
 */
export function summaryMarkdown(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ScoreComparison[],
  trust: readonly string[] = [],
): string {
  const body = summarySections(def, m, data, pairs).flatMap((b) => b.lines);
  const lines = [
    md`# ${m.name}: ${def.title}`,
    md``,
    answerLine(def, m, data, pairs),
    md``,
    ...introLines(m, trust),
    md``,
    ...tableOfContents(body),
    ...body,
  ];
  return lines.map((l) => l.text).join('\n');
}

/**
 * Markdown lines `md` wrote, as HTML: headings (with their anchors, counted in `seen`), list items,
 * tables and paragraphs. Every character of a line is text except `**` (bold): see
 * markdownInlineToHtml.
 */
function markdownToHtml(lines: readonly Md[], seen: Map<string, number>): Html[] {
  const blocks: Html[] = [];
  let table: Html[] | undefined;
  let list: Html[] | undefined;
  const close = () => {
    if (table !== undefined) blocks.push(html`<div class="scroll"><table>${table}</table></div>`);
    if (list !== undefined)
      blocks.push(
        list.length <= OPEN_ROWS
          ? html`<ul>${list}</ul>`
          : html`<details><summary>${count(list.length)} items (click to open)</summary><ul>${list}</ul></details>`,
      );
    table = undefined;
    list = undefined;
  };
  for (const { text: l } of lines) {
    if (/^\|[-:|]+\|$/.test(l)) continue;
    const row = l.startsWith('| ');
    const item = l.startsWith('- ');
    if ((!row && table !== undefined) || (!item && list !== undefined)) close();
    if (l.trim() === '') continue;
    if (row) {
      const cells = markdownCells(l).map((c) => markdownInlineToHtml(c));
      if (table === undefined) table = [html`<tr>${cells.map((c) => html`<th>${c}</th>`)}</tr>`];
      else table.push(html`<tr>${cells.map((c) => html`<td>${c}</td>`)}</tr>`);
    } else if (item) {
      list = [...(list ?? []), html`<li>${markdownInlineToHtml(l.slice(2))}</li>`];
    } else if (/^###? /.test(l)) {
      const level = l.startsWith('### ') ? 'h3' : 'h2';
      const id = anchorOf(headingText(l), seen);
      blocks.push(
        html`${trustedHtml(`<${level} id="${id}">`)}${markdownInlineToHtml(l.replace(/^#+ /, ''))}${trustedHtml(`</${level}>`)}`,
      );
    } else blocks.push(html`<p>${markdownInlineToHtml(l)}</p>`);
  }
  close();
  return blocks;
}

/** Most rows a table of the report's appendix shows open; a longer one is collapsed. */
const OPEN_ROWS = 30;

/** A table of `rows` rows, open when short, else collapsed behind a line saying how many rows it has. */
function collapsed(rows: number, table: Html): Html {
  return rows <= OPEN_ROWS
    ? table
    : html`<details><summary>${count(rows)} rows (click to open; the same numbers are in the run's CSV files)</summary>${table}</details>`;
}

/** A rendered chart as a figure of the page. */
function figureOf({ chart, svg }: { chart: Chart; svg: string }): Html {
  return html`<figure id="chart-${chart.name}" class="chart">${trustedHtml(svg.replace(/^<\?xml[^>]*>/, ''))}<figcaption>${chart.caption} <a href="charts/${chart.name}.vl.json">spec</a></figcaption></figure>`;
}

/** The arms: what differs between them per arm, what they share once. */
function armsTable(m: Manifest): Html {
  const keys = [...new Set(m.arms.flatMap((a) => Object.keys(a.params)))];
  const same = (k: string) => new Set(m.arms.map((a) => JSON.stringify(a.params[k]))).size === 1;
  const shared = keys.filter(same);
  const differing = keys.filter((k) => !same(k));
  const variants = [...new Set(m.arms.flatMap((a) => a.variants))];
  const allOn = variants.filter((v) => m.arms.every((a) => a.variants.includes(v)));
  const someVariants = variants.length > allOn.length;
  const rows = m.arms.map((a) => {
    const own = a.variants.filter((v) => !allOn.includes(v)).join(', ');
    const params = differing.map(
      (k, i) =>
        html`${i === 0 ? '' : '; '}${k} = ${a.params[k] === undefined ? 'default' : shortValue(a.params[k])}`,
    );
    return html`<tr><td>${a.id}</td><td>${a.scenario}</td><td>${armLabel(m, a.id)}</td>${someVariants ? html`<td>${own}</td>` : ''}${differing.length > 0 ? html`<td>${params}</td>` : ''}</tr>`;
  });
  const sharedLine =
    shared.length + allOn.length === 0
      ? ''
      : html`<p>Every arm: ${allOn.length === 0 ? '' : html`variants ${allOn.join(', ')}${shared.length === 0 ? '' : '; '}`}${shared.map((k, i) => html`${i === 0 ? '' : '; '}${k} = ${shortValue(m.arms[0]?.params[k])}`)}.</p>`;
  // columns for what differs between arms only; what every arm shares is said once below
  const head = html`<th>arm</th><th>scenario</th><th>policies</th>${someVariants ? html`<th>variants (not in every arm)</th>` : ''}${differing.length > 0 ? html`<th>parameters that differ between arms</th>` : ''}`;
  return html`${collapsed(rows.length, html`<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`)}${sharedLine}`;
}

/**
 * index.html: one self-contained file (no scripts, no external requests): a table of contents,
 * the headline (with the matrix heatmaps), the sections of summary.md, the charts, the tables and
 * the manifest. Built with `html` (src/report/escape.ts): every value is escaped; the only markup
 * inserted as is are the SVGs vega rendered (vega escapes their text).
 */
export function reportHtml(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ScoreComparison[],
  charts: readonly { chart: Chart; svg: string }[] = [],
  trust: readonly string[] = [],
): string {
  const { outcomes, stats, comparisons } = data;
  const seen = new Map<string, number>();
  const byName = new Map(charts.map((c) => [c.chart.name, c]));
  const blocks = summarySections(def, m, data, pairs);
  const placed = new Set(blocks.flatMap((b) => (b.chart === undefined ? [] : [b.chart])));
  // summary.md's sections, each h2 opening a <section>; a block naming a chart is drawn as it
  const sections: Html[][] = [];
  for (const b of blocks) {
    const fig = b.chart === undefined ? undefined : byName.get(b.chart);
    for (const h of fig === undefined ? markdownToHtml(b.lines, seen) : [figureOf(fig)]) {
      if (h.text.startsWith('<h2 ') || sections.length === 0) sections.push([]);
      sections[sections.length - 1]!.push(h);
    }
  }
  const sectionsHtml = sections.map((s, i) => html`${i === 0 ? '' : '\n'}<section>${s}</section>`);
  const sideRows = outcomes.filter((o) => o.kind === 'winner');
  const resultRows = outcomes.filter((o) => o.kind === 'result');
  const bar = (o: OutcomeRow) =>
    html`<div class="bar"><div class="fill" style="width:${cssPct(o.rate)}%"></div><div class="ci" style="left:${cssPct(o.lo95)}%;width:${cssPct(o.hi95 - o.lo95)}%"></div></div>`;
  const outcomeTable = (rows: readonly OutcomeRow[], label: string) =>
    collapsed(
      rows.length,
      html`
<div class="scroll"><table><thead><tr><th>arm</th><th>${label}</th><th>games</th><th>count</th><th>rate [95% CI]</th><th></th></tr></thead><tbody>
${rows.map((o, i) => html`${i === 0 ? '' : '\n'}<tr><td>${o.arm}</td><td>${o.outcome}</td><td>${count(o.games)}</td><td>${count(o.count)}</td><td>${rateWithCi(o.rate, o.lo95, o.hi95)}</td><td>${bar(o)}</td></tr>`)}
</tbody></table></div>`,
    );
  const num = (v: number) => html`<td>${Number.isFinite(v) ? v.toFixed(2) : ''}</td>`;
  // one collapsed block per statistic, those that separate the arms most first; past the first
  // STATS_SHOWN, all inside one more collapsed block, so the section stays a few lines tall
  const statBlock = (st: StatSpread) => {
    const rows = stats.filter((s) => s.stat === st.stat);
    const description = def.stats.find((d) => d.id === st.stat)?.description ?? st.stat;
    const range =
      st.low.arm === ''
        ? ''
        : html`; arm means from ${st.low.mean.toFixed(2)} (${st.low.arm}) to ${st.high.mean.toFixed(2)} (${st.high.arm})`;
    return html`
<details><summary><b>${st.stat}</b>: ${description} (spread ${effectText(st.effect)}${range})</summary><div class="scroll"><table><thead><tr><th>arm</th><th>mean</th><th>sd</th><th>min</th><th>q25</th><th>median</th><th>q75</th><th>max</th></tr></thead><tbody>
${rows.map((s, i) => html`${i === 0 ? '' : '\n'}<tr><td>${s.arm}</td>${[s.mean, s.sd, s.min, s.q25, s.median, s.q75, s.max].map(num)}</tr>`)}
</tbody></table></div></details>`;
  };
  const ranked = rankStats(def, stats);
  const rest = ranked.slice(STATS_SHOWN);
  const statTable = html`<p>Per statistic (click to open): mean, sd and quartiles in every arm, the statistics that separate the arms most first (spread: as under Game statistics: mean per game). stats.csv has the same numbers.</p>${ranked.slice(0, STATS_SHOWN).map(statBlock)}${
    rest.length === 0
      ? ''
      : html`
<details><summary>${rest.length} more statistics, which separate the arms less</summary>${rest.map(statBlock)}</details>`
  }${markdownToHtml(constantStatsLine(data), seen)}`;
  const params = def.parameters.map(
    (p, i) =>
      html`${i === 0 ? '' : '\n'}<tr><td>${p.id}</td><td>${shortValue(m.arms[0]?.params[p.id] ?? p.default)}</td><td>${p.provenance}</td><td>${p.source}</td></tr>`,
  );
  const figures = charts
    .filter((c) => !placed.has(c.chart.name))
    .map((c, i) => html`${i === 0 ? '' : '\n'}${figureOf(c)}`);
  const comparisonRows = comparisons.map(
    (c, i) =>
      html`${i === 0 ? '' : '\n'}<tr><td>${c.arm}</td><td>${c.baseline}</td><td>${c.outcome}</td><td>${count(c.games)}</td><td>${pct(c.rate)}%</td><td>${pct(c.baseline_rate)}%</td><td>${points(c.diff)}</td><td>[${points(c.exact_lo95)}, ${points(c.exact_hi95)}]</td><td>${c.p_mcnemar.toPrecision(2)}</td><td>[${points(c.holm_lo)}, ${points(c.holm_hi)}] at ${(100 * c.holm_level).toFixed(2)}%</td><td>${c.p_holm.toPrecision(2)}</td><td>[${points(c.lo95)}, ${points(c.hi95)}]</td><td>[${points(c.indep_lo95)}, ${points(c.indep_hi95)}]</td><td>${pct(c.discordant)}%</td></tr>`,
  );
  // The sections the HTML adds after summary.md's: [heading, content].
  const extra: [string, Html][] = [
    ['Charts', html`${figures}`],
    ['Who wins', outcomeTable(sideRows, 'winner')],
    ...(comparisons.length === 0
      ? []
      : [
          [
            'Against the baseline, paired on common seeds',
            collapsed(
              comparisons.length,
              html`<div class="scroll"><table><thead><tr><th>arm</th><th>baseline arm</th><th>outcome</th><th>games</th><th>rate</th><th>baseline</th><th>difference (points)</th><th>exact McNemar 95% interval</th><th>McNemar p</th><th>Holm-adjusted interval</th><th>Holm p</th><th>Newcombe paired 95% (estimate only)</th><th>unpaired 95% (for contrast)</th><th>discordant</th></tr></thead><tbody>
${comparisonRows}
</tbody></table></div>`,
            ),
          ] as [string, Html],
        ]),
    ['How games end', outcomeTable(resultRows, 'result')],
    ['Game statistics: distributions', statTable],
    ['Arms', armsTable(m)],
    [
      'Parameters and their provenance',
      html`<div class="scroll"><table><thead><tr><th>parameter</th><th>value (first arm)</th><th>provenance</th><th>source</th></tr></thead><tbody>${params}</tbody></table></div>`,
    ],
    [
      'Manifest',
      html`<p>Seed <code>${m.seed}</code>, ${count(m.games)} games per arm, code <code>${m.version}</code> at <code>${m.commit}</code>, node <code>${m.node}</code>, data hash <code>${m.dataHash}</code>, experiment hash <code>${m.experimentHash}</code>. Reproduce one game with <code>sandtable play ${def.id} --seed ${m.seed} --game N --trace</code> and the arm's options.</p>`,
    ],
  ];
  const extraHtml = extra.map(
    ([title, content]) =>
      html`\n<section><h2 id="${anchorOf(title, seen)}">${title}</h2>${content}</section>`,
  );
  // The contents: every h2 and h3 of the page, in order, read back from the markup built above.
  const page = html`${sectionsHtml}${extraHtml}`.text;
  const toc = [...page.matchAll(/<h([23]) id="([^"]+)">(.*?)<\/h[23]>/g)].map(([, level, id, inner]) =>
    trustedHtml(`<li class="toc-h${level}"><a href="#${id}">${inner!.replace(/<[^>]*>/g, '')}</a></li>`),
  );
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${m.name} — ${def.title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222;overflow-wrap:anywhere}
.scroll{max-width:100%;overflow-x:auto}
table{border-collapse:collapse;margin:1em 0;font-size:14px}th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f4f4f4;overflow-wrap:normal}td{overflow-wrap:break-word}td:nth-child(2){min-width:6em}.bar{position:relative;width:200px;height:12px;background:#eee}
.fill{position:absolute;top:0;left:0;height:12px;background:#7a9cc6}.ci{position:absolute;top:4px;height:4px;background:#1b3b6f}
code{background:#f4f4f4;padding:1px 4px}figure{margin:1.5em 0;max-width:100%}figure.chart svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#555}
nav#contents{background:#f7f7f7;padding:0.5em 1em;margin:1em 0}nav#contents ul{margin:0.3em 0;padding-left:1.2em;columns:2}
li.toc-h3{margin-left:1.2em;list-style:circle}
</style></head><body>
<h1>${m.name}: ${def.title}</h1>
${markdownToHtml([answerLine(def, m, data, pairs)], seen)}
${markdownToHtml(introLines(m, trust), seen)}
<nav id="contents"><h2>Contents</h2><ul>${toc}</ul></nav>
${sectionsHtml}${extraHtml}
</body></html>
`.text;
}

/** One chart of the report: its file stem, caption and vega-lite spec. */
export interface Chart {
  readonly name: string;
  readonly caption: string;
  readonly spec: Spec;
}

/** The board of the first arm, as its setup plays it (checked: core/board.ts). */
function boardOf(def: GameDefinition, m: Manifest): BoardDef | undefined {
  const a = m.arms[0];
  if (def.board === undefined || a === undefined) return undefined;
  const setup: GameSetup = {
    scenario: a.scenario,
    variants: new Set(a.variants),
    params: a.params as GameSetup['params'],
  };
  return checkBoard(def.board(setup), `game ${def.id}`);
}

/** Most arms the board chart draws a map for: a map is as tall as a screen. */
export const MAP_ARMS = 4;

/**
 * The arms the board chart draws: `first` (the baseline), then the MAP_ARMS - 1 arms whose maps
 * differ most from it (the sum over cells of the absolute difference in share), ties in `arms`
 * order; every arm when there are no more than MAP_ARMS.
 */
export function mapArms(heat: readonly CellHeat[], arms: readonly string[], first: string): string[] {
  if (arms.length <= MAP_ARMS) return [...arms];
  const share = new Map<string, Map<string, number>>();
  for (const h of heat) {
    const cells = share.get(h.arm) ?? new Map<string, number>();
    share.set(h.arm, cells.set(h.cell, h.share));
  }
  const base = share.get(first) ?? new Map<string, number>();
  const distance = (arm: string) => {
    const own = share.get(arm) ?? new Map<string, number>();
    let d = 0;
    for (const cell of new Set([...base.keys(), ...own.keys()]))
      d += Math.abs((own.get(cell) ?? 0) - (base.get(cell) ?? 0));
    return d;
  };
  const others = arms
    .filter((a) => a !== first)
    .map((arm) => ({ arm, d: distance(arm) }))
    .sort((a, b) => b.d - a.d);
  return [first, ...others.slice(0, MAP_ARMS - 1).map((o) => o.arm)];
}

/** The board chart's file stem and what its caption calls a cell, per kind of board. */
const BOARD_CHART: Readonly<Record<BoardDef['kind'], { name: string; cell: string }>> = {
  hex: { name: 'hex-map', cell: 'hex coloured' },
  zones: { name: 'zone-map', cell: 'zone sized and coloured' },
  points: { name: 'point-map', cell: 'point sized and coloured' },
};

/** The charts a run calls for: always outcomes, game length and statistics; the rest when they apply. */
export function buildCharts(def: GameDefinition, m: Manifest, data: ReportData): Chart[] {
  const arms = m.arms.map((a) => a.id);
  const charts: Chart[] = policyMatrices(def, m.arms).flatMap((mx, i) =>
    matrixOutcomes(mx, i, data.outcomes).map(({ outcome, chart }) => ({
      name: chart,
      caption: `${outcome === 'none' ? 'The share of games without a winner' : `The ${sideName(def, outcome)} win rate`} in every pairing, with its Wilson 95% interval.`,
      spec: matrixChart(def, mx, data.outcomes, outcome),
    })),
  );
  for (const [i, v] of (data.verdicts ?? []).entries())
    if (v.robustness !== undefined)
      charts.push({
        name: robustnessChartName(i),
        caption: `${v.matrix.againstRules === true ? `The best ${sideName(def, v.matrix.rowSide)} policy’s score against the rules` : 'The value of the game'} under the rules as written and under each declared reading, with its bootstrap interval; shaded: the balance band.`,
        spec: robustnessChart(verdictSides(def, v.matrix), v.robustness),
      });
  charts.push({
    name: 'outcomes',
    caption: 'How games end per arm, with the win rate and its 95% interval.',
    spec: outcomesChart(def, data.outcomes, arms),
  });
  // one turn for every game is said in a sentence (armFindings), not drawn as one solid column
  if (singleEndTurn(data) === undefined)
    charts.push({
      name: 'end-turn',
      caption: 'Game length: the turn on which games end.',
      spec: endTurnChart(data.endTurns, arms),
    });
  const ranked = rankStats(def, data.stats);
  // at most STAT_CHART_ROWS rows of boxes (statistics x arms), at least 2 statistics
  const drawn = Math.max(2, Math.min(STATS_SHOWN, Math.floor(STAT_CHART_ROWS / Math.max(1, arms.length))));
  if (ranked.length > 0)
    charts.push({
      name: 'statistics',
      caption: `The game's own statistics per arm, as distributions: ${
        ranked.length > drawn
          ? `the ${drawn} of ${ranked.length} varying statistics that separate the arms most (the rest are under Game statistics: distributions)`
          : 'every statistic that varies, those that separate the arms most first'
      }.`,
      spec: statisticsChart(
        def,
        data.stats,
        arms,
        ranked.slice(0, drawn).map((s) => s.stat),
      ),
    });
  if (data.comparisons.length > 0) {
    charts.push({
      name: 'paired-differences',
      caption: 'Every arm against its baseline, paired on common seeds.',
      spec: pairedDifferencesChart(def, data.comparisons, arms),
    });
  }
  if (data.ladder !== undefined)
    charts.push({
      name: LADDER_CHART,
      caption:
        'The value of the game at each rung of skill, with its 95% bootstrap interval and the balance band.',
      spec: ladderChart(def, data.ladder),
    });
  const sweep = (m.experiment as { sweep?: { parameter: string; values: unknown[] } }).sweep;
  if (sweep !== undefined) {
    charts.push({
      name: 'sensitivity',
      caption: `Win rate against the swept parameter ${sweep.parameter}.`,
      spec: sensitivityChart(
        def,
        data.outcomes,
        sweep.parameter,
        sweepPoints(sweep.values, def.parameters.find((p) => p.id === sweep.parameter)?.default).map(
          paramLabel,
        ),
      ),
    });
  }
  if (def.odds !== undefined) {
    for (const [i, t] of def.odds.compute({}).entries()) {
      charts.push({
        name: `crt-odds${i === 0 ? '' : `-${i + 1}`}`,
        caption: `${t.title}: exact probabilities.`,
        spec: oddsChart(t),
      });
    }
  }
  const board = boardOf(def, m);
  if (board !== undefined && data.heat.length > 0) {
    const { name, cell } = BOARD_CHART[board.kind];
    const first = m.baseline !== null && arms.includes(m.baseline) ? m.baseline : arms[0]!;
    const drawn = mapArms(data.heat, arms, first);
    const which =
      drawn.length < arms.length
        ? ` Drawn for ${drawn[0]} and the ${drawn.length - 1} arms whose maps differ most from it (the sum of the cells' differences in share); cells.csv has every arm.`
        : '';
    const unnamed = board.kind === 'hex' ? [] : networkLayout(board).unnamed;
    const key =
      unnamed.length === 0
        ? ''
        : ` Not named on the map for want of room (hover the node): ${unnamed.map((u) => `${u.id} ${u.name}`).join('; ')}.`;
    charts.push({
      name,
      caption: `The map, each ${cell} by the share of games: ${board.heat}.${which}${key}`,
      spec: boardChart(def, board, data.heat, drawn),
    });
  }
  return charts;
}

/**
 * The report files of a run by name: charts/*.vl.json and charts/*.svg, summary.md and index.html;
 * `pairs` are the headline's paired comparisons (headlineComparisons, src/analysis/headline.ts).
 */
export async function renderReport(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  pairs: readonly ScoreComparison[],
  trust: readonly string[] = [],
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const svgs: { chart: Chart; svg: string }[] = [];
  for (const chart of buildCharts(def, m, data)) {
    const { svg } = await renderSvg(chart.spec, chart.name);
    files[`charts/${chart.name}.vl.json`] = `${JSON.stringify(chart.spec, null, 1)}\n`;
    files[`charts/${chart.name}.svg`] = svg;
    svgs.push({ chart, svg });
  }
  files['summary.md'] = summaryMarkdown(def, m, data, pairs, trust);
  files['index.html'] = reportHtml(def, m, data, pairs, svgs, trust);
  return files;
}
