import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameRegistry } from '../src/games/index.js';
import { loadExperiment } from '../src/runner/experiment.js';
import { loadBalanceFile } from '../src/search/balance-problem.js';
import { loadSearchFile } from '../src/search/problem.js';

// Every experiment, calibrate and tune file the project ships passes the checks its command makes
// before it plays a game (unknown ids, bad values, refused combinations): a file the README tells a
// user to run must not fail on its first line.

const dir = join(import.meta.dirname, '..', 'experiments');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('shipped experiment files', () => {
  it('are there', () => {
    expect(files.length).toBeGreaterThan(10);
  });
  for (const f of files) {
    it(`${f} is accepted by the command that reads it`, () => {
      const path = join(dir, f);
      const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      const games = gameRegistry();
      // a tune file names the opponents of the policy it tunes; a balance file its candidates; a calibrate file has a search space
      if ('opponents' in raw) loadSearchFile(path, 'tune', games);
      else if ('candidates' in raw) loadBalanceFile(path, games);
      else if ('space' in raw) loadSearchFile(path, 'calibrate', games);
      else loadExperiment(path, games);
    });
  }
});
