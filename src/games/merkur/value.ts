/**
 * The value of a Merkur position (SteppedGame.evaluate): the chance a side wins, a draw counted
 * 1/2, from what 10.0 counts. The CW's objectives held now (`cwObjectiveFlags`) are projected to the
 * end of turn 24 by the turns left and what moves them: the German airfields held (5.3: the
 * air-landed reinforcements), the steps each side still has (2.2), and the CW units holding its
 * objectives against the German units in or next to them. The final count N is read
 * as an ordered logit around the thresholds of 10.0 (N >= 5 CW win, N = 4 draw):
 *   mu = objectives + r (a0 + a1 airfields + a2 CW steps + a3 German steps + a4 garrison + a5 threat
 *        + a6 landed),  scale = exp(c0 + c1 r),
 *   P(N >= k) = sigmoid((mu - k + 1/2) / scale),  CW value = P(N >= 5) + P(N = 4) / 2,
 * with r the fraction of the 24 turns left. The coefficients, per scenario, are fitted on training
 * games (master seed 7) by scripts/fit-evaluate-merkur.mjs and kept in data/evaluate.json. At a
 * finished game the value is the side's result. Pure and cheap: one pass over the units.
 */
import evaluateRaw from './data/evaluate.json' with { type: 'json' };
import { MAP } from './map.js';
import type { MerkurState } from './state.js';
import { occupancy } from './units.js';
import { cwObjectiveFlags, germanAirfields, outcome } from './victory.js';

/** Coefficients of one scenario: a = [a0 .. a6], c = [c0, c1]. */
export interface ValueCoefficients {
  readonly a: readonly number[];
  readonly c: readonly [number, number];
}

/** The projection's terms: a constant and the six features between the objectives and the turns left. */
const FEATURES = 7;

const FITTED: Readonly<Record<string, { a: number[]; c: number[] } | undefined>> = evaluateRaw.scenarios;

function coefficientsOf(id: string): ValueCoefficients {
  const k = FITTED[id];
  if (k === undefined || k.a.length !== FEATURES || k.c.length !== 2)
    throw new Error(`src/games/merkur/data/evaluate.json: scenarios.${id} needs a[${FEATURES}] and c[2]`);
  return { a: k.a.slice(), c: [k.c[0]!, k.c[1]!] };
}

/** The fitted coefficients of both scenarios (data/evaluate.json). */
export const VALUE_COEFFICIENTS: Readonly<Record<'two-player' | 'solitaire', ValueCoefficients>> = {
  'two-player': coefficientsOf('two-player'),
  solitaire: coefficientsOf('solitaire'),
};

/**
 * The features the value reads: [CW objectives held now (10.0), German airfields held (5.3), CW
 * steps / 10, German steps / 10 (2.2: a full unit 2 steps, a reduced one 1; German units still to
 * arrive count), CW units in the objectives the CW holds / 10, German units in or next to them / 10,
 * German units landed / 10, fraction of the 24 turns left].
 */
export function valueFeatures(s: MerkurState): number[] {
  const flags = cwObjectiveFlags(s);
  const { g, c } = occupancy(s);
  let objectives = 0;
  let garrison = 0;
  let threat = 0;
  MAP.objectives.forEach((z, k) => {
    if (flags[k] !== 1) return;
    objectives++;
    garrison += c[z]!;
    threat += g[z]!;
    for (const y of MAP.adj[z]!) threat += g[y]!;
  });
  let cwSteps = 0;
  let gerSteps = 0;
  let landed = 0;
  for (const u of s.units) {
    if (u.status !== 'map' && u.status !== 'pool') continue;
    const n = u.reduced ? 1 : 2;
    if (u.side === 1) cwSteps += n;
    else {
      gerSteps += n;
      if (u.status === 'map') landed++;
    }
  }
  const left = s.turn === 0 ? 1 : Math.max(0, (24 - s.turn + 1 - s.seq / 11) / 24);
  return [
    objectives,
    germanAirfields(s),
    cwSteps / 10,
    gerSteps / 10,
    garrison / 10,
    threat / 10,
    landed / 10,
    left,
  ];
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** The CW's value from features `f` under coefficients `k` (the ordered logit of the module comment). */
export function cwValueOf(f: readonly number[], k: ValueCoefficients): number {
  const r = f[FEATURES]!;
  let proj = k.a[0]!;
  for (let i = 1; i < FEATURES; i++) proj += k.a[i]! * f[i]!;
  const mu = f[0]! + r * proj;
  const scale = Math.exp(k.c[0] + k.c[1] * r);
  return 0.5 * (sigmoid((mu - 4.5) / scale) + sigmoid((mu - 3.5) / scale));
}

/** SteppedGame.evaluate: `side`'s chance to win, a draw 1/2; the result at a finished game. */
export function evaluateMerkur(s: MerkurState, side: string): number {
  let cw: number;
  if (s.over) {
    const r = outcome(cwObjectiveFlags(s).reduce((a, b) => a + b, 0)).result;
    cw = r === 'cw-win' ? 1 : r === 'draw' ? 0.5 : 0;
  } else cw = cwValueOf(valueFeatures(s), VALUE_COEFFICIENTS[s.rules.solitaire ? 'solitaire' : 'two-player']);
  return side === 'commonwealth' ? cw : 1 - cw;
}
