/**
 * Crete's calibrated defaults (data/calibration.json, docs/games/crete.md "Reconstructed values"): the file is the output of
 * `sandtable calibrate` on the calibrate file it names (same seed, same targets, values inside the
 * searched space), the game's parameters take their defaults from it, each replaced value names the
 * reconstruction of the data file, and a few games at the defaults land near the historical score.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParamValue } from '../src/core/game.js';
import { creteCalibration, creteData, parseCreteCalibration } from '../src/games/crete/data.js';
import { crete } from '../src/games/crete/index.js';
import { defaultSetup } from '../src/games/crete/odds.js';
import { parameters } from '../src/games/crete/parameters.js';
import { playGame } from '../src/runner/play.js';

interface SpaceEntry {
  readonly param?: string;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly values?: readonly ParamValue[];
}
interface CalibrateFile {
  readonly game: string;
  readonly seed: number;
  readonly space: readonly SpaceEntry[];
  readonly targets: readonly { readonly id: string; readonly median?: string; readonly equals?: number }[];
}

const cal = creteCalibration;
const file = JSON.parse(
  readFileSync(new URL(`../${cal.calibrate.file}`, import.meta.url), 'utf8'),
) as CalibrateFile;
const param = (id: string) => parameters.find((p) => p.id === id)!;

/** The values a space entry lets the search try (docs/calibrate.md "The calibrate file"). */
function allowed(e: SpaceEntry): readonly ParamValue[] {
  if (e.values !== undefined) return e.values;
  const p = param(e.param!);
  if (p.kind === 'choice' && e.min === undefined) return p.choices!;
  const out: number[] = [];
  for (let v = e.min!; v <= e.max!; v += e.step ?? 1) out.push(v);
  return out;
}

describe('data/calibration.json is the output of the calibrate file it names', () => {
  it('names a Crete calibrate file with the same seed and the same targets', () => {
    expect(file.game).toBe('crete');
    expect(cal.calibrate.seed).toBe(file.seed);
    expect(cal.targets.map((t) => t.id)).toEqual(file.targets.map((t) => t.id));
    expect(file.targets.every((t) => t.median !== undefined)).toBe(true);
    expect(cal.calibrate.holdout.to - cal.calibrate.holdout.from).toBe(cal.targets[0]!.games);
  });

  it('holds one chosen value per searched parameter, each inside the searched space', () => {
    const searched = file.space.map((e) => e.param!);
    expect(Object.keys(cal.values).sort()).toEqual([...searched].sort());
    for (const e of file.space) {
      const v = cal.values[e.param as keyof typeof cal.values].value;
      expect(allowed(e), e.param).toContain(v);
    }
  });

  it('reports each target with an interval around its value, met when within the tolerance', () => {
    for (const t of cal.targets) {
      const goal = file.targets.find((x) => x.id === t.id)!.equals!;
      expect(t.low).toBeLessThanOrEqual(t.value);
      expect(t.high).toBeGreaterThanOrEqual(t.value);
      expect(t.met).toBe(Math.abs(t.value - goal) <= 10);
    }
  });

  it("names the data file's reconstruction as the value it replaces", () => {
    const fjr = creteData.german.para.filter((u) => u.id.startsWith('FJR'));
    const gjr = creteData.german.mountain.filter((u) => u.id.startsWith('GJR'));
    expect(fjr).toHaveLength(9);
    expect(gjr).toHaveLength(9);
    expect(fjr.every((u) => u.cf === cal.values['para-cf-fjr'].reconstruction)).toBe(true);
    expect(gjr.every((u) => u.cf === cal.values['mountain-cf'].reconstruction)).toBe(true);
    expect(cal.values['crt-set'].reconstruction).toBe('recon');
    expect(cal.values['allied-cf-percent'].reconstruction).toBe(100);
    expect(cal.values['luftwaffe-percent'].reconstruction).toBe(100);
    expect(cal.values['retreat-length'].reconstruction).toBe(1);
  });

  it('is validated: a value outside its range names the file, the field and the value', () => {
    const bad = structuredClone(cal) as unknown as { values: Record<string, { value: unknown }> };
    bad.values['allied-cf-percent']!.value = 500;
    expect(() => parseCreteCalibration(bad)).toThrow(
      /calibration\.json: field values\.allied-cf-percent\.value: .*\(value 500\)/,
    );
  });
});

describe('the game plays at the calibrated defaults', () => {
  it('takes every calibrated value as the default of its parameter', () => {
    for (const [id, c] of Object.entries(cal.values)) {
      expect(param(id).default, id).toBe(c.value);
      expect(param(id).source, id).toContain('data/calibration.json');
    }
  });

  it('lands near the historical 105-64 in a few games at the defaults (medians within 20)', () => {
    const setup = defaultSetup();
    const policies = { german: 'historical', british: 'historical' };
    const g: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 24; i++) {
      const r = playGame(crete, setup, policies, 1941, i);
      g.push(r.stats.german_points!);
      b.push(r.stats.british_points!);
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((x, y) => x - y);
      return (s[11]! + s[12]!) / 2;
    };
    expect(Math.abs(median(g) - creteData.historicalScore.german)).toBeLessThanOrEqual(20);
    expect(Math.abs(median(b) - creteData.historicalScore.british)).toBeLessThanOrEqual(20);
  });
});
