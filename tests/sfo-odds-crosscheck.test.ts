/**
 * `sandtable odds sfo` is computed by enumerating the game's own combat code (its chance point):
 * it must equal the printed Table 2 column by column, agree with the closed form of the Spetsnaz
 * die, and match the frequencies of battles the engine plays with sampled dice.
 */
import { describe, expect, it } from 'vitest';
import type { SfoState } from '../src/games/sfo/index.js';
import { COMBAT_RESULTS, columnOdds, combatDieDistribution, crtFor, sfo } from '../src/games/sfo/index.js';
import { battleMatch, battleOdds, type OddsBattle } from '../src/games/sfo/odds.js';

// SFO 9, Table 2 as printed in the rulebook (rows: die 1-6; columns: difference 0..+5 / 1..6 attackers).
const PRINTED = [
  'DR DR EX DE DE DE',
  'DR DR DR EX DE DE',
  'NE DR DR DR EX DE',
  'AR NE DR DR DR EX',
  'AR AR DR DR DR DR',
  'AE AR NE DR DR DR',
].map((r) => r.split(' '));

const odds = sfo.odds!;

describe('sandtable odds sfo, enumerated through the engine', () => {
  it('reproduces the printed Table 2 column by column as exact sixths', () => {
    for (const level of ['advanced', 'basic', 'expert']) {
      const [t] = odds.compute({ level });
      expect(t!.columns.length).toBe(6);
      for (let c = 0; c < 6; c++) {
        for (const row of t!.rows) {
          const printed = PRINTED.filter((r) => r[c] === row.outcome).length / 6;
          expect(row.p[c], `${level} column ${c} ${row.outcome}`).toBeCloseTo(printed, 12);
        }
      }
    }
  });

  it('SFO Fig. 13: a 1+1 stack against one unit in forest (1+1) is difference 0; with air support +2', () => {
    const [forest] = odds.compute({ attack: '2', defence: '1', forest: true });
    expect(forest!.columns).toEqual(['0']);
    const [air] = odds.compute({ level: 'expert', attack: '2', defence: '1', forest: true, air: true });
    expect(air!.columns).toEqual(['+2']);
    const [art] = odds.compute({ level: 'expert', attack: '2', defence: '1', forest: true, artillery: true });
    expect(art!.columns).toEqual(['+1']);
    expect(() => odds.compute({ attack: '1', defence: '2', forest: true })).toThrow(/below 0/);
    expect(() => odds.compute({ attack: '2', air: true })).toThrow(/--level expert/);
    expect(() => odds.compute({ level: 'expert', attack: '2', air: true, artillery: true })).toThrow(
      /one support/,
    );
  });

  it('a difference beyond +5 is read on the +5 column, as the engine plays it', () => {
    const [t] = odds.compute({ level: 'expert', attack: '9', defence: '1' });
    expect(t!.columns).toEqual(['+5']);
    expect(t!.notes.join(' ')).toMatch(/\+8 is beyond the last column/);
  });

  it('Spetsnaz (the lower of two dice) equals the closed form P(k) = (13 - 2k)/36 in every column', () => {
    const [spz] = odds.compute({ level: 'expert', spetsnaz: true });
    const die = combatDieDistribution(true);
    for (let c = 0; c < 6; c++) {
      const closed = columnOdds(crtFor('expert', false), c, die);
      for (const row of spz!.rows)
        expect(row.p[c], `column ${c} ${row.outcome}`).toBeCloseTo(closed[row.outcome]!, 12);
    }
    const dr = spz!.rows.find((r) => r.outcome === 'DR')!.p[0]!;
    expect(dr).toBeCloseTo(11 / 36 + 9 / 36, 12); // die 1 or 2
  });
});

describe('the engine with sampled dice agrees with the enumeration', () => {
  const N = 3000;
  const cases: [string, OddsBattle][] = [];
  for (let k = 1; k <= 6; k++) {
    cases.push([
      `basic, ${k} attacker(s)`,
      { level: 'basic', chartBasic: false, attackers: k, defence: 1, forest: false, support: null },
    ]);
    cases.push([
      `advanced, difference ${k - 1}`,
      { level: 'advanced', chartBasic: false, attack: k, defence: 1, forest: false, support: null },
    ]);
  }
  cases.push([
    'expert, Spetsnaz, difference +1',
    { level: 'expert', chartBasic: false, attack: 2, defence: 1, forest: false, support: 'spetsnaz' },
  ]);
  cases.push([
    'basic chart-sheet table, 3 attackers',
    { level: 'basic', chartBasic: true, attackers: 3, defence: 1, forest: false, support: null },
  ]);

  for (const [name, b] of cases) {
    it(`${name}: ${N} battles played with the combat stream match the exact column (chi-square, p > 0.001)`, () => {
      const exact = battleOdds(sfo, b)!;
      const counts = new Map<string, number>();
      for (let i = 0; i < N; i++) {
        const m = battleMatch(sfo, b, false, 2026 + i)!;
        expect(m.battle.column).toBe(exact.battle.column);
        m.match.pending(); // the die is drawn and the battle resolved
        const r = String((m.match.state as SfoState).lastResult);
        counts.set(r, (counts.get(r) ?? 0) + 1);
      }
      let chi2 = 0;
      let df = -1;
      for (const outcome of COMBAT_RESULTS) {
        const e = (exact.p.get(outcome) ?? 0) * N;
        const o = counts.get(outcome) ?? 0;
        if (e === 0) {
          expect(o, `${outcome} is impossible in this column`).toBe(0);
          continue;
        }
        chi2 += (o - e) ** 2 / e;
        df++;
      }
      const critical = [10.83, 13.82, 16.27, 18.47, 20.52][df - 1] ?? 0; // chi-square 0.999 quantiles
      if (df > 0) expect(chi2).toBeLessThan(critical);
    });
  }
});
