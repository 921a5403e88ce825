/**
 * Dark Crusade's verdict readings (src/core/readings.ts): the reconstructed values that move
 * results most, played by a verdict's robustness band.
 */
import type { VerdictReading } from '../../core/game.js';

export const verdictReadings: readonly VerdictReading[] = [
  {
    id: 'ger-repl-lean',
    label: "each year's German replacements read from the year before's row (DC 8.A.1.a)",
    params: { 'ger-repl-table': 'lean' },
    why: 'the unprinted replacement chart: experiments/dc-sensitivity-values.json arm ger-repl-lean (+6.0 Soviet win points)',
  },
  {
    id: 'ger-repl-rich',
    label: "each year's German replacements read from the year after's row (DC 8.A.1.a)",
    params: { 'ger-repl-table': 'rich' },
    why: 'the unprinted replacement chart: experiments/dc-sensitivity-values.json arm ger-repl-rich',
  },
  {
    id: 'vp-axis-easier',
    label: 'the Tournament victory chart 1 VP easier for the Axis (DC 2.B.1)',
    params: { 'vp-chart': 'axis-easier' },
    why: 'the reconstructed victory chart: experiments/dc-sensitivity-values.json arm vp-axis-easier',
  },
  {
    id: 'vp-axis-harder',
    label: 'the Tournament victory chart 1 VP harder for the Axis (DC 2.B.1)',
    params: { 'vp-chart': 'axis-harder' },
    why: 'the reconstructed victory chart: experiments/dc-sensitivity-values.json arm vp-axis-harder',
  },
];
