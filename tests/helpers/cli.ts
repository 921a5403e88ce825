import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

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
export async function userErrorOf(
  args: readonly string[],
  opts: { readonly cwd?: string; readonly env?: Readonly<Record<string, string | undefined>> } = {},
): Promise<string> {
  const { UserError } = await import('../../src/core/errors.js');
  const r = await cliOutput(args, opts);
  if (r.error instanceof UserError) return r.error.message;
  if (r.error !== undefined) throw r.error;
  throw new Error(`sandtable ${args.join(' ')}: accepted, expected a refusal`);
}

/** What `sandtable <args>` did in this process: its output, what it threw, the exit code it set. */
export interface CliOutput {
  readonly stdout: string;
  readonly stderr: string;
  /** What runCli threw (a UserError for a refusal), undefined when the command finished. */
  readonly error: unknown;
  /** process.exitCode as the command left it (an interrupted run sets 130); reset afterwards. */
  readonly exitCode: number | undefined;
}

/**
 * Runs `sandtable <args>` in this process (src/cli/program.ts runCli) with process.stdout and
 * process.stderr captured, in `cwd` and with `env` added to the environment for the call (both
 * restored afterwards), both streams reading as pipes (not terminals). A command that plays games
 * starts worker threads from source, which find tsx from the working directory: run such a
 * command without `cwd`, on absolute paths. What src/cli/main.ts does with a throw (the
 * "sandtable: " line, the exit code) is left to the spawned smoke in tests/cli-smoke.test.ts.
 */
export async function cliOutput(
  args: readonly string[],
  opts: { readonly cwd?: string; readonly env?: Readonly<Record<string, string | undefined>> } = {},
): Promise<CliOutput> {
  const { runCli } = await import('../../src/cli/program.js');
  const out: string[] = [];
  const err: string[] = [];
  const capture =
    (into: string[]) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (done !== undefined) queueMicrotask(done);
      return true;
    };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture(out));
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture(err));
  // piped, as a spawned CLI's output is: no progress bar, plain lines
  const tty = [process.stdout, process.stderr].map((s) => Object.getOwnPropertyDescriptor(s, 'isTTY'));
  for (const s of [process.stdout, process.stderr])
    Object.defineProperty(s, 'isTTY', { value: false, configurable: true, writable: true });
  const cwd = process.cwd();
  const savedEnv = new Map(Object.keys(opts.env ?? {}).map((k) => [k, process.env[k]]));
  const savedExitCode = process.exitCode;
  let error: unknown;
  let exitCode: number | undefined;
  try {
    if (opts.cwd !== undefined) process.chdir(opts.cwd);
    for (const [k, v] of Object.entries(opts.env ?? {})) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await runCli(args);
  } catch (e) {
    error = e;
  } finally {
    const code = process.exitCode;
    exitCode = code === undefined || code === null ? undefined : Number(code);
    process.exitCode = savedExitCode;
    stdout.mockRestore();
    stderr.mockRestore();
    for (const [i, s] of [process.stdout, process.stderr].entries()) {
      const d = tty[i];
      if (d === undefined) delete (s as { isTTY?: boolean }).isTTY;
      else Object.defineProperty(s, 'isTTY', d);
    }
    process.chdir(cwd);
    for (const [k, v] of savedEnv) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return { stdout: out.join(''), stderr: err.join(''), error, exitCode };
}

/** `sandtable <args>` in this process, which must finish (what it throws is rethrown): its output. */
export async function cliOk(
  args: readonly string[],
  opts: { readonly cwd?: string; readonly env?: Readonly<Record<string, string | undefined>> } = {},
): Promise<CliOutput> {
  const r = await cliOutput(args, opts);
  if (r.error !== undefined) throw r.error;
  return r;
}

/**
 * The help `sandtable <args>` prints in this process: commander writes it to stdout and throws its
 * exit (a CommanderError with exit code 0, which src/cli/program.ts main turns into exit 0).
 */
export async function helpOf(args: readonly string[]): Promise<string> {
  const { CommanderError } = await import('commander');
  const r = await cliOutput(args);
  if (!(r.error instanceof CommanderError) || r.error.exitCode !== 0)
    throw new Error(`sandtable ${args.join(' ')}: expected help and exit 0, got ${String(r.error)}`);
  return r.stdout;
}
