/** Crete bad input at the command line: one clear line naming the file or flag, the field and the value, exit 2. */
import { describe, expect, it } from 'vitest';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

function expectUserError(args: string[], ...fragments: string[]) {
  const r = sandtable(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stderr.trim().split('\n').length).toBe(1);
  for (const f of fragments) expect(r.stderr).toContain(f);
}

const dir = tempDir('crete-errors');
const exp = (arm: object) => ({
  name: 'crete-bad',
  game: 'crete',
  scenario: 'campaign',
  games: 2,
  seed: 1,
  arms: [{ id: 'a', ...arm }],
});

describe('crete: bad input', () => {
  it('a drop allocation under the minimum (K6.1)', () => {
    const args = [
      '--param',
      't1-drops-suda=3',
      '--param',
      't1-drops-retimo=1',
      '--param',
      't1-drops-heraklion=1',
    ];
    expectUserError(
      ['play', 'crete', '--seed', '1', ...args],
      'field params.t1-drops-suda/retimo/heraklion',
      '3+1+1 = 5',
      'minimum of 7',
    );
    const file = writeExperiment(
      dir,
      exp({ params: { 't1-drops-suda': 3, 't1-drops-retimo': 1, 't1-drops-heraklion': 1 } }),
      'alloc.json',
    );
    expectUserError(['run', file, '--out', `${dir}/alloc`], 'alloc.json', 't1-drops-suda', '3+1+1 = 5');
  });
  it('a hex not on any board', () => {
    expectUserError(
      ['play', 'crete', '--seed', '1', '--param', 'suda-hex=S9999'],
      'field params.suda-hex',
      '"S9999"',
      'not a location',
    );
    const file = writeExperiment(dir, exp({ params: { 'suda-hex': 'H2525' } }), 'hex.json');
    expectUserError(['run', file, '--out', `${dir}/hex`], 'hex.json', 'params.suda-hex', '"H2525"');
    expectUserError(
      ['odds', 'crete', '--hex', 'S2110'],
      'option --hex',
      '"S2110"',
      'not a square of board Suda Bay',
    );
  });
  it('an unknown board', () => {
    expectUserError(
      ['play', 'crete', '--seed', '1', '--param', 'concentration-board=crete'],
      'field params.concentration-board',
      '"crete"',
      'suda, retimo, heraklion',
    );
    expectUserError(['odds', 'crete', '--hex', 'X0101'], 'option --hex', '"X0101"', 'names no board');
  });
});
