import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { CommanderError } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliOk, cliOutput, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

// `sandtable replay <run dir> --game I --arm A` replays one game of a finished (or partial, or
// shard) run from its manifest alone and shows its trace; the record is that game's row. The
// commands run in process (tests/helpers/cli.ts); a refusal is the one-line UserError the CLI
// prints with exit code 2, or commander's own refusal (also exit 2).

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

beforeAll(async () => {
  await cliOk(['run', exp, '--out', run, '--workers', '1', '--quiet']);
});

describe('replay', () => {
  it('prints the trace turn by turn with rule references, then the record', async () => {
    const r = await cliOk(['replay', run, '--game', '123', '--arm', 'b']);
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
      const r = await cliOk(['replay', run, '--game', String(game), '--arm', arm, '--json']);
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

  it('defaults to the first arm, and the same game replays the same way from play --from', async () => {
    const replay = await cliOk(['replay', run, '--game', '7', '--json']);
    const play = await cliOk(['play', '--from', run, '--game', '7', '--json']);
    expect(JSON.parse(replay.stdout)).toEqual(JSON.parse(play.stdout));
    expect(JSON.parse(replay.stdout).record.arm).toBe('a');
  });

  it('works from a shard directory too', async () => {
    const shard = join(dir, 'shard');
    await cliOk(['run', exp, '--shard', '1/2', '--out', shard, '--workers', '1', '--quiet']);
    const a = await cliOk(['replay', shard, '--game', '200', '--arm', 'b', '--json']);
    const b = await cliOk(['replay', run, '--game', '200', '--arm', 'b', '--json']);
    expect(JSON.parse(a.stdout).record).toEqual(JSON.parse(b.stdout).record);
  });

  it('rejects a game, arm or directory the run does not have, naming it', async () => {
    expect(await userErrorOf(['replay', run, '--game', '300'])).toContain(
      `option --game: "300" is not a game of ${run} (game indices 0..299)`,
    );
    expect(await userErrorOf(['replay', run, '--game', '1', '--arm', 'zz'])).toContain(
      'option --arm: "zz" is not an arm of',
    );
    expect(await userErrorOf(['replay', join(dir, 'nothing'), '--game', '1'])).toContain(
      'no run manifest here',
    );
    // commander's refusal: its line on stderr, and a non-zero exit that src/cli/program.ts maps to 2
    const noGame = await cliOutput(['replay', run]);
    expect(noGame.error).toBeInstanceOf(CommanderError);
    expect((noGame.error as CommanderError).exitCode).not.toBe(0);
    expect(noGame.stderr).toContain("required option '--game <i>' not specified");
  });
});
