/**
 * Control and victory (Merkur 3.2, 5.5, 10.0): control markers on objectives, the CW objective
 * count at the end of turn 24 (contested ones included by default, V-CONTESTED) and the level.
 */
import { MAP } from './map.js';
import { CW, GER, type MerkurState } from './state.js';
import { occupancy } from './units.js';

/** 3.2 (V-CTRLTIME): at the end of a turn the sole occupant of an objective takes its marker. */
export function updateControl(s: MerkurState): void {
  const { g, c } = occupancy(s);
  const full = s.rules.v['control-full-turn'];
  for (const z of MAP.objectives) {
    const sole = g[z]! > 0 && c[z]! === 0 ? GER : c[z]! > 0 && g[z]! === 0 ? CW : -1;
    if (sole < 0) continue;
    if (full && s.soleAtStart[z] !== sole) continue;
    s.control[z] = sole;
  }
}

/** Records who is sole occupant of each zone at the start of a turn (control-full-turn). */
export function markSoleAtStart(s: MerkurState): void {
  const { g, c } = occupancy(s);
  for (let z = 0; z < MAP.count; z++)
    s.soleAtStart[z] = g[z]! > 0 && c[z]! === 0 ? GER : c[z]! > 0 && g[z]! === 0 ? CW : -1;
}

/** 10.0: per objective (MAP.objectives order), 1 when the CW holds it now. */
export function cwObjectiveFlags(s: MerkurState): number[] {
  const { g, c } = occupancy(s);
  const contestedCounts = s.rules.v['contested-counts-cw'];
  return MAP.objectives.map((z) => {
    if (c[z]! > 0) return g[z]! === 0 || contestedCounts ? 1 : 0;
    if (g[z]! > 0) return 0;
    return s.control[z] === CW ? 1 : 0;
  });
}

/** 5.3, 7.1 anchor: airfields German-controlled and uncontested. */
export function germanAirfields(s: MerkurState): number {
  const { g, c } = occupancy(s);
  let n = 0;
  for (const z of MAP.airfields) if (g[z]! > 0 && c[z]! === 0) n++;
  return n;
}

export const LEVELS = ['decisive', 'major', 'strategic', 'marginal', 'draw'] as const;

/** 10.0: the result and level from the CW objective count. */
export function outcome(count: number): { result: string; level: string } {
  if (count >= 5) return { result: 'cw-win', level: 'strategic' };
  if (count === 4) return { result: 'draw', level: 'draw' };
  return { result: 'german-win', level: LEVELS[count]! };
}
