import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wilson } from '../src/analysis/intervals.js';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// --until-precision plays a pilot, then as many games as every win rate needs for its 95% interval
// to be within the target, and the result equals a plain run of that many games.

const dir = tempDir('precision');
const exp = writeExperiment(dir, {
  name: 'precision',
  game: 'sfo',
  scenario: 'advanced',
  games: 300,
  seed: 5,
  chunkSize: 250,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
});

describe('run --until-precision', () => {
  it('reaches the target half-width and records its rounds', () => {
    const out = join(dir, 'p');
    const r = sandtable(['run', exp, '--until-precision', '0.025', '--out', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(m.precision.reached).toBe(true);
    expect(m.precision.rounds[0].games).toBe(300);
    expect(m.games).toBeGreaterThan(300);
    const rows = readFileSync(join(out, 'summary.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    for (const row of rows.filter((x) => x[1] === 'winner')) {
      const ci = wilson(Number(row[3]), Number(row[4]));
      expect((ci.high - ci.low) / 2).toBeLessThanOrEqual(0.025);
    }
    // The same as a plain run with the final game count.
    const plain = join(dir, 'plain');
    expect(sandtable(['run', exp, '--games', String(m.games), '--out', plain, '--quiet']).code).toBe(0);
    expect(readFileSync(join(out, 'games.parquet')).equals(readFileSync(join(plain, 'games.parquet')))).toBe(
      true,
    );
  });

  it('stops at --max-games and says the target was not reached', () => {
    const out = join(dir, 'cap');
    const r = sandtable(['run', exp, '--until-precision', '0.005', '--max-games', '500', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('precision not reached');
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).games).toBe(500);
  });

  it('does not replace a run already in the directory without --force', () => {
    const out = join(dir, 'cap');
    const before = readFileSync(join(out, 'games.parquet'));
    const r = sandtable(['run', exp, '--until-precision', '0.05', '--out', out, '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${out}: already holds a run`);
    expect(readFileSync(join(out, 'games.parquet')).equals(before)).toBe(true);
  });

  it('rejects a bad target', () => {
    const r = sandtable(['run', exp, '--until-precision', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--until-precision');
  });
});
