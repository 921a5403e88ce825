/**
 * SCS 9.x: one force at a time (9.1) moves hex by hex paying terrain costs (9.7, 9.10); entering a
 * German hex halts it for a battle at no extra cost (3.7, 9.2); winning lets it exploit (9.4);
 * losing sends it back to the hex it came from, its move over (9.5).
 */
import { fightBattle } from './combat.js';
import { checkLinkage, delineateAround, setSoviet, takeHex } from './control.js';
import { decide, log, type Run } from './engine.js';
import { breakout, dissolveMarkerOnly, generateDefenders, markerOnly } from './forces.js';
import { scsMap } from './map.js';
import { pocketIfTaken } from './pockets.js';
import { GERMAN, type ScsState, SOVIET } from './state.js';

export interface StepOption {
  /** Hex to enter, or -1 to stop. */
  readonly to: number;
  readonly cost: number;
  /** Entering starts a battle (German hex, 3.7). */
  readonly battle: boolean;
}

const STOP: StepOption = { to: -1, cost: 0, battle: false };

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
  for (const n of scsMap.nbr[at]!) {
    const cost = entryCost(s, n);
    if (cost > mf) continue;
    if (s.control[n] === SOVIET) {
      if (armyAt(s, n) === -1) out.push({ to: n, cost, battle: false });
    } else if (s.cfg.fortified[n] !== 1) {
      out.push({ to: n, cost, battle: true });
    }
  }
  return out;
}

/**
 * SCS 3.7, 8.x, 10.x: army a, coming from `from` with `mf` left after paying to enter, attacks
 * German hex h. Returns the MF left when it won and may go on (9.4), or -1 when its move is over.
 */
export function attackHex(run: Run, a: number, from: number, h: number, mf: number): number {
  const s = run.s;
  const army = s.armies[a]!;
  s.stats.battles++;
  army.hex = h;
  const pocket = pocketIfTaken(s.control, h, []);
  const threat = pocket.length > 0;
  // SCS 8.9: units that held here fight again without a new roll; variant held-as-defense: as the
  // regular defence they were, even under a pocket threat (default held-as-relief: as the relief force)
  const relief = threat && !(s.cfg.heldAsDefense && s.held[h]!.length > 0);
  if (threat) {
    s.stats.pocketsThreatened++;
    if (run.trace)
      log(
        run,
        'SCS 8.4',
        `entering ${scsMap.label(h)} threatens a pocket of ${pocket.map((p) => scsMap.label(p)).join(', ')}`,
      );
  }
  generateDefenders(run, h, relief);
  let won: boolean;
  if (markerOnly(s)) {
    dissolveMarkerOnly(run, h);
    won = true;
  } else {
    const out = fightBattle(run, relief ? 'relief' : 'defense', h, a, mf);
    won = out.won;
    mf = out.mf;
  }
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
    takeHex(run, h, `${army.id} won the battle`);
    return army.steps > 0 ? mf : -1; // variant mutual-wipeout-soviet-win: taken by a dead force
  }
  // SCS 8.6: the relief failed; the pocket tries to break out against the force in h
  if (breakout(run, h, a, pocket)) {
    entry![3] = 1;
    delineateAround(run, h);
    for (const p of pocket) delineateAround(run, p);
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
  delineateAround(run, h);
  for (const p of pocket) delineateAround(run, p);
  checkLinkage(run);
  return army.steps > 0 ? mf : -1;
}

/** SCS 9.1: moves and fights army a's force to completion; the policy picks each step. */
export function activate(run: Run, a: number): void {
  const s = run.s;
  const army = s.armies[a]!;
  let mf = s.cfg.mf[s.turn]!;
  run.view.active = a;
  if (run.trace)
    log(
      run,
      'SCS 9.1',
      `${army.id} Army (${army.steps} steps${s.host === a ? ' + 1E' : ''}) starts moving from ${scsMap.label(army.hex)} with ${mf} MF`,
    );
  for (;;) {
    run.view.mf = mf;
    const options = stepOptions(s, army.hex, mf);
    if (options.length === 1) break;
    const o =
      options[
        decide(run, 'step', 'SCS 9.7', options, (x) =>
          x.to < 0 ? 'stop' : `${x.battle ? 'attack' : 'move to'} ${scsMap.label(x.to)}`,
        )
      ]!;
    if (o.to < 0) break;
    mf -= o.cost;
    if (s.control[o.to] === GERMAN) {
      const from = army.hex;
      if (run.trace)
        log(
          run,
          'SCS 3.7',
          `${army.id} enters ${scsMap.label(o.to)} (${o.cost} MF, ${mf} left): movement halts for battle`,
        );
      mf = attackHex(run, a, from, o.to, mf);
      run.ctx.onStep?.(s);
      if (mf < 0) break;
    } else {
      army.hex = o.to;
      run.ctx.onStep?.(s);
    }
  }
  army.moved = true; // SCS 9.8: Stop marker
  run.view.active = -1;
}
