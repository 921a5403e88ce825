/** The Soviet policies of SCS, each with its intent, plus `random`. */
import { randomPolicy } from '../../../core/decide.js';
import type { PolicyDef, PolicyParamDef } from '../../../core/game.js';
import { hexId } from '../../../core/hex.js';
import type { ScsDecision, ScsView } from '../decisions.js';
import { scsMap } from '../map.js';
import type { ScsState } from '../state.js';
import { KILL_MECH_FIRST, ringClear, survivalValue, traitPolicy } from './common.js';

/** Columns west of the start line: 0 at column 27, 17 at column 10. */
const westness = (h: number) => 27 - scsMap.col[h]!;

/**
 * When the historical policy's shock armies start their deep drives west (SCS 4.5/4.6), and where
 * its joint-operation marker goes (7.3): tunable (docs/calibrate.md). The defaults are
 * the values the policy always used (the AAR's January drives: 3S past Velikiye Luki, 1S to Bely,
 * 4S past Kaluga, from turn 4, 4S from turn 3; the marker on 2006).
 */
const HISTORICAL_PARAMS: readonly PolicyParamDef[] = [
  {
    id: 'driveTurn',
    description: 'Turn from which 1S, 3S (and 1E with them) drive west.',
    kind: 'integer',
    default: 4,
    min: 2,
    max: 6,
  },
  {
    id: 'driveTurn4S',
    description: 'Turn from which 4S drives west (it enters on turn 3, 7.2).',
    kind: 'integer',
    default: 3,
    min: 3,
    max: 6,
  },
  {
    id: 'jointOpCol',
    description: 'Column of the hex the joint-operation marker goes to (7.3).',
    kind: 'integer',
    default: 20,
    min: 10,
    max: 27,
  },
  {
    id: 'jointOpRow',
    description:
      'Row of the hex the joint-operation marker goes to (7.3); a hex off the map or not offered leaves the choice to the default rule.',
    kind: 'integer',
    default: 6,
    min: 0,
    max: 16,
  },
];

/** The historical policy's timing and marker hex, its parameters filled in from the defaults. */
interface HistoricalPlan {
  readonly driveTurn: number;
  readonly driveTurn4S: number;
  readonly jointOp: string | null;
}

function historicalPlan(p: Readonly<Record<string, number>> | undefined): HistoricalPlan {
  const v = (id: string) => p?.[id] ?? HISTORICAL_PARAMS.find((x) => x.id === id)!.default;
  const hex = hexId(v('jointOpCol'), v('jointOpRow'));
  return { driveTurn: v('driveTurn'), driveTurn4S: v('driveTurn4S'), jointOp: scsMap.has(hex) ? hex : null };
}

/** Whether army `a` is on its deep drive west this turn under plan `plan`. */
function drives(plan: HistoricalPlan, s: ScsState, a: number): boolean {
  const army = a >= 0 ? s.armies[a]! : null;
  return (
    army !== null &&
    army.type === 'shock' &&
    (s.turn >= plan.driveTurn || (s.turn >= plan.driveTurn4S && army.id === '4S'))
  );
}
/**
 * valueKey (common.ts) of historical: from turn 2, or once the turn-1 ring is clear (`ringClear`),
 * its values see the army only through `drives` (survivalValue reads positions on turn 1 only, and
 * only while a ring hex is German).
 */
const driveKey = (plan: HistoricalPlan) => (s: ScsState, a: number) =>
  s.turn >= 2 || ringClear(s) ? (drives(plan, s, a) ? 1 : 0) : Number.NaN;
/** valueKey when values do not depend on the army from turn 2 (or from the turn-1 ring cleared). */
const sharedKey = (s: ScsState) => (s.turn >= 2 || ringClear(s) ? 0 : Number.NaN);

/** Rows of the southern drive (the clear belt along the south edge, rows 13-17; 9.10). */
const SOUTH_ROW = 13;

/**
 * shock-spearhead's drive timing, westward pull, relief caution and joint-operation hex: tunable
 * (docs/calibrate.md). The defaults are the values the policy always used (drives from
 * turn 2, 4 a column west, 30 for column 13 or beyond (4.5), relief battles without a fortified
 * locality at a quarter (8.5, 10.2), the marker on 1316, its focus, or the offered hex nearest it).
 */
const SPEARHEAD_PARAMS: readonly PolicyParamDef[] = [
  {
    id: 'driveTurn',
    description: 'Turn from which the shock armies drive west (turn 1 is the 4.2 plan).',
    kind: 'integer',
    default: 2,
    min: 2,
    max: 6,
  },
  {
    id: 'westWeight',
    description: "Value per column west of the start line in a shock army's target (4.5).",
    kind: 'number',
    default: 4,
    min: 0,
    max: 10,
  },
  {
    id: 'col13Bonus',
    description: 'Value added to a shock-army target in or west of column 13 (4.5, 4.6).',
    kind: 'number',
    default: 30,
    min: 0,
    max: 60,
  },
  {
    id: 'reliefFactor',
    description:
      'Factor on the value of a drive target whose entry threatens a pocket with no fortified locality (a relief battle, 8.5, 10.2).',
    kind: 'number',
    default: 0.25,
    min: 0,
    max: 1,
  },
  {
    id: 'jointOpCol',
    description: 'Column of the hex the joint-operation marker goes to (7.3).',
    kind: 'integer',
    default: 13,
    min: 10,
    max: 27,
  },
  {
    id: 'jointOpRow',
    description:
      'Row of the hex the joint-operation marker goes to (7.3); a hex off the map or not offered: the offered hex nearest 1316.',
    kind: 'integer',
    default: 16,
    min: 0,
    max: 16,
  },
];

/** shock-spearhead's weights, its parameters filled in from the defaults. */
interface SpearheadWeights {
  readonly driveTurn: number;
  readonly westWeight: number;
  readonly col13Bonus: number;
  readonly reliefFactor: number;
  readonly jointOp: string | null;
}

function spearheadWeights(p: Readonly<Record<string, number>> | undefined): SpearheadWeights {
  const v = (id: string) => p?.[id] ?? SPEARHEAD_PARAMS.find((x) => x.id === id)!.default;
  const hex = hexId(v('jointOpCol'), v('jointOpRow'));
  return {
    driveTurn: v('driveTurn'),
    westWeight: v('westWeight'),
    col13Bonus: v('col13Bonus'),
    reliefFactor: v('reliefFactor'),
    jointOp: scsMap.has(hex) ? hex : null,
  };
}

/**
 * 1E's preferred hosts (6.3): the 50th at Tula for the turn-1 ring (4.2), then the southern drive —
 * 4S once it is on the map, the 50th until then — then the other shock armies, westernmost first.
 */
function spearheadHosts(s: ScsState): string[] {
  if (s.phase === 'setup') return ['50'];
  const shock = s.armies
    .filter((a) => a.type === 'shock' && a.hex >= 0)
    .sort((x, y) => scsMap.col[x.hex]! - scsMap.col[y.hex]! || y.steps - x.steps)
    .map((a) => a.id);
  return ['4S', '50', ...shock];
}

export const policies: readonly PolicyDef<ScsView, ScsDecision>[] = [
  {
    id: 'historical',
    side: 'soviet',
    description:
      'follows the 4.3 design note: limited objectives — clear Moscow/Tula on turn 1 with a whole-turn plan (plan.ts: which armies take which ring hex, 2612 before 2613 before 2513 unless a relief battle is worth it), the K-area by turn 3, then, as in January 1942, the shock armies drive west toward column 13 (4S from its turn-3 entry on the westernmost Soviet south-edge hex, 1S and 3S from turn 4, 1E with them) while the combined-arms armies close rings around fortified localities (8.4, 8.8, 10.13). Optimises passing the checks and the map objectives; it makes no attack for the pool, so a sudden death (4.8) comes only from the attacks those objectives need',
    params: HISTORICAL_PARAMS,
    create: (params) => {
      const plan = historicalPlan(params);
      return traitPolicy('historical', {
        targetValue: (s, h, info, a) => {
          let v = survivalValue(s, h, info, a);
          if (drives(plan, s, a)) {
            // toward column 13 (4.5/4.6)
            const relief = info.pocket > 0 && info.pocketFortified === 0 ? 0.25 : 1;
            return (
              (v + 20 * info.pocketFortified + 10 + 4 * westness(h) + (scsMap.col[h]! <= 13 ? 30 : 0)) *
              relief
            );
          }
          if (s.turn >= 3)
            v +=
              25 * info.pocketFortified +
              2 * Math.min(info.pocket, 5) +
              6 * info.fortifiedNear1 +
              2 * info.fortifiedNear2;
          if (s.turn >= 4) v += 1 + (info.fortifiedDist <= 4 ? 6 / info.fortifiedDist : 0);
          else if (s.turn === 1 && !info.nearCapital) v += info.pocket > 0 ? 2 : 0;
          return v;
        },
        minAttackSteps: 4,
        pressRatio: 1.5,
        viThreshold: 4,
        killOrder: KILL_MECH_FIRST,
        host: '50',
        hosts: (s) => (s.phase === 'setup' || s.turn < plan.driveTurn ? ['50'] : spearheadHosts(s)),
        approachPerArmy: true,
        valueKey: driveKey(plan),
        replacements: 'weakest',
        focus: '2010',
        entry4S: 'west-south',
        jointOp: plan.jointOp,
        planTurn1: true,
      });
    },
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
        valueKey: sharedKey,
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
      'passes turn 1 with the whole-turn plan (plan.ts, 4.2), then every army attacks somewhere each turn, spreading pressure along the whole front to drain the pool (3.7, 4.8)',
    create: () =>
      traitPolicy('broad-front', {
        targetValue: (s, h, info, a) =>
          survivalValue(s, h, info, a) + 3 + info.newFront + 3 * info.pocketFortified,
        valueKey: sharedKey,
        minAttackSteps: 2,
        pressRatio: 1.0,
        viThreshold: 3,
        killOrder: KILL_MECH_FIRST,
        host: null,
        replacements: 'weakest',
        focus: '2608',
        jointOp: null,
        planTurn1: true,
      }),
  },
  {
    id: 'shock-spearhead',
    side: 'soviet',
    description:
      'plays for the 4.5/4.6 map objectives: passes turn 1 with the whole-turn plan (plan.ts, 1E with the 50th at Tula); the combined-arms armies of the south open the clear south edge westward (9.10) so that 4S enters as far west as it can (7.2), then widen its corridor; from turn 2 (parameter driveTurn) the shock armies (1S, 3S, 4S from turn 3, 1E with 4S once it is on the map, replacements to them first, 7.4) drive west, exploiting every won battle (9.4) and avoiding relief battles for pockets without fortified localities (8.4-8.5), to hold hexes in or west of column 13 at the end of turn 6; the joint-operation marker converts a hex west of column 13 at once (7.3, counted by 4.5); the other combined-arms armies secure the checks (4.2, 4.3) and then close pockets around fortified localities (8.4, 8.8, 10.13)',
    params: SPEARHEAD_PARAMS,
    create: (params) => {
      const w = spearheadWeights(params);
      return traitPolicy('shock-spearhead', {
        targetValue: (s, h, info, a) => {
          const army = a >= 0 ? s.armies[a]! : null;
          const shock = army !== null && army.type === 'shock';
          const base = survivalValue(s, h, info, a);
          // a relief battle with no fortified locality at stake is to the death (8.5) and ends the drive's move
          const relief = info.pocket > 0 && info.pocketFortified === 0 ? w.reliefFactor : 1;
          if (army !== null && !shock && scsMap.row[army.hex]! >= SOUTH_ROW && scsMap.row[h]! >= SOUTH_ROW) {
            // the southern combined-arms armies open the south edge westward, so that 4S enters
            // as far west as it can (7.2: any Soviet-controlled south-edge hex), and then widen its corridor
            return (base + 5 + 3 * westness(h) + (scsMap.southEdge[h] === 1 ? 8 : 0)) * relief;
          }
          if (!shock || s.turn < w.driveTurn) {
            // other combined-arms armies: the checks (the K-area first, 4.3), then rings around fortified localities (10.13)
            let v = base + 30 * info.pocketFortified;
            if (s.turn >= 4)
              v +=
                5 * info.fortifiedNear1 +
                2 * info.fortifiedNear2 +
                (info.pocket > 0 ? 3 : 0) +
                (info.fortifiedDist <= 4 ? 6 / info.fortifiedDist : 0);
            return v;
          }
          // shock armies: west, toward column 13 and beyond (4.5)
          return (
            (base +
              20 * info.pocketFortified +
              10 +
              w.westWeight * westness(h) +
              (scsMap.col[h]! <= 13 ? w.col13Bonus : 0)) *
            relief
          );
        },
        // from turn 2 (or the turn-1 ring cleared) values see the army only as shock, southern combined-arms (by its row, SOUTH_ROW) or other
        valueKey: (s, a) => {
          if (s.turn < 2 && !ringClear(s)) return Number.NaN;
          const army = a >= 0 ? s.armies[a]! : null;
          if (army === null) return 0;
          return army.type === 'shock' ? 2 : scsMap.row[army.hex]! >= SOUTH_ROW ? 1 : 0;
        },
        minAttackSteps: 3,
        pressRatio: 1.0,
        viThreshold: 4,
        killOrder: KILL_MECH_FIRST,
        host: '1S',
        hosts: spearheadHosts,
        approachPerArmy: true,
        replacements: 'shock',
        focus: '1316',
        jointOp: w.jointOp,
        entry4S: 'west-south',
        planTurn1: true,
      });
    },
  },
  {
    id: 'sudden-death',
    side: 'soviet',
    description:
      'passes turn 1 with the whole-turn plan (plan.ts, 4.2), then gambles on emptying the pool (4.8): attacks that open the most new front hexes (new blind draws) and threaten pockets (relief 1d6, breakout draws)',
    create: () =>
      traitPolicy('sudden-death', {
        targetValue: (s, h, info, a) =>
          survivalValue(s, h, info, a) + 1 + 3 * info.newFront + (info.pocket > 0 ? 8 + info.pocket : 0),
        valueKey: sharedKey,
        minAttackSteps: 2,
        pressRatio: 0.8,
        viThreshold: 3,
        killOrder: KILL_MECH_FIRST,
        host: null,
        replacements: 'weakest',
        focus: '1905',
        jointOp: null,
        planTurn1: true,
      }),
  },
  {
    id: 'random',
    side: 'soviet',
    description: 'uniform over the legal options at every decision (conformance baseline)',
    create: () => randomPolicy('random'),
  },
];
