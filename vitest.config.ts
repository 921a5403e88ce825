import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default in `run` mode is one fork fewer than the cores (a single fork on CI's two cores);
// the suite's files are independent and sized, not timed, so every core takes files.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
