/**
 * The value of a position (SteppedGame.evaluate): the chance the Soviets win, draws counted 1/2,
 * from what SFO 10 counts: the towns the Soviets occupy now (two win, Basic, Advanced, Standard)
 * and how near their units stand to the towns they lack and the US units to the towns they hold,
 * how many units of each side stand at each distance 0-3 from each town (who can take, hold or
 * retake it by the last turn), the units still to enter and the Soviet replacement (SFO 7), the
 * Expert victory points now (Table 3), the strength each side has left (SFO 3.2), and how far
 * the game has gone (SFO 5). A logistic of these features, one coefficient set per scenario, turn
 * and phase, fitted on training games (master seed 7) by
 * scripts/fit-evaluate-sfo.mjs and stored in data/evaluate.json; the US value is one minus the
 * Soviet. At the end of the game, the result itself (win 1, draw 1/2, loss 0). Pure and cheap:
 * one pass over the units and the three towns, no playout, no draw.
 */
import { EVALUATE_FILE, sfoEvaluate } from './data.js';
import { mapOf } from './map.js';
import type { SfoState, Side } from './state.js';
import { outcome, victoryPoints } from './victory.js';

/** Rings of hexes counted around each town (distance 0 to RINGS - 1). */
const RINGS = 4;

/** The names of the ring counts: per town, per distance, the Soviet then the US units there. */
function ringFeatures(): string[] {
  const out: string[] = [];
  for (let k = 1; k <= 3; k++)
    for (let d = 0; d < RINGS; d++) out.push(`soviet-at-${d}-of-town-${k}`, `us-at-${d}-of-town-${k}`);
  return out;
}

/** The features of a position, in the order of the coefficients (the Soviet side's view). */
export const EVALUATE_FEATURES = [
  'bias',
  'soviet-on-town-1',
  'soviet-on-town-2',
  'soviet-on-town-3',
  'soviet-distance-town-1',
  'soviet-distance-town-2',
  'soviet-distance-town-3',
  'us-on-town-1',
  'us-on-town-2',
  'us-on-town-3',
  'two-towns',
  'soviet-strength',
  'us-strength',
  'soviet-column',
  'us-column',
  'contact',
  'us-in-forest',
  'soviet-in-forest',
  'us-moved',
  'vp-margin',
  'progress',
  ...ringFeatures(),
  'us-to-come',
  'soviet-replaced',
] as const;

/** The scenario ids (scenarios.ts) whose coefficients data/evaluate.json must hold. */
const SCENARIOS = [
  'basic',
  'advanced',
  'expert-standard',
  'expert-engagement',
  'expert-us-counter-offensive',
];

/** Phases per turn (SFO 5: events, movement, combat for each side); `SfoState.seq` is 1..6 during play. */
const PHASES = 6;

/**
 * The coefficients of data/evaluate.json per scenario, one set per turn and phase under way
 * (`<scenario>@<turn>.<seq>`), as a list indexed by (turn - 1) x 6 + seq - 1 up to the last fitted
 * one: a phase with no fitted set (no decision was ever asked in it) takes the one before, and
 * positions after the last take the last. Checked at load.
 */
function coefficientsByFamily(): ReadonlyMap<string, readonly (readonly number[])[]> {
  const d = sfoEvaluate;
  const want = EVALUATE_FEATURES.join(',');
  if (d.features.join(',') !== want)
    throw new Error(`${EVALUATE_FILE}: field features: ${d.features.join(',')} (expected ${want})`);
  const lists = new Map<string, (readonly number[] | undefined)[]>(SCENARIOS.map((sc) => [sc, []]));
  for (const [key, c] of Object.entries(d.coefficients)) {
    const m = /^(.+)@(\d+)\.([1-6])$/.exec(key);
    const list = m === null ? undefined : lists.get(m[1]!);
    if (m === null || list === undefined || Number(m[2]) < 1)
      throw new Error(`${EVALUATE_FILE}: field coefficients.${key}: not <scenario>@<turn>.<phase 1-6>`);
    if (c.length !== EVALUATE_FEATURES.length)
      throw new Error(
        `${EVALUATE_FILE}: field coefficients.${key}: ${c.length} values (expected ${EVALUATE_FEATURES.length})`,
      );
    list[(Number(m[2]) - 1) * PHASES + Number(m[3]) - 1] = c;
  }
  const out = new Map<string, readonly (readonly number[])[]>();
  for (const [sc, list] of lists) {
    const first = list.find((c) => c !== undefined);
    if (first === undefined) throw new Error(`${EVALUATE_FILE}: field coefficients: none for ${sc}`);
    const filled: (readonly number[])[] = [];
    let last = first;
    for (const c of list) {
      if (c !== undefined) last = c;
      filled.push(last);
    }
    out.set(sc, filled);
  }
  return out;
}

const COEF = coefficientsByFamily();

/** The scenario a state is played under (scenarios.ts ids), from its rules. */
function scenarioOf(s: SfoState): string {
  const ex = s.rules.expert;
  if (ex === null) return s.rules.level;
  return ex.scenario === 'counter-offensive' ? 'expert-us-counter-offensive' : `expert-${ex.scenario}`;
}

/** The turn and phase under way (1.., 1..6) of a state in play. */
const turnOf = (s: SfoState): number => Math.max(1, s.turn);
const phaseOf = (s: SfoState): number => Math.min(PHASES, Math.max(1, s.seq));

/** The family of a state's coefficients: scenario, turn and phase (scripts/fit-evaluate-sfo.mjs groups by it). */
export const evaluateFamily = (s: SfoState): string => `${scenarioOf(s)}@${turnOf(s)}.${phaseOf(s)}`;

/** Hex distances are capped here: a unit farther away counts as this far. */
const FAR = 6;

/**
 * The features of `s` into `out` (EVALUATE_FEATURES order; towns in data order: Esselben,
 * Ganheim, the third town): who occupies each town and how near the nearest Soviet unit stands
 * (over FAR), the strength (attack plus defence factors) each side has not lost, the mean board
 * column of each side's units on the map (over 10: the Soviets enter on the east edge, the US on
 * the west, SFO 8.4), the pairs of adjacent enemy units (over 10), the VP margin (over 10) and
 * the progress 0..1; then, per town, the units of each side at each distance 0..RINGS-1 from it
 * (over 2: who can reach, hold or retake it by the end, SFO 10), the US units still to enter (the
 * West German V, SFO 7, over 3) and whether the Soviet replacement has been taken (SFO 7).
 */
export function sfoFeatures(s: SfoState, out: number[] = []): number[] {
  const m = mapOf(s);
  const size = m.size;
  out.length = 0;
  out.push(1);
  const towns = m.towns;
  let held = 0;
  const sovOn = [0, 0, 0];
  const usOn = [0, 0, 0];
  const sovDist = [FAR, FAR, FAR];
  let sovStrength = 0;
  let usStrength = 0;
  let sovCol = 0;
  let usCol = 0;
  let sovN = 0;
  let usN = 0;
  let contact = 0;
  let usForest = 0;
  let sovForest = 0;
  let usMoved = 0;
  let usToCome = 0;
  const rings = new Array<number>(3 * RINGS * 2).fill(0);
  const units = s.units;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u.status === 'eliminated') continue;
    if (u.side === 'soviet') sovStrength += u.offence + u.defence;
    else usStrength += u.offence + u.defence;
    if (u.status !== 'map') {
      if (u.side === 'us') usToCome++;
      continue;
    }
    const col = Number(m.ids[u.hex]!.slice(0, 2)) / 10;
    const forest = m.forest[u.hex]!;
    if (u.side === 'soviet') {
      sovCol += col;
      sovN++;
      sovForest += forest;
    } else {
      usCol += col;
      usN++;
      usForest += forest;
      if (u.moved) usMoved++;
    }
    for (let k = 0; k < towns.length; k++) {
      const d = m.dist[towns[k]! * size + u.hex]!;
      if (d < RINGS) {
        const r = (k * RINGS + d) * 2 + (u.side === 'us' ? 1 : 0);
        rings[r] = rings[r]! + 0.5;
      }
      if (u.side === 'soviet') {
        if (d === 0) sovOn[k] = 1;
        if (d < sovDist[k]!) sovDist[k] = d;
      } else if (d === 0) usOn[k] = 1;
    }
    if (u.side === 'soviet')
      for (let j = 0; j < units.length; j++) {
        const e = units[j]!;
        if (e.side === 'us' && e.status === 'map' && m.dist[u.hex * size + e.hex] === 1) contact++;
      }
  }
  for (let k = 0; k < 3; k++) {
    out.push(sovOn[k]!);
    held += sovOn[k]!;
  }
  for (let k = 0; k < 3; k++) out.push(sovDist[k]! / FAR);
  for (let k = 0; k < 3; k++) out.push(usOn[k]!);
  const vp = victoryPoints(s);
  out.push(
    held >= 2 ? 1 : 0,
    sovStrength / 20,
    usStrength / 20,
    sovN === 0 ? 1 : sovCol / sovN,
    usN === 0 ? 0 : usCol / usN,
    contact / 10,
    usN === 0 ? 0 : usForest / usN,
    sovN === 0 ? 0 : sovForest / sovN,
    usN === 0 ? 0 : usMoved / usN,
    (vp.soviet - vp.us) / 10,
    Math.min(1, (s.turn - 1 + s.seq / 6) / s.rules.turns),
  );
  for (const r of rings) out.push(r);
  out.push(usToCome / 3, s.replacementUsed ? 1 : 0);
  return out;
}

/** The side's result in a finished game: win 1, draw 1/2, loss 0 (SFO 10). */
function result(s: SfoState, side: Side): number {
  const r = outcome(s).result;
  return r === 'draw' ? 0.5 : (r === 'soviet-win') === (side === 'soviet') ? 1 : 0;
}

/** SteppedGame.evaluate: the chance `side` wins (draws 1/2), in [0, 1]. */
export function evaluate(s: SfoState, side: string): number {
  if (side !== 'soviet' && side !== 'us') throw new Error(`SFO: evaluate for side ${side}`);
  if (s.over) return result(s, side);
  const list = COEF.get(scenarioOf(s))!;
  const c = list[Math.min((turnOf(s) - 1) * PHASES + phaseOf(s) - 1, list.length - 1)]!;
  const x = sfoFeatures(s);
  let z = 0;
  for (let i = 0; i < c.length; i++) z += c[i]! * x[i]!;
  const p = 1 / (1 + Math.exp(-z));
  return side === 'soviet' ? p : 1 - p;
}
