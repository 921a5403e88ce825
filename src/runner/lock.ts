import { randomBytes, randomUUID } from 'node:crypto';
import {
  linkSync,
  lstatSync,
  readFileSync,
  readlinkSync,
  renameSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { UserError } from '../core/errors.js';
import { tempPath } from './outputs.js';

/** The lock file in a run, shard or merge directory: one writer at a time. */
export const LOCK_FILE = 'sandtable.lock';

/** How often the owner touches its lock while it works. */
export const HEARTBEAT_MS = 10_000;

/**
 * A lock whose owner is in another process table (another host, container or boot) is stale once
 * it has not been touched for this long (a pod that died without releasing it); in this process
 * table a lock is stale as soon as its process is gone.
 */
export const STALE_MS = 120_000;

/**
 * Who holds a lock: the host name, the kernel's boot id and the PID namespace say which process
 * table `pid` is in (two containers can both be pid 1 on one host name, and a pid means nothing
 * after a reboot); `token` is drawn afresh by every acquisition, so an owner can tell its own
 * lock from a successor's.
 */
export interface LockIdentity {
  readonly pid: number;
  readonly host: string;
  /** /proc/sys/kernel/random/boot_id, '' where there is none (not Linux). */
  readonly bootId: string;
  /** The target of /proc/self/ns/pid ("pid:[4026531836]"), '' where there is none. */
  readonly pidNs: string;
}

/** What a lock file says about its owner. */
export interface LockOwner extends LockIdentity {
  readonly started: string;
  readonly token: string;
  readonly command: string;
}

/** A held lock: check it before each commit point, touch it while working, release it when done (also on failure). */
export interface DirLock {
  readonly path: string;
  /** Refreshes the heartbeat if the lock is still this owner's (a successor's lock is never touched). */
  touch(): void;
  /**
   * Before a commit point (a chunk adopted, games.parquet, the manifest): refreshes the lock if it
   * is still this owner's, else throws a UserError naming who holds it now; nothing may be written after.
   */
  check(what: string): void;
  release(): void;
}

/** Lock files this process holds, by path: a second writer in the same process is refused too. */
const held = new Set<string>();

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

/** This process's identity (see LockIdentity). */
export function lockIdentity(): LockIdentity {
  let pidNs = '';
  try {
    pidNs = readlinkSync('/proc/self/ns/pid');
  } catch {
    // no /proc: the PID namespace is unknown, so a pid is never read as this host's
  }
  return { pid: process.pid, host: hostname(), bootId: readText('/proc/sys/kernel/random/boot_id'), pidNs };
}

type Found =
  | { readonly kind: 'gone' }
  | { readonly kind: 'not-a-file'; readonly what: string }
  | { readonly kind: 'file'; readonly owner: LockOwner | undefined; readonly ageMs: number };

/** What sits at a lock path: nothing, something that is not a regular file, or a lock file and its owner. */
function readOwner(path: string): Found {
  let ageMs: number;
  let text: string;
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return { kind: 'not-a-file', what: 'a symbolic link' };
    if (st.isDirectory()) return { kind: 'not-a-file', what: 'a directory' };
    if (!st.isFile()) return { kind: 'not-a-file', what: 'not a regular file' };
    ageMs = Date.now() - st.mtimeMs;
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'gone' };
    return { kind: 'not-a-file', what: `unreadable (${code ?? String(e)})` };
  }
  try {
    const o = JSON.parse(text) as LockOwner;
    return {
      kind: 'file',
      owner:
        typeof o.pid === 'number' && typeof o.host === 'string' && typeof o.token === 'string'
          ? o
          : undefined,
      ageMs,
    };
  } catch {
    return { kind: 'file', owner: undefined, ageMs };
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** Whether `o` names a process in this process's own process table (same host, boot and PID namespace, all known). */
function sameProcessTable(o: LockOwner, me: LockIdentity): boolean {
  return (
    o.host === me.host &&
    typeof o.bootId === 'string' &&
    typeof o.pidNs === 'string' &&
    me.bootId !== '' &&
    me.pidNs !== '' &&
    o.bootId === me.bootId &&
    o.pidNs === me.pidNs
  );
}

/**
 * Why a lock no longer protects anything, or undefined when its owner may still be working. A pid
 * is checked only when the lock names this process table (sameProcessTable); any other owner
 * (another host, container or boot, or a lock without that identity) is stale only once its
 * heartbeat has stopped for STALE_MS.
 */
function staleReason(owner: LockOwner | undefined, ageMs: number, me: LockIdentity): string | undefined {
  const quiet =
    ageMs > STALE_MS
      ? `untouched for ${Math.round(ageMs / 1000)} s (stale after ${STALE_MS / 1000} s)`
      : undefined;
  if (owner === undefined) return quiet === undefined ? undefined : `an unreadable lock file, ${quiet}`;
  if (sameProcessTable(owner, me)) {
    // This process does not hold it (see `held`), so a lock with our pid in our own namespace and
    // boot was left by an earlier process that had this pid and is gone.
    if (owner.pid === me.pid)
      return `left by an earlier process with this pid (${owner.pid}) in this PID namespace`;
    if (!processAlive(owner.pid)) return `process ${owner.pid} in this PID namespace is gone`;
    return undefined;
  }
  return quiet === undefined ? undefined : `pid ${owner.pid} on ${owner.host} ${quiet}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Most attempts to create a lock file before giving up (each failed attempt sleeps): never an endless spin. */
const MAX_ATTEMPTS = 200;

const describeOwner = (o: LockOwner) =>
  `pid ${o.pid} on ${o.host}${typeof o.pidNs === 'string' && o.pidNs !== '' ? ` (PID namespace ${o.pidNs})` : ''}, since ${o.started} (${o.command})`;

/**
 * Takes the exclusive lock of directory `dir` (which must exist): a regular file created with a
 * hard link, which fails if one exists (also on NFS), holding the owner's identity (LockIdentity),
 * a fresh token and the command. A stale lock (see staleReason) is taken over, and `warn` told. A
 * live one is waited for up to `waitMs` (0: refused at once, naming its owner). Anything at the
 * lock path that is not a regular file (a directory, a link, dangling or not) is refused at once,
 * naming it. `identity` replaces this process's identity (tests of other namespaces).
 */
export async function acquireLock(
  dir: string,
  opts: {
    readonly waitMs?: number;
    readonly warn?: (m: string) => void;
    readonly command?: string;
    readonly identity?: LockIdentity;
  } = {},
): Promise<DirLock> {
  const path = `${dir}/${LOCK_FILE}`;
  if (held.has(path)) throw new UserError(`${dir}: this process is already writing this directory`);
  const me = opts.identity ?? lockIdentity();
  const owner: LockOwner = {
    ...me,
    started: new Date().toISOString(),
    token: randomUUID(),
    command: opts.command ?? process.argv.slice(1).join(' '),
  };
  const deadline = Date.now() + (opts.waitMs ?? 0);
  for (let attempt = 1; ; attempt++) {
    if (attempt > MAX_ATTEMPTS)
      throw new UserError(
        `${dir}: could not take ${path} after ${MAX_ATTEMPTS} attempts (it keeps appearing and vanishing); is another program replacing it?`,
      );
    const tmp = tempPath(path);
    writeFileSync(tmp, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
    try {
      linkSync(tmp, path);
      unlinkSync(tmp);
      break;
    } catch (e) {
      unlinkSync(tmp);
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const found = readOwner(path);
    if (found.kind === 'not-a-file')
      throw new UserError(
        `${path}: ${found.what}, not a sandtable lock file; sandtable locks a directory with a regular file there: remove it if no sandtable process is writing ${dir}`,
      );
    if (found.kind === 'gone') {
      await sleep(10 + (attempt % 10) * 10); // released meanwhile: try again, after a pause
      continue;
    }
    const stale = staleReason(found.owner, found.ageMs, me);
    if (stale !== undefined) {
      // Move the stale lock aside, and put it back if it turns out someone replaced it meanwhile.
      const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
      try {
        renameSync(path, aside);
      } catch {
        await sleep(20);
        continue;
      }
      const moved = readOwner(aside);
      const movedToken = moved.kind === 'file' ? moved.owner?.token : undefined;
      if (movedToken !== found.owner?.token) {
        try {
          linkSync(aside, path);
        } catch {
          // another writer took the lock meanwhile; it is theirs
        }
      } else {
        opts.warn?.(`sandtable: ${path}: took over a stale lock (${stale})`);
      }
      unlinkSync(aside);
      continue;
    }
    if (Date.now() < deadline) {
      await sleep(Math.min(2000, Math.max(50, deadline - Date.now())));
      continue;
    }
    const o = found.owner;
    throw new UserError(
      o === undefined
        ? `${dir}: another sandtable process is writing this directory (${path} exists); if none is, delete that file`
        : `${dir}: another sandtable process is writing this directory: ${describeOwner(o)}; wait for it to finish, or if it is gone, delete ${path}${sameProcessTable(o, me) ? '' : ` (a lock from another host, container or boot is taken over after ${STALE_MS / 1000} s without a heartbeat)`}`,
    );
  }
  held.add(path);
  let released = false;
  /** Who holds the lock now if it is no longer ours (undefined while it is ours). */
  const intruder = (): string | undefined => {
    const now = readOwner(path);
    if (now.kind === 'file' && now.owner?.token === owner.token) return undefined;
    if (now.kind === 'gone') return 'nobody: the lock file was removed';
    if (now.kind === 'not-a-file') return `${path} is now ${now.what}`;
    return now.owner === undefined ? 'an unreadable lock file' : describeOwner(now.owner);
  };
  let lost: string | undefined;
  const touch = () => {
    if (released || lost !== undefined) return;
    lost = intruder();
    if (lost !== undefined) return;
    try {
      const t = new Date();
      utimesSync(path, t, t);
    } catch {
      // a vanished lock is noticed at the next check
    }
  };
  const timer = setInterval(touch, HEARTBEAT_MS);
  timer.unref();
  return {
    path,
    touch,
    check(what: string) {
      touch();
      if (lost !== undefined)
        throw new UserError(
          `${dir}: this process's lock was taken over while it was stopped or unreachable (held now by ${lost}); it stops before ${what} and writes nothing more: the directory is no longer this run's`,
        );
    },
    release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      held.delete(path);
      // Remove it only while it is still ours.
      if (intruder() === undefined) {
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      }
    },
  };
}
