import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when this module runs compiled from dist/ (the CLI, workers, benchmarks), false under tsx. */
const compiled = import.meta.url.includes('/dist/');

/** The package root, found from this file in src/ or in dist/src/. */
export const packageRoot = fileURLToPath(new URL(compiled ? '../../../' : '../../', import.meta.url));

/**
 * What produced a run's numbers: the package version, the git commit (with "+dirty" for a
 * changed work tree, "unknown" outside git, e.g. in a container) and `code`, the sha256 of the code
 * this process runs. `code` is what results are bound to: two processes with the same version and
 * code play every game alike, whatever their commit says; outside git it is the only identity.
 */
export interface CodeIdentity {
  readonly version: string;
  readonly commit: string;
  readonly code: string;
}

let cached: CodeIdentity | undefined;

/**
 * sha256 over the package version and the files of the running code, in path order, each as its
 * path relative to the package, its length and its bytes: the compiled dist/src and dist/workers
 * (.js and the game data .json) when running compiled, the .ts and .json sources under tsx.
 * Source maps are left out.
 */
export function codeHash(version: string): string {
  const hash = createHash('sha256');
  hash.update(`sandtable ${version}\u0000`);
  const roots = compiled ? ['dist/src', 'dist/workers'] : ['src', 'workers'];
  const ext = compiled ? /\.(js|json)$/ : /\.(ts|json)$/;
  const walk = (rel: string): void => {
    const entries = readdirSync(`${packageRoot}${rel}`, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const e of entries) {
      const path = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (e.isFile() && ext.test(e.name)) {
        const bytes = readFileSync(`${packageRoot}${path}`);
        hash.update(`${path}\u0000${bytes.byteLength}\u0000`);
        hash.update(bytes);
      }
    }
  };
  for (const r of roots) walk(r);
  return hash.digest('hex');
}

/** The package version (package.json) alone: no git, no code hash (`sandtable --version`). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(`${packageRoot}package.json`, 'utf8')) as { version: string }).version;
}

/** Package version, git commit and code hash, for manifests and chunk headers (computed once). */
export function codeVersion(): CodeIdentity {
  if (cached !== undefined) return cached;
  const pkg = { version: packageVersion() };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    // --no-optional-locks (and GIT_OPTIONAL_LOCKS=0 for older gits): git status then neither
    // takes .git/index.lock nor refreshes the index, so nothing is written into the checkout
    // (two runs from one checkout cannot collide on it, and a read-only install works).
    const dirty = execFileSync(
      'git',
      ['--no-optional-locks', 'status', '--porcelain', '--untracked-files=no'],
      {
        cwd: packageRoot,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
      },
    )
      .toString()
      .trim();
    if (dirty !== '') commit += '+dirty';
  } catch {
    // not a git checkout: the code hash alone identifies the code
  }
  cached = { version: pkg.version, commit, code: codeHash(pkg.version) };
  return cached;
}

/** "sandtable 0.1.0 (code 1a2b3c4d5e6f)": a code identity in a message. */
export const codeLabel = (c: { readonly version: string; readonly code: string }): string =>
  `sandtable ${c.version} (code ${c.code.slice(0, 12)})`;
