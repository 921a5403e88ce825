import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// docs/architecture.md "Errors": a run killed outright (kill -9: no handler runs) keeps every chunk it had
// finished; --resume plays only what is missing, never trusts a damaged chunk, and ends
// byte-identical to an uninterrupted run.

const dir = tempDir('kill');
const exp = writeExperiment(dir, {
  name: 'kill',
  game: 'sfo',
  scenario: 'advanced',
  games: 3000,
  seed: 5150,
  chunkSize: 150,
  arms: [{ id: 'a' }, { id: 'b', policies: { us: 'elastic' } }],
});

// The shard case spans several processes over seconds; outside git (as in a container) the code
// version is the package version alone, so a commit landing meanwhile in this checkout cannot
// make the shards differ in code.
const noGit = { ...process.env, GIT_DIR: '/nonexistent' };
const run = (args: readonly string[]) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: noGit, timeout: 300_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
};

const finished = (chunks: string) =>
  existsSync(chunks) ? readdirSync(chunks).filter((f) => f.endsWith('.f64')) : [];

/** Starts a run, waits until `atLeast` chunks are on disk, then SIGKILLs it. */
async function killPartWay(
  args: readonly string[],
  chunks: string,
  atLeast: number,
  env = process.env,
): Promise<string[]> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: 'ignore', env });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_c, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve) => {
    const t = setInterval(() => {
      if (finished(chunks).length >= atLeast) {
        clearInterval(t);
        resolve();
      }
    }, 10);
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return finished(chunks).sort();
}

beforeAll(() => {
  const whole = sandtable(['run', exp, '--out', join(dir, 'whole'), '--workers', '2', '--quiet']);
  expect(whole.code, whole.stderr).toBe(0);
});

describe('a run killed with SIGKILL', () => {
  const out = join(dir, 'killed');
  let kept: string[] = [];

  it('keeps its finished chunks and its manifest says partial', async () => {
    kept = await killPartWay(['run', exp, '--out', out, '--workers', '1', '--quiet'], join(out, 'chunks'), 4);
    expect(kept.length).toBeGreaterThanOrEqual(4);
    expect(kept.length).toBeLessThan(40);
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).status).toBe('partial');
    expect(existsSync(join(out, 'games.parquet'))).toBe(false);
  });

  it('resumes: damaged chunks are reported and played again, the rest reused, and the result is byte-identical', () => {
    // Damage two finished chunks the way a crash or a careless hand would, and leave a stray temp file.
    const truncated = join(out, 'chunks', kept[0]!);
    const edited = join(out, 'chunks', kept[1]!);
    truncateSync(truncated, 100);
    const bytes = readFileSync(edited);
    bytes[bytes.length - 1]! ^= 0x01;
    writeFileSync(edited, bytes);
    writeFileSync(join(out, 'chunks', `${kept[2]}.tmp-424242`), 'half a chunk');

    const r = sandtable(['run', exp, '--resume', out, '--workers', '2', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${truncated}: truncated`);
    expect(r.stderr).toContain(`${edited}: checksum mismatch`);
    const reusedGames = (kept.length - 2) * 150;
    expect(r.stdout).toContain(
      `${reusedGames} games reused from finished chunks, ${6000 - reusedGames} played`,
    );
    for (const f of ['games.parquet', 'summary.csv', 'stats.csv']) {
      expect(readFileSync(join(out, f)).equals(readFileSync(join(dir, 'whole', f))), f).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).status).toBe('complete');
    expect(existsSync(join(out, 'chunks'))).toBe(false);
  });

  it('a killed shard resumes as that shard (no --shard needed) and merges to the same result', async () => {
    const shards = join(dir, 'shards');
    const s1 = join(shards, 's1');
    await killPartWay(
      ['run', exp, '--shard', '1/2', '--out', s1, '--workers', '1', '--quiet'],
      join(s1, 'chunks'),
      2,
      noGit,
    );
    expect(JSON.parse(readFileSync(join(s1, 'manifest.json'), 'utf8')).status).toBe('partial');
    const wrong = run(['run', exp, '--resume', s1, '--shard', '0/2']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('holds shard 1/2, but --shard 0/2 was given');
    const resumed = run(['run', exp, '--resume', s1, '--workers', '2', '--quiet']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('shard 1/2, games 1500..2999');
    expect(resumed.stdout).toContain('games reused from finished chunks');
    expect(
      run(['run', exp, '--shard', '0/2', '--out', join(shards, 's0'), '--workers', '2', '--quiet']).code,
    ).toBe(0);
    const merged = run(['merge', shards, '--out', join(dir, 'merged')]);
    expect(merged.code, merged.stderr).toBe(0);
    for (const f of ['games.parquet', 'summary.csv']) {
      expect(readFileSync(join(dir, 'merged', f)).equals(readFileSync(join(dir, 'whole', f))), f).toBe(true);
    }
  });
});
