/**
 * The tiers (tests/helpers/tiers.ts) as vitest sees them: every test file is in the full tier,
 * every `tests/<game>-*.test.ts` of a registered game is in the fast tier unless named
 * `*.slow.test.ts`, the games with source folders are the registered ones, and the conformance
 * smoke in the fast tier has a test for every game and scenario.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/index.js';
import { gameFolders, HEAVY_FIRST, heavyFirst, SLOW_SUFFIX } from './helpers/tiers.js';

const root = join(import.meta.dirname, '..');
const VITEST = join(root, 'node_modules', 'vitest', 'vitest.mjs');

/** `vitest list --json` under `config` (the files only unless `files` are named): the JSON it prints. */
function list(config: string, files: readonly string[] = []): { file: string; name?: string }[] {
  const args = [
    VITEST,
    'list',
    '--json',
    '--config',
    config,
    ...(files.length === 0 ? ['--filesOnly'] : files),
  ];
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 110_000 });
  if (r.status !== 0) throw new Error(`vitest list ${config}: exit ${r.status}\n${r.stderr}`);
  return JSON.parse(r.stdout.slice(r.stdout.indexOf('[')));
}
const names = (rows: { file: string }[]) => new Set(rows.map((r) => relative(root, r.file)));

describe('test tiers', () => {
  const all = readdirSync(join(root, 'tests'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `tests/${f}`);
  const fast = names(list('vitest.fast.config.ts'));
  const full = names(list('vitest.config.ts'));

  it('the game folders are the registered games', () => {
    expect(gameFolders(root)).toEqual(GAMES.map((g) => g.id).sort());
  });

  it('every test file is in the full tier; every game file in the fast tier unless named slow', () => {
    expect(all.filter((f) => !full.has(f))).toEqual([]);
    const games = GAMES.map((g) => g.id);
    const gameFiles = all.filter((f) => games.some((g) => f.startsWith(`tests/${g}-`)));
    expect(gameFiles.length).toBeGreaterThan(games.length);
    expect(gameFiles.filter((f) => !f.endsWith(SLOW_SUFFIX) && !fast.has(f))).toEqual([]);
    expect([...fast].filter((f) => f.endsWith(SLOW_SUFFIX))).toEqual([]);
    for (const g of games)
      expect(
        gameFiles.some((f) => f.startsWith(`tests/${g}-`) && fast.has(f)),
        `${g}: a file in the fast tier`,
      ).toBe(true);
    for (const f of ['tests/layering.test.ts', 'tests/conformance-smoke.test.ts'])
      expect(fast.has(f), f).toBe(true);
    expect(
      [...fast].some((f) => /^tests\/conformance-(?!smoke)/.test(f)),
      'full conformance is not fast',
    ).toBe(false);
  });

  it("the files that run for minutes from a few lines are started first, in vitest's order otherwise", () => {
    // vitest orders files with no timings largest first: these are among the smallest
    const bySize = [...all].reverse();
    const ordered = heavyFirst(bySize, (f) => f);
    for (const r of HEAVY_FIRST)
      expect(
        all.some((f) => r.test(f)),
        String(r),
      ).toBe(true);
    const heavy = all.filter((f) => HEAVY_FIRST.some((r) => r.test(f)));
    expect(heavy).toContain('tests/report-browser-shipped-a.test.ts');
    expect(heavy).toContain('tests/conformance-merkur.test.ts');
    expect(ordered.slice(0, heavy.length).sort()).toEqual([...heavy].sort());
    // the shipped-report parts, minutes each, before the conformance files
    expect(ordered[0]).toMatch(/^tests\/report-browser-shipped-/);
    expect(ordered.slice(heavy.length)).toEqual(bySize.filter((f) => !heavy.includes(f)));
  });

  it('the conformance smoke has a test for every game and scenario', () => {
    const tests = list('vitest.fast.config.ts', ['tests/conformance-smoke.test.ts']).map((r) => r.name ?? '');
    for (const g of GAMES) {
      for (const sc of g.scenarios)
        expect(tests, `${g.id} ${sc.id}`).toContain(
          `conformance smoke: ${g.id} > ${sc.id}: a random and a default game, checked`,
        );
      expect(tests).toContain(
        `conformance smoke: ${g.id} > every variant switched from its default resolves and starts`,
      );
    }
  });
});
