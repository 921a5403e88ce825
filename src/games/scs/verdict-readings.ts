/**
 * Strike & Counterstrike's verdict readings (src/core/readings.ts): the readings of the rules and
 * the reconstructed values that move results most, played by a verdict's robustness band.
 */
import type { VerdictReading } from '../../core/game.js';

export const verdictReadings: readonly VerdictReading[] = [
  {
    id: 'crt-A-harsh',
    label: 'the harsh CRT hit numbers (set A) in place of the calibrated custom set',
    params: { crtSet: 'A' },
    why: 'the reconstructed CRT numbers: experiments/scs-errata.json arm crt-A-harsh',
  },
  {
    id: 'crt-B-rampage',
    label: 'the Rampage-pattern CRT hit numbers (set B) in place of the calibrated custom set',
    params: { crtSet: 'B' },
    why: 'the reconstructed CRT numbers: experiments/scs-errata.json arm crt-B-rampage',
  },
  {
    id: 'forest-belts',
    label: 'the reconstruction’s unbroken forest belts (9.10) in place of the calibrated road gaps',
    params: { forestLayout: 'belts' },
    why: 'the forest hexes are a reconstruction: experiments/scs-terrain-sweep.json',
  },
  {
    id: 'relief-to-the-death',
    label: 'a relief battle fought to the death (10.2)',
    variants: { 'relief-to-the-death': true },
    why: 'experiments/scs-relief.json (+1.4 Soviet win points)',
  },
];
