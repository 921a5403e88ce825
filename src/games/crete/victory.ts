/**
 * How to win (K3) and the errata (V-VIC): points for enemy CF destroyed, 10 for occupying Suda Bay,
 * 5 per airfield occupied at the end; most points wins (V-TIE for ties), or the margin levels and
 * the lowered German level after heavy para losses (victory-errata; reconstructed). The play report's
 * "combined" reading (margin bands, the para downgrade, British wins on points) is victory-errata itself.
 */
import { creteData } from './data.js';
import { MAP } from './map.js';
import type { CreteState, Side } from './state.js';

export interface Score {
  readonly german: number;
  readonly british: number;
  readonly sudaGerman: number;
  readonly sudaBritish: number;
  readonly airfieldsGerman: number;
  readonly airfieldsBritish: number;
}

/** Which side occupies square h (units on it), or null. */
function holder(s: CreteState, h: number): Side | null {
  for (const u of s.units) if (u.loc === h && u.kind !== 'air') return u.side;
  return null;
}

/** K3 points now (objectives as if the game ended now). */
export function score(s: CreteState): Score {
  const V = creteData.victoryPoints;
  const held = (side: Side, squares: readonly number[]) =>
    squares.filter((h) => holder(s, h) === side).length;
  const sudaGerman = held('german', s.rules.sudaSquares) > 0 ? 1 : 0;
  const sudaBritish = held('british', s.rules.sudaSquares) > 0 ? 1 : 0;
  const airfieldsGerman = held('german', MAP.airfields);
  const airfieldsBritish = held('british', MAP.airfields);
  return {
    german: s.points.german * V.perCf + sudaGerman * V.suda + airfieldsGerman * V.perAirfield,
    british: s.points.british * V.perCf + sudaBritish * V.suda + airfieldsBritish * V.perAirfield,
    sudaGerman,
    sudaBritish,
    airfieldsGerman,
    airfieldsBritish,
  };
}

export const LEVELS = ['points', 'marginal', 'substantive', 'decisive', 'draw'] as const;

export interface Outcome {
  readonly result: 'german-win' | 'british-win' | 'draw';
  readonly level: (typeof LEVELS)[number];
  readonly downgraded: boolean;
  readonly score: Score;
}

function band(s: CreteState, margin: number): 1 | 2 | 3 {
  return margin >= s.rules.marginSubstantive ? 3 : margin >= s.rules.marginMarginal ? 2 : 1;
}

/** The result under the V-VIC and V-TIE readings. */
export function outcome(s: CreteState): Outcome {
  const sc = score(s);
  const margin = sc.german - sc.british;
  const r = s.rules;
  if (margin === 0)
    return r.tie === 'tie-british'
      ? {
          result: 'british-win',
          level: 'points',
          downgraded: false,
          score: sc,
        }
      : { result: 'draw', level: 'draw', downgraded: false, score: sc };
  if (r.victory === 'victory-printed')
    return {
      result: margin > 0 ? 'german-win' : 'british-win',
      level: 'points',
      downgraded: false,
      score: sc,
    };
  if (margin < 0) return { result: 'british-win', level: 'points', downgraded: false, score: sc };
  let lv: number = band(s, margin);
  const downgraded = s.stats.para_units_eliminated >= r.paraLossThreshold;
  if (downgraded) lv--;
  if (lv === 0) return { result: 'draw', level: 'draw', downgraded, score: sc };
  return {
    result: 'german-win',
    level: (['marginal', 'substantive', 'decisive'] as const)[lv - 1]!,
    downgraded,
    score: sc,
  };
}
