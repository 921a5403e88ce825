/**
 * Combat (K10): odds of summed CF (K10.4, K10.10), defence doubled in rough or town (K10.9), one
 * d6 on the table the attacker uses (K18; V-CRT), results AE AR NE CA EX DR DE (data file), the
 * units eliminated and their points (K3), exchanges with air units never lost (K16; V-EX). The
 * retreats and the counter-attack choice a result calls for (K10.11-K10.14, V-CA) are retreat.ts.
 * Also the forced attack of a para scattered onto an enemy (K15.5).
 */

import { d6 } from '../../core/dice.js';
import type { ChanceNode } from '../../core/game.js';
import { COLUMNS, type CombatResult, crtResult, usedColumn } from './crt.js';
import type { BattleOption, LossOption } from './decisions.js';
import { MAP, ROUGH, TOWN } from './map.js';
import { other } from './movement.js';
import { sq, tell } from './narrate.js';
import { type Battle, type CreteState, type CreteTask, DEAD, POOL, type Side, type Table } from './state.js';
import type { CreteWorkspace } from './workspace.js';

export const DIE_OUTCOMES = [1, 2, 3, 4, 5, 6].map((d) => ({ label: String(d), p: 1 / 6 }));

/** K10.9: defence doubled in rough terrain or a town (never x4). */
export const doubles = (h: number): boolean => MAP.terrain[h] === ROUGH || MAP.terrain[h] === TOWN;

/** Ground units of `side` on square h that may attack (K15.6; V-LANDSTACK), or [] when the square may not attack. */
export function attackersOn(s: CreteState, side: Side, h: number): number[] {
  const out: number[] = [];
  let landed = false;
  s.units.forEach((u, i) => {
    if (u.loc !== h || u.side !== side || u.kind === 'air') return;
    if (u.kind === 'para' && u.landed === s.turn) landed = true;
    else out.push(i);
  });
  if (landed && s.rules.landedStack === 'stack-cannot-attack') return [];
  return out;
}

export const unitsOn = (s: CreteState, side: Side, h: number, air: boolean): number[] => {
  const out: number[] = [];
  s.units.forEach((u, i) => {
    if (u.loc === h && u.side === side && (air || u.kind !== 'air')) out.push(i);
  });
  return out;
};

export const cfSum = (s: CreteState, units: readonly number[]): number =>
  units.reduce((a, i) => a + s.units[i]!.cf, 0);

/** Attack CF of the squares (ground units that may attack, plus air placed there, K16). */
export function attackStrength(
  s: CreteState,
  side: Side,
  squares: readonly number[],
): { units: number[]; cf: number } {
  // per square: attackersOn (unit order), then, German, the air units there (unit order)
  const units: number[] = [];
  const all = s.units;
  const stackCannot = s.rules.landedStack === 'stack-cannot-attack';
  let cf = 0;
  for (const h of squares) {
    const first = units.length;
    let ground = 0;
    let landed = false;
    for (let i = 0; i < all.length; i++) {
      const u = all[i]!;
      if (u.loc !== h || u.side !== side || u.kind === 'air') continue;
      if (u.kind === 'para' && u.landed === s.turn) landed = true;
      else {
        units.push(i);
        ground += u.cf;
      }
    }
    if (landed && stackCannot) units.length = first;
    else cf += ground;
    if (side === 'german')
      for (let i = 0; i < all.length; i++) {
        const u = all[i]!;
        if (u.loc === h && u.side === side && u.kind === 'air') {
          units.push(i);
          cf += u.cf;
        }
      }
  }
  return { units, cf };
}

/** attackStrength(s, side, squares).cf without listing the units. */
export function attackCf(s: CreteState, side: Side, squares: readonly number[]): number {
  const all = s.units;
  const stackCannot = s.rules.landedStack === 'stack-cannot-attack';
  let cf = 0;
  for (const h of squares) {
    let ground = 0;
    let air = 0;
    let landed = false;
    for (let i = 0; i < all.length; i++) {
      const u = all[i]!;
      if (u.loc !== h || u.side !== side) continue;
      if (u.kind === 'air') air += u.cf;
      else if (u.kind === 'para' && u.landed === s.turn) landed = true;
      else ground += u.cf;
    }
    if (!(landed && stackCannot)) cf += ground;
    if (side === 'german') cf += air;
  }
  return cf;
}

/** attackersOn(s, side, h).length > 0 without listing the units. */
export function mayAttackFrom(s: CreteState, side: Side, h: number): boolean {
  let some = false;
  let landed = false;
  for (const u of s.units) {
    if (u.loc !== h || u.side !== side || u.kind === 'air') continue;
    if (u.kind === 'para' && u.landed === s.turn) landed = true;
    else some = true;
  }
  return some && !(landed && s.rules.landedStack === 'stack-cannot-attack');
}

/** Defence CF of square h (K10.9, K10.10): the whole stack, doubled in rough or town. */
export function defenceStrength(s: CreteState, side: Side, h: number): number {
  let cf = 0;
  for (const u of s.units) if (u.loc === h && u.side === side && u.kind !== 'air') cf += u.cf;
  return doubles(h) ? 2 * cf : cf;
}

/** The tables a battle may use (V-CRT; K15.5 forces all-out for scattered paras). */
function tables(s: CreteState): readonly Table[] {
  return s.rules.crt === 'crt-attacker-choice'
    ? ['limited', 'all-out']
    : s.rules.crt === 'crt-all-out-only'
      ? ['all-out']
      : ['limited'];
}

/** ws.mark flags of strengths(): a ground attacker of `side`, a para of `side` landed this turn, an enemy unit. */
const GROUND = 1;
const LANDED = 2;
const ENEMY = 4;

/**
 * Fills ws.atk (CF of `side` that may attack from each square: ground units not landed this turn,
 * V-LANDSTACK, plus air placed there; 0 when the square may not attack), ws.dfn (CF of the other
 * side's ground units, doubled in rough or town, K10.9) and ws.mark (the flags above) on the squares
 * holding units, in one pass over the units; returns those squares (ws.touched). The arrays are all
 * zero outside them and clearStrengths() zeroes them again.
 */
function strengths(s: CreteState, ws: CreteWorkspace, side: Side): number[] {
  const atk = ws.atk;
  const dfn = ws.dfn;
  const flag = ws.mark;
  const touched = ws.touched;
  touched.length = 0;
  for (const u of s.units) {
    const h = u.loc;
    if (h < 0) continue;
    if (flag[h] === 0) touched.push(h);
    if (u.side !== side) {
      flag[h]! |= ENEMY;
      if (u.kind !== 'air') dfn[h]! += u.cf;
      continue;
    }
    if (u.kind === 'para' && u.landed === s.turn) {
      flag[h]! |= LANDED;
      continue;
    }
    if (u.kind !== 'air') flag[h]! |= GROUND;
    atk[h]! += u.cf;
  }
  const cannot = s.rules.landedStack === 'stack-cannot-attack';
  for (const h of touched) {
    if (doubles(h)) dfn[h]! *= 2;
    const f = flag[h]!;
    if ((f & GROUND) === 0 || ((f & LANDED) !== 0 && cannot)) atk[h] = 0;
  }
  return touched;
}

/** Sorts a short list of squares in ascending order in place (insertion sort: no comparator calls). */
export function sortSmall(list: number[]): void {
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]! > x) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = x;
  }
}

/** Zeroes what strengths() filled. */
function clearStrengths(ws: CreteWorkspace): void {
  for (const h of ws.touched) {
    ws.atk[h] = 0;
    ws.dfn[h] = 0;
    ws.mark[h] = 0;
  }
  ws.touched.length = 0;
}

/**
 * K10.10, V-MULTI multi-square: a battle may combine any non-empty subset of the attacking squares
 * adjacent to the defender. Listed whole set first, then each single square, then the other
 * subsets by size (bit order within a size), so a policy that takes the first of equal choices
 * keeps the whole set.
 */
export function squareSets(squares: readonly number[]): number[][] {
  const k = squares.length;
  const out: number[][] = [[...squares], ...squares.map((h) => [h])];
  for (let size = 2; size < k; size++)
    for (let m = 1; m < 1 << k; m++) {
      let bits = 0;
      for (let i = 0; i < k; i++) bits += (m >> i) & 1;
      if (bits === size) out.push(squares.filter((_, i) => ((m >> i) & 1) === 1));
    }
  return out;
}

/**
 * K10.1, K10.5, K10.6: the battles `side` may fight next (def -1 first: end the segment). The side
 * moving is the attacker (K10.3) and picks its battles one at a time, in any order, after its
 * movement (K10.2, K10.5; the combat task of turn-sequence.ts asks this until the segment ends).
 */
export function battleOptions(s: CreteState, ws: CreteWorkspace, side: Side): BattleOption[] {
  const touched = strengths(s, ws, side);
  // the squares holding enemy units (air included, as occupancy counts them), in ascending order
  const enemies = ws.enemies;
  enemies.length = 0;
  for (const h of touched) if ((ws.mark[h]! & ENEMY) !== 0) enemies.push(h);
  sortSmall(enemies);
  const out: BattleOption[] = [{ def: -1, squares: [], table: 'limited' }];
  const multi = s.rules.multi === 'multi-square';
  const tabs = tables(s);
  const fought = s.fought;
  for (const e of enemies) {
    if (multi && fought.includes(e)) continue;
    const squares: number[] = [];
    for (const h of MAP.neighbours[e]!) if (ws.atk[h]! > 0 && !fought.includes(h)) squares.push(h);
    if (squares.length === 0) continue;
    const d = ws.dfn[e]!;
    const sets: number[][] = multi && squares.length > 1 ? squareSets(squares) : squares.map((h) => [h]);
    for (const set of sets) {
      let a = 0;
      for (const h of set) a += ws.atk[h]!;
      if (usedColumn(s.rules, a, d) < 0) continue;
      for (const table of tabs) out.push({ def: e, squares: set, table });
    }
  }
  clearStrengths(ws);
  return out;
}

/** A battle of `side` from `squares` against square `def`. */
export function makeBattle(
  s: CreteState,
  side: Side,
  squares: readonly number[],
  def: number,
  table: Table,
  depth = 0,
): Battle {
  const a = attackStrength(s, side, squares);
  const defenders = unitsOn(s, other(side), def, false);
  const d = cfSum(s, defenders) * (doubles(def) ? 2 : 1);
  return {
    side,
    attackers: a.units,
    squares: [...squares],
    def,
    defenders,
    table,
    depth,
    scatter: false,
    column: Math.max(0, usedColumn(s.rules, a.cf, d)),
  };
}

/** Starts a battle: marks the squares as fought and pushes its die roll. */
export function fight(s: CreteState, ws: CreteWorkspace, b: Battle): void {
  if (b.depth === 0 && !b.scatter) {
    for (const h of b.squares) s.fought.push(h);
    if (s.rules.multi === 'multi-square') s.fought.push(b.def);
  }
  const air = b.attackers.filter((i) => s.units[i]!.kind === 'air');
  if (air.length > 0) s.stats.luftwaffe_cf_used += cfSum(s, air);
  if (b.table === 'all-out') s.stats.battles_all_out++;
  else s.stats.battles_limited++;
  if (b.depth > 0) {
    s.stats.counterattacks++;
    if (b.side === 'british') s.stats.counterattacks_british++;
    else s.stats.counterattacks_german++;
  } else if (!b.scatter) {
    if (b.side === 'british') s.stats.battles_british++;
    else s.stats.battles_german++;
  }
  if (ws.trace !== undefined)
    tell(
      s,
      ws,
      b.side,
      b.depth > 0 ? 'K10.13' : b.scatter ? 'K15.5' : 'K10.4',
      `${b.side} attack${b.depth > 0 ? ' (counter-attack)' : ''} on ${sq(b.def)} at ${COLUMNS[b.column]} (${b.table})`,
    );
  s.stack.push({ t: 'roll', battle: b });
}

/** The combat die: a chance point in explicit mode, else drawn from stream `combat`. */
export function rollStep(
  s: CreteState,
  ws: CreteWorkspace,
  task: CreteTask & { t: 'roll' },
): ChanceNode | null {
  if (ws.explicitChance)
    return { kind: 'chance', side: 'chance', rule: 'K10.4', what: 'combat die', outcomes: DIE_OUTCOMES };
  applyRoll(s, ws, task, d6(ws.streams.stream('combat')));
  return null;
}

/** Resolves the battle with die 1..6 (the roll task is popped). */
export function applyRoll(
  s: CreteState,
  ws: CreteWorkspace,
  task: CreteTask & { t: 'roll' },
  die: number,
): void {
  s.stack.pop();
  const b = task.battle;
  const r = crtResult(s.rules.crtSet, b.table, b.column, die);
  if (ws.trace !== undefined) tell(s, ws, b.side, 'K10.4', `die ${die}: ${r}`, [die]);
  resolve(s, ws, b, r);
}

export const alive = (s: CreteState, units: readonly number[]) =>
  units.filter((i) => s.units[i]!.loc !== DEAD && s.units[i]!.loc !== POOL);
export const ground = (s: CreteState, units: readonly number[]) =>
  units.filter((i) => s.units[i]!.kind !== 'air');

/** Applies a CRT result (K10, K16; the JSON crt_note definitions). */
export function resolve(s: CreteState, ws: CreteWorkspace, b: Battle, r: CombatResult): void {
  const st = s.stats;
  st[`res_${r.toLowerCase()}` as 'res_ae']++;
  if (b.depth > 0 && (r === 'AE' || r === 'EX')) st.ca_destroyed++;
  if (b.scatter) s.stack.push({ t: 'after-scatter', battle: b });
  const att = ground(s, alive(s, b.attackers));
  switch (r) {
    case 'AE':
      for (const i of att) kill(s, ws, i);
      break;
    case 'AR':
      pushRetreat(s, att, [b.def]);
      break;
    case 'NE':
      break;
    case 'CA': {
      const chain = s.rules.ca === 'ca-chain' && b.depth < 3;
      if (b.depth > 0 && !chain) break; // V-CA: a CA inside a counter-attack is NE
      s.stack.push({ t: 'ca', battle: b });
      break;
    }
    case 'EX': {
      const defCf = cfSum(s, b.defenders);
      const need = s.rules.ex === 'ex-spi-doubled' && doubles(b.def) && !b.scatter ? 2 * defCf : defCf;
      for (const i of alive(s, b.defenders)) kill(s, ws, i);
      if (s.rules.ex === 'ex-both' || cfSum(s, att) <= need) for (const i of att) kill(s, ws, i);
      else s.stack.push({ t: 'ex', battle: b, need: s.rules.ex === 'ex-one-unit' ? 0 : need });
      break;
    }
    case 'DR':
      pushRetreat(s, alive(s, b.defenders), b.squares);
      break;
    case 'DE':
      for (const i of alive(s, b.defenders)) kill(s, ws, i);
      break;
  }
  if (b.depth === 0 && !b.scatter) returnAir(s, b);
}

/** K16: air units go back after the attack; they are never lost. */
function returnAir(s: CreteState, b: Battle): void {
  for (const i of b.attackers) {
    const u = s.units[i]!;
    if (u.kind === 'air') u.loc = POOL;
  }
}

/** Eliminates a unit: points to the enemy at printed CF (K3), statistics. Air units are never destroyed (K16). */
export function kill(s: CreteState, ws: CreteWorkspace, i: number, scored = true): void {
  const u = s.units[i]!;
  if (u.kind === 'air') return;
  u.loc = DEAD;
  u.to = -1;
  const st = s.stats;
  if (u.side === 'german') {
    if (scored) s.points.british += u.cf;
    st.german_cf_lost += u.cf;
    if (u.kind === 'para') {
      st.german_para_cf_lost += u.cf;
      st.para_units_eliminated++;
    } else st.german_mtn_cf_lost += u.cf;
  } else {
    s.points.german += u.cf;
    st.british_cf_lost += u.cf;
  }
  if (ws.trace !== undefined) tell(s, ws, u.side, 'K10', `${u.name} eliminated`);
}

export function pushRetreat(s: CreteState, units: number[], away: number[]): void {
  if (units.length > 0) s.stack.push({ t: 'retreat', units, away, step: 0, i: 0 });
}

/** V-EX: the attacker's loss options on EX (minimal sets of ground units with CF >= need; ex-one-unit: one unit). */
export function exOptions(s: CreteState, task: CreteTask & { t: 'ex' }): LossOption[] {
  const att = ground(s, alive(s, task.battle.attackers));
  if (task.need === 0) return att.map((i) => ({ units: [i] }));
  const out: LossOption[] = [];
  const n = att.length;
  for (let m = 1; m < 1 << n; m++) {
    let cf = 0;
    let min = Number.POSITIVE_INFINITY;
    const set: number[] = [];
    for (let k = 0; k < n; k++)
      if (m & (1 << k)) {
        const c = s.units[att[k]!]!.cf;
        cf += c;
        min = Math.min(min, c);
        set.push(att[k]!);
      }
    if (cf >= task.need && cf - min < task.need) out.push({ units: set });
  }
  return out;
}

export function applyEx(s: CreteState, ws: CreteWorkspace, o: LossOption): void {
  s.stack.pop();
  for (const i of o.units) kill(s, ws, i);
}
