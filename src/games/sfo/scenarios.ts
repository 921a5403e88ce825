/** The SFO scenarios (SFO 2, 4, 5; Expert SFO 11-13): both sides are played by policies in every one. */
import type { ScenarioDef } from '../../core/game.js';

export const scenarios: readonly ScenarioDef[] = [
  {
    id: 'advanced',
    title: 'Advanced game',
    rule: 'SFO 2, 4, 5',
    description:
      'Advanced rules: forest passable (2 MP, +1 defence per hex), stacks of 2, strength-difference CRT, Soviet replacements and the West German V reinforcement; 4 turns.',
  },
  {
    id: 'basic',
    title: 'Basic game',
    rule: 'SFO 2, 4, 5',
    description:
      'Basic rules: forest impassable, no stacking, CRT by number of attackers, no events; 4 turns.',
  },
  {
    id: 'expert-standard',
    title: 'Expert: Standard',
    rule: 'SFO 11',
    description:
      'Expert rules on the general set-up: random events for both factions, armour and pioneer reinforcements by event, Expert EX; Soviets first; 4 turns (variant six-turns: 6); Soviets win with two towns (variant standard-vp: most victory points).',
  },
  {
    id: 'expert-engagement',
    title: 'Expert: Engagement',
    rule: 'SFO 12',
    description:
      'Few units at the start (US Y 0405; Soviet Г 0506, Б 0901), the rest by schedule (turn 1 W; turn 2 А, Д, X, Z; turn 3 В, Е; reconstructed from the OCR) and by random events; Soviets first; 6 turns; most victory points wins.',
  },
  {
    id: 'expert-us-counter-offensive',
    title: 'Expert: US Counter Offensive',
    rule: 'SFO 13',
    description:
      'Soviets hold the towns (А 0303, Г 0405, Е 0107); the US enters with T, W, X, Y, Z on turn 1, Soviet Б turn 1, В turn 2, Д turn 3 (reconstructed from the OCR); the US moves first; 6 turns; most victory points wins.',
  },
];
