/**
 * Dark Crusade readings named after a rules audit, each from a built position that tells them apart:
 * losses cleared by recovery (DC 15.B, variant recovery-losses), the Soviet point lost per pair of
 * destroyed factories (DC 2.B.1.a, variant factory-vp), and `odds dc` tables that hold probabilities only.
 */
import { describe, expect, it } from 'vitest';
import { columnTotals } from '../src/analysis/odds/format.js';
import { resolveSetup } from '../src/core/setup.js';
import { makeBattle } from '../src/games/dc/combat.js';
import { dc } from '../src/games/dc/index.js';
import { takeLoss } from '../src/games/dc/losses.js';
import { dcOdds } from '../src/games/dc/odds.js';
import { recoveryPhase } from '../src/games/dc/recovery.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState } from '../src/games/dc/state.js';
import { meets } from '../src/games/dc/victory.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, empty, P } from './helpers/dc.js';

function fresh(variants: Record<string, boolean> = {}, scenario = 'intro-tournament'): DcState {
  const s = startGame(resolveSetup(dc, { scenario, variants, params: {} }, 'test'), {
    masterSeed: 3,
    gameIndex: 0,
  });
  s.stack.length = 0;
  return s;
}

describe('DC 15.B: a recovered unit (variant recovery-losses)', () => {
  /** A German panzer corps (FF 2: survives 2 losses) with 2 losses recovers, then takes 1 more loss. */
  function worn(variants: Record<string, boolean>): { alive: boolean; losses: number } {
    const s = empty(fresh(variants));
    const pz = add(s, 'ger-pz', 0, 'BRE', { losses: 2, disp: true });
    recoveryPhase(s, 0);
    expect(s.units[pz]!.disp).toBe(false);
    const lossesAfterRecovery = s.units[pz]!.losses;
    add(s, 'sov-rifle', 1, 'MIN', { atk: P(s, 'BRE') });
    const b = makeBattle(s, P(s, 'BRE'), 1, false);
    takeLoss(s, b, pz);
    return { alive: s.units[pz]!.st === 0, losses: lossesAfterRecovery };
  }

  it('default recovery-clears-losses: the re-flipped counter starts again, so the next loss only disperses it', () => {
    expect(worn({})).toEqual({ alive: true, losses: 0 });
  });

  it('losses-persist: the two earlier losses stay, so the third destroys it', () => {
    expect(worn({ 'losses-persist': true })).toEqual({ alive: false, losses: 2 });
  });

  it("the other side's units keep their losses and stay dispersed in this side's recovery", () => {
    const s = empty(fresh());
    const r = add(s, 'sov-rifle', 1, 'MIN', { losses: 1, disp: true });
    recoveryPhase(s, 0);
    expect([s.units[r]!.losses, s.units[r]!.disp]).toEqual([1, true]);
  });
});

describe('DC 2.B.1.a: the Soviet point lost per pair of destroyed factories (variant factory-vp)', () => {
  // June 1944: the Soviet requirement is 16 home + 0 enemy; one pair of factories destroyed
  function sovietMeets(variants: Record<string, boolean>): boolean {
    const s = fresh(variants);
    s.turn = 38;
    s.factoriesLost = 2;
    return meets(s, dcWorkspace(s), 1, { home: 16, enemy: 1 });
  }

  it('default factory-vp-enemy: the point comes off the enemy part, so 16 home + 1 enemy still wins', () => {
    expect(sovietMeets({})).toBe(true);
  });

  it('factory-vp-home: the point comes off the home part, so the same holdings do not win', () => {
    expect(sovietMeets({ 'factory-vp-home': true })).toBe(false);
  });

  it('the Axis gains the point on its enemy part under either reading', () => {
    for (const v of [{}, { 'factory-vp-home': true }]) {
      const s = fresh(v);
      s.turn = 38; // 1944: Axis 7 + 12
      s.factoriesLost = 2;
      expect(meets(s, dcWorkspace(s), 0, { home: 7, enemy: 11 })).toBe(true);
      expect(meets(s, dcWorkspace(s), 0, { home: 7, enemy: 10 })).toBe(false);
    }
  });
});

describe('odds dc: every table holds probabilities', () => {
  it('each entry is a chance and no column sums above 1 (the CRT as the chance of each loss count, not loss counts as percentages)', () => {
    const tables = dcOdds.compute({});
    const crt = tables.find((t) => t.title.startsWith('CRT'))!;
    for (const total of columnTotals(crt)) expect(total).toBeCloseTo(1, 12);
    for (const t of tables) {
      for (const r of t.rows) for (const p of r.p) expect(p).toBeGreaterThanOrEqual(0);
      for (const total of columnTotals(t)) expect(total, t.title).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it('the CRT table: column 24 gives 21 losses on a 6, one chance in six', () => {
    const crt = dcOdds.compute({}).find((t) => t.title.startsWith('CRT'))!;
    const row = crt.rows.find((r) => r.outcome === '21 losses')!;
    expect(row.p[23]).toBeCloseTo(1 / 6, 12);
  });
});
