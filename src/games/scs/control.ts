/** SCS 3.7-3.8, 4.4, 7.3: hex control, the German front line of face-down markers, the joint-operation marker. */
import type { JointOpDecision } from './decisions.js';
import { log, type Run } from './engine.js';
import { scsMap } from './map.js';
import { allPockets, sovietConnected } from './pockets.js';
import { checkPool, drawCounter } from './pool.js';
import { GERMAN, type ScsState, SOVIET } from './state.js';

/** SCS 3.7: a front hex is a German hex next to a Soviet hex; it must carry a marker or held defenders. */
export function isFrontHex(s: ScsState, h: number): boolean {
  if (s.control[h] !== GERMAN) return false;
  const control = s.control;
  const nb = scsMap.nb;
  for (let k = 6 * h, end = 6 * h + scsMap.deg[h]!; k < end; k++) if (control[nb[k]!] === SOVIET) return true;
  return false;
}

/**
 * SCS 3.7: places a blind-drawn marker on front hex h when it carries neither marker nor
 * defenders; false when the pool is found empty (4.8: the game is over).
 */
function ensureMarker(run: Run, h: number): boolean {
  const s = run.s;
  if (s.control[h] !== GERMAN || s.marker[h]! >= 0 || s.held[h]!.length > 0) return true;
  if (!isFrontHex(s, h)) return true;
  if (!checkPool(run)) return false;
  const id = drawCounter(run);
  if (id < 0) return false;
  s.marker[h] = id;
  if (run.trace) log(run, 'SCS 3.7', `front re-delineated: marker drawn blind into ${scsMap.label(h)}`);
  return checkPool(run);
}

/** SCS 3.7: re-delineates the front around hex h (its German neighbours get markers); false when the game is over (4.8). */
export function delineateAround(run: Run, h: number): boolean {
  if (!ensureMarker(run, h)) return false;
  for (const n of scsMap.nbr[h]!) if (!ensureMarker(run, n)) return false;
  return true;
}

/** SCS 3.7: re-delineates the whole front (after Phase IV clean-up or the K-Line withdrawal); false when the game is over (4.8). */
export function delineateAll(run: Run): boolean {
  for (let h = 0; h < scsMap.size; h++) if (!ensureMarker(run, h)) return false;
  return true;
}

/**
 * SCS 3.8: hex h turns Soviet, once and for all. A marker or held units still there go back to
 * the pool (7.3 "dislocated" markers; 4.4 withdrawal). Does not re-delineate: callers do, once.
 */
export function setSoviet(run: Run, h: number): void {
  const s = run.s;
  if (s.control[h] === SOVIET) return;
  s.control[h] = SOVIET;
  s.stats.hexesTaken++;
  if (s.marker[h]! >= 0) {
    s.pool.push(s.marker[h]!);
    s.marker[h] = -1;
  }
  const held = s.held[h]!;
  while (held.length > 0) s.pool.push(held.pop()!);
}

/** SCS 3.7, 7.3: Soviet control of h, then the new front around it, then the joint-operation linkage check; false when the game is over (4.8). */
export function takeHex(run: Run, h: number, why: string): boolean {
  setSoviet(run, h);
  if (run.trace) log(run, 'SCS 3.8', `${scsMap.label(h)} becomes Soviet-controlled (${why})`);
  if (!delineateAround(run, h)) return false;
  checkLinkage(run);
  return true;
}

/** SCS 7.3: the joint-operation marker is removed once Soviet territory links it to the main body. */
export function checkLinkage(run: Run): void {
  const s = run.s;
  if (s.pac < 0) return;
  if (sovietConnected(s, s.pac, scsMap.moscow, run.pockets)) {
    if (run.trace)
      log(run, 'SCS 7.3', `joint-operation marker in ${scsMap.label(s.pac)} linked up: removed from play`);
    s.pac = -1;
  }
}

/** SCS 7.3: on turn 3, any German hex but a fortified locality, where no pocket may form; null when not due (the marker is then out of play if no hex qualifies). */
export function jointOpDecision(run: Run): JointOpDecision | null {
  const s = run.s;
  if (s.turn !== 3 || s.pac !== -2) return null;
  const options: number[] = [];
  const size = run.pocketSize;
  allPockets(s.control, s.cfg.fortified, size, run.pocketFortified, run.pockets);
  for (let h = 0; h < scsMap.size; h++) {
    if (s.control[h] !== GERMAN || s.cfg.fortified[h] === 1 || s.held[h]!.length > 0) continue;
    if (size[h] === 0) options.push(h);
  }
  if (options.length > 0) return { kind: 'placeJointOp', side: 'soviet', rule: 'SCS 7.3', options };
  s.pac = -1;
  return null;
}

/** SCS 7.3: the joint-operation marker makes hex h Soviet-controlled without combat. */
export function applyJointOp(run: Run, h: number): void {
  const s = run.s;
  s.pac = h;
  if (run.trace)
    log(
      run,
      'SCS 7.3',
      `Partisan/Airborne/Cavalry marker placed in ${scsMap.label(h)}: Soviet-controlled without combat`,
    );
  setSoviet(run, h);
  // explicit-chance mode: the front's new markers are blind draws, drawn in a task of their own (chance.ts)
  if (run.explicitChance) run.s.stack.push({ t: 'jointOpFront', h });
  else jointOpFront(run, h);
}

/** SCS 7.3, 3.7: the front around the converted hex h re-marked, then the marker's linkage checked. */
export function jointOpFront(run: Run, h: number): void {
  if (delineateAround(run, h)) checkLinkage(run);
}
