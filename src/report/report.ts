import { mkdirSync } from 'node:fs';
import type { ComparisonRow } from '../analysis/compare.js';
import type { ReportData } from '../analysis/report-data.js';
import type { OutcomeRow } from '../analysis/summary.js';
import { checkBoard } from '../core/board.js';
import type { BoardDef, GameDefinition, GameSetup } from '../core/game.js';
import { paramLabel } from '../core/setup.js';
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
import { count, escapeHtml, pct, rateWithCi } from './format.js';
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

/** "3.1 points more than base [2.4, 3.8]": a paired difference with its interval. */
export function comparisonSentence(c: ComparisonRow): string {
  const dir = c.diff >= 0 ? 'more' : 'fewer';
  const sig =
    c.p_holm < 0.05
      ? `McNemar p ${c.p_mcnemar < 0.0001 ? '< 0.0001' : `= ${c.p_mcnemar.toPrecision(2)}`}`
      : 'not distinguishable from it at 5% after Holm correction';
  return `${points(Math.abs(c.diff))} points ${dir} than ${c.baseline} [${points(c.lo95)}, ${points(c.hi95)}], paired on ${count(c.games)} seeds; ${sig}`;
}

/** Most arms a statistics table shows as columns (stats.csv has every arm). */
const STAT_TABLE_ARMS = 12;

/** The mean of every game statistic per arm, as a markdown table (stats as rows, arms as columns). */
function statisticsTable(def: GameDefinition, m: Manifest, data: ReportData): string[] {
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
    '',
    `## Game statistics: mean per game${more}`,
    '',
    `| statistic | ${arms.join(' | ')} |`,
    `|---|${arms.map(() => '---:').join('|')}|`,
    ...def.stats.map(
      (st) =>
        `| ${st.id}: ${st.description} | ${arms.map((a) => fmt(mean.get(`${a}\u0000${st.id}`))).join(' | ')} |`,
    ),
    '',
    `Statistics recorded only in games that reach them (${
      def.stats
        .filter((st) => st.missing !== undefined)
        .map((st) => st.id)
        .join(', ') || 'none here'
    }) are averaged over those games. Quartiles, minimum and maximum of each statistic are in stats.csv.`,
  ];
}

/** The findings in a few sentences with numbers and intervals. */
export function summaryMarkdown(def: GameDefinition, m: Manifest, data: ReportData): string {
  const { outcomes, comparisons } = data;
  const lines = [`# ${m.name}: ${def.title}`, ''];
  if (m.description !== '') lines.push(m.description, '');
  lines.push(
    `${count(m.games)} games per arm, master seed ${m.seed}; every arm plays the same game indices with the same dice (common random numbers). Rates are shown with Wilson 95% intervals.`,
    '',
  );
  const side = def.sides[0]!;
  for (const a of m.arms) {
    const rows = outcomes.filter((o) => o.arm === a.id && o.kind === 'winner');
    const parts = rows
      .filter((r) => r.count > 0 || r.outcome !== 'none')
      .map((r) =>
        r.outcome === 'none'
          ? `no winner in ${rateWithCi(r.rate, r.lo95, r.hi95)}`
          : `${def.sides.find((s) => s.id === r.outcome)?.name ?? r.outcome} wins ${rateWithCi(r.rate, r.lo95, r.hi95)}`,
      );
    const cmp = comparisons.find((c) => c.arm === a.id && c.outcome === `win:${side.id}`);
    const vs = cmp === undefined ? '' : ` ${side.name} wins ${comparisonSentence(cmp)}.`;
    const changed = nonDefaultVariants(def, a.variants);
    const results = outcomes.filter((o) => o.arm === a.id && o.kind === 'result' && o.count > 0);
    const winners = def.results.map((r) => r.winner);
    const shared = winners.some((w, i) => winners.indexOf(w) !== i); // the game has several ways to the same winner
    const how = shared
      ? ` Results: ${results.map((r) => `${r.outcome} ${rateWithCi(r.rate, r.lo95, r.hi95)}`).join(', ')}.`
      : '';
    lines.push(
      `- **${a.id}** (${armLabel(m, a.id)}; scenario ${a.scenario}${changed.length > 0 ? `; variants ${changed.join(', ')}` : ''}): ${parts.join(', ')}.${how}${vs}`,
    );
  }
  const first = outcomes.filter((o) => o.kind === 'winner' && o.outcome === side.id);
  if (first.length > 1) {
    const best = first.reduce((x, y) => (y.rate > x.rate ? y : x));
    const worst = first.reduce((x, y) => (y.rate < x.rate ? y : x));
    const separated = best.lo95 > worst.hi95;
    lines.push(
      '',
      `${side.name} win rate ranges from ${pct(worst.rate)}% (${worst.arm}) to ${pct(best.rate)}% (${best.arm}); ${separated ? 'the intervals of these two arms do not overlap.' : 'the intervals of these two arms overlap: more games are needed to tell them apart.'}`,
    );
  }
  lines.push(...statisticsTable(def, m, data));
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
      '',
      `Reconstructed values in play (not printed in the rules; override them to test sensitivity): ${recon.map((p) => `${p.id} = ${shortValue(m.arms[0]?.params[p.id] ?? p.default)}`).join('; ')}.`,
    );
  }
  lines.push(
    '',
    `Code ${m.version} (${m.commit.slice(0, 12)}), data ${m.dataHash.slice(0, 12)}, experiment ${m.experimentHash.slice(0, 12)}.`,
    '',
  );
  return lines.join('\n');
}

/** index.html: one self-contained file (no external requests) with the findings and the manifest. */
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
    `<div class="bar"><div class="fill" style="width:${pct(o.rate)}%"></div><div class="ci" style="left:${pct(o.lo95)}%;width:${pct(o.hi95 - o.lo95)}%"></div></div>`;
  const outcomeTable = (rows: readonly OutcomeRow[], label: string) => `
<table><thead><tr><th>arm</th><th>${label}</th><th>games</th><th>count</th><th>rate [95% CI]</th><th></th></tr></thead><tbody>
${rows.map((o) => `<tr><td>${escapeHtml(o.arm)}</td><td>${escapeHtml(o.outcome)}</td><td>${count(o.games)}</td><td>${count(o.count)}</td><td>${rateWithCi(o.rate, o.lo95, o.hi95)}</td><td>${bar(o)}</td></tr>`).join('\n')}
</tbody></table>`;
  const statTable = `
<table><thead><tr><th>arm</th><th>statistic</th><th>mean</th><th>sd</th><th>min</th><th>q25</th><th>median</th><th>q75</th><th>max</th></tr></thead><tbody>
${stats.map((s) => `<tr><td>${escapeHtml(s.arm)}</td><td title="${escapeHtml(def.stats.find((d) => d.id === s.stat)?.description ?? 'last turn played')}">${escapeHtml(s.stat)}</td>${[s.mean, s.sd, s.min, s.q25, s.median, s.q75, s.max].map((v) => `<td>${Number.isFinite(v) ? v.toFixed(2) : ''}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>`;
  const params = def.parameters
    .map(
      (p) =>
        `<tr><td>${escapeHtml(p.id)}</td><td>${escapeHtml(shortValue(m.arms[0]?.params[p.id] ?? p.default))}</td><td>${p.provenance}</td><td>${escapeHtml(p.source)}</td></tr>`,
    )
    .join('\n');
  const arms = m.arms
    .map(
      (a) =>
        `<tr><td>${escapeHtml(a.id)}</td><td>${escapeHtml(a.scenario)}</td><td>${escapeHtml(armLabel(m, a.id))}</td><td>${escapeHtml(a.variants.join(', '))}</td><td>${escapeHtml(JSON.stringify(a.params))}</td></tr>`,
    )
    .join('\n');
  const cells = (l: string) =>
    l
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim());
  const paragraphs = markdown
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('# ') && !/^\|[-:|]+\|$/.test(l))
    .map((l) => {
      if (l.startsWith('- '))
        return `<li>${escapeHtml(l.slice(2)).replaceAll(/\*\*(.+?)\*\*/g, '<b>$1</b>')}</li>`;
      if (l.startsWith('## ')) return `<h2>${escapeHtml(l.slice(3))}</h2>`;
      if (l.startsWith('| statistic |'))
        return `<table><tr>${cells(l)
          .map((c) => `<th>${escapeHtml(c)}</th>`)
          .join('')}</tr>`;
      if (l.startsWith('| '))
        return `<tr>${cells(l)
          .map((c) => `<td>${escapeHtml(c)}</td>`)
          .join('')}</tr>`;
      return `<p>${escapeHtml(l)}</p>`;
    })
    .join('\n')
    .replaceAll(/(<\/tr>)\n(?!<tr>)/g, '$1</table>\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(m.name)} — ${escapeHtml(def.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:14px}th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left}
th{background:#f4f4f4}.bar{position:relative;width:200px;height:12px;background:#eee}
.fill{position:absolute;top:0;left:0;height:12px;background:#7a9cc6}.ci{position:absolute;top:4px;height:4px;background:#1b3b6f}
code{background:#f4f4f4;padding:1px 4px}figure.chart{margin:1.5em 0}figure.chart svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#555}
</style></head><body>
<h1>${escapeHtml(m.name)}: ${escapeHtml(def.title)}</h1>
${paragraphs}
${charts.map(({ chart, svg }) => `<figure id="chart-${chart.name}" class="chart">${svg.replace(/^<\?xml[^>]*>/, '')}<figcaption>${escapeHtml(chart.caption)} <a href="charts/${chart.name}.vl.json">spec</a></figcaption></figure>`).join('\n')}
<h2>Who wins</h2>${outcomeTable(sideRows, 'winner')}
${
  comparisons.length === 0
    ? ''
    : `<h2>Against the baseline, paired on common seeds</h2>
<table><thead><tr><th>arm</th><th>baseline arm</th><th>outcome</th><th>games</th><th>rate</th><th>baseline</th><th>difference [95% CI]</th><th>unpaired CI</th><th>discordant</th><th>McNemar p</th><th>Holm p</th></tr></thead><tbody>
${comparisons.map((c) => `<tr><td>${escapeHtml(c.arm)}</td><td>${escapeHtml(c.baseline)}</td><td>${escapeHtml(c.outcome)}</td><td>${count(c.games)}</td><td>${pct(c.rate)}%</td><td>${pct(c.baseline_rate)}%</td><td>${points(c.diff)} [${points(c.lo95)}, ${points(c.hi95)}]</td><td>[${points(c.indep_lo95)}, ${points(c.indep_hi95)}]</td><td>${pct(c.discordant)}%</td><td>${c.p_mcnemar.toPrecision(2)}</td><td>${c.p_holm.toPrecision(2)}</td></tr>`).join('\n')}
</tbody></table>`
}
<h2>How games end</h2>${outcomeTable(resultRows, 'result')}
<h2>Game statistics</h2>${statTable}
<h2>Arms</h2><table><thead><tr><th>arm</th><th>scenario</th><th>policies</th><th>variants</th><th>parameters</th></tr></thead><tbody>${arms}</tbody></table>
<h2>Parameters and their provenance</h2><table><thead><tr><th>parameter</th><th>value (first arm)</th><th>provenance</th><th>source</th></tr></thead><tbody>${params}</tbody></table>
<h2>Manifest</h2><p>Seed <code>${m.seed}</code>, ${count(m.games)} games per arm, code <code>${escapeHtml(m.version)}</code> at <code>${escapeHtml(m.commit)}</code>, node <code>${escapeHtml(m.node)}</code>, data hash <code>${m.dataHash}</code>, experiment hash <code>${m.experimentHash}</code>. Reproduce one game with <code>sandtable play ${escapeHtml(def.id)} --seed ${m.seed} --game N --trace</code> and the arm's options.</p>
</body></html>
`;
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
      spec: sensitivityChart(def, data.outcomes, sweep.parameter, sweep.values.map(paramLabel)),
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

/** Writes charts/*.vl.json and charts/*.svg, summary.md and index.html; returns what it wrote. */
export async function writeReport(
  dir: string,
  def: GameDefinition,
  m: Manifest,
  data: ReportData,
  /** How a file is written (the runner writes atomically). */
  writeAtomic: (path: string, data: string) => void,
): Promise<Record<string, string>> {
  const charts = buildCharts(def, m, data);
  mkdirSync(`${dir}/charts`, { recursive: true });
  const written: Record<string, string> = {};
  const svgs: { chart: Chart; svg: string }[] = [];
  for (const chart of charts) {
    const json = `${JSON.stringify(chart.spec, null, 1)}\n`;
    const { svg } = await renderSvg(chart.spec, chart.name);
    writeAtomic(`${dir}/charts/${chart.name}.vl.json`, json);
    writeAtomic(`${dir}/charts/${chart.name}.svg`, svg);
    written[`charts/${chart.name}.vl.json`] = json;
    written[`charts/${chart.name}.svg`] = svg;
    svgs.push({ chart, svg });
  }
  const md = summaryMarkdown(def, m, data);
  const html = reportHtml(def, m, data, md, svgs);
  writeAtomic(`${dir}/summary.md`, md);
  writeAtomic(`${dir}/index.html`, html);
  return { ...written, 'summary.md': md, 'index.html': html };
}
