import { cpSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';
import { resealManifest } from './helpers/manifest.js';

// docs/cluster.md: the same experiment split by game-index ranges over separate processes, then merged,
// gives byte-identical results to a one-machine run; merge refuses anything incomplete or damaged.
// The commands run in process, one after another (tests/helpers/cli.ts): a shard's results depend
// only on the experiment and its game range, never on the process that plays it. A refusal is the
// one-line UserError the CLI prints with exit code 2.

const dir = tempDir('shard');
const exp = writeExperiment(dir, {
  name: 'shard',
  game: 'sfo',
  scenario: 'advanced',
  games: 1200,
  seed: 31337,
  chunkSize: 150,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' }, variants: { 'elim-one': true } }],
});
const shards = join(dir, 'shards');

const manifest = (d: string) => JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8'));

beforeAll(async () => {
  for (const k of [0, 1, 2])
    await cliOk([
      'run',
      exp,
      '--shard',
      `${k}/3`,
      '--out',
      join(shards, `s${k}`),
      '--workers',
      '1',
      '--quiet',
    ]);
  await cliOk(['run', exp, '--out', join(dir, 'whole'), '--workers', '2', '--quiet']);
  await cliOk(['merge', shards, '--out', join(dir, 'merged')]);
});

describe('3 shard processes + merge', () => {
  for (const file of ['games.parquet', 'summary.csv', 'stats.csv']) {
    it(`give a ${file} byte-identical to a single-process run`, () => {
      expect(readFileSync(join(dir, 'merged', file)).equals(readFileSync(join(dir, 'whole', file)))).toBe(
        true,
      );
    });
  }

  it('each shard plays a contiguous third of the game indices of every arm and checksums every file', () => {
    const whole = manifest(join(dir, 'whole'));
    const ranges = [0, 1, 2].map((k) => {
      const m = manifest(join(shards, `s${k}`));
      expect(m.status).toBe('complete');
      expect(m.experimentHash).toBe(whole.experimentHash);
      expect(m.dataHash).toBe(whole.dataHash);
      expect(m.version).toBe(whole.version);
      expect(typeof m.commit).toBe('string');
      expect(m.shard).toMatchObject({ index: k, count: 3, rows: (m.shard.end - m.shard.start) * 2 });
      const onDisk = readdirSync(join(shards, `s${k}`, 'chunks')).sort();
      expect(m.shard.files.map((f: { file: string }) => f.file.replace('chunks/', '')).sort()).toEqual(
        onDisk,
      );
      for (const f of m.shard.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
      return [m.shard.start, m.shard.end];
    });
    expect(ranges).toEqual([
      [0, 400],
      [400, 800],
      [800, 1200],
    ]);
  });

  it('the merged manifest is complete and names the shards it came from', () => {
    const m = manifest(join(dir, 'merged'));
    expect(m.status).toBe('complete');
    expect(m.merged.map((s: { index: number; start: number }) => [s.index, s.start])).toEqual([
      [0, 0],
      [1, 400],
      [2, 800],
    ]);
    expect(Object.keys(m.outputs)).toEqual(
      expect.arrayContaining(['games.parquet', 'summary.csv', 'index.html']),
    );
  });

  it('--shard-from-env takes the index from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID', async () => {
    for (const env of [{ JOB_COMPLETION_INDEX: '1' }, { SLURM_ARRAY_TASK_ID: '1' }]) {
      const out = join(dir, `env-${Object.keys(env)[0]}`);
      const r = await cliOk(
        ['run', exp, '--shard-from-env', '3', '--out', out, '--workers', '1', '--quiet'],
        {
          env,
        },
      );
      expect(r.stdout).toContain('shard 1/3');
      const files = manifest(out).shard.files;
      expect(files).toEqual(manifest(join(shards, 's1')).shard.files);
    }
  });
});

describe('merge refuses what it cannot trust, naming it', () => {
  it('a missing shard: names the games and the shard to run', async () => {
    const r = await userErrorOf(['merge', join(shards, 's0'), join(shards, 's2'), '--out', join(dir, 'no')]);
    expect(r).toContain('missing games 400..799');
    expect(r).toContain('shard 1/3');
  });

  it('overlapping shards: names both', async () => {
    const copy = join(dir, 'copy-of-s1');
    cpSync(join(shards, 's1'), copy, { recursive: true });
    const r = await userErrorOf(['merge', shards, copy, '--out', join(dir, 'no')]);
    expect(r).toContain('overlap on games 400..799');
    expect(r).toContain(join(shards, 's1'));
    expect(r).toContain(copy);
  });

  it('a shard of another experiment: names it', async () => {
    const other = writeExperiment(dir, { ...JSON.parse(readFileSync(exp, 'utf8')), seed: 1 }, 'other.json');
    const out = join(dir, 'other-s1');
    await cliOk(['run', other, '--shard', '1/3', '--out', out, '--workers', '1', '--quiet']);
    const r = await userErrorOf([
      'merge',
      join(shards, 's0'),
      out,
      join(shards, 's2'),
      '--out',
      join(dir, 'no'),
    ]);
    expect(r).toContain('shards of different experiments');
    expect(r).toContain('seed 1 ');
    expect(r).toContain(out);
  });

  it('shards played by different code: names the versions and the shards', async () => {
    const copy = join(dir, 'other-code', 's1');
    cpSync(join(shards, 's1'), copy, { recursive: true });
    // An edit of the manifest alone is refused as such...
    writeFileSync(join(copy, 'manifest.json'), JSON.stringify({ ...manifest(copy), commit: 'f00dfeed' }));
    const edited = await userErrorOf([
      'merge',
      join(shards, 's0'),
      copy,
      join(shards, 's2'),
      '--out',
      join(dir, 'no'),
    ]);
    expect(edited).toContain(`${copy}/manifest.json: not a valid sandtable manifest: checksum mismatch`);
    // ...so a shard of other code is one whose manifest was written (sealed) by that code.
    resealManifest(copy, { commit: 'f00dfeed' });
    const r = await userErrorOf([
      'merge',
      join(shards, 's0'),
      copy,
      join(shards, 's2'),
      '--out',
      join(dir, 'no'),
    ]);
    expect(r).toContain('shards of different code versions');
    expect(r).toContain(`commit f00dfeed: ${copy}`);
  });

  it('a partial shard: names it and says how to finish it', async () => {
    const copy = join(dir, 'partial', 's1');
    cpSync(join(shards, 's1'), copy, { recursive: true });
    resealManifest(copy, { status: 'partial' });
    const r = await userErrorOf([
      'merge',
      join(shards, 's0'),
      copy,
      join(shards, 's2'),
      '--out',
      join(dir, 'no'),
    ]);
    expect(r).toContain(`${copy} (shard 1/3, games 400..799) is partial`);
    expect(r).toContain(`--resume ${copy}`);
  });

  it('an edited shard file: names the file and refuses', async () => {
    const bad = join(dir, 'edited');
    cpSync(shards, bad, { recursive: true });
    const victim = join(bad, 's2', 'chunks', '1-950-1100.f64');
    const bytes = readFileSync(victim);
    bytes[bytes.length - 3]! ^= 0x40;
    writeFileSync(victim, bytes);
    const r = await userErrorOf(['merge', bad, '--out', join(dir, 'no')]);
    expect(r).toContain(`${victim}: edited`);
    expect(r).toContain('shard 2/3');
    expect(() => readFileSync(join(dir, 'no', 'games.parquet'))).toThrow();
  });

  it('a truncated shard file: names the file and refuses', async () => {
    const bad = join(dir, 'truncated');
    cpSync(shards, bad, { recursive: true });
    const victim = join(bad, 's0', 'chunks', '0-150-300.f64');
    truncateSync(victim, 1000);
    expect(await userErrorOf(['merge', bad, '--out', join(dir, 'no')])).toContain(`${victim}: truncated`);
  });

  it('will not overwrite a run without --force, and a run directory is not a shard', async () => {
    expect(await userErrorOf(['merge', shards, '--out', join(dir, 'merged')])).toContain(
      'already holds a run; use --force',
    );
    await cliOk(['merge', shards, '--out', join(dir, 'merged'), '--force']);
    expect(
      readFileSync(join(dir, 'merged', 'games.parquet')).equals(
        readFileSync(join(dir, 'whole', 'games.parquet')),
      ),
    ).toBe(true);
    expect(await userErrorOf(['merge', join(dir, 'whole'), '--out', join(dir, 'no')])).toContain(
      'is a run directory, not a shard',
    );
  });
});

describe('--shard and --shard-from-env are checked at the edge', () => {
  const cases: [string[], Record<string, string>, string][] = [
    [
      ['--shard', '3/3'],
      {},
      'option --shard: expected k/n with 1 <= n <= 100000 and 0 <= k < n (shards count from 0), got "3/3"',
    ],
    [['--shard', 'two/3'], {}, 'option --shard: expected k/n'],
    [['--shard', '0/0'], {}, 'got "0/0"'],
    [['--shard', '0/5000'], {}, 'option --shard 0/5000: 5000 shards for 1200 games per arm'],
    [
      ['--shard', '0/2', '--shard-from-env', '2'],
      {},
      'options --shard and --shard-from-env: give one of them',
    ],
    [
      ['--shard-from-env', '3'],
      { JOB_COMPLETION_INDEX: '', SLURM_ARRAY_TASK_ID: '' },
      'option --shard-from-env 3: neither JOB_COMPLETION_INDEX',
    ],
    [
      ['--shard-from-env', '3'],
      { SLURM_ARRAY_TASK_ID: '3' },
      'option --shard-from-env 3: SLURM_ARRAY_TASK_ID="3" is not a shard index in 0..2 (submit the array as --array=0-2)',
    ],
    [
      ['--shard-from-env', '3'],
      { JOB_COMPLETION_INDEX: 'x' },
      'JOB_COMPLETION_INDEX="x" is not a shard index',
    ],
    [
      ['--shard-from-env', 'many'],
      { JOB_COMPLETION_INDEX: '0' },
      'option --shard-from-env: expected the shard count',
    ],
  ];
  for (const [flags, env, message] of cases) {
    it(
      `${flags.join(' ')} ${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`.trim(),
      async () => {
        const m = await userErrorOf(['run', exp, '--out', join(dir, 'never'), '--quiet', ...flags], { env });
        expect(m).toContain(message);
        expect(m).not.toContain('\n');
      },
    );
  }
});
