/**
 * SCS 3.3, 4.8, 10.7: the German force pool. What goes into it at set-up (3.3), blind draws from it
 * (3.4, 8.3, 8.5, 8.6), the game ending the moment it is found empty (4.8, a Soviet sudden-death
 * victory: a terminal state), and Guderian's special handling (10.7: redrawn for battles below row
 * 09, removed from play in Phase I of turn 3). Counters enter the pool from the Turn Track (7.5,
 * 7.6) and the pocket aside (8.8) in Phase I (turn.ts), and from hexes turned Soviet (3.8, control.ts).
 */
import { log, type Run } from './engine.js';
import { scsMap } from './map.js';
import type { Cfg } from './parameters.js';
import { GUDERIAN, MECH, NONMECH, OPS_EC, RAID, ROTKOPF, type ScsState, SECURITY } from './state.js';
import { sovietHexCount } from './victory.js';

/**
 * SCS 3.3: every German unit and support marker not on the Turn Track goes into the pool (8.2,
 * 10.7-10.10): new counter ids (their types appended to `gType`) pushed onto `pool`.
 */
export function fillPool(cfg: Cfg, gType: number[], pool: number[]): void {
  const add = (type: number) => {
    pool.push(gType.length);
    gType.push(type);
  };
  for (let i = 0; i < cfg.pool.mech; i++) add(MECH);
  for (let i = 0; i < cfg.pool.nonMech; i++) add(NONMECH);
  for (let i = 0; i < cfg.pool.security; i++) add(SECURITY);
  for (const t of POOL_MARKERS) add(t);
}

/** SCS 3.3, 8.2, 10.7-10.10: the support markers in the start pool (VIII Fliegerkorps waits in the turn-3 box, 3.2). */
export const POOL_MARKERS: readonly number[] = [GUDERIAN, OPS_EC, ROTKOPF, RAID, RAID];

/**
 * SCS 4.8: the pool found empty ends the game at that moment, a Soviet sudden-death victory: the
 * state becomes terminal (the rules stop at once; nothing after it changes the record).
 */
export function suddenDeath(run: Run): void {
  const s = run.s;
  s.result = 'sudden-death';
  s.endReason = 'sudden-death';
  s.pending = null;
  s.stats.minPool = 0;
  s.stats.hexesByTurn[s.turn] = sovietHexCount(s);
  if (run.trace) log(run, 'SCS 4.8', 'the German force pool is empty: Soviet sudden-death victory');
}

/**
 * SCS 4.8: the pool found empty ends the game at that moment; false when it has. Variant
 * pool-empty-on-draw: the pool is only "found" empty when a counter must be drawn (drawCounter,
 * drawForBattle).
 */
export function checkPool(run: Run): boolean {
  const s = run.s;
  if (s.pool.length < s.stats.minPool) s.stats.minPool = s.pool.length;
  if (s.pool.length === 0 && !s.cfg.poolEmptyOnDraw) {
    suddenDeath(run);
    return false;
  }
  return true;
}

/** Removes and returns one blind-drawn counter from the pool (3.4, 8.3); -1 when the pool is found empty (4.8: the game is over). */
export function drawCounter(run: Run): number {
  const pool = run.s.pool;
  if (pool.length === 0) {
    suddenDeath(run); // SCS 4.8: found empty when reaching into it
    return -1;
  }
  const i = run.drawIndex(pool.length);
  const id = pool[i]!;
  pool[i] = pool[pool.length - 1]!;
  pool.pop();
  return id;
}

/**
 * Draws one counter for a battle in hex h into `into`; false when the pool is found empty (4.8:
 * the game is over). SCS 10.7: Guderian drawn for a hex whose last two digits are below 09 is
 * replaced by another draw, then goes back into the pool.
 */
export function drawForBattle(run: Run, h: number, into: number[]): boolean {
  const id = drawCounter(run);
  if (id < 0) return false;
  if (guderianBarred(run.s, id, h)) {
    if (run.trace)
      log(
        run,
        'SCS 10.7',
        `Guderian drawn for ${scsMap.label(h)} (row below 09): redraw, Guderian back to the pool`,
      );
    into.push(id); // kept with the force while redrawing, so the accounting stays whole
    if (!checkPool(run) || !drawForBattle(run, h, into)) return false;
    into.splice(into.indexOf(id), 1);
    run.s.pool.push(id);
    return true;
  }
  into.push(id);
  return checkPool(run);
}

/**
 * SCS 10.7: Guderian, flipped as a marker for (or drawn into) a battle in hex h whose last two
 * digits are below 09, is replaced by another draw into `into` and goes back into the pool; false
 * when the pool is found empty (4.8: the game is over).
 */
export function redrawGuderian(run: Run, g: number, h: number, into: number[]): boolean {
  into.push(g); // held aside while redrawing so accounting stays whole
  if (!drawForBattle(run, h, into)) return false;
  into.splice(into.indexOf(g), 1);
  run.s.pool.push(g);
  return true;
}

/** SCS 10.7: true when Guderian may not fight in hex h (its last two digits below 09). */
export function guderianBarred(s: ScsState, id: number, h: number): boolean {
  return s.gType[id] === GUDERIAN && scsMap.row[h]! < 9;
}

/**
 * SCS 10.7: Guderian is permanently removed in Phase I of turn 3, wherever he is (a front marker
 * is replaced by a blind draw); false when the pool is then found empty (4.8: the game is over).
 */
export function relieveGuderian(run: Run): boolean {
  const s = run.s;
  const g = s.gType.indexOf(GUDERIAN);
  if (g < 0) return true;
  const pi = s.pool.indexOf(g);
  if (pi >= 0) s.pool.splice(pi, 1);
  const mh = s.marker.indexOf(g);
  if (mh >= 0) s.marker[mh] = -1;
  for (const b of s.track) {
    const ti = b.indexOf(g);
    if (ti >= 0) b.splice(ti, 1);
  }
  s.removed.push(g);
  if (run.trace) log(run, 'SCS 10.7', 'Guderian relieved of command: removed from play');
  if (!checkPool(run)) return false;
  if (mh < 0) return true;
  const id = drawCounter(run);
  if (id < 0) return false;
  s.marker[mh] = id;
  return checkPool(run);
}
