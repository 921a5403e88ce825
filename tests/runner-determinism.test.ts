import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// docs/architecture.md "Randomness": game i's dice depend only on (seed, i, stream), so a run's files are byte-identical
// however it is split over workers and chunks.

const dir = tempDir('det');
const exp = writeExperiment(dir, {
  name: 'det',
  game: 'sfo',
  scenario: 'advanced',
  games: 1500,
  seed: 424242,
  arms: [
    { id: 'a', policies: { soviet: 'best-odds', us: 'hold-towns' } },
    { id: 'b', policies: { soviet: 'town-rush', us: 'elastic' }, variants: { 'elim-one': true } },
  ],
});
const runs = {
  w1c1000: ['--workers', '1', '--chunk-size', '1000'],
  w2c1000: ['--workers', '2', '--chunk-size', '1000'],
  w2c137: ['--workers', '2', '--chunk-size', '137'],
  w1c1500: ['--workers', '1', '--chunk-size', '1500'],
} as const;

beforeAll(() => {
  for (const [name, flags] of Object.entries(runs)) {
    const r = sandtable(['run', exp, '--out', join(dir, name), '--quiet', ...flags]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }
});

describe('a run is byte-identical whatever the workers and chunk size', () => {
  for (const file of ['games.parquet', 'summary.csv', 'stats.csv', 'cells.csv', 'end-turns.csv']) {
    it(`${file} is identical for 1 and 2 workers and chunk sizes 137, 1000 and 1500`, () => {
      const ref = readFileSync(join(dir, 'w1c1000', file));
      for (const name of Object.keys(runs))
        expect(readFileSync(join(dir, name, file)).equals(ref), `${name}/${file}`).toBe(true);
    });
  }

  it('the manifest records seed, arms, hashes and checksums and is marked complete', () => {
    const m = JSON.parse(readFileSync(join(dir, 'w2c137', 'manifest.json'), 'utf8'));
    expect(m.status).toBe('complete');
    expect(m.seed).toBe(424242);
    expect(m.arms.map((a: { id: string }) => a.id)).toEqual(['a', 'b']);
    // the experiment file's own shape: an arm copied from here plays the same games
    expect(m.arms[1].variants['elim-one']).toBe(true);
    expect(Object.keys(m.outputs)).toEqual(
      expect.arrayContaining(['games.parquet', 'summary.csv', 'index.html', 'summary.md']),
    );
  });
});

describe('games.parquet opens in DuckDB', () => {
  it('has one typed row per game and reproduces summary.csv', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const file = join(dir, 'w2c137', 'games.parquet').replaceAll("'", "''");
    const types = await con.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`);
    const typeOf = Object.fromEntries(
      types.getRowObjects().map((r) => [String(r.column_name), String(r.column_type)]),
    );
    expect(typeOf.game).toBe('INTEGER');
    expect(typeOf.result).toBe('VARCHAR');
    expect(typeOf.end_turn).toBe('INTEGER');
    const n = await con.runAndReadAll(
      `SELECT count(*)::INTEGER AS n, count(DISTINCT (arm, game))::INTEGER AS d FROM read_parquet('${file}')`,
    );
    expect(n.getRowObjects()[0]).toEqual({ n: 3000, d: 3000 });
    const agg = await con.runAndReadAll(
      `SELECT arm, winner, count(*)::INTEGER AS c FROM read_parquet('${file}') GROUP BY ALL ORDER BY arm, winner`,
    );
    const summary = readFileSync(join(dir, 'w2c137', 'summary.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    for (const row of agg.getRowObjects()) {
      const s = summary.find((r) => r[0] === row.arm && r[1] === 'winner' && r[2] === row.winner);
      expect(s, `${row.arm}/${row.winner}`).toBeDefined();
      expect(Number(s![3])).toBe(row.c);
    }
    con.closeSync();
  });
});

describe('play reproduces a batch row', () => {
  it('play --from <run> --arm --game gives exactly the row of games.parquet', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const file = join(dir, 'w1c1000', 'games.parquet').replaceAll("'", "''");
    for (const [arm, game] of [
      ['a', 0],
      ['b', 777],
      ['a', 1499],
    ] as const) {
      const r = sandtable([
        'play',
        '--from',
        join(dir, 'w1c1000'),
        '--arm',
        arm,
        '--game',
        String(game),
        '--json',
      ]);
      expect(r.code).toBe(0);
      const played = JSON.parse(r.stdout);
      expect(played.trace.length).toBeGreaterThan(10);
      const rows = await con.runAndReadAll(
        `SELECT * FROM read_parquet('${file}') WHERE arm = '${arm}' AND game = ${game}`,
      );
      const row = rows.getRowObjectsJson()[0] as Record<string, unknown>;
      for (const [k, v] of Object.entries(row))
        expect(played.record[k], `${arm}/${game}/${k}`).toEqual(
          typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && typeof played.record[k] === 'number'
            ? Number(v)
            : v,
        );
    }
    con.closeSync();
  });
});
