/**
 * The value of an SCS position (SteppedGame.evaluate): the chance the Soviet player wins (SCS
 * 4.5, 4.8; a draw, 4.6, counted 1/2), the German side's value its complement. Built from what the
 * victory checks count at the stage the game is in: on turn 1 the German hexes next to Moscow or
 * Tula (4.2) and the Soviet steps still to move against them (9.1); on turns 2-3 the K-area
 * hexes against the 18 needed (4.3); from turn 4 the fortified localities and the hexes in or west
 * of column 13 (4.5-4.7); throughout the German force pool left (4.8, a sudden death at 0) and the
 * Soviet steps. A logistic of those counts per stage, its coefficients fitted on training games by
 * scripts/fit-evaluate-scs.mjs (data/evaluate.json). Pure and cheap: one pass over the map.
 */
import { evaluateData } from './data.js';
import { scsMap } from './map.js';
import { GERMAN, type ScsState, SOVIET } from './state.js';
import { fortifiedTaken, K_AREA_NEEDED, westOf13 } from './victory.js';

/** The stages of the game the value distinguishes (turn 1; turns 2-3; turns 4-6). */
export const EVALUATE_STAGES = ['turn1', 'turns2-3', 'turns4-6'] as const;

/** The features of each stage, in the order of its coefficients (the first is the constant 1). */
export const EVALUATE_FEATURES: Readonly<Record<(typeof EVALUATE_STAGES)[number], readonly string[]>> = {
  turn1: [
    'const',
    'ringGerman',
    'ringCleared',
    'stepsToMove/10',
    'ringGerman*stepsNearRing/10',
    'pool/10',
    '(pool/10)^2',
    'sovietStepsLost/10',
    'germanEliminated/10',
  ],
  'turns2-3': ['const', '(kArea-18)/10', 'turn3*(kArea-18)/10', 'log1p(pool)', 'sovietSteps/10', 'fortified'],
  'turns4-6': ['const', 'fortified', 'min(west13,4)', 'log1p(pool)', 'sovietSteps/10', 'turn-4'],
};

/** A Soviet army within this many hexes of a German ring hex can still attack it on turn 1 (2 MF, 9.2). */
const RING_REACH = 2;

/**
 * The stage of `s` and its features into `x` (x[0] = 1); the stage index into EVALUATE_STAGES.
 * Reads the state only.
 */
export function evaluateFeatures(s: ScsState, x: number[]): number {
  let steps = 0;
  for (let i = 0; i < s.armies.length; i++) {
    const a = s.armies[i]!;
    if (a.hex >= 0 || a.hex === -3) steps += a.steps;
  }
  const pool = Math.log1p(s.pool.length);
  x.length = 0;
  x.push(1);
  if (s.turn === 1) {
    // SCS 4.2: the German ring hexes; the steps of the armies still to move this turn (9.8: a
    // moved force stops), and of those in reach of a German ring hex; the pool (4.8) and the
    // losses of both sides so far
    let g = 0;
    let toMove = 0;
    let near = 0;
    const ring = scsMap.capitalRing;
    for (const h of ring) if (s.control[h] === GERMAN) g++;
    for (let i = 0; i < s.armies.length - 1; i++) {
      const a = s.armies[i]!;
      if (a.hex < 0 || a.moved) continue;
      toMove += a.steps;
      for (const h of ring)
        if (s.control[h] === GERMAN && scsMap.distance(a.hex, h) <= RING_REACH) {
          near += a.steps;
          break;
        }
    }
    const p10 = s.pool.length / 10;
    x.push(
      g,
      g === 0 ? 1 : 0,
      toMove / 10,
      (g * near) / 10,
      p10,
      p10 * p10,
      s.stats.sovietStepsLost / 10,
      s.stats.germanEliminated / 10,
    );
    return 0;
  }
  if (s.turn <= 3) {
    let k = 0;
    for (let h = 0; h < scsMap.size; h++) if (s.cfg.kArea[h] === 1 && s.control[h] === SOVIET) k++;
    const margin = (k - K_AREA_NEEDED) / 10;
    x.push(margin, s.turn === 3 ? margin : 0, pool, steps / 10, fortifiedTaken(s));
    return 1;
  }
  x.push(fortifiedTaken(s), Math.min(westOf13(s), 4), pool, steps / 10, s.turn - 4);
  return 2;
}

/** The Soviet player's result in a finished game: win 1, draw 1/2, loss 0 (record.ts results). */
function sovietResult(result: string): number {
  if (result === 'soviet-win' || result === 'sudden-death') return 1;
  if (result === 'draw') return 0.5;
  return 0;
}

/** SteppedGame.evaluate: the chance `side` ('soviet' or 'german') wins, a draw counted 1/2. */
export function evaluate(s: ScsState, side: string): number {
  if (side !== 'soviet' && side !== 'german') throw new Error(`SCS: no side ${side}`);
  let v: number;
  if (s.result !== '') v = sovietResult(s.result);
  else {
    const x: number[] = [];
    const stage = evaluateFeatures(s, x);
    const w = evaluateData.stages[EVALUATE_STAGES[stage]!];
    let z = 0;
    for (let i = 0; i < x.length; i++) z += w[i]! * x[i]!;
    v = 1 / (1 + Math.exp(-z));
  }
  return side === 'soviet' ? v : 1 - v;
}
