import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The compiled CLI, as users run it (`npm test` builds before testing). */
export const CLI = join(import.meta.dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');

/** Runs the compiled CLI; `env` adds to (or overrides) this process's environment. */
export function sandtable(
  args: readonly string[],
  opts: { readonly cwd?: string; readonly env?: NodeJS.ProcessEnv } = {},
): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    timeout: 300_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `sandtable-${prefix}-`));
}

/** Writes an experiment file into `dir` and returns its path. */
export function writeExperiment(dir: string, body: object, name = 'exp.json'): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(body, null, 2));
  return path;
}

/**
 * Runs `sandtable <args>` in this process (src/cli/program.ts runCli) and returns the one line of
 * the UserError it must refuse with (what the CLI prints after "sandtable: ", exit code 2).
 */
export async function userErrorOf(args: readonly string[]): Promise<string> {
  const { runCli } = await import('../../src/cli/program.js');
  const { UserError } = await import('../../src/core/errors.js');
  try {
    await runCli(args);
  } catch (e) {
    if (e instanceof UserError) return e.message;
    throw e;
  }
  throw new Error(`sandtable ${args.join(' ')}: accepted, expected a refusal`);
}
