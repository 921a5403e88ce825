import { defineConfig } from 'vitest/config';

// `npm run test:fast`: the rules and core tests, for day-to-day work (under a minute). The whole
// suite (`npm test`) adds the conformance suite, pinned outcomes, the runner, reports and the CLI.
export default defineConfig({
  test: {
    include: [
      'tests/core-*.test.ts',
      'tests/analysis-*.test.ts',
      'tests/layering.test.ts',
      'tests/sfo-*.test.ts',
      'tests/scs-rules.test.ts',
      'tests/scs-crt.test.ts',
      'tests/scs-odds.test.ts',
      'tests/scs-variants.test.ts',
    ],
    exclude: ['tests/sfo-records.test.ts'],
    testTimeout: 120_000,
    pool: 'forks',
  },
});
