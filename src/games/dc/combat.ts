/**
 * Combat (DC 13, 10.C, 18): the attacker picks the order of battles (those where the defender
 * out-fires the attacker first), then each battle runs to its end: German air (13.A.4), all-out
 * declarations (13.B.8), rounds of normal fire (defender first) or simultaneous fire (13.B.1-3),
 * loss allocation one loss at a time (13.B.2), fortress reduction and bonus (10.C) and field
 * fortifications (18), retreat or hold, advance after combat (13.B.4-5) and control (20).
 */
import type { ChanceNode } from '../../core/game.js';
import { unreachable } from '../../core/kernel.js';
import { afterAirCombat, afterFire, fireRoll } from './battle-dice.js';
import { valueNode } from './chance.js';
import type { AirOption, AllOutOption, BattleOption, ContinueOption, DcDecision } from './decisions.js';
import { airAtOrigins, attackAir, fireTotal, rawFire } from './firepower.js';
import { lossOptions, takeLoss } from './losses.js';
import { weatherAt } from './movement.js';
import { tell } from './narrate.js';
import { paraEscorts, paraFire, paraShot, paraTargets } from './paratroops.js';
import { finish } from './retreat.js';
import { type Battle, type DcState, type DcTask, other, SIDE_IDS, type SideIx } from './state.js';
import { inSupply, mapOf } from './supply.js';
import { airCombat, airCombatOdds, hqOptions, isSupport, sovietAir } from './support.js';
import type { DcWorkspace } from './workspace.js';

const MAX_ROUNDS = 60;

function dec<K extends DcDecision['kind']>(
  kind: K,
  side: SideIx,
  rule: string,
  options: Extract<DcDecision, { readonly kind: K }>['options'],
): Extract<DcDecision, { readonly kind: K }> {
  return { kind, side: SIDE_IDS[side], rule, options } as unknown as Extract<
    DcDecision,
    { readonly kind: K }
  >;
}

/** Points the side's committed attackers will assault this phase, in point order. */
export function pendingBattles(s: DcState, ws: DcWorkspace, side: SideIx): number[] {
  const n = mapOf(s).n;
  const seen = ws.mark;
  seen.fill(0, 0, n);
  for (const u of s.units) if (u.st === 0 && u.side === side && u.atk >= 0) seen[u.atk] = 1;
  const out: number[] = [];
  for (let p = 0; p < n; p++) if (seen[p] === 1) out.push(p);
  return out;
}

export function makeBattle(s: DcState, at: number, att: SideIx, bt: boolean): Battle {
  const attackers: number[] = [];
  const defenders: number[] = [];
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i]!;
    if (u.st !== 0) continue;
    if (u.side === att && u.atk === at) attackers.push(i);
    else if (u.side !== att && u.at === at && !u.ret) defenders.push(i);
  }
  return battleOf(at, att, bt, attackers, defenders);
}

/** `makeBattle` of each point of `points` (distinct), in one pass over the units. */
function makeBattles(
  s: DcState,
  ws: DcWorkspace,
  points: readonly number[],
  att: SideIx,
  bt: boolean,
): Battle[] {
  const slot = ws.slot;
  slot.fill(-1, 0, mapOf(s).n);
  const out = points.map((p, k) => {
    slot[p] = k;
    return battleOf(p, att, bt, [], []);
  });
  s.units.forEach((u, i) => {
    if (u.st !== 0) return;
    if (u.side === att) {
      if (u.atk >= 0 && slot[u.atk]! >= 0) out[slot[u.atk]!]!.attackers.push(i);
    } else if (u.at >= 0 && slot[u.at]! >= 0 && !u.ret) out[slot[u.at]!]!.defenders.push(i);
  });
  return out;
}

function battleOf(at: number, att: SideIx, bt: boolean, attackers: number[], defenders: number[]): Battle {
  return {
    at,
    att,
    attackers,
    defenders,
    bt,
    airAtt: 0,
    airDef: 0,
    grpAir: [],
    sim: false,
    round: 0,
    stage: 'air',
    lossLeft: 0,
    fortLeft: 0,
    defPending: 0,
    defPendingForts: 0,
    aoGroup: 0,
    aoDef: 0,
    aoRound: 0,
    hq: -1,
    outcome: 'none',
  };
}

/** DC 13.0 (variant order-fp): battles the attacker must resolve first: the defender's firepower exceeds his. */
export function battleChoices(s: DcState, ws: DcWorkspace, side: SideIx): number[] {
  const all = pendingBattles(s, ws, side);
  // one battle or none: the choice is the same whichever the firepower (fireTotal reads the state only)
  if (all.length <= 1) return all;
  const battles = makeBattles(s, ws, all, side, false);
  const forced = all.filter((_, k) => {
    const b = battles[k]!;
    return s.rules.orderFpRaw
      ? rawFire(s, b.defenders) > rawFire(s, b.attackers)
      : fireTotal(s, ws, b, false) > fireTotal(s, ws, b, true);
  });
  return forced.length > 0 ? forced : all;
}

/** The combat phase's next decision: which battle next (or starts the only one). */
export function combatStep(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'combat' }): DcDecision | null {
  const choices = battleChoices(s, ws, task.side);
  if (choices.length === 0) {
    s.stack.pop();
    return null;
  }
  if (choices.length === 1) {
    startBattle(s, ws, choices[0]!, task.side, task.bt);
    return null;
  }
  return dec(
    'battle-next',
    task.side,
    'DC 13.0',
    choices.map((at): BattleOption => ({ type: 'battle', at })),
  );
}

export function startBattle(s: DcState, ws: DcWorkspace, at: number, side: SideIx, bt: boolean): void {
  const b = makeBattle(s, at, side, bt);
  s.stats.battles++;
  if (bt) s.stats.btAssaults++;
  if (side === 0) s.stats.axisAttacks++;
  else s.stats.sovietAttacks++;
  if (side === 1 && b.defenders.some((i) => s.rules.types[s.units[i]!.t]!.nation === 'hungarian'))
    s.hunFree = true;
  if (side === 1) b.airDef = Math.min(4, s.airAt.filter((p) => p === at).length);
  // DC 8.C.3.a: supply judged at the moment of combat, as for the Shock Army's fire (support.ts unitFire)
  for (const i of [...b.attackers, ...b.defenders]) {
    const u = s.units[i]!;
    if (s.rules.types[u.t]!.limitOos === undefined || inSupply(s, ws, u)) continue;
    if (b.oos === undefined) b.oos = [];
    b.oos.push(i);
  }
  // DC 14.B.4: the air that accompanied breakthrough groups into this assault
  if (bt && side === 0)
    for (let k = 0; k < s.airBt.length; ) {
      if (s.airBt[k + 1] === at) {
        b.grpAir.push(s.airBt[k]!);
        s.airBt.splice(k, 2);
      } else k += 2;
    }
  s.stack.push({ t: 'battle', b });
  // the narration's text only when the game is traced (tell drops it otherwise)
  if (ws.trace !== undefined)
    tell(
      s,
      ws,
      side,
      'DC 13',
      `${SIDE_IDS[side]} attacks ${mapOf(s).names[at]} with ${b.attackers.length} unit(s) against ${b.defenders.length}`,
    );
}

/** A side still in the battle: DC 13.A.3, 13.A.5: air units cannot hold a battle alone. */
export function alive(s: DcState, units: readonly number[]): boolean {
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st === 0 && s.rules.types[u.t]!.role !== 'air') return true;
  }
  return false;
}
/** A side with a unit able to fire by its own fire factor (support alone fires nothing, DC 13.B.7). */
export function canFire(s: DcState, units: readonly number[]): boolean {
  for (const i of units) {
    const u = s.units[i]!;
    const ty = s.rules.types[u.t]!;
    if (u.st === 0 && !u.disp && ty.ff > 0 && !isSupport(ty)) return true;
  }
  return false;
}

/** DC 13.B.8: the all-out groups of the attacker (type index, eligible units). */
export function allOutGroups(s: DcState, ws: DcWorkspace, b: Battle, defender = false): [number, number[]][] {
  const groups: [number, number[]][] = [];
  // DC 13.B.8 note: no Soviet all-out assault on the first turn of the game
  if (!defender && b.att === 1 && s.turn === s.first) return groups;
  for (const i of defender ? b.defenders : b.attackers) {
    const u = s.units[i]!;
    const ty = s.rules.types[u.t]!;
    if (u.st !== 0 || u.disp || ty.allOut === 0 || u.allOut || !inSupply(s, ws, u)) continue;
    // in type order, each group's units in the side's order
    let k = 0;
    while (k < groups.length && groups[k]![0] < u.t) k++;
    if (k < groups.length && groups[k]![0] === u.t) groups[k]![1].push(i);
    else groups.splice(k, 0, [u.t, [i]]);
  }
  return groups;
}

/** DC 13.B.1: simultaneous combat for Axis attacks in Good weather, or in Snow with German air. */
export function simultaneous(s: DcState, b: Battle): boolean {
  if (b.att !== 0) return false;
  const w = weatherAt(s, b.at);
  // DC 13.B.1: only when no Soviet air remains after air combat
  if (s.rules.level === 'advanced' && sovietAir(s, b).length > 0) return false;
  return w === 0 || (w === 2 && attackAir(b) > 0);
}

/** Allocates the battle's outstanding losses to `units`; a decision when the owner has a choice. */
function allocate(
  s: DcState,
  ws: DcWorkspace,
  b: Battle,
  units: readonly number[],
  side: SideIx,
): BattleDecision | null {
  while (b.lossLeft > 0) {
    const opts = lossOptions(s, ws, b, units);
    if (opts.length === 0) {
      b.lossLeft = 0;
      b.fortLeft = 0;
      break;
    }
    if (opts.length > 1) return dec('loss', side, 'DC 13.B.2, 18, 10.C', opts);
    takeLoss(s, b, opts[0]!.unit);
    b.lossLeft--;
  }
  return null;
}

function bothSpent(s: DcState, b: Battle): boolean {
  return !canFire(s, b.attackers) && !canFire(s, b.defenders);
}

const GO: readonly ContinueOption[] = [
  { type: 'continue', go: true },
  { type: 'continue', go: false },
];

/**
 * D-21 (DC 13.B.8): "the defender may all out starting the 2nd round": before its fire of each round
 * from round 2, one decision per unit-type group of its undispersed units in supply; null when done.
 */
function defenderAllOut(s: DcState, ws: DcWorkspace, b: Battle): BattleDecision | null {
  if (b.round < 2) return null;
  if (b.aoRound !== b.round) {
    b.aoRound = b.round;
    b.aoDef = 0;
  }
  const groups = allOutGroups(s, ws, b, true);
  if (b.aoDef >= groups.length) return null;
  const [t, members] = groups[b.aoDef]!;
  const opts: AllOutOption[] = [];
  for (let k = 0; k <= members.length; k++) opts.push({ type: 'allout', unitType: t, n: k });
  return dec('allout-def', other(b.att), 'DC 13.B.8', opts);
}

/** Runs battle `b` to its next decision, or to its end (then pops it). */
export function battleStep(s: DcState, ws: DcWorkspace, b: Battle): BattleDecision | ChanceNode | null {
  const def = other(b.att);
  while (true) {
    switch (b.stage) {
      case 'air': {
        // R-202 (DC 13.A.3; variant sov-air-overrun): Soviet air alone cannot defend the point
        if (b.att === 0 && !alive(s, b.defenders))
          return finish(s, ws, b, s.rules.airAloneRetreats ? 'def-retreat' : 'taken');
        b.stage = 'air-combat';
        const german = b.attackers.some((i) => s.rules.types[s.units[i]!.t]!.nation === 'german');
        // DC 3.A, 7.A note e (variant may-air): the May 1941 air units may be barred from Mud-rolled points
        const grounded = s.rules.mayAirGoodOnly && s.mud.length > 0 && s.mud.includes(b.at);
        // D-8, DC 14.B.4: regular attacks take the air placed at their origin points, breakthrough
        // assaults the withheld air (and the air accompanying their groups, already with them)
        const avail = b.att !== 0 ? 0 : b.bt ? s.airFree : airAtOrigins(s, b).length;
        const n = Math.min(4 - b.grpAir.length, avail);
        if (b.att === 0 && n > 0 && german && !grounded) {
          const opts: AirOption[] = [];
          for (let k = 0; k <= n; k++) opts.push({ type: 'air', n: k });
          return dec('lw-commit', 0, 'DC 13.A.4', opts);
        }
        break;
      }
      case 'air-combat': {
        // DC 13.A.1: air-to-air or flak over the point, then ground combat (support.ts)
        if (s.rules.level !== 'advanced') {
          b.stage = 'allout';
          break;
        }
        const odds = ws.explicitChance ? airCombatOdds(s, b) : null;
        if (odds !== null) return valueNode('DC 13.A.1-2', 'air combat: Soviet air units surviving', odds);
        const dice: number[] = [];
        afterAirCombat(s, ws, b, airCombat(s, ws, b, dice), dice);
        break;
      }
      case 'para': {
        paraEscorts(s, ws, b);
        b.stage = 'para-fire';
        break;
      }
      case 'para-fire': {
        const r = paraFire(s, ws, b);
        if (r !== null && typeof r !== 'number') return r;
        paraShot(s, ws, b, r);
        b.stage = 'para-loss';
        break;
      }
      case 'para-loss': {
        const d = allocate(s, ws, b, paraTargets(s, b), def);
        if (d !== null) return d;
        b.lossLeft = 0;
        b.fortLeft = 0;
        if (!alive(s, b.defenders)) return finish(s, ws, b, alive(s, b.attackers) ? 'taken' : 'held');
        if (!alive(s, b.attackers)) return finish(s, ws, b, 'held');
        b.stage = 'allout';
        break;
      }
      case 'allout': {
        // D-22 (DC 13.B.7): the attacker picks the one HQ that supports his stack, before his all-out
        if (b.hq < 0 && b.aoGroup === 0 && s.rules.level === 'advanced') {
          const opts = hqOptions(s, ws, b);
          if (opts.length > 1) return dec('hq-assign', b.att, 'DC 13.B.7', opts);
        }
        // variant allout-timing: in normal combat the attacker may declare before his own first die instead
        const late = s.rules.allOutOwnDie && !simultaneous(s, b);
        const groups = late ? [] : allOutGroups(s, ws, b);
        if (b.aoGroup < groups.length) {
          const [t, members] = groups[b.aoGroup]!;
          const opts: AllOutOption[] = [];
          for (let k = 0; k <= members.length; k++) opts.push({ type: 'allout', unitType: t, n: k });
          return dec('allout-att', b.att, 'DC 13.B.8', opts);
        }
        b.sim = simultaneous(s, b);
        if (b.sim) s.stats.simultaneousBattles++;
        if (late) b.aoGroup = -1;
        b.round = 1;
        b.stage = b.sim ? 'sim-fire' : 'def-fire';
        break;
      }
      case 'def-fire': {
        // D-21 (DC 13.B.8): from round 2 the defender may go all out before its fire
        const d = defenderAllOut(s, ws, b);
        if (d !== null) return d;
        const r = fireRoll(s, ws, b);
        if (typeof r !== 'number') return r;
        afterFire(s, b, r);
        break;
      }
      case 'allout-late': {
        // variant allout-before-own-die: the round-1 declarations, before the attacker's first die
        const groups = allOutGroups(s, ws, b);
        if (b.aoGroup < 0) b.aoGroup = 0;
        if (b.aoGroup < groups.length) {
          const [t, members] = groups[b.aoGroup]!;
          const opts: AllOutOption[] = [];
          for (let k = 0; k <= members.length; k++) opts.push({ type: 'allout', unitType: t, n: k });
          return dec('allout-att', b.att, 'DC 13.B.8', opts);
        }
        b.stage = 'att-fire';
        break;
      }
      case 'att-loss': {
        const d = allocate(s, ws, b, b.attackers, b.att);
        if (d !== null) return d;
        if (!alive(s, b.attackers)) return finish(s, ws, b, 'held');
        b.stage = 'att-cont';
        break;
      }
      case 'att-cont':
        if (!canFire(s, b.attackers) || b.round > MAX_ROUNDS) return finish(s, ws, b, 'att-retreat');
        return dec('continue', b.att, 'DC 13.B.2', GO);
      case 'att-fire':
      case 'sim-fire-att': {
        const r = fireRoll(s, ws, b);
        if (typeof r !== 'number') return r;
        afterFire(s, b, r);
        break;
      }
      case 'def-loss': {
        const d = allocate(s, ws, b, b.defenders, def);
        if (d !== null) return d;
        if (!alive(s, b.defenders)) return finish(s, ws, b, alive(s, b.attackers) ? 'taken' : 'held');
        if (!alive(s, b.attackers)) return finish(s, ws, b, 'held');
        b.stage = 'def-hold';
        break;
      }
      case 'def-hold':
        // DC 13.B.3.c applied to normal combat: neither side can fire -> the attacker retreats
        if (bothSpent(s, b)) return finish(s, ws, b, 'att-retreat');
        return dec('continue', def, 'DC 13.B.2', GO);
      case 'sim-fire': {
        // D-21 (DC 13.B.8): from round 2 the defender declares after the attacker, then the dice
        const d = defenderAllOut(s, ws, b);
        if (d !== null) return d;
        for (const i of b.attackers) s.units[i]!.rounds = b.round;
        // the defender's die, then the attacker's (stage sim-fire-att)
        const r = fireRoll(s, ws, b);
        if (typeof r !== 'number') return r;
        afterFire(s, b, r);
        break;
      }
      case 'sim-att-loss': {
        const d = allocate(s, ws, b, b.attackers, b.att);
        if (d !== null) return d;
        b.lossLeft = b.defPending;
        b.fortLeft = b.defPendingForts;
        b.stage = 'sim-def-loss';
        break;
      }
      case 'sim-def-loss': {
        const d = allocate(s, ws, b, b.defenders, def);
        if (d !== null) return d;
        const a = alive(s, b.attackers);
        const dd = alive(s, b.defenders);
        // DC 13.B.3.d: both eliminated -> the defender keeps the point
        if (!dd) return finish(s, ws, b, a ? 'taken' : 'held');
        if (!a) return finish(s, ws, b, 'held');
        if (bothSpent(s, b) || b.round > MAX_ROUNDS) return finish(s, ws, b, 'att-retreat');
        b.stage = 'sim-att';
        break;
      }
      case 'sim-att':
        return dec('sim-continue', b.att, 'DC 13.B.3.b', GO);
      case 'sim-def':
        return dec('sim-continue', def, 'DC 13.B.3.b', GO);
      case 'end':
        // the defenders' retreat is done: the point is clear, the attackers advance
        return finish(s, ws, b, 'taken');
    }
  }
}

/** The decisions asked inside a battle. */
export type BattleDecision = Extract<
  DcDecision,
  {
    readonly kind:
      | 'lw-commit'
      | 'allout-att'
      | 'allout-def'
      | 'hq-assign'
      | 'loss'
      | 'continue'
      | 'sim-continue';
  }
>;

/** Carries out an answer inside battle `b`. */
export function applyBattle(s: DcState, ws: DcWorkspace, b: Battle, d: BattleDecision, choice: number): void {
  switch (d.kind) {
    case 'lw-commit': {
      const n = d.options[choice]!.n;
      b.airAtt = n;
      if (b.bt) s.airFree -= n;
      else {
        // D-8: the committed units leave their places (the first placed at the attackers' points)
        const ks = airAtOrigins(s, b).slice(0, n);
        for (let k = ks.length - 1; k >= 0; k--) s.airUp.splice(ks[k]!, 1);
      }
      s.stats.lwSorties += n;
      return;
    }
    case 'allout-att':
    case 'allout-def': {
      const o = d.options[choice]!;
      const def = d.kind === 'allout-def';
      let k = o.n;
      for (const i of def ? b.defenders : b.attackers) {
        const u = s.units[i]!;
        if (k > 0 && u.t === o.unitType && u.st === 0 && !u.disp && !u.allOut) {
          u.allOut = true;
          s.stats.allOutUnits++;
          k--;
        }
      }
      if (def) b.aoDef++;
      else b.aoGroup++;
      return;
    }
    case 'hq-assign': {
      b.hq = d.options[choice]!.unit;
      return;
    }
    case 'loss': {
      takeLoss(s, b, d.options[choice]!.unit);
      b.lossLeft--;
      return;
    }
    case 'continue': {
      const go = d.options[choice]!.go;
      if (b.stage === 'att-cont') {
        if (go) b.stage = b.aoGroup < 0 ? 'allout-late' : 'att-fire';
        else finish(s, ws, b, 'att-retreat', true);
      } else if (go) {
        b.round++;
        for (const i of b.attackers) s.units[i]!.rounds = b.round;
        b.stage = 'def-fire';
      } else finish(s, ws, b, 'def-retreat');
      return;
    }
    case 'sim-continue': {
      const go = d.options[choice]!.go;
      if (b.stage === 'sim-att') {
        if (go) b.stage = 'sim-def';
        else finish(s, ws, b, 'att-retreat', true);
      } else if (go) {
        b.round++;
        b.stage = 'sim-fire';
      } else finish(s, ws, b, 'def-retreat');
      return;
    }
    default:
      unreachable(d);
  }
}
