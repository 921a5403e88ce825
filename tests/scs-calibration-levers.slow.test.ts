/**
 * The SCS calibration levers (src/games/scs/data/NOTES.md (d), levers.json) keep to the rules text: forest costs more than
 * clear (9.10), the 188 counters of 2.1 always add up with at least 52 Soviet, and the German CRT
 * numbers rise by type (7.5). calibration.json is a calibrate run's output and sets the defaults.
 */
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { checkSetup, resolveSetup } from '../src/core/setup.js';
import { calibrationData, leversData, oobData } from '../src/games/scs/data.js';
import { scs } from '../src/games/scs/index.js';
import {
  counterMix,
  FOREST_LAYOUTS,
  parameters,
  RECON_SOVIET_COUNTERS,
  resolveConfig,
} from '../src/games/scs/parameters.js';
import { sandtable } from './helpers/cli.js';

const setup = (params: Record<string, unknown>) => resolveSetup(scs, { params }, 'test');
const start = (params: Record<string, unknown>) => () =>
  scs.start(setup(params), { masterSeed: 1, gameIndex: 0 });
const counters = (s: number) => Math.ceil(s / 2);

describe('SCS 2.1: the counter split', () => {
  it('the reconstruction takes 71 Soviet counters and leaves 44 non-mechanized units (NOTES (c)3 budget)', () => {
    expect(RECON_SOVIET_COUNTERS).toBe(71);
    const cfg = resolveConfig(setup({ sovietCounters: 71 }));
    expect(cfg.pool).toEqual({ mech: 24, nonMech: 44, security: 5 });
    expect(cfg.armies.map((a) => a.full)).toEqual(oobData.soviet.armies.map((a) => a.strength));
  });

  it('every split from 52 to 71 adds up to 188 counters, the printed armies keep their strengths', () => {
    const b = leversData.counterBudget;
    for (let n = 52; n <= 71; n++) {
      const cfg = resolveConfig(setup({ sovietCounters: n }));
      const soviet = cfg.armies.reduce((k, a) => k + counters(a.full), 0);
      expect(soviet, `sovietCounters ${n}`).toBe(n);
      const german = cfg.pool.mech + cfg.pool.nonMech + cfg.pool.security + 16 + b.germanSupportMarkers;
      expect(soviet + german + b.markers).toBe(188);
      for (const id of ['1S', '16', '1E', '4S', '3S']) {
        const printed = oobData.soviet.armies.find((a) => a.id === id)!.strength;
        expect(cfg.armies.find((a) => a.id === id)!.full).toBe(printed);
      }
      for (const a of cfg.armies) expect(a.full).toBeGreaterThanOrEqual(4);
    }
  });

  it('gives up counters from the largest reconstructed armies first, two steps at a time', () => {
    const base = oobData.soviet.armies.map((a) => a.strength);
    const two = counterMix(69, base);
    const ids = oobData.soviet.armies.map((a) => a.id);
    expect(two[ids.indexOf('50')]).toBe(8);
    expect(two[ids.indexOf('10')]).toBe(8);
    expect(two.filter((s, i) => s !== base[i]).length).toBe(2);
  });

  it('refuses fewer than 52 Soviet counters and more than the armies take', () => {
    expect(checkSetup(scs, { params: { sovietCounters: 49 } }).problems.join()).toMatch(
      /sovietCounters.*52\.\.71/,
    );
    expect(() =>
      counterMix(
        72,
        oobData.soviet.armies.map((a) => a.strength),
      ),
    ).toThrow(UserError);
  });
});

describe('SCS 9.10 and 7.5: bounds on terrain and CRT', () => {
  it('forest costs more than clear', () => {
    expect(checkSetup(scs, { params: { forestCost: 1 } }).problems.join()).toMatch(/forestCost.*2\.\.3/);
    expect(start({ clearCost: 2, forestCost: 2 })).toThrow(/forest must cost more MF than clear \(9\.10\)/);
    expect(start({ clearCost: 2, forestCost: 3 })).not.toThrow();
  });

  it('German hit numbers rise by type: set E is no choice, its numbers (5, 6, 6) and equal custom numbers are refused, B and A play', () => {
    expect(start({ crtSet: 'E' })).toThrow(/crtSet/);
    expect(start({ crtSet: 'custom', hitOn_mech: 5, hitOn_nonMech: 6, hitOn_security: 6 })).toThrow(
      /mech < non-mech < security \(7\.5/,
    );
    expect(start({ crtSet: 'custom', hitOn_mech: 5, hitOn_nonMech: 5, hitOn_security: 6 })).toThrow(/7\.5/);
    expect(start({ crtSet: 'custom', hitOn_mech: 4, hitOn_nonMech: 6, hitOn_security: 5 })).toThrow(/7\.5/);
    expect(start({ crtSet: 'custom', hitOn_mech: 5, hitOn_nonMech: 6, hitOn_security: 7 })).not.toThrow();
    expect(start({ crtSet: 'B' })).not.toThrow();
    expect(start({ crtSet: 'A' })).not.toThrow();
  });

  it('a bad value is one line naming the parameter, exit code 2', () => {
    for (const [param, text] of [
      ['crtSet=E', 'crtSet'],
      ['forestCost=1', 'forestCost'],
      ['sovietCounters=40', 'sovietCounters'],
      ['forestLayout=jungle', 'forestLayout'],
    ] as const) {
      const r = sandtable(['play', 'scs', '--seed', '1', '--param', param]);
      expect(r.code, `${param}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n').length).toBe(1);
      expect(r.stderr).toContain(text);
    }
  }, 60_000);
});

describe('forest layouts and fortified lists (levers.json)', () => {
  it('each layout is the reconstruction less its clearings; custom reads forestHexes', () => {
    expect(FOREST_LAYOUTS.belts!.length).toBe(107);
    for (const [name, l] of Object.entries(leversData.forestLayouts)) {
      expect(FOREST_LAYOUTS[name]!.length, name).toBe(107 - l.clearings.length);
      const cfg = resolveConfig(setup({ forestLayout: name }));
      expect(cfg.forest.reduce((a, b) => a + b, 0)).toBe(FOREST_LAYOUTS[name]!.length);
    }
    const custom = resolveConfig(setup({ forestLayout: 'custom', forestHexes: ['1905'] }));
    expect(custom.forest.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('each fortified list adds to the known three (10.13)', () => {
    for (const [name, l] of Object.entries(leversData.fortifiedLists)) {
      const cfg = resolveConfig(setup({ fortifiedList: name }));
      expect(
        cfg.fortified.reduce((a, b) => a + b, 0),
        name,
      ).toBe(3 + l.hexes.length);
    }
  });
});

describe('calibration.json is the output of a calibrate run', () => {
  it('names its experiment file and seed, and its params are the defaults', () => {
    expect(calibrationData.experiment).toBe('experiments/scs-calibrate.json');
    for (const [id, v] of Object.entries(calibrationData.params))
      expect(parameters.find((p) => p.id === id)!.default, id).toEqual(v);
  });
});
