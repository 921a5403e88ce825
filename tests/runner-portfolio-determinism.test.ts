import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// The portfolio search (src/core/portfolio.ts) draws all its randomness from its side's policy
// stream and plays its playouts on forks seeded from it (its opening playouts too): a run with it
// is byte-identical however it is split over workers and chunks, like any run
// (docs/architecture.md "Randomness"). Crete's
// British search forks states resampled from their view (the hidden German allocation).

const dir = tempDir('portfolio-det');
const exp = writeExperiment(dir, {
  name: 'portfolio-det',
  game: 'sfo',
  scenario: 'advanced',
  games: 6,
  seed: 77,
  arms: [
    { id: 'soviet', policies: { soviet: 'portfolio:n=1,horizon=1,opening=1', us: 'hold-towns' } },
    { id: 'us', policies: { soviet: 'town-rush', us: 'portfolio:n=1,horizon=1,every=2' } },
  ],
});
const crete = writeExperiment(
  dir,
  {
    name: 'portfolio-det-crete',
    game: 'crete',
    games: 3,
    seed: 78,
    arms: [{ id: 'british', policies: { british: 'portfolio:n=1,horizon=1,every=4' } }],
  },
  'crete.json',
);
const runs = {
  w1c6: ['--workers', '1', '--chunk-size', '6'],
  w2c1: ['--workers', '2', '--chunk-size', '1'],
  w2c4: ['--workers', '2', '--chunk-size', '4'],
} as const;

beforeAll(() => {
  for (const [name, flags] of Object.entries(runs))
    for (const [file, out] of [
      [exp, name],
      [crete, `crete-${name}`],
    ] as const) {
      const r = sandtable(['run', file, '--out', join(dir, out), '--quiet', ...flags]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
});

describe('a run with the portfolio search is byte-identical whatever the workers and chunk size', () => {
  for (const prefix of ['', 'crete-'])
    it(`${prefix || 'sfo-'}games.parquet is identical for 1 and 2 workers and chunk sizes 1, 4 and 6`, () => {
      const ref = readFileSync(join(dir, `${prefix}w1c6`, 'games.parquet'));
      for (const name of Object.keys(runs))
        expect(readFileSync(join(dir, `${prefix}${name}`, 'games.parquet')).equals(ref), name).toBe(true);
    });
});
