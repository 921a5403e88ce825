import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandtable, tempDir } from './helpers/cli.js';

// Optimisations must not change results: a fixed experiment's summary.csv and stats.csv are pinned
// (tests/pinned/*.csv). A deliberate rules or policy change updates the pins in the same commit.

const pinned = join(import.meta.dirname, 'pinned');

describe('pinned outcomes', () => {
  for (const name of ['sfo-pinned', 'scs-pinned']) {
    it(`${name}: summary.csv and stats.csv are unchanged`, () => {
      const out = join(tempDir('pinned'), name);
      const r = sandtable(['run', join(pinned, `${name}.json`), '--out', out, '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      for (const f of ['summary', 'stats']) {
        expect(readFileSync(join(out, `${f}.csv`), 'utf8'), `${name} ${f}.csv`).toBe(
          readFileSync(join(pinned, `${name}.${f}.csv`), 'utf8'),
        );
      }
    });
  }
});
