/**
 * summary.md lists every game statistic's mean per arm, statistics a game records as "not reached"
 * are averaged only over the games that reach them, and the reconstructed values it lists are the
 * ones the arms read (a CRT column is listed only when an arm uses the custom CRT).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATS_SHOWN } from '../src/report/report.js';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

const csvRows = (path: string) => {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
};

describe('summary.md game statistics', () => {
  let out = '';
  let games: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const dir = tempDir('summary-stats');
    const exp = writeExperiment(dir, {
      name: 'summary-stats',
      game: 'scs',
      games: 80,
      seed: 5,
      arms: [
        { id: 'historical', policies: { soviet: 'historical' }, params: { crtSet: 'B' } },
        { id: 'random', policies: { soviet: 'random' }, params: { crtSet: 'B' } },
      ],
    });
    out = join(dir, 'run');
    const r = sandtable(['run', exp, '--out', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    games = (await parquetReadObjects({
      file: await asyncBufferFromFile(join(out, 'games.parquet')),
    })) as Record<string, unknown>[];
  }, 300_000);

  it('stats.csv averages a "not reached" statistic over the games that reach it', () => {
    const stats = csvRows(join(out, 'stats.csv'));
    for (const arm of ['historical', 'random']) {
      for (const stat of ['hexes_t2', 'hexes_t4', 'k_line_at_t3']) {
        const reached = games
          .filter((g) => g.arm === arm && g[stat] !== null) // NULL: not reached
          .map((g) => Number(g[stat]));
        const row = stats.find((s) => s.arm === arm && s.stat === stat)!;
        if (reached.length === 0) expect(row.mean).toBe('NaN');
        else expect(Number(row.mean)).toBeCloseTo(reached.reduce((a, b) => a + b, 0) / reached.length, 5);
      }
    }
    // the random policy loses on turn 1 in almost every game: its turn-4 hexes are not averaged with -1s
    const t4 = stats.find((s) => s.arm === 'random' && s.stat === 'hexes_t4')!;
    expect(t4.mean === 'NaN' || Number(t4.mean) > 0).toBe(true);
  });

  it('summary.md shows the statistics that separate the arms most, each arm mean from stats.csv', () => {
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    const stats = csvRows(join(out, 'stats.csv'));
    expect(md).toContain('## Game statistics: mean per game');
    expect(md).toContain('| statistic | spread | historical | random |');
    const rows = md.split('\n').filter((l) => /^\| [a-z0-9_]+: /.test(l));
    expect(rows).toHaveLength(STATS_SHOWN);
    // spread: range of the arm means over the root mean square of the arms' sds, descending
    const spreads: number[] = [];
    for (const row of rows) {
      const cells = row.split('|').map((c) => c.trim());
      const stat = cells[1]!.split(':')[0]!;
      const of = (arm: string) => stats.find((s) => s.arm === arm && s.stat === stat)!;
      const [h, r] = [of('historical'), of('random')];
      expect(Number(cells[3])).toBeCloseTo(Number(h.mean), 1);
      expect(Number(cells[4])).toBeCloseTo(Number(r.mean), 1);
      const pooled = Math.sqrt((Number(h.sd) ** 2 + Number(r.sd) ** 2) / 2);
      expect(Number(cells[2])).toBeCloseTo(Math.abs(Number(h.mean) - Number(r.mean)) / pooled, 2);
      spreads.push(Number(cells[2]));
    }
    expect([...spreads].sort((a, b) => b - a)).toEqual(spreads);
    // the other varying statistics are named, separating the arms less than the last one shown
    const rest = md.match(/(\d+) more statistics separate the arms less \(spread at most ([\d.]+)\)/)!;
    expect(Number(rest[2])).toBeLessThanOrEqual(spreads[spreads.length - 1]!);
  });

  it('lists the CRT columns among the reconstructed values only when an arm uses the custom CRT', () => {
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toMatch(/crtSet = "B"/);
    expect(md).toMatch(/hitOn_vi = 5/);
    expect(md).not.toMatch(/hitOn_mech/);
    const dir = tempDir('summary-custom');
    const exp = writeExperiment(dir, {
      name: 'summary-custom',
      game: 'scs',
      games: 10,
      seed: 5,
      arms: [{ id: 'custom', policies: { soviet: 'random' }, params: { crtSet: 'custom', hitOn_mech: 3 } }],
    });
    const r = sandtable(['run', exp, '--out', join(dir, 'run'), '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'run', 'summary.md'), 'utf8')).toMatch(/hitOn_mech = 3/);
  }, 120_000);

  it('games.parquet says what each row played: in DuckDB, grouping by policy reproduces summary.csv and stats.csv with no join to the manifest', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const file = join(out, 'games.parquet').replaceAll("'", "''");
    const rows = async (sql: string) => (await con.runAndReadAll(sql)).getRowObjects();
    const types = Object.fromEntries(
      (await rows(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).map((r) => [
        String(r.column_name),
        String(r.column_type),
      ]),
    );
    expect(types.policy_soviet).toBe('VARCHAR');
    expect(types.policy_german).toBe('VARCHAR');
    expect(types.variant_pocket_fortified_only).toBe('BOOLEAN');
    expect(types.param_crt_set).toBe('VARCHAR');
    expect(types.k_line_at_t3).toBe('INTEGER');
    const byPolicy = await rows(
      `SELECT policy_soviet AS p, any_value(policy_german) AS g, avg((winner = 'soviet')::INTEGER) AS soviet,
         avg(k_line_at_t3) AS k3, avg(hexes_t4) AS t4, count(hexes_t4)::INTEGER AS reached4
       FROM read_parquet('${file}') GROUP BY policy_soviet ORDER BY p`,
    );
    const summary = csvRows(join(out, 'summary.csv'));
    const stats = csvRows(join(out, 'stats.csv'));
    expect(byPolicy.map((r) => r.p)).toEqual(['historical', 'random']);
    for (const r of byPolicy) {
      const arm = String(r.p);
      expect(r.g).toBe('rules'); // SCS is solitaire: the rules play the Germans
      const won = summary.find((x) => x.arm === arm && x.kind === 'winner' && x.outcome === 'soviet')!;
      expect(Number(r.soviet)).toBeCloseTo(Number(won.rate), 6);
      // avg skips NULL ("not reached") exactly as the report's mean does
      const k3 = stats.find((x) => x.arm === arm && x.stat === 'k_line_at_t3')!;
      if (k3.mean === 'NaN') expect(r.k3).toBeNull();
      else expect(Number(r.k3)).toBeCloseTo(Number(k3.mean), 5);
      const t4 = stats.find((x) => x.arm === arm && x.stat === 'hexes_t4')!;
      if (t4.mean === 'NaN') expect(r.reached4).toBe(0);
      else expect(Number(r.t4)).toBeCloseTo(Number(t4.mean), 5);
    }
    const kv = Object.fromEntries(
      (await rows(`SELECT decode(key) AS k, decode(value) AS v FROM parquet_kv_metadata('${file}')`)).map(
        (r) => [String(r.k), String(r.v)],
      ),
    );
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(kv['sandtable.seed']).toBe('5');
    expect(kv['sandtable.game']).toBe('scs');
    expect(kv['sandtable.experiment_hash']).toBe(manifest.experimentHash);
    expect(kv['sandtable.code_version']).toBe(manifest.version);
  });
});
