/**
 * SCS 8.x: German defending force generation — garrisons (8.3), relief forces (8.5), breakout
 * forces and their half-round of fire (8.6-8.8), defenders that held (8.9) and marker-only defences (8.10).
 */
import {
  applySovietHits,
  engagedCounts,
  fire,
  fireChance,
  forceSteps,
  roundDrm,
  TYPE_WORD,
  type Volley,
} from './combat.js';
import { generatedUnits } from './crt.js';
import { counterName, log, type Run, toNextTurnBox } from './engine.js';
import { scsMap } from './map.js';
import { drawForBattle, guderianBarred, redrawGuderian } from './pool.js';
import { isCombatUnit, MECH, NONMECH, type ScsState, SECURITY } from './state.js';

/** True when the engaged force holds no combat unit (8.10). */
export function markerOnly(s: ScsState): boolean {
  for (const id of s.engaged) if (isCombatUnit(s.gType[id]!)) return false;
  return true;
}

/**
 * Fills `state.engaged` with the defenders of hex h: the units that held there this phase (8.9), or
 * the flipped marker (3.7) plus 1d6-1 draws (8.3) or, when a pocket is threatened, 1d6 (8.5).
 * False when the pool is found empty (4.8: the game is over).
 */
export function generateDefenders(run: Run, h: number, relief: boolean): boolean {
  const s = run.s;
  const held = s.held[h]!;
  if (held.length > 0) {
    // SCS 8.9: use the force already in place, no new roll
    while (held.length > 0) s.engaged.push(held.pop()!);
    if (run.trace)
      log(
        run,
        'SCS 8.9',
        `${scsMap.label(h)} is defended by the units that held there: ${s.engaged.map((id) => counterName(run, id)).join(', ')}`,
      );
    return true;
  }
  const die = run.genDie();
  let n = generatedUnits(die, relief ? 'relief' : 'garrison');
  const m = s.marker[h]!;
  s.marker[h] = -1;
  if (m >= 0) {
    // SCS 3.7: flip the marker. 10.7: Guderian outside rows 09+ is replaced by a draw and returns to the pool
    if (guderianBarred(s, m, h)) {
      if (run.trace) log(run, 'SCS 10.7', `marker in ${scsMap.label(h)} is Guderian (row below 09): redraw`);
      if (!redrawGuderian(run, m, h, s.engaged)) return false;
    } else s.engaged.push(m);
    if (s.cfg.markerInGarrison) {
      // variant: the flipped marker is one of the generated defenders
      if (n === 0) {
        const back = s.engaged.pop()!;
        s.pool.push(back);
        if (run.trace)
          log(
            run,
            'SCS 8.3',
            `${scsMap.label(h)}: die ${die}, no defenders; the marker returns to the pool`,
            [die],
          );
        return true;
      }
      n -= 1;
    }
  }
  for (let k = 0; k < n; k++) if (!drawForBattle(run, h, s.engaged)) return false;
  if (run.trace) {
    log(
      run,
      relief ? 'SCS 8.5' : 'SCS 8.3',
      `${scsMap.label(h)}: ${relief ? 'relief force 1d6' : 'garrison 1d6-1'} = ${generatedUnits(die, relief ? 'relief' : 'garrison')}; force ${s.engaged.map((id) => counterName(run, id)).join(', ')}`,
      [die],
    );
  }
  return true;
}

/** SCS 8.10: a marker-only force: markers to the next turn's box; the hex falls without a fight. */
export function dissolveMarkerOnly(run: Run, h: number): void {
  const s = run.s;
  if (run.trace)
    log(run, 'SCS 8.10', `${scsMap.label(h)} is defended by support markers only: it falls without a fight`);
  while (s.engaged.length > 0) toNextTurnBox(run, s.engaged.pop()!);
  s.stats.markerOnlyFalls++;
}

/**
 * SCS 8.6-8.8: the breakout attack from pocket `pocket` against army a in hex h, after the relief
 * failed. Returns true when the breakout succeeds (the Soviet force is destroyed); false also
 * when the pool is found empty while drawing its force (4.8: the game is over, state.result set).
 * On success the involved units return to the pool (8.7); on failure every pocketed counter is
 * set aside until the next Phase I (8.8). The caller changes control.
 */
export function breakout(run: Run, h: number, a: number, pocket: readonly number[]): boolean {
  const s = run.s;
  s.stats.breakouts++;
  let n = 0;
  const dice: number[] = [];
  for (let k = 0; k < pocket.length; k++) {
    const d = run.genDie();
    dice.push(d);
    n += generatedUnits(d, 'breakout');
  }
  // SCS 8.6: the pocket's own counters (markers, flipped, and units that held there) break out first
  for (const p of pocket) {
    if (s.engaged.length >= n) break;
    const m = s.marker[p]!;
    if (m >= 0) {
      s.marker[p] = -1;
      if (guderianBarred(s, m, h)) {
        // SCS 10.7: the breakout is fought in h; Guderian outside rows 09+ is replaced by another
        // counter drawn from the pool and goes back into the pool
        if (run.trace)
          log(
            run,
            'SCS 10.7',
            `pocket marker in ${scsMap.label(p)} is Guderian, battle in ${scsMap.label(h)} (row below 09): redraw`,
          );
        if (!redrawGuderian(run, m, h, s.engaged)) return false;
      } else s.engaged.push(m);
    }
    const held = s.held[p]!;
    while (held.length > 0 && s.engaged.length < n) s.engaged.push(held.pop()!);
  }
  // variant breakout-pool-draws (default): the rest are drawn from the pool
  if (!s.cfg.breakoutPocketOnly)
    while (s.engaged.length < n) if (!drawForBattle(run, h, s.engaged)) return false;
  if (run.trace) {
    log(
      run,
      'SCS 8.6',
      `breakout from the ${pocket.length}-hex pocket ${pocket.map((p) => scsMap.ids[p]).join('+')}: 1d6-1 per hex = ${n}; force ${s.engaged.map((id) => counterName(run, id)).join(', ') || 'none'}`,
      dice,
    );
  }
  const success = !markerOnly(s) && breakoutFire(run, h, a);
  if (success) {
    // SCS 8.7: the breakout restores German control; involved units back to the pool
    s.stats.breakoutGermanWins++;
    if (run.trace)
      log(
        run,
        'SCS 8.7',
        `breakout succeeds: ${scsMap.label(h)} stays German; the involved units return to the pool`,
      );
    while (s.engaged.length > 0) {
      const id = s.engaged.pop()!;
      if (isCombatUnit(s.gType[id]!)) s.pool.push(id);
      else toNextTurnBox(run, id);
    }
    return true;
  }
  // SCS 8.8: failed breakout: every pocketed counter is set aside until next Phase I
  let units = 0;
  while (s.engaged.length > 0) {
    const id = s.engaged.pop()!;
    if (isCombatUnit(s.gType[id]!)) units++;
    s.aside.push(id);
  }
  for (const p of pocket) {
    if (s.marker[p]! >= 0) {
      if (isCombatUnit(s.gType[s.marker[p]!]!)) units++;
      s.aside.push(s.marker[p]!);
      s.marker[p] = -1;
    }
    const held = s.held[p]!;
    while (held.length > 0) {
      units++;
      s.aside.push(held.pop()!);
    }
  }
  s.stats.germanPocketed += units;
  if (run.trace)
    log(
      run,
      'SCS 8.8',
      `breakout fails: ${units} pocketed German unit(s) set aside until next turn's Phase I`,
    );
  return false;
}

/** SCS 10.1 steps 2, 3 and 5: the fire of German mechanized, non-mechanized and security units. */
const GERMAN_FIRE_RULE = ['SCS 10.1 step 2', 'SCS 10.1 step 3', 'SCS 10.1 step 5'];

function germanFire(
  run: Run,
  a: number,
  type: number,
  n: number,
  hitOn: number,
  drm: number,
  h: number,
): void {
  if (n === 0 || forceSteps(run.s, a) === 0) return;
  if (run.chanceOutcome !== null) {
    // enumerate.ts: the volley's hits as an outcome of their exact distribution (8.6 breakout odds)
    const v: Volley = { n, hitOn, n2: 0, hitOn2: 0, drm, doubleSix: false };
    applySovietHits(run, a, run.chanceOutcome(fireChance(GERMAN_FIRE_RULE[type]!, v)));
    return;
  }
  const dice = run.trace ? ([] as number[]) : null;
  const hits = fire(run, n, hitOn, drm, false, dice);
  if (run.trace) {
    log(
      run,
      GERMAN_FIRE_RULE[type]!,
      `${n} German ${TYPE_WORD[type]} fire at ${scsMap.label(h)} (hit on ${hitOn}, DRM ${drm >= 0 ? '+' : ''}${drm}): ${hits} hit(s)`,
      dice!,
    );
  }
  applySovietHits(run, a, hits);
}

/**
 * SCS 8.6: the breakout attack, one half-round of German fire with +1 and no Soviet return fire,
 * in precedence order (mechanized, non-mechanized, security). True when the Soviet force is destroyed.
 */
export function breakoutFire(run: Run, h: number, a: number): boolean {
  const s = run.s;
  const counts = engagedCounts(s, [0, 0, 0, 0, 0, 0, 0, 0]);
  const drm = roundDrm(run, 'breakout', h, 1, counts, { mech: 0, nonMech: 0, security: 0, soviet: 0 });
  run.s.battle = {
    hex: h,
    kind: 'breakout',
    round: 1,
    mech: counts[MECH]!,
    nonMech: counts[NONMECH]!,
    security: counts[SECURITY]!,
    supports: 0,
  };
  germanFire(run, a, MECH, counts[MECH]!, s.cfg.hit.mech, drm.mech, h);
  germanFire(run, a, NONMECH, counts[NONMECH]!, s.cfg.hit.nonMech, drm.nonMech, h);
  germanFire(run, a, SECURITY, counts[SECURITY]!, s.cfg.hit.security, drm.security, h);
  run.s.battle = null;
  return forceSteps(s, a) === 0;
}
