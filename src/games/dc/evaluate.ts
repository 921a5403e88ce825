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
  'soviet-units-lost / 100',
  'axis-units-lost / 100',
  'siberian-crisis',
] as const;

/** The game's stretches the coefficient rows serve: progress (`dcFeatures`) in thirds. */
export const EVAL_STAGES = 3;

/**
 * Coefficients of the Axis value's logistic per level, version and stage
 * (`${level}-${version}/${stage}`), fitted on training games (master seed 7) of every scripted
 * pairing by scripts/fit-evaluate-dc.mjs (its output pasted here); EVAL_FEATURES order.
 *
 * The intro-tournament rows keep each coefficient to the direction the rules give its feature
 * (SIGNS in scripts/fit-evaluate-dc.mjs; a feature whose fit goes the other way is held at 0). Fitted without that,
 * they rewarded the Axis for its own losses (the aggressive scripts lose more units and win more
 * often), and the Axis search threw units away in all-out assaults (DC 13.B.8): the search
 * compares positions of one game, where losing units never helps.
 */
export const EVAL_COEFFICIENTS: Readonly<Record<string, readonly number[]>> = {
  // node scripts/fit-evaluate-dc.mjs 24 10 0.001 --unsigned (every row but intro-tournament's): bias, axis-margin, soviet-margin, axis-enemy-vp, soviet-enemy-vp, progress, axis-margin x progress, soviet-margin x progress, axis-fire-share, axis-loss-share, campaign-cities, soviet-units-lost / 100, axis-units-lost / 100, siberian-crisis; 24 training games per pairing, features every 10 decisions, ridge 0.001
  'advanced-campaign/0': [
    1.569, 0.1525, -0.06834, 0.07428, 0.2051, 0.0812, -0.903, 0.1919, 0.7282, -1.51, 0, -5.539, -0.6581,
    -0.7938,
  ],
  'advanced-campaign/1': [
    -2.39, 0.01132, -0.109, -0.2209, 0.5787, 0.2177, -0.7435, -1.909, 2.017, 1.39, 0, -4.343, -3.774, -0.599,
  ],
  'advanced-campaign/2': [
    5.23, 0.6493, 0.5405, -0.1052, 0.2349, 0.2931, -1.026, -1.68, 2.265, 0.3929, 0, -3.315, -5.216, -0.6236,
  ],
  'advanced-tournament-campaign/0': [
    1.096, 0.09852, 0.8663, 0.7684, -0.8471, 0.02896, -0.2741, 0.2702, 0.2731, -0.9964, 0, -0.7792, -0.7932,
    -0.1354,
  ],
  'advanced-tournament-campaign/1': [
    -0.3428, 0.1095, 0.381, 0.38, -0.4477, 0.03929, -0.0709, -0.162, 0.2181, 1.042, 0, -1.054, -1.527,
    -0.01749,
  ],
  'advanced-tournament-campaign/2': [
    -4.09, 0.1794, -0.6597, 0.4361, 0.09397, -0.03548, -0.4806, 0.5169, 0.05373, 0.5793, 0, -0.2556, -0.6329,
    -0.06024,
  ],
  'advanced-tournament/0': [
    -1.974, -0.01834, -0.5418, -0.557, 0.2294, -0.0243, 0.151, 0.06639, 0.1341, 0.7096, 0, 1.137, 0.711,
    0.1967,
  ],
  'advanced-tournament/1': [
    -1.312, -0.1116, 0.09768, -0.2186, 0.1103, 0.002249, 0.3267, -0.3604, 0.2252, 0.5034, 0, 1.219, 1.027,
    0.1844,
  ],
  'advanced-tournament/2': [
    -1.694, 0.3921, -0.5569, -0.1552, 0.1991, -0.008452, -0.3984, 0.3662, -0.4747, -0.07592, 0, 0.5817, 2.053,
    -0.02262,
  ],
  'intro-campaign/0': [
    -1.029, 0.1066, -1.286, -1.227, -1.081, -0.002611, -0.5244, 0.2342, 1.631, -1.545, 0, -0.5058, -0.3931,
    -0.009769,
  ],
  'intro-campaign/1': [
    -10.52, -0.1772, -1.643, -1.497, -0.3137, 0.2324, -1.413, -2.12, 1.549, 0.1395, 0, 0.3095, -1.218,
    -0.1085,
  ],
  'intro-campaign/2': [
    0.6414, 0.3324, -0.6084, -0.371, 0.1184, 0.1012, -0.9353, -0.4674, -0.08805, -0.1391, 0, 0.3905, 0.1542,
    0.4267,
  ],
  'intro-tournament-campaign/0': [
    -0.5657, -0.0422, 0.9641, 0.9873, -1.395, -0.003952, 0.2224, -0.05338, 1.137, 0.525, 0, 0.5358, 0.4206,
    -0.5828,
  ],
  'intro-tournament-campaign/1': [
    -0.5831, -0.01379, 0.5514, 0.6308, -1.201, -0.01208, 0.3885, 0.01807, -0.1894, 1.561, 0, 0.2088, 0.6817,
    -0.6131,
  ],
  'intro-tournament-campaign/2': [
    -4.514, -0.04595, -0.3975, 0.8508, -0.6561, -0.08349, -0.2294, 0.8718, 0.418, -0.5913, 0, -0.1108, 1.062,
    -0.4068,
  ],
  // node scripts/fit-evaluate-dc.mjs 24 10 0.001 --scenario intro-tournament (signs constrained)
  'intro-tournament/0': [-0.4743, 0, 0, 0, -0.08532, -0.2112, 0.09072, 0, 0, 0, 0, 1.481, 0, 0.08672],
  'intro-tournament/1': [-0.1269, 0, 0, 0.02334, -0.1971, -0.7358, 0.04599, 0, 0, 0, 0, 0.612, 0, 0.09382],
  'intro-tournament/2': [-1.579, 0, 0, 0.2235, -0.6854, -0.3149, 0, 0, 0, 0, 0, 0.6896, 0, 0],
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
    s.stats.sovietEliminated / 100,
    axisLost / 100,
    // DC 3.C.3: the Siberian crisis struck
    s.sib.crisis >= 0 ? 1 : 0,
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
