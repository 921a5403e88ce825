/**
 * The value of a position (docs/architecture.md "A value of a position"): the chance a side wins,
 * draws counting 1/2, from what Dark Crusade's victory rules count (DC 2.B): each side's victory
 * points against its requirement of the year (2.B.1.a, read from control: the supply trace is left
 * out so that the value stays cheap), the destroyed factory pairs, the fire of the units each side
 * has on the map, and how far the game has run to its last turn (July 1944, 2.B.1.c; February 1945
 * in the Campaign game, 2.B.3.a.iv). A logistic of these features gives the Axis value; the Soviet
 * value is its complement (a two-sided game whose results are worth 1, 1/2 and 0). At a finished
 * game it is the side's result. Pure: it reads the state only.
 */

import { type DcState, SIDE_IDS, type SideIx, TURN_FEB45, TURN_JUL44 } from './state.js';
import { mapOf } from './supply.js';
import { requirement } from './victory.js';

/** Feature names, in the order of `dcFeatures` and of each coefficient row. */
export const EVAL_FEATURES = [
  'bias',
  'axis-margin',
  'soviet-margin',
  'axis-enemy-vp',
  'soviet-enemy-vp',
  'progress',
  'axis-margin x progress',
  'soviet-margin x progress',
  'axis-fire-share',
  'axis-loss-share',
  'campaign-cities',
] as const;

/** The game's stretch a coefficient row serves: progress (`dcFeatures`) below 1/3, below 2/3, the rest. */
export const EVAL_STAGES = 3;

/**
 * Coefficients of the Axis value's logistic per level, version and stage
 * (`${level}-${version}/${stage}`), fitted on training games (master seed 7) of every scripted
 * pairing by scripts/fit-evaluate-dc.mjs (its output pasted here); EVAL_FEATURES order.
 */
export const EVAL_COEFFICIENTS: Readonly<Record<string, readonly number[]>> = {
  // node scripts/fit-evaluate-dc.mjs 16 10: bias, axis-margin, soviet-margin, axis-enemy-vp, soviet-enemy-vp, progress, axis-margin x progress, soviet-margin x progress, axis-fire-share, axis-loss-share, campaign-cities; 16 training games per pairing, features every 10 decisions
  'advanced-campaign/0': [
    0.4212, 0.1022, -0.09625, -0.08537, 0.01899, 0.002359, -0.5632, 0.7125, 1.413, -1.505, 0,
  ],
  'advanced-campaign/1': [-3.765, 0.02306, 0.2513, -0.179, 0.6432, 0.1543, -0.08156, -1.658, 5.772, 3.321, 0],
  'advanced-campaign/2': [-2.938, 0.4105, 0.3241, 0.03761, 0.5335, 0.2044, -0.6411, -1.311, 4.595, 3.244, 0],
  'advanced-tournament-campaign/0': [
    0.7286, 0.07858, 0.8283, 0.755, -0.9498, 0.009892, -0.1756, 0.3487, 0.4245, -1.208, 0,
  ],
  'advanced-tournament-campaign/1': [
    -0.8542, 0.0876, 0.3995, 0.3523, -0.3661, 0.03025, 0.0715, -0.1975, 1.135, 0.6221, 0,
  ],
  'advanced-tournament-campaign/2': [
    -4.939, 0.1319, -0.7379, 0.4485, 0.1656, -0.05024, -0.4615, 0.573, 0.5858, 0.2578, 0,
  ],
  'advanced-tournament/0': [
    -1.616, -0.0006944, -0.4919, -0.474, 0.2897, -0.01132, 0.04815, 0.001351, -0.06762, 0.9695, 0,
  ],
  'advanced-tournament/1': [
    -0.07589, -0.1003, 0.1158, -0.1294, 0.07952, 0.005496, 0.2726, -0.3311, -1.159, 0.08142, 0,
  ],
  'advanced-tournament/2': [
    0.5671, 0.3276, -0.3816, 0.1521, -0.2425, -0.01046, -0.4145, 0.4963, -2.108, -1.948, 0,
  ],
  'intro-campaign/0': [-1.023, 0.06476, -1.171, -1.089, -1.033, -0.0123, -0.3779, 0.2105, 1.471, -1.448, 0],
  'intro-campaign/1': [-8.891, -0.1917, -1.449, -1.337, -0.3008, 0.1984, -1.118, -1.934, 1.71, -0.7698, 0],
  'intro-campaign/2': [0.6062, 0.422, -0.6999, -0.5521, 0.1859, 0.1182, -1.084, -0.5241, -0.1441, -0.2668, 0],
  'intro-tournament-campaign/0': [
    -0.9658, -0.07695, 0.8976, 0.9953, -1.335, -0.01055, 0.2751, -0.1859, 1.071, 0.5141, 0,
  ],
  'intro-tournament-campaign/1': [
    -0.302, -0.001264, 0.5213, 0.7147, -1.2, -0.0158, 0.3157, 0.127, -0.6859, 1.218, 0,
  ],
  'intro-tournament-campaign/2': [
    -5.321, -0.1746, -0.3936, 1.022, -0.8689, -0.09918, -0.2142, 0.9437, -0.3355, -0.3934, 0,
  ],
  'intro-tournament/0': [
    -1.024, -0.05673, 0.03952, 0.1019, -0.0407, -0.004735, 0.2215, -0.2041, -0.005888, 1.468, 0,
  ],
  'intro-tournament/1': [
    1.975, 0.03259, 0.1146, 0.1143, -0.2657, -0.02786, 0.1939, 0.2121, -3.302, -0.2991, 0,
  ],
  'intro-tournament/2': [
    -4.272, -0.5332, 0.2649, 0.8047, -1.268, -0.04683, 0.2797, 0.06469, -2.828, -0.795, 0,
  ],
};

/** The coefficient row of the state's level, version and stage of the game (progress, the features' 6th). */
export function evalKey(s: DcState, progress: number): string {
  return `${s.rules.level}-${s.rules.version}/${Math.min(EVAL_STAGES - 1, Math.floor(progress * EVAL_STAGES))}`;
}

/**
 * `side`'s VP through control (DC 2.B.1.a without the supply trace): [margin, enemy VP held], the
 * margin the enemy part over the requirement of the year with the home shortfall subtracted.
 */
function controlVp(s: DcState, side: SideIx): [number, number] {
  const m = mapOf(s);
  let home = 0;
  let enemy = 0;
  for (let p = 0; p < m.n; p++) {
    const v = m.vp[p]!;
    if (v === 0 || s.control[p] !== side) continue;
    if (m.side1941[p] === side) home += v;
    else enemy += v;
  }
  // DC 2.B.1.a: each pair of destroyed Soviet factories counts +1 for the Axis, -1 for the Soviets
  const pairs = Math.floor(s.factoriesLost / 2);
  if (side === 0) enemy += pairs;
  else enemy -= pairs;
  const [h, e] = requirement(s, side);
  return [enemy - e - Math.max(0, h - home), enemy];
}

/** The features of `s` (EVAL_FEATURES order). */
export function dcFeatures(s: DcState): number[] {
  const last = s.rules.version === 'campaign' ? TURN_FEB45 : TURN_JUL44;
  const progress = Math.min(1, Math.max(0, (s.turn - s.first) / Math.max(1, last - s.first)));
  const [axis, axisVp] = controlVp(s, 0);
  const [soviet, sovietVp] = controlVp(s, 1);
  const fire = [0, 0];
  for (const u of s.units) if (u.st === 0) fire[u.side]! += s.rules.types[u.t]!.ff;
  const axisLost = s.stats.axisGermanEliminated + s.stats.axisAlliedEliminated;
  const lost = axisLost + s.stats.sovietEliminated;
  return [
    1,
    axis,
    soviet,
    axisVp,
    sovietVp,
    progress,
    axis * progress,
    soviet * progress,
    fire[0]! / Math.max(1, fire[0]! + fire[1]!),
    lost === 0 ? 0.5 : axisLost / lost,
    // DC 2.B.3.a.ii: consecutive turns the Axis has held the three cities
    s.camp.cities,
  ];
}

/** SteppedGame.evaluate: the chance `side` wins (draws 1/2), in [0, 1]. */
export function evaluateDc(s: DcState, side: string): number {
  const axisIx = SIDE_IDS[0];
  if (s.over && s.result !== null) {
    const r = s.result.result;
    const axis = r === 'axis-win' ? 1 : r === 'soviet-win' ? 0 : 0.5;
    return side === axisIx ? axis : 1 - axis;
  }
  const x = dcFeatures(s);
  const key = evalKey(s, x[5]!);
  const w = EVAL_COEFFICIENTS[key];
  if (w === undefined) throw new Error(`DC: no evaluate coefficients for ${key}`);
  let z = 0;
  for (let k = 0; k < x.length; k++) z += w[k]! * x[k]!;
  const axis = 1 / (1 + Math.exp(-z));
  return side === axisIx ? axis : 1 - axis;
}
