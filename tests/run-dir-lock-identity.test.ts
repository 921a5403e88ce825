import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { acquireLock, LOCK_FILE, lockIdentity, STALE_MS } from '../src/runner/lock.js';
import { readManifest, verifyOutputs } from '../src/runner/manifest.js';
import { CLI, sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// A lock that knows who holds it: host, pid, boot id and PID namespace, and a token of its own. Two
// processes that are both pid 1 in their own PID namespaces never both hold it; a frozen owner
// whose lock was taken over never commits; anything but a regular file at the lock path is refused
// at once.

const dir = tempDir('lock-id');
const exp = writeExperiment(dir, {
  name: 'lockid',
  game: 'sfo',
  scenario: 'advanced',
  games: 400,
  seed: 1975,
  chunkSize: 50,
  arms: [{ id: 'a' }, { id: 'b', policies: { us: 'elastic' } }],
});

/** `unshare --pid --fork --mount-proc` works here (root, or user namespaces allowed). */
const unshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

/** The CLI in a PID namespace of its own (where it is pid 1), or as a plain child. */
function start(args: readonly string[], ownNamespace: boolean) {
  const child = ownNamespace
    ? spawn('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, CLI, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  child.stdout.resume();
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
  return { child, exit };
}

async function until(cond: () => boolean, ms = 300_000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const lockOf = (out: string) =>
  JSON.parse(readFileSync(join(out, LOCK_FILE), 'utf8')) as Record<string, unknown>;

describe('the lock path holds something that is not a lock file', () => {
  for (const kind of ['a directory', 'a symbolic link'] as const) {
    it(`${kind}: refused at once, one line naming it (acquireLock and report, exit 2)`, async () => {
      const out = join(dir, kind.replace(/ /g, '-'));
      mkdirSync(out, { recursive: true });
      const path = join(out, LOCK_FILE);
      if (kind === 'a directory') mkdirSync(path);
      else symlinkSync(join(dir, 'nowhere'), path); // dangling
      await expect(acquireLock(out)).rejects.toThrow(
        new UserError(
          `${path}: ${kind}, not a sandtable lock file; sandtable locks a directory with a regular file there: remove it if no sandtable process is writing ${out}`,
        ),
      );
      // the commands that lock a directory: report (on a finished run) and run --resume
      const ref = join(dir, 'ref-run');
      if (!existsSync(ref))
        expect(sandtable(['run', exp, '--out', ref, '--quiet', '--workers', '1']).code).toBe(0);
      const run = join(dir, `${kind.replace(/ /g, '-')}-run`);
      spawnSync('cp', ['-r', ref, run]);
      if (kind === 'a directory') mkdirSync(join(run, LOCK_FILE));
      else symlinkSync(join(dir, 'nowhere'), join(run, LOCK_FILE));
      const r = spawnSync(process.execPath, [CLI, 'report', run], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`${run}/${LOCK_FILE}: ${kind}, not a sandtable lock file`);
    }, 300_000);
  }
});

describe('an owner in another PID namespace', () => {
  it('with this pid, on this host, and a fresh heartbeat: never read as stale (simulated identity)', async () => {
    const out = join(dir, 'same-pid');
    mkdirSync(out, { recursive: true });
    const me = lockIdentity();
    writeFileSync(
      join(out, LOCK_FILE),
      JSON.stringify({ ...me, pidNs: 'pid:[1]', started: 'now', token: 't', command: 'run' }),
    );
    await expect(acquireLock(out)).rejects.toThrow(
      `another sandtable process is writing this directory: pid ${process.pid} on ${me.host} (PID namespace pid:[1])`,
    );
    // the same lock in this namespace is this pid's earlier process, which is gone
    writeFileSync(
      join(out, LOCK_FILE),
      JSON.stringify({ ...me, started: 'then', token: 't', command: 'run' }),
    );
    const warnings: string[] = [];
    const held = await acquireLock(out, { warn: (w) => warnings.push(w) });
    expect(warnings.join()).toContain(`left by an earlier process with this pid (${process.pid})`);
    held.release();
  });

  it.runIf(unshare)(
    'two runs that are each pid 1 in their own PID namespace cannot both hold the lock',
    async () => {
      const out = join(dir, 'pid1');
      const first = start(['run', exp, '--out', out, '--games', '4000', '--workers', '1', '--quiet'], true);
      await until(() => existsSync(join(out, LOCK_FILE)) && existsSync(join(out, 'chunks', '0-0-50.f64')));
      expect(lockOf(out).pid).toBe(1);
      const second = start(['run', exp, '--out', out, '--games', '4000', '--force', '--quiet'], true);
      const b = await second.exit;
      expect(b.code, b.stderr).toBe(2);
      expect(b.stderr).toContain(`${out}: another sandtable process is writing this directory: pid 1 on `);
      expect(b.stderr.trim().split('\n')).toHaveLength(1);
      const a = await first.exit;
      expect(a.code, a.stderr).toBe(0);
      expect(readManifest(out).status).toBe('complete');
    },
    600_000,
  );
});

describe('a frozen owner', () => {
  it.runIf(unshare)(
    'SIGSTOP, a --force --seed 7 run takes over the stale lock, SIGCONT: the frozen owner refuses to commit, and the directory holds the seed-7 run whole',
    async () => {
      const out = join(dir, 'frozen');
      const first = start(['run', exp, '--out', out, '--games', '20000', '--workers', '1', '--quiet'], false);
      await until(() => existsSync(join(out, LOCK_FILE)) && existsSync(join(out, 'chunks', '0-0-50.f64')));
      first.child.kill('SIGSTOP');
      // minutes without a heartbeat (the frozen owner cannot touch its lock)
      const old = new Date(Date.now() - STALE_MS - 10_000);
      utimesSync(join(out, LOCK_FILE), old, old);
      // the successor is in another PID namespace (another container), so only the heartbeat tells
      const second = start(
        ['run', exp, '--out', out, '--force', '--seed', '7', '--workers', '1', '--quiet'],
        true,
      );
      const b = await second.exit;
      expect(b.code, b.stderr).toBe(0);
      expect(b.stderr).toContain('took over a stale lock');
      first.child.kill('SIGCONT');
      const a = await first.exit;
      expect(a.code, a.stderr).toBe(2);
      expect(a.stderr).toContain(
        `${out}: this process's lock was taken over while it was stopped or unreachable`,
      );
      expect(a.stderr.trim().split('\n')).toHaveLength(1);
      // exactly one run: the seed-7 one, complete, every file as its manifest says, no chunk left over
      const m = readManifest(out);
      expect([m.status, m.seed, m.games]).toEqual(['complete', 7, 400]);
      expect(verifyOutputs(out, m)).toEqual([]);
      expect(existsSync(join(out, 'chunks'))).toBe(false);
      expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    },
    600_000,
  );
});
