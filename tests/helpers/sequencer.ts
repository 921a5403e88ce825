/**
 * The suite's file order: vitest's own (failed first, then the longest by the timings of earlier
 * runs; files with no timings largest first), with the few files that run for minutes from a few
 * lines started before all others (tests/helpers/tiers.ts HEAVY_FIRST), so that on a fresh clone,
 * which has no timings, the two forks are not left waiting for them at the end of the run.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { heavyFirst } from './tiers.js';

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return heavyFirst(await super.sort(files), (f) => relative(root, f.moduleId).split('\\').join('/'));
  }
}
