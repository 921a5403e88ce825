/** The two Merkur scenarios (docs/games/merkur.md "What is modelled"): both 24 turns (1.2). */
import type { ScenarioDef } from '../../core/game.js';

export const scenarios: readonly ScenarioDef[] = [
  {
    id: 'two-player',
    title: 'Two players',
    description: 'Both sides are played by policies; the historical CW set-up (13.0 missing: data).',
    rule: 'Merkur 1.2, 13.0',
    players: { german: 'policy', commonwealth: 'policy' },
  },
  {
    id: 'solitaire',
    title: 'Solitaire (the rules play the Commonwealth)',
    description:
      'Rule 12: the CW placement draw, its activations and responses are played by the rules (12.0-12.2) with the resolutions documented in docs/games/merkur.md (solitaire play).',
    rule: 'Merkur 12.0-12.2',
    players: { german: 'policy', commonwealth: 'rules' },
  },
];
