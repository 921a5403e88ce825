/**
 * Exact odds for Merkur from the game's own rule functions (docs/architecture.md "Chance is explicit"): the 7.4 band of every
 * (2d6, 2d6) pair through `band` and `fireScore` (combat.ts), the 8.3 bombardment comparison,
 * the 5.2 landing test through `landingReduced`, the 4.0 activation count through
 * `activationCount`, and the 5.4 Royal Navy test through `navyResult` (turn-sequence.ts).
 */
import { quote, UserError } from '../../core/errors.js';
import type { OddsProvider, OddsTable } from '../../core/game.js';
import { activationCount } from './activation.js';
import { type BandReading, band, fireScore } from './combat.js';
import { navyResult } from './convoy.js';
import { landingReduced } from './paradrop.js';

/** P(2d6 = s) * 36 for s = 2..12 (index s). */
export const TWO_D6: readonly number[] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/**
 * 7.4: counts out of 1296 of bands 1..5 (index 0..4) for modified values a (attacker) and d
 * (defender); `fireContested` halves the attacker's final score rounding up (7.3).
 */
export function bandCounts(a: number, d: number, reading: BandReading, fireContested = false): number[] {
  const out = [0, 0, 0, 0, 0];
  for (let x = 2; x <= 12; x++)
    for (let y = 2; y <= 12; y++)
      out[band(fireScore(a + x, fireContested), d + y, reading) - 1]! += TWO_D6[x]! * TWO_D6[y]!;
  return out;
}

/** P(band >= k) for the attacker (policies' odds). */
export function pBandAtLeast(
  a: number,
  d: number,
  reading: BandReading,
  fireContested: boolean,
  k: number,
): number {
  const c = bandCounts(a, d, reading, fireContested);
  let n = 0;
  for (let i = k - 1; i < 5; i++) n += c[i]!;
  return n / 1296;
}

/** 8.3: counts out of 1296 of A<D, A=D, A>D for a - d = diff. */
export function bombardCounts(diff: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  for (let x = 2; x <= 12; x++)
    for (let y = 2; y <= 12; y++) {
      const w = TWO_D6[x]! * TWO_D6[y]!;
      const A = diff + x;
      out[A < y ? 0 : A === y ? 1 : 2] += w;
    }
  return out;
}

/** 5.2: P(reduced) for landing modifier m. */
export function landingOdds(m: number): number {
  let n = 0;
  for (let die = 1; die <= 6; die++) if (landingReduced(die, m)) n++;
  return n / 6;
}

/** 4.0: P(N = n), n = 0..7, for subtracted k, bonus b and the initiative's +1. */
export function activationOdds(k: number, b: number, initiative: boolean): number[] {
  const out = new Array<number>(9).fill(0);
  for (let die = 1; die <= 6; die++) out[activationCount(die, k, b) + (initiative ? 1 : 0)]! += 1 / 6;
  return out;
}

/**
 * 5.4: the eventual fate of B1 over repeated tests (delays re-test), as exact probabilities of
 * units landing for a convoy of n: P(landed = j), j = 0..n, with the rest turning back and lost
 * after an interception of 4-6 (V rn-back-lost).
 */
export function navyOdds(n: number): {
  pass: number;
  delay: number;
  intercept: number;
  destroyed: number;
  landed: number[];
} {
  let pass = 0;
  let delay = 0;
  let intercept = 0;
  let destroyed = 0;
  for (let die = 1; die <= 6; die++) {
    const r = navyResult(die);
    if (r === 'pass') pass += 1 / 6;
    else if (r === 'delay') delay += 1 / 6;
    else if (r === 'intercept') intercept += 1 / 6;
    else destroyed += 1 / 6;
  }
  // a delay repeats the test: the deciding test is pass/intercept/destroyed scaled by 1/(1 - delay)
  const scale = 1 / (1 - delay);
  const landed = new Array<number>(n + 1).fill(0);
  landed[n]! += pass * scale;
  for (let k = 1; k <= 6; k++) {
    const left = k >= 4 ? 0 : Math.max(0, n - k);
    landed[left]! += (intercept * scale) / 6;
  }
  landed[0]! += destroyed * scale;
  return { pass, delay, intercept, destroyed, landed };
}

function intOpt(
  o: Readonly<Record<string, string | true>>,
  name: string,
  min: number,
  max: number,
  dflt: number,
): number {
  const v = o[name];
  if (v === undefined) return dflt;
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UserError(
      `odds merkur: option --${name} must be a whole number in ${min}..${max}, got ${quote(v)}`,
    );
  return n;
}

export const merkurOdds: OddsProvider = {
  description:
    'Exact Merkur odds from the game code: combat bands (7.4) for modified values, bombardment (8.3), landing test (5.2), CW activations (4.0/4.1), Royal Navy test (5.4).',
  options: [
    { name: 'attack', description: 'modified attack value before the dice (default 5)' },
    { name: 'defence', description: 'modified defence value before the dice (default 5)' },
    { name: 'bands', description: 'headings (default), symmetric or literal (V-BANDS)' },
    { name: 'turn', description: 'CW activation table turn 1..24 (default 1)' },
    { name: 'bonus', description: '4.1 concentration bonus 0..2 (default 0)' },
    { name: 'convoy', description: 'B1 size for the RN table (default 3)' },
  ],
  compute(o) {
    const a = intOpt(o, 'attack', -5, 40, 5);
    const d = intOpt(o, 'defence', -5, 40, 5);
    const rb = o.bands ?? 'headings';
    if (rb !== 'headings' && rb !== 'symmetric' && rb !== 'literal')
      throw new UserError(
        `odds merkur: option --bands must be headings, symmetric or literal, got ${quote(rb)}`,
      );
    const turn = intOpt(o, 'turn', 1, 24, 1);
    const bonus = intOpt(o, 'bonus', 0, 2, 0);
    const n = intOpt(o, 'convoy', 1, 12, 3);
    const reading = rb as BandReading;
    const tables: OddsTable[] = [];
    const assault = bandCounts(a, d, reading, false);
    const fire = bandCounts(a, d, reading, true);
    tables.push({
      title: `Combat bands, attack ${a} vs defence ${d} (${reading})`,
      rule: 'Merkur 7.4, 7.3',
      columns: ['assault / fire', 'fire into a contested zone'],
      rows: [1, 2, 3, 4, 5].map((k) => ({
        outcome: `band ${k}`,
        p: [assault[k - 1]! / 1296, fire[k - 1]! / 1296],
      })),
      notes: ["Each side adds 2d6; fire into a contested zone halves the firers' final score, rounding up."],
    });
    const bc = bombardCounts(a - d);
    tables.push({
      title: `Bombardment ${a} vs ${d}`,
      rule: 'Merkur 8.3',
      columns: ['p'],
      rows: [
        { outcome: 'A<D (no effect; collateral / AA)', p: [bc[0] / 1296] },
        { outcome: 'A=D (target halved)', p: [bc[1] / 1296] },
        { outcome: 'A>D (target halved, second retreats or halved)', p: [bc[2] / 1296] },
      ],
      notes: [],
    });
    tables.push({
      title: 'Landing test: P(reduced) by modifier',
      rule: 'Merkur 5.2',
      columns: ['-1', '0', '1', '2', '3', '4', '5'],
      rows: [{ outcome: 'reduced', p: [-1, 0, 1, 2, 3, 4, 5].map(landingOdds) }],
      notes: [
        'Modifier: terrain (0/+1/+3/+4), enemy units (+1/+2/+3), para without glider -1 (two-player), solitaire +1 next to an enemy zone.',
      ],
    });
    const k = turn <= 5 ? 6 - turn : 0;
    const act = activationOdds(k, bonus, false);
    const actI = activationOdds(k, bonus, true);
    tables.push({
      title: `CW movement activations, turn ${turn}, bonus ${bonus}`,
      rule: 'Merkur 4.0, 4.1',
      columns: ['no initiative', 'with initiative'],
      rows: act
        .map((p, i) => ({ outcome: `${i} zone(s)`, p: [p, actI[i]!] }))
        .filter((r) => r.p[0]! > 0 || r.p[1]! > 0),
      notes: ['Night turns use d6 (V night-d6), turn 3 included.'],
    });
    const nv = navyOdds(n);
    tables.push({
      title: `Royal Navy test, convoy of ${n}`,
      rule: 'Merkur 5.4',
      columns: ['p'],
      rows: [
        { outcome: 'pass (one test)', p: [nv.pass] },
        { outcome: 'delay (one test)', p: [nv.delay] },
        { outcome: 'intercept (one test)', p: [nv.intercept] },
        { outcome: 'destroyed (one test)', p: [nv.destroyed] },
        ...nv.landed.map((p, j) => ({ outcome: `eventually ${j} unit(s) land`, p: [p] })),
      ],
      notes: ['Eventual figures repeat the test after each delay (the game-end truncation is negligible).'],
    });
    return tables;
  },
};
