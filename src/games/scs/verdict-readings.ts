/**
 * Strike & Counterstrike's verdict readings (src/core/readings.ts): the reconstructed values and
 * the reading of the rules that move the best Soviet policy's score most, played by a verdict's
 * robustness band. Chosen by playing every variant and every lever of data/levers.json one at a
 * time under every scripted Soviet policy, at most five (the limit every game keeps): those that
 * moved the score most, one setting per value (the counter split, the combined-arms hit number, the
 * CRT set, the forest layout, the garrison of a front hex). The CRT set B is no reading: the
 * calibrated custom numbers are set B's.
 */
import type { VerdictReading } from '../../core/game.js';

export const verdictReadings: readonly VerdictReading[] = [
  {
    id: 'counters-71',
    label: 'the reconstruction’s 71 Soviet army counters of the 188 (2.1) in place of the calibrated 55',
    params: { sovietCounters: 71 },
    why: 'the split of the 188 counters is reconstructed: experiments/scs-calibration.json arms historical-counters71 and spearhead-counters71',
  },
  {
    id: 'combined-hit-4',
    label: 'the combined-arms armies and 1E hit on 4 (10.1 step 4) in place of 5',
    params: { hitOn_combined: 4 },
    why: 'the reconstructed CRT numbers: experiments/scs-crt-sweep.json (hitOn_combined 4, 5, 6)',
  },
  {
    id: 'crt-A-harsh',
    label: 'the harsh CRT hit numbers (set A) in place of the calibrated custom set',
    params: { crtSet: 'A' },
    why: 'the reconstructed CRT numbers: experiments/scs-errata.json arm crt-A-harsh',
  },
  {
    id: 'forest-belts',
    label: 'the reconstruction’s unbroken forest belts (9.10) in place of the calibrated road gaps',
    params: { forestLayout: 'belts' },
    why: 'the forest hexes are a reconstruction: experiments/scs-terrain-sweep.json, experiments/scs-calibration.json arm historical-belts',
  },
  {
    id: 'marker-in-garrison',
    label: 'the flipped front marker counts as one of the 1d6-1 defenders (3.7, 8.3)',
    variants: { 'marker-in-garrison': true },
    why: 'the rules leave open whether the marker joins the drawn garrison: experiments/scs-errata.json arm marker-in-garrison',
  },
];
