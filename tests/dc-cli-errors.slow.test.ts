import { describe, expect, it } from 'vitest';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// Dark Crusade bad input: one clear line naming the file, the field and the value; exit code 2.

const dir = tempDir('dc-errors');
const base = { name: 'dc-err', game: 'dc', scenario: 'intro-tournament', games: 2, seed: 1 };

function expectUserError(params: Record<string, unknown>, file: string, ...fragments: string[]) {
  const path = writeExperiment(dir, { ...base, arms: [{ id: 'a', params }] }, file);
  const r = sandtable(['run', path, '--out', `${dir}/out-${file}`]);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stderr.trim().split('\n').length).toBe(1);
  for (const f of [file, ...fragments]) expect(r.stderr).toContain(f);
}

describe('dc: bad set-up input gets one line and exit 2', () => {
  it('a point not on the map', () => {
    expectUserError(
      { 'lublin-line': ['XXX', 'ROV'] },
      'point.json',
      'params.lublin-line',
      '"XXX"',
      'not a location',
    );
  });

  it('a line that is already on the map', () => {
    expectUserError(
      { 'lublin-line': ['WAR', 'BIA'] },
      'line.json',
      'params.lublin-line',
      'already joined',
      'WAR',
    );
  });

  it("set-up over Memel's stacking limit of 3 infantry corps (DC 3.B.1)", () => {
    expectUserError({ 'memel-infantry': 4 }, 'memel.json', 'params.memel-infantry', 'stacking limit', '4');
  });
});

describe('dc: bad odds dc battle options get one line and exit 2', () => {
  function expectOddsError(args: string[], ...fragments: string[]) {
    const r = sandtable(['odds', 'dc', ...args]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr.trim().split('\n').length).toBe(1);
    for (const f of fragments) expect(r.stderr).toContain(f);
  }

  it('an unknown fortress class', () => {
    expectOddsError(['--fortress', 'citadel'], 'option --fortress', '"citadel"', 'none, 1, 2, 3');
  });

  it('a negative all-out or Soviet air count', () => {
    expectOddsError(['--allout-att', '-1'], 'option --allout-att', '"-1"');
    expectOddsError(['--allout-def', '-2'], 'option --allout-def', '"-2"');
    expectOddsError(['--air-sov', '-1', '--advanced'], 'option --air-sov', '"-1"');
  });

  it('Soviet air at the Introductory level, an unknown variant', () => {
    expectOddsError(['--air-sov', '2'], 'option --air-sov', 'Advanced', '"2"');
    expectOddsError(['--variants', 'no-such'], 'option --variants', '"no-such"');
  });
});
