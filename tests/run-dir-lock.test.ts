import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, LOCK_FILE, lockIdentity, STALE_MS } from '../src/runner/lock.js';
import { readManifest } from '../src/runner/manifest.js';
import { tempPath } from '../src/runner/outputs.js';
import { CLI, sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// One writer per output directory: a lock file names its owner (pid, host, command); a second run
// is refused while the first works, a stale lock (its process gone, or untouched for minutes on
// another host) is taken over, and temporary names never collide across processes or hosts.

const dir = tempDir('lock');
const exp = writeExperiment(dir, {
  name: 'lock',
  game: 'sfo',
  scenario: 'advanced',
  games: 2000,
  seed: 1,
  chunkSize: 100,
  arms: [{ id: 'a' }, { id: 'b', policies: { us: 'elastic' } }],
});

function start(args: readonly string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  child.stdout.on('data', (d) => {
    stdout += String(d);
  });
  const exit = new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr, stdout })),
  );
  return { child, exit };
}

async function until(cond: () => boolean, ms = 120_000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('two runs into one directory', () => {
  it('started together: exactly one runs, the other is refused, and the results are the winner’s', async () => {
    const out = join(dir, 'race');
    const runs = [
      start(['run', exp, '--out', out, '--seed', '11', '--workers', '1', '--quiet']),
      start(['run', exp, '--out', out, '--seed', '22', '--workers', '1', '--quiet']),
    ];
    const results = await Promise.all(runs.map((r) => r.exit));
    const codes = results.map((r) => r.code).sort();
    expect(codes, results.map((r) => r.stderr).join('\n')).toEqual([0, 2]);
    const loser = results.find((r) => r.code === 2)!;
    expect(loser.stderr).toMatch(/another sandtable process is writing this directory|already holds a run/);
    expect(loser.stderr.trim().split('\n')).toHaveLength(1);
    // The directory is the winner's run, whole: its manifest's seed is the seed its data was played with.
    const m = readManifest(out);
    const ref = join(dir, `ref-${m.seed}`);
    expect(sandtable(['run', exp, '--out', ref, '--seed', String(m.seed), '--quiet']).code).toBe(0);
    expect(readFileSync(join(out, 'games.parquet')).equals(readFileSync(join(ref, 'games.parquet')))).toBe(
      true,
    );
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
  });

  it('while one works, --force and --resume from another process are refused naming its pid and host', async () => {
    const out = join(dir, 'busy');
    const first = start(['run', exp, '--out', out, '--games', '8000', '--workers', '1', '--quiet']);
    await until(() => existsSync(join(out, LOCK_FILE)) && existsSync(join(out, 'chunks', '0-0-100.f64')));
    for (const flag of [['--force'], ['--resume', out]]) {
      const r = sandtable(['run', exp, '--out', out, '--games', '8000', '--quiet', ...flag]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        `${out}: another sandtable process is writing this directory: pid ${first.child.pid} on ${hostname()}`,
      );
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    const done = await first.exit;
    expect(done.code, done.stderr).toBe(0);
    expect(readManifest(out).status).toBe('complete');
  });
});

describe('a restarted cluster task (run --resume without a directory)', () => {
  it('waits for the task still holding the lock, then leaves its complete run alone', async () => {
    const out = join(dir, 'cluster');
    const first = start(['run', exp, '--out', out, '--workers', '1', '--quiet']);
    await until(() => existsSync(join(out, LOCK_FILE)) && existsSync(join(out, 'chunks', '0-0-100.f64')));
    const second = start(['run', exp, '--out', out, '--resume', '--workers', '1']);
    const [a, b] = await Promise.all([first.exit, second.exit]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toBe(`lock: run already complete in ${out}\n`);
    expect(readManifest(out).status).toBe('complete');
  });
});

describe('stale locks', () => {
  it('a lock left by a process that is gone is taken over, with a warning', () => {
    const out = join(dir, 'stale-pid');
    mkdirSync(out, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    // the lock names this process table (host, boot id and PID namespace): its pid can be checked
    writeFileSync(
      join(out, LOCK_FILE),
      JSON.stringify({ ...lockIdentity(), pid: dead, started: 'then', token: 'x', command: 'run' }),
    );
    const r = sandtable(['run', exp, '--out', out, '--games', '100', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`took over a stale lock (process ${dead} in this PID namespace is gone)`);
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
  });

  it('a fresh lock from another host is respected; one untouched for longer than the stale time is taken over', async () => {
    const out = join(dir, 'other-host');
    mkdirSync(out, { recursive: true });
    const lock = join(out, LOCK_FILE);
    writeFileSync(
      lock,
      JSON.stringify({ pid: 1, host: 'pod-7', started: 'then', token: 'y', command: 'run' }),
    );
    await expect(acquireLock(out)).rejects.toThrow(
      `pid 1 on pod-7, since then (run); wait for it to finish, or if it is gone, delete ${lock} (a lock from another host, container or boot is taken over after ${STALE_MS / 1000} s without a heartbeat)`,
    );
    const old = new Date(Date.now() - STALE_MS - 5000);
    utimesSync(lock, old, old);
    const warnings: string[] = [];
    const held = await acquireLock(out, { warn: (m) => warnings.push(m) });
    expect(warnings.join()).toMatch(/took over a stale lock \(pid 1 on pod-7 untouched for \d+ s/);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    // The same process cannot take it twice, and releasing removes only its own lock.
    await expect(acquireLock(out)).rejects.toThrow('this process is already writing this directory');
    held.release();
    expect(existsSync(lock)).toBe(false);
  });

  it('a waiting writer gets the lock once its live owner releases it, and refuses when it does not', async () => {
    const out = join(dir, 'wait');
    mkdirSync(out, { recursive: true });
    const lock = join(out, LOCK_FILE);
    const owner = spawn('sleep', ['30']);
    try {
      writeFileSync(
        lock,
        JSON.stringify({ pid: owner.pid, host: hostname(), started: 'now', token: 'z', command: 'run' }),
      );
      await expect(acquireLock(out, { waitMs: 300 })).rejects.toThrow(`pid ${owner.pid} on ${hostname()}`);
      setTimeout(() => rmSync(lock), 300);
      const t0 = Date.now();
      const second = await acquireLock(out, { waitMs: 10_000 });
      expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
      second.release();
    } finally {
      owner.kill();
    }
  });
});

describe('temporary names', () => {
  it('carry host and pid and differ on every call, so two pods both running as pid 1 never share one', () => {
    const a = tempPath('/x/manifest.json');
    const b = tempPath('/x/manifest.json');
    expect(a).not.toBe(b);
    expect(a).toMatch(
      new RegExp(
        `^/x/manifest\\.json\\.tmp-${hostname().replace(/[^A-Za-z0-9.-]/g, '_')}-${process.pid}-[0-9a-f]{12}$`,
      ),
    );
  });
});
