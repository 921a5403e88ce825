import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { type Browser, chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandtable, tempDir } from './cli.js';

// Every experiment the project ships (experiments/*.json but calibrate, tune and balance files), played at
// GAMES games per arm on one worker (SEARCH_GAMES for search policies, LONG_SEARCH_GAMES for those
// of the long games; a report's structure does not depend on the game count):
// every Vega-Lite spec it writes validates against the JSON schema of the pinned vega-lite
// (node_modules/vega-lite/build/vega-lite-schema.json), and its index.html, opened in headless
// Chromium at 1400 px, is at most MAX_HEIGHT px tall, opens with its headline on the first screen
// and is no wider than the viewport. Screenshots of the first screen of the tallest reports go to
// test-artifacts/.

const GAMES = '20';
/** Experiments whose policies search (rollout, mcts, portfolio: playouts at every decision) play a few games only. */
const SEARCH_GAMES = '2';
/** The long games' search experiments (a Dark Crusade or Merkur search game costs seconds) play one. */
const LONG_SEARCH_GAMES = '1';
const LONG_GAMES = new Set(['dc', 'merkur']);
const MAX_HEIGHT = 25_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = join(import.meta.dirname, '..', '..');
const artifacts = join(root, 'test-artifacts');

/** Whether an experiment file's policies search (its games cost far more than scripted ones). */
const searches = (text: string) =>
  text.includes('rollout') || text.includes('mcts') || text.includes('portfolio');

/**
 * The shipped experiment files `run` reads (a tune file has opponents, a calibrate file a space, a
 * balance file candidates), dealt into `parts` parts: the search experiments and the others each in
 * turn, so the parts cost about the same and run as separate test files side by side.
 */
function shippedExperiments(part: number, parts: number): string[] {
  const all = readdirSync(join(root, 'experiments'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .filter((f) => {
      const raw = JSON.parse(readFileSync(join(root, 'experiments', f), 'utf8')) as Record<string, unknown>;
      return !('opponents' in raw) && !('space' in raw) && !('candidates' in raw);
    });
  const text = (f: string) => readFileSync(join(root, 'experiments', f), 'utf8');
  const deal = (fs: string[]) => fs.filter((_, i) => i % parts === part);
  return [...deal(all.filter((f) => searches(text(f)))), ...deal(all.filter((f) => !searches(text(f))))];
}

/** The checks below on part `part` of `parts` of the shipped experiments (one test file per part). */
export function shippedReports(part: number, parts: number): void {
  const dir = tempDir(`shipped-${part}`);
  const experiments = shippedExperiments(part, parts);
  const runDir = (f: string) => join(dir, f.replace(/\.json$/, ''));

  beforeAll(() => {
    for (const f of experiments) {
      const text = readFileSync(join(root, 'experiments', f), 'utf8');
      const search = searches(text);
      const long = LONG_GAMES.has((JSON.parse(text) as { game?: string }).game ?? '');
      const r = sandtable([
        'run',
        join('experiments', f),
        '--games',
        search ? (long ? LONG_SEARCH_GAMES : SEARCH_GAMES) : GAMES,
        '--workers',
        '1',
        '--out',
        runDir(f),
        '--quiet',
      ]);
      expect(r.code, `${f}: ${r.stderr}`).toBe(0);
    }
  }, 3_600_000);

  describe(`the report of every shipped experiment (part ${part + 1} of ${parts})`, () => {
    it('has every Vega-Lite spec valid against the pinned vega-lite schema', () => {
      const schema = JSON.parse(
        readFileSync(join(root, 'node_modules', 'vega-lite', 'build', 'vega-lite-schema.json'), 'utf8'),
      ) as object;
      const validate = new Ajv({ strict: false, validateFormats: false, allErrors: false }).compile(schema);
      let specs = 0;
      for (const f of experiments) {
        const charts = join(runDir(f), 'charts');
        for (const file of readdirSync(charts).filter((x) => x.endsWith('.vl.json'))) {
          const ok = validate(JSON.parse(readFileSync(join(charts, file), 'utf8')));
          expect(ok ? [] : validate.errors, `${f}: ${file}`).toEqual([]);
          specs++;
        }
      }
      expect(specs).toBeGreaterThan(experiments.length * 3);
    });

    it.runIf(existsSync(CHROMIUM) || process.env.CI === 'true')(
      `is at most ${MAX_HEIGHT} px tall at 1400 px, no wider, with the headline on the first screen`,
      async () => {
        const browser: Browser = await chromium.launch({
          executablePath: CHROMIUM,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
        const heights: Record<string, number> = {};
        try {
          for (const f of experiments) {
            const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
            await page.goto(`file://${join(runDir(f), 'index.html')}`, { waitUntil: 'load' });
            heights[f] = Number(await page.evaluate('document.documentElement.scrollHeight'));
            expect(
              Number(await page.evaluate('document.documentElement.scrollWidth')),
              f,
            ).toBeLessThanOrEqual(1400);
            // the headline section starts within the first screen
            const top = (await page.locator('nav#contents + section').boundingBox())!.y;
            expect(top, f).toBeLessThan(900);
            if (['dc-policies.json', 'merkur-policies.json', 'crete-policies.json'].includes(f)) {
              mkdirSync(artifacts, { recursive: true });
              await page.screenshot({
                path: join(artifacts, `first-screen-${f.replace(/\.json$/, '')}.png`),
              });
            }
            await page.close();
          }
        } finally {
          await browser.close();
        }
        const tall = Object.entries(heights).filter(([, h]) => h > MAX_HEIGHT);
        expect(tall, JSON.stringify(heights)).toEqual([]);
      },
      600_000,
    );
  });
}
