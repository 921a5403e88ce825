import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

// compare pairs two finished runs on their shared seeds and refuses runs that do not share them;
// pairing narrows the interval on real runs; sweeps give per-point rates for an SCS CRT number;
// odds and plan answer from the command line. The commands run in process (tests/helpers/cli.ts);
// a refusal is the one-line UserError the CLI prints with exit code 2.

const dir = tempDir('compare');
const base = { game: 'sfo', scenario: 'advanced', games: 1500, seed: 11 };
const a = writeExperiment(dir, { ...base, name: 'a', arms: [{ id: 'x' }] }, 'a.json');
const b = writeExperiment(
  dir,
  { ...base, name: 'b', arms: [{ id: 'y', variants: { 'elim-one': true } }] },
  'b.json',
);
const c = writeExperiment(
  dir,
  { ...base, name: 'c', seed: 12, arms: [{ id: 'y', variants: { 'elim-one': true } }] },
  'c.json',
);

describe('sandtable compare', () => {
  beforeAll(async () => {
    for (const [f, out] of [
      [a, 'A'],
      [b, 'B'],
      [c, 'C'],
    ] as const) {
      await cliOk(['run', f, '--out', join(dir, out), '--quiet', '--workers', '1']);
    }
  });

  it('pairs two runs on their shared seeds, with a paired interval narrower than the unpaired one', async () => {
    const r = await cliOk(['compare', join(dir, 'A'), join(dir, 'B'), '--csv']);
    const [head, ...rows] = r.stdout.trim().split('\n');
    const cols = head!.split(',');
    const row = Object.fromEntries(cols.map((k, i) => [k, rows[0]!.split(',')[i]]));
    expect(row.games).toBe('1500');
    const paired = Number(row.hi95) - Number(row.lo95);
    const unpaired = Number(row.indep_hi95) - Number(row.indep_lo95);
    expect(paired).toBeLessThan(unpaired * 0.8);
  });

  it('refuses runs that do not share seeds', async () => {
    expect(await userErrorOf(['compare', join(dir, 'A'), join(dir, 'C')])).toContain('do not share seeds');
  });
});

describe('a sweep over an SCS CRT number', () => {
  it('gives each point its rates with intervals', async () => {
    const f = writeExperiment(
      dir,
      {
        name: 'scs-sweep',
        game: 'scs',
        games: 60,
        seed: 4,
        sweep: { parameter: 'hitOn_combined', values: [4, 5, 6] },
        arms: [{ id: 'historical', params: { crtSet: 'custom' } }],
      },
      'scs-sweep.json',
    );
    const out = join(dir, 'scs-sweep');
    await cliOk(['run', f, '--out', out, '--quiet', '--workers', '1']);
    const rows = readFileSync(join(out, 'summary.csv'), 'utf8')
      .trim()
      .split('\n')
      .filter((l) => l.includes(',winner,soviet,'));
    expect(rows.map((l) => l.split(',')[0])).toEqual([
      'historical@hitOn_combined=4',
      'historical@hitOn_combined=5',
      'historical@hitOn_combined=6',
    ]);
    for (const l of rows) {
      const [, , , , , rate, lo, hi] = l.split(',').map(Number);
      expect(lo).toBeLessThanOrEqual(rate!);
      expect(hi).toBeGreaterThanOrEqual(rate!);
    }
    expect(existsSync(join(out, 'charts', 'sensitivity.svg'))).toBe(true);
  });
});

describe('odds and plan on the command line', () => {
  it('odds --json prints the tables and --out writes a chart', async () => {
    const out = join(dir, 'odds');
    const r = await cliOk(['odds', 'sfo', '--level', 'basic', '--json', '--out', out]);
    const tables = JSON.parse(r.stdout);
    expect(tables[0].columns).toHaveLength(6);
    expect(existsSync(join(out, 'odds-1.svg'))).toBe(true);
    await userErrorOf(['odds', 'sfo', '--attack', 'x']);
    expect(await userErrorOf(['odds', 'sfo', '--weather', '1'])).toContain('unknown option --weather');
  });

  it('odds scs answers a battle exactly', async () => {
    const r = await cliOk([
      'odds',
      'scs',
      '--attacker',
      '8:combined',
      '--defender',
      'mech:1,nonmech:2',
      '--json',
    ]);
    const t = JSON.parse(r.stdout)[0];
    expect(t.rows.reduce((s: number, row: { p: number[] }) => s + row.p[0]!, 0)).toBeCloseTo(1, 12);
  });

  it('plan says how many games a precision needs', async () => {
    const r = await cliOk(['plan', '--half-width', '0.01', '--discordant', '0.1']);
    // one rate by the Wilson interval the reports show, and the output says so
    expect(r.stdout).toContain('9,600 games (Wilson interval');
    expect(r.stdout).toContain('19,208 games per arm');
    await userErrorOf(['plan', '--half-width', '2']);
  });
});
