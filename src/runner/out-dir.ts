import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  readdirSync,
  realpathSync,
  rmdirSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { quote, UserError } from '../core/errors.js';
import { parseChunkFileName } from './chunk-file.js';
import { LOCK_FILE } from './lock.js';
import { inspectManifest, type Manifest } from './manifest.js';
import { TEMP_MARK } from './outputs.js';
import { isRunOutputName, removeRunFile, runPath } from './run-paths.js';

/** Longest path we accept for an output directory (Linux PATH_MAX is 4096, with room for our files). */
export const MAX_OUT_PATH = 3800;
/** Longest name of one path component (NAME_MAX 255, with room for our temporary suffixes). */
export const MAX_OUT_COMPONENT = 200;

/** Kernel filesystems nothing may be written into: proc, sysfs, devpts, cgroup, debugfs and the like. */
const SPECIAL_FS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x1cd1, 'devpts'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0xcafe4a11, 'bpf'],
  [0x6165676c, 'pstore'],
  [0x62656570, 'configfs'],
  [0xde5e81e4, 'efivarfs'],
]);
/** Trees of device and kernel files (on some systems tmpfs, so the type alone does not tell). */
const SPECIAL_TREES = ['/proc', '/sys', '/dev'];

/**
 * Checks a directory the user names for output before anything is written: not empty, not too
 * long, not a file or a device, not on a kernel filesystem (/proc, /sys, /dev), and writable.
 * A bad path is a user error naming the flag and the path.
 */
export function checkOutPath(path: string, flag: string): void {
  const bad = (why: string) => new UserError(`option ${flag} ${quote(path)}: ${why}`);
  if (path.trim() === '') throw new UserError(`option ${flag}: an empty path; name a directory`);
  if (path.includes('\u0000')) throw bad('a path cannot hold a NUL character');
  const abs = resolve(path);
  if (Buffer.byteLength(abs) > MAX_OUT_PATH)
    throw bad(`too long (${Buffer.byteLength(abs)} bytes, at most ${MAX_OUT_PATH})`);
  const long = abs.split(sep).find((c) => Buffer.byteLength(c) > MAX_OUT_COMPONENT);
  if (long !== undefined)
    throw bad(
      `the name ${quote(long.slice(0, 40))}... is ${Buffer.byteLength(long)} bytes long (at most ${MAX_OUT_COMPONENT})`,
    );
  // The deepest part of the path that exists decides what can be written there.
  let existing = abs;
  for (;;) {
    let st: ReturnType<typeof statSync> | undefined;
    try {
      st = statSync(existing);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') throw bad(`a part of it is a file, not a directory`);
      if (code === 'EACCES') throw bad(`${existing} cannot be searched (permission denied)`);
      if (code !== 'ENOENT') throw bad(`${existing}: ${code ?? String(e)}`);
    }
    if (st !== undefined) {
      if (!st.isDirectory()) {
        const kind = st.isFile()
          ? 'a file'
          : st.isCharacterDevice() || st.isBlockDevice()
            ? 'a device'
            : 'not a directory';
        throw bad(
          existing === abs
            ? `is ${kind}, not a directory`
            : `${existing} is ${kind}, so no directory can be made in it`,
        );
      }
      break;
    }
    const up = dirname(existing);
    if (up === existing) break;
    existing = up;
  }
  const real = realpathSync(existing);
  const tree = SPECIAL_TREES.find((t) => real === t || real.startsWith(`${t}/`));
  if (tree !== undefined) throw bad(`${tree} holds kernel and device files, not results`);
  try {
    const fs = SPECIAL_FS.get(Number(statfsSync(real).type));
    if (fs !== undefined) throw bad(`on a ${fs} filesystem, which holds kernel files, not results`);
  } catch (e) {
    if (e instanceof UserError) throw e;
  }
  try {
    accessSync(real, constants.W_OK | constants.X_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw bad(
      `${real === abs ? 'the directory' : real} is not writable (${code === 'EROFS' ? 'a read-only filesystem' : code === 'EACCES' ? 'permission denied' : (code ?? String(e))})`,
    );
  }
}

/** What an output directory holds, as far as a run writing into it is concerned. */
export type OutDirState =
  | { readonly kind: 'absent' }
  /** Exists, with no manifest and no file a run writes (other files are left alone). */
  | { readonly kind: 'free' }
  /** No manifest, but files only a run writes (chunks/, games.parquet): not to be reused or removed. */
  | { readonly kind: 'stray'; readonly files: readonly string[] }
  | { readonly kind: 'run'; readonly manifest: Manifest }
  /** A manifest.json that is not a valid sandtable manifest. */
  | { readonly kind: 'foreign'; readonly reason: string };

/** Names only a run writes: their presence without a manifest means a damaged or foreign run. */
const RUN_ONLY = ['chunks', 'games.parquet'];

export function inspectOutDir(dir: string): OutDirState {
  if (!existsSync(dir)) return { kind: 'absent' };
  const m = inspectManifest(dir);
  if (m.kind === 'valid') return { kind: 'run', manifest: m.manifest };
  if (m.kind === 'invalid') return { kind: 'foreign', reason: m.reason };
  const stray = RUN_ONLY.filter((f) => existsSync(`${dir}/${f}`));
  return stray.length > 0 ? { kind: 'stray', files: stray } : { kind: 'free' };
}

/** A refusal for a directory that is not a sandtable run but would be written over. */
export function notARunError(dir: string, state: OutDirState, flag: string): UserError {
  if (state.kind === 'foreign')
    return new UserError(
      `${dir}/manifest.json: not a valid sandtable manifest (${state.reason}); ${flag} replaces only a sandtable run: move it away or choose another --out`,
    );
  if (state.kind === 'stray')
    return new UserError(
      `${dir}: holds ${state.files.join(' and ')} but no manifest.json, so it is not a sandtable run that can be continued or replaced; move them away or choose another --out`,
    );
  return new UserError(`${dir}: not a sandtable run`);
}

const TEMP = new RegExp(`\\${TEMP_MARK}(?:[A-Za-z0-9._-]+-)?\\d+(?:-[0-9a-f]+)?$`);

/** Whether `name` (in a run directory or its chunks/ or charts/) is a temporary file of a base name `ours` accepts. */
function isOurTemp(name: string, ours: (base: string) => boolean): boolean {
  const m = TEMP.exec(name);
  return m !== null && ours(name.slice(0, m.index));
}

/**
 * Removes what a run wrote in `dir` — the listed files `remove` names (checked by
 * planRemoval: still what the run wrote), its chunk files and temporary files — and nothing else:
 * a user's notes in the directory stay, and so do the manifest (the caller replaces it) and the
 * lock. Every path is checked (run-paths.ts): nothing is removed through a link or outside `dir`.
 */
export function removeRunFiles(dir: string, m: Manifest, remove: readonly string[]): void {
  const listed = new Set([...Object.keys(m.outputs ?? {}), ...(m.pending ?? [])]);
  for (const f of remove) removeRunFile(dir, f);
  removeTemps(dir, '', (base) => base === 'manifest.json' || base === LOCK_FILE || listed.has(base));
  for (const sub of ['charts', 'chunks']) {
    const d = runPath(dir, sub);
    if (!existsSync(d) || !statSync(d).isDirectory()) continue;
    if (sub === 'chunks') {
      for (const f of readdirSync(d))
        if (parseChunkFileName(f) !== undefined || isOurTemp(f, (b) => parseChunkFileName(b) !== undefined))
          removeRunFile(dir, `${sub}/${f}`);
    } else {
      removeTemps(dir, sub, (base) => listed.has(`${sub}/${base}`) || isRunOutputName(`${sub}/${base}`));
    }
    removeIfEmpty(d);
  }
}

/**
 * Removes temporary files (never renamed into results) whose base name `ours` accepts, in run
 * directory `runDir` itself (`sub` '') or its folder `sub` (charts/, chunks/), each through the
 * folder opened as removeRunFile opens it: never through a link, even one swapped in meanwhile.
 */
export function removeTemps(runDir: string, sub: string, ours: (base: string) => boolean): void {
  const dir = sub === '' ? runDir : runPath(runDir, sub);
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) return;
  for (const f of readdirSync(dir)) {
    if (!isOurTemp(f, ours)) continue;
    if (lstatSync(`${dir}/${f}`).isFile()) removeRunFile(runDir, sub === '' ? f : `${sub}/${f}`);
  }
}

export function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // not there, or someone put something in it
  }
}
