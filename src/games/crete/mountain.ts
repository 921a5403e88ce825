/**
 * Landing mountain troops on airfields (K17, K7 Step 1): on an airfield with no British unit (V-CAPTURE)
 * the German may land up to mountain-per-airfield battalions, less the German units already there
 * (V-MTNCAP), within the stack limit; they may move in the same segment (movement.ts: out of a
 * British ZOC only into an uncontrolled square). No scatter test.
 */
import type { MountainOption } from './decisions.js';
import { MAP } from './map.js';
import { occupancy } from './movement.js';
import { sq, tell } from './narrate.js';
import { type CreteState, POOL } from './state.js';
import type { CreteWorkspace } from './workspace.js';

/** The landing cap on airfield k (0..2) now (E7: 3 - Germans present; 0 with a British unit on it). */
export function landingCap(s: CreteState, ws: CreteWorkspace, k: number, wave: number): number {
  occupancy(s, ws);
  const a = MAP.airfields[k]!;
  if (ws.bri[a]! > 0) return 0;
  if (s.rules.capture === 'airfield-german-occupied' && ws.ger[a] === 0) return 0;
  if (s.rules.capture === 'airfield-cleared' && s.airfieldContested[k] === 0) return 0;
  const room = s.rules.stack - ws.ger[a]!;
  const cap = wave === 0 ? Math.min(s.rules.mtnPerAirfield - ws.ger[a]!, room) : room;
  const left = s.units.filter((u) => u.kind === 'mtn' && u.loc === POOL).length;
  return Math.max(0, Math.min(cap, left));
}

/** The landing decision for the next airfield with a positive cap, or null. */
export function mountainStep(
  s: CreteState,
  ws: CreteWorkspace,
  task: { t: 'mountain'; i: number; wave: number; landed: number[] },
): { options: MountainOption[] } | null {
  while (task.i < MAP.airfields.length) {
    const k = task.i++;
    const cap = landingCap(s, ws, k, task.wave);
    if (cap <= 0) continue;
    const options: MountainOption[] = [];
    for (let c = 0; c <= cap; c++) options.push({ airfield: k, count: c });
    return { options };
  }
  return null;
}

/**
 * Lands `count` mountain battalions on airfield k, strongest first (the GJR battalions, then the
 * divisional units); returns the indices of the units landed.
 */
export function land(s: CreteState, ws: CreteWorkspace, k: number, count: number): number[] {
  const a = MAP.airfields[k]!;
  const out: number[] = [];
  let n = 0;
  for (let i = 0; i < s.units.length && n < count; i++) {
    const u = s.units[i]!;
    if (u.kind !== 'mtn' || u.loc !== POOL) continue;
    u.loc = a;
    u.landed = s.turn;
    u.to = -1;
    out.push(i);
    n++;
  }
  if (n > 0) {
    s.stats.mountain_landed += n;
    if (s.stats.first_mountain_turn < 0) s.stats.first_mountain_turn = s.turn;
    s.airfieldContested[k] = 1;
    if (ws.trace !== undefined) tell(s, ws, 'german', 'K17', `${n} mountain battalion(s) land on ${sq(a)}`);
  }
  return out;
}
