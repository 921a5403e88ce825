import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// `play scs --trace` narrates a whole game with rule references and its record is exactly the
// game's row in a batch run.

describe('SCS: play reproduces a batch row', () => {
  it('for several policies and game indices', async () => {
    const dir = tempDir('scs-row');
    const exp = writeExperiment(dir, {
      name: 'scs-row',
      game: 'scs',
      games: 40,
      seed: 99,
      arms: [
        { id: 'historical' },
        { id: 'broad', policies: { soviet: 'broad-front' }, variants: { 'marker-in-garrison': true } },
      ],
    });
    const out = join(dir, 'run');
    expect(sandtable(['run', exp, '--out', out, '--quiet']).code).toBe(0);
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const file = join(out, 'games.parquet').replaceAll("'", "''");
    for (const [arm, game] of [
      ['historical', 0],
      ['historical', 17],
      ['broad', 39],
    ] as const) {
      const r = sandtable(['play', '--from', out, '--arm', arm, '--game', String(game), '--json']);
      expect(r.code, r.stderr).toBe(0);
      const played = JSON.parse(r.stdout);
      const rules = new Set(
        played.trace.map((e: { rule: string }) => e.rule.split(' ').slice(0, 2).join(' ')),
      );
      for (const ref of ['SCS 3.7', 'SCS 10.1', 'SCS 8.3']) expect(rules.has(ref), ref).toBe(true);
      const rows = await con.runAndReadAll(
        `SELECT * FROM read_parquet('${file}') WHERE arm = '${arm}' AND game = ${game}`,
      );
      const row = rows.getRowObjectsJson()[0] as Record<string, unknown>;
      for (const [k, v] of Object.entries(row)) {
        const mine = played.record[k];
        expect(mine, `${arm}/${game}/${k}`).toEqual(typeof mine === 'number' ? Number(v) : v);
      }
    }
    con.closeSync();
    // Four processes each build the turn-1 plan's odds once (~2.5 s CPU): sized, not timed.
  }, 300_000);
});
