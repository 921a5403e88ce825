/**
 * Retreats and counter-attacks (K10.11-K10.14): the squares a unit may retreat to (not into enemy
 * units or, alone, into enemy ZOC, K10.11; toward the road and away from the attackers under
 * V-RETPRI, K10.12; off the board through an X square under V-EXITOFF, K10.14), the retreat of each
 * unit square by square (a unit that cannot retreat is destroyed, K10.13), and the defender's
 * choice on a CA result: retreat, or counter-attack one attacking square (K10.13; V-CA).
 */
import { alive, cfSum, doubles, fight, ground, kill, pushRetreat, unitsOn } from './combat.js';
import { usedColumn } from './crt.js';
import { type CaOption, type UnitTo, unitTo } from './decisions.js';
import { distance, MAP } from './map.js';
import { occupancy, other, own } from './movement.js';
import { sq, tell } from './narrate.js';
import {
  type Battle,
  type CreteState,
  type CreteTask,
  DEAD,
  LIMBO,
  POOL,
  type Side,
  type Table,
  TRANSIT,
} from './state.js';
import type { CreteWorkspace } from './workspace.js';

/** The square a unit retreats from: its square, or for a scattered para the enemy square under it. */
const origin = (s: CreteState, i: number): number => {
  const u = s.units[i]!;
  return u.loc === LIMBO ? u.to : u.loc;
};

/** Transit through an X exit in a retreat option (V-EXITOFF x-retreat-transits): to = TRANSIT_BASE - square entered. */
export const TRANSIT_BASE = -10;

/** K10.11, K10.12, K10.14: legal retreat squares of unit i, filtered by V-RETPRI. */
export function retreatSquares(
  s: CreteState,
  ws: CreteWorkspace,
  i: number,
  away: readonly number[],
): number[] {
  occupancy(s, ws);
  const u = s.units[i]!;
  const mine = own(ws, u.side);
  const enemy = own(ws, other(u.side));
  const o = origin(s, i);
  const legal: number[] = [];
  for (const j of MAP.neighbours[o]!) {
    if (enemy[j]! > 0 || mine[j]! >= s.rules.stack) continue;
    if (mine[j] === 0 && groundZoc(s, other(u.side), j)) continue; // K10.11
    legal.push(j);
  }
  const out = prioritise(s, legal, o, away);
  if (s.rules.exitOff === 'x-retreat-transits' && u.loc >= 0 && MAP.exitTo[o]! >= 0)
    out.push(TRANSIT_BASE - MAP.exitTo[o]!);
  return out;
}

/**
 * K10.11 with K9: square h is in the ZOC of a ground unit of `enemySide`. Aircraft on a square (K16:
 * there for one combat segment) exert none; occupancy counts them for stacking only (K11.1).
 */
function groundZoc(s: CreteState, enemySide: Side, h: number): boolean {
  const nb = MAP.neighbours[h]!;
  for (const e of s.units)
    if (e.side === enemySide && e.kind !== 'air' && e.loc >= 0 && nb.includes(e.loc)) return true;
  return false;
}

/**
 * K10.12 under V-RETPRI: the legal squares toward the nearest road (nearer it than `o`, or on one)
 * and away from the attackers (farther from the nearest attacking square than `o`), in the tiers of
 * the variant; a tier with no square falls through to the next, and to every legal square.
 */
function prioritise(s: CreteState, legal: number[], o: number, away: readonly number[]): number[] {
  const pri = s.rules.retreatPriority;
  if (pri === 'owner-free' || legal.length <= 1) return legal;
  const dA = (h: number) => Math.min(...away.map((a) => distance(h, a)));
  const d0 = dA(o);
  const isAway = (h: number) => dA(h) > d0;
  const isRoad = (h: number) => MAP.roadDistance[h]! < MAP.roadDistance[o]! || MAP.roadDistance[h] === 0;
  const tiers =
    pri === 'road-then-away'
      ? [(h: number) => isRoad(h) && isAway(h), isRoad, isAway]
      : [(h: number) => isAway(h) && isRoad(h), isAway, isRoad];
  for (const f of tiers) {
    const t = legal.filter(f);
    if (t.length > 0) return t;
  }
  return legal;
}

/** The retreat decision of the unit now retreating, or null when the retreats are done. Units with one or no square move at once. */
export function retreatStep(
  s: CreteState,
  ws: CreteWorkspace,
  task: CreteTask & { t: 'retreat' },
): { side: Side; options: UnitTo[] } | null {
  while (task.i < task.units.length) {
    const i = task.units[task.i]!;
    const u = s.units[i]!;
    if (u.loc === DEAD || u.loc === POOL || u.loc === TRANSIT || task.step >= s.rules.retreatLength) {
      task.i++;
      task.step = 0;
      continue;
    }
    const opts = retreatSquares(s, ws, i, task.away);
    if (opts.length === 0) {
      s.stats.retreat_destroyed++;
      if (ws.trace !== undefined) tell(s, ws, u.side, 'K10.13', `${u.name} cannot retreat`);
      kill(s, ws, i);
      continue;
    }
    if (opts.length === 1) {
      applyRetreat(s, ws, task, opts[0]!);
      continue;
    }
    return { side: u.side, options: opts.map((to) => unitTo(i, to)) };
  }
  s.stack.pop();
  return null;
}

export function applyRetreat(
  s: CreteState,
  ws: CreteWorkspace,
  task: CreteTask & { t: 'retreat' },
  to: number,
): void {
  const i = task.units[task.i]!;
  const u = s.units[i]!;
  if (to <= TRANSIT_BASE) {
    u.loc = TRANSIT;
    u.to = TRANSIT_BASE - to;
    u.xTurn = 0;
    task.step = s.rules.retreatLength;
    if (ws.trace !== undefined)
      tell(s, ws, u.side, 'K14', `${u.name} retreats off the board through the exit`);
    return;
  }
  u.loc = to;
  u.to = -1;
  u.xTurn = MAP.exitTo[to]! >= 0 ? s.turn : 0;
  task.step++;
  if (ws.trace !== undefined) tell(s, ws, u.side, 'K10.12', `${u.name} retreats to ${sq(to)}`);
}

/**
 * K10.13: the defender's CA choice: retreat (-1) or counter-attack one attacking square. "If a unit
 * rolls a CA and can neither counter attack nor retreat then it is destroyed": when no defending
 * unit has a square to retreat to and a counter-attack is possible, retreating is not offered (it
 * would only destroy the stack); with neither, the retreat option stands and destroys it.
 */
export function caOptions(s: CreteState, ws: CreteWorkspace, b: Battle): CaOption[] {
  const out = caChoices(s, b);
  if (out.length === 1) return out;
  const away = b.scatter ? [b.def] : b.squares;
  for (const i of alive(s, b.defenders)) if (retreatSquares(s, ws, i, away).length > 0) return out;
  return out.slice(1);
}

/** The CA choices before the retreat check of `caOptions`: retreat, then each square open to a counter-attack. */
function caChoices(s: CreteState, b: Battle): CaOption[] {
  const out: CaOption[] = [{ counter: -1 }];
  const defs = alive(s, b.defenders).filter(
    (i) =>
      !(
        s.rules.landedCa === 'landed-no-counterattack' &&
        s.units[i]!.kind === 'para' &&
        s.units[i]!.landed === s.turn
      ),
  );
  if (defs.length === 0) return out;
  const a = cfSum(s, defs);
  const targets = b.scatter ? [b.def] : b.squares;
  for (const h of targets) {
    const tgt = b.scatter ? ground(s, alive(s, b.attackers)) : unitsOn(s, b.side, h, false);
    if (tgt.length === 0) continue;
    const d = cfSum(s, tgt) * (!b.scatter && doubles(h) ? 2 : 1);
    if (usedColumn(s.rules, a, d) >= 0) out.push({ counter: h });
  }
  return out;
}

/** Carries out the CA choice (task popped). */
export function applyCa(s: CreteState, ws: CreteWorkspace, task: CreteTask & { t: 'ca' }, o: CaOption): void {
  s.stack.pop();
  const b = task.battle;
  const defSide = other(b.side);
  const defs = alive(s, b.defenders);
  if (o.counter < 0) {
    pushRetreat(s, defs, b.scatter ? [b.def] : b.squares);
    return;
  }
  const counters = defs.filter(
    (i) =>
      !(
        s.rules.landedCa === 'landed-no-counterattack' &&
        s.units[i]!.kind === 'para' &&
        s.units[i]!.landed === s.turn
      ),
  );
  const tgt = b.scatter ? ground(s, alive(s, b.attackers)) : unitsOn(s, b.side, o.counter, false);
  const a = cfSum(s, counters);
  const dbl = !b.scatter && doubles(o.counter);
  const d = cfSum(s, tgt) * (dbl ? 2 : 1);
  const table: Table = s.rules.ca === 'ca-limited-table' ? 'limited' : b.table;
  const home = s.units[counters[0]!]!.loc;
  const cb: Battle = {
    side: defSide,
    attackers: counters,
    squares: [home],
    def: o.counter,
    defenders: tgt,
    table,
    depth: b.depth + 1,
    scatter: false,
    column: Math.max(0, usedColumn(s.rules, a, d)),
  };
  fight(s, ws, cb);
}
