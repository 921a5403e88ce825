import { describe, expect, it } from 'vitest';
import { randomPolicy } from '../src/core/decide.js';
import { d6 } from '../src/core/dice.js';
import { gameStreams } from '../src/core/rng.js';
import { hexIndex, positionState } from '../src/games/sfo/fixtures.js';
import { crtColumn, makeBattle, resolveBattle, sfoOdds } from '../src/games/sfo/index.js';

// SFO 9, Table 2 as printed in the rulebook (rows: die 1-6; columns: difference 0..+5 / 1..6 attackers).
const PRINTED = [
  'DR DR EX DE DE DE',
  'DR DR DR EX DE DE',
  'NE DR DR DR EX DE',
  'AR NE DR DR DR EX',
  'AR AR DR DR DR DR',
  'AE AR NE DR DR DR',
].map((r) => r.split(' '));

describe('sandtable odds sfo', () => {
  it('reproduces the printed Table 2 column by column as exact sixths', () => {
    for (const level of ['advanced', 'basic']) {
      const [t] = sfoOdds.compute({ level });
      for (let c = 0; c < 6; c++) {
        for (const row of t!.rows) {
          const printed = PRINTED.filter((r) => r[c] === row.outcome).length / 6;
          expect(row.p[c], `${level} column ${c} ${row.outcome}`).toBeCloseTo(printed, 12);
        }
      }
    }
  });

  it('SFO Fig. 13: a 1+1 stack against one unit in forest (1+1) is difference 0; with air support +2', () => {
    const [forest] = sfoOdds.compute({ attack: '2', defence: '1', forest: true });
    expect(forest!.columns).toEqual(['0']);
    const [air] = sfoOdds.compute({ attack: '2', defence: '1', forest: true, air: true });
    expect(air!.columns).toEqual(['+2']);
    expect(() => sfoOdds.compute({ attack: '1', defence: '2', forest: true })).toThrow(/below 0/);
  });

  it('Spetsnaz uses the lower of two dice: P(DR or better) rises in column 0', () => {
    const [plain] = sfoOdds.compute({});
    const [spz] = sfoOdds.compute({ spetsnaz: true });
    const dr = (t: typeof plain, c: number) => t!.rows.find((r) => r.outcome === 'DR')!.p[c]!;
    expect(dr(plain, 0)).toBeCloseTo(2 / 6, 12);
    expect(dr(spz, 0)).toBeCloseTo(11 / 36 + 9 / 36, 12); // die 1 or 2
  });
});

describe('the simulator agrees with the exact odds', () => {
  // Soviet units on the six neighbours of a US unit in clear Esselben (0405): k attackers give
  // difference k - 1 (Advanced) and column k (Basic).
  const ring = ['0404', '0406', '0304', '0305', '0504', '0505'];
  const N = 3000;

  for (const level of ['advanced', 'basic'] as const) {
    for (let k = 1; k <= 6; k++) {
      it(`${level}, ${k} attacker(s): ${N} battles through resolveBattle match the exact column (chi-square, p > 0.001)`, () => {
        const column = crtColumn(level, k, k - 1);
        const exact = sfoOdds.compute({
          level,
          ...(level === 'basic' ? { attackers: String(k) } : { attack: String(k), defence: '1' }),
        })[0]!;
        const counts = new Map<string, number>();
        const streams = gameStreams(2026, k + (level === 'basic' ? 10 : 0));
        const policies = { soviet: randomPolicy(), us: randomPolicy() };
        for (let i = 0; i < N; i++) {
          const state = positionState({ level, soviet: ring.slice(0, k), us: ['0405'] });
          const attackers = state.units
            .map((u, ui) => (u.side === 'soviet' && u.status === 'map' ? ui : -1))
            .filter((ui) => ui >= 0);
          const battle = makeBattle(state, hexIndex(state, '0405'), attackers);
          expect(battle.column).toBe(column);
          const r = resolveBattle(state, battle, d6(streams.stream('combat')), {
            streams,
            policies,
            trace: undefined,
          });
          counts.set(r, (counts.get(r) ?? 0) + 1);
        }
        let chi2 = 0;
        let df = -1;
        for (const row of exact.rows) {
          const e = row.p[0]! * N;
          const o = counts.get(row.outcome) ?? 0;
          if (e === 0) {
            expect(o, `${row.outcome} is impossible in this column`).toBe(0);
            continue;
          }
          chi2 += (o - e) ** 2 / e;
          df++;
        }
        const critical = [10.83, 13.82, 16.27, 18.47, 20.52][df - 1] ?? 0; // chi-square 0.999 quantiles
        if (df > 0) expect(chi2).toBeLessThan(critical);
      });
    }
  }
});
