/**
 * The skill-ladder section of a report (src/analysis/ladder.ts): the value of the game at each rung
 * of skill with its interval and each side's equilibrium mix, the paired change from the rung
 * below, the chart of value by rung with the balance band, and the sentence that reads it.
 */
import type { LadderResult } from '../analysis/ladder.js';
import { type BalanceBand, DEFAULT_BALANCE_BAND, formatMix } from '../analysis/metagame.js';
import type { GameDefinition } from '../core/game.js';
import { percent, percentBound } from '../core/percent.js';
import type { Spec } from './charts.js';
import { type Md, md, trustedMd } from './escape.js';
import { sideName } from './format.js';
import type { HeadlineBlock } from './headline.js';

/** The chart's file stem (charts/ladder.vl.json, charts/ladder.svg). */
export const LADDER_CHART = 'ladder';

const METHOD =
  'The value at a rung is the meta-game value (as under The value of the game) of the sub-matrix of every policy of that rung or below, on both sides: rung 0 the scripts alone, each rung above adding each side’s search player at that budget. Every rung’s bootstrap draws the same 1,000 resamples of the game indices, so a change between two rungs has a paired 95% interval (the percentile interval of the draw-by-draw difference). The verdict has converged when the interval of the two strongest rungs’ difference lies within ± the margin; it is still moving when that interval lies wholly beyond the margin; otherwise there are not enough games to tell. Skill favours a side when the paired interval of the strongest rung against the scripts excludes 0.';

function signedPoints(x: number): string {
  const p = (100 * x).toFixed(1);
  return x > 0 && p !== '0.0' ? `+${p}` : p === '-0.0' ? '0.0' : p;
}

/** The ladder's blocks: heading, sentence, table, chart and method (none without a ladder). */
export function ladderBlocks(def: GameDefinition, ladder: LadderResult | undefined): HeadlineBlock[] {
  if (ladder === undefined) return [];
  const { design } = ladder;
  const row = sideName(def, design.rowSide);
  const col = sideName(def, design.colSide);
  const added = (names: readonly string[], rungOf: readonly number[], rung: number) =>
    names.filter((_, i) => rungOf[i] === rung).join(', ');
  const lines: Md[] = ladder.rungs.map((g) => {
    const step = g.rung === 0 ? undefined : ladder.steps[g.rung - 1]!;
    const change =
      step === undefined
        ? ''
        : `${signedPoints(step.diff)} [${signedPoints(step.interval[0])}, ${signedPoints(step.interval[1])}]`;
    return md`| ${trustedMd(String(g.rung))} | ${g.label} | ${added(design.rows, design.rowRung, g.rung)} | ${added(design.cols, design.colRung, g.rung)} | ${trustedMd(`${percent(g.meta.value)}% [${percentBound(g.meta.interval[0])}, ${percentBound(g.meta.interval[1])}]`)} | ${trustedMd(change)} | ${formatMix(g.rows, g.meta.rowMix)} | ${formatMix(g.cols, g.meta.colMix)} |`;
  });
  return [
    {
      lines: [
        md`### The skill ladder`,
        md``,
        md`**${ladder.sentence}**`,
        md``,
        md`| rung | budget | ${row} policies added | ${col} policies added | value [95%] | change (points) | ${row} equilibrium mix | ${col} equilibrium mix |`,
        md`|---:|---|---|---|---:|---:|---|---|`,
        ...lines,
        md``,
      ],
    },
    {
      chart: LADDER_CHART,
      lines: [md`The value by rung is drawn in charts/ladder.svg.`, md``],
    },
    { lines: [md`${trustedMd(METHOD)}`, md``] },
  ];
}

/** The value of the game by rung, with its bootstrap interval, over the balance band shaded. */
export function ladderChart(
  def: GameDefinition,
  ladder: LadderResult,
  band: BalanceBand = DEFAULT_BALANCE_BAND,
): Spec {
  const row = sideName(def, ladder.design.rowSide);
  const labels = ladder.rungs.map((g) => g.label);
  const values = ladder.rungs.map((g) => ({
    rung: g.label,
    value: g.meta.value,
    lo: g.meta.interval[0],
    hi: g.meta.interval[1],
    text: `${g.label}: ${row} ${percent(g.meta.value)}% [${percentBound(g.meta.interval[0])}, ${percentBound(g.meta.interval[1])}]`,
  }));
  const x = {
    field: 'rung',
    type: 'ordinal',
    sort: labels,
    title: `rung of skill (search budget: ${ladder.design.budget})`,
    axis: { labelAngle: 0 },
  };
  const y = {
    type: 'quantitative',
    title: `${row} score (value of the game)`,
    scale: { domain: [0, 1] },
    axis: { format: '%' },
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `The value of the game by rung of skill`,
      subtitle: `points: ${row}'s equilibrium score; bars: 95% bootstrap interval; shaded: the balance band ${Math.round(band.lo * 100)}-${Math.round(band.hi * 100)}%`,
    },
    config: { font: 'Helvetica, Arial, sans-serif', view: { stroke: null } },
    width: Math.max(240, 140 * labels.length),
    height: 300,
    layer: [
      {
        data: { values: [{ lo: band.lo, hi: band.hi }] },
        mark: { type: 'rect', color: '#9bc59d', opacity: 0.3 },
        encoding: {
          y: { field: 'lo', ...y },
          y2: { field: 'hi' },
        },
      },
      {
        data: { values },
        mark: { type: 'rule', strokeWidth: 2, color: '#1b3b6f' },
        encoding: { x, y: { field: 'lo', ...y }, y2: { field: 'hi' } },
      },
      {
        data: { values },
        mark: { type: 'line', color: '#7a9cc6', point: { filled: true, size: 80, color: '#1b3b6f' } },
        encoding: {
          x,
          y: { field: 'value', ...y },
          tooltip: [{ field: 'text', title: 'rung' }],
          description: { field: 'text' },
        },
      },
    ],
  };
}
