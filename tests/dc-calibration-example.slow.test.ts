/**
 * Dark Crusade calibration (docs/games/dc.md "Calibration"): experiments/dc-calibration.json plays (a few games per arm)
 * and examples/dc-calibration.mjs reads every anchor it covers back from the run, with intervals.
 * The figures themselves come from the full run (docs/games/dc.md "Calibration"); this only keeps the pipeline working.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandtable, tempDir } from './helpers/cli.js';

const root = join(import.meta.dirname, '..');

describe('dc-calibration', () => {
  it('the experiment plays and the example script reports each anchor', () => {
    const out = join(tempDir('dc-cal'), 'run');
    const r = sandtable([
      'run',
      join(root, 'experiments', 'dc-calibration.json'),
      '--games',
      '3',
      '--workers',
      '1',
      '--out',
      out,
      '--quiet',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const s = spawnSync(process.execPath, [join(root, 'examples', 'dc-calibration.mjs'), out], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(s.status, s.stderr).toBe(0);
    for (const a of ['A-1', 'A-2', 'A-3', 'A-4', 'A-5', 'A-6', 'A-7', 'A-8', 'A-9', 'A-10', 'A-11'])
      expect(s.stdout).toContain(`${a} (target`);
    expect(s.stdout).toMatch(/axisEnemyVpDec41 median \d+ \[\d+, \d+\]/);
    expect(s.stdout).toMatch(/t1-inf-full: Soviet wins .* points \[/);
    expect(s.stdout).toContain('| adv-paratroops-on | adv-tournament |');
  }, 300_000);

  it('without a run directory it prints its usage and exits 2', () => {
    const s = spawnSync(process.execPath, [join(root, 'examples', 'dc-calibration.mjs')], {
      encoding: 'utf8',
    });
    expect(s.status).toBe(2);
    expect(s.stderr).toContain('usage: node examples/dc-calibration.mjs');
  });
});
