/**
 * SCS 10.x: battle rounds with the exact fire precedence of 10.1, hits applied immediately,
 * DRMs of 10.2-10.10 (cumulative, 1.4), VI Interceptor Corps (10.11), loss allocation (10.14, 6.3).
 * The defending counters live in `state.engaged` for the length of the battle.
 */
import type { ChanceNode } from '../../core/game.js';
import { memoize } from '../../core/memo.js';
import { fireDistribution, hitsOfDie } from './crt.js';
import type { AnotherRoundDecision, CommitViDecision, GermanLossDecision } from './decisions.js';
import { counterName, log, type Run, toNextTurnBox } from './engine.js';
import { scsMap } from './map.js';
import {
  type BattleStage,
  GUDERIAN,
  isCombatUnit,
  MECH,
  NONMECH,
  OPS_EC,
  RAID,
  ROTKOPF,
  type ScsState,
  type ScsTask,
  SECURITY,
  VIII_FK,
} from './state.js';

export type BattleKind = 'defense' | 'relief' | 'breakout';
type BattleTask = ScsTask & { t: 'battle' };
type LossesTask = ScsTask & { t: 'losses' };

/**
 * Variant relief-to-the-death: most rounds of a relief battle fought out of MF. A guard, not a rule:
 * under a custom CRT where no die can hit (hitOn_* 7 with no DRM) the battle would never end; it is
 * then lost as out of MF (9.6).
 */
const FREE_ROUNDS_CAP = 100;

/** The two answers of a yes/no decision (10.11, 10.1 step 10). */
const NO_YES: readonly boolean[] = [false, true];

/** The German combat unit types in narration (index = type). */
export const TYPE_WORD = ['mechanized', 'non-mechanized', 'security'];

/** Counts of the engaged German counters by type (index = type). */
export function engagedCounts(s: ScsState, out: number[]): number[] {
  for (let i = 0; i < out.length; i++) out[i] = 0; // a loop: Array.prototype.fill is slower on these small arrays
  for (const id of s.engaged) out[s.gType[id]!]!++;
  return out;
}

/** Rolls `n` dice on one column; returns the hits. Dice go to `dice` when narrating. */
export function fire(
  run: Run,
  n: number,
  hitOn: number,
  drm: number,
  doubleSix: boolean,
  dice: number[] | null,
): number {
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const d = run.combatDie();
    if (dice !== null) dice.push(d);
    hits += hitsOfDie(d, hitOn, drm, doubleSix);
  }
  return hits;
}

/** Soviet steps in the force of army a (with 1E when it is the host, 6.3). */
export function forceSteps(s: ScsState, a: number): number {
  const e = s.armies[s.armies.length - 1]!;
  return s.armies[a]!.steps + (s.host === a ? e.steps : 0);
}

/** SCS 6.3, 10.14: hits on a Soviet force: 1E absorbs them all first, then its host. */
export function applySovietHits(run: Run, a: number, hits: number): void {
  const s = run.s;
  const e = s.armies[s.armies.length - 1]!;
  const army = s.armies[a]!;
  for (let k = 0; k < hits; k++) {
    if (s.host === a && e.steps > 0) {
      e.steps--;
      s.stepsLost++;
      s.stats.sovietStepsLost++;
      if (e.steps === 0) {
        e.hex = -1;
        s.host = -1;
        if (run.trace) log(run, 'SCS 6.3', '1E eliminated (it absorbs losses first)');
      }
    } else if (army.steps > 0) {
      army.steps--;
      s.stepsLost++;
      s.stats.sovietStepsLost++;
      if (army.steps === 0) {
        army.hex = -1;
        s.stats.armiesDestroyed++;
        if (run.trace) log(run, 'SCS 7.4', `${army.id} Army destroyed: dead pile, never returns`);
      }
    } else break;
  }
}

/** SCS 10.14: the player apportions `hits` among the engaged German units (a losses task); support markers never die (10.12). */
function germanHits(run: Run, hits: number): void {
  if (hits > 0) run.s.stack.push({ t: 'losses', hits, k: 0 });
}

/** SCS 10.14: the type of the next engaged German unit to die; null when the hits are spent or no unit is left. */
export function lossDecision(run: Run, task: LossesTask): GermanLossDecision | null {
  const s = run.s;
  if (task.k < task.hits) {
    const counts = engagedCounts(s, [0, 0, 0, 0, 0, 0, 0, 0]);
    const types: number[] = [];
    for (let t = MECH; t <= SECURITY; t++) if (counts[t]! > 0) types.push(t);
    if (types.length > 0) return { kind: 'germanLoss', side: 'soviet', rule: 'SCS 10.14', options: types };
  }
  s.stack.pop();
  return null;
}

/** SCS 10.14, 7.6: one engaged unit of type t is eliminated and regroups in the next turn's box. */
export function applyLoss(run: Run, task: LossesTask, t: number): void {
  const s = run.s;
  let j = s.engaged.length - 1;
  while (s.gType[s.engaged[j]!] !== t) j--;
  const id = s.engaged[j]!;
  s.engaged.splice(j, 1);
  toNextTurnBox(run, id); // SCS 7.6: eliminated units regroup next turn
  s.stats.germanEliminated++;
  task.k++;
  if (run.trace) log(run, 'SCS 7.6', `${counterName(run, id)} eliminated: to the next turn's box`);
}

export interface Drm {
  mech: number;
  nonMech: number;
  security: number;
  soviet: number;
}

/** SCS 10.2, 10.4, 10.6-10.10, 1.4: the DRMs of one round. */
export function roundDrm(
  run: Run,
  kind: BattleKind,
  h: number,
  round: number,
  counts: number[],
  out: Drm,
): Drm {
  const cfg = run.s.cfg;
  const supportOn = !(cfg.reliefIgnoresSupport && kind !== 'defense');
  let all = kind === 'defense' ? 0 : 1; // SCS 10.2 relief +1 every round; 8.6 breakout +1
  if (supportOn) {
    const viii = counts[VIII_FK]! > 0 ? 1 : 0;
    const gud = counts[GUDERIAN]! > 0 ? 1 : 0;
    // SCS 1.4 cumulative (+2 with both) or the 10.8 errata read as "and/or" (+1 in total)
    all += cfg.viiiGuderianCumulative ? viii + gud : Math.max(viii, gud);
    if (round === 1 && counts[OPS_EC]! > 0) all += 1; // SCS 10.8: first round only
  }
  const rot = supportOn && counts[ROTKOPF]! > 0 ? 1 : 0; // SCS 10.9: non-security only
  out.mech = all + rot - (cfg.forest[h] === 1 ? 1 : 0); // SCS 10.4: mechanized -1 in forest
  out.nonMech = all + rot;
  out.security = all;
  out.soviet = round === 1 && supportOn ? counts[RAID]! : 0; // SCS 10.10: Raid +1, first round
  if (kind === 'breakout') out.soviet = 0;
  return out;
}

/**
 * Starts a battle in hex h between army a's force and the engaged German counters, fought round
 * after round (10.1, 10.3; relief 10.2) until one side is gone or the Soviet player breaks off
 * (9.5), each round after the first costing 1 MF (9.3). Support markers go to the next turn's box
 * at the end (10.6-10.9), a Raid after round 1 (10.10); survivors stay in place (8.9) by the
 * caller. When the battle task is done, state.outcome holds whether the Soviets won and the MF left.
 */
export function startBattle(run: Run, kind: 'defense' | 'relief', h: number, a: number, mf: number): void {
  const s = run.s;
  const army = s.armies[a]!;
  // SCS 10.1 step 1, 10.2: primary fire only in the first round of a shock army's first attack of the turn, never vs relief
  const primary = army.type === 'shock' && !army.attacked && kind === 'defense';
  // variant relief-keeps-primary: a relief battle (a German attack, 10.2) is not the army's first attack
  if (army.type === 'shock' && (kind === 'defense' || !s.cfg.reliefKeepsPrimary)) army.attacked = true;
  s.battle = { hex: h, kind, round: 0, mech: 0, nonMech: 0, security: 0, supports: 0 };
  s.stack.push({
    t: 'battle',
    kind,
    h,
    a,
    primary,
    mf,
    round: 1,
    stage: 'round',
    vi: false,
    drm: [0, 0, 0, 0],
  });
}

/**
 * One fire step of a round (10.1): `n` dice on one column and `n2` on another (step 4: the army
 * and 1E), each die scoring hitsOfDie; null when the step does not fire.
 */
export interface Volley {
  readonly n: number;
  readonly hitOn: number;
  readonly n2: number;
  readonly hitOn2: number;
  readonly drm: number;
  readonly doubleSix: boolean;
}

/** A volley on one column. */
function one(n: number, hitOn: number, drm: number, doubleSix = false): Volley {
  return { n, hitOn, n2: 0, hitOn2: 0, drm, doubleSix };
}

/** The fire of battle `b`'s current stage, or null when it does not fire (10.1 steps 1-6). */
function volleyOf(run: Run, b: BattleTask): Volley | null {
  const s = run.s;
  const hit = s.cfg.hit;
  const army = s.armies[b.a]!;
  switch (b.stage) {
    case 'primary':
      // 1) shock primary
      return b.primary && b.round === 1
        ? one(army.steps, hit.shockPrimary, b.drm[3], s.cfg.shockDoubleSix)
        : null;
    case 'mech':
    case 'nonmech':
    case 'security': {
      // 2) German mechanized, 3) non-mechanized, 5) security: skipped once the Soviet force is gone
      const type = b.stage === 'mech' ? MECH : b.stage === 'nonmech' ? NONMECH : SECURITY;
      let n = 0;
      for (const id of s.engaged) if (s.gType[id] === type) n++;
      if (n === 0 || forceSteps(s, b.a) === 0) return null;
      const hitOn = type === MECH ? hit.mech : type === NONMECH ? hit.nonMech : hit.security;
      return one(n, hitOn, b.drm[type]!);
    }
    case 'soviet': {
      // 4) shock secondary and every other Soviet unit (1E included)
      if (forceSteps(s, b.a) === 0) return null;
      const e = s.armies[s.armies.length - 1]!;
      const n = !(b.primary && b.round === 1) && army.steps > 0 ? army.steps : 0;
      const n2 = s.host === b.a && e.steps > 0 ? e.steps : 0;
      if (n + n2 === 0) return null;
      return {
        n,
        hitOn: army.type === 'shock' ? hit.shockSecondary : hit.combined,
        n2,
        hitOn2: hit.combined,
        drm: b.drm[3],
        doubleSix: false,
      };
    }
    case 'vi': {
      // 6) VI Interceptor Corps: one unmodified die per involved German unit
      if (!b.vi) return null;
      const counts = engagedCounts(s, [0, 0, 0, 0, 0, 0, 0, 0]);
      return one(counts[MECH]! + counts[NONMECH]! + counts[SECURITY]!, hit.vi, 0);
    }
    default:
      return null;
  }
}

const NEXT_STAGE: Readonly<Record<BattleStage, BattleStage>> = {
  round: 'primary',
  primary: 'mech',
  mech: 'nonmech',
  nonmech: 'soviet',
  soviet: 'security',
  security: 'vi',
  vi: 'end',
  end: 'end',
};

const STAGE_RULE: Readonly<Record<BattleStage, string>> = {
  round: 'SCS 10.1',
  primary: 'SCS 10.1 step 1',
  mech: 'SCS 10.1 step 2',
  nonmech: 'SCS 10.1 step 3',
  soviet: 'SCS 10.1 step 4',
  security: 'SCS 10.1 step 5',
  vi: 'SCS 10.1 step 6',
  end: 'SCS 10.1',
};

/**
 * Explicit-chance mode: the exact distribution of a volley's hits (index = hits), from crt.ts's
 * enumeration of hitsOfDie (two columns convolved).
 */
function volleyChance(b: BattleTask, v: Volley): ChanceNode {
  return fireChance(STAGE_RULE[b.stage], v);
}

/** The chance point of volley `v` fired under `rule`: its hits' exact distribution (index = hits). */
export function fireChance(rule: string, v: Volley): ChanceNode {
  const r = RULE_INDEX.indexOf(rule);
  // packed: rule, dice and hit number of both columns, DRM (offset 32), double six
  return chanceOf(
    ((((r * 64 + v.n) * 16 + v.hitOn) * 64 + v.n2) * 16 + v.hitOn2) * 128 +
      (v.drm + 32) * 2 +
      (v.doubleSix ? 1 : 0),
  );
}

/** The rules a volley fires under (index packed into chanceOf's key). */
const RULE_INDEX = [...new Set(Object.values(STAGE_RULE))];

/** A volley's chance point by packed key (see fireChance); shared, never changed. */
const chanceOf = memoize((key: number): ChanceNode => {
  const doubleSix = key % 2 === 1;
  const drm = (Math.floor(key / 2) % 64) - 32;
  let k = Math.floor(key / 128);
  const hitOn2 = k % 16;
  k = Math.floor(k / 16);
  const n2 = k % 64;
  k = Math.floor(k / 64);
  const hitOn = k % 16;
  k = Math.floor(k / 16);
  const n = k % 64;
  const rule = RULE_INDEX[Math.floor(k / 64)]!;
  let dist = fireDistribution(n, hitOn, drm, doubleSix);
  if (n2 > 0) {
    const d2 = fireDistribution(n2, hitOn2, drm, false);
    const out = new Array<number>(dist.length + d2.length - 1).fill(0);
    for (let i = 0; i < dist.length; i++)
      for (let j = 0; j < d2.length; j++) out[i + j]! += dist[i]! * d2[j]!;
    dist = out;
  }
  return {
    kind: 'chance',
    side: 'chance',
    rule,
    what: `${n + n2} combat dice`,
    outcomes: dist.map((p, h) => ({ label: `${h} hit(s)`, p })),
  };
});

/** The hits of a volley rolled with the combat dice (their faces into `dice` when narrating). */
function rollVolley(run: Run, v: Volley, dice: number[] | null): number {
  return fire(run, v.n, v.hitOn, v.drm, v.doubleSix, dice) + fire(run, v.n2, v.hitOn2, v.drm, false, dice);
}

/**
 * Carries out `hits` of the volley of battle `b`'s current stage (narrated with `dice` when rolled)
 * and moves on to the next stage; German losses go through a losses task (10.14).
 */
function resolveVolley(run: Run, b: BattleTask, v: Volley, hits: number, dice: number[] | null): void {
  const s = run.s;
  const army = s.armies[b.a]!;
  const stage = b.stage;
  b.stage = NEXT_STAGE[stage];
  const d = dice ?? [];
  switch (stage) {
    case 'primary':
      if (run.trace)
        log(
          run,
          'SCS 10.1 step 1',
          `${army.id} shock primary fire, ${v.n} dice (hit on ${v.hitOn}, DRM +${v.drm}): ${hits} hit(s)`,
          d,
        );
      germanHits(run, hits);
      return;
    case 'mech':
    case 'nonmech':
    case 'security': {
      if (run.trace) {
        const type = stage === 'mech' ? MECH : stage === 'nonmech' ? NONMECH : SECURITY;
        log(
          run,
          STAGE_RULE[stage],
          `${v.n} German ${TYPE_WORD[type]} fire at ${scsMap.label(b.h)} (hit on ${v.hitOn}, DRM ${v.drm >= 0 ? '+' : ''}${v.drm}): ${hits} hit(s)`,
          d,
        );
      }
      applySovietHits(run, b.a, hits);
      return;
    }
    case 'soviet':
      if (run.trace)
        log(run, 'SCS 10.1 step 4', `Soviet fire, ${v.n + v.n2} dice (DRM +${v.drm}): ${hits} hit(s)`, d);
      germanHits(run, hits);
      return;
    case 'vi':
      if (run.trace)
        log(
          run,
          'SCS 10.1 step 6',
          `VI Interceptor Corps, ${v.n} dice (hit on ${v.hitOn}, unmodified): ${hits} hit(s)`,
          d,
        );
      germanHits(run, hits);
      return;
  }
}

/** Explicit-chance mode: outcome `hits` of the volley pending in battle `b`. */
export function applyVolley(run: Run, b: BattleTask, hits: number): void {
  const v = volleyOf(run, b);
  if (v === null) throw new Error(`SCS: no volley pending in stage ${b.stage}`);
  resolveVolley(run, b, v, hits, null);
}

/**
 * Runs battle `b` to its next decision (VI IC commitment, another round) or, in explicit-chance
 * mode, its next volley (a chance point), in the exact fire precedence of 10.1, hits applied
 * immediately (German losses through a losses task); null when it has pushed a losses task or ended.
 */
export function battleStep(
  run: Run,
  b: BattleTask,
): CommitViDecision | AnotherRoundDecision | ChanceNode | null {
  const s = run.s;
  const cfg = s.cfg;
  const a = b.a;
  const h = b.h;
  const army = s.armies[a]!;
  const counts = [0, 0, 0, 0, 0, 0, 0, 0];
  for (;;) {
    switch (b.stage) {
      case 'round': {
        engagedCounts(s, counts);
        const drm = roundDrm(run, b.kind, h, b.round, counts, {
          mech: 0,
          nonMech: 0,
          security: 0,
          soviet: 0,
        });
        b.drm[0] = drm.mech;
        b.drm[1] = drm.nonMech;
        b.drm[2] = drm.security;
        b.drm[3] = drm.soviet;
        const bv = s.battle!;
        bv.round = b.round;
        bv.mech = counts[MECH]!;
        bv.nonMech = counts[NONMECH]!;
        bv.security = counts[SECURITY]!;
        bv.supports = s.engaged.length - bv.mech - bv.nonMech - bv.security;
        if (run.trace) {
          log(
            run,
            b.kind === 'relief' ? 'SCS 10.2' : 'SCS 10.1',
            `${b.kind === 'relief' ? 'relief battle' : 'battle'} for ${scsMap.label(h)}, round ${b.round}: ${army.id} (${forceSteps(s, a)} steps${s.host === a ? ' with 1E' : ''}) vs ${s.engaged.map((id) => counterName(run, id)).join(', ')}`,
          );
        }
        b.stage = 'primary';
        b.vi = false;
        // SCS 10.11: VI Interceptor Corps, once per turn, committed in the round the player chooses
        if (s.viReady) return { kind: 'commitVI', side: 'soviet', rule: 'SCS 10.11', options: NO_YES };
        break;
      }
      case 'end': {
        // SCS 10.10: the Raid marker leaves after the first round
        if (b.round === 1) {
          for (let j = s.engaged.length - 1; j >= 0; j--) {
            const id = s.engaged[j]!;
            if (s.gType[id] === RAID) {
              s.engaged.splice(j, 1);
              toNextTurnBox(run, id);
            }
          }
        }
        // 7-10) end of round
        engagedCounts(s, counts);
        const germans = counts[MECH]! + counts[NONMECH]! + counts[SECURITY]!;
        // both sides gone in one round (the VI IC fires last). Default mutual-wipeout-german-hold: with no
        // force left to take the hex the battle is lost; variant mutual-wipeout-soviet-win: step 8 comes first
        if (forceSteps(s, a) === 0 && !(germans === 0 && cfg.mutualWipeoutSovietWin)) {
          if (run.trace)
            log(run, 'SCS 10.1 step 9', `${army.id} force eliminated: German victory in ${scsMap.label(h)}`);
          endBattle(run, b, false);
          return null;
        }
        if (germans === 0) {
          if (run.trace)
            log(run, 'SCS 10.1 step 8', `all German units in ${scsMap.label(h)} eliminated: Soviet victory`);
          endBattle(run, b, true);
          return null;
        }
        const bv = s.battle!;
        bv.mech = counts[MECH]!;
        bv.nonMech = counts[NONMECH]!;
        bv.security = counts[SECURITY]!;
        // SCS 9.3, 9.5, 10.1 step 10: another round costs 1 MF; otherwise the battle is lost.
        // Variant relief-to-the-death (10.2): a relief battle goes on out of MF, the player may break off
        if (b.mf >= 1 || (b.kind === 'relief' && cfg.reliefToTheDeath && b.round < FREE_ROUNDS_CAP))
          return { kind: 'anotherRound', side: 'soviet', rule: 'SCS 9.3, 10.1 step 10', options: NO_YES };
        breakOff(run, b, false);
        return null;
      }
      default: {
        const v = volleyOf(run, b);
        if (v === null) {
          b.stage = NEXT_STAGE[b.stage];
          break;
        }
        if (run.explicitChance) return volleyChance(b, v);
        const dice = run.trace ? ([] as number[]) : null;
        resolveVolley(run, b, v, rollVolley(run, v, dice), dice);
        if (s.stack[s.stack.length - 1] !== b) return null; // a losses task to carry out first
        break;
      }
    }
  }
}

/** SCS 10.11: the VI Interceptor Corps committed (or held) in this round. */
export function applyCommitVI(run: Run, b: BattleTask, commit: boolean): void {
  b.vi = commit;
  if (commit) run.s.viReady = false;
}

/** SCS 9.3, 10.1 step 10: another round for 1 MF, or the battle is lost (9.5). */
export function applyAnotherRound(run: Run, b: BattleTask, again: boolean): void {
  if (!again) {
    breakOff(run, b, true);
    return;
  }
  if (b.mf >= 1) b.mf -= 1; // SCS 9.3 (a relief round out of MF is free: variant relief-to-the-death)
  b.round++;
  b.stage = 'round';
}

/** SCS 9.5, 9.6: the force breaks off (`chosen`) or is out of MF: the battle is lost. */
function breakOff(run: Run, b: BattleTask, chosen: boolean): void {
  if (run.trace)
    log(
      run,
      'SCS 9.5',
      `${run.s.armies[b.a]!.id} ${chosen ? 'breaks off' : 'is out of MF'}: stymied at ${scsMap.label(b.h)}`,
    );
  endBattle(run, b, false);
}

/** SCS 10.6-10.9, 8.10: support markers of a finished battle go to the next turn's box; the battle task ends with its result. */
function endBattle(run: Run, b: BattleTask, won: boolean): void {
  const s = run.s;
  for (let j = s.engaged.length - 1; j >= 0; j--) {
    const id = s.engaged[j]!;
    if (!isCombatUnit(s.gType[id]!)) {
      s.engaged.splice(j, 1);
      toNextTurnBox(run, id);
    }
  }
  s.battle = null;
  s.stack.pop();
  s.outcome.won = won;
  s.outcome.mf = b.mf;
}
