/** SCS 4.x: the victory checks at the end of turns 1, 3 and 6, and their counts. */
import { scsMap } from './map.js';
import { GERMAN, type ScsState, SOVIET } from './state.js';

/** SCS 4.2: German-controlled hexes adjacent to Moscow or Tula at the end of turn 1 (any = loss), in index order. */
export function germanHexesNextToMoscowTula(s: ScsState): number[] {
  return scsMap.capitalRing.filter((h) => s.control[h] === GERMAN);
}

/** SCS 4.3: Soviet-controlled hexes of the 34-hex K-area. */
export function kAreaSoviet(s: ScsState): number {
  let n = 0;
  for (let h = 0; h < scsMap.size; h++) if (s.cfg.kArea[h] === 1 && s.control[h] === SOVIET) n++;
  return n;
}

/** Soviet-controlled hexes (3.8), the statistic recorded at the end of each turn (hexes_t1..t6). */
export function sovietHexCount(s: ScsState): number {
  let n = 0;
  for (let h = 0; h < scsMap.size; h++) if (s.control[h] === SOVIET) n++;
  return n;
}

/** SCS 4.3: the turn-3 requirement. */
export const K_AREA_NEEDED = 18;

/** SCS 4.5-4.6, 10.13: Soviet-controlled fortified localities. */
export function fortifiedTaken(s: ScsState): number {
  let n = 0;
  for (let h = 0; h < scsMap.size; h++) if (s.cfg.fortified[h] === 1 && s.control[h] === SOVIET) n++;
  return n;
}

/** SCS 4.5-4.6: Soviet-controlled hexes in or west of column 13. */
export function westOf13(s: ScsState): number {
  let n = 0;
  for (let h = 0; h < scsMap.size; h++) if (scsMap.col[h]! <= 13 && s.control[h] === SOVIET) n++;
  return n;
}

/** SCS 4.5-4.7: the end-of-game result. */
export function endOfGameResult(s: ScsState): 'soviet-win' | 'draw' | 'german-win' {
  const fl = fortifiedTaken(s);
  const west = westOf13(s);
  if (fl >= 4 && west >= 3) return 'soviet-win';
  if (fl >= 3 && west >= 2) return 'draw';
  return 'german-win';
}
