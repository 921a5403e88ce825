/**
 * Operation Merkur's verdict readings (src/core/readings.ts): the readings of the rules and the
 * reconstructed values that move results most, played by a verdict's robustness band.
 */
import type { VerdictReading } from '../../core/game.js';

export const verdictReadings: readonly VerdictReading[] = [
  {
    id: 'strict',
    label: 'movement as printed: no minimum move into strategic and mountain zones (Merkur 6.1)',
    variants: { strict: true },
    why: 'the invented min-move rule (RULES-CHECKLIST I-1): experiments/merkur-variants.json arm strategic-strict',
  },
  {
    id: 'air-support-automatic',
    label: 'every German day attack gets +1 for air support, free (Merkur 7.1)',
    variants: { 'air-support-automatic': true },
    why: 'the cost of air support: experiments/merkur-variants.json arm air-support-automatic',
  },
  {
    id: 'contested-counts-none',
    label: 'a contested objective counts for nobody (Merkur 5.5)',
    variants: { 'contested-counts-none': true },
    why: 'contested objectives at the end (10.0 against 5.5): experiments/merkur-variants.json arm contested-none',
  },
  {
    id: 'cw-defence-5',
    label: 'Commonwealth battalions at their printed defence 5 (not the calibrated 4)',
    params: { cwInfantryDefence: 5 },
    why: 'the main balance lever (RULES-CHECKLIST I-13): experiments/merkur-sensitivity.json arm cw-defence-5',
  },
];
