import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { UserError } from '../core/errors.js';
import { tempPath } from './outputs.js';

/** The lock file in a run, shard or merge directory: one writer at a time. */
export const LOCK_FILE = 'sandtable.lock';

/** How often the owner touches its lock while it works. */
export const HEARTBEAT_MS = 10_000;

/**
 * A lock whose owner is on another host is stale once it has not been touched for this long (a
 * pod that died without releasing it); on this host a lock is stale as soon as its process is gone.
 */
export const STALE_MS = 120_000;

/** What a lock file says about its owner. */
export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
  readonly token: string;
  readonly command: string;
}

/** A held lock: touch it while working, release it when done (also on failure). */
export interface DirLock {
  readonly path: string;
  touch(): void;
  release(): void;
}

/** Lock files this process holds, by path: a second writer in the same process is refused too. */
const held = new Set<string>();

function readOwner(path: string): { owner: LockOwner | undefined; ageMs: number } | undefined {
  let text: string;
  let ageMs: number;
  try {
    ageMs = Date.now() - statSync(path).mtimeMs;
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined; // gone meanwhile
  }
  try {
    const o = JSON.parse(text) as LockOwner;
    return typeof o.pid === 'number' && typeof o.host === 'string'
      ? { owner: o, ageMs }
      : { owner: undefined, ageMs };
  } catch {
    return { owner: undefined, ageMs };
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

/** Why a lock no longer protects anything, or undefined when its owner may still be working. */
function staleReason(owner: LockOwner | undefined, ageMs: number): string | undefined {
  if (owner === undefined)
    return ageMs > STALE_MS ? 'an unreadable lock file, untouched for minutes' : undefined;
  if (owner.host === hostname()) {
    // A pid is unique on a host while its process lives; our own pid in a lock we do not hold is a
    // previous process of ours (a restarted container is pid 1 again).
    if (owner.pid === process.pid) return `left by an earlier process with this pid (${owner.pid})`;
    if (!processAlive(owner.pid)) return `process ${owner.pid} on this host is gone`;
    return undefined;
  }
  return ageMs > STALE_MS
    ? `untouched for ${Math.round(ageMs / 1000)} s by ${owner.host} (stale after ${STALE_MS / 1000} s)`
    : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Takes the exclusive lock of directory `dir` (which must exist): a lock file created with a hard
 * link, which fails if one exists (also on NFS), holding the owner's pid, host and command. A stale
 * lock (its process gone, or on another host untouched for STALE_MS) is taken over, and
 * `warn` told. A live one is waited for up to `waitMs` (0: refused at once, naming its owner).
 */
export async function acquireLock(
  dir: string,
  opts: { readonly waitMs?: number; readonly warn?: (m: string) => void; readonly command?: string } = {},
): Promise<DirLock> {
  const path = `${dir}/${LOCK_FILE}`;
  if (held.has(path)) throw new UserError(`${dir}: this process is already writing this directory`);
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
    command: opts.command ?? process.argv.slice(1).join(' '),
  };
  const deadline = Date.now() + (opts.waitMs ?? 0);
  for (;;) {
    const tmp = tempPath(path);
    writeFileSync(tmp, `${JSON.stringify(owner)}\n`);
    try {
      linkSync(tmp, path);
      unlinkSync(tmp);
      break;
    } catch (e) {
      unlinkSync(tmp);
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const found = readOwner(path);
    if (found === undefined) continue; // released meanwhile: try again
    const stale = staleReason(found.owner, found.ageMs);
    if (stale !== undefined) {
      // Move the stale lock aside, and put it back if it turns out someone replaced it meanwhile.
      const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
      try {
        renameSync(path, aside);
      } catch {
        continue;
      }
      const moved = readOwner(aside);
      if (moved?.owner?.token !== found.owner?.token) {
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
        : `${dir}: another sandtable process is writing this directory: pid ${o.pid} on ${o.host}, since ${o.started} (${o.command}); wait for it to finish, or if it is gone, delete ${path}${o.host === hostname() ? '' : ` (a lock from another host is taken over after ${STALE_MS / 1000} s without a heartbeat)`}`,
    );
  }
  held.add(path);
  let released = false;
  const touch = () => {
    if (released) return;
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // a vanished lock is noticed by whoever takes it; the heartbeat only keeps it fresh
    }
  };
  const timer = setInterval(touch, HEARTBEAT_MS);
  timer.unref();
  return {
    path,
    touch,
    release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      held.delete(path);
      const now = readOwner(path);
      // Remove it only while it is still ours.
      if (now?.owner?.token === owner.token) {
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      }
    },
  };
}
