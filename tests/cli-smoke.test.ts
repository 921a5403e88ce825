import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliOk, sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// The compiled CLI as users start it (dist/src/cli/main.js, built by `npm test`): exactly one
// spawned process per command, each checking its exit code and a line of its output, and one
// spawned refusal checking how src/cli/program.ts main maps a UserError (`sandtable: <line>` on
// stderr, exit code 2). What the commands answer and refuse is checked in process by the other
// cli-*, replay-*, shard-* and search-* files (tests/helpers/cli.ts cliOutput); the run
// directories the spawned commands read are made in process here. Sizes are a few games.

const dir = tempDir('smoke');
const base = { game: 'sfo', scenario: 'advanced', seed: 7, games: 10 };
const exp = writeExperiment(dir, { ...base, name: 'smoke', arms: [{ id: 'a' }] }, 'smoke.json');
const variant = writeExperiment(
  dir,
  { ...base, name: 'smoke-variant', arms: [{ id: 'v', variants: { 'elim-one': true } }] },
  'variant.json',
);
const run = join(dir, 'run');
const other = join(dir, 'other');
const shards = join(dir, 'shards');

beforeAll(async () => {
  await cliOk(['run', exp, '--out', run, '--workers', '1', '--quiet']);
  await cliOk(['run', variant, '--out', other, '--workers', '1', '--quiet']);
  for (const k of [0, 1])
    await cliOk([
      'run',
      exp,
      '--shard',
      `${k}/2`,
      '--out',
      join(shards, `s${k}`),
      '--workers',
      '1',
      '--quiet',
    ]);
});

/** Spawns `sandtable <args>`: it must exit 0, and its stdout is returned. */
function ok(args: readonly string[]): string {
  const r = sandtable(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe('one spawned process per command', () => {
  it('--version alone prints the package version', () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(ok(['--version'])).toBe(`${version}\n`);
  });

  it('list', () => {
    expect(ok(['list', 'sfo'])).toMatch(/^sfo — /);
  });

  it('run (its worker threads started from dist)', () => {
    const out = join(dir, 'spawned-run');
    const stdout = ok(['run', exp, '--out', out, '--workers', '1', '--quiet']);
    expect(stdout).toContain('smoke: 10 games in ');
    expect(stdout).toContain(`run directory: ${out}`);
    // the same results as the run made in process (games.parquet differs: it names the code, dist or src)
    expect(readFileSync(join(out, 'summary.csv'), 'utf8')).toBe(
      readFileSync(join(run, 'summary.csv'), 'utf8'),
    );
  });

  it('play', () => {
    expect(ok(['play', 'sfo', '--seed', '1']).split('\n')[0]).toBe(
      'Strike Force One — seed 1, game 0, scenario advanced, soviet: best-odds, us: hold-towns',
    );
  });

  it('merge', () => {
    const out = join(dir, 'merged');
    expect(ok(['merge', shards, '--out', out])).toContain(out);
    expect(readFileSync(join(out, 'summary.csv'), 'utf8')).toBe(
      readFileSync(join(run, 'summary.csv'), 'utf8'),
    );
  });

  it('replay', () => {
    expect(ok(['replay', run, '--game', '3']).split('\n')[0]).toBe(
      `replay of ${run} (smoke, complete): arm a, game 3`,
    );
  });

  it('odds', () => {
    expect(JSON.parse(ok(['odds', 'sfo', '--level', 'basic', '--json']))[0].columns).toHaveLength(6);
  });

  it('compare', () => {
    expect(ok(['compare', run, other]).split('\n')[0]).toContain('10 games');
  });

  it('plan', () => {
    expect(ok(['plan', '--half-width', '0.05'])).toContain('one win rate near 0.5: 381 games');
  });

  it('report', () => {
    expect(ok(['report', run])).toBe(`report rebuilt: ${run}/index.html\n`);
  });

  it('calibrate', () => {
    const shipped = JSON.parse(readFileSync('experiments/sfo-calibrate.json', 'utf8'));
    const file = writeExperiment(
      dir,
      {
        ...shipped,
        name: 'smoke-calibrate',
        space: [{ param: 'us-events-air', values: [2, 4] }],
        search: { firstGames: 4, maxGames: 4, finalGames: 4 },
      },
      'calibrate.json',
    );
    const out = join(dir, 'calibrate');
    expect(ok(['calibrate', file, '--out', out, '--workers', '1', '--quiet'])).toMatch(/even: /);
    expect(existsSync(join(out, 'result.json'))).toBe(true);
  });

  it('tune', () => {
    const file = writeExperiment(
      dir,
      {
        name: 'smoke-tune',
        game: 'sfo',
        scenario: 'advanced',
        seed: 5,
        side: 'us',
        policy: 'elastic',
        opponents: [{ id: 'vs-bo', policies: { soviet: 'best-odds' } }],
        space: [{ param: 'forest', values: [2, 6] }],
        search: { firstGames: 4, maxGames: 4, finalGames: 4 },
        save: 'smoke',
      },
      'tune.json',
    );
    const out = join(dir, 'tune');
    expect(ok(['tune', file, '--out', out, '--workers', '1', '--quiet'])).toContain('elastic@smoke');
  });
});

describe('a refusal, spawned', () => {
  it('is `sandtable: <line>` on stderr alone, nothing on stdout, exit code 2', () => {
    const r = sandtable(['run', exp, '--games', '0']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('sandtable: option --games: expected a whole number in 1..100000000, got "0"\n');
  });
});
