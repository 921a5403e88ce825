import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PointBoardDef, ZoneBoardDef } from '../src/core/board.js';
import { percent } from '../src/core/percent.js';
import { checkSetup } from '../src/core/setup.js';
import { crete } from '../src/games/crete/index.js';
import { hexMapChart } from '../src/report/charts.js';
import { hoverTitles, renderSvg } from '../src/report/render.js';
import { pointGame, writeFixtureRun, zoneGame } from './helpers/board-games.js';
import { pointBoard, twoSheetHexBoard, zoneBoard } from './helpers/boards.js';
import { tempDir } from './helpers/cli.js';

// The report draws every kind of board (docs/architecture.md "Boards of any shape"): a zone board and a point-and-line board as
// nodes joined by their links or lines, each node sized and coloured by the share of games that
// marked it, ids and names on hover; a hex map of several boards side by side with their labels.
// The zone and point runs are fake games (tests/helpers/board-games.ts) written through the
// runner's own finishing and report code.

const dir = tempDir('boards');
const GAMES = 300;
const runs = {
  zones: {
    game: zoneGame,
    board: zoneBoard as ZoneBoardDef | PointBoardDef,
    chart: 'zone-map',
    out: join(dir, 'zones'),
  },
  points: { game: pointGame, board: pointBoard, chart: 'point-map', out: join(dir, 'points') },
};

beforeAll(async () => {
  for (const r of Object.values(runs)) await writeFixtureRun(r.game, r.out, GAMES, 31);
});

/** cells.csv as arm -> cell -> share. */
function shares(out: string): Map<string, Map<string, number>> {
  const m = new Map<string, Map<string, number>>();
  for (const line of readFileSync(join(out, 'cells.csv'), 'utf8').trim().split('\n').slice(1)) {
    const [arm, cell, , , share] = line.split(',') as [string, string, string, string, string];
    m.set(arm, (m.get(arm) ?? new Map()).set(cell, Number(share)));
  }
  return m;
}

/** The SVG items with a hover title, in document order: their tag, attributes and title. */
function items(svg: string): { tag: string; attrs: string; title: string }[] {
  return [...svg.matchAll(/<([a-z]+)(\s[^>]*)><title>([^<]*)<\/title>/g)].map((m) => ({
    tag: m[1]!,
    attrs: m[2]!,
    title: m[3]!.replaceAll('&amp;', '&'),
  }));
}

for (const [kind, run] of Object.entries(runs)) {
  describe(`the report of a game on a ${kind} board`, () => {
    const svg = () => readFileSync(join(run.out, 'charts', `${run.chart}.svg`), 'utf8');

    it(`draws the board as ${run.chart} (no hex map), rendering without warnings, inline in index.html`, async () => {
      const names = readdirSync(join(run.out, 'charts'));
      expect(names).toContain(`${run.chart}.vl.json`);
      expect(names.filter((n) => n.includes('map'))).toEqual([`${run.chart}.svg`, `${run.chart}.vl.json`]);
      const spec = JSON.parse(readFileSync(join(run.out, 'charts', `${run.chart}.vl.json`), 'utf8'));
      const { svg: again, warnings } = await renderSvg(spec, run.chart, true);
      expect(warnings).toEqual([]);
      expect(again).toBe(svg());
      const html = readFileSync(join(run.out, 'index.html'), 'utf8');
      expect(html).toContain(`<figure id="chart-${run.chart}" class="chart">`);
      expect(html).toContain(run.board.heat);
      expect(existsSync(join(run.out, 'cells.csv'))).toBe(true);
      expect(existsSync(join(run.out, 'hexes.csv'))).toBe(false);
    });

    it("gives every cell of every arm a node whose hover title has its id, name, terrain and cells.csv's share", () => {
      const heat = shares(run.out);
      const expected = ['cautious', 'bold'].flatMap((arm) =>
        run.board.cells.map((c) => {
          const marks = c.marks === undefined ? '' : `; ${c.marks.join(', ')}`;
          const share = heat.get(arm)!.get(c.id)!;
          return `${c.id}${c.name === undefined ? '' : ` ${c.name}`} (${c.terrain}${marks}): ${percent(share)}% of games`;
        }),
      );
      const nodes = items(svg()).filter((i) => i.title.endsWith('% of games'));
      expect(nodes.map((n) => n.title)).toEqual(expected);
      // the fixture's cells are marked with rising probability, and `bold` more often
      const [first, last] = [run.board.cells[0]!.id, run.board.cells.at(-1)!.id];
      expect(heat.get('cautious')!.get(first)!).toBeLessThan(heat.get('cautious')!.get(last)!);
      expect(heat.get('bold')!.get(first)!).toBeGreaterThan(heat.get('cautious')!.get(first)!);
    });

    it('sizes and colours each node by its share: a larger share is a larger node of another colour', () => {
      const nodes = items(svg())
        .filter((i) => i.title.endsWith('% of games') && /d="M[\d.]+,0A/.test(i.attrs)) // circles (boxes are squares)
        .map((i) => ({
          share: Number(/: ([\d.]+)% of games$/.exec(i.title)![1]),
          radius: Number(/d="M([\d.]+),0A/.exec(i.attrs)![1]),
          fill: /fill="([^"]+)"/.exec(i.attrs)![1],
        }))
        .sort((a, b) => a.share - b.share);
      expect(nodes.length).toBeGreaterThan(10);
      for (let k = 1; k < nodes.length; k++) {
        if (nodes[k]!.share > nodes[k - 1]!.share) {
          expect(nodes[k]!.radius).toBeGreaterThan(nodes[k - 1]!.radius);
        }
      }
      const [low, high] = [nodes[0]!, nodes.at(-1)!];
      expect(high.share - low.share).toBeGreaterThan(50);
      expect(high.fill).not.toBe(low.fill);
    });

    it('joins the nodes by every link or line, styled by its class, and rings the marked cells', () => {
      const edges =
        run.board.kind === 'zones'
          ? run.board.links.map((l) => ({ ...l, class: l.kind ?? 'link' }))
          : run.board.lines;
      const drawn = items(svg()).filter((i) => i.tag === 'line');
      expect(drawn.map((d) => d.title)).toEqual(
        [0, 1].flatMap(() => edges.map((e) => `${e.a} - ${e.b}: ${e.class}`)),
      );
      const dash = new Map<string, Set<string>>();
      for (const d of drawn) {
        const cls = d.title.split(': ')[1]!;
        dash.set(
          cls,
          (dash.get(cls) ?? new Set()).add(/stroke-dasharray="([^"]+)"/.exec(d.attrs)?.[1] ?? 'solid'),
        );
      }
      // one style per class, a different one for each class
      for (const styles of dash.values()) expect(styles.size).toBe(1);
      expect(new Set([...dash.values()].map((s) => [...s][0])).size).toBe(dash.size);
      expect(dash.size).toBe(3);
      const rings = items(svg())
        .filter((i) => !i.title.endsWith('% of games') && i.tag === 'path')
        .map((i) => i.title);
      const marks = run.board.cells.flatMap((c) => (c.marks ?? []).map((m) => `${c.id}: ${m}`));
      expect(rings).toEqual([...marks, ...marks]);
    });
  });
}

describe('off-map boxes', () => {
  it('are drawn as squares, points on the map as circles', () => {
    const svg = readFileSync(join(runs.points.out, 'charts', 'point-map.svg'), 'utf8');
    const shape = (id: string) =>
      items(svg)
        .filter((i) => i.title.startsWith(`${id} `) && i.title.endsWith('% of games'))
        .map((i) =>
          /A[\d.]+,[\d.]+,0,1,1/.test(i.attrs) ? 'circle' : /h[\d.]+v[\d.]+h-/.test(i.attrs) ? 'square' : '?',
        );
    expect(shape('reserve')).toEqual(['square', 'square']);
    expect(shape('dead')).toEqual(['square', 'square']);
    for (const id of ['p01', 'p04', 'p08']) expect(shape(id)).toEqual(['circle', 'circle']);
  });
});

describe('a hex map of several boards', () => {
  const heat = twoSheetHexBoard.cells.flatMap((c, i) =>
    ['a', 'b'].map((arm) => ({ arm, cell: c.id, share: (i % 5) / 4 })),
  );

  it('draws each board with its label above it, side by side left to right, without overlap', async () => {
    const spec = hexMapChart(zoneGame, twoSheetHexBoard, heat, ['a', 'b']);
    const { svg, warnings } = await renderSvg(spec, 'two', true);
    expect(warnings).toEqual([]);
    // one label per board per arm
    expect([...svg.matchAll(/>(West|East) board</g)].map((m) => m[1])).toEqual([
      'West',
      'East',
      'West',
      'East',
    ]);
    // every hex of the first panel: the East board's hexes lie right of every West hex
    const hexes = items(svg)
      .filter((i) => i.title.endsWith('% of games'))
      .slice(0, twoSheetHexBoard.cells.length)
      .map((i) => ({
        id: i.title.split(' ')[0]!,
        x: Number(/d="M([\d.-]+),/.exec(i.attrs)![1]),
      }));
    expect(hexes).toHaveLength(21);
    const west = hexes.filter((h) => h.id.startsWith('W')).map((h) => h.x);
    const east = hexes.filter((h) => h.id.startsWith('E')).map((h) => h.x);
    expect(Math.min(...east)).toBeGreaterThan(Math.max(...west));
  });

  it("sets each board's label above its column numbers and inside the panel (Crete's three boards)", async () => {
    const board = crete.board!(checkSetup(crete, {}).setup);
    if (board.kind !== 'hex') throw new Error('Crete is drawn as a hex map');
    const one = board.cells.map((c) => ({ arm: 'a', cell: c.id, share: 0.5 }));
    const { svg } = await renderSvg(hexMapChart(crete, board, one, ['a']), 'labels', true);
    const texts = [
      ...svg.matchAll(
        /<text[^>]*translate\(([\d.-]+),([\d.-]+)\)[^>]*font-size="([\d.]+)px"[^>]*>([^<]*)<\/text>/g,
      ),
    ].map((m) => ({ y: Number(m[2]), size: Number(m[3]), text: m[4]! }));
    const labels = texts.filter((t) => ['Suda Bay', 'Retimo', 'Heraklion'].includes(t.text) && t.size === 12);
    const numbers = texts.filter((t) => /^\d\d$/.test(t.text));
    expect(labels).toHaveLength(3);
    expect(numbers.length).toBeGreaterThan(0);
    // numbers are centred on their y; a label's baseline is its bottom and its capitals ~0.75 em high
    const numbersTop = Math.min(...numbers.map((n) => n.y - n.size / 2));
    for (const l of labels) {
      expect(l.y, l.text).toBeLessThan(numbersTop);
      expect(l.y - 0.75 * l.size, l.text).toBeGreaterThanOrEqual(0);
    }
  });

  it('draws no label for a single board (the chart title names the map)', async () => {
    const one = {
      ...twoSheetHexBoard,
      boards: [twoSheetHexBoard.boards[0]!],
      cells: twoSheetHexBoard.cells.filter((c) => c.board === 'W'),
    };
    const { svg } = await renderSvg(hexMapChart(zoneGame, one, heat, ['a']), 'one', true);
    expect(svg).not.toContain('West board');
    expect(items(svg).filter((i) => i.title.endsWith('% of games'))).toHaveLength(12);
  });
});

describe('hover titles', () => {
  it('copy the aria-label of mark items (not of groups) into a <title>', () => {
    expect(
      hoverTitles(
        '<g role="graphics-symbol" aria-label="Title text"><path aria-label="Z1 A &amp; B: 5.0%" role="graphics-symbol" d="M0,0"/><text aria-label="x" role="graphics-symbol">x</text><path aria-label="axis" role="graphics-object" d="M1,1"/></g>',
      ),
    ).toBe(
      '<g role="graphics-symbol" aria-label="Title text"><path aria-label="Z1 A &amp; B: 5.0%" role="graphics-symbol" d="M0,0"><title>Z1 A &amp; B: 5.0%</title></path><text aria-label="x" role="graphics-symbol"><title>x</title>x</text><path aria-label="axis" role="graphics-object" d="M1,1"/></g>',
    );
  });
});
