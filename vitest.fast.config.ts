import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './tests/helpers/sequencer.js';
import { FAST_EXCLUDE, fastInclude } from './tests/helpers/tiers.js';

// `npm run test:fast`: the fast tier (tests/helpers/tiers.ts), for every edit: core, analysis,
// layering and search unit tests, every game's rules, known-answer and odds files, and the
// conformance smoke; files named *.slow.test.ts are left to `npm test`.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    include: fastInclude(import.meta.dirname),
    exclude: [...FAST_EXCLUDE],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the files that run for minutes start first, also on a clone with no timings (tests/helpers/tiers.ts)
    sequence: { sequencer: HeavyFirstSequencer },
    // One module graph per fork, shared by the files it runs: the fast tier's files hold no
    // module-level state (the project's rule), so isolating each file would only repeat the
    // imports (112 against 198 CPU-s for the tier).
    isolate: false,
    // the run's wall time and its 15 slowest files, printed before vitest's own summary
    reporters: ['./tests/helpers/timing-reporter.ts', 'default'],
  },
});
