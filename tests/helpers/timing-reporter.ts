/**
 * A vitest reporter that prints the suite's time as numbers when the run ends: the wall time of the
 * test run and the 15 slowest files (collection, setup and tests). Both tiers' configs
 * (vitest.config.ts, vitest.fast.config.ts) list it before the default reporter, so `npm test`
 * (what `.ci/run` runs) prints the table and vitest's own summary lines still end the output.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 15;

export default class TimingReporter implements Reporter {
  private started = 0;

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const wall = (performance.now() - this.started) / 1000;
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return {
          file: relative(process.cwd(), m.moduleId),
          s:
            (d.environmentSetupDuration +
              d.prepareDuration +
              d.collectDuration +
              d.setupDuration +
              d.duration) /
            1000,
          state: m.state(),
        };
      })
      .sort((a, b) => b.s - a.s);
    const busy = rows.reduce((t, r) => t + r.s, 0);
    const out = [
      '',
      `Suite time: ${wall.toFixed(1)} s wall for ${rows.length} files (${busy.toFixed(1)} s summed over files)`,
      `The ${Math.min(SLOWEST, rows.length)} slowest files:`,
      ...rows
        .slice(0, SLOWEST)
        .map(
          (r) => `  ${r.s.toFixed(1).padStart(8)} s  ${r.file}${r.state === 'passed' ? '' : ` (${r.state})`}`,
        ),
      '',
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  }
}
