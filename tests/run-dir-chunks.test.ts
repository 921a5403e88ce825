import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeChunk, encodeChunk } from '../src/runner/chunk-file.js';
import { sha256 } from '../src/runner/outputs.js';
import { RunFailure } from '../src/runner/run.js';
import { cliOk, cliOutput, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';
import { resealManifest } from './helpers/manifest.js';

// A chunk file says whose it is (experiment hash, seed, data hash, code hash in its header): one
// of another run is named and never reused, by resume or by merge, and a directory of chunks
// without a manifest is not a run anything may continue or replace. The commands run in process
// (tests/helpers/cli.ts); a refusal is the one-line UserError the CLI prints with exit code 2.

const dir = tempDir('chunks');
const exp = writeExperiment(dir, {
  name: 'chunks',
  game: 'sfo',
  scenario: 'advanced',
  games: 600,
  seed: 1975,
  chunkSize: 100,
  arms: [{ id: 'a' }, { id: 'b', policies: { us: 'elastic' } }],
});
const seven = join(dir, 'seven'); // a complete one-shard run of seed 7: its chunk files stay
const whole = join(dir, 'whole');

/** A partial run of seed 1975: the game fault (workers/play-chunk.ts) stops it in arm b's last chunk. */
async function partialRun(out: string) {
  const r = await cliOutput(['run', exp, '--out', out, '--workers', '1', '--quiet'], {
    env: { SANDTABLE_FAULT: 'game:550@arm:1' },
  });
  // a RunFailure: the CLI prints its message and exits 1
  expect(r.error).toBeInstanceOf(RunFailure);
}

beforeAll(async () => {
  await cliOk(['run', exp, '--seed', '7', '--shard', '0/1', '--out', seven, '--quiet', '--workers', '1']);
  await cliOk(['run', exp, '--out', whole, '--quiet', '--workers', '1']);
});

describe('chunks of another run', () => {
  it('a directory of seed-7 chunks whose manifest was deleted is no run: the default seed is refused, with or without --force', async () => {
    const x = join(dir, 'x');
    cpSync(seven, x, { recursive: true });
    rmSync(join(x, 'manifest.json'));
    const before = readdirSync(join(x, 'chunks')).sort();
    for (const extra of [[], ['--force'], ['--resume', x]]) {
      const m = await userErrorOf(['run', exp, '--out', x, '--quiet', ...extra]);
      expect(m).not.toContain('\n');
      expect(m).toMatch(/no manifest\.json|no run to resume here/);
    }
    expect(readdirSync(join(x, 'chunks')).sort()).toEqual(before);
  });

  it('seed-7 chunks copied into a partial seed-1975 run are named, never used, and the run ends as a clean one', async () => {
    const p = join(dir, 'partial');
    await partialRun(p);
    const copied = readdirSync(join(seven, 'chunks'));
    for (const f of copied) cpSync(join(seven, 'chunks', f), join(p, 'chunks', f));
    const r = await cliOk(['run', exp, '--resume', p, '--quiet', '--workers', '1']);
    for (const f of copied)
      expect(r.stderr).toContain(
        `${join(p, 'chunks', f)}: belongs to another experiment (seed 7, experiment hash `,
      );
    expect(r.stdout).toMatch(/^chunks: 1200 games in /);
    expect(r.stdout).not.toContain('reused'); // every copied chunk replaced a kept one, none was used
    for (const f of ['games.parquet', 'summary.csv'])
      expect(readFileSync(join(p, f)).equals(readFileSync(join(whole, f))), f).toBe(true);
  });

  it('a partial run started by other code is not resumed by this code', async () => {
    const p = join(dir, 'other-code');
    await partialRun(p);
    resealManifest(p, { code: 'f'.repeat(64), commit: 'f00dfeed' });
    const m = await userErrorOf(['run', exp, '--resume', p, '--quiet']);
    expect(m).toContain(
      `${p}: --resume: this run was started by sandtable 0.1.0 (code ffffffffffff) (commit f00dfeed)`,
    );
    expect(m).toContain('results of different code are never mixed');
  });

  it('merge refuses a shard holding another run’s chunk even when its file list was resealed to match', async () => {
    const shard = join(dir, 'shard');
    await cliOk(['run', exp, '--shard', '0/1', '--out', shard, '--quiet', '--workers', '1']);
    const victim = 'chunks/1-300-400.f64';
    const foreign = readFileSync(join(seven, victim));
    writeFileSync(join(shard, victim), foreign);
    const m = JSON.parse(readFileSync(join(shard, 'manifest.json'), 'utf8'));
    m.shard.files = m.shard.files.map((f: { file: string }) =>
      f.file === victim ? { ...f, bytes: foreign.byteLength, sha256: sha256(foreign) } : f,
    );
    resealManifest(shard, { shard: m.shard });
    expect(await userErrorOf(['merge', shard, '--out', join(dir, 'never')])).toContain(
      `${join(shard, victim)}: belongs to another experiment (seed 7`,
    );
  });
});

describe('a chunk header binds its block to experiment, seed, data and code', () => {
  const layout = { cols: 2, extra: () => 0 };
  const key = { arm: 0, start: 10, end: 12 };
  const block = Float64Array.from([1, 2, 3, 4]);
  const binding = { experimentHash: 'a'.repeat(64), seed: 5, dataHash: 'b'.repeat(64), code: 'c'.repeat(64) };
  const bytes = encodeChunk(key, layout, block, binding);

  it('decodes under its own binding and is refused, with the reason, under any other', () => {
    const ok = decodeChunk(bytes, key, layout, binding);
    expect(ok.ok && [...ok.data]).toEqual([1, 2, 3, 4]);
    const reason = (b: Partial<typeof binding>) => {
      const r = decodeChunk(bytes, key, layout, { ...binding, ...b });
      return r.ok ? 'accepted' : r.reason;
    };
    expect(reason({ seed: 6 })).toMatch(
      /^belongs to another experiment \(seed 5, experiment hash aaaaaaaaaaaa\), not this one \(seed 6/,
    );
    expect(reason({ experimentHash: 'd'.repeat(64) })).toMatch(/^belongs to another experiment/);
    expect(reason({ dataHash: 'e'.repeat(64) })).toMatch(
      /^was played on other game data \(data hash bbbbbbbbbbbb/,
    );
    expect(reason({ code: 'f'.repeat(64) })).toMatch(
      /^was played by other code \(code cccccccccccc, this run's is ffffffffffff\)/,
    );
  });

  it('a chunk in the previous format is named as such', () => {
    const old = Buffer.from(bytes);
    old.write('STCHUNK1', 0, 'ascii');
    const r = decodeChunk(old, key, layout, binding);
    expect(r.ok ? '' : r.reason).toBe(
      'a chunk in another format (STCHUNK1), written by another sandtable release',
    );
  });
});
