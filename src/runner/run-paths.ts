import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { UserError } from '../core/errors.js';
import { fileDigest, type Manifest, type OutputFile } from './manifest.js';
import { tempPath } from './outputs.js';

/**
 * Every path sandtable writes or deletes in a run, shard or merge directory goes through here: it
 * must stay inside the directory, and no part of it below the directory may be a symbolic link
 * (a `charts/`, `chunks/` or `data/` that is a link to another folder would make a report, a
 * `--force` or a merge write or delete there). The directory itself may be a link: the user named it.
 */

/** Sub-directories a run writes into. */
export const RUN_SUBDIRS = ['charts', 'chunks', 'data'] as const;

/** Why `rel` cannot be written under `dir`, or undefined; `rel` is a relative path of plain names. */
function linkProblem(dir: string, rel: string): string | undefined {
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..') || rel.startsWith('/'))
    return `${dir}/${rel}: not a plain path inside the run directory`;
  let at = dir;
  for (let i = 0; i < parts.length; i++) {
    at = `${at}/${parts[i]}`;
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined; // made below, by us, as a plain directory or file
      return `${at}: ${code ?? String(e)}`;
    }
    if (st.isSymbolicLink())
      return `${at} is a symbolic link; sandtable writes and deletes only inside the run directory ${dir}, never through a link: replace the link with a plain directory or file (or move the run elsewhere)`;
    if (i < parts.length - 1 && !st.isDirectory())
      return `${at} is not a directory, so ${dir}/${rel} cannot be written`;
  }
  return undefined;
}

/** Whether the real path of `path`'s deepest existing ancestor is inside the real run directory. */
function insideReal(dir: string, path: string): boolean {
  let real: string;
  const root = realpathSync(dir);
  let p = path;
  for (;;) {
    try {
      real = realpathSync(p);
      break;
    } catch {
      const up = dirname(p);
      if (up === p) return false;
      p = up;
    }
  }
  return real === root || real.startsWith(`${root}/`);
}

/**
 * The path of `rel` in run directory `dir`, checked for writing or deleting: a UserError (one line,
 * naming the path) when a part of it is a symbolic link, not a directory, or its real path leaves
 * the directory. Checked at every write, so a link put in place while a run works is caught too.
 */
export function runPath(dir: string, rel: string): string {
  const problem = linkProblem(dir, rel);
  if (problem !== undefined) throw new UserError(problem);
  const path = `${dir}/${rel}`;
  if (!insideReal(dir, path))
    throw new UserError(`${path}: its real path leaves the run directory ${dir}; nothing is written there`);
  return path;
}

/** Linux's names of a process's open files: `/proc/self/fd/N/name` is `name` in the directory open as N. */
const PROC_FD = '/proc/self/fd';

/** What writeRunFile and removeRunFile call between their checks and their work; a test swaps a directory for a link there. */
export interface WriteHooks {
  readonly afterCheck?: () => void;
}

/**
 * Opens `dir` by its name, then each of `parts` from the folder opened before it with O_NOFOLLOW
 * (a link or a non-directory is a UserError naming it), pushing every descriptor onto `opened`
 * (the caller closes them): `${PROC_FD}/<last>` is then the innermost folder, whatever its path
 * names by the time it is used.
 */
function openFolders(dir: string, parts: readonly string[], opened: number[]): void {
  opened.push(openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY));
  let at = dir;
  for (const part of parts) {
    at = `${at}/${part}`;
    try {
      opened.push(
        openSync(
          `${PROC_FD}/${opened[opened.length - 1]}/${part}`,
          constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW,
        ),
      );
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' || code === 'ENOTDIR')
        throw new UserError(
          `${at} is a symbolic link or not a directory (it changed while sandtable worked); nothing is written or removed through it: replace it with a plain directory`,
        );
      throw e;
    }
  }
}

/**
 * Removes file `rel` of directory `dir` if it is there (a UserError when a part of its path is a
 * link: runPath), in the folder opened as stageRunFile opens it, so a folder swapped for a link
 * after the check is not removed through; where /proc/self/fd is missing, the window between the
 * check and the removal remains.
 */
export function removeRunFile(dir: string, rel: string, hooks: WriteHooks = {}): void {
  const checked = runPath(dir, rel);
  if (!existsSync(PROC_FD)) {
    hooks.afterCheck?.();
    rmSync(checked, { force: true });
    return;
  }
  const parts = rel.split('/');
  const base = parts.pop()!;
  const opened: number[] = [];
  try {
    openFolders(dir, parts, opened);
  } catch (e) {
    for (const fd of opened.reverse()) closeSync(fd);
    // a folder that is gone holds nothing to remove
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  try {
    hooks.afterCheck?.();
    rmSync(`${PROC_FD}/${opened[opened.length - 1]}/${base}`, { force: true });
  } finally {
    for (const fd of opened.reverse()) closeSync(fd);
  }
}

/** A file written under a temporary name by stageRunFile, to be renamed into place or removed. */
export interface StagedFile {
  /** Renames the temporary file to its name, in the folder it was written in. */
  commit(): void;
  /** Removes the temporary file (when not committed) and lets the folder go. */
  discard(): void;
}

/**
 * Writes `data` under a temporary name (created exclusively) beside `rel` in directory `dir`;
 * `commit` renames it into place. Never through a link below `dir`, even one swapped in while it
 * writes: where the system names open directories (Linux's /proc/self/fd), `dir` is opened once by
 * its name and every folder of `rel` below it from the folder above with O_NOFOLLOW, and the
 * temporary file is written and renamed inside the folder so opened, whatever its path names by
 * then: no window is left below `dir` (`dir` itself may be a link: the user named it). Elsewhere
 * the path is checked (runPath) before the write and again before the rename, and a link swapped
 * in just after a check is followed: that window remains there.
 */
export function stageRunFile(
  dir: string,
  rel: string,
  data: string | Uint8Array,
  hooks: WriteHooks = {},
): StagedFile {
  const checked = runPath(dir, rel);
  if (!existsSync(PROC_FD)) {
    hooks.afterCheck?.();
    const tmp = tempPath(checked);
    try {
      writeFileSync(tmp, data, { flag: 'wx' });
    } catch (e) {
      rmSync(tmp, { force: true });
      throw e;
    }
    return {
      commit: () => renameSync(tmp, runPath(dir, rel)),
      discard: () => rmSync(tmp, { force: true }),
    };
  }
  const parts = rel.split('/');
  const base = parts.pop()!;
  const opened: number[] = [];
  const release = () => {
    for (const fd of opened.splice(0).reverse()) closeSync(fd);
  };
  try {
    openFolders(dir, parts, opened);
    hooks.afterCheck?.();
    const folder = `${PROC_FD}/${opened[opened.length - 1]}`;
    const tmp = tempPath(`${folder}/${base}`);
    try {
      writeFileSync(tmp, data, { flag: 'wx' });
    } catch (e) {
      rmSync(tmp, { force: true });
      throw e;
    }
    let done = false;
    return {
      commit: () => {
        renameSync(tmp, `${folder}/${base}`);
        done = true;
        release();
      },
      discard: () => {
        if (!done && opened.length > 0) rmSync(tmp, { force: true });
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/** Writes `data` to `rel` in directory `dir` atomically, never through a link below `dir` (stageRunFile). */
export function writeRunFile(
  dir: string,
  rel: string,
  data: string | Uint8Array,
  hooks: WriteHooks = {},
): void {
  const staged = stageRunFile(dir, rel, data, hooks);
  try {
    staged.commit();
  } finally {
    staged.discard();
  }
}

/** Makes sub-directory `sub` of run directory `dir` (a plain directory, never through a link) and returns its path. */
export function runSubdir(dir: string, sub: string): string {
  const path = runPath(dir, sub);
  mkdirSync(path, { recursive: true });
  // mkdir follows nothing we did not check, but a link could have been put there meanwhile
  return runPath(dir, sub);
}

/**
 * Refuses, before anything is written, a run directory in which a sub-directory a run writes
 * (charts/, chunks/, data/) or the folder of a file `m` lists is a symbolic link or leaves the
 * directory: one line naming it.
 */
export function assertNoLinks(dir: string, m?: Manifest): void {
  const parents = new Set<string>(RUN_SUBDIRS);
  for (const f of [
    ...Object.keys(m?.outputs ?? {}),
    ...(m?.pending ?? []),
    ...(m?.shard?.files ?? []).map((x) => x.file),
  ]) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) parents.add(parts.slice(0, i).join('/'));
  }
  for (const p of [...parents].sort()) runPath(dir, p);
}

/**
 * File names a run writes at the top of its directory (src/analysis/report-data.ts summaryFiles,
 * src/report/report.ts, finish.ts, rebuild.ts HEAT_FILE) and in charts/ (the charts'
 * specs and pictures): `--force` removes a listed file only if its name is one of these.
 */
const RUN_TOP = new Set([
  'games.parquet',
  'games.csv',
  'summary.csv',
  'stats.csv',
  'end-turns.csv',
  'comparisons.csv',
  'cells.csv',
  'ranking.csv',
  'columns.json',
  'metagame.json',
  'summary.md',
  'index.html',
]);
const RUN_CHART = /^charts\/[a-z0-9][a-z0-9-]*\.(?:svg|vl\.json)$/;

/** Whether `name` (relative to a run directory) is a file a run writes, by its name. */
export const isRunOutputName = (name: string): boolean => RUN_TOP.has(name) || RUN_CHART.test(name);

/** A listed file that is not removed, and why. */
export interface KeptFile {
  /** Relative to the run directory, as the manifest lists it. */
  readonly name: string;
  readonly path: string;
  readonly why: string;
}

/**
 * Which files `m` lists (outputs and pending) may be removed as the run's: a regular file inside
 * the directory, reached through no link, named as a run names its files, and (for an output) of
 * the size and sha256 the manifest records. Anything else is the user's and is `kept` (the caller
 * names it); files not there are in neither list. Throws (runPath) when a listed path goes through a link.
 */
export function planRemoval(dir: string, m: Manifest): { remove: string[]; kept: KeptFile[] } {
  const kept: KeptFile[] = [];
  const remove: string[] = [];
  const digests: Readonly<Record<string, OutputFile>> = m.outputs ?? {};
  const names = new Set([...Object.keys(digests), ...(m.pending ?? [])]);
  for (const name of [...names].sort()) {
    const path = runPath(dir, name);
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(path);
    } catch {
      continue; // not there: nothing to remove
    }
    if (!isRunOutputName(name)) {
      kept.push({ name, path, why: 'not a file sandtable writes' });
      continue;
    }
    if (!st.isFile()) {
      kept.push({ name, path, why: 'not a regular file' });
      continue;
    }
    const want = digests[name];
    if (want !== undefined) {
      const got = fileDigest(path);
      if (got.bytes !== want.bytes || got.sha256 !== want.sha256) {
        kept.push({ name, path, why: 'changed since the run wrote it' });
        continue;
      }
    }
    remove.push(name);
  }
  return { remove, kept };
}

/**
 * Refuses to replace a run when a listed file the new run would write again (a run's file name)
 * was changed since the old run wrote it: replacing the run would write over someone's edit.
 */
export function assertNoneOverwritten(kept: readonly KeptFile[]): void {
  const clash = kept.filter((k) => isRunOutputName(k.name));
  if (clash.length > 0)
    throw new UserError(
      `${clash.map((k) => `${k.path} (${k.why})`).join('; ')}: replacing the run would write over ${clash.length === 1 ? 'it' : 'them'}; move ${clash.length === 1 ? 'it' : 'them'} out of the run directory (or restore the run's file) and try again`,
    );
}

/** One line naming the files `--force` left in place, or undefined when none. */
export function keptMessage(dir: string, kept: readonly KeptFile[]): string | undefined {
  if (kept.length === 0) return undefined;
  return `${dir}: left ${kept.length} listed file${kept.length === 1 ? '' : 's'} that may be yours in place: ${kept.map((k) => `${k.path} (${k.why})`).join('; ')}`;
}
