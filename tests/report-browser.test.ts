import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointGame, writeFixtureRun, zoneGame } from './helpers/board-games.js';
import { sandtable, tempDir } from './helpers/cli.js';

// The report of a real run opens in headless Chromium with no console errors and no failed or
// external requests, and every chart is visible with a non-zero size. So do the reports of two
// fake games on a zone board and on a point-and-line board (tests/helpers/board-games.ts), whose
// board chart shows a hover title on every cell. Screenshots are kept in test-artifacts/ for
// people to look at.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dir = tempDir('browser');
const out = join(dir, 'run');
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
});

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

/** Opens a report file, collecting console errors, requests and failed requests. */
async function open(browser: Browser, file: string) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
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
});
