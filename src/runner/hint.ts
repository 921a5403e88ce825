import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { packageRoot } from './version.js';

/** The compiled CLI of this package. */
const CLI_MAIN = join(packageRoot, 'dist', 'src', 'cli', 'main.js');

/**
 * How to run this sandtable from a shell here: `sandtable` when that name on PATH is this very CLI
 * (npm link, a global install of this build), else `node <path to dist/src/cli/main.js>` (relative
 * to the working directory when it is inside it).
 */
export function cliPrefix(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  let mine: string;
  try {
    mine = realpathSync(CLI_MAIN);
  } catch {
    mine = CLI_MAIN;
  }
  for (const d of (env.PATH ?? '').split(delimiter)) {
    if (d === '') continue;
    try {
      const p = join(d, 'sandtable');
      accessSync(p, constants.X_OK);
      if (realpathSync(p) === mine) return 'sandtable';
    } catch {
      // not there
    }
  }
  const rel = relative(cwd, mine);
  return `node ${shellWord(rel.startsWith('..') || rel === '' ? mine : rel)}`;
}

/** A word as a POSIX shell reads it back: bare when safe, else single-quoted. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

/** A command line the user can paste: this CLI, then the arguments, each quoted for the shell as needed. */
export function cliCommand(...args: readonly string[]): string {
  return [cliPrefix(), ...args.map((a) => (a.startsWith('<') && a.endsWith('>') ? a : shellWord(a)))].join(
    ' ',
  );
}
