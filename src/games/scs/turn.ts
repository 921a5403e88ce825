/**
 * SCS 5.x: the phases of a turn (I-IV), reinforcements (7.x) and the end checks (4.x): the
 * decisions each phase asks (built here, carried out by `apply*`) and the rules between them.
 */
import { checkLinkage, delineateAll, setSoviet } from './control.js';
import type { Enter4SDecision, ForceDecision, HostDecision, ReplacementDecision } from './decisions.js';
import { log, type Run } from './engine.js';
import { scsMap } from './map.js';
import { armyAt, startActivation } from './movement.js';
import { relieveGuderian } from './pool.js';
import { TURNS } from './setup.js';
import { type ScsState, type ScsTask, SOVIET } from './state.js';
import {
  endOfGameResult,
  germanHexesNextToMoscowTula,
  K_AREA_NEEDED,
  kAreaSoviet,
  sovietHexCount,
} from './victory.js';

/** Living armies on the map that can host 1E or take replacements (not 1E itself). */
function livingArmies(s: ScsState): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.armies.length - 1; i++) if (s.armies[i]!.hex >= 0) out.push(i);
  return out;
}

/** SCS 3.5, 6.3: the player stacks 1E on an army (at set-up, and may change it in Phase IV); null when 1E is dead. */
export function hostDecision(s: ScsState, rule: string): HostDecision | null {
  if (s.host < 0) return null;
  let options = livingArmies(s);
  if (s.cfg.hostAdjacent && s.phase === 'IV') {
    // variant 1e-host-adjacent: 1E has no MF of its own (9.7), so only a neighbouring army can take it
    const at = s.armies[s.host]!.hex;
    options = options.filter((i) => i === s.host || scsMap.distance(s.armies[i]!.hex, at) === 1);
  }
  const cur = options.indexOf(s.host);
  if (cur > 0) {
    options.splice(cur, 1);
    options.unshift(s.host);
  }
  return { kind: 'host1E', side: 'soviet', rule, options };
}

/** SCS 7.5, 7.6, 8.8, 10.7: Phase I — reinforcements, regrouped units and pocketed units into the pool; false when the game is over (4.8). */
export function phaseI(run: Run): boolean {
  const s = run.s;
  s.phase = 'I';
  const box = s.track[s.turn]!;
  if (run.trace && box.length > 0)
    log(
      run,
      'SCS 7.5, 7.6',
      `${box.length} counter(s) from the turn ${s.turn} box and ${s.aside.length} pocketed counter(s) enter the pool`,
    );
  while (box.length > 0) s.pool.push(box.pop()!);
  while (s.aside.length > 0) s.pool.push(s.aside.pop()!);
  if (s.turn === 3) return relieveGuderian(run); // SCS 10.7
  return true;
}

/** SCS 7.2-7.4, 10.11: Phase II begins: the VI IC returns; replacements from their first turn. */
export function phaseII(run: Run): void {
  const s = run.s;
  s.phase = 'II';
  s.viReady = true;
  if (s.turn >= s.cfg.replacementsFrom) s.stack.push({ t: 'replace', k: 0 });
}

/** SCS 7.4: the next replacement step (up to 10, not saved, never to 1E or the dead); null when none is left. */
export function replacementDecision(
  s: ScsState,
  task: ScsTask & { t: 'replace' },
): ReplacementDecision | null {
  if (task.k >= s.cfg.replacements) return null;
  const options = [-1];
  for (const i of livingArmies(s)) if (s.armies[i]!.steps < s.armies[i]!.full) options.push(i);
  if (options.length === 1) return null;
  return { kind: 'replacement', side: 'soviet', rule: 'SCS 7.4', options };
}

/** SCS 7.4: one step to army i (i < 0: no more); false when the replacements are over. */
export function applyReplacement(s: ScsState, task: ScsTask & { t: 'replace' }, i: number): boolean {
  if (i < 0) return false;
  s.armies[i]!.steps++;
  s.stepsReplaced++;
  task.k++;
  return true;
}

/**
 * SCS 7.2: 4S enters on a Soviet-controlled N/S/E edge hex, Moscow or Tula, free of other armies;
 * null when it is not due or has no hex (then it waits, or with variant 4s-lost never enters).
 */
export function enter4SDecision(run: Run): Enter4SDecision | null {
  const s = run.s;
  const fourth = s.armies.findIndex((a) => a.hex === -2);
  if (s.turn < 3 || fourth < 0) return null;
  const options: number[] = [];
  for (let h = 0; h < scsMap.size; h++) {
    if (s.control[h] !== SOVIET || armyAt(s, h) >= 0) continue;
    if (
      scsMap.northEdge[h] ||
      scsMap.southEdge[h] ||
      scsMap.eastEdge[h] ||
      h === scsMap.moscow ||
      h === scsMap.tula
    )
      options.push(h);
  }
  if (options.length > 0) return { kind: 'enter4S', side: 'soviet', rule: 'SCS 7.2', options };
  if (s.cfg.fourthShockLost) {
    // variant 4s-lost: no free entry hex on turn 3 and 4S never enters (-4: withdrawn)
    s.armies[fourth]!.hex = -4;
    if (run.trace) log(run, 'SCS 7.2', 'no free entry hex: 4th Shock Army never enters');
  } else if (run.trace) log(run, 'SCS 7.2', 'no free entry hex: 4th Shock Army waits for the next Phase II');
  return null;
}

/** SCS 7.2: 4S enters at hex h. */
export function applyEnter4S(run: Run, h: number): void {
  const s = run.s;
  s.armies[s.armies.findIndex((a) => a.hex === -2)]!.hex = h;
  if (run.trace) log(run, 'SCS 7.2', `4th Shock Army enters at ${scsMap.label(h)}`);
}

/** SCS 9.1: Phase III — the next force to activate, or -1 to end the phase; null when none can move. */
export function forceDecision(s: ScsState): ForceDecision | null {
  const options = [-1];
  for (let i = 0; i < s.armies.length - 1; i++) {
    const a = s.armies[i]!;
    if (a.hex >= 0 && !a.moved) options.push(i);
  }
  if (options.length === 1) return null;
  return { kind: 'force', side: 'soviet', rule: 'SCS 9.1', options };
}

/** SCS 9.1: activates army i (i < 0: ends the phase); false when the phase is over. */
export function applyForce(run: Run, i: number): boolean {
  if (i < 0) return false;
  startActivation(run, i);
  return true;
}

/** SCS 5.5, 8.9: Phase IV — defenders that held return to the pool, the front is re-marked (then 1E may change host, 6.3); false when the game is over (4.8). */
export function phaseIV(run: Run): boolean {
  const s = run.s;
  s.phase = 'IV';
  for (let h = 0; h < scsMap.size; h++) {
    const held = s.held[h]!;
    while (held.length > 0) s.pool.push(held.pop()!);
  }
  return delineateAll(run);
}

/** SCS 9.8, 10.1: the end of Phase IV: Stop markers off, shock armies' first attacks renewed. */
export function phaseIVEnd(s: ScsState): void {
  for (const a of s.armies) {
    a.moved = false;
    a.attacked = false;
  }
}

/** SCS 4.2-4.4: end-of-turn checks; returns a result id when the game ends here (null also when the pool is found empty, 4.8, state.result set). */
export function endOfTurn(run: Run): string | null {
  const s = run.s;
  s.stats.hexesByTurn[s.turn] = sovietHexCount(s);
  if (s.turn === 1) {
    const bad = germanHexesNextToMoscowTula(s);
    if (run.trace)
      log(
        run,
        'SCS 4.2',
        bad.length === 0
          ? 'turn 1 check passed: no German hex next to Moscow or Tula'
          : `turn 1 check failed: German hexes ${bad.map((h) => scsMap.ids[h]).join(', ')} next to Moscow/Tula`,
      );
    if (bad.length > 0) return 'turn1-loss';
  }
  if (s.turn === 3) {
    const k = kAreaSoviet(s);
    s.stats.kLineAtT3 = k;
    if (run.trace)
      log(run, 'SCS 4.3', `turn 3 check: ${k} of 34 K-area hexes Soviet (need ${K_AREA_NEEDED})`);
    if (k < K_AREA_NEEDED) return 'turn3-loss';
    // SCS 4.4: the German withdrawal behind the K-Line
    for (let h = 0; h < scsMap.size; h++) if (s.cfg.kArea[h] === 1) setSoviet(run, h);
    if (run.trace) log(run, 'SCS 4.4', 'K-Line withdrawal: the whole K-area becomes Soviet');
    if (!delineateAll(run)) return null; // SCS 4.8: the game is over
    checkLinkage(run);
  }
  if (s.turn === TURNS) {
    const r = endOfGameResult(s);
    if (run.trace) log(run, 'SCS 4.5-4.7', `end of game: ${r}`);
    return r;
  }
  return null;
}
