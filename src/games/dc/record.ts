/**
 * The record of a finished Dark Crusade game (docs/games/dc.md "Statistics"): result, level and end reason, and every
 * statistic declared once here (a counter the rules keep in the state, or a final value).
 */
import type { GameRecord } from '../../core/game.js';
import { defineStats } from '../../core/game-stats.js';
import type { DcState } from './state.js';
import { mapOf } from './supply.js';

const NEVER = -1;

function firstAxisTurn(name: string) {
  return {
    kind: 'int',
    missing: NEVER,
    unit: 'turn',
    description: `Turn (May 1941 = 1) ${name} first came under Axis control; null if never.`,
  } as const;
}

export const DC_STATS = defineStats<DcState>()({
  axisEnemyVpDec41: {
    kind: 'int',
    missing: NEVER,
    description:
      'Soviet VP the Axis holds in overland supply at the end of December 1941 (C.7); null if not reached.',
  },
  axisEnemyVpDec42: { kind: 'int', missing: NEVER, description: 'The same at the end of December 1942.' },
  axisEnemyVpDec43: { kind: 'int', missing: NEVER, description: 'The same at the end of December 1943.' },
  axisEnemyVpMax: {
    kind: 'int',
    description: 'Most Soviet VP the Axis held in overland supply at any C.7 check.',
  },
  axisEnemyVpMaxTurn: { kind: 'int', description: 'Turn of that maximum (first time reached).' },
  axisEnemyVpMax1942: {
    kind: 'int',
    missing: NEVER,
    description:
      'Most Soviet VP the Axis held in overland supply at a C.7 check of 1942 (docs/games/dc.md, anchor A-5); null if 1942 was not reached.',
  },
  axisEnemyVpEnd: { kind: 'int', description: 'Soviet VP the Axis holds in overland supply at the end.' },
  sovietEnemyVpEnd: { kind: 'int', description: 'Axis VP the Soviets hold in overland supply at the end.' },
  axisReqMarginBest: {
    kind: 'int',
    missing: -99,
    description: 'Best margin of the Axis over its requirement at a C.7 check (0 = just met).',
  },
  sovietReqMarginBest: {
    kind: 'int',
    missing: -99,
    description: 'Best margin of the Soviets over their requirement at a B.7 check.',
  },
  moscowFall: firstAxisTurn('Moscow'),
  leningradFall: firstAxisTurn('Leningrad'),
  kievFall: firstAxisTurn('Kiev'),
  stalingradFall: firstAxisTurn('Stalingrad'),
  rostovFall: firstAxisTurn('Rostov'),
  sovietPointsAxisMax: {
    kind: 'int',
    description: 'Points of the 1941 USSR ever Axis-controlled in the game (furthest advance).',
    final: (s) => {
      const m = mapOf(s);
      let n = 0;
      for (let p = 0; p < m.n; p++) if (m.side1941[p] === 1 && s.everAxis[p] === 1) n++;
      return n;
    },
  },
  sovietPointsAxisEnd: {
    kind: 'int',
    description: 'Points of the 1941 USSR Axis-controlled at the end.',
    final: (s) => {
      const m = mapOf(s);
      let n = 0;
      for (let p = 0; p < m.n; p++) if (m.side1941[p] === 1 && s.control[p] === 0) n++;
      return n;
    },
  },
  oct41Mud: { kind: 'int', description: 'October 1941 was Mud (the autumn roll 3-6, DC 7.A d): 1, else 0.' },
  lwSorties: { kind: 'int', description: 'German air units committed to attacks (DC 13.A.4).' },
  factoriesDestroyed: { kind: 'int', description: 'Soviet factories destroyed (DC 8.C.2).' },
  axisGermanEliminated: { kind: 'int', description: 'German units eliminated.' },
  axisAlliedEliminated: { kind: 'int', description: 'Axis-allied units eliminated.' },
  sovietEliminated: { kind: 'int', description: 'Soviet combat units eliminated (factories not counted).' },
  sovietIsolatedEliminated: { kind: 'int', description: 'Soviet units eliminated by isolation (DC 17.B).' },
  sovietIsolatedEliminated1941: {
    kind: 'int',
    description: 'Of those, the units eliminated in 1941 (docs/games/dc.md, anchor A-11).',
  },
  axisIsolatedEliminated: { kind: 'int', description: 'Axis units eliminated by isolation (DC 17.B).' },
  battles: { kind: 'int', description: 'Battles fought (both sides).' },
  battlesAttackerWon: { kind: 'int', description: 'Battles in which the attacker took the point.' },
  axisAttacks: { kind: 'int', description: 'Battles the Axis started.' },
  sovietAttacks: { kind: 'int', description: 'Battles the Soviets started.' },
  simultaneousBattles: { kind: 'int', description: 'Battles fought with simultaneous fire (DC 13.B.1).' },
  rounds: { kind: 'int', description: 'Combat rounds fought in all battles.' },
  allOutUnits: { kind: 'int', description: 'Units that went all out (DC 13.B.8).' },
  paraDrops: {
    kind: 'int',
    description: 'Soviet parachute units air-dropped (DC 21.B, variant paratroops-on).',
  },
  paraLost: {
    kind: 'int',
    description:
      'Air-dropped parachute units lost with their escort (DC 21.B.3) or on breaking off (DC 21.C).',
  },
  sovietProduced: { kind: 'int', description: 'Soviet units produced by centres and factories (DC 8.A.2).' },
  gerReplPoints: { kind: 'int', description: 'German replacement points rolled (DC 8.A.1.a).' },
  gerReplSpent: { kind: 'int', description: 'German replacement points spent on rebuilt units.' },
  axisStratUsed: { kind: 'int', description: 'Axis strategic moves (DC 9.A).' },
  sovietStratUsed: { kind: 'int', description: 'Soviet strategic moves (DC 9.A).' },
  sovietStratCapMin: {
    kind: 'int',
    description: 'Lowest Soviet strategic capacity of the game (DC 9.A; 16 at most).',
  },
  btMoves: { kind: 'int', description: 'Breakthrough moves (DC 14).' },
  btAssaults: { kind: 'int', description: 'Breakthrough assaults fought (DC 16).' },
  partisanPlacements: { kind: 'int', description: 'Partisan placements and moves (DC 19).' },
  partisanRemovals: {
    kind: 'int',
    description: 'Partisans removed by Axis units entering their point (DC 19).',
  },
  sibCallTurn: {
    kind: 'int',
    missing: NEVER,
    description: 'Turn of the early Siberian call (DC 3.C.3); null if none.',
  },
  sibCrisis: { kind: 'int', description: 'The Siberian crisis struck (doubles, DC 3.C.3): 1, else 0.' },
  sibCrisisOffset: {
    kind: 'int',
    missing: NEVER,
    description: 'Turns after the first wave that the crisis struck (0, 1, 2 = two or more); null if none.',
  },
  sibWaves: { kind: 'int', description: 'Siberian Reserve waves that arrived (DC 3.C.1).' },
  sibReplArrived: { kind: 'int', description: 'Siberian replacements that arrived in Siberia (DC 8.A.2.c).' },
  sibReplLost: {
    kind: 'int',
    description:
      'Siberian replacement symbols lost: due during the crisis (DC 3.C.3.d) or no counter left (8.A.2).',
  },
  sibArrived: { kind: 'int', description: 'Siberian Reserve units that entered the map.' },
  sibCommitted: { kind: 'int', description: 'Units committed to Siberia in the crisis (DC 3.C.3.c).' },
  sibReturned: { kind: 'int', description: 'Units returned from Siberia from June 1942 (DC 3.C.3).' },
  fortificationsBuilt: { kind: 'int', description: 'Field fortifications built (DC 18).' },
  sovietPointsTaken: { kind: 'int', description: 'Times a point of the 1941 USSR passed to Axis control.' },
  drawDeclaredTurn: {
    kind: 'int',
    missing: NEVER,
    description: 'Turn a draw was declared (DC 2.B.1.b); null if none.',
  },
  drawDeclarer: {
    kind: 'int',
    missing: NEVER,
    description: 'Who declared it: 0 Axis, 1 Soviet; null if none.',
  },
  decisions: { kind: 'int', description: 'Decisions asked in the game.', final: (s) => s.decisions },
  startMonth: {
    kind: 'int',
    description: 'Month the game started (DC 3.A): 5 May, 6 June.',
    final: (s) => (s.first === 1 ? 5 : 6),
  },
  freeSetup: {
    kind: 'int',
    description: 'Free set-up was in force (DC 3.B): 1, else 0.',
    final: (s) => (s.free ? 1 : 0),
  },
  reinforcements: { kind: 'int', description: 'Order-of-Appearance units that entered the map (DC 8.B).' },
  withdrawals: { kind: 'int', description: 'Axis-allied units withdrawn home (DC 8.B, December 1941).' },
  pregameForts: { kind: 'int', description: 'Soviet border units fortified before the game (DC 18).' },
  factoriesPlaced: { kind: 'int', description: 'Expansion factories deployed (DC 8.C.1).' },
  factoriesEntrained: { kind: 'int', description: 'Factories entrained for evacuation (DC 8.C.2.a).' },
  factoriesMoved: {
    kind: 'int',
    description: 'Entrained factories that arrived at a new site (DC 8.C.2.b).',
  },
  factoriesToSiberia: { kind: 'int', description: 'Of those, the factories moved to Siberia.' },
  factoriesBySea: { kind: 'int', description: 'Factory moves with a sea leg that sailed (DC 8.C.2.b).' },
  factoriesTorpedoed: {
    kind: 'int',
    description: 'Factories lost to torpedoes on a sea leg (DC 8.C.2.b, C-7).',
  },
  sovietExited: {
    kind: 'int',
    description: 'Soviet army-sized units exited off the map (Campaign, DC 2.B.3.b).',
  },
  air44Opened: {
    kind: 'int',
    description: 'Game turn the Axis opened the 1944 air window (DC 7.A note c; 0 never).',
  },
  alliesDefected: {
    kind: 'int',
    description: 'Axis allies that left the war on losing their capital (DC 8.B).',
  },
  seaMoves: { kind: 'int', description: 'Units moved strategically by sea (DC 9.B).' },
  seaLost: { kind: 'int', description: 'Of those, units lost to torpedoes (DC 9.B, spec C-7).' },
  compositesBuilt: {
    kind: 'int',
    description: 'Soviet composite units formed (Advanced level, DC 8.C.3).',
  },
});

export type DcCounters = ReturnType<typeof DC_STATS.zero>;

/** Counters that start at "not happened" rather than zero. */
export function initialCounters(): DcCounters {
  const c = DC_STATS.zero();
  c.axisEnemyVpDec41 = NEVER;
  c.axisEnemyVpDec42 = NEVER;
  c.axisEnemyVpDec43 = NEVER;
  c.axisEnemyVpMax1942 = NEVER;
  c.axisReqMarginBest = -99;
  c.sovietReqMarginBest = -99;
  c.moscowFall = NEVER;
  c.leningradFall = NEVER;
  c.kievFall = NEVER;
  c.stalingradFall = NEVER;
  c.rostovFall = NEVER;
  c.drawDeclaredTurn = NEVER;
  c.drawDeclarer = NEVER;
  c.sovietStratCapMin = 16;
  c.sibCallTurn = NEVER;
  c.sibCrisisOffset = NEVER;
  return c;
}

/** GameDefinition.record. */
export function record(s: DcState): GameRecord {
  const r = s.result ?? { result: 'draw', level: 'draw-time-limit', reason: 'turn-limit' };
  const cells: number[] = [];
  s.everAxis.forEach((v, i) => {
    if (v === 1) cells.push(i);
  });
  return {
    result: r.result,
    endTurn: s.turn,
    endReason: r.reason,
    victoryLevel: r.level,
    stats: DC_STATS.record(s, s.stats),
    cells,
  };
}
