/**
 * Combat (DC 13, 10.C, 18): the attacker picks the order of battles (those where the defender
 * out-fires the attacker first), then each battle runs to its end: German air (13.A.4), all-out
 * declarations (13.B.8), rounds of normal fire (defender first) or simultaneous fire (13.B.1-3),
 * loss allocation one loss at a time (13.B.2), fortress reduction and bonus (10.C) and field
 * fortifications (18), retreat or hold, advance after combat (13.B.4-5) and control (20).
 */
import { unreachable } from '../../core/kernel.js';
import type {
  AirOption,
  AllOutOption,
  BattleOption,
  ContinueOption,
  DcDecision,
  LossOption,
  RetreatOption,
} from './decisions.js';
import { fireLosses } from './fire.js';
import { enemyAt, takeControl, weatherAt, winter4142 } from './movement.js';
import { tell } from './narrate.js';
import { loseOnBreakOff, paraRound, paraTargets } from './paratroops.js';
import {
  type Battle,
  type DcState,
  type DcTask,
  type DcUnit,
  other,
  SIDE_IDS,
  type SideIx,
} from './state.js';
import { inSupply, mapOf } from './supply.js';
import {
  airCombat,
  hqOptions,
  isSupport,
  silencedByIsolation,
  sovietAir,
  supportParts,
  unitFire,
} from './support.js';
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

/** DC 10.C: the fortress class the defenders of `p` (side `side`) use, before the undispersed cap. */
function fortressClass(s: DcState, p: number, side: SideIx, forFire: boolean): number {
  const m = mapOf(s);
  const cls = m.fortClass[p]!;
  if (cls === 0) return 0;
  const enemySide = m.side1941[p] !== side;
  if (!enemySide) return cls;
  return forFire && !s.rules.fortressFireReduced ? cls : cls - 1;
}

function majorInfantryUndispersed(s: DcState, units: readonly number[]): number {
  let n = 0;
  for (const i of units) {
    const u = s.units[i]!;
    const ty = s.rules.types[u.t]!;
    if (u.st === 0 && !u.disp && ty.major && ty.infantryType) n++;
  }
  return n;
}

/** DC 13.A.4 (variant lw-allies): is unit `u` multiplied by German air on this side of the battle? */
function airMultiplied(s: DcState, ws: DcWorkspace, u: DcUnit, attacking: boolean): boolean {
  if (u.side !== 0) return false;
  const german = s.rules.types[u.t]!.nation === 'german';
  const lw = s.rules.lwAllies;
  const ok = lw === 'all-axis' ? true : lw === 'german-only' ? german : attacking ? german : true;
  return ok && inSupply(s, ws, u);
}

/** DC 13.B.2: the fire total of one side of battle `b` (undispersed units, air, fortress bonus). */
export function fireTotal(s: DcState, ws: DcWorkspace, b: Battle, attacker: boolean): number {
  const units = attacker ? b.attackers : b.defenders;
  const air = attacker ? b.airAtt : b.airDef;
  const adv = s.rules.level === 'advanced';
  let total = 0;
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st !== 0 || u.disp) continue;
    const ty = s.rules.types[u.t]!;
    // DC 13.A.3, 13.B.7, 17.B (support.ts): HQs, STAVKA and air add by their own rules
    if (adv && (isSupport(ty) || silencedByIsolation(s, ws, u, ty))) continue;
    const v = u.allOut ? ty.allOut : adv ? unitFire(s, ws, u, ty) : ty.ff;
    // DC 14.B.4: air accompanying a breakthrough group multiplies only the units it came with (from its point)
    const a = attacker && b.grpAir.length > 0 ? Math.min(4, air + groupAir(b, u.at)) : air;
    const mult = a > 0 && (!u.allOut || s.rules.allOutMultiplied) && airMultiplied(s, ws, u, attacker);
    const w = mult ? v * (1 + a) : v;
    // DC 16 (variant bt-per-unit-16): each unit halved, rounded up, after the air multiplier
    total += attacker && b.bt && s.rules.btPerUnit ? Math.ceil(w / 2) : w;
  }
  if (adv) {
    const parts: number[] = [];
    supportParts(s, ws, b, attacker, parts);
    for (let k = 0; k < parts.length; k += 2) {
      // DC 13.B.7 (variant air-hq-order): HQ support multiplied by German air unless added after it
      const w = air > 0 && parts[k + 1] === 1 && !s.rules.hqAfterAir ? parts[k]! * (1 + air) : parts[k]!;
      total += attacker && b.bt && s.rules.btPerUnit ? Math.ceil(w / 2) : w;
    }
  }
  // DC 14.A (variant bt-total-14A): the side's total halved, Soviet rounded down, Axis up
  if (attacker && b.bt && !s.rules.btPerUnit)
    total = b.att === 1 ? Math.floor(total / 2) : Math.ceil(total / 2);
  if (!attacker) {
    const def = other(b.att);
    total += Math.min(Math.max(0, fortressClass(s, b.at, def, true)), majorInfantryUndispersed(s, units));
  }
  return total;
}

/** DC 14.B.4: the German air units accompanying the breakthrough group from point `from` into battle `b`. */
function groupAir(b: Battle, from: number): number {
  let n = 0;
  for (const p of b.grpAir) if (p === from) n++;
  return n;
}

/** DC 13.A.4, 14.B.4: German air over battle `b` on the attacking side (committed and accompanying). */
export function attackAir(b: Battle): number {
  return b.airAtt + b.grpAir.length;
}

/** D-8 (DC 13.A.4): the placed, uncommitted air units at the origin points of `b`'s attackers (indices into `airUp`). */
export function airAtOrigins(s: DcState, b: Battle): number[] {
  const out: number[] = [];
  s.airUp.forEach((p, k) => {
    if (b.attackers.some((i) => s.units[i]!.st === 0 && s.units[i]!.at === p)) out.push(k);
  });
  return out;
}

/** The raw fire factors of the units (variant order-fp-raw). */
function rawFire(s: DcState, units: readonly number[]): number {
  let t = 0;
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st === 0 && !u.disp) t += s.rules.types[u.t]!.ff;
  }
  return t;
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

/**
 * DC 7.B.1, 7.B.3: +1 on the attacker's dice in the Snow of winter 1941/42 — an Axis attack with a
 * Finnish unit against Soviets in Finland (variant finland-set), or a Soviet attack on an Axis point
 * of the Arctic Weather Line outside Finland unless half or more of its major defenders are Finns.
 */
export function winterBonus(s: DcState, b: Battle): number {
  if (s.weather !== 2 || !winter4142(s.turn)) return 0;
  const m = mapOf(s);
  const id = m.ids[b.at]!;
  const inFinland = s.rules.finland.includes(id);
  const finn = (i: number) => s.rules.types[s.units[i]!.t]!.nation === 'finnish';
  if (b.att === 0) return inFinland && b.attackers.some((i) => s.units[i]!.st === 0 && finn(i)) ? 1 : 0;
  if (inFinland || !s.rules.arcticLine.includes(id) || s.control[b.at] !== 0) return 0;
  const majors = b.defenders.filter((i) => s.units[i]!.st === 0 && s.rules.types[s.units[i]!.t]!.major);
  return majors.length > 0 && 2 * majors.filter(finn).length >= majors.length ? 0 : 1;
}

function roll(s: DcState, ws: DcWorkspace, b: Battle, attacker: boolean): number {
  const total = fireTotal(s, ws, b, attacker);
  if (total <= 0) return 0;
  const dice: number[] | undefined = ws.trace === undefined ? undefined : [];
  const plus = attacker ? winterBonus(s, b) : 0;
  const l = fireLosses(s.rules.crt, s.rules.maxColumn, total, ws.streams.stream('combat'), plus, dice);
  if (dice !== undefined)
    tell(s, ws, attacker ? b.att : other(b.att), 'DC 13.B.2, 13.B.6', `fires ${total}: ${l} loss(es)`, dice);
  return l;
}

/** DC 10.C, 18: the losses the defender takes of `l` rolled, and how many fortifications must absorb first. */
export function defenderLosses(s: DcState, b: Battle, l: number): [number, number] {
  let forts = 0;
  for (const i of b.defenders) {
    const u = s.units[i]!;
    if (u.st === 0 && u.fort) forts++;
  }
  const r = Math.min(
    Math.max(0, fortressClass(s, b.at, other(b.att), false)),
    majorInfantryUndispersed(s, b.defenders),
  );
  if (s.rules.fortressFirst) {
    const after = Math.max(0, l - r);
    return [after, Math.min(after, forts)];
  }
  const a = Math.min(l, forts);
  return [a + Math.max(0, l - a - r), a];
}

/** Destroys the all-out units of a side after their die (DC 13.B.8). */
export function spendAllOut(s: DcState, b: Battle, defender = false): void {
  for (const i of defender ? b.defenders : b.attackers) {
    const u = s.units[i]!;
    if (u.st === 0 && u.allOut) destroy(s, i);
  }
}

/** DC 13.B.2: unit `i` is eliminated (to the dead pile). */
export function destroy(s: DcState, i: number): void {
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  u.st = 1;
  u.at = -1;
  u.atk = -1;
  u.fort = false;
  u.disp = false;
  u.allOut = false;
  if (ty.id === 'factory') {
    s.factoriesLost++;
    s.stats.factoriesDestroyed++;
  } else if (u.side === 1) s.stats.sovietEliminated++;
  else if (ty.nation === 'german') s.stats.axisGermanEliminated++;
  else s.stats.axisAlliedEliminated++;
}

/** DC 13.B.2, 18: one loss on unit `i`. */
export function takeLoss(s: DcState, b: Battle, i: number): void {
  const u = s.units[i]!;
  if (u.fort) {
    u.fort = false;
    if (b.fortLeft > 0) b.fortLeft--;
    return;
  }
  u.losses++;
  u.disp = true;
  const ty = s.rules.types[u.t]!;
  // DC 8.C.3.a: the Shock Army out of supply dies at its first loss (limitOos)
  const limit = ty.limitOos !== undefined && b.oos?.includes(i) === true ? ty.limitOos : ty.limit;
  if (u.losses > limit) destroy(s, i);
}

/** D-23: the signature groups of units able to take the next loss (forts first when owed). */
export function lossOptions(s: DcState, ws: DcWorkspace, b: Battle, units: readonly number[]): LossOption[] {
  // the signatures seen (type, losses, dispersed, fortified, all out, isolated air) packed in one number
  const seen: number[] = [];
  const out: LossOption[] = [];
  for (const i of units) {
    const u = s.units[i]!;
    if (u.st !== 0 || (b.fortLeft > 0 && !u.fort)) continue;
    // DC 13.A.3: Soviet air never absorbs losses; variant sov-air-absorb: 17.B "They may absorb
    // repulses or breakthroughs" read to include isolated air (judged at the moment of combat)
    let iso = 0;
    if (s.rules.types[u.t]!.role === 'air') {
      if (!s.rules.airAbsorbsIsolated || inSupply(s, ws, u)) continue;
      iso = 1;
    }
    const sig =
      ((((u.t * 65536 + u.losses) * 2 + (u.disp ? 1 : 0)) * 2 + (u.fort ? 1 : 0)) * 2 + (u.allOut ? 1 : 0)) *
        2 +
      iso;
    if (seen.includes(sig)) continue;
    seen.push(sig);
    out.push({ type: 'loss', unit: i });
  }
  return out;
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
export function battleStep(s: DcState, ws: DcWorkspace, b: Battle): BattleDecision | null {
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
        b.stage = 'allout';
        if (s.rules.level !== 'advanced') break;
        const dice: number[] = [];
        const lost = airCombat(s, ws, b, dice);
        for (const i of lost) destroy(s, i);
        if (dice.length > 0)
          tell(s, ws, 1, 'DC 13.A.1', `air combat: ${lost.length} Soviet air unit(s) lost`, dice);
        // DC 21.B.3-4 (paratroops.ts): the drops' escorts checked, then the paratroops' free shot
        if (s.drops.length > 0 && b.att === 1) b.stage = 'para';
        break;
      }
      case 'para': {
        paraRound(s, ws, b);
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
        b.lossLeft = roll(s, ws, b, false);
        spendAllOut(s, b, true);
        b.fortLeft = 0;
        b.stage = 'att-loss';
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
      case 'att-fire': {
        const l = roll(s, ws, b, true);
        spendAllOut(s, b);
        [b.lossLeft, b.fortLeft] = defenderLosses(s, b, l);
        b.stage = 'def-loss';
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
        const la = roll(s, ws, b, false);
        const ld = roll(s, ws, b, true);
        // DC 13.B.8: all-out units cannot absorb the losses of a simultaneous round
        spendAllOut(s, b);
        spendAllOut(s, b, true);
        b.lossLeft = la;
        b.fortLeft = 0;
        [b.defPending, b.defPendingForts] = defenderLosses(s, b, ld);
        b.stage = 'sim-att-loss';
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

/** Ends battle `b` with `outcome` (DC 13.B.4-5); a defender retreat first pushes the retreat task. */
function finish(s: DcState, ws: DcWorkspace, b: Battle, outcome: Battle['outcome'], chosen = false): null {
  const m = mapOf(s);
  for (const i of b.attackers) {
    const u = s.units[i]!;
    if (u.st === 0 && b.round > u.rounds) u.rounds = b.round;
  }
  s.stats.rounds += b.round;
  // DC 21.C: air-dropped paratroops are lost when the attack breaks off
  if (outcome === 'att-retreat' && s.drops.length > 0) loseOnBreakOff(s, ws, b, chosen);
  if (outcome === 'def-retreat') {
    b.stage = 'end';
    b.outcome = 'def-retreat';
    const units: number[] = [];
    for (const i of b.defenders) {
      const u = s.units[i]!;
      if (u.st !== 0) continue;
      // DC 8.A.2.b: factories never retreat
      if (s.rules.types[u.t]!.id === 'factory') destroy(s, i);
      else units.push(i);
    }
    tell(s, ws, other(b.att), 'DC 13.B.4', `the defenders of ${m.names[b.at]} retreat`);
    s.stack.push({
      t: 'retreat',
      side: other(b.att),
      from: b.at,
      bt: b.bt,
      units,
      i: 0,
      load: [],
    });
    return null;
  }
  s.stack.pop();
  if (outcome === 'taken') {
    s.stats.battlesAttackerWon++;
    // DC 13.B.4.c: units that retreated into the point die with it; factories there are destroyed (8.C.2)
    s.units.forEach((u, i) => {
      if (u.st === 0 && u.at === b.at && u.side !== b.att) destroy(s, i);
    });
    for (const i of b.attackers) {
      const u = s.units[i]!;
      if (u.st !== 0) continue;
      if (!u.disp) u.clr = true;
      u.at = b.at;
      u.atk = -1;
    }
    takeControl(s, b.at, b.att);
    if (b.att === 0 && m.side1941[b.at] === 1) s.stats.sovietPointsTaken++;
    s.airAt = s.airAt.filter((p) => p !== b.at);
    for (let k = 0; k < attackAir(b); k++) s.airAt.push(b.at);
    tell(s, ws, b.att, 'DC 13.B.5', `${m.names[b.at]} taken`);
  } else {
    let origin = -1;
    for (const i of b.attackers) {
      const u = s.units[i]!;
      if (u.st !== 0) continue;
      u.atk = -1;
      // DC 13.B.4: attackers retreat to their points of origin, dispersed
      if (outcome === 'att-retreat') u.disp = true;
      // DC 9.A: an attacker that came along an edge line from its side's off-map box goes back there
      if (u.at < 0) {
        u.st = 5;
        continue;
      }
      origin = u.at;
    }
    if (origin >= 0) for (let k = 0; k < b.airAtt; k++) s.airAt.push(origin);
    // DC 13.A.4: accompanying air goes back with its group
    for (const p of b.grpAir) s.airAt.push(p);
    tell(s, ws, other(b.att), 'DC 13.B.4', `${m.names[b.at]} held`);
  }
  return null;
}

/** D-26: where the next retreating unit may go (DC 13.B.4.a-c). */
export function retreatOptions(s: DcState, task: DcTask & { t: 'retreat' }, i: number): RetreatOption[] {
  const m = mapOf(s);
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  const friendly: RetreatOption[] = [];
  const enemy: RetreatOption[] = [];
  for (let k = m.adjStart[task.from]!; k < m.adjStart[task.from + 1]!; k++) {
    const p = m.adjNb[k]!;
    const l = m.adjLine[k]!;
    const cap = s.rules.lineCap[u.side]![m.lineClass[l]!]!;
    const total = cap[0]!;
    // variant retreat-cap: retreat-shared adds this phase's movement load and keeps the armour limit
    const shared = s.rules.retreatShared;
    const used = (task.load[l] ?? 0) + (shared ? s.load[2 * l]! : 0);
    if (shared && ty.armour && (task.load[m.lines + l] ?? 0) + s.load[2 * l + 1]! + 1 > cap[1]!) continue;
    if (s.control[p] === u.side) {
      if (enemyAt(s, p, u.side)) continue;
      // DC 16: no retreat into a friendly point under attack in breakthrough combat
      if (task.bt && s.units.some((x) => x.st === 0 && x.side !== u.side && x.atk === p)) continue;
      if (used + ty.retreatCap * 2 <= 2 * total + 1)
        friendly.push({ type: 'retreat', unit: i, line: l, to: p });
    } else {
      // DC 13.B.4.b: enemy-controlled points with no units, at half the line capacity
      let empty = true;
      for (const x of s.units) if (x.st === 0 && (x.at === p || x.atk === p)) empty = false;
      if (empty && used + ty.retreatCap * 2 <= 2 * Math.floor(total / 2) + 1)
        enemy.push({ type: 'retreat', unit: i, line: l, to: p });
    }
  }
  return friendly.length > 0 ? friendly : enemy;
}

/** The retreat task's next decision; units with no legal retreat are destroyed. */
export function retreatStep(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'retreat' }): DcDecision | null {
  while (task.i < task.units.length) {
    const i = task.units[task.i]!;
    if (s.units[i]!.st !== 0) {
      task.i++;
      continue;
    }
    const opts = retreatOptions(s, task, i);
    if (opts.length === 0) {
      destroy(s, i);
      task.i++;
      continue;
    }
    if (opts.length > 1) return dec('retreat-dest', task.side, 'DC 13.B.4', opts);
    applyRetreat(s, ws, task, opts[0]!);
  }
  s.stack.pop();
  return null;
}

export function applyRetreat(
  s: DcState,
  _ws: DcWorkspace,
  task: DcTask & { t: 'retreat' },
  o: RetreatOption,
): void {
  const u = s.units[o.unit]!;
  task.load[o.line] = (task.load[o.line] ?? 0) + s.rules.types[u.t]!.retreatCap * 2;
  // variant retreat-shared: armour retreating over each line, kept after the line loads
  if (s.rules.retreatShared && s.rules.types[u.t]!.armour) {
    const k = mapOf(s).lines + o.line;
    task.load[k] = (task.load[k] ?? 0) + 1;
  }
  u.at = o.to;
  u.fort = false;
  // DC 13.B.4.b, 20 (variant retreat-control): under retreat-takes-control the point changes hands
  if (s.rules.retreatTakesControl && s.control[o.to] !== u.side) takeControl(s, o.to, u.side);
  // DC 13.B.4.c: into a friendly point under attack: no part in that battle
  if (s.units.some((x) => x.st === 0 && x.side !== u.side && x.atk === o.to)) u.ret = true;
  task.i++;
}
