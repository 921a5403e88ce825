import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandtable, tempDir } from './helpers/cli.js';

// The report of a real run opens in headless Chromium with no console errors and no failed or
// external requests, and every chart is visible with a non-zero size. A screenshot is kept in
// test-artifacts/ for people to look at.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dir = tempDir('browser');
const out = join(dir, 'run');
const artifacts = join(import.meta.dirname, '..', 'test-artifacts');

beforeAll(() => {
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

describe('the HTML report in a real browser', () => {
  it.runIf(existsSync(CHROMIUM) || process.env.CI === 'true')(
    'opens offline, logs no errors, and shows every chart',
    async () => {
      const browser = await chromium.launch({
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
      try {
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
        await page.goto(`file://${join(out, 'index.html')}`, { waitUntil: 'load' });
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
});
