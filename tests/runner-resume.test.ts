import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';
import { resealManifest } from './helpers/manifest.js';

// docs/architecture.md "Errors": however a run stops (Ctrl-C, kill -9 while it plays, a game
// failing in a worker, a manifest damaged afterwards, a kill in the finish phase, a killed shard),
// it keeps every chunk it finished under a partial manifest, and --resume plays only what is
// missing, never trusts a damaged chunk, and ends byte-identical to an uninterrupted run. One
// property over the ways a run stops: each case stops a run its way, and the resumed directory
// must hold the uninterrupted run's games.parquet, summary.csv and stats.csv, byte for byte.
//
// The runs are spawned: a signal, kill -9 and a worker thread's fault are what a process does.
// Every process runs outside git (GIT_DIR unset to nowhere): the code version is then the package
// version alone, so a commit landing in this checkout meanwhile cannot make the runs differ in code.

const dir = tempDir('resume');
const GAMES = 3000;
const CHUNK = 150;
const CHUNKS = (2 * GAMES) / CHUNK;
const exp = writeExperiment(dir, {
  name: 'resume',
  game: 'sfo',
  scenario: 'advanced',
  games: GAMES,
  seed: 5150,
  chunkSize: CHUNK,
  arms: [{ id: 'a' }, { id: 'b', policies: { us: 'elastic' } }],
});
const whole = join(dir, 'whole');
const killed = join(dir, 'killed'); // kill -9 after four chunks; copied by the cases, never resumed
const shards = join(dir, 'shards');
const noGit = { ...process.env, GIT_DIR: '/nonexistent' };
/** Each case plays up to the run's 6000 games: sized in games, so no tight limit on a loaded machine. */
const CASE_TIMEOUT = 600_000;

function cli(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...noGit, ...env },
    timeout: 300_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const chunkFiles = (out: string) => {
  const chunks = join(out, 'chunks');
  return existsSync(chunks) ? readdirSync(chunks).filter((f) => f.endsWith('.f64')) : [];
};
const manifest = (out: string) => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));

/** Starts `sandtable <args>`, waits until `atLeast` chunks of `out` are on disk, sends `signal`. */
async function stopPartWay(
  args: readonly string[],
  out: string,
  atLeast: number,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: noGit });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, s) => resolve({ code, signal: s })),
  );
  await new Promise<void>((resolve) => {
    const t = setInterval(() => {
      if (chunkFiles(out).length >= atLeast) {
        clearInterval(t);
        resolve();
      }
    }, 10);
  });
  child.kill(signal);
  return { ...(await exited), stderr };
}

/** The stopped run as it is left: partial, some chunks kept, no results. */
function expectPartial(out: string): string[] {
  expect(manifest(out).status).toBe('partial');
  const kept = chunkFiles(out).sort();
  expect(kept.length).toBeGreaterThanOrEqual(2);
  expect(kept.length).toBeLessThan(CHUNKS);
  expect(existsSync(join(out, 'games.parquet'))).toBe(false);
  return kept;
}

/** The property: the resumed run is the uninterrupted one, complete, with nothing left over. */
function expectSameAsWhole(out: string) {
  for (const f of ['games.parquet', 'summary.csv', 'stats.csv'])
    expect(readFileSync(join(out, f)).equals(readFileSync(join(whole, f))), f).toBe(true);
  expect(manifest(out).status).toBe('complete');
  expect(existsSync(join(out, 'chunks'))).toBe(false);
  expect(existsSync(join(out, 'sandtable.lock'))).toBe(false);
}

beforeAll(async () => {
  const r = cli(['run', exp, '--out', whole, '--workers', '2', '--quiet']);
  expect(r.code, r.stderr).toBe(0);
  const k = await stopPartWay(
    ['run', exp, '--out', killed, '--workers', '1', '--quiet'],
    killed,
    4,
    'SIGKILL',
  );
  expect(k.signal).toBe('SIGKILL');
}, 600_000);

describe('a stopped run resumes byte-identical to an uninterrupted one', () => {
  it(
    'Ctrl-C (SIGINT): exit 130 and a resume command that, pasted, finishes it',
    async () => {
      const out = join(dir, 'sigint');
      const r = await stopPartWay(['run', exp, '--out', out, '--workers', '1'], out, 3, 'SIGINT');
      expect(r.code).toBe(130);
      expectPartial(out);
      // The hint is a command that can be pasted as it is (sandtable is on PATH only after npm link).
      const hint = /resume with: (.*)$/m.exec(r.stderr)![1]!;
      expect(hint).toMatch(
        new RegExp(`^(sandtable|node \\S+main\\.js) run ${exp} --resume ${out} --workers 1$`),
      );
      const resumed = spawnSync('sh', ['-c', `${hint} --quiet`], {
        encoding: 'utf8',
        env: noGit,
        timeout: 300_000,
      });
      expect(resumed.status, resumed.stderr).toBe(0);
      expectSameAsWhole(out);
    },
    CASE_TIMEOUT,
  );

  it(
    'kill -9 while playing: damaged chunks are named and played again, the rest reused',
    () => {
      const out = join(dir, 'sigkill');
      cpSync(killed, out, { recursive: true });
      const kept = expectPartial(out);
      expect(kept.length).toBeGreaterThanOrEqual(4);
      // Damage two finished chunks the way a crash or a careless hand would, and leave a stray temp file.
      const truncated = join(out, 'chunks', kept[0]!);
      const edited = join(out, 'chunks', kept[1]!);
      truncateSync(truncated, 100);
      const bytes = readFileSync(edited);
      bytes[bytes.length - 1]! ^= 0x01;
      writeFileSync(edited, bytes);
      writeFileSync(join(out, 'chunks', `${kept[2]}.tmp-424242`), 'half a chunk');
      const r = cli(['run', exp, '--resume', out, '--workers', '2', '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`${truncated}: truncated`);
      expect(r.stderr).toContain(`${edited}: checksum mismatch`);
      const reused = (kept.length - 2) * CHUNK;
      expect(r.stdout).toContain(`${reused} games reused from finished chunks, ${2 * GAMES - reused} played`);
      expectSameAsWhole(out);
    },
    CASE_TIMEOUT,
  );

  it(
    'a game failing in a worker thread: exit 1, and resumed without the fault',
    () => {
      const out = join(dir, 'fault');
      const r = cli(['run', exp, '--out', out, '--workers', '2', '--quiet'], {
        SANDTABLE_FAULT: 'game:1700@arm:1',
      });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain('game 1700 of arm #1 (seed 5150) failed: injected fault');
      expectPartial(out);
      const resumed = cli(['run', exp, '--resume', out, '--workers', '2', '--quiet']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stdout).toContain('games reused from finished chunks');
      expectSameAsWhole(out);
    },
    CASE_TIMEOUT,
  );

  it(
    'a damaged manifest: the chunks of this experiment are adopted again, the manifest kept beside',
    () => {
      const out = join(dir, 'damaged-manifest');
      cpSync(killed, out, { recursive: true });
      const kept = expectPartial(out);
      const damaged = readFileSync(join(out, 'manifest.json'), 'utf8').replace('"status"', '"stat\u0000s"');
      writeFileSync(join(out, 'manifest.json'), damaged);
      const r = cli(['run', exp, '--resume', out, '--workers', '2', '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`${out}/manifest.json is not a valid manifest (`);
      expect(r.stdout).toContain(`${kept.length * CHUNK} games reused from finished chunks`);
      expectSameAsWhole(out);
      const beside = readdirSync(out).filter((f) => f.startsWith('manifest.damaged-'));
      expect(beside).toHaveLength(1);
      expect(readFileSync(join(out, beside[0]!), 'utf8')).toBe(damaged);
    },
    CASE_TIMEOUT,
  );

  it(
    'a killed shard resumes as that shard (no --shard needed) and merges to the same result',
    async () => {
      const s1 = join(shards, 's1');
      const k = await stopPartWay(
        ['run', exp, '--shard', '1/2', '--out', s1, '--workers', '1', '--quiet'],
        s1,
        2,
        'SIGKILL',
      );
      expect(k.signal).toBe('SIGKILL');
      expect(manifest(s1).status).toBe('partial');
      expect(await userErrorOf(['run', exp, '--resume', s1, '--shard', '0/2'])).toContain(
        'holds shard 1/2, but --shard 0/2 was given',
      );
      const resumed = cli(['run', exp, '--resume', s1, '--workers', '2', '--quiet']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stdout).toContain('shard 1/2, games 1500..2999');
      expect(resumed.stdout).toContain('games reused from finished chunks');
      expect(
        cli(['run', exp, '--shard', '0/2', '--out', join(shards, 's0'), '--workers', '2', '--quiet']).code,
      ).toBe(0);
      const out = join(dir, 'merged');
      const merged = cli(['merge', shards, '--out', out]);
      expect(merged.code, merged.stderr).toBe(0);
      for (const f of ['games.parquet', 'summary.csv', 'stats.csv'])
        expect(readFileSync(join(out, f)).equals(readFileSync(join(whole, f))), f).toBe(true);
    },
    CASE_TIMEOUT,
  );

  it(
    'a kill in the finish phase (every chunk on disk, outputs half written): nothing is played again',
    () => {
      // The state such a kill leaves (src/runner/finish.ts): the partial manifest listing the outputs
      // under `pending`, every chunk (here the killed run's and the shards' of the case above), an
      // output already written, and temporaries of those being written.
      const out = join(dir, 'finish-phase');
      cpSync(killed, out, { recursive: true });
      for (const s of ['s0', 's1'])
        for (const f of chunkFiles(join(shards, s)))
          cpSync(join(shards, s, 'chunks', f), join(out, 'chunks', f));
      expect(chunkFiles(out)).toHaveLength(CHUNKS);
      resealManifest(out, {
        pending: ['games.parquet', 'columns.json', 'summary.csv', 'charts/outcomes.svg'],
      });
      writeFileSync(join(out, 'columns.json'), 'written by the killed finish\n');
      mkdirSync(join(out, 'charts'), { recursive: true });
      writeFileSync(join(out, 'charts', 'outcomes.svg.tmp-host-1-0123456789ab'), 'half a chart');
      writeFileSync(join(out, 'games.parquet.tmp-host-1-0123456789ab'), 'half a table');
      const r = cli(['run', exp, '--resume', out, '--workers', '2', '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${2 * GAMES} games reused from finished chunks, 0 played`);
      expectSameAsWhole(out);
      expect(readdirSync(join(out, 'charts')).filter((f) => f.includes('.tmp-'))).toEqual([]);
      expect(readdirSync(out).filter((f) => f.includes('.tmp-'))).toEqual([]);
    },
    CASE_TIMEOUT,
  );
});

describe('what --resume refuses', () => {
  it('a different experiment', async () => {
    const other = writeExperiment(
      dir,
      { name: 'other', game: 'sfo', games: 10, seed: 1, arms: [{ id: 'a' }] },
      'other.json',
    );
    const out = join(dir, 'refused');
    cpSync(killed, out, { recursive: true });
    expect(await userErrorOf(['run', other, '--resume', out])).toContain('different experiment');
  });
});
