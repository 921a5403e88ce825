/**
 * The results of a calibration or tuning run (docs/calibrate.md): result.json (the best
 * setting, each target there on fresh games with its 95% interval, the trade-off set, the rounds
 * with their cuts, the finalists re-checked on fresh games and how the choice was made),
 * candidates.csv (every candidate: its search loss, the round it was cut in and why, its fresh loss
 * if it was a finalist), report.html (the same with a chart per target and searched value), and for tune
 * tuned.json, a tuned-policies file an experiment can name.
 */
import { toCsv } from '../analysis/csv.js';
import { type PairedDifference, pairedDifference } from '../analysis/stats.js';
import { formatPolicySpec, parsePolicySpec } from '../core/policies.js';
import type { Spec } from '../report/charts.js';
import { html, trustedHtml } from '../report/escape.js';
import { renderSvg } from '../report/render.js';
import { writeAtomic } from '../runner/outputs.js';
import type { FreshFinalist, RoundEntry } from './halving.js';
import type { Sampling, SearchProblem } from './problem.js';
import type { SearchOutcome } from './run.js';
import {
  conflicts,
  isLead,
  type Measure,
  measure,
  met,
  paretoFront,
  type Target,
  totalLoss,
  type Verdict,
  verdict,
  violation,
} from './targets.js';

interface TargetResult {
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly low: number;
  readonly high: number;
  readonly games: number;
  /** The 95% interval clears the bar (verdict `met`). */
  readonly met: boolean;
  /** What the interval says: met, undecided (it straddles the bar, or no games), missed. */
  readonly verdict: Verdict;
  readonly rival?: { readonly label: string; readonly rate: number };
}

interface CandidateRow {
  readonly candidate: number;
  readonly label: string;
  readonly values: Readonly<Record<string, unknown>>;
  readonly refused?: string;
  /** Games [0, games) it was judged on (0: refused). */
  readonly games: number;
  readonly loss: number | null;
  readonly targets: readonly (Measure & { readonly met: boolean; readonly violation: number })[];
  readonly pareto: boolean;
}

export interface SearchResult {
  readonly kind: 'calibrate' | 'tune';
  readonly name: string;
  readonly game: string;
  readonly scenario: string;
  readonly seed: number;
  readonly arms: readonly string[];
  readonly best: {
    readonly candidate: number;
    readonly label: string;
    readonly values: Readonly<Record<string, unknown>>;
    readonly spec?: string;
  };
  /** The fresh game indices the reported values were measured on. */
  readonly holdout: { readonly from: number; readonly to: number };
  readonly targets: readonly TargetResult[];
  /** Every target's interval clears its bar on the fresh games. */
  readonly allMet: boolean;
  /** `missed` when a target's interval misses its bar, else `undecided` when one straddles it, else `met`. */
  readonly verdict: Verdict;
  /** Candidates no other is closer to every target than (by their search games). */
  readonly pareto: readonly number[];
  /** Pairs of target ids that some candidates meet one at a time but none both. */
  readonly conflicts: readonly (readonly [string, string])[];
  /**
   * The search's rounds: each candidate's loss over the round's games, its difference from the
   * round's best with the test's p (raw and Holm-adjusted), and whether it stayed and why.
   */
  readonly rounds: readonly {
    readonly games: number;
    readonly candidates: number;
    readonly kept: number;
    /** Fewest and most survivors the round allowed. */
    readonly planned: number;
    readonly cap: number;
    readonly test: string;
    readonly cut: readonly number[];
    readonly ranking: readonly RoundEntry[];
  }[];
  /** The candidate with the lowest loss in the search's last round (before the fresh re-check). */
  readonly searchBest: { readonly candidate: number; readonly label: string };
  /**
   * The finalists re-played on the fresh games (the chosen one first): each one's loss there with
   * its 95% bootstrap interval, and its difference from the chosen one with the test's p.
   */
  readonly finalists: readonly (FreshFinalist & { readonly label: string })[];
  /** How the fresh games chose: the runner-up, whether the test tells them apart, in words. */
  readonly choice: {
    readonly runnerUp: { readonly candidate: number; readonly label: string } | null;
    readonly distinguishable: boolean;
    readonly overturned: boolean;
    readonly test: string;
    readonly statement: string;
  };
  /** How the candidates were drawn: grid points drawn, refused by the game (and replaced when sampled). */
  readonly sampling: Sampling;
  readonly gamesPlayed: number;
  /** Tune: the tuned policy against the untuned on the fresh games, paired game by game. */
  readonly tune?: {
    readonly side: string;
    readonly policy: string;
    readonly save: string;
    readonly untuned: number;
    readonly tuned: number;
    readonly advantage: PairedDifference;
    readonly perArm: readonly {
      readonly arm: string;
      readonly untuned: number;
      readonly tuned: number;
      readonly advantage: PairedDifference;
    }[];
  };
}

function targetResult(t: Target, m: Measure): TargetResult {
  const v = verdict(t, m);
  return {
    id: t.id,
    label: t.label,
    value: m.value,
    low: m.low,
    high: m.high,
    games: m.n,
    met: v === 'met',
    verdict: v,
    ...(m.rival === undefined ? {} : { rival: m.rival }),
  };
}

/** Wins of `side` paired game by game between two candidates over games [from, to) of the given arms. */
function paired(
  p: SearchProblem,
  o: SearchOutcome,
  base: number,
  arm: number,
  arms: readonly number[],
  from: number,
  to: number,
) {
  const side = p.game.sides.findIndex((s) => s.id === p.tune!.side);
  const wins = new Set(p.game.results.flatMap((r, k) => (r.winner === p.game.sides[side]!.id ? [k] : [])));
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (const ar of arms) {
    const x = o.obs[base]![ar]!.result;
    const y = o.obs[arm]![ar]!.result;
    for (let g = from; g < to; g++) {
      const wx = wins.has(x[g]!);
      const wy = wins.has(y[g]!);
      if (wx && wy) a++;
      else if (wx) b++;
      else if (wy) c++;
      else d++;
    }
  }
  const n = a + b + c + d;
  return { untuned: (a + b) / n, tuned: (a + c) / n, advantage: pairedDifference({ a, b, c, d }) };
}

/** The fresh re-check in one sentence: what was chosen, and whether the runner-up is told apart. */
function choiceStatement(
  p: SearchProblem,
  f: NonNullable<SearchOutcome['fresh']>,
  searchBest: number,
): string {
  const l = (c: number) => p.candidates[c]!.label;
  const games = `on the fresh games ${p.plan.maxGames}..${p.plan.maxGames + p.finalGames - 1}`;
  const overturned = f.chosen === searchBest ? '' : ` (the search's best, ${l(searchBest)}, did worse there)`;
  if (f.runnerUp === undefined) return `${l(f.chosen)} chosen ${games}: the only finalist${overturned}`;
  return f.distinguishable
    ? `${l(f.chosen)} chosen ${games}, better than the runner-up ${l(f.runnerUp)} by the test${overturned}`
    : `${l(f.chosen)} chosen ${games}, not distinguishable from ${l(f.runnerUp)}${overturned}`;
}

/** Several targets' verdicts at once: missed if one is, else undecided if one is, else met. */
export function overallVerdict(vs: readonly Verdict[]): Verdict {
  return vs.includes('missed') ? 'missed' : vs.includes('undecided') ? 'undecided' : 'met';
}

/** Everything result.json holds, from the search's observations. */
export function searchResult(
  p: SearchProblem,
  o: SearchOutcome,
): { result: SearchResult; rows: CandidateRow[] } {
  const h = o.halving!;
  const fresh = o.fresh!;
  const chosen = fresh.chosen;
  const from = p.plan.maxGames;
  const to = from + p.finalGames;
  const rowsNoFront = p.candidates.map((c, i) => {
    const games = o.judged[i]!;
    const ms = games === 0 ? [] : p.targets.map((t) => measure(t, o.obs[i]!, 0, games));
    return {
      candidate: i,
      label: c.label,
      values: c.values,
      ...(c.refused === undefined ? {} : { refused: c.refused }),
      games,
      loss: games === 0 ? null : totalLoss(p.targets, ms),
      targets: ms.map((m, k) => ({
        ...m,
        met: met(p.targets[k]!, m),
        violation: violation(p.targets[k]!, m),
      })),
    };
  });
  const judgedRows = rowsNoFront.filter((r) => r.games > 0);
  const front = new Set(
    paretoFront(judgedRows.map((r) => r.targets.map((t) => t.violation))).map(
      (k) => judgedRows[k]!.candidate,
    ),
  );
  const rows: CandidateRow[] = rowsNoFront.map((r) => ({ ...r, pareto: front.has(r.candidate) }));
  const bestMeasures = p.targets.map((t) => measure(t, o.obs[chosen]!, from, to));
  const targets = p.targets.map((t, k) => targetResult(t, bestMeasures[k]!));
  const best = p.candidates[chosen]!;
  const label = (c: number) => p.candidates[c]!.label;
  let tune: SearchResult['tune'];
  if (p.tune !== undefined) {
    const all = p.armIds.map((_, a) => a);
    const pooled = paired(p, o, 0, chosen, all, from, to);
    tune = {
      ...p.tune,
      ...pooled,
      perArm: p.armIds.map((arm, a) => ({ arm, ...paired(p, o, 0, chosen, [a], from, to) })),
    };
  }
  const result: SearchResult = {
    kind: p.mode,
    name: p.name,
    game: p.game.id,
    scenario: p.scenario,
    seed: p.seed,
    arms: p.armIds,
    best: {
      candidate: chosen,
      label: best.label,
      values: best.values,
      ...(best.spec === undefined ? {} : { spec: best.spec }),
    },
    holdout: { from, to },
    targets,
    allMet: targets.every((t) => t.verdict === 'met'),
    verdict: overallVerdict(targets.map((t) => t.verdict)),
    pareto: [...front].sort((a, b) => a - b),
    conflicts: conflicts(
      judgedRows.map((r) => r.targets.map((t) => t.met)),
      p.targets,
    ),
    rounds: h.rounds.map((r) => ({
      games: r.games,
      candidates: r.ranking.length,
      kept: r.ranking.filter((x) => x.kept).length,
      planned: r.planned,
      cap: r.cap,
      test: r.test,
      cut: r.ranking.filter((x) => !x.kept).map((x) => x.candidate),
      ranking: r.ranking.map((x) => ({ ...x })),
    })),
    searchBest: { candidate: h.best, label: label(h.best) },
    finalists: fresh.finalists.map((f) => ({ ...f, label: label(f.candidate) })),
    choice: {
      runnerUp:
        fresh.runnerUp === undefined ? null : { candidate: fresh.runnerUp, label: label(fresh.runnerUp) },
      distinguishable: fresh.distinguishable,
      overturned: chosen !== h.best,
      test: fresh.test,
      statement: choiceStatement(p, fresh, h.best),
    },
    sampling: p.sampling,
    gamesPlayed: o.played + o.reused,
    ...(tune === undefined ? {} : { tune }),
  };
  return { result, rows };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (t: Target, x: number | null) =>
  x === null || Number.isNaN(x) ? 'missing' : t.kind === 'rate' ? pct(x) : x.toFixed(2);
/** A value over no games is missing (null in result.json), never 0. */
const interval = (t: Target, r: { value: number | null; low: number | null; high: number | null }) =>
  r.value === null || r.low === null || r.high === null || Number.isNaN(r.value)
    ? 'missing (no game to measure it on)'
    : t.kind === 'rate' && !isLead(t)
      ? `${pct(r.value)} [${(100 * r.low).toFixed(1)}, ${(100 * r.high).toFixed(1)}]`
      : `${r.value.toFixed(3)} [${r.low.toFixed(3)}, ${r.high.toFixed(3)}]`;

/** One chart per (target, searched value): each judged candidate's value with its interval, the target's band. */
export function searchCharts(
  p: SearchProblem,
  rows: readonly CandidateRow[],
  best: number,
): { name: string; caption: string; spec: Spec }[] {
  const out: { name: string; caption: string; spec: Spec }[] = [];
  p.targets.forEach((t, k) => {
    for (const d of p.dims) {
      const values = rows
        .filter((r) => r.games > 0)
        .map((r) => {
          const v = r.values[d.id];
          return {
            x: d.numeric ? v : Array.isArray(v) ? (v.length === 0 ? 'default' : v.join('+')) : String(v),
            y: r.targets[k]!.value,
            lo: Number.isFinite(r.targets[k]!.low) ? r.targets[k]!.low : r.targets[k]!.value,
            hi: Number.isFinite(r.targets[k]!.high) ? r.targets[k]!.high : r.targets[k]!.value,
            games: r.games,
            candidate: r.label,
            best: r.candidate === best ? 'chosen' : 'other',
          };
        });
      const yTitle =
        t.goal === 'modal'
          ? `lead of ${t.label.split(' ')[0]} over the next result`
          : t.goal === 'below'
            ? `lead of ${t.label.split(' rarer than ')[1]?.split(' in ')[0]} over ${t.label.split(' ')[0]}`
            : t.label.split(/ [=≤≥] /)[0]!;
      const x = {
        field: 'x',
        type: d.numeric ? 'quantitative' : 'ordinal',
        title: d.id,
        ...(d.numeric ? { scale: { zero: false } } : {}),
      };
      const candidateLayers: Spec[] = [
        {
          mark: { type: 'rule', opacity: 0.5 },
          encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } },
        },
        {
          mark: { type: 'point', filled: true },
          encoding: {
            x,
            y: {
              field: 'y',
              type: 'quantitative',
              title: yTitle,
              ...(t.kind === 'rate' && !isLead(t) ? { axis: { format: '%' } } : {}),
            },
            size: { field: 'games', type: 'quantitative', title: 'games judged on' },
            color: {
              field: 'best',
              type: 'nominal',
              title: 'candidate',
              scale: { domain: ['chosen', 'other'], range: ['#c0392b', '#7a9cc6'] },
            },
            tooltip: [
              { field: 'candidate' },
              { field: 'games' },
              { field: 'y', format: t.kind === 'rate' ? '.1%' : '.3f' },
              { field: 'lo', format: t.kind === 'rate' ? '.1%' : '.3f' },
              { field: 'hi', format: t.kind === 'rate' ? '.1%' : '.3f' },
            ],
          },
        },
      ];
      const layers: Spec[] = [{ data: { values }, layer: candidateLayers }];
      const goal = isLead(t) ? 0 : t.value;
      if (goal !== undefined) {
        layers.push({
          data: {
            values: [
              {
                g: goal,
                lo: goal - (t.goal === 'equals' ? t.tolerance : 0),
                hi: goal + (t.goal === 'equals' ? t.tolerance : 0),
              },
            ],
          },
          layer: [
            {
              mark: { type: 'rule', strokeDash: [4, 3], color: '#333' },
              encoding: { y: { field: 'g', type: 'quantitative' } },
            },
            ...(t.goal === 'equals'
              ? [
                  {
                    mark: { type: 'rect', opacity: 0.12, color: '#2e7d32' },
                    encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } },
                  },
                ]
              : []),
          ],
        });
      }
      out.push({
        name: `${t.id}-${d.id}`.replace(/[^A-Za-z0-9_.-]/g, '_'),
        caption: `${t.label}, by ${d.id}: every candidate judged, at the games it was judged on (bars: 95% interval; dashed: the target${t.goal === 'equals' ? ', band: its tolerance' : ''}).`,
        spec: {
          $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
          title: { text: `${t.label}`, subtitle: `by ${d.id}` },
          config: { font: 'Helvetica, Arial, sans-serif', view: { stroke: null } },
          width: 420,
          height: 240,
          layer: layers,
        },
      });
    }
  });
  return out;
}

/** Writes result.json, candidates.csv, report.html and (tune) tuned.json; returns their names. */
export async function writeSearchOutputs(
  p: SearchProblem,
  o: SearchOutcome,
  where: string,
): Promise<{ files: string[]; result: SearchResult }> {
  const { result, rows } = searchResult(p, o);
  const out = o.out;
  writeAtomic(`${out}/result.json`, `${JSON.stringify(result, null, 2)}\n`);
  // the round each candidate left the race in, and why; the finalists' fresh losses
  const left = new Map<number, { round: number; reason: string; pHolm: number }>();
  result.rounds.forEach((x, k) => {
    for (const e of x.ranking)
      if (!e.kept) left.set(e.candidate, { round: k + 1, reason: e.reason, pHolm: e.pHolm });
  });
  const fresh = new Map(result.finalists.map((f) => [f.candidate, f]));
  const csvRows = rows.map((r) => {
    const out = left.get(r.candidate);
    const f = fresh.get(r.candidate);
    const row: Record<string, string | number | boolean | null> = {
      candidate: r.candidate,
      label: r.label,
      refused: r.refused ?? '',
      games: r.games,
      loss: r.loss,
      pareto: r.pareto,
      cut_round: out?.round ?? null,
      cut_reason: out?.reason ?? null,
      cut_p_holm: out?.pHolm ?? null,
      finalist: f !== undefined,
      fresh_loss: f?.loss ?? null,
      fresh_lo95: f?.low ?? null,
      fresh_hi95: f?.high ?? null,
      chosen: r.candidate === result.best.candidate,
    };
    p.targets.forEach((t, k) => {
      const m = r.targets[k];
      row[`${t.id}_value`] = m?.value ?? null;
      row[`${t.id}_lo95`] = m?.low ?? null;
      row[`${t.id}_hi95`] = m?.high ?? null;
      row[`${t.id}_met`] = m?.met ?? null;
    });
    return row;
  });
  writeAtomic(`${out}/candidates.csv`, toCsv(csvRows));
  const files = ['result.json', 'candidates.csv'];
  if (p.tune !== undefined && result.tune !== undefined) {
    const best = p.candidates[result.best.candidate]!;
    const spec = parsePolicySpec(p.game, p.tune.side, best.spec!, 'tuned');
    const decl =
      p.game.policies.find((x) => x.side === p.tune!.side && x.id === p.tune!.policy)?.params ?? [];
    const changed = Object.fromEntries(
      decl.filter((d) => spec.params[d.id] !== d.default).map((d) => [d.id, spec.params[d.id]!]),
    );
    const a = result.tune.advantage;
    const tuned = {
      game: p.game.id,
      description: `Weights of ${p.tune.side}/${p.tune.policy} found by \`sandtable tune ${where}\` (seed ${p.seed}).`,
      policies: {
        [p.tune.save]: {
          side: p.tune.side,
          policy: p.tune.policy,
          params: changed,
          from: {
            file: where,
            seed: p.seed,
            spec: formatPolicySpec(p.game, p.tune.side, spec),
            opponents: p.armIds,
            games: `${result.holdout.from}..${result.holdout.to - 1}`,
            winRate: { untuned: result.tune.untuned, tuned: result.tune.tuned },
            advantage: { estimate: a.estimate, low: a.low, high: a.high, n: a.n, p: a.p },
          },
        },
      },
    };
    writeAtomic(`${out}/tuned.json`, `${JSON.stringify(tuned, null, 2)}\n`);
    files.push('tuned.json');
  }
  const charts = searchCharts(p, rows, result.best.candidate);
  const rendered: string[] = [];
  for (const [i, c] of charts.entries()) {
    const { svg } = await renderSvg(c.spec, `c${i}`);
    rendered.push(
      html`<figure class="chart">${trustedHtml(svg)}<figcaption>${c.caption}</figcaption></figure>`.text,
    );
  }
  writeAtomic(`${out}/report.html`, reportPage(p, result, rows, rendered, where));
  files.push('report.html');
  return { files, result };
}

/** The sampling of the candidates in one sentence. */
export function samplingText(s: SearchResult['sampling']): string {
  if (s.drawn === s.grid)
    return `${s.grid} candidates, the whole grid${s.refused === 0 ? '' : ` (${s.refused} refused by the game)`}.`;
  return `${s.feasible} candidates sampled from a grid of ${s.grid}: ${s.drawn} points drawn, ${s.refused} refused by the game and replaced by further draws${s.feasible < s.requested ? `; ${s.requested} were asked for, but the cap of ${s.maxDraws} draws was reached` : ''}.`;
}

/** A round's cut candidates, by reason: those found worse with their difference and Holm p. */
function cutText(p: SearchProblem, ranking: SearchResult['rounds'][number]['ranking']): string {
  const worse = ranking.filter((x) => !x.kept && x.reason === 'worse');
  const over = ranking.filter((x) => !x.kept && x.reason === 'over the cap');
  const kept = ranking.filter((x) => x.reason === 'kept to the plan');
  const parts: string[] = [];
  if (worse.length > 0)
    parts.push(
      `${worse.length} found worse: ${worse
        .slice(0, 12)
        .map(
          (x) =>
            `${p.candidates[x.candidate]!.label} (+${x.difference.toFixed(3)}, p ${x.pHolm.toPrecision(2)})`,
        )
        .join('; ')}${worse.length > 12 ? '; …' : ''}`,
    );
  if (over.length > 0) parts.push(`${over.length} not found worse but over the cap`);
  if (kept.length > 0) parts.push(`${kept.length} found worse but kept to the plan`);
  return parts.length === 0 ? 'none' : parts.join('. ');
}

function reportPage(
  p: SearchProblem,
  r: SearchResult,
  rows: readonly CandidateRow[],
  charts: readonly string[],
  where: string,
): string {
  const verb = p.mode === 'calibrate' ? 'calibrate' : 'tune';
  const targetRows = r.targets.map((t, k) => {
    const tg = p.targets[k]!;
    return html`<tr><td>${t.id}</td><td>${t.label}</td><td>${interval(tg, t)}${t.rival === undefined ? '' : ` (next: ${t.rival.label} ${pct(t.rival.rate)})`}</td><td>${t.games}</td><td>${t.verdict}</td></tr>`
      .text;
  });
  const front = rows.filter((x) => x.pareto).sort((a, b) => (a.loss ?? 0) - (b.loss ?? 0));
  const rowHtml = (x: CandidateRow) =>
    html`<tr><td>${x.candidate}</td><td>${x.label}</td><td>${x.games}</td><td>${x.loss === null ? '' : x.loss.toFixed(3)}</td>${trustedHtml(
      x.targets
        .map((m, k) => html`<td>${num(p.targets[k]!, m.value)}${m.met ? ' ✓' : ''}</td>`.text)
        .join(''),
    )}</tr>`.text;
  const head =
    html`<tr><th>#</th><th>setting</th><th>games</th><th>loss</th>${trustedHtml(p.targets.map((t) => html`<th>${t.id}</th>`.text).join(''))}</tr>`
      .text;
  const ranked = rows
    .filter((x) => x.games > 0)
    .sort((a, b) => b.games - a.games || (a.loss ?? 0) - (b.loss ?? 0) || a.candidate - b.candidate);
  const refused = rows.filter((x) => x.refused !== undefined);
  const tune = r.tune;
  const tuneHtml =
    tune === undefined
      ? ''
      : html`<section><h2>Tuned against untuned</h2><p>${tune.side} win rate on the fresh games ${r.holdout.from}..${r.holdout.to - 1} (every opponent pooled): untuned <code>${tune.policy}</code> ${pct(tune.untuned)}, tuned ${pct(tune.tuned)}; paired difference ${(100 * tune.advantage.estimate).toFixed(1)} points [${(100 * tune.advantage.low).toFixed(1)}, ${(100 * tune.advantage.high).toFixed(1)}] (Newcombe, game by game on common seeds; McNemar p = ${tune.advantage.p.toPrecision(2)}).</p>
<table><tr><th>opponent arm</th><th>untuned</th><th>tuned</th><th>difference [95%]</th></tr>${trustedHtml(
          tune.perArm
            .map(
              (a) =>
                html`<tr><td>${a.arm}</td><td>${pct(a.untuned)}</td><td>${pct(a.tuned)}</td><td>${(100 * a.advantage.estimate).toFixed(1)} [${(100 * a.advantage.low).toFixed(1)}, ${(100 * a.advantage.high).toFixed(1)}]</td></tr>`
                  .text,
            )
            .join(''),
        )}</table><p>Saved as <code>${tune.policy}@${tune.save}</code> in <code>tuned.json</code>: name that file in an experiment's <code>"tuned"</code> field to play it.</p></section>`
          .text;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${html`${p.name} — ${p.game.title}`.text}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:1em 0;font-size:14px}th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f4f4f4;overflow-wrap:normal}code{background:#f4f4f4;padding:1px 4px}figure{margin:1.5em 0;max-width:100%}figure.chart svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#555}
</style></head><body>
${
  html`<h1>${p.name}: ${p.game.title} (${verb})</h1>
<p>${p.description}</p>
<p>Scenario <code>${p.scenario}</code>, seed <code>${p.seed}</code>, arms ${p.armIds.join(', ')}. ${samplingText(r.sampling)} Racing from ${p.plan.firstGames} to ${p.plan.maxGames} games per candidate on common game indices 0..${p.plan.maxGames - 1}: after each round a candidate is cut only when a paired test says it is worse than the round's best. The last round's ${r.finalists.length} finalist${r.finalists.length === 1 ? '' : 's'} then played the fresh games ${r.holdout.from}..${r.holdout.to - 1}, where the setting was chosen and which give the values below. ${r.gamesPlayed} games in all.</p>
<section><h2>Best setting</h2><p>${r.choice.statement}.</p><p><code>${r.best.label}</code>${r.best.spec === undefined ? '' : html` (policy spec <code>${r.best.spec}</code>)`}: ${r.verdict === 'met' ? "every target met: each one's 95% interval clears its bar" : r.verdict === 'undecided' ? 'no target missed, but not every one decided: an interval straddles its bar (more games would tell)' : 'a target missed: its 95% interval lies on the wrong side of its bar'} on the fresh games.</p>`
    .text
}
<table><tr><th>target</th><th>stated</th><th>value [95% interval]</th><th>games</th><th></th></tr>${targetRows.join('')}</table></section>
${tuneHtml}
<section><h2>Trade-offs</h2>${
    p.targets.length < 2
      ? '<p>One target: no trade-off.</p>'
      : `${
          r.conflicts.length === 0
            ? '<p>No two targets conflict among the candidates judged (a pair conflicts when each is met by some candidate but never both by one).</p>'
            : html`<p>Conflicting targets (each met by some candidate, never both by one): ${r.conflicts.map(([a, b]) => `${a} with ${b}`).join('; ')}.</p>`
                .text
        }<p>The trade-off (Pareto) set: candidates no other candidate is closer to every target than, by their search games.</p><table>${head}${front.map(rowHtml).join('')}</table>`
  }</section>
<section><h2>How each target moves with each searched value</h2>${charts.join('\n')}</section>
<section><h2>Finalists on the fresh games</h2><p>Each finalist's loss on the fresh games ${r.holdout.from}..${r.holdout.to - 1} (95% bootstrap interval) and its difference from the chosen one: ${r.choice.test}.</p><table><tr><th>#</th><th>setting</th><th>loss [95%]</th><th>difference</th><th>p</th><th>p (Holm)</th></tr>${r.finalists
    .map(
      (f, k) =>
        html`<tr><td>${f.candidate}</td><td>${f.label}${k === 0 ? ' (chosen)' : ''}${f.candidate === r.searchBest.candidate ? ' (search best)' : ''}</td><td>${f.loss.toFixed(3)} [${f.low.toFixed(3)}, ${f.high.toFixed(3)}]</td><td>${k === 0 ? '' : f.difference.toFixed(3)}</td><td>${k === 0 ? '' : f.p.toPrecision(2)}</td><td>${k === 0 ? '' : f.pHolm.toPrecision(2)}</td></tr>`
          .text,
    )
    .join('')}</table></section>
<section><h2>Search rounds</h2><p>${r.rounds[0]?.test ?? ''}. A round keeps every candidate not found worse, at least the planned number (the lowest losses among those found worse make it up) and at most the cap (the lowest losses stay); equal losses are ordered by a random order drawn from the seed.</p><table><tr><th>round</th><th>games per candidate</th><th>candidates</th><th>kept (planned..cap)</th><th>best then</th><th>cut (loss difference, Holm p)</th></tr>${r.rounds
    .map(
      (x, k) =>
        html`<tr><td>${k + 1}</td><td>${x.games}</td><td>${x.candidates}</td><td>${x.kept} (${x.planned}..${x.cap})</td><td>${p.candidates[x.ranking[0]!.candidate]!.label}</td><td>${cutText(p, x.ranking)}</td></tr>`
          .text,
    )
    .join('')}</table></section>
<section><h2>Candidates judged</h2><p>Most games first (values over games 0..games-1; ✓ met there).</p><table>${head}${ranked.slice(0, 200).map(rowHtml).join('')}</table>
${refused.length === 0 ? '' : html`<p>Refused by the game: ${refused.map((x) => `${x.label} (${x.refused})`).join('; ')}.</p>`.text}</section>
${html`<p>Reproduce: <code>sandtable ${verb} ${where}</code>.</p>`.text}
</body></html>
`;
}
