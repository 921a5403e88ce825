/**
 * A run with the mcts policy (core/mcts.ts) is byte-identical however it is split over workers
 * and chunks (docs/architecture.md "Randomness"): the search draws only from the side's policy
 * stream and from forks seeded by it, and keeps nothing across games but what `reset` clears.
 * Two games: SFO (perfect information, both sides searching) and Crete (the British search on
 * resampled German allocations).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

const dir = tempDir('mcts-det');
const experiments = {
  sfo: writeExperiment(
    dir,
    {
      name: 'mcts-det-sfo',
      game: 'sfo',
      scenario: 'advanced',
      games: 6,
      seed: 5150,
      arms: [
        { id: 'mcts-soviet', policies: { soviet: 'mcts:iterations=4,horizon=4', us: 'hold-towns' } },
        { id: 'mcts-us', policies: { soviet: 'best-odds', us: 'mcts:iterations=4,horizon=4,prior=0.5' } },
      ],
    },
    'sfo.json',
  ),
  crete: writeExperiment(
    dir,
    {
      name: 'mcts-det-crete',
      game: 'crete',
      scenario: 'campaign',
      games: 4,
      seed: 5151,
      arms: [{ id: 'mcts-british', policies: { british: 'mcts:iterations=2,horizon=2' } }],
    },
    'crete.json',
  ),
} as const;
const runs = {
  w1c6: ['--workers', '1', '--chunk-size', '6'],
  w2c2: ['--workers', '2', '--chunk-size', '2'],
  w2c3: ['--workers', '2', '--chunk-size', '3'],
} as const;

beforeAll(() => {
  for (const [game, exp] of Object.entries(experiments))
    for (const [name, flags] of Object.entries(runs)) {
      const r = sandtable(['run', exp, '--out', join(dir, `${game}-${name}`), '--quiet', ...flags]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
}, 600_000);

describe('a run with mcts is byte-identical whatever the workers and chunk size', () => {
  for (const game of Object.keys(experiments))
    for (const file of ['games.parquet', 'summary.csv'])
      it(`${game}: ${file} is identical for 1 and 2 workers and chunk sizes 2, 3 and 6`, () => {
        const ref = readFileSync(join(dir, `${game}-w1c6`, file));
        for (const name of Object.keys(runs))
          expect(
            readFileSync(join(dir, `${game}-${name}`, file)).equals(ref),
            `${game}-${name}/${file}`,
          ).toBe(true);
      });
});
