/**
 * The value of a position (SteppedGame.evaluate): the chance the German wins, draws counted 1/2,
 * from what K3 counts: the points now (CF destroyed, Suda Bay and the airfields as if the game ended
 * now), the strength each side has left to win or lose more (K2), and how far the game has gone
 * (K4). A logistic of these features, its coefficients fitted on training games (master seed 7) by
 * scripts/fit-evaluate-crete.mjs and stored in data/evaluate.json; the British value is one minus
 * the German. At the end of the game, the result itself (win 1, draw 1/2, loss 0). Pure and cheap:
 * one pass over the units, no playout, no draw.
 */
import { creteData, creteEvaluate, EVALUATE_FILE } from './data.js';
import { MAP } from './map.js';
import { type CreteState, LIMBO, POOL, type Side, TRANSIT } from './state.js';
import { outcome } from './victory.js';

/** The features of a position, in the order of the coefficients (the German side's view). */
export const EVALUATE_FEATURES = [
  'bias',
  'margin',
  'margin-x-progress',
  'objectives',
  'objectives-x-progress',
  'progress',
  'german-cf-left',
  'british-cf-left',
  'german-cf-to-come',
  'german-cf-left-x-progress',
  'british-cf-left-x-progress',
] as const;

/**
 * The coefficients of data/evaluate.json, one set per turn reached (`turn-0` before the first turn,
 * `turn-1` ... up to the last fitted turn, which also serves any later turn), checked at load.
 */
function coefficientsByTurn(): readonly (readonly number[])[] {
  const d = creteEvaluate;
  const want = EVALUATE_FEATURES.join(',');
  if (d.features.join(',') !== want)
    throw new Error(`${EVALUATE_FILE}: field features: ${d.features.join(',')} (expected ${want})`);
  const out: (readonly number[])[] = [];
  for (let t = 0; d.coefficients[`turn-${t}`] !== undefined; t++) {
    const c = d.coefficients[`turn-${t}`]!;
    if (c.length !== EVALUATE_FEATURES.length)
      throw new Error(
        `${EVALUATE_FILE}: field coefficients.turn-${t}: ${c.length} values (expected ${EVALUATE_FEATURES.length})`,
      );
    out.push(c);
  }
  if (out.length === 0) throw new Error(`${EVALUATE_FILE}: field coefficients: no turn-0`);
  if (out.length !== Object.keys(d.coefficients).length)
    throw new Error(
      `${EVALUATE_FILE}: field coefficients: keys other than turn-0 ... turn-${out.length - 1}`,
    );
  return out;
}

const COEF = coefficientsByTurn();

/** The family of a position in data/evaluate.json: the turn reached (scripts/fit-evaluate-crete.mjs groups by it). */
export const evaluateFamily = (s: CreteState): string => `turn-${Math.min(s.turn, COEF.length - 1)}`;

/** Points are scaled by this (the historical German score is about 100, K3). */
const SCALE = 100;

/** The features of `s` into `out` (EVALUATE_FEATURES order): points and CF over 100, progress 0..1. */
export function creteFeatures(s: CreteState, out: number[] = []): number[] {
  const V = creteData.victoryPoints;
  const af = MAP.airfields;
  const suda = s.rules.sudaSquares;
  let gLeft = 0;
  let bLeft = 0;
  let gToCome = 0;
  // objectives held: the side of the first ground unit on each (victory.ts holder)
  let sudaG = 0;
  let sudaB = 0;
  let afG = 0;
  let afB = 0;
  const seen = new Set<number>();
  for (const u of s.units) {
    if (u.kind === 'air') continue;
    if (u.side === 'german') {
      if (u.loc >= 0 || u.loc === TRANSIT || u.loc === LIMBO) gLeft += u.cf;
      else if (u.loc === POOL) gToCome += u.cf;
    } else if (u.loc >= 0 || u.loc === TRANSIT) bLeft += u.cf;
    const h = u.loc;
    if (h < 0 || seen.has(h)) continue;
    const isAf = af.includes(h);
    const isSuda = suda.includes(h);
    if (!isAf && !isSuda) continue;
    seen.add(h);
    if (isAf) u.side === 'german' ? afG++ : afB++;
    if (isSuda) u.side === 'german' ? sudaG++ : sudaB++;
  }
  const obj = ((sudaG > 0 ? 1 : 0) - (sudaB > 0 ? 1 : 0)) * V.suda + (afG - afB) * V.perAirfield;
  const kills = (s.points.german - s.points.british) * V.perCf;
  const margin = (kills + obj) / SCALE;
  const progress = s.turn === 0 ? 0 : Math.min(1, (s.turn - 1 + s.seq / 4) / s.rules.turns);
  out.length = 0;
  out.push(
    1,
    margin,
    margin * progress,
    obj / SCALE,
    (obj / SCALE) * progress,
    progress,
    gLeft / SCALE,
    bLeft / SCALE,
    gToCome / SCALE,
    (gLeft / SCALE) * progress,
    (bLeft / SCALE) * progress,
  );
  return out;
}

/** The side's result in a finished game: win 1, draw 1/2, loss 0 (K3 under the victory reading). */
function result(s: CreteState, side: Side): number {
  const r = outcome(s).result;
  return r === 'draw' ? 0.5 : (r === 'german-win') === (side === 'german') ? 1 : 0;
}

/** SteppedGame.evaluate: the chance `side` wins (draws 1/2), in [0, 1]. */
export function evaluate(s: CreteState, side: string): number {
  if (side !== 'german' && side !== 'british') throw new Error(`crete: evaluate for side ${side}`);
  if (s.over) return result(s, side);
  const x = creteFeatures(s);
  const c = COEF[Math.min(s.turn, COEF.length - 1)]!;
  let z = 0;
  for (let i = 0; i < c.length; i++) z += c[i]! * x[i]!;
  const p = 1 / (1 + Math.exp(-z));
  return side === 'german' ? p : 1 - p;
}
