/**
 * The reconstructed values docs/games/dc.md "Reconstructed values" marks for sensitivity sweeps, as parameters a user can override:
 * the victory chart (`vp-chart`, DC 2.B.1), the Siberian Reserve's waves (`sib-reserve-*`, DC 3.C) and
 * the Soviet counter mix (`sov-counter-mix`, DC 8.A.2). Each checked on the engine's own state.
 */
import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { dcData } from '../src/games/dc/data.js';
import { dc } from '../src/games/dc/index.js';
import { dcOdds } from '../src/games/dc/odds.js';
import { cellPoints } from '../src/games/dc/replacements.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState } from '../src/games/dc/state.js';
import { requirement } from '../src/games/dc/victory.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { axisReplacements, siberiaStart } from './helpers/dc.js';

const start = (params: Record<string, unknown>, scenario = 'intro-tournament'): DcState =>
  startGame(resolveSetup(dc, { scenario, variants: {}, params }, 'test'), { masterSeed: 1, gameIndex: 0 });

describe('vp-chart (DC 2.B.1, spec §6.4 vpChart)', () => {
  it('shifts the Axis enemy-VP requirement by -1 / +1 in every month and leaves the Soviet one', () => {
    const base = start({});
    const easier = start({ 'vp-chart': 'axis-easier' });
    const harder = start({ 'vp-chart': 'axis-harder' });
    // turn 2 = June 1941 ... turn 39 = July 1944, Decembers included (turn 8 = Dec 1941)
    for (let turn = 2; turn <= 39; turn++) {
      for (const s of [base, easier, harder]) s.turn = turn;
      const [h, e] = requirement(base, 0);
      expect(requirement(easier, 0)).toEqual([h, Math.max(0, e - 1)]);
      expect(requirement(harder, 0)).toEqual([h, e + 1]);
      expect(requirement(easier, 1)).toEqual(requirement(base, 1));
      expect(requirement(harder, 1)).toEqual(requirement(base, 1));
    }
    // the printed December 1941 requirement, 7 + 7 (DC 2.B.1.a), under the reconstruction
    base.turn = 8;
    expect(requirement(base, 0)).toEqual([7, 7]);
  });

  it('an unknown reading is refused with the field named', () => {
    expect(() => start({ 'vp-chart': 'axis-easy' })).toThrow(/vp-chart/);
  });
});

describe('sib-reserve-* (DC 3.C, spec §6.4 sibReserve)', () => {
  /** The units a first wave brings (turn of January 1942, no early call): [infantry, armour, artillery, cavalry]. */
  function firstWave(params: Record<string, unknown>, scenario = 'adv-tournament'): number[] {
    const s = start(params, scenario);
    s.turn = 9;
    siberiaStart(s, dcWorkspace(s));
    return [...s.sib.owed];
  }

  it('the defaults are the reconstruction, and each kind follows its parameter', () => {
    const per = dcData.siberianReserve.perWave;
    expect(firstWave({})).toEqual([per.infantry, per.armor, per.artillery, per.cavalry]);
    expect(
      firstWave({
        'sib-reserve-inf': 8,
        'sib-reserve-armour': 0,
        'sib-reserve-art': 2,
        'sib-reserve-cav': 4,
      }),
    ).toEqual([8, 0, 2, 4]);
  });

  it('out of range is refused with the field named', () => {
    expect(() => start({ 'sib-reserve-inf': 11 })).toThrow(/sib-reserve-inf/);
  });
});

describe('sov-counter-mix (DC 8.A.2, spec §6.4 sovCounterMix)', () => {
  /** Soviet counters of `type` in play or in the pool at the start. */
  function total(s: DcState, type: string): number {
    const t = s.rules.types.findIndex((x) => x.id === type);
    return s.pool[t]! + s.units.filter((u) => u.t === t && u.side === 1).length;
  }

  it('scales the counters each type may have, the pool taking the difference', () => {
    const base = start({});
    const small = start({ 'sov-counter-mix': 50 });
    const big = start({ 'sov-counter-mix': 150 });
    const rifle = dcData.counterMix['sov-rifle'] as number;
    expect(total(base, 'sov-rifle')).toBe(rifle);
    expect(total(big, 'sov-rifle')).toBe(Math.round(rifle * 1.5));
    // at 50% the mix can fall below the counters the set-up puts on the map: the pool is then empty
    const onMap = base.units.filter(
      (u) => u.t === base.rules.types.findIndex((x) => x.id === 'sov-rifle'),
    ).length;
    expect(total(small, 'sov-rifle')).toBe(Math.max(Math.round(rifle * 0.5), onMap));
    expect(small.rules.counterMix['sov-tank']).toBe(
      Math.round((dcData.counterMix['sov-tank'] as number) * 0.5),
    );
  });
});

describe('ger-repl-table (DC 8.A.1.a, spec §6.4 gerReplTable)', () => {
  /** German replacement points of the Axis R/R phase of turn 12 (April 1942), game `g`. */
  function points(table: string, g: number): number {
    const s = startGame(
      resolveSetup(
        dc,
        { scenario: 'intro-tournament', variants: {}, params: { 'ger-repl-table': table } },
        'test',
      ),
      {
        masterSeed: 5,
        gameIndex: g,
      },
    );
    s.turn = 12;
    const before = s.gerInf + s.gerArm;
    axisReplacements(s, dcWorkspace(s));
    return s.gerInf + s.gerArm - before;
  }
  const rowPoints = (year: number) =>
    dcData.germanReplacements.rows
      .find((r) => r.year === year)!
      .cells.map((c) => cellPoints(c)[0] + cellPoints(c)[1]);

  it('lean reads the year before, rich the year after, on the same die', () => {
    const [y41, y42, y43] = [rowPoints(1941), rowPoints(1942), rowPoints(1943)];
    const sums = [0, 0, 0];
    for (let g = 0; g < 60; g++) {
      const [lean, recon, rich] = ['lean', 'recon', 'rich'].map((t) => points(t, g)) as [
        number,
        number,
        number,
      ];
      // the same replacement stream, so the same die, reads each row
      expect([0, 1, 2, 3, 4, 5].some((d) => y41[d] === lean && y42[d] === recon && y43[d] === rich)).toBe(
        true,
      );
      sums[0]! += lean;
      sums[1]! += recon;
      sums[2]! += rich;
    }
    expect(sums[0]).toBeLessThan(sums[1]!);
    expect(sums[1]).toBeLessThan(sums[2]!);
  });

  it('sandtable odds dc --ger-repl gives the distribution the engine rolls (April 1942, 2,000 phases each)', () => {
    for (const reading of ['lean', 'recon', 'rich']) {
      const table = dcOdds
        .compute({ 'ger-repl': reading })
        .find((x) => x.title.startsWith('German replacement points'))!;
      const col = table.columns.indexOf('1942');
      const counts = [0, 0, 0];
      const n = 2000;
      for (let g = 0; g < n; g++) counts[points(reading, g)]! += 1;
      table.rows.forEach((r, k) => {
        const p = r.p[col]!;
        // within 4.5 standard errors of the exact probability
        expect(Math.abs(counts[k]! / n - p)).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n) + 1e-9);
      });
    }
  });
});

describe('played at the ends of their ranges, in conformance mode (invariants and clones at every decision)', () => {
  const ends: Record<string, unknown>[] = [
    {
      'vp-chart': 'axis-easier',
      'ger-repl-table': 'lean',
      'sov-counter-mix': 50,
      'sib-reserve-inf': 10,
      'sib-reserve-armour': 10,
      'sib-reserve-art': 10,
      'sib-reserve-cav': 10,
    },
    {
      'vp-chart': 'axis-harder',
      'ger-repl-table': 'rich',
      'sov-counter-mix': 150,
      'sib-reserve-inf': 0,
      'sib-reserve-armour': 0,
      'sib-reserve-art': 0,
      'sib-reserve-cav': 0,
    },
  ];
  for (const scenario of ['intro-tournament', 'adv-campaign'])
    ends.forEach((params, k) => {
      it(`${scenario}, ends ${k + 1}: two games of the default policies`, () => {
        const setup = resolveSetup(dc, { scenario, variants: {}, params }, 'test');
        for (let g = 0; g < 2; g++) {
          const rec = playMatch(
            startMatch(dc, setup, { masterSeed: 41, gameIndex: g }),
            createPolicies(dc, dc.defaultPolicies, scenario),
            { conformance: true },
          );
          expect(rec.endTurn).toBeGreaterThan(2);
        }
      });
    });
});
