/**
 * Exact odds (spec §3), from the game's own code: the loss distribution of any fire total with its
 * column split convolved (C-3, `fire.ts`), the CRT in force, and the weather columns (C-1, `weather.ts`).
 */
import type { OddsProvider, OddsTable } from '../../core/game.js';
import { oddsInt } from '../../core/odds-options.js';
import { fireDistribution, split } from './fire.js';
import { crtTable } from './resolve.js';
import { crisisDistribution } from './siberia.js';
import { columnDistribution } from './weather.js';

export const dcOdds: OddsProvider = {
  description:
    'Dark Crusade: losses of a fire total (DC 13.B.2, split into columns per 13.B.6 and convolved), the CRT, and the weather columns (7.A).',
  options: [
    { name: 'fire', description: 'fire total (default 37, the 13.B.6 example)' },
    { name: 'max-column', description: 'top CRT column M, 24..35 (default 24)' },
    { name: 'divisor', description: 'CRT divisor, 5..10 (default 7, the reconstruction)' },
    { name: 'plus', description: 'add 1 to every die, sixes remain sixes (7.B.1, 7.B.3)', flag: true },
  ],
  compute(o) {
    const total = oddsInt('dc', o, 'fire', 1, 500) ?? 37;
    const maxColumn = oddsInt('dc', o, 'max-column', 24, 35) ?? 24;
    const divisor = oddsInt('dc', o, 'divisor', 5, 10) ?? 7;
    const plus = o.plus === true ? 1 : 0;
    const crt = crtTable(divisor, maxColumn);
    const dist = fireDistribution(crt, maxColumn, total, plus);
    const groups = split(total, maxColumn);
    const tables: OddsTable[] = [
      {
        title: `Losses inflicted by a fire total of ${total} (groups ${groups.join(' + ')})`,
        rule: 'DC 13.B.2, 13.B.6',
        columns: ['p'],
        rows: dist
          .map((p, l) => ({ outcome: `${l} loss${l === 1 ? '' : 'es'}`, p: [p] }))
          .filter((r) => r.p[0]! > 0),
        notes: [
          `CRT: losses = round(column x die / ${divisor}) (reconstructed), top column ${maxColumn}`,
          plus === 1 ? 'every die +1, sixes remain sixes' : 'no die modifier',
        ],
      },
      {
        title: 'CRT (losses by column and die)',
        rule: 'DC 13.B.2',
        columns: crt.map((_, c) => String(c + 1)),
        rows: [1, 2, 3, 4, 5, 6].map((d) => ({
          outcome: `die ${d}`,
          p: crt.map((row) => row[d - 1]!),
        })),
        notes: ['entries are losses, not probabilities: each die face has p = 1/6'],
      },
      {
        title: 'Weather column selected by the spring (March) and autumn (October) rolls',
        rule: 'DC 7.A notes a, d',
        columns: ['spring', 'autumn'],
        rows: [
          { outcome: 'column 1', p: [columnDistribution(3)[0], columnDistribution(10)[0]] },
          { outcome: 'column 2', p: [columnDistribution(3)[1], columnDistribution(10)[1]] },
        ],
        notes: ['spring: Mar-May; autumn: Oct-Nov; column 2 of October is the historical Mud'],
      },
      {
        title:
          'Siberian crisis by the month of the early call (2d6 doubles each Soviet R/R from wave 1 through December 1941)',
        rule: 'DC 3.C.3',
        columns: ['Jul 41', 'Aug 41', 'Sep 41', 'Oct 41', 'Nov 41'],
        rows: [
          'crisis the turn wave 1 arrives',
          'one turn later',
          'two or more turns later',
          'no crisis',
        ].map((outcome, k) => ({
          outcome,
          p: [7, 8, 9, 10, 11].map((month) => crisisDistribution(12 - month)[k]!),
        })),
        notes: [
          'a call in month m brings wave 1 in m+1: 12 - m rolls; commitments 18 / 24 / 30 units (DC 3.C.3.c)',
        ],
      },
    ];
    return tables;
  },
};
