import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderSvg } from '../src/report/render.js';
import { sandtable, tempDir } from './helpers/cli.js';

// Every chart of a real run renders through vega-lite -> vega -> SVG without a single warning.

const dir = tempDir('charts');
const out = join(dir, 'sweep');

beforeAll(() => {
  const r = sandtable([
    'run',
    'experiments/sfo-forest-sweep.json',
    '--games',
    '400',
    '--out',
    out,
    '--quiet',
  ]);
  expect(r.code, r.stderr).toBe(0);
});

describe('report charts of a real run', () => {
  it('include every chart the run calls for', () => {
    const names = readdirSync(join(out, 'charts')).filter((f) => f.endsWith('.vl.json'));
    expect(names.sort()).toEqual(
      expect.arrayContaining([
        'outcomes.vl.json',
        'statistics.vl.json',
        'paired-differences.vl.json',
        'sensitivity.vl.json',
        'crt-odds.vl.json',
        'hex-map.vl.json',
      ]),
    );
  });

  it('say in a sentence, not a one-cell chart, when every game ends on the same turn', () => {
    const turns = new Set(
      readFileSync(join(out, 'end-turns.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[1]),
    );
    const chart = readdirSync(join(out, 'charts')).includes('end-turn.vl.json');
    expect(chart).toBe(turns.size > 1);
    if (turns.size === 1)
      expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain(
        `every game of every arm ended on turn ${[...turns][0]}`,
      );
  });

  it('render to SVG without warnings, each with a title', async () => {
    for (const f of readdirSync(join(out, 'charts')).filter((x) => x.endsWith('.vl.json'))) {
      const spec = JSON.parse(readFileSync(join(out, 'charts', f), 'utf8'));
      expect(spec.title, f).toBeDefined();
      const { svg, warnings } = await renderSvg(spec, f.replace('.vl.json', ''));
      expect(warnings, f).toEqual([]);
      expect(svg).toMatch(/^<svg/);
      expect(svg.length).toBeGreaterThan(1000);
      expect(readFileSync(join(out, 'charts', f.replace('.vl.json', '.svg')), 'utf8')).toBe(svg);
    }
  });

  it('the sensitivity chart has one point per swept value and arm', () => {
    const spec = JSON.parse(readFileSync(join(out, 'charts', 'sensitivity.vl.json'), 'utf8'));
    expect(spec.data.values).toHaveLength(10);
    for (const v of spec.data.values) expect(v.lo).toBeLessThanOrEqual(v.rate);
  });

  it('summary.csv has a rate with an interval for each sweep point', () => {
    const rows = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n');
    expect(
      rows.filter((r) => r.includes('@forests=0204+0704') && r.includes(',winner,soviet,')),
    ).toHaveLength(2);
  });

  it('SVG ids are unique across the charts of one page and stable from run to run', () => {
    const all = readdirSync(join(out, 'charts'))
      .filter((x) => x.endsWith('.svg'))
      .flatMap((f) =>
        [...readFileSync(join(out, 'charts', f), 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]),
      );
    expect(new Set(all).size).toBe(all.length);
  });

  it('the report embeds the SVGs inline and makes no external requests', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect((html.match(/<figure id="chart-/g) ?? []).length).toBe(
      readdirSync(join(out, 'charts')).filter((x) => x.endsWith('.svg')).length,
    );
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toMatch(/<script/);
  });
});
