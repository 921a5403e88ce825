/** The Soviet policies of SCS (issue 3), each with its intent, plus `random`. */
import { randomPolicy } from '../../../core/decide.js';
import type { PolicyDef } from '../../../core/game.js';
import { scsMap } from '../map.js';
import { KILL_MECH_FIRST, survivalValue, traitPolicy } from './common.js';

/** Columns west of the start line: 0 at column 27, 17 at column 10. */
const westness = (h: number) => 27 - scsMap.col[h]!;

export const policies: readonly PolicyDef[] = [
  {
    id: 'historical',
    side: 'soviet',
    description:
      'follows the 4.3 design note: limited objectives — clear Moscow/Tula on turn 1 with a whole-turn plan (plan.ts: which armies take which ring hex, 2612 before 2613 before 2513 unless a relief battle is worth it), the K-area by turn 3, then fortified localities through pockets and a push past column 13. Optimises passing the checks and the map objectives; it makes no attack for the pool, so a sudden death (4.8) comes only from the attacks those objectives need',
    create: () =>
      traitPolicy('historical', {
        targetValue: (s, h, info, a) => {
          let v = survivalValue(s, h, info, a);
          if (s.turn >= 3)
            v +=
              25 * info.pocketFortified +
              2 * Math.min(info.pocket, 5) +
              6 * info.fortifiedNear1 +
              2 * info.fortifiedNear2;
          if (s.turn >= 4) v += 1 + 0.3 * westness(h) + (scsMap.col[h]! <= 14 ? 5 : 0);
          else if (s.turn === 1 && !info.nearCapital) v += info.pocket > 0 ? 2 : 0;
          return v;
        },
        minAttackSteps: 4,
        pressRatio: 1.5,
        viThreshold: 4,
        killOrder: KILL_MECH_FIRST,
        host: '50',
        replacements: 'weakest',
        focus: '2010',
        jointOp: '2006',
        planTurn1: true,
      }),
  },
  {
    id: 'pocket-hunter',
    side: 'soviet',
    description:
      'passes the early checks (turn 1 planned as a whole, plan.ts; 1E with the 50th at Tula), then closes rings around fortified localities: it attacks only hexes near a German fortified locality or that threaten a pocket, above all pockets holding fortified localities (8.4, 8.8, 10.13). Optimises fortified localities taken; sudden deaths (4.8) are a by-product of its attacks',
    create: () =>
      traitPolicy('pocket-hunter', {
        targetValue: (s, h, info, a) =>
          survivalValue(s, h, info, a) +
          30 * info.pocketFortified +
          5 * info.fortifiedNear1 +
          2 * info.fortifiedNear2 +
          4 * Math.min(info.pocket, 6) +
          (info.pocket > 0 ? 5 : 0) +
          (info.fortifiedDist <= 4 ? 8 / info.fortifiedDist : 0),
        minAttackSteps: 3,
        pressRatio: 1.2,
        viThreshold: 5,
        killOrder: KILL_MECH_FIRST,
        host: '50',
        replacements: 'weakest',
        focus: '2012',
        jointOp: null,
        planTurn1: true,
      }),
  },
  {
    id: 'broad-front',
    side: 'soviet',
    description:
      'every army attacks somewhere each turn, spreading pressure along the whole front to drain the pool (3.7, 4.8)',
    create: () =>
      traitPolicy('broad-front', {
        targetValue: (s, h, info, a) => survivalValue(s, h, info, a) + 3 + info.newFront + 3 * info.pocketFortified,
        minAttackSteps: 2,
        pressRatio: 1.0,
        viThreshold: 3,
        killOrder: KILL_MECH_FIRST,
        host: null,
        replacements: 'weakest',
        focus: '2608',
        jointOp: null,
      }),
  },
  {
    id: 'shock-spearhead',
    side: 'soviet',
    description:
      'the shock armies (with 1E) drive west as deep as they can while the combined-arms armies only secure the checks and pockets',
    create: () =>
      traitPolicy('shock-spearhead', {
        targetValue: (s, h, info, a) => {
          const shock = a >= 0 && s.armies[a]!.type === 'shock';
          const base = survivalValue(s, h, info, a) + 20 * info.pocketFortified;
          return shock ? base + 2 + 1.5 * westness(h) : base + (info.pocket > 0 ? 4 : 0);
        },
        minAttackSteps: 3,
        pressRatio: 1.0,
        viThreshold: 4,
        killOrder: KILL_MECH_FIRST,
        host: '1S',
        replacements: 'shock',
        focus: '1808',
        jointOp: null,
      }),
  },
  {
    id: 'sudden-death',
    side: 'soviet',
    description:
      'gambles on emptying the pool (4.8): attacks that open the most new front hexes (new blind draws) and threaten pockets (relief 1d6, breakout draws)',
    create: () =>
      traitPolicy('sudden-death', {
        targetValue: (s, h, info, a) =>
          survivalValue(s, h, info, a) + 1 + 3 * info.newFront + (info.pocket > 0 ? 8 + info.pocket : 0),
        minAttackSteps: 2,
        pressRatio: 0.8,
        viThreshold: 3,
        killOrder: KILL_MECH_FIRST,
        host: null,
        replacements: 'weakest',
        focus: '1905',
        jointOp: null,
      }),
  },
  {
    id: 'random',
    side: 'soviet',
    description: 'uniform over the legal options at every decision (conformance baseline)',
    create: () => randomPolicy('random'),
  },
];
