import type { ComparisonRow } from '../analysis/compare.js';
import { RANKING_SCORING } from '../analysis/ranking.js';
import type { ReportData } from '../analysis/report-data.js';
import type { OutcomeRow } from '../analysis/summary.js';
import { checkBoard } from '../core/board.js';
import type { BoardDef, GameDefinition, GameSetup } from '../core/game.js';
import { paramLabel, sweepPoints } from '../core/setup.js';
import type { Manifest } from '../runner/manifest.js';
import {
  boardChart,
  endTurnChart,
  oddsChart,
  outcomesChart,
  pairedDifferencesChart,
  type Spec,
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
import { count, cssPct, pct, rateWithCi } from './format.js';
import { renderSvg } from './render.js';

function armLabel(m: Manifest, arm: string): string {
  const a = m.arms.find((x) => x.id === arm);
  if (a === undefined) return arm;
  return Object.entries(a.policies)
    .map(([side, p]) => `${side}: ${p}`)
    .join(', ');
}

/** The variants of an arm that differ from the game's defaults. */
function nonDefaultVariants(def: GameDefinition, on: readonly string[]): string[] {
  return on.filter((id) => def.variants.find((v) => v.id === id)?.default === false);
}

/** A parameter value short enough for a sentence: long lists become their length. */
function shortValue(v: unknown): string {
  return Array.isArray(v) && v.length > 6 ? `[${v.length} values]` : JSON.stringify(v);
}

function points(x: number): string {
  return (100 * x).toFixed(1);
}

/** The parts of a comparison sentence this program formats (numbers, the test's verdict). */
function comparisonParts(c: ComparisonRow) {
  const dir = c.diff >= 0 ? 'more' : 'fewer';
  const sig =
    c.p_holm < 0.05
      ? `McNemar p ${c.p_mcnemar < 0.0001 ? '< 0.0001' : `= ${c.p_mcnemar.toPrecision(2)}`}`
      : 'not distinguishable from it at 5% after Holm correction';
  return {
    amount: `${points(Math.abs(c.diff))} points ${dir} than`,
    ci: `[${points(c.lo95)}, ${points(c.hi95)}]`,
    seeds: count(c.games),
    sig,
  };
}

/** "3.1 points more than base [2.4, 3.8]": a paired difference with its interval (plain text). */
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

/** The mean of every game statistic per arm, as a markdown table (stats as rows, arms as columns). */
function statisticsTable(def: GameDefinition, m: Manifest, data: ReportData): Md[] {
  if (def.stats.length === 0 || data.stats.length === 0) return [];
  const arms = m.arms.slice(0, STAT_TABLE_ARMS).map((a) => a.id);
  const mean = new Map(data.stats.map((r) => [`${r.arm}\u0000${r.stat}`, r.mean]));
  const fmt = (x: number | undefined) =>
    x === undefined || Number.isNaN(x) ? '—' : x.toFixed(Math.abs(x) < 10 ? 2 : 1);
  const more =
    m.arms.length > arms.length
      ? ` (the first ${arms.length} of ${m.arms.length} arms; stats.csv has them all)`
      : '';
  return [
    md``,
    md`## Game statistics: mean per game${more}`,
    md``,
    md`| statistic | ${arms.map((a, i) => (i === 0 ? md`${a}` : md` | ${a}`))} |`,
    md`|---|${trustedMd(arms.map(() => '---:').join('|'))}|`,
    ...def.stats.map(
      (st) =>
        md`| ${st.id}: ${st.description} | ${arms.map((a, i) => md`${i === 0 ? '' : trustedMd(' | ')}${fmt(mean.get(`${a}\u0000${st.id}`))}`)} |`,
    ),
    md``,
    md`Statistics recorded only in games that reach them (${
      def.stats
        .filter((st) => st.missing !== undefined)
        .map((st) => st.id)
        .join(', ') || 'none here'
    }) are averaged over those games. Quartiles, minimum and maximum of each statistic are in stats.csv.`,
  ];
}

/** A round robin's ranking as a markdown table, with how it is scored (src/analysis/ranking.ts). */
function rankingTable(data: ReportData): Md[] {
  const rows = data.ranking ?? [];
  if (rows.length === 0) return [];
  return [
    md``,
    md`## Round-robin ranking`,
    md``,
    md`| rank | entrant | games | wins | draws | losses | score [95% CI] |`,
    md`|---:|---|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        md`| ${r.rank} | ${r.entrant} | ${count(r.games)} | ${count(r.wins)} | ${count(r.draws)} | ${count(r.losses)} | ${trustedMd(`${r.score.toFixed(3)} [${r.lo95.toFixed(3)}, ${r.hi95.toFixed(3)}]`)} |`,
    ),
    md``,
    md`${trustedMd(RANKING_SCORING)} ranking.csv has the same table.`,
  ];
}

/**
 * The findings in a few sentences with numbers and intervals. Every value from the manifest or
 * the data is escaped by `md` (src/report/escape.ts); only this program's own formatting is not.
 */
export function summaryMarkdown(def: GameDefinition, m: Manifest, data: ReportData): string {
  const { outcomes, comparisons } = data;
  const lines: Md[] = [md`# ${m.name}: ${def.title}`, md``];
  if (m.description !== '') lines.push(md`${m.description}`, md``);
  lines.push(
    md`${count(m.games)} games per arm, master seed ${m.seed}; every arm plays the same game indices with the same dice (common random numbers). Rates are shown with Wilson 95% intervals.`,
    md``,
  );
  const side = def.sides[0]!;
  for (const a of m.arms) {
    const rows = outcomes.filter((o) => o.arm === a.id && o.kind === 'winner');
    const parts = rows
      .filter((r) => r.count > 0 || r.outcome !== 'none')
      .map((r, i) =>
        r.outcome === 'none'
          ? md`${i === 0 ? '' : trustedMd(', ')}no winner in ${ciMd(r)}`
          : md`${i === 0 ? '' : trustedMd(', ')}${def.sides.find((s) => s.id === r.outcome)?.name ?? r.outcome} wins ${ciMd(r)}`,
      );
    const cmp = comparisons.find((c) => c.arm === a.id && c.outcome === `win:${side.id}`);
    const vs = cmp === undefined ? '' : md` ${side.name} wins ${comparisonSentenceMd(cmp)}.`;
    const changed = nonDefaultVariants(def, a.variants);
    const results = outcomes.filter((o) => o.arm === a.id && o.kind === 'result' && o.count > 0);
    const winners = def.results.map((r) => r.winner);
    const shared = winners.some((w, i) => winners.indexOf(w) !== i); // the game has several ways to the same winner
    const how = shared
      ? md` Results: ${results.map((r, i) => md`${i === 0 ? '' : trustedMd(', ')}${r.outcome} ${ciMd(r)}`)}.`
      : '';
    lines.push(
      md`- **${a.id}** (${armLabel(m, a.id)}; scenario ${a.scenario}${changed.length > 0 ? md`; variants ${changed.join(', ')}` : ''}): ${parts}.${how}${vs}`,
    );
  }
  const first = outcomes.filter((o) => o.kind === 'winner' && o.outcome === side.id);
  if (first.length > 1) {
    const best = first.reduce((x, y) => (y.rate > x.rate ? y : x));
    const worst = first.reduce((x, y) => (y.rate < x.rate ? y : x));
    const separated = best.lo95 > worst.hi95;
    lines.push(
      md``,
      md`${side.name} win rate ranges from ${pct(worst.rate)}% (${worst.arm}) to ${pct(best.rate)}% (${best.arm}); ${separated ? 'the intervals of these two arms do not overlap.' : 'the intervals of these two arms overlap: more games are needed to tell them apart.'}`,
    );
  }
  lines.push(...rankingTable(data), ...statisticsTable(def, m, data));
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
    md``,
  );
  return lines.map((l) => l.text).join('\n');
}

/**
 * index.html: one self-contained file (no scripts, no external requests) with the findings and
 * the manifest. Built with `html` (src/report/escape.ts): every value is escaped; the only markup
 * inserted as is are the SVGs vega rendered (vega escapes their text).
 */
export function reportHtml(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  markdown: string,
  charts: readonly { chart: Chart; svg: string }[] = [],
): string {
  const { outcomes, stats, comparisons } = data;
  const sideRows = outcomes.filter((o) => o.kind === 'winner');
  const resultRows = outcomes.filter((o) => o.kind === 'result');
  const bar = (o: OutcomeRow) =>
    html`<div class="bar"><div class="fill" style="width:${cssPct(o.rate)}%"></div><div class="ci" style="left:${cssPct(o.lo95)}%;width:${cssPct(o.hi95 - o.lo95)}%"></div></div>`;
  const outcomeTable = (rows: readonly OutcomeRow[], label: string) => html`
<table><thead><tr><th>arm</th><th>${label}</th><th>games</th><th>count</th><th>rate [95% CI]</th><th></th></tr></thead><tbody>
${rows.map((o, i) => html`${i === 0 ? '' : '\n'}<tr><td>${o.arm}</td><td>${o.outcome}</td><td>${count(o.games)}</td><td>${count(o.count)}</td><td>${rateWithCi(o.rate, o.lo95, o.hi95)}</td><td>${bar(o)}</td></tr>`)}
</tbody></table>`;
  const num = (v: number) => html`<td>${Number.isFinite(v) ? v.toFixed(2) : ''}</td>`;
  const statTable = html`
<table><thead><tr><th>arm</th><th>statistic</th><th>mean</th><th>sd</th><th>min</th><th>q25</th><th>median</th><th>q75</th><th>max</th></tr></thead><tbody>
${stats.map((s, i) => html`${i === 0 ? '' : '\n'}<tr><td>${s.arm}</td><td title="${def.stats.find((d) => d.id === s.stat)?.description ?? 'last turn played'}">${s.stat}</td>${[s.mean, s.sd, s.min, s.q25, s.median, s.q75, s.max].map(num)}</tr>`)}
</tbody></table>`;
  const params = def.parameters.map(
    (p, i) =>
      html`${i === 0 ? '' : '\n'}<tr><td>${p.id}</td><td>${shortValue(m.arms[0]?.params[p.id] ?? p.default)}</td><td>${p.provenance}</td><td>${p.source}</td></tr>`,
  );
  const arms = m.arms.map(
    (a, i) =>
      html`${i === 0 ? '' : '\n'}<tr><td>${a.id}</td><td>${a.scenario}</td><td>${armLabel(m, a.id)}</td><td>${a.variants.join(', ')}</td><td>${JSON.stringify(a.params)}</td></tr>`,
  );
  // summary.md as HTML: its headings, list items, paragraphs and the statistics and ranking tables.
  const blocks: Html[] = [];
  let inTable = false;
  for (const l of markdown.split('\n')) {
    if (l.trim() === '' || l.startsWith('# ') || /^\|[-:|]+\|$/.test(l)) continue;
    const row = l.startsWith('| ');
    if (inTable && !row) {
      blocks[blocks.length - 1] = html`${blocks[blocks.length - 1]}</table>`;
      inTable = false;
    }
    if (l.startsWith('- ')) blocks.push(html`<li>${markdownInlineToHtml(l.slice(2))}</li>`);
    else if (l.startsWith('## ')) blocks.push(html`<h2>${markdownInlineToHtml(l.slice(3))}</h2>`);
    else if (l.startsWith('| statistic |') || l.startsWith('| rank |')) {
      blocks.push(
        html`<table><tr>${markdownCells(l).map((c) => html`<th>${markdownInlineToHtml(c)}</th>`)}</tr>`,
      );
      inTable = true;
    } else if (row)
      blocks.push(html`<tr>${markdownCells(l).map((c) => html`<td>${markdownInlineToHtml(c)}</td>`)}</tr>`);
    else blocks.push(html`<p>${markdownInlineToHtml(l)}</p>`);
  }
  if (inTable) blocks[blocks.length - 1] = html`${blocks[blocks.length - 1]}</table>`;
  const paragraphs = blocks.map((b, i) => html`${i === 0 ? '' : '\n'}${b}`);
  const figures = charts.map(
    ({ chart, svg }, i) =>
      html`${i === 0 ? '' : '\n'}<figure id="chart-${chart.name}" class="chart">${trustedHtml(svg.replace(/^<\?xml[^>]*>/, ''))}<figcaption>${chart.caption} <a href="charts/${chart.name}.vl.json">spec</a></figcaption></figure>`,
  );
  const comparisonRows = comparisons.map(
    (c, i) =>
      html`${i === 0 ? '' : '\n'}<tr><td>${c.arm}</td><td>${c.baseline}</td><td>${c.outcome}</td><td>${count(c.games)}</td><td>${pct(c.rate)}%</td><td>${pct(c.baseline_rate)}%</td><td>${points(c.diff)} [${points(c.lo95)}, ${points(c.hi95)}]</td><td>[${points(c.indep_lo95)}, ${points(c.indep_hi95)}]</td><td>${pct(c.discordant)}%</td><td>${c.p_mcnemar.toPrecision(2)}</td><td>${c.p_holm.toPrecision(2)}</td></tr>`,
  );
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${m.name} — ${def.title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:14px}th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left}
th{background:#f4f4f4}.bar{position:relative;width:200px;height:12px;background:#eee}
.fill{position:absolute;top:0;left:0;height:12px;background:#7a9cc6}.ci{position:absolute;top:4px;height:4px;background:#1b3b6f}
code{background:#f4f4f4;padding:1px 4px}figure.chart{margin:1.5em 0}figure.chart svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#555}
</style></head><body>
<h1>${m.name}: ${def.title}</h1>
${paragraphs}
${figures}
<h2>Who wins</h2>${outcomeTable(sideRows, 'winner')}
${
  comparisons.length === 0
    ? ''
    : html`<h2>Against the baseline, paired on common seeds</h2>
<table><thead><tr><th>arm</th><th>baseline arm</th><th>outcome</th><th>games</th><th>rate</th><th>baseline</th><th>difference [95% CI]</th><th>unpaired CI</th><th>discordant</th><th>McNemar p</th><th>Holm p</th></tr></thead><tbody>
${comparisonRows}
</tbody></table>`
}
<h2>How games end</h2>${outcomeTable(resultRows, 'result')}
<h2>Game statistics</h2>${statTable}
<h2>Arms</h2><table><thead><tr><th>arm</th><th>scenario</th><th>policies</th><th>variants</th><th>parameters</th></tr></thead><tbody>${arms}</tbody></table>
<h2>Parameters and their provenance</h2><table><thead><tr><th>parameter</th><th>value (first arm)</th><th>provenance</th><th>source</th></tr></thead><tbody>${params}</tbody></table>
<h2>Manifest</h2><p>Seed <code>${m.seed}</code>, ${count(m.games)} games per arm, code <code>${m.version}</code> at <code>${m.commit}</code>, node <code>${m.node}</code>, data hash <code>${m.dataHash}</code>, experiment hash <code>${m.experimentHash}</code>. Reproduce one game with <code>sandtable play ${def.id} --seed ${m.seed} --game N --trace</code> and the arm's options.</p>
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

/** The board chart's file stem and what its caption calls a cell, per kind of board. */
const BOARD_CHART: Readonly<Record<BoardDef['kind'], { name: string; cell: string }>> = {
  hex: { name: 'hex-map', cell: 'hex coloured' },
  zones: { name: 'zone-map', cell: 'zone sized and coloured' },
  points: { name: 'point-map', cell: 'point sized and coloured' },
};

/** The charts a run calls for: always outcomes, game length and statistics; the rest when they apply. */
export function buildCharts(def: GameDefinition, m: Manifest, data: ReportData): Chart[] {
  const arms = m.arms.map((a) => a.id);
  const charts: Chart[] = [
    {
      name: 'outcomes',
      caption: 'How games end per arm, with the win rate and its 95% interval.',
      spec: outcomesChart(def, data.outcomes, arms),
    },
    {
      name: 'end-turn',
      caption: 'Game length: the turn on which games end.',
      spec: endTurnChart(data.endTurns, arms),
    },
    {
      name: 'statistics',
      caption: "The game's own statistics per arm, as distributions.",
      spec: statisticsChart(def, data.stats, arms),
    },
  ];
  if (data.comparisons.length > 0) {
    charts.push({
      name: 'paired-differences',
      caption: 'Every arm against its baseline, paired on common seeds.',
      spec: pairedDifferencesChart(def, data.comparisons, arms),
    });
  }
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
    charts.push({
      name,
      caption: `The map, each ${cell} by the share of games: ${board.heat}.`,
      spec: boardChart(def, board, data.heat, arms),
    });
  }
  return charts;
}

/** The report files of a run by name: charts/*.vl.json and charts/*.svg, summary.md and index.html. */
export async function renderReport(
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const svgs: { chart: Chart; svg: string }[] = [];
  for (const chart of buildCharts(def, m, data)) {
    const { svg } = await renderSvg(chart.spec, chart.name);
    files[`charts/${chart.name}.vl.json`] = `${JSON.stringify(chart.spec, null, 1)}\n`;
    files[`charts/${chart.name}.svg`] = svg;
    svgs.push({ chart, svg });
  }
  const md = summaryMarkdown(def, m, data);
  files['summary.md'] = md;
  files['index.html'] = reportHtml(def, m, data, md, svgs);
  return files;
}
