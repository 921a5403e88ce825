import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ScoreComparison } from '../src/analysis/compare.js';
import { GamesTableBuilder } from '../src/analysis/games-table.js';
import { headlineComparisons } from '../src/analysis/headline.js';
import { computeReportData } from '../src/analysis/report-data.js';
import { gameRegistry } from '../src/games/index.js';
import { constantStats } from '../src/report/charts.js';

const getGame = (id: string) => gameRegistry().get(id);

import {
  escapeMarkdown,
  html,
  markdownCells,
  markdownInlineToHtml,
  md,
  trustedHtml,
} from '../src/report/escape.js';
import { renderReport, STATS_SHOWN, summaryMarkdown } from '../src/report/report.js';
import { playChunk } from '../src/runner/chunk.js';
import type { Manifest } from '../src/runner/manifest.js';
import { tempDir } from './helpers/cli.js';
import { liveMarkup } from './helpers/markup.js';

// Text from an experiment, a manifest or a data file reaches index.html and summary.md only
// through src/report/escape.ts: whatever it holds, it stays text (no live tag, attribute or link).

const PAYLOADS = [
  '<script>alert("script")</script>',
  '"><img src=x onerror=alert("img")>',
  "'><svg onload=alert('svg')>",
  '**[click](javascript:alert("link"))**\n# heading\n| a | b |\n- item',
  '\\<script>alert("backslash")\\</script>',
  '</title><iframe src="javascript:alert(1)"></iframe>',
];
const hostile = (i: number) => PAYLOADS[i % PAYLOADS.length]!;

const def = getGame('sfo');
const arms = [hostile(0), hostile(1)];

function hostileRun(): {
  manifest: Manifest;
  data: ReturnType<typeof computeReportData>;
  pairs: ScoreComparison[];
} {
  // A real games table whose arm names are payloads (as a crafted games.parquet would hold).
  const builder = new GamesTableBuilder(
    def,
    arms.map((arm) => ({ arm, scenario: 'advanced', from: 0, to: 20 })),
  );
  arms.forEach((_, a) => {
    builder.add(
      a,
      0,
      20,
      playChunk(getGame('sfo'), {
        game: 'sfo',
        arm: a,
        scenario: 'advanced',
        variants: ['crt-unified', 'elim-all'],
        params: {},
        policies: { soviet: 'best-odds', us: 'hold-towns' },
        seed: 1,
        start: 0,
        end: 20,
      }),
    );
  });
  const manifest = {
    tool: 'sandtable',
    version: hostile(2),
    commit: hostile(3),
    code: hostile(4),
    node: hostile(5),
    status: 'complete',
    created: hostile(0),
    name: hostile(1),
    description: PAYLOADS.join(' '),
    game: { id: 'sfo', title: hostile(2) },
    dataHash: hostile(3),
    experimentHash: hostile(4),
    seed: hostile(5) as unknown as number,
    games: hostile(0) as unknown as number,
    chunkSize: 1000,
    workers: 1,
    baseline: arms[0]!,
    arms: arms.map((id, i) => ({
      id,
      description: hostile(i + 2),
      scenario: i === 0 ? 'advanced' : hostile(i),
      variants: [hostile(i + 3), 'elim-one'],
      params: i === 0 ? {} : { forests: [hostile(i), hostile(i + 1)], 'map-hexes': hostile(i + 2) },
      reconstructed: [],
      policies: { soviet: hostile(i + 4), us: hostile(i + 5) },
    })),
    experiment: { sweep: { parameter: hostile(1), values: [hostile(2), hostile(3)] } },
  } as unknown as Manifest;
  const data = computeReportData(def, builder.table(), manifest.arms, manifest.baseline, [
    { arm: arms[0]!, cell: hostile(3), count: 1, games: 20, share: 0.05 },
  ]);
  return { manifest, data, pairs: headlineComparisons(def, builder.table(), manifest.arms, data.outcomes) };
}

describe('the escape helpers', () => {
  it('html escapes every interpolated value, and only trusted markup passes as is', () => {
    const v = '<b onclick="x">&\'';
    expect(html`<p title="${v}">${v}</p>`.text).toBe(
      '<p title="&lt;b onclick=&quot;x&quot;&gt;&amp;&#39;">&lt;b onclick=&quot;x&quot;&gt;&amp;&#39;</p>',
    );
    expect(html`<div>${trustedHtml('<svg></svg>')}${[html`<i>${'<'}</i>`, '>']}</div>`.text).toBe(
      '<div><svg></svg><i>&lt;</i>&gt;</div>',
    );
  });

  it('escapeMarkdown keeps a value on one line and makes every Markdown or HTML character literal', () => {
    expect(escapeMarkdown('a\n# b\r\n| c | <d> *e* [f](g) `h` \\')).toBe(
      'a \\# b \\| c \\| \\<d\\> \\*e\\* \\[f\\](g) \\`h\\` \\\\',
    );
    expect(md`**${'x*y'}** ${'[1]'}`.text).toBe('**x\\*y** \\[1\\]');
  });

  it('markdownInlineToHtml reads back exactly the text that was escaped, bold where ** was written', () => {
    for (const p of PAYLOADS) {
      const line = md`**${p}** and ${p}`.text;
      const expected = p.replace(/[\r\n]+/g, ' ');
      expect(markdownInlineToHtml(line).text).toBe(
        `<b>${html`${expected}`.text}</b> and ${html`${expected}`.text}`,
      );
    }
  });

  it('the live-markup check finds what unescaped payloads would make', () => {
    const raw = PAYLOADS.map((p) => `<p title="${p}">${p}</p>`).join('');
    expect(liveMarkup(raw).length).toBeGreaterThanOrEqual(4);
    expect(liveMarkup(PAYLOADS.map((p) => html`<p title="${p}">${p}</p>`.text).join(''))).toEqual([]);
  });

  it('markdownCells splits a row on unescaped pipes only', () => {
    expect(markdownCells(md`| ${'a | b'} | c |`.text)).toEqual(['a \\| b', 'c']);
  });
});

describe('a report rendered from a manifest and data full of markup', () => {
  const dir = tempDir('escape');
  let written: Record<string, string> = {};

  it('writes index.html and charts with no live tag, event handler or javascript: link', async () => {
    const { manifest, data, pairs } = hostileRun();
    written = await renderReport(def, manifest, data, pairs);
    mkdirSync(join(dir, 'charts'), { recursive: true });
    for (const [name, text] of Object.entries(written)) writeFileSync(join(dir, name), text);
    const page = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(page).toContain('&lt;script&gt;alert(&quot;script&quot;)&lt;/script&gt;');
    expect(liveMarkup(page)).toEqual([]);
    for (const [name, text] of Object.entries(written))
      if (name.endsWith('.svg')) expect(liveMarkup(text), name).toEqual([]);
  });

  it('writes summary.md in which no payload becomes a tag, a link, a heading, a list item or a table row', () => {
    const text = readFileSync(join(dir, 'summary.md'), 'utf8');
    const { manifest, data, pairs } = hostileRun();
    expect(text).toBe(summaryMarkdown(def, manifest, data, pairs));
    expect(text).not.toMatch(/(?<!\\)</);
    // the only links: the table of contents' own anchors
    const contents = /^ *- \[[^\]\\]*\]\(#[a-z0-9_-]+\)$/;
    const lines = text.split('\n');
    expect(lines.filter((l) => !contents.test(l)).join('\n')).not.toMatch(/(?<!\\)\]\(/);
    expect(lines.filter((l) => l.startsWith('#'))).toEqual([
      expect.stringMatching(/^# /), // the title
      '## Contents',
      '## Headline',
      '### Outcomes per arm',
      // the two arms differ in policies as well as rules: a strategy effect, not a rule effect
      '### Strategy effects',
      '## Each arm',
      '## Game statistics: mean per game',
      '## Provenance',
    ]);
    expect(lines.filter((l) => l.startsWith('- ') && !contents.test(l))).toHaveLength(2); // one per arm
    const varying = def.stats.length - constantStats(data.stats).filter((s) => s !== 'end_turn').length;
    // outcomes per arm, statistics (those that separate the arms most)
    expect(lines.filter((l) => l.startsWith('|'))).toHaveLength(2 + 2 + 2 + Math.min(varying, STATS_SHOWN));
  });

  it.runIf(existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))(
    'opened in Chromium with scripts enabled, runs nothing and has no element that could',
    async () => {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        const page = await browser.newPage();
        const dialogs: string[] = [];
        page.on('dialog', async (d) => {
          dialogs.push(d.message());
          await d.dismiss();
        });
        await page.goto(`file://${join(dir, 'index.html')}`, { waitUntil: 'load' });
        await page.mouse.move(100, 100);
        // Evaluated in the page (a string, as the tests are type-checked without the DOM library).
        const dangerous = (await page.evaluate(`(() => {
          const all = [...document.querySelectorAll('*')];
          return {
            tags: all.filter((e) => ['SCRIPT', 'IMG', 'IFRAME', 'OBJECT', 'EMBED'].includes(e.tagName)).length,
            handlers: all.filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
            title: document.title,
          };
        })()`)) as { tags: number; handlers: number; title: string };
        expect(dialogs).toEqual([]);
        expect(dangerous.tags).toBe(0);
        expect(dangerous.handlers).toBe(0);
        expect(dangerous.title).toContain('"><img src=x onerror=alert("img")>');
      } finally {
        await browser.close();
      }
    },
  );
});
