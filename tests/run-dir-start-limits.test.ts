import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { gameRegistry } from '../src/games/index.js';
import {
  addressSpaceLimit,
  checkTableMemory,
  memoryBudget,
  WORKER_ADDRESS_BYTES,
} from '../src/runner/memory.js';
import { CLI, tempDir, writeExperiment } from './helpers/cli.js';

// Nothing is written outside the run directory at start-up (the code identity reads git without
// taking .git/index.lock), and the memory estimate reads the process's own address-space limit
// (RLIMIT_AS, `ulimit -v`), refusing in one line what will not fit.

const dir = tempDir('start-limits');
const getGame = (id: string) => gameRegistry().get(id, 'test');
const root = join(import.meta.dirname, '..');

const strace = spawnSync('strace', ['-V']).status === 0;
const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root }).status === 0;

describe('the code identity', () => {
  it.runIf(strace && git)('is read without writing into the checkout (no .git/index.lock, traced)', () => {
    const trace = join(dir, 'trace');
    const script = `import(${JSON.stringify(join(root, 'dist', 'src', 'runner', 'version.js'))}).then((m) => console.log(m.codeVersion().commit))`;
    const r = spawnSync(
      'strace',
      [
        '-f',
        '-e',
        'trace=openat,open,creat,rename,renameat,renameat2',
        '-o',
        trace,
        process.execPath,
        '-e',
        script,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f]{40}/);
    const calls = readFileSync(trace, 'utf8').split('\n');
    // git ran (it read its objects) ...
    expect(calls.some((l) => l.includes('/objects') || l.includes('HEAD'))).toBe(true);
    // ... and neither took the index lock nor opened anything for writing in the checkout
    expect(calls.filter((l) => l.includes('index.lock'))).toEqual([]);
    const writes = calls.filter(
      (l) => /O_WRONLY|O_RDWR|O_CREAT|rename/.test(l) && !l.includes('ENOENT') && !l.includes('/dev/'),
    );
    expect(writes).toEqual([]);
  });
});

describe('memory from the process limits', () => {
  it('reads the soft RLIMIT_AS from /proc/self/limits (unlimited: none)', () => {
    const line = (soft: string) =>
      `Limit                     Soft Limit           Hard Limit           Units     \nMax address space         ${soft}            unlimited            bytes     \n`;
    expect(addressSpaceLimit(line('unlimited'))).toBeUndefined();
    expect(addressSpaceLimit(line('4096000000'))).toBe(4_096_000_000);
  });

  it('the budget under an address-space limit leaves room for the process and its worker threads', () => {
    // a limit 3 GB above what this process maps now: 3 GB less the worker threads are left
    const mapped = Number(/^VmSize:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
    const limit = mapped + 3 * 2 ** 30;
    const one = memoryBudget(0, limit);
    const two = memoryBudget(2, limit);
    expect(one.bytes).toBeLessThanOrEqual(3 * 2 ** 30);
    expect(one.bytes).toBeGreaterThan(2.9 * 2 ** 30);
    expect(one.bytes - two.bytes).toBe(2 * WORKER_ADDRESS_BYTES);
    expect(two.source).toContain("the process's address-space limit (ulimit -v, ");
    expect(two.source).toContain('and 2 worker threads');
    const sfo = getGame('sfo');
    expect(() => checkTableMemory(sfo, 100_000_000, 2, '--games 100000000', two)).toThrow(UserError);
    expect(() => checkTableMemory(sfo, 100_000_000, 2, '--games 100000000', two)).toThrow(
      "the process's address-space limit (ulimit -v, ",
    );
  });

  it('under ulimit -v, a run that will not fit is refused in one line, exit 2, before anything is written', () => {
    const exp = writeExperiment(dir, {
      name: 'big',
      game: 'sfo',
      scenario: 'advanced',
      games: 10,
      seed: 1,
      arms: [{ id: 'a' }],
    });
    const out = join(dir, 'big');
    const r = spawnSync(
      'bash',
      [
        '-c',
        `ulimit -v 4000000 && exec "$0" "$@"`,
        process.execPath,
        CLI,
        'run',
        exp,
        '--games',
        '10000000',
        '--out',
        out,
        '--workers',
        '1',
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("the process's address-space limit (ulimit -v, 3.8 GB)");
    expect(r.stderr).toMatch(/at most about \d+ games per arm fit here/);
    expect(existsSync(out)).toBe(false);
  });
});
