/**
 * The results of a balance run (docs/cli.md "balance"): balance.json (the final value with its
 * interval, each side's strategies with their equilibrium weights and the round each was added
 * in, the final matrix, and every round: its meta-game and each side's candidates scored against
 * the other side's mix) and report.html (the same as a short page with a chart of the value by
 * round). Neither holds a time or a count of games played this invocation, so a resumed run
 * writes the same files as an uninterrupted one.
 */
import type { Spec } from '../report/charts.js';
import { html, trustedHtml } from '../report/escape.js';
import { renderSvg } from '../report/render.js';
import { writeAtomic } from '../runner/outputs.js';
import type { LoopOutcome, MetaSummary, OracleRound, RoundRecord } from './balance.js';
import type { BalanceProblem } from './balance-problem.js';

/** A policy of a side's final set: its equilibrium weight, exploitability and origin. */
export interface Strategy {
  readonly policy: string;
  readonly weight: number;
  readonly exploitability: number;
  /** 0: a starting policy; k: added by round k's best response. */
  readonly addedInRound: number;
}

export interface BalanceResult {
  readonly kind: 'balance';
  readonly name: string;
  readonly description: string;
  readonly game: string;
  readonly scenario: string;
  readonly variants: readonly string[];
  readonly params: unknown;
  readonly seed: number;
  readonly games: number;
  readonly alpha: number;
  readonly resamples: number;
  readonly band: { readonly lo: number; readonly hi: number };
  readonly roundLimit: number;
  readonly rowSide: { readonly id: string; readonly name: string };
  readonly colSide: { readonly id: string; readonly name: string };
  readonly stop: LoopOutcome['stop'];
  readonly roundsPlayed: number;
  readonly stopStatement: string;
  /** The row side's equilibrium score in the final sets, and its bootstrap interval. */
  readonly value: number;
  readonly interval: readonly [number, number];
  readonly sentence: string;
  readonly strategies: { readonly row: readonly Strategy[]; readonly col: readonly Strategy[] };
  readonly final: MetaSummary;
  readonly rounds: readonly RoundRecord[];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;

function strategies(
  names: readonly string[],
  mix: readonly number[],
  exploit: readonly number[],
  rounds: readonly RoundRecord[],
  side: 'row' | 'col',
): Strategy[] {
  return names.map((policy, i) => ({
    policy,
    weight: mix[i]!,
    exploitability: exploit[i]!,
    addedInRound: rounds.find((r) => r[side].added === policy)?.round ?? 0,
  }));
}

/** Why the loop stopped, in one sentence. */
function stopStatement(p: BalanceProblem, loop: LoopOutcome): string {
  const k = loop.rounds.length;
  if (loop.stop === 'converged')
    return `Converged in round ${k}: neither side's best candidate gains significantly against the other side's equilibrium mix (one-sided paired bootstrap over game indices at ${p.alpha}, divided among the candidates a side tested), so the value below is the value of the game over these policies.`;
  return `Stopped at the round limit (${p.rounds} round${p.rounds === 1 ? '' : 's'}): round ${k} still added a policy, so a further round may move the value (continue with --resume and a higher --rounds).`;
}

export function balanceResult(p: BalanceProblem, loop: LoopOutcome): BalanceResult {
  const f = loop.final;
  return {
    kind: 'balance',
    name: p.name,
    description: p.description,
    game: p.game.id,
    scenario: p.setup.scenario,
    variants: p.setup.variants,
    params: p.setup.params,
    seed: p.seed,
    games: p.games,
    alpha: p.alpha,
    resamples: p.resamples,
    band: p.band,
    roundLimit: p.rounds,
    rowSide: { id: p.row.id, name: p.row.name },
    colSide: { id: p.col.id, name: p.col.name },
    stop: loop.stop,
    roundsPlayed: loop.rounds.length,
    stopStatement: stopStatement(p, loop),
    value: f.value,
    interval: f.interval,
    sentence: f.sentence,
    strategies: {
      row: strategies(f.rows, f.rowMix, f.exploitability.rows, loop.rounds, 'row'),
      col: strategies(f.cols, f.colMix, f.exploitability.cols, loop.rounds, 'col'),
    },
    final: f,
    rounds: loop.rounds,
  };
}

/** The value by round (each round's meta-game, then the final sets' when the limit stopped it). */
export function valueChart(r: BalanceResult): Spec {
  const points = r.rounds.map((x) => ({
    round: String(x.round),
    value: x.meta.value,
    lo: x.meta.interval[0],
    hi: x.meta.interval[1],
    policies: `${x.meta.rows.length} x ${x.meta.cols.length}`,
  }));
  if (r.stop === 'round-limit')
    points.push({
      round: 'final',
      value: r.final.value,
      lo: r.final.interval[0],
      hi: r.final.interval[1],
      policies: `${r.final.rows.length} x ${r.final.cols.length}`,
    });
  const x = {
    field: 'round',
    type: 'ordinal',
    sort: points.map((d) => d.round),
    title: 'round',
    axis: { labelAngle: 0 },
  };
  const tooltip = [
    { field: 'round', type: 'ordinal' },
    { field: 'policies', type: 'nominal' },
    { field: 'value', type: 'quantitative', format: '.1%' },
    { field: 'lo', type: 'quantitative', format: '.1%', title: 'interval low' },
    { field: 'hi', type: 'quantitative', format: '.1%', title: 'interval high' },
  ];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `${r.rowSide.name}'s score under equilibrium play, by round`,
      subtitle: `value of the meta-game of the policies found so far, with its ${Math.round(r.final.level * 100)}% bootstrap interval; grey band: balanced ${Math.round(r.band.lo * 100)}-${Math.round(r.band.hi * 100)}%`,
    },
    config: { font: 'Helvetica, Arial, sans-serif', view: { stroke: null } },
    width: 420,
    height: 240,
    data: { values: points },
    layer: [
      {
        data: { values: [{ lo: r.band.lo, hi: r.band.hi }] },
        mark: { type: 'rect', color: '#eee' },
        encoding: {
          y: { field: 'lo', type: 'quantitative' },
          y2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'rule', color: '#888' },
        encoding: {
          x,
          y: { field: 'lo', type: 'quantitative' },
          y2: { field: 'hi' },
          tooltip,
        },
      },
      {
        mark: { type: 'line', point: true, color: '#1f5fa8' },
        encoding: {
          x,
          y: {
            field: 'value',
            type: 'quantitative',
            title: `${r.rowSide.name} score`,
            axis: { format: '%' },
            scale: { domain: [0, 1] },
          },
          tooltip,
        },
      },
    ],
  };
}

function oracleCell(o: OracleRound): string {
  if (o.tested.length === 0) return html`no candidate left`.text;
  const best = o.tested.find((c) => c.spec === o.best)!;
  return o.added !== null
    ? html`added <code>${o.added}</code> (${pts(best.gain)} points, lower bound ${pts(best.lower)})`.text
    : html`none; best <code>${best.spec}</code> ${pts(best.gain)} points, lower bound ${pts(best.lower)}`
        .text;
}

function candidatesTable(o: OracleRound, name: string): string {
  if (o.tested.length === 0) return '';
  const against = o.against.map((a) => `${a.policy} ${Math.round(a.weight * 100)}%`).join(', ');
  return html`<p>${name}'s candidates against ${against} (${name}'s equilibrium score ${pct(o.baseline)}; one-sided level ${o.level.toPrecision(2)} each):</p>
<table><tr><th>candidate</th><th>score vs mix</th><th>gain (points)</th><th>lower bound</th><th></th></tr>${trustedHtml(
    o.tested
      .map(
        (c) =>
          html`<tr><td><code>${c.spec}</code></td><td>${pct(c.vsMix)}</td><td>${pts(c.gain)}</td><td>${pts(c.lower)}</td><td>${c.spec === o.added ? 'added' : c.significant ? 'significant' : ''}</td></tr>`
            .text,
      )
      .join(''),
  )}</table>`.text;
}

function matrixTable(r: BalanceResult): string {
  const f = r.final;
  const head =
    html`<tr><th>${r.rowSide.name} \\ ${r.colSide.name}</th>${trustedHtml(f.cols.map((c) => html`<th><code>${c}</code></th>`.text).join(''))}<th>${r.rowSide.name} mix</th></tr>`
      .text;
  const body = f.rows
    .map(
      (row, i) =>
        html`<tr><td><code>${row}</code></td>${trustedHtml(f.payoff[i]!.map((v) => html`<td>${pct(v)}</td>`.text).join(''))}<td>${pct(f.rowMix[i]!)}</td></tr>`
          .text,
    )
    .join('');
  const mix =
    html`<tr><td>${r.colSide.name} mix</td>${trustedHtml(f.colMix.map((w) => html`<td>${pct(w)}</td>`.text).join(''))}<td></td></tr>`
      .text;
  return `<table>${head}${body}${mix}</table>`;
}

function strategiesTable(list: readonly Strategy[], name: string): string {
  return html`<h3>${name}</h3><table><tr><th>policy</th><th>equilibrium weight</th><th>exploitability (points)</th><th>from</th></tr>${trustedHtml(
    list
      .map(
        (s) =>
          html`<tr><td><code>${s.policy}</code></td><td>${pct(s.weight)}</td><td>${(100 * s.exploitability).toFixed(1)}</td><td>${s.addedInRound === 0 ? 'start' : `round ${s.addedInRound}`}</td></tr>`
            .text,
      )
      .join(''),
  )}</table>`.text;
}

function reportPage(p: BalanceProblem, r: BalanceResult, chart: string, where: string): string {
  const history = r.rounds
    .map(
      (x) =>
        html`<tr><td>${x.round}</td><td>${x.meta.rows.length} x ${x.meta.cols.length}</td><td>${pct(x.meta.value)} [${pct(x.meta.interval[0])}, ${pct(x.meta.interval[1])}]</td><td>${trustedHtml(oracleCell(x.row))}</td><td>${trustedHtml(oracleCell(x.col))}</td></tr>`
          .text,
    )
    .join('');
  // the last round's candidates open: why the loop stopped where it did
  const details = r.rounds
    .map(
      (x, i) =>
        `<details${i === r.rounds.length - 1 ? ' open' : ''}><summary>${html`Round ${x.round}: ${x.meta.sentence}`.text}</summary>${candidatesTable(x.row, r.rowSide.name)}${candidatesTable(x.col, r.colSide.name)}</details>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${html`${p.name} — ${p.game.title}`.text}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:1em 0;font-size:14px}th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f4f4f4;overflow-wrap:normal}code{background:#f4f4f4;padding:1px 4px}figure{margin:1.5em 0;max-width:100%}figure svg{max-width:100%;height:auto}
p.verdict{font-size:1.15em}details{margin:.6em 0}summary{cursor:pointer}
</style></head><body>
${
  html`<h1>${p.name}: ${p.game.title} (balance)</h1>
<p class="verdict">${r.sentence}</p>
<p>${r.stopStatement}</p>
<p>${p.description}</p>
<p>Scenario <code>${r.scenario}</code>, seed <code>${r.seed}</code>, ${r.games} games a pairing on the common game indices 0..${r.games - 1} (every pairing plays the same dice). Each round solves the zero-sum meta-game of ${r.rowSide.name}'s score (win 1, draw 1/2) over the policies found so far (a linear program; the interval resamples the game indices jointly across the pairings, ${r.resamples} times); then each side's candidates not yet in its set are played against the policies the other side's equilibrium mix plays, and the one that gains most over the side's equilibrium score is added when the lower bound of its paired gain is above 0. The added policy then plays every policy of the other side.</p>`
    .text
}
<section><h2>Final matrix</h2><p>${html`${r.rowSide.name}'s mean score in each pairing, with each side's equilibrium mix.`.text}</p>${matrixTable(r)}</section>
<section><h2>Strategies found</h2>${strategiesTable(r.strategies.row, r.rowSide.name)}${strategiesTable(r.strategies.col, r.colSide.name)}</section>
<section><h2>Rounds</h2><figure>${chart}</figure>
<table><tr><th>round</th><th>policies</th>${html`<th>${r.rowSide.name} value [interval]</th><th>${r.rowSide.name} best response</th><th>${r.colSide.name} best response</th>`.text}</tr>${history}</table>
${details}</section>
${html`<p>Reproduce: <code>sandtable balance ${where} --games ${r.games} --rounds ${r.roundLimit}</code>.</p>`.text}
</body></html>
`;
}

/** Writes balance.json and report.html into `out`; returns their names. */
export async function writeBalanceOutputs(
  p: BalanceProblem,
  loop: LoopOutcome,
  out: string,
  where: string,
): Promise<string[]> {
  const r = balanceResult(p, loop);
  writeAtomic(`${out}/balance.json`, `${JSON.stringify(r, null, 2)}\n`);
  const { svg } = await renderSvg(valueChart(r), 'value');
  writeAtomic(`${out}/report.html`, reportPage(p, r, svg, where));
  return ['balance.json', 'report.html'];
}
