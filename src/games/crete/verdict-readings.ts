/**
 * Crete's verdict readings (src/core/readings.ts): the readings of the rules and the reconstructed
 * values that move German wins most, played by a verdict's robustness band.
 */
import type { VerdictReading } from '../../core/game.js';

export const verdictReadings: readonly VerdictReading[] = [
  {
    id: 'crt-all-out-only',
    label: 'every battle on the all-out table (the attacker no longer picks the table)',
    variants: { 'crt-all-out-only': true },
    why: 'K18 names no chooser of the table: experiments/crete-verdict.json (-10.0 points on the German value, 200 games a cell)',
  },
  {
    id: 'one-on-one',
    label: 'one attacking square per battle (no multi-square attacks)',
    variants: { 'one-on-one': true },
    why: 'K10.10 read strictly: experiments/crete-verdict.json (-26.2 points on the German value, 200 games a cell)',
  },
  {
    id: 'allied-cf-100',
    label: 'Allied strengths at the reconstruction (100%, not the calibrated 140%)',
    params: { 'allied-cf-percent': 100 },
    why: 'invented unit strengths: experiments/crete-sensitivity.json arm allied-100',
  },
  {
    id: 'fjr-cf-6',
    label: 'FJR para battalions at the reconstruction CF 6 (not the calibrated 8)',
    params: { 'para-cf-fjr': 6 },
    why: 'invented unit strengths: experiments/crete-sensitivity.json arm fjr-6',
  },
  {
    id: 'crt-bloody',
    label: 'the bloody CRT (the all-out table shifted one column left)',
    params: { 'crt-set': 'bloody' },
    why: 'both CRTs are invented: experiments/crete-sensitivity.json arm crt-bloody',
  },
];
