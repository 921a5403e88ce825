/**
 * Merkur play fingerprint: the GameRecords of games 0..N-1 (master seed 1) of several setups and
 * policy pairings, written as JSON lines to <out>, one file per arm, so two builds can be diffed
 * byte for byte (a speed change must leave them identical).
 *
 *   node bench/merkur-records.mjs <build root> <out dir> [games=200]
 */
import { loadBuild, recordsArgs, writeFingerprints } from './fingerprint.mjs';

const { root, out, n } = recordsArgs('merkur-records.mjs');

const ARMS = [
  { name: 'two-player-default', scenario: 'two-player', policies: {} },
  { name: 'solitaire-default', scenario: 'solitaire', policies: {} },
  {
    name: 'maleme-counter',
    scenario: 'two-player',
    policies: { german: 'maleme-first', commonwealth: 'counterattack' },
  },
  {
    name: 'objective-hold',
    scenario: 'two-player',
    policies: { german: 'objective-count', commonwealth: 'objective-hold' },
  },
  {
    name: 'airfields-solorules',
    scenario: 'two-player',
    policies: { german: 'three-airfields', commonwealth: 'solitaire-rules' },
  },
  {
    name: 'variants-2p',
    scenario: 'two-player',
    policies: {},
    variants: {
      'count-zone': true,
      'road-step': true,
      'zone-based': true,
      'air-support-automatic': true,
      'lead-def-any': true,
      'night-table': true,
      'div-cmd-map': true,
      'em-counted': true,
    },
  },
  {
    name: 'variants-solo',
    scenario: 'solitaire',
    policies: { german: 'maleme-first' },
    variants: {
      'solo-east-3': true,
      'enter-and-assault': true,
      strict: true,
      'def-stack-bonus': true,
      'bands-symmetric': true,
    },
  },
  {
    name: 'random',
    scenario: 'two-player',
    policies: { german: 'random', commonwealth: 'random' },
    games: 50,
  },
];

writeFingerprints(await loadBuild(root, 'merkur'), ARMS, out, n);
