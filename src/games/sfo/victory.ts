/** Victory (SFO 10): towns at Basic/Advanced/Standard, victory points at the Expert level. */
import { mapOf } from './map.js';
import { enemyOf, type SfoState, type Side } from './state.js';

/** Per town in data order (Esselben 0405, Ganheim 0107, third town 0303): 1 when Soviet units occupy it. */
export function sovietTownFlags(state: SfoState): number[] {
  const m = mapOf(state);
  return m.towns.map((t) =>
    state.units.some((u) => u.status === 'map' && u.side === 'soviet' && u.hex === t) ? 1 : 0,
  );
}

/** SFO 10: towns the Soviets physically occupy (being last to pass through does not count). */
export function sovietTowns(state: SfoState): number {
  let n = 0;
  for (const f of sovietTownFlags(state)) n += f;
  return n;
}

/** SFO 10: the Soviets win if they occupy two or more towns at the end of the last turn. */
export function winner(state: SfoState): 'soviet-win' | 'us-win' {
  return sovietTowns(state) >= 2 ? 'soviet-win' : 'us-win';
}

/** Expert victory points of each faction (SFO 10, Table 3). */
export interface VictoryPoints {
  readonly soviet: number;
  readonly us: number;
}

/**
 * SFO 10, Table 3 (Expert): occupying Esselben 2 VP, each VP forest (0506, 0603) 1 VP; each enemy
 * infantry unit eliminated 1 VP, each enemy tank or pioneer 2 VP, counted only if it is still
 * eliminated at the end (replaced units do not count). Zero for both at Basic/Advanced.
 */
export function victoryPoints(state: SfoState): VictoryPoints {
  const ex = state.rules.expert;
  if (ex === null) return { soviet: 0, us: 0 };
  const m = mapOf(state);
  const vp = { soviet: 0, us: 0 };
  const esselben = m.towns[0]!;
  const forests = ex.vp.forests.map((id) => m.grid.index(id));
  const held = (h: number): Side | null => {
    for (const u of state.units) if (u.status === 'map' && u.hex === h) return u.side;
    return null;
  };
  const e = held(esselben);
  if (e !== null) vp[e] += ex.vp.esselben;
  for (const f of forests) {
    const s = held(f);
    if (s !== null) vp[s] += ex.vp.forest;
  }
  for (const u of state.units) {
    if (u.status !== 'eliminated') continue;
    vp[enemyOf(u.side)] += u.type === 'infantry' ? ex.vp.infantry : ex.vp.tankOrPioneer;
  }
  return vp;
}

export type SfoResult = 'soviet-win' | 'us-win' | 'draw';

/** The result and level of a finished game: SFO 10 two towns (Basic, Advanced, Standard), or Expert ΔVP levels. */
export function outcome(state: SfoState): { result: SfoResult; level: string; vp: VictoryPoints } {
  const vp = victoryPoints(state);
  const ex = state.rules.expert;
  if (ex === null || ex.victory === 'towns') return { result: winner(state), level: 'win', vp };
  const diff = vp.soviet - vp.us;
  if (diff === 0) return { result: 'draw', level: 'draw', vp };
  const d = Math.abs(diff);
  const level = d >= ex.vp.decisive ? 'decisive' : d >= ex.vp.marginal ? 'marginal' : 'tactical';
  return { result: diff > 0 ? 'soviet-win' : 'us-win', level, vp };
}
