/** SFO set-up, variants and data: parameter checks naming the parameter, the data file's schema, provenance. */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { parseSfoData, sfoData } from '../src/games/sfo/data.js';
import { sfo } from '../src/games/sfo/index.js';

const start = (params: Record<string, unknown>) =>
  sfo.start(resolveSetup(sfo, { scenario: 'basic', params }, 'exp.json'), { masterSeed: 1, gameIndex: 1 });

describe('SFO set-up and data', () => {
  it('declares policies per side with random, the default policies and the variant groups', () => {
    for (const side of ['soviet', 'us']) {
      const ids = sfo.policies.filter((p) => p.side === side).map((p) => p.id);
      expect(ids).toContain('random');
      expect(ids.length).toBeGreaterThanOrEqual(4);
      expect(ids).toContain(sfo.defaultPolicies[side]);
    }
    expect(resolveSetup(sfo, {}, 'test').variants).toEqual(
      new Set(['crt-unified', 'elim-all', 'zoc-strict']),
    );
    expect(() => resolveSetup(sfo, { variants: { 'crt-unified': false } }, 'test')).toThrow(/group "crt"/);
  });

  it('rejects bad parameter hexes naming the parameter', () => {
    expect(() => start({ forests: ['0208', '0703'] })).toThrow(
      /parameter forests: hex "0208" is not on the 68-hex map/,
    );
    expect(() => start({ forests: ['0405', '0703'] })).toThrow(/parameter forests: .*town/);
    expect(() => start({ forests: ['0801', '0703'] })).toThrow(/parameter forests: .*Soviet set-up/);
    expect(() => start({ 'us-setup': ['0206', '0302', '0306', '0307'] })).toThrow(
      /parameter us-setup: .*forest/,
    );
    expect(() => start({ 'us-setup': ['0206', '0206', '0306', '0406'] })).toThrow(
      /parameter us-setup: .*twice/,
    );
    expect(() => start({ 'map-hexes': '72', forests: ['0208', '0703'] })).not.toThrow();
  });

  it('rejects a bad data file naming the file and the field', () => {
    const bad = structuredClone(sfoData) as unknown as { crt: { unified: { rows: string[][] } } };
    bad.crt.unified.rows[0]![0] = 'XX';
    expect(() => parseSfoData(bad, 'sfo.json')).toThrow(/sfo\.json: field crt\.unified\.rows\.0\.0/);
    const bad2 = structuredClone(sfoData) as unknown as { towns: { hex: string }[] };
    bad2.towns[0]!.hex = '1299';
    expect(() => parseSfoData(bad2, 'sfo.json')).toThrow(/sfo\.json: field towns\.0\.hex/);
  });

  it('marks reconstructed parameters with their provenance and source', () => {
    for (const p of sfo.parameters) {
      expect(p.provenance).toBe('reconstructed');
      expect(p.source.length).toBeGreaterThan(10);
    }
    expect(sfoData.crt.chartBasic.reconstructedRows).toEqual([1, 2]);
  });
});
