import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { op } from 'arquero';
import { beforeAll, describe, expect, it } from 'vitest';
import { armColumns, type ColumnEntry } from '../src/analysis/columns.js';
import { gamesTableColumns } from '../src/analysis/games-table.js';
import { loadRun } from '../src/api/runs.js';
import { gameRegistry } from '../src/games/index.js';
import { experimentFromValue } from '../src/runner/experiment.js';
import { armManifests, readManifest } from '../src/runner/manifest.js';
import { cliOk, tempDir, writeExperiment } from './helpers/cli.js';
import { resealManifest } from './helpers/manifest.js';

// loadRun(dir).games is games.parquet as a real engine reads it: every column, in order, NULL as null.

let dir: string;
beforeAll(async () => {
  dir = tempDir('load-run-file');
  const scs = writeExperiment(dir, {
    name: 'scs-file',
    game: 'scs',
    games: 40,
    seed: 11,
    arms: [
      { id: 'printed' },
      // switches VIII Guderian's reading to the other of its group
      { id: 'pocket', policies: { soviet: 'pocket-hunter' }, variants: { 'errata-either-or-both': true } },
    ],
  });
  // in process (tests/helpers/cli.ts)
  await cliOk(['run', scs, '--workers', '1', '--out', join(dir, 'scs')]);
  await cliOk([
    'run',
    'experiments/sfo-round-robin.json',
    '--games',
    '6',
    '--workers',
    '1',
    '--out',
    join(dir, 'rr'),
  ]);
}, 300_000);

/** Every row of games.parquet as DuckDB reads it, in file order. */
async function duckRows(run: string): Promise<{ names: string[]; rows: Record<string, unknown>[] }> {
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  const file = join(dir, run, 'games.parquet').replaceAll("'", "''");
  const read = await con.runAndReadAll(
    `SELECT * EXCLUDE (file_row_number) FROM read_parquet('${file}', file_row_number = true) ORDER BY file_row_number`,
  );
  return { names: read.columnNames(), rows: read.getRowObjectsJS() as Record<string, unknown>[] };
}

describe('loadRun(dir).games equals games.parquet', () => {
  for (const run of ['scs', 'rr']) {
    it(`${run}: the same columns in the same order, the same values, null where the file holds NULL`, async () => {
      const { games } = await loadRun(join(dir, run));
      const duck = await duckRows(run);
      expect(games.columnNames()).toEqual(duck.names);
      expect(games.numRows()).toBe(duck.rows.length);
      let nulls = 0;
      for (const name of duck.names) {
        const col = games.column(name)!;
        duck.rows.forEach((row, i) => {
          const want = row[name];
          if (want === null) nulls++;
          expect(col.at(i), `${name} row ${i}`).toEqual(want);
        });
      }
      if (run === 'scs') expect(nulls).toBeGreaterThan(0);
    }, 120_000);
  }

  it('has every policy_, variant_ and param_ column, and the round robin entrant per side', async () => {
    const { games, manifest } = await loadRun(join(dir, 'rr'));
    const names = games.columnNames();
    expect(names).toContain('entrant_soviet');
    expect(names).toContain('entrant_us');
    const def = gameRegistry().get('sfo');
    for (const v of def.variants) expect(names).toContain(`variant_${v.id.replaceAll('-', '_')}`);
    for (const s of def.sides) expect(names).toContain(`policy_${s.id}`);
    expect(names.filter((n) => n.startsWith('param_')).length).toBe(def.parameters.length);
    // the entrant column says which entrant the manifest's arm gives each side
    const arms = new Map(manifest.arms.map((a) => [a.id, a]));
    for (let i = 0; i < games.numRows(); i += 5) {
      const arm = arms.get(games.get('arm', i) as string)!;
      expect(games.get('entrant_soviet', i)).toBe(arm.entrants!.soviet);
    }
  });

  it("op.mean of a statistic that is null when not reached is the report's mean", async () => {
    const { games } = await loadRun(join(dir, 'scs'));
    const means = games
      .groupby('arm')
      .rollup({ m: op.mean('hexes_t5'), n: op.valid('hexes_t5'), all: op.count() })
      .objects() as { arm: string; m: number; n: number; all: number }[];
    expect(means.some((r) => r.n < r.all)).toBe(true);
    const stats = readFileSync(join(dir, 'scs', 'stats.csv'), 'utf8')
      .trim()
      .split('\n');
    const head = stats[0]!.split(',');
    for (const r of means) {
      const line = stats.find((l) => l.startsWith(`${r.arm},hexes_t5,`))!.split(',');
      expect(r.m).toBeCloseTo(Number(line[head.indexOf('mean')]), 5);
    }
  });
});

describe('columns.json', () => {
  it('describes every column of games.parquet in order, is listed in the manifest and in the parquet metadata', async () => {
    const run = join(dir, 'scs');
    const dict = JSON.parse(readFileSync(join(run, 'columns.json'), 'utf8')) as ColumnEntry[];
    const { names } = await duckRows('scs');
    expect(dict.map((c) => c.name)).toEqual(names);
    const manifest = JSON.parse(readFileSync(join(run, 'manifest.json'), 'utf8'));
    expect(manifest.outputs['columns.json'].bytes).toBeGreaterThan(0);
    const hexes = dict.find((c) => c.name === 'hexes_t5')!;
    expect(hexes).toMatchObject({ type: 'int32', group: 'statistic', null_when_not_reached: true });
    expect(hexes.description).not.toMatch(/-1/);
    expect(dict.find((c) => c.name === 'policy_soviet')).toMatchObject({ group: 'policy', side: 'soviet' });
    expect(dict.find((c) => c.name === 'variant_drm_cumulative')).toMatchObject({
      group: 'variant',
      type: 'boolean',
    });
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const file = join(run, 'games.parquet').replaceAll("'", "''");
    const kv = await con.runAndReadAll(
      `SELECT decode(value) AS v FROM parquet_kv_metadata('${file}') WHERE decode(key) = 'sandtable.columns'`,
    );
    expect(JSON.parse(String(kv.getRowObjectsJS()[0]!.v))).toEqual(dict);
  });
});

describe('column names', () => {
  it('every column of every game is snake_case, a round robin entrant and every arm column included', () => {
    for (const def of gameRegistry().list()) {
      const facts = {
        policies: Object.fromEntries(def.sides.map((s) => [s.id, 'x'])),
        variants: [],
        params: {},
        entrants: Object.fromEntries(def.sides.map((s) => [s.id, 'x'])),
      };
      const names = [...gamesTableColumns(def), ...armColumns(def, [facts])].map((c) => c.name);
      for (const n of names) expect(n, `${def.id}: ${n}`).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(new Set(names).size, def.id).toBe(names.length);
    }
  });
});

describe("manifest arms in the experiment file's shape", () => {
  it('an arm copied from manifest.json validates as an experiment arm and plays the same arm', () => {
    const file = JSON.parse(readFileSync(join(dir, 'scs', 'manifest.json'), 'utf8'));
    expect(file.arms[0].variants).toMatchObject({ 'drm-cumulative': true });
    expect(file.arms[1].variants).toMatchObject({ 'errata-either-or-both': true });
    expect(file.arms[1].variants['drm-cumulative']).toBeUndefined();
    const exp = experimentFromValue(
      { name: 'copied', game: 'scs', games: 40, seed: 11, arms: file.arms },
      'copied.json',
      gameRegistry(),
    );
    expect(armManifests(exp)).toEqual(readManifest(join(dir, 'scs')).arms);
  });

  it('a manifest of an older sandtable (variants as a list) reads the same', () => {
    const old = join(dir, 'scs-old');
    cpSync(join(dir, 'scs'), old, { recursive: true });
    const now = readManifest(old);
    const file = JSON.parse(readFileSync(join(old, 'manifest.json'), 'utf8'));
    resealManifest(old, {
      arms: file.arms.map((a: { variants: Record<string, boolean> }) => ({
        ...a,
        variants: Object.keys(a.variants).filter((v) => a.variants[v]),
      })),
    });
    const back = readManifest(old);
    expect(back.arms.map((a) => a.variants)).toEqual(now.arms.map((a) => a.variants));
    expect(back.experimentHash).toBe(now.experimentHash);
  });
});
