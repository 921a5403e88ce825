import type { ComparisonRow } from '../analysis/compare.js';
import { type BalanceBand, DEFAULT_BALANCE_BAND } from '../analysis/metagame.js';
import type { BandSides, Robustness } from '../analysis/robustness.js';
import type { OutcomeRow, StatRow } from '../analysis/summary.js';
import type {
  BoardCell,
  BoardDef,
  HexBoardDef,
  PointBoardDef,
  PointCell,
  ZoneBoardDef,
} from '../core/board.js';
import type { GameDefinition, OddsTable } from '../core/game.js';
import { percent, percentBound } from '../core/percent.js';
import { sideName } from './format.js';
import { hexBoardBounds, hexBoardFeatures, hexEdgeLabels, placedHexes, placeSheets } from './hexmap.js';

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
  const colours = outcomeColours(def);
  const order = new Map(colours.domain.map((id, i) => [id, i]));
  const results = outcomes
    .filter((o) => o.kind === 'result')
    .map((o) => ({
      arm: o.arm,
      result: o.outcome,
      order: order.get(o.outcome) ?? 0,
      share: o.rate,
      count: o.count,
    }));
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
            sort: [...colours.domain],
            scale: { domain: [...colours.domain], range: [...colours.range] },
          },
          order: { field: 'order', sort: 'ascending' },
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

/** Hue families per side, darkest first: the first side's blues, the second's reds, then others. */
const SIDE_HUES: readonly (readonly string[])[] = [
  ['#2171b5', '#6baed6', '#9ecae1', '#c6dbef'],
  ['#cb181d', '#fb6a4a', '#fc9272', '#fcbba1'],
  ['#238b45', '#74c476', '#a1d99b', '#c7e9c0'],
  ['#6a51a3', '#9e9ac8', '#bcbddc', '#dadaeb'],
];
const NO_WINNER_GREYS: readonly string[] = ['#969696', '#bdbdbd', '#d9d9d9'];

/**
 * The result colours of a game, in stacking order left to right: the first side's results in its
 * hue family (its first result darkest, at the left edge), results without a winner in greys in
 * the middle, then the other sides' results in theirs, the second side's first result darkest at
 * the right edge. Built from the ResultDefs' winners and the sides' order only, so fixed per game.
 */
export function outcomeColours(def: GameDefinition): { domain: string[]; range: string[] } {
  const entries: { id: string; colour: string }[] = [];
  const ofSide = (side: string | null) => def.results.filter((r) => r.winner === side);
  const shade = (family: readonly string[], k: number) => family[Math.min(k, family.length - 1)]!;
  const [first, ...rest] = def.sides;
  if (first !== undefined)
    ofSide(first.id).forEach((r, k) => {
      entries.push({ id: r.id, colour: shade(SIDE_HUES[0]!, k) });
    });
  ofSide(null).forEach((r, k) => {
    entries.push({ id: r.id, colour: shade(NO_WINNER_GREYS, k) });
  });
  rest.forEach((side, i) => {
    const family = SIDE_HUES[(i + 1) % SIDE_HUES.length]!;
    const mine = ofSide(side.id).map((r, k) => ({ id: r.id, colour: shade(family, k) }));
    entries.push(...mine.reverse());
  });
  // results naming a winner that is not a side (none in a valid game) go last, in grey
  for (const r of def.results)
    if (!entries.some((e) => e.id === r.id)) entries.push({ id: r.id, colour: NO_WINNER_GREYS[0]! });
  return { domain: entries.map((e) => e.id), range: entries.map((e) => e.colour) };
}

/**
 * The statistics (ids) that took one value in every game of every arm: minimum equal to maximum in
 * each arm, and the same value in all arms (a statistic fixed within each arm but different between
 * arms separates them perfectly, so it is not constant).
 */
export function constantStats(stats: readonly StatRow[]): string[] {
  const reached = stats.filter((s) => !Number.isNaN(s.min));
  const varies = new Set(reached.filter((s) => s.min !== s.max).map((s) => s.stat));
  const value = new Map<string, number>();
  for (const s of reached) {
    const v = value.get(s.stat);
    if (v === undefined) value.set(s.stat, s.min);
    else if (v !== s.min) varies.add(s.stat);
  }
  return [...new Set(stats.map((s) => s.stat))].filter((id) => !varies.has(id));
}

/** How well one statistic separates the arms (rankStats). */
export interface StatSpread {
  readonly stat: string;
  /**
   * The between-arm effect size: the highest arm mean minus the lowest, over the pooled
   * within-arm standard deviation (the root mean square of the arms' sds). Infinite when the arms
   * differ but no arm varies within; 0 when every arm has the same mean.
   */
  readonly effect: number;
  readonly low: { readonly arm: string; readonly mean: number };
  readonly high: { readonly arm: string; readonly mean: number };
}

/**
 * The statistics that vary (not end_turn, not constant), those that separate the arms most
 * first: ranked by the between-arm effect size of StatSpread, ties in the game's own order.
 * Arms with no game reaching a statistic (mean NaN) are left out of its spread.
 */
export function rankStats(def: GameDefinition, stats: readonly StatRow[]): StatSpread[] {
  const constant = new Set(constantStats(stats));
  const order = [...def.stats.map((s) => s.id), ...stats.map((s) => s.stat)];
  const ids = [...new Set(order)].filter(
    (id) => id !== 'end_turn' && !constant.has(id) && stats.some((s) => s.stat === id),
  );
  const spreads = ids.map((stat): StatSpread => {
    const rows = stats.filter((s) => s.stat === stat && Number.isFinite(s.mean));
    if (rows.length === 0) return { stat, effect: 0, low: { arm: '', mean: 0 }, high: { arm: '', mean: 0 } };
    const low = rows.reduce((a, b) => (b.mean < a.mean ? b : a));
    const high = rows.reduce((a, b) => (b.mean > a.mean ? b : a));
    const sds = rows.map((r) => (Number.isFinite(r.sd) ? r.sd : 0));
    const pooled = Math.sqrt(sds.reduce((a, b) => a + b * b, 0) / sds.length);
    const range = high.mean - low.mean;
    const effect = range === 0 ? 0 : pooled === 0 ? Number.POSITIVE_INFINITY : range / pooled;
    return {
      stat,
      effect,
      low: { arm: low.arm, mean: low.mean },
      high: { arm: high.arm, mean: high.mean },
    };
  });
  // a stable sort: equal effects keep the game's order
  return spreads.sort((a, b) => (a.effect === b.effect ? 0 : b.effect - a.effect));
}

/**
 * One outcome's rate over a policy matrix (a side's wins, by default the row side's, or `none`:
 * games without a winner): one cell per arm, its rate and Wilson 95% interval written in it.
 */
export function matrixChart(
  def: GameDefinition,
  matrix: {
    readonly rowSide: string;
    readonly colSide: string;
    readonly rows: readonly string[];
    readonly cols: readonly string[];
    readonly arms: readonly (readonly string[])[];
  },
  outcomes: readonly OutcomeRow[],
  outcome: string = matrix.rowSide,
): Spec {
  const name = (s: string) => sideName(def, s);
  // what a cell shows: a side's wins, or games without a winner (`none`)
  const what = outcome === 'none' ? 'games without a winner' : `${name(outcome)} wins`;
  const rateName = outcome === 'none' ? 'Games without a winner' : `${name(outcome)} win rate`;
  const win = new Map(
    outcomes.filter((o) => o.kind === 'winner' && o.outcome === outcome).map((o) => [o.arm, o]),
  );
  const values = matrix.rows.flatMap((row, r) =>
    matrix.cols.map((col, c) => {
      const arm = matrix.arms[r]![c]!;
      const o = win.get(arm);
      const rate = o?.rate ?? 0;
      return {
        row,
        col,
        arm,
        rate,
        rateText: `${percent(rate)}%`,
        ciText: o === undefined ? '' : `[${percentBound(o.lo95)}, ${percentBound(o.hi95)}]`,
        label: `${arm}: ${what} ${percent(rate)}%${o === undefined ? '' : ` [${percentBound(o.lo95)}, ${percentBound(o.hi95)}]`}`,
      };
    }),
  );
  const x = {
    field: 'col',
    type: 'nominal',
    sort: [...matrix.cols],
    title: `${name(matrix.colSide)} policy`,
    axis: { orient: 'top', labelAngle: 0, labelLimit: 160, labelFontSize: 12, titleFontSize: 13 },
  };
  const y = {
    field: 'row',
    type: 'nominal',
    sort: [...matrix.rows],
    title: `${name(matrix.rowSide)} policy`,
    axis: { labelLimit: 200, labelFontSize: 12, titleFontSize: 13 },
  };
  const dark = 'datum.rate > 0.55';
  return {
    ...base(
      `${rateName}, ${name(matrix.rowSide)} × ${name(matrix.colSide)} policies`,
      'each cell: the rate and its Wilson 95% interval',
    ),
    data: { values },
    width: { step: 170 },
    height: { step: 64 },
    encoding: { x, y },
    layer: [
      {
        mark: { type: 'rect', stroke: 'white', strokeWidth: 2 },
        encoding: {
          color: {
            field: 'rate',
            type: 'quantitative',
            title: what,
            scale: {
              scheme: outcome === matrix.rowSide ? 'blues' : outcome === 'none' ? 'greys' : 'reds',
              domain: [0, 1],
            },
            legend: { format: '%' },
          },
          description: { field: 'label' },
          tooltip: [{ field: 'label', title: 'cell' }],
        },
      },
      {
        mark: { type: 'text', aria: false, fontSize: 17, fontWeight: 'bold', dy: -9 },
        encoding: {
          text: { field: 'rateText' },
          color: { condition: { test: dark, value: 'white' }, value: 'black' },
        },
      },
      {
        mark: { type: 'text', aria: false, fontSize: 12, dy: 12 },
        encoding: {
          text: { field: 'ciText' },
          color: { condition: { test: dark, value: 'white' }, value: 'black' },
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
  shown: readonly string[] = rankStats(def, stats).map((s) => s.stat),
): Spec {
  const drawn = new Set(shown);
  const values = stats
    .filter((s) => drawn.has(s.stat))
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
        sort: [...shown],
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
    encoding: { x, color: { field: 'arm', type: 'nominal', title: 'arm', legend: { labelLimit: 260 } } },
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
      label: p === 0 ? '' : `${percent(p, 0)}%`,
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

/** A cell's share in one arm, as cells.csv gives it. */
export type CellHeat = { readonly arm: string; readonly cell: string; readonly share: number };

/** Per arm: cell id -> share of games (cells missing from the heat count as 0). */
function sharesByArm(heat: readonly CellHeat[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const h of heat) {
    const m = out.get(h.arm) ?? new Map<string, number>();
    out.set(h.arm, m.set(h.cell, h.share));
  }
  return out;
}

/** What hovering a cell shows (the SVG <title>): id, name, terrain, marks and its share. */
function cellLabel(c: BoardCell, share: number): string {
  const marks = c.marks === undefined || c.marks.length === 0 ? '' : `; ${c.marks.join(', ')}`;
  return `${c.id}${c.name === undefined || c.name === '' ? '' : ` ${c.name}`} (${c.terrain}${marks}): ${percent(share)}% of games`;
}

const SHARE_COLOUR = {
  field: 'share',
  type: 'quantitative',
  title: 'share of games',
  scale: { scheme: 'yelloworangered', domain: [0, 1] },
  legend: { format: '%' },
} as const;

/** 7. The board, each cell coloured (and on zone and point boards sized) by the share of games marking it. */
export function boardChart(
  def: GameDefinition,
  board: BoardDef,
  heat: readonly CellHeat[],
  arms: readonly string[],
): Spec {
  return board.kind === 'hex' ? hexMapChart(def, board, heat, arms) : networkMapChart(def, board, heat, arms);
}

/**
 * One symbol per kind of terrain across every game's hex map, whatever the game calls it, so a
 * shape and colour mean the same ground everywhere: open ground a grey circle, woods a green
 * triangle, broken ground a brown diamond, mountains a dark brown down-triangle, towns a black
 * square, airfields a blue cross. A terrain the table does not know gets one of the purple
 * fallback shapes, in order of first appearance.
 */
const TERRAIN_SYMBOLS: readonly { names: readonly string[]; shape: string; colour: string }[] = [
  { names: ['clear', 'plaine', 'open'], shape: 'circle', colour: '#969696' },
  { names: ['forest', 'woods', 'boisee'], shape: 'triangle-up', colour: '#1b7837' },
  { names: ['rough', 'hills', 'colline', 'broken'], shape: 'diamond', colour: '#8c510a' },
  { names: ['mountain', 'mountains', 'montagne', 'difficile'], shape: 'triangle-down', colour: '#543005' },
  { names: ['town', 'city'], shape: 'square', colour: '#252525' },
  { names: ['airfield'], shape: 'cross', colour: '#2166ac' },
];
const OTHER_TERRAIN_SHAPES = ['wedge', 'triangle-right', 'triangle-left', 'arrow', 'stroke'];

/** The symbol (shape, colour) of each terrain in `terrains`, as TERRAIN_SYMBOLS fixes it. */
export function terrainSymbols(terrains: readonly string[]): { shape: string; colour: string }[] {
  let other = 0;
  return terrains.map((t) => {
    const known = TERRAIN_SYMBOLS.find((k) => k.names.includes(t.toLowerCase()));
    if (known !== undefined) return { shape: known.shape, colour: known.colour };
    const shape = OTHER_TERRAIN_SHAPES[other % OTHER_TERRAIN_SHAPES.length]!;
    other++;
    return { shape, colour: '#762a83' };
  });
}

/** A hex board's label: its font size (px) and its baseline's height above the board's top (map units), clear of the column numbers. */
const LABEL_PX = 12;
const LABEL_GAP = 1.6;

/**
 * The hex map: hexes in their true layout, several boards side by side with their labels. Drawn
 * bottom to top: the fill (share of games), the hex outlines above it, a symbol for every terrain
 * but the board's most common one, the outlines of map features, place names, and the column and
 * row numbers on the edges. Each hex's hover title gives its id, name, terrain, features and share.
 */
export function hexMapChart(
  def: GameDefinition,
  board: HexBoardDef,
  heat: readonly CellHeat[],
  arms: readonly string[],
): Spec {
  const shares = sharesByArm(heat);
  const marked = board.cells.flatMap((c, i) => (c.marks ?? []).map((mark) => ({ i, mark })));
  const sheets = placeSheets(board);
  // A single board needs no label: the chart's title names the map.
  const labelled = sheets.length > 1;
  const placed = placedHexes(board);
  const terrains = [...new Set(board.cells.map((c) => c.terrain))];
  const ground = terrains
    .map((t) => ({ t, n: board.cells.filter((c) => c.terrain === t).length }))
    .reduce((x, y) => (y.n > x.n ? y : x)).t;
  // the board's most common terrain is left unmarked (the subtitle says which)
  const drawnTerrains = terrains.filter((t) => t !== ground);
  const symbols = terrainSymbols(drawnTerrains);
  const point = (kind: string, arm: string, x: number, y: number, more: Record<string, unknown>) => ({
    type: 'Feature',
    properties: { kind, arm, x, y, ...more },
    geometry: { type: 'Point', coordinates: [x, y] },
  });
  const edges = hexEdgeLabels(board);
  const values = arms.flatMap((arm) => {
    const byCell = shares.get(arm);
    const hexes = hexBoardFeatures(board, (c) => {
      const share = byCell?.get(c.id) ?? 0;
      return { kind: 'hex', arm, share, label: cellLabel(c, share) };
    });
    const marks = marked.flatMap(({ i, mark }) =>
      hexBoardFeatures(board, (c) => ({ kind: 'mark', arm, mark, label: `${c.id}: ${mark}` }), [i]),
    );
    const terrain = placed
      .filter(({ cell }) => cell.terrain !== ground)
      .map(({ cell, hex }) =>
        point('terrain', arm, hex.centre[0] - 0.45, hex.centre[1] - 0.4, { terrain: cell.terrain }),
      );
    const names = placed
      .filter(({ cell }) => cell.name !== undefined && cell.name !== '')
      .map(({ cell, hex }) =>
        point('name', arm, hex.centre[0], hex.centre[1] + 0.45, {
          text: cell.name,
          share: byCell?.get(cell.id) ?? 0,
        }),
      );
    const numbers = edges.map((e) => point('edge', arm, e.x, e.y, { text: e.text, axis: e.axis }));
    const labels = labelled
      ? sheets.map((p) => point('label', arm, p.left, p.top - LABEL_GAP, { text: p.label }))
      : [];
    return [...hexes, ...marks, ...terrain, ...names, ...numbers, ...labels];
  });
  // An explicit identity projection (vega-lite does not fit projections inside facets): the map's
  // bounding box, widened for the edge numbers (and the boards' labels above them), scaled into a
  // panel of fixed width.
  const b = hexBoardBounds(board);
  const minX = Math.min(b.minX, ...edges.map((e) => e.x - 0.8));
  // several boards side by side: one map per row, as wide as the page allows
  const width = labelled ? 1040 : 460;
  const scale = width / (b.maxX - minX);
  // names, numbers and symbols grow with the hexes (scale: pixels per hex radius)
  const namePx = Math.max(7, Math.min(11, scale * 0.55));
  const edgePx = Math.max(8, Math.min(10, scale * 0.5));
  const symbolSize = Math.round(Math.max(26, Math.min(60, scale * scale * 0.2)));
  // a board's label sits above its column numbers; its text is LABEL_PX high whatever the scale
  const minY = Math.min(
    b.minY,
    ...edges.map((e) => e.y - 0.7),
    ...(labelled ? sheets.map((p) => p.top - LABEL_GAP - (LABEL_PX + 2) / scale) : []),
  );
  const height = Math.round((b.maxY - minY) * scale);
  const at = {
    longitude: { field: 'properties.x', type: 'quantitative' },
    latitude: { field: 'properties.y', type: 'quantitative' },
  };
  const only = (kind: string) => [{ filter: `datum.properties.kind === '${kind}'` }];
  const layers: Spec[] = [
    {
      transform: only('hex'),
      mark: { type: 'geoshape', strokeWidth: 0 },
      encoding: {
        color: { ...SHARE_COLOUR, field: 'properties.share' },
        description: { field: 'properties.label' },
        tooltip: [{ field: 'properties.label', title: 'hex' }],
      },
    },
    {
      transform: only('hex'),
      mark: { type: 'geoshape', filled: false, stroke: '#555', strokeWidth: 0.7 },
    },
    {
      transform: only('terrain'),
      mark: { type: 'point', aria: false, filled: true, size: symbolSize, opacity: 1, strokeWidth: 0 },
      encoding: {
        ...at,
        shape: {
          field: 'properties.terrain',
          type: 'nominal',
          title: 'terrain',
          scale: { domain: drawnTerrains, range: symbols.map((x) => x.shape) },
        },
        fill: {
          field: 'properties.terrain',
          type: 'nominal',
          title: 'terrain',
          scale: { domain: drawnTerrains, range: symbols.map((x) => x.colour) },
        },
      },
    },
    {
      transform: only('mark'),
      mark: { type: 'geoshape', filled: false, strokeWidth: 1.8 },
      encoding: {
        stroke: {
          field: 'properties.mark',
          type: 'nominal',
          title: 'map feature',
          scale: { scheme: 'dark2' },
        },
        description: { field: 'properties.label' },
      },
    },
    {
      transform: only('name'),
      mark: { type: 'text', aria: false, fontSize: namePx, baseline: 'middle' },
      encoding: {
        ...at,
        text: { field: 'properties.text' },
        // white on the dark end of the fill scale, black elsewhere
        color: { condition: { test: 'datum.properties.share > 0.6', value: 'white' }, value: '#111' },
      },
    },
    {
      transform: only('edge'),
      mark: {
        type: 'text',
        aria: false,
        fontSize: edgePx,
        baseline: 'middle',
        align: 'center',
        color: '#444',
      },
      encoding: { ...at, text: { field: 'properties.text' } },
    },
  ];
  if (labelled) {
    layers.push({
      transform: only('label'),
      mark: {
        type: 'text',
        aria: false,
        align: 'left',
        baseline: 'bottom',
        fontSize: LABEL_PX,
        fontWeight: 'bold',
      },
      encoding: { ...at, text: { field: 'properties.text' } },
    });
  }
  return {
    ...base(
      `${def.title}: ${board.heat}`,
      `fill: share of games; coloured outlines: map features; symbols: terrain (unmarked: ${ground}); numbers: columns and rows`,
    ),
    data: { values },
    facet: { field: 'properties.arm', type: 'nominal', title: null, sort: [...arms] },
    columns: labelled ? 1 : Math.max(1, Math.min(2, Math.floor(1000 / width), arms.length)),
    resolve: { scale: { color: 'shared', fill: 'shared' }, legend: { color: 'shared', fill: 'shared' } },
    spec: {
      width,
      height,
      projection: { type: 'identity', scale, translate: [-minX * scale, -minY * scale] },
      layer: layers,
    },
  };
}

/** A node's largest radius (px, at a share of 1), a ring's gap from the node and between rings. */
const NODE_R = 9;
const RING_GAP = 4;
const NAME_PX = 10;
const MAP_WIDTH = 960;
const MAP_MAX_HEIGHT = 760;

/** A place name drawn next to its node: its anchor in data units and which side of the node it sits. */
export interface PlacedName {
  readonly id: string;
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly align: 'left' | 'right' | 'center';
  readonly baseline: 'middle' | 'bottom' | 'top';
}

/**
 * How a zone or point board is drawn: a panel MAP_WIDTH wide; its height stretches the y units
 * (the positions of such boards are schematic) until no two nodes' outermost rings overlap, up to
 * MAP_MAX_HEIGHT; ring k of a node (one per map feature) has radius NODE_R + RING_GAP (k + 1).
 * Names are placed greedily, cells with map features first, each right of, left of, above or
 * below its node, where it overlaps no node's rings, no other name and stays in the panel; a name
 * that finds no room is left to the node's hover title and listed in `unnamed`.
 */
export function networkLayout(board: ZoneBoardDef | PointBoardDef): {
  width: number;
  height: number;
  x: { domain: [number, number] };
  y: { domain: [number, number] };
  ringRadius: (k: number) => number;
  names: PlacedName[];
  unnamed: { id: string; name: string }[];
} {
  const cells = board.cells;
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const ringRadius = (k: number) => NODE_R + RING_GAP * (k + 1);
  const outer = (c: BoardCell) => ((c.marks ?? []).length === 0 ? NODE_R : ringRadius(c.marks!.length - 1));
  // pixels per x unit: the positions' width and a margin of 60 px a side into the panel
  const margin = 60;
  const xUnit = (MAP_WIDTH - 2 * margin) / Math.max(x1 - x0, 1e-9);
  let yUnit = xUnit;
  for (let i = 0; i < cells.length; i++)
    for (let j = i + 1; j < cells.length; j++) {
      const [a, b] = [cells[i]!, cells[j]!];
      const need = outer(a) + outer(b) + 2;
      const dx = Math.abs(a.x - b.x) * xUnit;
      const dy = Math.abs(a.y - b.y);
      if (dx < need && dy > 0) yUnit = Math.max(yUnit, Math.sqrt(need * need - dx * dx) / dy);
    }
  yUnit = Math.min(yUnit, (MAP_MAX_HEIGHT - 2 * margin) / Math.max(y1 - y0, 1e-9));
  const height = Math.round(Math.max(120, (y1 - y0) * yUnit + 2 * margin));
  const [mx, my] = [margin / xUnit, margin / yUnit];
  const px = (c: { x: number; y: number }) => ({
    x: (c.x - x0) * xUnit + margin,
    y: (c.y - y0) * yUnit + margin,
  });
  type Box = { l: number; r: number; t: number; b: number };
  const boxes: Box[] = [];
  const clear = (q: Box) =>
    q.l >= 0 &&
    q.r <= MAP_WIDTH &&
    q.t >= 0 &&
    q.b <= height &&
    boxes.every((o) => q.r <= o.l || q.l >= o.r || q.b <= o.t || q.t >= o.b) &&
    cells.every((c) => {
      const p = px(c);
      const r = outer(c);
      const nx = Math.max(q.l, Math.min(p.x, q.r));
      const ny = Math.max(q.t, Math.min(p.y, q.b));
      return (nx - p.x) ** 2 + (ny - p.y) ** 2 >= r * r;
    });
  const names: PlacedName[] = [];
  const unnamed: { id: string; name: string }[] = [];
  const named = cells.filter((c) => c.name !== undefined && c.name !== '');
  const order = [
    ...named.filter((c) => (c.marks ?? []).length > 0),
    ...named.filter((c) => (c.marks ?? []).length === 0),
  ];
  const h = NAME_PX + 2;
  /** Where a name of width w may go around a node at p with outer radius r: right, left, above, below, then the diagonals. */
  const spots = (p: { x: number; y: number }, r: number, w: number) => {
    const d = r * Math.SQRT1_2;
    const out: [PlacedName['align'], PlacedName['baseline'], Box, number, number][] = [
      ['left', 'middle', { l: p.x + r, r: p.x + r + w, t: p.y - h / 2, b: p.y + h / 2 }, r, 0],
      ['right', 'middle', { l: p.x - r - w, r: p.x - r, t: p.y - h / 2, b: p.y + h / 2 }, -r, 0],
      ['center', 'bottom', { l: p.x - w / 2, r: p.x + w / 2, t: p.y - r - h, b: p.y - r }, 0, -r],
      ['center', 'top', { l: p.x - w / 2, r: p.x + w / 2, t: p.y + r, b: p.y + r + h }, 0, r],
      ['left', 'bottom', { l: p.x + d, r: p.x + d + w, t: p.y - d - h, b: p.y - d }, d, -d],
      ['right', 'bottom', { l: p.x - d - w, r: p.x - d, t: p.y - d - h, b: p.y - d }, -d, -d],
      ['left', 'top', { l: p.x + d, r: p.x + d + w, t: p.y + d, b: p.y + d + h }, d, d],
      ['right', 'top', { l: p.x - d - w, r: p.x - d, t: p.y + d, b: p.y + d + h }, -d, d],
    ];
    return out;
  };
  for (const c of order) {
    const full = c.name!;
    // a name of several parts ("Maleme airfield / Hill 107") may be drawn by its first part
    const texts = full.includes(' / ') ? [full, full.split(' / ')[0]!] : [full];
    const p = px(c);
    const r = outer(c) + 2;
    let done = false;
    for (const text of texts) {
      const fit = spots(p, r, 0.58 * NAME_PX * text.length).find(([, , q]) => clear(q));
      if (fit === undefined) continue;
      const [align, baseline, q, dx, dy] = fit;
      boxes.push(q);
      names.push({ id: c.id, text, x: c.x + dx / xUnit, y: c.y + dy / yUnit, align, baseline });
      done = true;
      break;
    }
    if (!done) unnamed.push({ id: c.id, name: full });
  }
  return {
    width: MAP_WIDTH,
    height,
    x: { domain: [x0 - mx, x1 + mx] },
    y: { domain: [y0 - my, y0 + (height - margin) / yUnit] },
    ringRadius,
    names,
    unnamed,
  };
}

/**
 * A zone or point board: cells as nodes at their positions (off-map boxes as squares), joined by
 * their links or lines (styled by class), each node sized and coloured by its share, a ring per
 * map feature around it and its name beside it where there is room (networkLayout); every node's
 * hover title names it. One map per row, MAP_WIDTH wide.
 */
export function networkMapChart(
  def: GameDefinition,
  board: ZoneBoardDef | PointBoardDef,
  heat: readonly CellHeat[],
  arms: readonly string[],
): Spec {
  const shares = sharesByArm(heat);
  const at = new Map(board.cells.map((c) => [c.id, c]));
  const layout = networkLayout(board);
  const edges =
    board.kind === 'zones'
      ? board.links.map((l) => ({ a: l.a, b: l.b, class: l.kind ?? 'link' }))
      : board.lines.map((l) => ({ a: l.a, b: l.b, class: l.class }));
  const classes = [...new Set(edges.map((e) => e.class))];
  const placedName = new Set(layout.names.map((n) => n.id));
  const values = arms.flatMap((arm) => {
    const byCell = shares.get(arm);
    const lines = edges.map((e) => {
      const [p, q] = [at.get(e.a)!, at.get(e.b)!];
      return {
        kind: 'line',
        arm,
        class: e.class,
        x: p.x,
        y: p.y,
        x2: q.x,
        y2: q.y,
        label: `${e.a} - ${e.b}: ${e.class}`,
      };
    });
    const nodes = board.cells.map((c) => {
      const share = byCell?.get(c.id) ?? 0;
      const box = board.kind === 'points' && (c as PointCell).box === true;
      return {
        kind: 'node',
        arm,
        id: c.id,
        // the id is printed under a node whose name found no room beside it
        idText: placedName.has(c.id) ? '' : c.id,
        x: c.x,
        y: c.y,
        share,
        place: box ? 'off-map box' : board.kind === 'zones' ? 'zone' : 'point',
        label: cellLabel(c, share),
      };
    });
    const rings = board.cells.flatMap((c) =>
      (c.marks ?? []).map((mark, k) => ({
        kind: 'ring',
        arm,
        x: c.x,
        y: c.y,
        mark,
        // a point's size is its area in px²
        ringSize: Math.PI * layout.ringRadius(k) ** 2,
        label: `${c.id}: ${mark}`,
      })),
    );
    const names = layout.names.map((n) => ({ kind: 'name', arm, ...n }));
    return [...lines, ...nodes, ...rings, ...names];
  });
  const x = {
    type: 'quantitative',
    axis: null,
    scale: { domain: layout.x.domain, nice: false, zero: false },
  } as const;
  const y = {
    type: 'quantitative',
    axis: null,
    scale: { domain: layout.y.domain, nice: false, zero: false, reverse: true },
  } as const;
  const places = board.kind === 'zones' ? ['zone'] : ['point', 'off-map box'];
  const what = board.kind === 'zones' ? 'zone' : 'point';
  const nameLayer = (align: PlacedName['align'], baseline: PlacedName['baseline']) => ({
    transform: [
      { filter: `datum.kind === 'name' && datum.align === '${align}' && datum.baseline === '${baseline}'` },
    ],
    mark: { type: 'text', aria: false, fontSize: NAME_PX, color: '#111', align, baseline },
    encoding: { x: { field: 'x', ...x }, y: { field: 'y', ...y }, text: { field: 'text' } },
  });
  return {
    ...base(
      `${def.title}: ${board.heat}`,
      `${board.kind === 'zones' ? 'zones and their links' : 'points and their lines'}; size and fill: share of games; coloured rings: map features; hover a ${what} for its name and share`,
    ),
    data: { values },
    facet: { field: 'arm', type: 'nominal', title: null, sort: [...arms] },
    columns: 1,
    spec: {
      width: layout.width,
      height: layout.height,
      resolve: { scale: { size: 'independent' } },
      layer: [
        {
          transform: [{ filter: "datum.kind === 'line'" }],
          mark: { type: 'rule', color: '#777', strokeWidth: 1.5 },
          encoding: {
            x: { field: 'x', ...x },
            y: { field: 'y', ...y },
            x2: { field: 'x2' },
            y2: { field: 'y2' },
            strokeDash: {
              field: 'class',
              type: 'nominal',
              title: board.kind === 'zones' ? 'link' : 'line',
              scale: { domain: classes },
            },
            description: { field: 'label' },
          },
        },
        {
          transform: [{ filter: "datum.kind === 'ring'" }],
          mark: { type: 'point', filled: false, strokeWidth: 1.8 },
          encoding: {
            x: { field: 'x', ...x },
            y: { field: 'y', ...y },
            size: { field: 'ringSize', type: 'quantitative', legend: null, scale: null },
            stroke: { field: 'mark', type: 'nominal', title: 'map feature', scale: { scheme: 'dark2' } },
            description: { field: 'label' },
          },
        },
        {
          transform: [{ filter: "datum.kind === 'node'" }],
          mark: { type: 'point', filled: true, stroke: '#333', strokeWidth: 0.8, opacity: 1 },
          encoding: {
            x: { field: 'x', ...x },
            y: { field: 'y', ...y },
            color: SHARE_COLOUR,
            size: {
              field: 'share',
              type: 'quantitative',
              legend: null,
              scale: { domain: [0, 1], range: [30, Math.round(Math.PI * NODE_R * NODE_R)] },
            },
            shape: {
              field: 'place',
              type: 'nominal',
              title: what === 'zone' ? null : 'cell',
              scale: { domain: places, range: ['circle', 'square'].slice(0, places.length) },
              ...(what === 'zone' ? { legend: null } : {}),
            },
            description: { field: 'label' },
            tooltip: [{ field: 'label', title: what }],
          },
        },
        {
          transform: [{ filter: "datum.kind === 'node'" }],
          mark: { type: 'text', aria: false, dy: NODE_R + 6, fontSize: 8, color: '#555' },
          encoding: { x: { field: 'x', ...x }, y: { field: 'y', ...y }, text: { field: 'idText' } },
        },
        nameLayer('left', 'middle'),
        nameLayer('right', 'middle'),
        nameLayer('center', 'bottom'),
        nameLayer('center', 'top'),
        nameLayer('left', 'bottom'),
        nameLayer('right', 'bottom'),
        nameLayer('left', 'top'),
        nameLayer('right', 'top'),
      ],
    },
  };
}

/**
 * The verdict across readings (src/analysis/robustness.ts): the row side's meta-game value (against
 * the rules: its best policy's score) under the rules as written and under each reading, as a dot
 * with its bootstrap interval, over the balance band shaded.
 */
export function robustnessChart(
  sides: BandSides,
  rb: Robustness,
  band: BalanceBand = DEFAULT_BALANCE_BAND,
): Spec {
  const rowSideName = sides.rowSide;
  const againstRules = sides.againstRules === true;
  const values = [
    {
      setting: 'rules as written',
      kind: 'rules as written',
      value: rb.value,
      lo: rb.interval[0],
      hi: rb.interval[1],
    },
    ...rb.readings.map((r) => ({
      setting: r.id,
      kind: 'reading',
      value: r.value,
      lo: r.interval[0],
      hi: r.interval[1],
      label: r.label,
      difference: r.difference,
    })),
  ];
  const y = {
    field: 'setting',
    type: 'nominal',
    sort: values.map((v) => v.setting),
    title: 'rules',
    axis: { labelLimit: 260 },
  };
  const x = {
    type: 'quantitative',
    title: againstRules
      ? `the best ${rowSideName} policy's score against the rules (win 1, draw 1/2)`
      : `${rowSideName}'s value (score: win 1, draw 1/2)`,
    scale: { domain: [0, 1] },
    axis: { format: '%' },
  };
  return {
    ...base(
      `The value of the game under each reading`,
      `dot: ${againstRules ? `the best ${rowSideName} policy's score` : `${rowSideName}'s equilibrium score`}; line: its ${Math.round(rb.level * 100)}% bootstrap interval; shaded: the balance band ${Math.round(band.lo * 100)}-${Math.round(band.hi * 100)}%`,
    ),
    width: 480,
    height: { step: 26 },
    layer: [
      {
        data: { values: [{ lo: band.lo, hi: band.hi }] },
        mark: { type: 'rect', color: '#d9ead3', opacity: 0.8 },
        encoding: { x: { field: 'lo', ...x }, x2: { field: 'hi' } },
      },
      {
        data: { values: [{ v: rb.value }] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#555' },
        encoding: { x: { field: 'v', ...x } },
      },
      {
        data: { values },
        mark: { type: 'rule', color: '#1b3b6f', strokeWidth: 3 },
        encoding: { y, x: { field: 'lo', ...x }, x2: { field: 'hi' } },
      },
      {
        data: { values },
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          y,
          x: { field: 'value', ...x },
          color: {
            field: 'kind',
            type: 'nominal',
            title: null,
            scale: { domain: ['rules as written', 'reading'], range: ['black', '#1b3b6f'] },
          },
          tooltip: [
            { field: 'setting' },
            { field: 'label' },
            { field: 'value', format: '.1%' },
            { field: 'lo', format: '.1%' },
            { field: 'hi', format: '.1%' },
            { field: 'difference', format: '+.1%' },
          ],
        },
      },
    ],
  };
}
