/** Merkur bad input through the CLI: one line naming the file, field and value; exit code 2. */
import { describe, expect, it } from 'vitest';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

const dir = tempDir('merkur-errors');
const good = {
  name: 'merkur-err',
  game: 'merkur',
  scenario: 'two-player',
  games: 2,
  seed: 1,
  arms: [{ id: 'a' }],
};

function expectUserError(args: string[], ...fragments: string[]) {
  const r = sandtable(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stderr.trim().split('\n').length).toBe(1);
  for (const f of fragments) expect(r.stderr).toContain(f);
}

describe('merkur: bad input is named', () => {
  it('a zone id that is not on the map', () => {
    const drops = ['1', '16', '3', '1', '1', '7', '9', '12', '7', '99'];
    const p = writeExperiment(
      dir,
      { ...good, arms: [{ id: 'a', params: { germanDropZones: drops } }] },
      'zone.json',
    );
    expectUserError(['run', p], 'zone.json', 'germanDropZones', '"99"');
  });
  it('a stack over the limit in a parameter', () => {
    const drops = ['1', '1', '1', '1', '1', '1', '1', '12', '7', '7'];
    const p = writeExperiment(
      dir,
      { ...good, arms: [{ id: 'a', params: { germanDropZones: drops } }] },
      'stack.json',
    );
    expectUserError(['run', p], 'stack.json', 'germanDropZones', '"1"', '7 German units');
  });
  it('an unknown variant', () => {
    const p = writeExperiment(
      dir,
      { ...good, arms: [{ id: 'a', variants: { 'bands-sideways': true } }] },
      'variant.json',
    );
    expectUserError(['run', p], 'variant.json', 'variants', '"bands-sideways"');
  });
});
