import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The package root, found from this file in src/ or in dist/src/. */
export const packageRoot = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../' : '../../', import.meta.url),
);

let cached: { version: string; commit: string } | undefined;

/** Package version and git commit (or "unknown" outside a git checkout), for manifests. */
export function codeVersion(): { version: string; commit: string } {
  if (cached !== undefined) return cached;
  const pkg = JSON.parse(readFileSync(`${packageRoot}package.json`, 'utf8')) as { version: string };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    if (dirty !== '') commit += '+dirty';
  } catch {
    // not a git checkout: the version alone identifies the code
  }
  cached = { version: pkg.version, commit };
  return cached;
}
