import { describe, expect, it } from 'vitest';
import {
  COMBAT_RESULTS,
  crtColumn,
  crtDistribution,
  crtFor,
  crtResult,
  crtSixths,
} from '../src/games/sfo/crt.js';

describe('SFO combat results tables (SFO 9, Table 2)', () => {
  it('Table 2 (unified) as printed, rows = die, columns 0..+5 / 1..6 attackers', () => {
    const rows = [1, 2, 3, 4, 5, 6].map((die) =>
      [0, 1, 2, 3, 4, 5].map((c) => crtResult('unified', c, die)).join(' '),
    );
    expect(rows).toEqual([
      'DR DR EX DE DE DE',
      'DR DR DR EX DE DE',
      'NE DR DR DR EX DE',
      'AR NE DR DR DR EX',
      'AR AR DR DR DR DR',
      'AE AR NE DR DR DR',
    ]);
  });

  it('chart-basic "# attackers" table: rows 3-6 from the chart, rows 1-2 reconstructed', () => {
    const rows = [1, 2, 3, 4, 5, 6].map((die) =>
      [0, 1, 2, 3, 4, 5].map((c) => crtResult('chart-basic', c, die)).join(' '),
    );
    expect(rows).toEqual([
      'DR DR DE DE DE DE',
      'DR DR DR DE DE DE',
      'AR DR DR DR DR DE',
      'AR AR DR DR DR DR',
      'AR AR DR DR DR DR',
      'AE AR AR DR DR DR',
    ]);
  });

  it('Fig. 12 ("a 1 gives DE, other results DR"; EX is DR at Basic and Advanced) fits one column: Table 2\'s 4 attackers / +3', () => {
    const fig12 = ['DE', 'DR', 'DR', 'DR', 'DR', 'DR'];
    const fits = (crt: 'unified' | 'chart-basic', c: number, dice: readonly number[]) =>
      dice.every((die) => {
        const r = crtResult(crt, c, die);
        return (r === 'EX' ? 'DR' : r) === fig12[die - 1];
      });
    const all = [1, 2, 3, 4, 5, 6];
    const columns = [0, 1, 2, 3, 4, 5];
    expect(columns.filter((c) => fits('unified', c, all))).toEqual([3]);
    expect(columns.filter((c) => fits('chart-basic', c, all))).toEqual([]);
    // The chart sheet's printed rows 3-6 alone allow its 4- and 5-attacker columns, which a Basic
    // Fig. 12 cannot use (three attackers at most: tests/sfo-combat-examples); its 3-attacker column
    // fails on a printed row (die 6: AR).
    expect(columns.filter((c) => fits('chart-basic', c, [3, 4, 5, 6]))).toEqual([3, 4]);
    expect(crtResult('chart-basic', 2, 6)).toBe('AR');
  });

  it('column index: Basic = number of attackers, Advanced = strength difference, below 0 illegal, above +5 capped', () => {
    expect(crtColumn('basic', 1, 0)).toBe(0);
    expect(crtColumn('basic', 3, 2)).toBe(2);
    expect(crtColumn('advanced', 2, 1)).toBe(1);
    expect(crtColumn('advanced', 1, -1)).toBe(-1);
    expect(crtColumn('advanced', 7, 6)).toBe(5);
  });

  it('the non-unified chart applies to Basic only', () => {
    expect(crtFor('basic', true)).toBe('chart-basic');
    expect(crtFor('advanced', true)).toBe('unified');
    expect(crtFor('basic', false)).toBe('unified');
  });

  it('every cell distribution is exact sixths and is the table the simulator reads', () => {
    for (const crt of ['unified', 'chart-basic'] as const) {
      for (let c = 0; c < 6; c++) {
        const six = crtSixths(crt, c);
        const p = crtDistribution(crt, c);
        let total = 0;
        for (const r of COMBAT_RESULTS) {
          total += six[r];
          expect(p[r]).toBeCloseTo(six[r] / 6, 12);
          const hits = [1, 2, 3, 4, 5, 6].filter((d) => crtResult(crt, c, d) === r).length;
          expect(six[r]).toBe(hits);
        }
        expect(total).toBe(6);
      }
    }
    expect(crtSixths('unified', 0)).toEqual({ AE: 1, AR: 2, NE: 1, DR: 2, DE: 0, EX: 0 });
  });

  it('SFO 9: an equal fight (column 0) risks the attacker one time in six (AE)', () => {
    expect(crtDistribution('unified', 0).AE).toBeCloseTo(1 / 6, 12);
  });
});
