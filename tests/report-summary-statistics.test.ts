/**
 * summary.md lists every game statistic's mean per arm, statistics a game records as "not reached"
 * are averaged only over the games that reach them, and the reconstructed values it lists are the
 * ones the arms read (a CRT column is listed only when an arm uses the custom CRT).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

const csvRows = (path: string) => {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
};

describe('summary.md game statistics', () => {
  let out = '';
  let games: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const dir = tempDir('summary-stats');
    const exp = writeExperiment(dir, {
      name: 'summary-stats',
      game: 'scs',
      games: 80,
      seed: 5,
      arms: [
        { id: 'historical', policies: { soviet: 'historical' } },
        { id: 'random', policies: { soviet: 'random' } },
      ],
    });
    out = join(dir, 'run');
    const r = sandtable(['run', exp, '--out', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    games = (await parquetReadObjects({
      file: await asyncBufferFromFile(join(out, 'games.parquet')),
    })) as Record<string, unknown>[];
  }, 300_000);

  it('stats.csv averages a "not reached" statistic over the games that reach it', () => {
    const stats = csvRows(join(out, 'stats.csv'));
    for (const arm of ['historical', 'random']) {
      for (const stat of ['hexesT2', 'hexesT4', 'kLineAtT3']) {
        const reached = games
          .filter((g) => g.arm === arm && Number(g[stat]) !== -1)
          .map((g) => Number(g[stat]));
        const row = stats.find((s) => s.arm === arm && s.stat === stat)!;
        if (reached.length === 0) expect(row.mean).toBe('NaN');
        else expect(Number(row.mean)).toBeCloseTo(reached.reduce((a, b) => a + b, 0) / reached.length, 5);
      }
    }
    // the random policy loses on turn 1 in almost every game: its turn-4 hexes are not averaged with -1s
    const t4 = stats.find((s) => s.arm === 'random' && s.stat === 'hexesT4')!;
    expect(t4.mean === 'NaN' || Number(t4.mean) > 0).toBe(true);
  });

  it('summary.md has one row per statistic with each arm mean from stats.csv', () => {
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    const stats = csvRows(join(out, 'stats.csv'));
    expect(md).toContain('## Game statistics: mean per game');
    expect(md).toContain('| statistic | historical | random |');
    const row = md.split('\n').find((l) => l.startsWith('| pocketsThreatened:'))!;
    const cells = row
      .split('|')
      .slice(2, 4)
      .map((c) => Number(c.trim()));
    for (const [i, arm] of ['historical', 'random'].entries()) {
      const mean = Number(stats.find((s) => s.arm === arm && s.stat === 'pocketsThreatened')!.mean);
      expect(cells[i]).toBeCloseTo(mean, 1);
    }
  });

  it('lists the CRT columns among the reconstructed values only when an arm uses the custom CRT', () => {
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toMatch(/crtSet = "E"/);
    expect(md).toMatch(/hitOn_vi = 5/);
    expect(md).not.toMatch(/hitOn_mech/);
    const dir = tempDir('summary-custom');
    const exp = writeExperiment(dir, {
      name: 'summary-custom',
      game: 'scs',
      games: 10,
      seed: 5,
      arms: [{ id: 'custom', policies: { soviet: 'random' }, params: { crtSet: 'custom', hitOn_mech: 5 } }],
    });
    const r = sandtable(['run', exp, '--out', join(dir, 'run'), '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'run', 'summary.md'), 'utf8')).toMatch(/hitOn_mech = 5/);
  }, 120_000);
});
