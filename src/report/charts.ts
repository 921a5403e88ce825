import type { ComparisonRow } from '../analysis/compare.js';
import type { OutcomeRow, StatRow } from '../analysis/summary.js';
import type { BoardDef, GameDefinition, OddsTable } from '../core/game.js';
import { hexFeatures } from './hexmap.js';

// Vega-lite specs of the report, each built from summary rows (never from the raw games table, so
// a chart stays small however many games were played). Every chart has a title and axis titles a
// wargamer understands, and draws uncertainty where there is any.

export type Spec = Record<string, unknown>;

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const FONT = { font: 'Helvetica, Arial, sans-serif' };

function base(title: string, subtitle?: string): Spec {
  return {
    $schema: SCHEMA,
    title: subtitle === undefined ? title : { text: title, subtitle },
    config: { ...FONT, view: { stroke: null } },
  };
}

/** 1. How games end per arm (stacked shares) with the first side's win rate and its Wilson interval. */
export function outcomesChart(
  def: GameDefinition,
  outcomes: readonly OutcomeRow[],
  arms: readonly string[],
): Spec {
  const side = def.sides[0]!;
  const results = outcomes
    .filter((o) => o.kind === 'result')
    .map((o) => ({ arm: o.arm, result: o.outcome, share: o.rate, count: o.count }));
  const wins = outcomes
    .filter((o) => o.kind === 'winner' && o.outcome === side.id)
    .map((o) => ({ arm: o.arm, rate: o.rate, lo: o.lo95, hi: o.hi95 }));
  const y = { field: 'arm', type: 'nominal', sort: [...arms], title: 'arm', axis: { labelLimit: 260 } };
  return {
    ...base(
      `How games end, per arm`,
      `bars: share of each result; black: ${side.name} win rate with its 95% Wilson interval`,
    ),
    width: 520,
    height: { step: 26 },
    layer: [
      {
        data: { values: results },
        mark: 'bar',
        encoding: {
          y,
          x: {
            field: 'share',
            type: 'quantitative',
            stack: 'zero',
            title: 'share of games',
            axis: { format: '%' },
            scale: { domain: [0, 1] },
          },
          color: {
            field: 'result',
            type: 'nominal',
            title: 'result',
            sort: def.results.map((r) => r.id),
            scale: { scheme: 'tableau10' },
          },
          order: { field: 'result', sort: 'ascending' },
          tooltip: [
            { field: 'arm' },
            { field: 'result' },
            { field: 'count', title: 'games' },
            { field: 'share', format: '.1%' },
          ],
        },
      },
      {
        data: { values: wins },
        mark: { type: 'rule', color: 'black', strokeWidth: 2 },
        encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } },
      },
      {
        data: { values: wins },
        mark: { type: 'point', filled: true, color: 'black', size: 40 },
        encoding: {
          y,
          x: { field: 'rate', type: 'quantitative' },
          tooltip: [
            { field: 'arm' },
            { field: 'rate', title: `${side.name} wins`, format: '.1%' },
            { field: 'lo', format: '.1%' },
            { field: 'hi', format: '.1%' },
          ],
        },
      },
    ],
  };
}

/** 2. Game length: share of games ending on each turn, per arm. */
export function endTurnChart(
  endTurns: readonly { arm: string; end_turn: number; share: number }[],
  arms: readonly string[],
): Spec {
  return {
    ...base('When games end', 'share of games ending on each turn'),
    data: { values: endTurns },
    width: 420,
    height: { step: 20 },
    mark: 'rect',
    encoding: {
      x: { field: 'end_turn', type: 'ordinal', title: 'last turn played' },
      y: { field: 'arm', type: 'nominal', sort: [...arms], title: 'arm', axis: { labelLimit: 260 } },
      color: {
        field: 'share',
        type: 'quantitative',
        title: 'share of games',
        legend: { format: '%' },
        scale: { scheme: 'blues', domain: [0, 1] },
      },
      tooltip: [{ field: 'arm' }, { field: 'end_turn', title: 'turn' }, { field: 'share', format: '.1%' }],
    },
  };
}

/** 3. The game's own statistics per arm as distributions: min-max whisker, quartile box, median tick. */
export function statisticsChart(
  def: GameDefinition,
  stats: readonly StatRow[],
  arms: readonly string[],
): Spec {
  const values = stats
    .filter((s) => s.stat !== 'end_turn')
    .map((s) => ({ ...s, label: def.stats.find((d) => d.id === s.stat)?.description ?? s.stat }));
  const y = { field: 'arm', type: 'nominal', sort: [...arms], title: null, axis: { labelLimit: 260 } };
  return {
    ...base(
      `${def.title}: game statistics per arm`,
      'line: min to max; box: middle half of games (quartiles); white tick: median; dot: mean',
    ),
    data: { values },
    facet: {
      row: {
        field: 'stat',
        type: 'nominal',
        title: null,
        header: { labelAngle: 0, labelAlign: 'left', labelLimit: 200 },
        sort: def.stats.map((s) => s.id),
      },
    },
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: 420,
      height: { step: 14 },
      layer: [
        {
          mark: { type: 'rule', color: '#888' },
          encoding: { y, x: { field: 'min', type: 'quantitative', title: null }, x2: { field: 'max' } },
        },
        {
          mark: { type: 'bar', color: '#7a9cc6', height: 10 },
          encoding: { y, x: { field: 'q25', type: 'quantitative' }, x2: { field: 'q75' } },
        },
        {
          mark: { type: 'tick', color: 'white', thickness: 2, size: 10 },
          encoding: { y, x: { field: 'median', type: 'quantitative' } },
        },
        {
          mark: { type: 'point', filled: true, color: '#1b3b6f', size: 18 },
          encoding: {
            y,
            x: { field: 'mean', type: 'quantitative' },
            tooltip: [
              { field: 'arm' },
              { field: 'label', title: 'statistic' },
              { field: 'mean', format: '.2f' },
              { field: 'sd', format: '.2f' },
              { field: 'median' },
            ],
          },
        },
      ],
    },
  };
}

/** 4. Forest plot: each arm minus the baseline on each side's win rate, paired interval and unpaired one. */
export function pairedDifferencesChart(
  def: GameDefinition,
  rows: readonly ComparisonRow[],
  arms: readonly string[],
): Spec {
  const side = def.sides[0]!;
  const values = rows.filter((r) => r.outcome === `win:${side.id}`);
  const y = { field: 'arm', type: 'nominal', sort: [...arms], title: 'arm', axis: { labelLimit: 260 } };
  const bases = [...new Set(values.map((v) => v.baseline))];
  const x = {
    type: 'quantitative',
    title: `${side.name} win rate minus ${bases.length === 1 ? `baseline (${bases[0]})` : "the arm's baseline"}`,
    axis: { format: '+%' },
  };
  return {
    ...base(
      'Each arm against the baseline, paired on common seeds',
      'thick: paired 95% interval (Newcombe); thin grey: what unpaired arms would give',
    ),
    data: { values },
    width: 480,
    height: { step: 26 },
    layer: [
      {
        mark: { type: 'rule', color: '#bbb', strokeWidth: 1 },
        encoding: { y, x: { field: 'indep_lo95', ...x }, x2: { field: 'indep_hi95' } },
      },
      {
        mark: { type: 'rule', color: '#1b3b6f', strokeWidth: 4 },
        encoding: { y, x: { field: 'lo95', ...x }, x2: { field: 'hi95' } },
      },
      {
        mark: { type: 'point', filled: true, color: 'black', size: 50 },
        encoding: {
          y,
          x: { field: 'diff', ...x },
          tooltip: [
            { field: 'arm' },
            { field: 'diff', format: '+.1%' },
            { field: 'lo95', format: '+.1%' },
            { field: 'hi95', format: '+.1%' },
            { field: 'p_holm', title: 'Holm p', format: '.3g' },
          ],
        },
      },
      {
        data: { values: [{ zero: 0 }] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#555' },
        encoding: { x: { field: 'zero', type: 'quantitative' } },
      },
    ],
  };
}

/** 5. Sensitivity: outcome rate against a swept parameter's value, with an interval band. */
export function sensitivityChart(
  def: GameDefinition,
  outcomes: readonly OutcomeRow[],
  parameter: string,
  order: readonly string[],
): Spec {
  const side = def.sides[0]!;
  const values = outcomes
    .filter((o) => o.kind === 'winner' && o.outcome === side.id && o.arm.includes(`@${parameter}=`))
    .map((o) => {
      const [armBase, value] = o.arm.split(`@${parameter}=`) as [string, string];
      return { arm: armBase, value, rate: o.rate, lo: o.lo95, hi: o.hi95 };
    });
  const x = { field: 'value', type: 'ordinal', sort: [...order], title: `${parameter} (swept value)` };
  const p = def.parameters.find((q) => q.id === parameter);
  return {
    ...base(
      `Sensitivity of the ${side.name} win rate to ${parameter}`,
      `${p?.provenance === 'reconstructed' ? 'a reconstructed value: ' : ''}band: 95% Wilson interval per point`,
    ),
    data: { values },
    width: 480,
    height: 260,
    encoding: { x, color: { field: 'arm', type: 'nominal', title: 'arm', axis: { labelLimit: 260 } } },
    layer: [
      {
        mark: { type: 'area', opacity: 0.25 },
        encoding: {
          y: { field: 'lo', type: 'quantitative', title: `${side.name} win rate`, axis: { format: '%' } },
          y2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'line', point: true },
        encoding: {
          y: { field: 'rate', type: 'quantitative' },
          tooltip: [
            { field: 'arm' },
            { field: 'value' },
            { field: 'rate', format: '.1%' },
            { field: 'lo', format: '.1%' },
            { field: 'hi', format: '.1%' },
          ],
        },
      },
    ],
  };
}

/** 6. The CRT as exact probabilities: result by column. */
export function oddsChart(table: OddsTable): Spec {
  const values = table.rows.flatMap((r) =>
    r.p.map((p, c) => ({
      outcome: r.outcome,
      column: table.columns[c]!,
      p,
      label: p === 0 ? '' : `${(100 * p).toFixed(0)}%`,
    })),
  );
  return {
    ...base(table.title, `exact probabilities (${table.rule})`),
    data: { values },
    width: { step: 56 },
    height: { step: 26 },
    encoding: {
      x: {
        field: 'column',
        type: 'ordinal',
        sort: [...table.columns],
        title: 'CRT column',
        axis: { labelAngle: 0 },
      },
      y: { field: 'outcome', type: 'ordinal', sort: table.rows.map((r) => r.outcome), title: 'result' },
    },
    layer: [
      {
        mark: 'rect',
        encoding: {
          color: {
            field: 'p',
            type: 'quantitative',
            title: 'probability',
            scale: { scheme: 'orangered', domain: [0, 1] },
            legend: { format: '%' },
          },
        },
      },
      {
        mark: { type: 'text', fontSize: 11 },
        encoding: {
          text: { field: 'label' },
          color: { condition: { test: 'datum.p > 0.5', value: 'white' }, value: 'black' },
        },
      },
    ],
  };
}

/** 7. The board drawn as hexes in their true layout, coloured by how often each hex was marked. */
export function hexMapChart(
  def: GameDefinition,
  board: BoardDef,
  heat: readonly { arm: string; hex: string; share: number }[],
  arms: readonly string[],
): Spec {
  const info = new Map(board.hexes.map((h) => [h.id, h]));
  const ids = board.hexes.map((h) => h.id);
  const values = arms.flatMap((arm) => {
    const byHex = new Map(heat.filter((h) => h.arm === arm).map((h) => [h.hex, h.share]));
    const hexes = hexFeatures(board.shifted, ids, (id) => ({
      kind: 'hex',
      arm,
      share: byHex.get(id) ?? 0,
      terrain: info.get(id)!.terrain,
      name: info.get(id)!.name ?? '',
    }));
    const marks = board.hexes.flatMap((h) =>
      (h.marks ?? []).flatMap((mark) =>
        hexFeatures(board.shifted, [h.id], () => ({ kind: 'mark', arm, mark, name: h.name ?? '' })),
      ),
    );
    return [...hexes, ...marks];
  });
  // An explicit identity projection (vega-lite does not fit projections inside facets): the map's
  // bounding box scaled into a panel of fixed width.
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const f of hexFeatures(board.shifted, ids, () => ({})) as {
    geometry: { coordinates: number[][][] };
  }[]) {
    for (const [x, y] of f.geometry.coordinates[0]!) {
      minX = Math.min(minX, x!);
      maxX = Math.max(maxX, x!);
      minY = Math.min(minY, y!);
      maxY = Math.max(maxY, y!);
    }
  }
  const width = 300;
  const scale = width / (maxX - minX);
  const height = Math.round((maxY - minY) * scale);
  return {
    ...base(
      `${def.title}: ${board.heat}`,
      'fill: share of games; coloured outlines: terrain and map features',
    ),
    data: { values },
    facet: { field: 'properties.arm', type: 'nominal', title: null, sort: [...arms] },
    columns: Math.min(3, arms.length),
    spec: {
      width,
      height,
      projection: { type: 'identity', scale, translate: [-minX * scale, -minY * scale] },
      layer: [
        {
          transform: [{ filter: "datum.properties.kind === 'hex'" }],
          mark: { type: 'geoshape', stroke: '#999', strokeWidth: 0.6 },
          encoding: {
            color: {
              field: 'properties.share',
              type: 'quantitative',
              title: 'share of games',
              scale: { scheme: 'yelloworangered', domain: [0, 1] },
              legend: { format: '%' },
            },
            tooltip: [
              { field: 'properties.id', title: 'hex' },
              { field: 'properties.name', title: 'name' },
              { field: 'properties.terrain', title: 'terrain' },
              { field: 'properties.share', title: 'share', format: '.1%' },
            ],
          },
        },
        {
          transform: [{ filter: "datum.properties.kind === 'mark'" }],
          mark: { type: 'geoshape', filled: false, strokeWidth: 1.8 },
          encoding: {
            stroke: {
              field: 'properties.mark',
              type: 'nominal',
              title: 'map feature',
              scale: { scheme: 'dark2' },
            },
          },
        },
      ],
    },
  };
}
