/**
 * Crete play fingerprint: the GameRecords of games 0..N-1 (master seed 1) of several policy
 * pairings, with a hash of every decision's kind, option count, answer and option, written as JSON
 * lines to <out>, one file per arm, so two builds can be diffed byte for byte (a speed change must
 * leave them identical).
 *
 *   node bench/crete-records.mjs <build root> <out dir> [games=200]
 */
import { loadBuild, recordsArgs, writeFingerprints } from './fingerprint.mjs';

const { root, out, n } = recordsArgs('crete-records.mjs');

const ARMS = [
  { scenario: 'campaign', name: 'historical', policies: { german: 'historical', british: 'historical' } },
  {
    scenario: 'campaign',
    name: 'maleme-counter',
    policies: { german: 'maleme-schwerpunkt', british: 'counterattack' },
  },
  {
    scenario: 'campaign',
    name: 'grab-fortress',
    policies: { german: 'airfield-grab', british: 'airfield-fortress' },
  },
  { scenario: 'campaign', name: 'attrition-suda', policies: { german: 'attrition', british: 'suda-keep' } },
  { scenario: 'campaign', name: 'random', policies: { german: 'random', british: 'random' } },
];

writeFingerprints(await loadBuild(root, 'crete'), ARMS, out, n);
