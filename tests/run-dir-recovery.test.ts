import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { gameRegistry } from '../src/games/index.js';
import { loadExperiment } from '../src/runner/experiment.js';
import { writing } from '../src/runner/finish.js';
import { experimentHashOf, readManifest, verifyOutputs, writeManifest } from '../src/runner/manifest.js';
import { loadRun } from '../src/runner/read-run.js';
import { rebuildReport } from '../src/runner/rebuild.js';
import { runExperiment } from '../src/runner/run.js';
import { codeVersion } from '../src/runner/version.js';
import { tempDir, writeExperiment } from './helpers/cli.js';

// Recovery instead of loss (a partial run whose manifest is damaged resuming byte-identical is in
// tests/runner-resume.test.ts): chunks of another experiment alone are no run to recover; a full
// disk in the finish phase names the file and the remedy; a rebuilt report records the code that
// rebuilt it; report and loadRun refuse a manifest whose embedded experiment says otherwise
// (re-sealed forgeries), as replay does.

const games = gameRegistry();
const dir = tempDir('recovery');
const file = writeExperiment(dir, {
  name: 'recovery',
  game: 'sfo',
  scenario: 'advanced',
  games: 80,
  seed: 11,
  chunkSize: 20,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
});
const exp = () => loadExperiment(file, games);
const base = join(dir, 'base');
const half = join(dir, 'half');
const opts = (out: string, more: { resume?: boolean; warn?: (w: string) => void } = {}) => ({
  out,
  workers: 1,
  csv: false,
  resume: more.resume ?? false,
  force: false,
  quiet: true,
  warn: more.warn ?? (() => {}),
});

beforeAll(async () => {
  expect((await runExperiment(exp(), opts(base))).status).toBe('complete');
  // the first half of every arm's chunks, as a killed run leaves them
  const r = await runExperiment(exp(), { ...opts(half), shard: { index: 0, count: 2 } });
  expect(r.status).toBe('complete');
}, 600_000);

describe('--resume of a directory without a valid manifest', () => {
  it('chunks of another seed only are no run to recover: refused, and they stay', async () => {
    const out = join(dir, 'other-seed');
    mkdirSync(out);
    cpSync(join(half, 'chunks'), join(out, 'chunks'), { recursive: true });
    const before = readdirSync(join(out, 'chunks')).sort();
    const other = { ...exp(), seed: 12 };
    const e = await runExperiment(other, opts(out, { resume: true })).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UserError);
    expect((e as Error).message).toMatch(/no manifest\.json/);
    expect(readdirSync(join(out, 'chunks')).sort()).toEqual(before);
  }, 300_000);
});

describe('a disk error in the finish phase', () => {
  it('names the file and the remedy, in one line', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const again = 'sandtable run exp.json --resume reports/x';
    expect(() =>
      writing('reports/x', 'games.parquet', again, () => {
        throw full;
      }),
    ).toThrow(
      new UserError(
        `reports/x/games.parquet: could not be written: the disk is full (ENOSPC); the run is kept as a partial run: free space (or fix the disk) and finish it with: ${again}`,
      ),
    );
    // any other failure is not a disk error and passes unchanged
    const other = new Error('boom');
    expect(() =>
      writing('reports/x', 'games.parquet', again, () => {
        throw other;
      }),
    ).toThrow(other);
  });
});

describe('report', () => {
  it('records the code that rebuilt the report beside the code that played', async () => {
    const out = join(dir, 'rebuilt');
    cpSync(base, out, { recursive: true });
    expect(readManifest(out).reportedBy).toBeUndefined();
    await rebuildReport(out, games);
    const m = readManifest(out);
    const here = codeVersion();
    expect(m.reportedBy).toMatchObject({ version: here.version, commit: here.commit, code: here.code });
    expect(m.code).toBe(readManifest(base).code);
    expect(verifyOutputs(out, m)).toEqual([]);
  }, 300_000);

  for (const [what, forge] of [
    ['a seed', (m: ReturnType<typeof readManifest>) => ({ ...m, seed: 99 })],
    [
      'swapped arm ids',
      (m: ReturnType<typeof readManifest>) => ({
        ...m,
        arms: m.arms.map((a, i) => ({ ...a, id: m.arms[m.arms.length - 1 - i]!.id })),
      }),
    ],
  ] as const) {
    it(`refuses forged metadata (${what}, re-sealed) that its embedded experiment contradicts, as replay does`, async () => {
      const out = join(dir, `forged-${what.replace(/ /g, '-')}`);
      cpSync(base, out, { recursive: true });
      const f = forge(readManifest(out));
      writeManifest(out, { ...f, experimentHash: experimentHashOf({ ...f, game: f.game.id }) });
      const msg = `${out}/manifest.json: its experiment does not match its recorded seed, games and arms`;
      await expect(rebuildReport(out, games)).rejects.toThrow(msg);
      await expect(loadRun(out, undefined, games)).rejects.toThrow(msg);
      expect(existsSync(join(out, 'sandtable.lock'))).toBe(false);
    });
  }
});
