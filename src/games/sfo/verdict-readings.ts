/**
 * Strike Force One's verdict readings (src/core/readings.ts): the readings of the rules and the
 * reconstructed values that move results most, played by a verdict's robustness band.
 */
import type { VerdictReading } from '../../core/game.js';

export const verdictReadings: readonly VerdictReading[] = [
  {
    id: 'elim-one',
    label: 'AE/DE as the chart legend reads them: one unit eliminated, the rest retreat (SFO 9)',
    variants: { 'elim-one': true },
    why: 'experiments/sfo-variants.json arm elim-one (+1.8 Soviet win points)',
  },
  {
    id: 'one-attack-per-hex',
    label: 'a defending hex attacked at most once per combat phase (SFO 9)',
    variants: { 'one-attack-per-hex': true },
    why: 'experiments/sfo-variants.json arm one-attack-per-hex',
  },
  {
    id: 'forests-0204-0704',
    label: 'the two unlocated forests on 0204 and 0704',
    params: { forests: ['0204', '0704'] },
    scenarios: ['advanced'],
    why: 'the unlocated forests are a reconstruction: experiments/sfo-forest-sweep.json',
  },
  {
    id: 'forests-0104-0802',
    label: 'the two unlocated forests on 0104 and 0802',
    params: { forests: ['0104', '0802'] },
    scenarios: ['advanced'],
    why: 'the unlocated forests are a reconstruction: experiments/sfo-forest-sweep.json',
  },
];
