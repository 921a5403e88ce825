/**
 * Dark Crusade factory movement beyond the land move (RULES-CHECKLIST ): a factory moved back from
 * Siberia (8.C.2.d), and the sea leg of a factory's move with its stop at the port of embarkation
 * and its torpedo die (8.C.2.b, C-7), simulated against the exact probability.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import type { DcDecision, SiteOption } from '../src/games/dc/decisions.js';
import { factoriesStep, startFactories } from '../src/games/dc/factories.js';
import { landOnly, seaLegs } from '../src/games/dc/factory-sea.js';
import { dc } from '../src/games/dc/index.js';
import { torpedoProbability } from '../src/games/dc/sea.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState } from '../src/games/dc/state.js';
import { strategicCapacity } from '../src/games/dc/strategic.js';
import { apply } from '../src/games/dc/turn-sequence.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { P } from './helpers/dc.js';

function fresh(seed = 1): DcState {
  const s = startGame(resolveSetup(dc, { scenario: 'intro-tournament', variants: {}, params: {} }, 'test'), {
    masterSeed: seed,
    gameIndex: 0,
  });
  s.stack.length = 0;
  s.turn = 4;
  return s;
}

function answer(s: DcState, d: DcDecision, k: number): void {
  s.pending = d;
  apply(s, dcWorkspace(s), d, k);
}

const factory = (s: DcState, label: string) => s.units.findIndex((u) => u.label === label);

/** The factory decision of a new R/R phase. */
function step(s: DcState): DcDecision | null {
  s.stack.length = 0;
  s.pending = null;
  const ws = dcWorkspace(s);
  startFactories(s, strategicCapacity(s, ws, 1) + s.fac.ent.length / 2);
  const d = factoriesStep(s, ws, s.stack.at(-1)! as never);
  if (d !== null && d.kind === 'chance') throw new Error('a chance point in sampled mode');
  return d;
}

describe('DC 8.C.2.d: a factory moves back from Siberia (R-72)', () => {
  it('a factory in Siberia may entrain; the next R/R phase it moves through the east edge onto a Soviet point', () => {
    const s = fresh();
    const i = factory(s, 'DNIPRO');
    s.units[i]!.st = 4;
    s.units[i]!.at = -1;
    const d = step(s)!;
    expect(d.kind).toBe('entrain');
    const k = (d.options as readonly { unit: number }[]).findIndex((o) => o.unit === i);
    expect(k).toBeGreaterThan(0);
    answer(s, d, k);
    expect(s.fac.ent).toEqual([i, -1]);
    s.turn = 5;
    const dest = step(s)!;
    expect(dest.kind).toBe('factory-dest');
    const at = (dest.options as readonly SiteOption[]).map((o) => o.at);
    expect(at[0]).toBe(-1);
    expect(at).toContain(P(s, 'GOR'));
    answer(s, dest, at.indexOf(P(s, 'GOR')));
    expect([s.units[i]!.st, s.units[i]!.at]).toEqual([0, P(s, 'GOR')]);
    expect(s.fac.ent).toEqual([]);
  });

  it('without a Soviet east-edge point a factory in Siberia cannot entrain', () => {
    const s = fresh();
    const i = factory(s, 'DNIPRO');
    s.units[i]!.st = 4;
    s.units[i]!.at = -1;
    for (let p = 0; p < s.control.length; p++) if (s.control[p] === 1) s.control[p] = 0;
    s.cv++;
    const d = step(s);
    const units = d === null ? [] : (d.options as readonly { unit?: number }[]).map((o) => o.unit);
    expect(units).not.toContain(i);
  });
});

describe('DC 8.C.2.b: the sea leg of a moving factory (R-70, C-7)', () => {
  it('sea legs: Soviet ports of the same sea not reached by land; the Azov to the Black Sea only with Kerch and Krasnodar', () => {
    const s = fresh();
    const reached = new Uint8Array(s.control.length);
    reached[P(s, 'MAR')] = 1;
    const out: SiteOption[] = [];
    seaLegs(s, reached, out);
    const to = out.map((o) => o.at);
    expect(out.every((o) => o.via === P(s, 'MAR'))).toBe(true);
    for (const id of ['ROS', 'KER', 'SEV', 'ODE', 'NVR']) expect(to).toContain(P(s, id));
    expect(to).not.toContain(P(s, 'LEN'));
    s.control[P(s, 'KRD')] = 0;
    const cut: SiteOption[] = [];
    seaLegs(s, reached, cut);
    // Kerch, on both seas, counts as crossing the straits (as for units, DC 9.B)
    expect(cut.map((o) => o.at)).toEqual([P(s, 'ROS')]);
  });

  it('D-35 by sea: the factory waits entrained at its port, sails the next R/R phase; lost at C-7 odds', () => {
    const n = 240;
    let lost = 0;
    for (let seed = 0; seed < n; seed++) {
      const s = fresh(seed);
      const i = factory(s, 'MARPL');
      s.units[i]!.st = 4;
      s.units[i]!.at = -1;
      s.fac.ent.push(i, P(s, 'MAR'));
      // Simferopol Axis-held: Sevastopol is out of reach by land, not by sea
      s.control[P(s, 'SIM')] = 0;
      s.cv++;
      const d = step(s)! as DcDecision & { kind: 'factory-dest' };
      expect(d.kind).toBe('factory-dest');
      const k = d.options.findIndex((o) => o.via === P(s, 'MAR') && o.at === P(s, 'SEV'));
      expect(k).toBeGreaterThanOrEqual(0);
      answer(s, d, k);
      expect(s.fac.ent).toEqual([i, P(s, 'MAR')]);
      expect(s.fac.sea).toEqual([i, P(s, 'SEV')]);
      expect(s.units[i]!.st).toBe(4);
      s.turn = 5;
      step(s);
      expect(s.fac.sea).toEqual([]);
      const u: { st: number; at: number } = s.units[i]!;
      if (u.st === 1) lost++;
      else expect([u.st, u.at]).toEqual([0, P(s, 'SEV')]);
    }
    const p = torpedoProbability(true); // the Black Sea and the Azov are Soviet at the start
    expect(Math.abs(lost / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });

  it('the scripted policies choose among the land destinations only', () => {
    const d = {
      kind: 'factory-dest',
      side: 'soviet',
      rule: 'DC 8.C.2.b',
      options: [
        { type: 'site', at: 5, via: 3 },
        { type: 'site', at: 7 },
        { type: 'site', at: 9 },
      ],
    } as DcDecision & { kind: 'factory-dest' };
    expect(landOnly(d, (x) => x.options.length - 1)).toBe(2);
    expect(landOnly(d, () => 0)).toBe(1);
  });
});
