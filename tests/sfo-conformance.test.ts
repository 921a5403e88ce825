import { describe, expect, it } from 'vitest';
import { randomPolicy } from '../src/core/decide.js';
import type { TraceEvent } from '../src/core/game.js';
import { gameStreams } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { parseSfoData, sfoData } from '../src/games/sfo/data.js';
import { sfo } from '../src/games/sfo/index.js';
import type { SfoState } from '../src/games/sfo/state.js';

function playOne(
  scenario: string,
  variants: Record<string, boolean>,
  game: number,
  soviet = 'random',
  us = 'random',
  trace?: TraceEvent[],
) {
  const setup = resolveSetup(sfo, { scenario, variants }, 'test');
  const streams = gameStreams(7, game);
  const state = sfo.start(setup, streams);
  const pol = (side: string, id: string) =>
    sfo.policies.find((p) => p.side === side && p.id === id)!.create();
  const violations: string[] = [];
  const rec = sfo.play(state, {
    streams,
    policies: { soviet: pol('soviet', soviet), us: pol('us', us) },
    onStep: (s: SfoState) => {
      violations.push(...sfo.invariants(s));
      expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    },
    ...(trace ? { trace } : {}),
  });
  return { rec, state, violations };
}

describe('SFO conformance', () => {
  const arms: [string, Record<string, boolean>][] = [
    ['basic', {}],
    ['basic', { 'crt-chart-basic': true, 'one-attack-per-hex': true }],
    ['advanced', {}],
    ['advanced', { 'elim-one': true, 'zoc-strict': true }],
  ];

  it('random playouts end after turn 4, never throw and never break stacking or unit accounting', () => {
    for (const [scenario, variants] of arms) {
      for (let g = 0; g < 60; g++) {
        const { rec, violations } = playOne(scenario, variants, g);
        expect(violations).toEqual([]);
        expect(rec.endTurn).toBe(4);
        expect(['soviet-win', 'us-win']).toContain(rec.result);
        expect(Object.keys(rec.stats).sort()).toEqual(sfo.stats.map((s) => s.id).sort());
        for (const v of Object.values(rec.stats)) expect(Number.isInteger(v)).toBe(true);
      }
    }
  });

  it('every scripted policy pair plays legal games', () => {
    const sov = sfo.policies.filter((p) => p.side === 'soviet').map((p) => p.id);
    const us = sfo.policies.filter((p) => p.side === 'us').map((p) => p.id);
    for (const scenario of ['basic', 'advanced']) {
      for (const s of sov)
        for (const u of us)
          for (let g = 0; g < 5; g++) expect(playOne(scenario, {}, g, s, u).violations).toEqual([]);
    }
  });

  it('is deterministic: same seed and game index give the same record and trace', () => {
    const t1: TraceEvent[] = [];
    const t2: TraceEvent[] = [];
    const a = playOne('advanced', {}, 3, 'best-odds', 'hold-towns', t1);
    const b = playOne('advanced', {}, 3, 'best-odds', 'hold-towns', t2);
    expect(a.rec).toEqual(b.rec);
    expect(t1).toEqual(t2);
    expect(t1.some((e) => e.rule === 'SFO 9' && e.dice !== undefined)).toBe(true);
    // tracing does not change the game
    expect(playOne('advanced', {}, 3, 'best-odds', 'hold-towns').rec).toEqual(a.rec);
  });

  it('declares policies per side with random, the default policies and the variant groups', () => {
    for (const side of ['soviet', 'us']) {
      const ids = sfo.policies.filter((p) => p.side === side).map((p) => p.id);
      expect(ids).toContain('random');
      expect(ids.length).toBeGreaterThanOrEqual(4);
      expect(ids).toContain(sfo.defaultPolicies[side]);
    }
    expect(resolveSetup(sfo, {}, 'test').variants).toEqual(new Set(['crt-unified', 'elim-all']));
    expect(() => resolveSetup(sfo, { variants: { 'crt-unified': false } }, 'test')).toThrow(/group "crt"/);
    expect(randomPolicy().id).toBe('random');
  });

  it('rejects bad parameter hexes naming the parameter', () => {
    const start = (params: Record<string, unknown>) =>
      sfo.start(resolveSetup(sfo, { scenario: 'basic', params }, 'exp.json'), gameStreams(1, 1));
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
