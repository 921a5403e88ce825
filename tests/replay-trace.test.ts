import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// `sandtable replay <run dir> --game I --arm A` replays one game of a finished (or partial, or
// shard) run from its manifest alone and shows its trace; the record is that game's row.

const dir = tempDir('replay');
const exp = writeExperiment(dir, {
  name: 'replay',
  game: 'sfo',
  scenario: 'advanced',
  games: 300,
  seed: 2024,
  arms: [
    { id: 'a' },
    { id: 'b', policies: { soviet: 'town-rush', us: 'elastic' }, variants: { 'elim-one': true } },
  ],
});
const run = join(dir, 'run');

beforeAll(() => {
  const r = sandtable(['run', exp, '--out', run, '--workers', '1', '--quiet']);
  expect(r.code, r.stderr).toBe(0);
});

describe('replay', () => {
  it('prints the trace turn by turn with rule references, then the record', () => {
    const r = sandtable(['replay', run, '--game', '123', '--arm', 'b']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`replay of ${run} (replay, complete): arm b, game 123`);
    expect(lines[1]).toContain('seed 2024, game 123, scenario advanced, soviet: town-rush, us: elastic');
    expect(lines.filter((l) => /^T\d+ .*\(SFO [\d.]+\)/.test(l)).length).toBeGreaterThan(10);
    expect(r.stdout).toContain('record:\n  game = 123\n  arm = b\n');
  });

  it('gives exactly the row games.parquet holds for that arm and game', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const file = join(run, 'games.parquet').replaceAll("'", "''");
    for (const [arm, game] of [
      ['a', 0],
      ['b', 123],
      ['b', 299],
    ] as const) {
      const r = sandtable(['replay', run, '--game', String(game), '--arm', arm, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const played = JSON.parse(r.stdout);
      expect(played.trace.length).toBeGreaterThan(10);
      const rows = await con.runAndReadAll(
        `SELECT * FROM read_parquet('${file}') WHERE arm = '${arm}' AND game = ${game}`,
      );
      const row = rows.getRowObjectsJson()[0] as Record<string, unknown>;
      for (const [k, v] of Object.entries(row)) {
        const want = typeof v === 'string' && typeof played.record[k] === 'number' ? Number(v) : v;
        expect(played.record[k], `${arm}/${game}/${k}`).toEqual(want);
      }
    }
    con.closeSync();
  });

  it('defaults to the first arm, and the same game replays the same way from play --from', () => {
    const replay = sandtable(['replay', run, '--game', '7', '--json']);
    const play = sandtable(['play', '--from', run, '--game', '7', '--json']);
    expect(replay.code, replay.stderr).toBe(0);
    expect(JSON.parse(replay.stdout)).toEqual(JSON.parse(play.stdout));
    expect(JSON.parse(replay.stdout).record.arm).toBe('a');
  });

  it('works from a shard directory too', () => {
    const shard = join(dir, 'shard');
    expect(sandtable(['run', exp, '--shard', '1/2', '--out', shard, '--workers', '1', '--quiet']).code).toBe(
      0,
    );
    const a = sandtable(['replay', shard, '--game', '200', '--arm', 'b', '--json']);
    const b = sandtable(['replay', run, '--game', '200', '--arm', 'b', '--json']);
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout).record).toEqual(JSON.parse(b.stdout).record);
  });

  it('rejects a game, arm or directory the run does not have, naming it', () => {
    const game = sandtable(['replay', run, '--game', '300']);
    expect(game.code).toBe(2);
    expect(game.stderr).toContain(`option --game: "300" is not a game of ${run} (game indices 0..299)`);
    const arm = sandtable(['replay', run, '--game', '1', '--arm', 'zz']);
    expect(arm.code).toBe(2);
    expect(arm.stderr).toContain('option --arm: "zz" is not an arm of');
    const nodir = sandtable(['replay', join(dir, 'nothing'), '--game', '1']);
    expect(nodir.code).toBe(2);
    expect(nodir.stderr).toContain('no run manifest here');
    const noGame = sandtable(['replay', run]);
    expect(noGame.code).toBe(2);
    expect(noGame.stderr).toContain("required option '--game <i>' not specified");
  });
});
