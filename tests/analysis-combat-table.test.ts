/**
 * A designer's own combat table: the printed tables written as files reproduce the built-in games'
 * exact odds; battles, rounding, shifts and die modifiers read the columns and rows a designer
 * expects; two tables compare column by column; malformed tables are refused naming the file, the
 * row and the column.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  columnCounts,
  compareTables,
  diceCounts,
  oddsOfTable,
  parseCsvTable,
  parseJsonTable,
} from '../src/analysis/odds/combat-table.js';
import { odds } from '../src/api/games.js';
import { loadCombatTable } from '../src/api/tables.js';
import { UserError } from '../src/core/errors.js';
import type { OddsTable } from '../src/core/game.js';
import { tempDir, userErrorOf } from './helpers/cli.js';

const TABLES = join(import.meta.dirname, '..', 'examples', 'tables');

/** Every outcome of `ours` has the probability the built-in table gives, column by column. */
function expectSameOdds(ours: OddsTable, builtIn: OddsTable): void {
  expect(ours.columns).toEqual(builtIn.columns);
  expect(ours.rows.map((r) => r.outcome).sort()).toEqual(builtIn.rows.map((r) => r.outcome).sort());
  for (const row of builtIn.rows) {
    const mine = ours.rows.find((r) => r.outcome === row.outcome)!;
    row.p.forEach((p, c) => {
      expect(mine.p[c], `${row.outcome} in ${builtIn.columns[c]}`).toBeCloseTo(p, 12);
    });
  }
}

describe('printed tables as files reproduce the built-in odds exactly', () => {
  it("SFO's Table 2 (CSV) equals odds sfo at the Advanced level", () => {
    const ours = oddsOfTable(loadCombatTable(join(TABLES, 'sfo-table2.csv')));
    expectSameOdds(ours, odds('sfo', {})[0]!);
  });

  it("Crete's Limited (CSV) and All Out (JSON) tables equal odds crete", () => {
    const [limited, allOut] = odds('crete', {});
    expectSameOdds(oddsOfTable(loadCombatTable(join(TABLES, 'crete-limited.csv'))), limited!);
    expectSameOdds(oddsOfTable(loadCombatTable(join(TABLES, 'crete-all-out.json'))), allOut!);
  });

  it('a battle reads the column K10.4 gives: 8 to 3 is 2-1 on both Crete tables', () => {
    const [battle] = odds('crete', { attack: '8', defence: '3' });
    const lim = oddsOfTable(loadCombatTable(join(TABLES, 'crete-limited.csv')), { attack: 8, defence: 3 });
    const all = oddsOfTable(loadCombatTable(join(TABLES, 'crete-all-out.json')), { attack: 8, defence: 3 });
    expect(lim.columns).toEqual(['2-1']);
    for (const row of battle!.rows) {
      const [pl, pa] = row.p;
      expect(lim.rows.find((r) => r.outcome === row.outcome)?.p[0] ?? 0).toBeCloseTo(pl!, 12);
      expect(all.rows.find((r) => r.outcome === row.outcome)?.p[0] ?? 0).toBeCloseTo(pa!, 12);
    }
  });

  it('every column is whole counts over one denominator that sum to it exactly', () => {
    for (const f of ['sfo-table2.csv', 'crete-limited.csv', 'crete-all-out.json', 'classic-2d6.csv']) {
      const table = loadCombatTable(join(TABLES, f));
      table.columns.forEach((label, c) => {
        const { counts, outOf } = columnCounts(table, c, 0);
        expect(
          [...counts.values()].reduce((s, n) => s + n, 0),
          `${f} ${label}`,
        ).toBe(outOf);
        expect(outOf).toBe(table.dice.sides ** table.dice.count);
      });
    }
  });
});

const CSV = (grid: string, meta = '# dice: 1d6\n') => `${meta}die,1-2,1-1,2-1,3-1\n${grid}`;
const GRID = '1,AR,NE,DR,DE\n2,AR,NE,DR,DE\n3,NE,DR,DR,DE\n4,NE,DR,EX,DE\n5,AE,AR,EX,DR\n6,AE,AR,NE,DR\n';

describe('reading a battle', () => {
  const table = parseCsvTable(CSV(GRID), 'my.csv');

  it("rounds ratios in the defender's favour by default, or as the table says", () => {
    expect(oddsOfTable(table, { attack: 5, defence: 2 }).columns).toEqual(['2-1']);
    expect(oddsOfTable(table, { attack: 3, defence: 4 }).columns).toEqual(['1-2']);
    const attacker = parseCsvTable(CSV(GRID, '# dice: 1d6\n# rounding: attacker\n'), 'a.csv');
    expect(oddsOfTable(attacker, { attack: 5, defence: 2 }).columns).toEqual(['3-1']);
    const nearest = parseCsvTable(CSV(GRID, '# dice: 1d6\n# rounding: nearest\n'), 'n.csv');
    expect(oddsOfTable(nearest, { attack: 11, defence: 5 }).columns).toEqual(['2-1']);
    expect(oddsOfTable(nearest, { attack: 13, defence: 5 }).columns).toEqual(['3-1']);
  });

  it('clamps beyond the ends, or refuses when the table says so', () => {
    expect(oddsOfTable(table, { attack: 9, defence: 1 }).columns).toEqual(['3-1']);
    expect(oddsOfTable(table, { attack: 1, defence: 9 }).columns).toEqual(['1-2']);
    const strict = parseCsvTable(CSV(GRID, '# dice: 1d6\n# beyond: refuse\n'), 's.csv');
    expect(() => oddsOfTable(strict, { attack: 1, defence: 9 })).toThrow(/below the first column 1-2/);
  });

  it('shifts columns and modifies the die, clamped at the ends of the table', () => {
    const shifted = oddsOfTable(table, { attack: 4, defence: 2, shift: 1 });
    expect(shifted.columns).toEqual(['3-1']);
    expect(oddsOfTable(table, { attack: 4, defence: 2, shift: 5 }).columns).toEqual(['3-1']);
    // 2-1 with die +2: rolls 1..6 read rows 3,4,5,6,6,6 -> DR 1/6, EX 2/6, NE 3/6.
    const drm = oddsOfTable(table, { column: '2-1', drm: 2 });
    const p = (o: string) => drm.rows.find((r) => r.outcome === o)!.p[0];
    expect(p('DR')).toBe(1 / 6);
    expect(p('EX')).toBe(2 / 6);
    expect(p('NE')).toBe(3 / 6);
  });

  it('reads differential columns and ranged rows of two dice', () => {
    const diff = parseCsvTable(
      '# dice: 2d6\nroll,-1,0,+1\n2-6,AR,NE,DR\n7,NE,DR,DE\n8-12,NE,DE,DE\n',
      'd.csv',
    );
    expect(diff.columnKind).toBe('differential');
    expect(oddsOfTable(diff, { attack: 5, defence: 5 }).columns).toEqual(['0']);
    expect(oddsOfTable(diff, { attack: 9, defence: 5 }).columns).toEqual(['+1']);
    const t = oddsOfTable(diff, { column: '0' });
    expect(t.rows.find((r) => r.outcome === 'NE')!.p[0]).toBe(15 / 36);
    expect(t.rows.find((r) => r.outcome === 'DR')!.p[0]).toBe(6 / 36);
    expect(diceCounts(2, 6).ways.slice(2)).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
  });

  it('needs a battle for a shift, and both strengths or neither', () => {
    expect(() => oddsOfTable(table, { shift: 1 })).toThrow(UserError);
    expect(() => oddsOfTable(table, { attack: 3 })).toThrow(/both --attack and --defence/);
  });
});

describe('comparing two tables', () => {
  it('prints the change in each result per shared column, and nothing for identical tables', () => {
    const a = parseCsvTable(CSV(GRID), 'a.csv');
    const same = compareTables(a, parseCsvTable(CSV(GRID), 'b.csv'));
    expect(same.rows.every((r) => r.delta.every((d) => d === 0))).toBe(true);
    const bloodier = parseCsvTable(CSV(GRID.replace('6,AE,AR,NE,DR', '6,AE,AR,DE,DR')), 'c.csv');
    const d = compareTables(a, bloodier);
    const col = d.columns.indexOf('2-1');
    expect(d.rows.find((r) => r.outcome === 'DE')!.delta[col]).toBeCloseTo(1 / 6, 15);
    expect(d.rows.find((r) => r.outcome === 'NE')!.delta[col]).toBeCloseTo(-1 / 6, 15);
  });
});

describe('malformed tables are refused by name, row and column', () => {
  const bad = (text: string) => () => parseCsvTable(text, 'my-crt.csv');
  it('a ragged row', () => {
    expect(
      bad(CSV('1,AR,NE,DR\n2,AR,NE,DR,DE\n3,NE,DR,DR,DE\n4,NE,DR,EX,DE\n5,AE,AR,EX,DR\n6,AE,AR,NE,DR\n')),
    ).toThrow(/^my-crt\.csv: line 3 \(die 1\) has 3 results, the header has 4 columns$/);
  });
  it('an unknown result when the table has a legend', () => {
    const legend =
      '# dice: 1d6\n# result AR: r\n# result NE: n\n# result DR: d\n# result DE: e\n# result EX: x\n';
    expect(bad(CSV(GRID, legend))).toThrow(
      /line 12 \(die 5\), column 1 \(1-2\): result "AE" is not in the legend/,
    );
  });
  it('dice that do not cover the rows, rows outside the dice, and overlapping rows', () => {
    expect(bad(CSV(GRID.split('\n').slice(0, 5).join('\n')))).toThrow(/roll 1-6 but no row covers 6/);
    expect(bad(CSV(`${GRID}7,NE,NE,NE,NE\n`))).toThrow(
      /line 9 \(die 7\) lies outside the totals 1d6 can roll/,
    );
    expect(bad(CSV(GRID.replace('2,AR', '1-2,AR')))).toThrow(/both cover the die total 1/);
  });
  it('column labels that are not a kind, or out of order, and bad dice', () => {
    expect(bad('# columns: ratio\ndie,1-2,x\n1,A,B\n')).toThrow(/column 2 "x" is not a ratio column label/);
    expect(bad('die,2-1,1-1\n1,A,B\n2,A,B\n3,A,B\n4,A,B\n5,A,B\n6,A,B\n')).toThrow(
      /column 2 "1-1" does not follow "2-1"/,
    );
    expect(bad(CSV(GRID, '# dice: 3x6\n'))).toThrow(/dice "3x6" must be like 1d6/);
    expect(bad(CSV(GRID, '# dcie: 1d6\n'))).toThrow(/unknown key "dcie"/);
  });
  it('a JSON table names the field', () => {
    expect(() => parseJsonTable({ title: 'x', dice: '1d6', columns: ['1-1'], rows: 'no' }, 't.json')).toThrow(
      /^t\.json: field rows: /,
    );
  });
});

describe('sandtable odds --table (in process, as the CLI calls it)', () => {
  it('prints a battle, and refuses a bad table with one line naming it', async () => {
    const { runCli } = await import('../src/cli/program.js');
    const out: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    try {
      await runCli(['odds', '--table', join(TABLES, 'crete-limited.csv'), '--attack', '8', '--defence', '3']);
    } finally {
      spy.mockRestore();
    }
    expect(out.join('')).toContain('8 to 3 reads 2-1');
    const dir = tempDir('crt');
    const file = join(dir, 'ragged.csv');
    writeFileSync(file, 'die,1-1,2-1\n1,NE\n');
    const line = await userErrorOf(['odds', '--table', file]);
    expect(line).toBe(`${file}: line 2 (die 1) has 1 results, the header has 2 columns`);
    expect(await userErrorOf(['odds', 'sfo', '--table', file])).toMatch(/give a table or a game, not both/);
  });
});
