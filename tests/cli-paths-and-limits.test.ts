import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { gameRegistry } from '../src/games/index.js';

const getGame = (id: string) => gameRegistry().get(id);

import { checkTableMemory, memoryLimit, tableBytesPerRow } from '../src/runner/memory.js';
import { CLI, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

// Every input the fault harness reached ends in one line and exit 2: output paths that are empty,
// a file, a device, a kernel filesystem, too long or unwritable; a worker count the machine cannot
// run; a game count whose table it cannot hold (said before allocating). A run writes nothing
// outside its directory, and an interrupted one prints a command that continues it as it was.
// Refusals are checked in process: the one-line UserError src/cli/program.ts main prints after
// "sandtable: " with exit code 2; only the interrupted run (a signal) is a spawned process.

const dir = tempDir('paths');
const exp = writeExperiment(dir, {
  name: 'paths',
  game: 'sfo',
  scenario: 'advanced',
  games: 20,
  seed: 3,
  arms: [{ id: 'a' }],
});
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'x');

async function expectOneLine(args: string[], ...fragments: string[]) {
  const m = await userErrorOf(args);
  expect(m).not.toContain('\n'); // one line, so no stack trace
  for (const f of fragments) expect(m).toContain(f);
}

describe('output paths are checked before anything is written', () => {
  const cases: [string, string][] = [
    ['', 'option --out: an empty path'],
    [aFile, 'is a file, not a directory'],
    [join(aFile, 'sub'), 'a part of it is a file'],
    ['/dev/null', 'is a device, not a directory'],
    ['/sys/x', '/sys holds kernel and device files'],
    ['/proc/x', '/proc holds kernel and device files'],
    [join(dir, 'n'.repeat(300)), 'is 300 bytes long (at most 200)'],
    [join(dir, ...Array.from({ length: 500 }, () => 'deep-dir')), 'too long'],
  ];
  for (const [out, message] of cases) {
    it(`--out ${JSON.stringify(out.length > 60 ? `${out.slice(0, 60)}...` : out)}`, async () => {
      const t0 = Date.now();
      await expectOneLine(['run', exp, '--out', out, '--quiet'], message);
      expect(Date.now() - t0).toBeLessThan(30_000); // /proc/x used to spin at 100% CPU
    });
  }

  it('--out "" is refused by merge, odds and --resume too, and nothing lands in /', async () => {
    await expectOneLine(['merge', dir, '--out', ''], 'option --out: an empty path');
    await expectOneLine(['run', exp, '--resume', ''], 'option --resume: an empty path');
    await expectOneLine(['odds', 'sfo', '--out', aFile], 'is a file, not a directory');
    expect(existsSync('/manifest.json')).toBe(false);
  });

  it.runIf(process.getuid?.() !== 0)('an unwritable directory is named', async () => {
    const ro = join(dir, 'read-only');
    mkdirSync(ro);
    chmodSync(ro, 0o500);
    await expectOneLine(
      ['run', exp, '--out', join(ro, 'run'), '--quiet'],
      'is not writable (permission denied)',
    );
  });
});

describe('worker count and memory', () => {
  it('--workers beyond 4 per core is one line with the reason (128 aborted V8)', async () => {
    const cores = availableParallelism();
    const n = Math.max(128, 4 * cores + 1);
    await expectOneLine(
      ['run', exp, '--workers', String(n), '--out', join(dir, 'never')],
      `option --workers: at most ${4 * cores} on this machine (4 per core, ${cores} core`,
      'only add memory',
    );
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('a game count whose table the machine cannot hold is refused before allocating, saying what fits', () => {
    const sfo = getGame('sfo');
    const perRow = tableBytesPerRow(sfo, 3);
    expect(perRow).toBeGreaterThan(20);
    const limit = 8 * 2 ** 30;
    expect(() => checkTableMemory(sfo, 1_000_000, 3, 'x', limit)).not.toThrow();
    let message = '';
    try {
      checkTableMemory(sfo, 50_000_000, 3, '--games 50000000', limit);
    } catch (e) {
      expect(e).toBeInstanceOf(UserError);
      message = (e as Error).message;
    }
    expect(message).toMatch(
      /^--games 50000000: 50000000 games x 3 arms need about [\d.]+ GB .* about 6\.4 GB of this machine's 8\.0 GB: at most about \d+ games per arm fit here/,
    );
    const fits = Number(/at most about (\d+) games/.exec(message)![1]);
    expect(() => checkTableMemory(sfo, fits, 3, 'x', limit)).not.toThrow();
    expect(() => checkTableMemory(sfo, fits + 10, 3, 'x', limit)).toThrow(UserError);
    expect(() => checkTableMemory(sfo, 100_000_000, 10_000, 'x', 2 ** 50)).toThrow(
      'a games table holds at most',
    );
  });

  const need = tableBytesPerRow(getGame('sfo'), 10) * 100_000_000 * 10 * 1.5;
  it.runIf(need > 0.8 * memoryLimit())(
    'run --games 100000000 of ten arms is refused at once, writing nothing',
    async () => {
      const t0 = Date.now();
      const out = join(dir, 'huge');
      await expectOneLine(
        ['run', 'experiments/sfo-advanced-policies.json', '--games', '100000000', '--out', out],
        '100000000 games x 10 arms need about',
      );
      expect(Date.now() - t0).toBeLessThan(30_000);
      expect(existsSync(out)).toBe(false);
    },
  );
});

describe('a run writes only into its directory', () => {
  it('leaves its working directory as it was but for the output directory, with no lock or temporary file', async () => {
    const cwd = tempDir('cwd');
    const file = writeExperiment(cwd, JSON.parse(readFileSync(exp, 'utf8')));
    // spawned: the process's own working directory is what is checked (and a run in process plays
    // on worker threads started from source, which resolve tsx from the working directory)
    const r = spawnSync(process.execPath, [CLI, 'run', file, '--out', 'out', '--csv', '--quiet'], {
      cwd,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(cwd).sort()).toEqual(['exp.json', 'out']);
    expect(readdirSync(join(cwd, 'out')).filter((f) => f.includes('.tmp-') || f.endsWith('.lock'))).toEqual(
      [],
    );
  });
});

describe('the resume hint', () => {
  it('after SIGTERM, names every flag that shaped the run (--csv too) and, pasted, finishes it as it was', async () => {
    const big = writeExperiment(
      dir,
      { ...JSON.parse(readFileSync(exp, 'utf8')), chunkSize: 100 },
      'big.json',
    );
    const out = join(dir, 'hinted');
    const child = spawn(
      process.execPath,
      [CLI, 'run', big, '--out', out, '--games', '6000', '--seed', '9', '--csv', '--workers', '1', '--quiet'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    const code = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (existsSync(join(out, 'chunks', '0-200-300.f64'))) {
          clearInterval(t);
          resolve();
        }
      }, 10);
    });
    child.kill('SIGTERM');
    expect(await code).toBe(143);
    const hint = /resume with: (.*)$/m.exec(stderr)![1]!;
    expect(hint).toMatch(
      new RegExp(
        `^(sandtable|node \\S+main\\.js) run ${big} --resume ${out} --games 6000 --seed 9 --csv --workers 1$`,
      ),
    );
    const resumed = spawnSync('sh', ['-c', `${hint} --quiet`], { encoding: 'utf8', timeout: 300_000 });
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(existsSync(join(out, 'games.csv'))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))).toMatchObject({
      status: 'complete',
      seed: 9,
      games: 6000,
    });
  });
});
