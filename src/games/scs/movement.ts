/**
 * SCS 9.x: one force at a time (9.1) moves hex by hex paying terrain costs (9.7, 9.10); entering a
 * German hex halts it for a battle at no extra cost (3.7, 9.2); winning lets it exploit (9.4);
 * losing sends it back to the hex it came from, its move over (9.5).
 */
import { startBattle } from './combat.js';
import { checkLinkage, delineateAround, setSoviet, takeHex } from './control.js';
import type { StepDecision, StepOption } from './decisions.js';
import { log, type Run } from './engine.js';
import { breakout, dissolveMarkerOnly, generateDefenders, markerOnly } from './forces.js';
import { scsMap } from './map.js';
import { cannotPocket, pocketIfTaken } from './pockets.js';
import { GERMAN, type ScsState, type ScsTask, SOVIET } from './state.js';

export type { StepOption } from './decisions.js';

type MoveTask = ScsTask & { t: 'move' };
type AttackTask = ScsTask & { t: 'attack' };

const STOP: StepOption = { to: -1, cost: 0, battle: false };

/** NB_INDEX[a * size + b]: the k with scsMap.nbr[a][k] === b, or -1 when b is not next to a. */
const NB_INDEX = (() => {
  const t = new Int8Array(scsMap.size * scsMap.size).fill(-1);
  for (let a = 0; a < scsMap.size; a++) {
    const nbr = scsMap.nbr[a]!;
    for (let k = 0; k < nbr.length; k++) t[a * scsMap.size + nbr[k]!] = k;
  }
  return t;
})();

/** The army standing in hex h (1E is never counted, 6.2-6.3), or -1. */
export function armyAt(s: ScsState, h: number): number {
  const armies = s.armies;
  for (let i = 0; i < armies.length; i++) if (armies[i]!.hex === h) return i;
  return -1;
}

/** SCS 9.10: MF to enter hex h. */
export function entryCost(s: ScsState, h: number): number {
  return s.cfg.forest[h] === 1 ? s.cfg.forestCost : s.cfg.clearCost;
}

/**
 * The legal next steps of a force in hex `at` with `mf` left: stop, or enter a neighbour it can pay
 * for that holds no other army (6.2) and is not a fortified locality (10.13, never attacked directly).
 */
export function stepOptions(s: ScsState, at: number, mf: number): StepOption[] {
  const out: StepOption[] = [STOP];
  // the neighbours of `at` that hold an army (armyAt >= 0), as a mask over nbr[at]
  let held = 0;
  const armies = s.armies;
  for (let i = 0; i < armies.length; i++) {
    const h = armies[i]!.hex;
    if (h < 0) continue;
    const k = NB_INDEX[at * scsMap.size + h]!;
    if (k >= 0) held |= 1 << k;
  }
  const nbr = scsMap.nbr[at]!;
  for (let k = 0; k < nbr.length; k++) {
    const n = nbr[k]!;
    const cost = entryCost(s, n);
    if (cost > mf) continue;
    if (s.control[n] === SOVIET) {
      if (((held >> k) & 1) === 0) out.push({ to: n, cost, battle: false });
    } else if (s.cfg.fortified[n] !== 1) {
      out.push({ to: n, cost, battle: true });
    }
  }
  return out;
}

/** SCS 3.7, 8.x, 10.x: army a, coming from `from` with `mf` left after paying to enter, attacks German hex h. */
export function startAttack(run: Run, a: number, from: number, h: number, mf: number): void {
  run.s.stack.push({ t: 'attack', a, from, h, mf, stage: 0, pocket: [], threat: false, relief: false });
}

/**
 * The attack of task `t`: stage 0 generates the defenders (8.3, 8.5, 8.9) and starts the battle
 * (or the hex falls to a marker-only force, 8.10); stage 1 carries out its result. When done the
 * task is off the stack and state.outcome.mf holds the MF left when the force won and may go on
 * (9.4), or -1 when its move is over.
 */
export function attackStep(run: Run, t: AttackTask): void {
  const s = run.s;
  const army = s.armies[t.a]!;
  const h = t.h;
  if (t.stage === 0) {
    s.stats.battles++;
    army.hex = h;
    t.pocket = cannotPocket(s.control, h) ? [] : pocketIfTaken(s.control, h, [], run.pockets);
    t.threat = t.pocket.length > 0;
    // SCS 8.9: units that held here fight again without a new roll; variant held-as-defense: as the
    // regular defence they were, even under a pocket threat (default held-as-relief: as the relief force)
    t.relief = t.threat && !(s.cfg.heldAsDefense && s.held[h]!.length > 0);
    if (t.threat) {
      s.stats.pocketsThreatened++;
      if (run.trace)
        log(
          run,
          'SCS 8.4',
          `entering ${scsMap.label(h)} threatens a pocket of ${t.pocket.map((p) => scsMap.label(p)).join(', ')}`,
        );
    }
    if (!generateDefenders(run, h, t.relief)) return; // SCS 4.8: the game is over
    t.stage = 1;
    if (markerOnly(s)) {
      dissolveMarkerOnly(run, h);
      s.outcome.won = true;
      s.outcome.mf = t.mf;
    } else startBattle(run, t.relief ? 'relief' : 'defense', h, t.a, t.mf);
    return;
  }
  s.stack.pop();
  s.outcome.mf = attackResult(run, t, s.outcome.won, s.outcome.mf);
}

/** SCS 8.6-8.9, 9.4-9.5: the consequences of the battle of attack `t`; the MF left, or -1 when the move (or, 4.8, the game) is over. */
function attackResult(run: Run, t: AttackTask, won: boolean, mf: number): number {
  const s = run.s;
  const army = s.armies[t.a]!;
  const { h, from, pocket, threat, relief } = t;
  const entry = threat ? [s.turn, pocket.length, won ? 1 : 0, 0] : null;
  if (threat) s.pocketLog.push(entry!);
  if (relief) {
    s.stats.reliefBattles++;
    if (won) s.stats.reliefSovietWins++;
    else s.stats.reliefGermanWins++;
  }
  if (!won) {
    // SCS 8.9, 10.1 step 9: survivors stay in place until Phase IV
    const held = s.held[h]!;
    while (s.engaged.length > 0) held.push(s.engaged.pop()!);
    if (army.steps > 0) army.hex = from;
    if (held.length === 0) delineateAround(run, h); // every defender died with the force: re-mark the hex
    return -1;
  }
  s.stats.battlesWon++;
  if (!threat) {
    if (!takeHex(run, h, `${army.id} won the battle`)) return -1; // SCS 4.8: the game is over
    return army.steps > 0 ? mf : -1; // variant mutual-wipeout-soviet-win: taken by a dead force
  }
  // SCS 8.6: the relief failed; the pocket tries to break out against the force in h
  const brokeOut = breakout(run, h, t.a, pocket);
  if (s.result !== '') return -1; // SCS 4.8: the pool was found empty drawing the breakout force
  if (brokeOut) {
    entry![3] = 1;
    if (!delineateAround(run, h)) return -1;
    for (const p of pocket) if (!delineateAround(run, p)) return -1;
    return -1;
  }
  // SCS 8.8, 10.13: the pocket (fortified localities included) falls with the bottleneck hex;
  // variant pocket-fortified-only: only its fortified localities do, the rest stays German
  setSoviet(run, h);
  const falls = s.cfg.pocketFortifiedOnly ? pocket.filter((p) => s.cfg.fortified[p] === 1) : pocket;
  for (const p of falls) setSoviet(run, p);
  if (run.trace)
    log(
      run,
      'SCS 8.8',
      `${scsMap.label(h)}${falls.length > 0 ? ` and ${falls.map((p) => scsMap.label(p)).join(', ')}` : ''} become Soviet-controlled`,
    );
  if (!delineateAround(run, h)) return -1;
  for (const p of pocket) if (!delineateAround(run, p)) return -1;
  checkLinkage(run);
  return army.steps > 0 ? mf : -1;
}

/** SCS 9.1: army a starts moving with its turn's MF (9.7). */
export function startActivation(run: Run, a: number): void {
  const s = run.s;
  const army = s.armies[a]!;
  const mf = s.cfg.mf[s.turn]!;
  s.active = a;
  if (run.trace)
    log(
      run,
      'SCS 9.1',
      `${army.id} Army (${army.steps} steps${s.host === a ? ' + 1E' : ''}) starts moving from ${scsMap.label(army.hex)} with ${mf} MF`,
    );
  s.stack.push({ t: 'move', a, mf, fought: false });
}

/** SCS 9.8: the force's move is over (Stop marker). */
function endMove(s: ScsState, m: MoveTask): void {
  s.armies[m.a]!.moved = true;
  s.active = -1;
  s.stack.pop();
}

/** SCS 9.7: the next step of moving force `m`; null when its move is over. */
export function stepDecision(run: Run, m: MoveTask): StepDecision | null {
  const s = run.s;
  if (m.fought) {
    m.fought = false;
    m.mf = s.outcome.mf;
    if (m.mf < 0) {
      endMove(s, m);
      return null;
    }
  }
  s.mf = m.mf;
  const options = stepOptions(s, s.armies[m.a]!.hex, m.mf);
  if (options.length === 1) {
    endMove(s, m);
    return null;
  }
  return { kind: 'step', side: 'soviet', rule: 'SCS 9.7', options };
}

/** SCS 9.7, 3.7: the force enters `o.to` (halting for a battle in a German hex) or stops. */
export function applyStep(run: Run, m: MoveTask, o: StepOption): void {
  const s = run.s;
  const army = s.armies[m.a]!;
  if (o.to < 0) {
    endMove(s, m);
    return;
  }
  m.mf -= o.cost;
  if (s.control[o.to] === GERMAN) {
    if (run.trace)
      log(
        run,
        'SCS 3.7',
        `${army.id} enters ${scsMap.label(o.to)} (${o.cost} MF, ${m.mf} left): movement halts for battle`,
      );
    m.fought = true;
    startAttack(run, m.a, army.hex, o.to, m.mf);
  } else army.hex = o.to;
}
