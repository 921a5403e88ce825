import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './tests/helpers/sequencer.js';
import { FULL_INCLUDE } from './tests/helpers/tiers.js';

// `npm test` (CI, the README's test command): the full tier, every test file with the full
// conformance suite (tests/helpers/tiers.ts). Vitest's default in `run` mode is one fork fewer than
// the cores (a single fork on CI's two cores); the suite's files are independent and sized, not
// timed, so every core takes files.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    include: [...FULL_INCLUDE],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the files that run for minutes start first, also on a clone with no timings (tests/helpers/tiers.ts)
    sequence: { sequencer: HeavyFirstSequencer },
    // the run's wall time and its 15 slowest files, printed before vitest's own summary
    reporters: ['./tests/helpers/timing-reporter.ts', 'default'],
  },
});
