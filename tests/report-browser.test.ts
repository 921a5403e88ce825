import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointGame, writeFixtureRun, zoneGame } from './helpers/board-games.js';
import { sandtable, tempDir } from './helpers/cli.js';

// The report of a real run opens in headless Chromium with no console errors and no failed or
// external requests, and every chart is visible with a non-zero size. So do the reports of two
// fake games on a zone board and on a point-and-line board (tests/helpers/board-games.ts), whose
// board chart shows a hover title on every cell. The main job's report (a small run of
// sfo-advanced-policies) leads with the headline: the Soviet x US matrix heatmap and a ranking,
// right after the table of contents; it and an SCS report fit a 1400 px viewport, and the SCS hex
// map numbers its columns. Screenshots are kept in test-artifacts/ for people to look at.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dir = tempDir('browser');
const out = join(dir, 'run');
const mainJob = join(dir, 'main-job');
const scsRun = join(dir, 'scs');
const artifacts = join(import.meta.dirname, '..', 'test-artifacts');

const boards = [
  { game: zoneGame, chart: 'zone-map', cells: 7, out: join(dir, 'zones'), shot: 'report-zones.png' },
  { game: pointGame, chart: 'point-map', cells: 10, out: join(dir, 'points'), shot: 'report-points.png' },
];

beforeAll(async () => {
  for (const b of boards) await writeFixtureRun(b.game, b.out, 200, 5);
  const r = sandtable([
    'run',
    'experiments/sfo-forest-sweep.json',
    '--games',
    '300',
    '--out',
    out,
    '--quiet',
  ]);
  expect(r.code, r.stderr).toBe(0);
  for (const [file, n, to] of [
    ['experiments/sfo-advanced-policies.json', '200', mainJob],
    ['experiments/scs-policies.json', '50', scsRun],
  ] as const) {
    const run = sandtable(['run', file, '--games', n, '--out', to, '--quiet']);
    expect(run.code, run.stderr).toBe(0);
  }
}, 120_000);

/** Headless Chromium as this machine's closed network needs it (no background requests). */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const chromiumHere = existsSync(CHROMIUM) || process.env.CI === 'true';

/** Runs `f` with a browser, closing it whatever happens. */
async function withBrowser(f: (browser: Browser) => Promise<void>): Promise<void> {
  const browser = await launch();
  try {
    await f(browser);
  } finally {
    await browser.close();
  }
}

/** Opens a report at a 1400 px viewport: no console errors, no failed requests, nothing wider. */
async function openWide(browser: Browser, file: string) {
  const { page, errors, failed } = await open(browser, file, 1400);
  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1400);
  return page;
}

/** Opens a report file, collecting console errors, requests and failed requests. */
async function open(browser: Browser, file: string, width = 1200) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  const requests: string[] = [];
  const failed: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  page.on('requestfailed', (r) => failed.push(r.url()));
  await page.goto(`file://${file}`, { waitUntil: 'load' });
  return { page, errors, requests, failed };
}

describe('the HTML report in a real browser', () => {
  it.runIf(existsSync(CHROMIUM) || process.env.CI === 'true')(
    'opens offline, logs no errors, and shows every chart',
    async () => {
      const browser = await launch();
      try {
        const { page, errors, requests, failed } = await open(browser, join(out, 'index.html'));
        expect(errors).toEqual([]);
        expect(failed).toEqual([]);
        expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
        const figures = await page.locator('figure.chart svg').all();
        expect(figures.length).toBeGreaterThanOrEqual(6);
        for (const f of figures) {
          await f.scrollIntoViewIfNeeded();
          expect(await f.isVisible()).toBe(true);
          const box = await f.boundingBox();
          expect(box!.width).toBeGreaterThan(50);
          expect(box!.height).toBeGreaterThan(50);
        }
        mkdirSync(artifacts, { recursive: true });
        await page.screenshot({ path: join(artifacts, 'report.png'), fullPage: true });
        expect(existsSync(join(artifacts, 'report.png'))).toBe(true);
      } finally {
        await browser.close();
      }
    },
  );

  it.runIf(existsSync(CHROMIUM) || process.env.CI === 'true')(
    'draws a zone board and a point-and-line board with no errors, a title on every cell',
    async () => {
      const browser = await launch();
      try {
        for (const b of boards) {
          const { page, errors, failed } = await open(browser, join(b.out, 'index.html'));
          expect(errors, b.chart).toEqual([]);
          expect(failed, b.chart).toEqual([]);
          const chart = page.locator(`figure#chart-${b.chart} svg`);
          await chart.scrollIntoViewIfNeeded();
          expect(await chart.isVisible()).toBe(true);
          const box = await chart.boundingBox();
          expect(box!.width).toBeGreaterThan(300);
          expect(box!.height).toBeGreaterThan(100);
          // two arms: every cell of the board twice, each node with a hover title naming it
          const titles = await chart.locator('path > title').allTextContents();
          expect(titles.filter((t) => t.endsWith('% of games'))).toHaveLength(2 * b.cells);
          const first = b.game.board!({ scenario: 'only', variants: new Set(), params: {} }).cells[0]!;
          expect(titles.some((t) => t.startsWith(`${first.id} ${first.name ?? ''}`))).toBe(true);
          mkdirSync(artifacts, { recursive: true });
          await chart.screenshot({ path: join(artifacts, b.shot) });
          await page.close();
        }
      } finally {
        await browser.close();
      }
    },
  );

  it.runIf(chromiumHere)(
    "leads the main job's report with its answer and the Soviet x US heatmaps, within 1400 px",
    async () => {
      await withBrowser(async (browser) => {
        const page = await openWide(browser, join(mainJob, 'index.html'));
        // the first section after the table of contents is the headline
        const first = page.locator('nav#contents + section');
        expect(await first.locator('h2').first().textContent()).toBe('Headline');
        expect(await first.locator('h3').allTextContents()).toEqual(
          expect.arrayContaining(['The value of the game', 'Soviet × US policy matrix', 'Outcomes per arm']),
        );
        // the value of the game under the run's strongest strategies, its interval and both mixes
        expect(await page.locator('h1 + p').textContent()).toMatch(
          /^Answer\. Under the strongest strategies in this run, Soviet scores \d+\.\d% \[\d+\.\d, \d+\.\d\] \(win 1, draw 1\/2\): .* Soviet mix: .+; US mix: .+\.$/,
        );
        expect(await first.locator('figure#chart-matrix-us-wins svg').isVisible()).toBe(true);
        const heatmap = first.locator('figure#chart-matrix svg');
        expect(await heatmap.isVisible()).toBe(true);
        const cells = await heatmap.locator('path > title').allTextContents();
        expect(cells.filter((t) => t.includes('_vs_'))).toHaveLength(9);
        expect(await heatmap.locator('text').allTextContents()).toContain('hold-towns');
        // the one arm outside the matrix (random against random) has its own outcomes table
        const others = first.locator('table', { hasText: 'random_vs_random' }).first();
        expect(await others.locator('tr').count()).toBe(1 + 1);
        // every link of the contents leads to a heading of the page
        for (const href of await page
          .locator('nav#contents a')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')!)))
          expect(await page.locator(href).count(), href).toBe(1);
        mkdirSync(artifacts, { recursive: true });
        await page.screenshot({ path: join(artifacts, 'report-main-job.png'), fullPage: true });
      });
    },
  );

  it.runIf(chromiumHere)(
    'draws the SCS report within 1400 px, its hex map numbered on the edges',
    async () => {
      await withBrowser(async (browser) => {
        const page = await openWide(browser, join(scsRun, 'index.html'));
        expect(await page.locator('nav#contents + section h2').first().textContent()).toBe('Headline');
        const map = page.locator('figure#chart-hex-map svg');
        await map.scrollIntoViewIfNeeded();
        expect(await map.isVisible()).toBe(true);
        const texts = await map.locator('text').allTextContents();
        for (const label of ['10', '13', '27', '00', '17']) expect(texts, label).toContain(label);
        expect(texts).toContain('Moscow');
        const titles = await map.locator('path > title').allTextContents();
        expect(titles.some((t) => t.startsWith('1308 Smolensk (clear'))).toBe(true);
        mkdirSync(artifacts, { recursive: true });
        await page.screenshot({ path: join(artifacts, 'report-scs.png'), fullPage: true });
        await map.screenshot({ path: join(artifacts, 'report-scs-hex-map.png') });
      });
    },
  );
});
