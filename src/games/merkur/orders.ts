/**
 * Merkur 4.0 a-d, 7.3, 5.5: the orders of an activated zone's units (stay, move, fire, assault,
 * bombard), then its combats in the order 7.3 sets: bombardments, fire, assault, and the forced
 * assaults of units that entered enemy-held zones (5.5).
 */
import { expectKind, type TaskOf, unreachable } from '../../core/kernel.js';
import type { CombatSpec } from './combat.js';
import { artilleryValue } from './command.js';
import { asksNothing, dec, type MerkurDecision, type MerkurTaskKind, type OrderOption } from './decisions.js';
import { MAP } from './map.js';
import { reachable } from './movement.js';
import { queueRegroup } from './regroup.js';
import { type Bombard, CW, GER, isDay, type MerkurState, type Order, type Task } from './state.js';
import { countIn, moveOf, type Occupancy, occupancy, STACK_LIMIT } from './units.js';
import type { MerkurWorkspace } from './workspace.js';

/** 4.0 a-d: the next unit's order in the activated zone, or the zone's combats when all have orders. */
function ordersStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'orders'>,
): MerkurDecision | null {
  const day = isDay(s.turn);
  // positions change only by this task's own move orders (applyAnswer keeps `ws.ordersOcc`):
  // one occupancy pass serves every unit of the activation
  let occ: Occupancy | undefined;
  while (task.i < task.units.length) {
    const ui = task.units[task.i]!;
    const u = s.units[ui]!;
    if (u.status !== 'map' || u.zone !== task.zone) {
      task.i++;
      continue;
    }
    if (occ === undefined) {
      if (ws.ordersOcc === undefined || ws.ordersTask !== task) {
        occ = occupancy(s, ws.ordersOcc);
        if (ws.ordersOcc !== undefined) ws.ordersTask = task;
      } else occ = ws.ordersOcc;
    }
    const opts: OrderOption[] = [{ type: 'stay', unit: ui }];
    if (task.mode !== 'combat')
      for (const to of reachOf(s, ws, task, ui, occ)) opts.push({ type: 'move', unit: ui, to });
    const theirs = task.side === GER ? occ.c : occ.g;
    if (task.mode !== 'move' && day) {
      const z = task.zone;
      if (u.type === 'em' || u.type === 'battery') {
        if (artilleryValue(s, ui) > 0) {
          const ownContested = occ.g[z]! > 0 && occ.c[z]! > 0;
          const targets = ownContested ? [z] : [z, ...MAP.adj[z]!];
          for (const y of targets) {
            if (theirs[y]! === 0) continue;
            if (u.id === 'Ringel' && y === z) continue; // 2.5: Ringel's sum only into an adjacent zone
            opts.push({ type: 'bombard', unit: ui, to: y });
          }
        }
      } else if (u.type !== 'aa' && (!u.dispersed || s.rules.v['dispersed-may-fight'])) {
        // 3.1 Notes: dispersed paras are used "for combat or movement" only once a re-activation
        // with the initiative has removed the marker (V dispersed-may-fight: they fire and assault at 2-3-0)
        if (theirs[z]! > 0) opts.push({ type: 'assault', unit: ui });
        for (const y of MAP.adj[z]!) if (theirs[y]! > 0) opts.push({ type: 'fire', unit: ui, to: y });
      }
    }
    if (opts.length === 1) {
      task.orders.push({ u: ui, o: 'stay' });
      task.i++;
      continue;
    }
    // 4.0 b: the rest of the activation may hold in one answer (not offered to the solitaire CW,
    // whose rules 12.2 answer unit by unit)
    if (!(s.rules.solitaire && task.side === CW))
      for (let k = task.i + 1; k < task.units.length; k++) {
        const v = s.units[task.units[k]!]!;
        if (v.status === 'map' && v.zone === task.zone) {
          opts.push({ type: 'hold', unit: ui });
          break;
        }
      }
    return dec('unit-order', task.side, 'Merkur 4.0', opts);
  }
  s.stack.pop();
  resolveOrders(s, task);
  return null;
}

/**
 * 6.1: `reachable` for unit `ui` of the orders task `task` (standing in its zone) over `occ`; shared
 * by the units of one movement class while no order of the task has moved a unit (`ws.reach`).
 */
function reachOf(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'orders'>,
  ui: number,
  occ: Occupancy,
): readonly number[] {
  const u = s.units[ui]!;
  const c = ws.reach;
  if (c === undefined || u.fixed || ws.ordersTask !== task || occ !== ws.ordersOcc)
    return reachable(s, ui, occ, ws.move);
  const moves = ws.ordersMoves ?? 0;
  if (c.task !== task || c.moves !== moves) {
    c.task = task;
    c.moves = moves;
    c.keys.length = 0;
    c.lists.length = 0;
  }
  const key = moveOf(u) * 4 + (u.type === 'tank' ? 2 : 0) + (u.maori ? 1 : 0);
  const k = c.keys.indexOf(key);
  if (k >= 0) return c.lists[k]!;
  const r = reachable(s, ui, occ, ws.move);
  c.keys.push(key);
  c.lists.push(r);
  return r;
}

/** 4.0 a-d: one unit's order (or `hold` for the rest of the activation). */
function answerOrder(s: MerkurState, ws: MerkurWorkspace, t: TaskOf<Task, 'orders'>, o: OrderOption): void {
  if (o.type === 'hold') {
    // 4.0 b: this unit and every unit of the activation still without an order stay
    for (; t.i < t.units.length; t.i++) {
      const ui = t.units[t.i]!;
      const u = s.units[ui]!;
      if (u.status !== 'map' || u.zone !== t.zone) continue;
      u.acted = true;
      t.orders.push({ u: ui, o: 'stay' });
    }
    return;
  }
  t.i++;
  const u = s.units[o.unit]!;
  u.acted = true;
  let order: Order;
  switch (o.type) {
    case 'move': {
      const occ = ws.ordersTask === t ? ws.ordersOcc : undefined;
      if (occ !== undefined) {
        const mine = u.side === GER ? occ.g : occ.c;
        const theirs = u.side === GER ? occ.c : occ.g;
        // 5.5: entering a zone the enemy alone holds is a forced assault
        if (theirs[o.to]! > 0 && mine[o.to]! === 0) t.forced.push(o.to);
        mine[u.zone]!--;
        mine[o.to]!++;
        // `reachable` from the activated zone reads the mover's own counts only where a zone
        // fills up (5.1) or where a first friend opens an enemy-held zone at night (11.0); the
        // start zone keeps the units still to move. Any other move leaves the zones reached as they were.
        if (mine[o.to]! >= STACK_LIMIT || (mine[o.to] === 1 && theirs[o.to]! > 0))
          ws.ordersMoves = (ws.ordersMoves ?? 0) + 1;
      } else {
        const enemy = (1 - u.side) as 0 | 1;
        if (countIn(s, o.to, enemy) > 0 && countIn(s, o.to, u.side) === 0) t.forced.push(o.to);
      }
      u.zone = o.to;
      order = { u: o.unit, o: 'move', to: o.to };
      break;
    }
    case 'fire':
    case 'bombard':
      order = { u: o.unit, o: o.type, to: o.to };
      break;
    case 'stay':
    case 'assault':
      order = { u: o.unit, o: o.type };
      break;
    default:
      unreachable(o);
  }
  t.orders.push(order);
}

/** 4.0 a-d: each unit of the activated zone gets its order. */
export const ordersTask: MerkurTaskKind<'orders'> = {
  step: ordersStep,
  answer(s, ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'unit-order');
    answerOrder(s, ws, task, d.options[choice]!);
  },
};

/** 7.3: bombardment, then fire, then assault; then the forced assaults of units that entered enemy zones (5.5). */
function resolveOrders(s: MerkurState, task: TaskOf<Task, 'orders'>): void {
  const bombards: Bombard[] = [];
  for (const o of task.orders) if (o.o === 'bombard') bombards.push({ u: o.u, to: o.to });
  if (bombards.length === 0) {
    orderCombats(s, task);
    return;
  }
  // 7.3: the bombardments first; the combats are drawn up from what they leave
  const { side, zone, orders, forced } = task;
  s.stack.push({ t: 'order-combats', side, zone, orders, forced });
  s.stack.push({ t: 'bombards', list: bombards, target: null, regroup: false });
}

/** Units of `orders` of kind `o` aimed at `to` that stand on the map in zone `at`, in order. */
function orderedAt(
  s: MerkurState,
  orders: readonly Order[],
  o: 'fire' | 'move',
  to: number,
  at: number,
): number[] {
  const out: number[] = [];
  for (const x of orders) {
    if (x.o !== o || x.to !== to) continue;
    const u = s.units[x.u]!;
    if (u.status !== 'map' || u.zone !== at) continue;
    // 5.5: EMs and batteries do not make the forced assault of the zone they entered
    if (o === 'move' && (u.type === 'em' || u.type === 'battery')) continue;
    out.push(x.u);
  }
  return out;
}

/** 7.3: an activation's fire, assault and forced assaults (5.5), as combat tasks; then 9.0. */
function orderCombats(
  s: MerkurState,
  task: { side: 0 | 1; zone: number; orders: readonly Order[]; forced: readonly number[] },
): void {
  const side = task.side;
  const enemy = (1 - side) as 0 | 1;
  const z = task.zone;
  const orders = task.orders;
  // the combats run as tasks, in order (fire, assault, forced assaults), so that the attacker
  // may re-roll an unfavourable one with the initiative (3.1 a)
  const combats: CombatSpec[] = [];
  // fire targets in the order first named
  for (let k = 0; k < orders.length; k++) {
    const o = orders[k]!;
    if (o.o !== 'fire') continue;
    let seen = false;
    for (let j = 0; j < k && !seen; j++)
      seen = orders[j]!.o === 'fire' && (orders[j] as { to: number }).to === o.to;
    if (seen) continue;
    const att = orderedAt(s, orders, 'fire', o.to, z);
    if (att.length > 0 && countIn(s, o.to, enemy) > 0)
      combats.push({ kind: 'fire', side, attackers: att, zone: o.to, from: z });
  }
  const assault: number[] = [];
  for (const o of orders) {
    if (o.o !== 'assault') continue;
    const u = s.units[o.u]!;
    if (u.status === 'map' && u.zone === z) assault.push(o.u);
  }
  if (assault.length > 0 && countIn(s, z, enemy) > 0)
    combats.push({ kind: 'assault', side, attackers: assault, zone: z, from: z });
  const forced = task.forced;
  for (let k = 0; k < forced.length; k++) {
    const y = forced[k]!;
    if (forced.indexOf(y) !== k) continue;
    const att = orderedAt(s, orders, 'move', y, y);
    if (att.length > 0 && countIn(s, y, enemy) > 0)
      combats.push({ kind: 'assault', side, attackers: att, zone: y, from: y });
  }
  for (let k = combats.length - 1; k >= 0; k--)
    s.stack.push({ t: 'combat', spec: combats[k]!, vals: null, x: 0, y: 0, rerolled: false });
  queueRegroup(s);
}

/** 7.3: an activation's combats, drawn up once its bombardments are resolved. */
export const orderCombatsTask: MerkurTaskKind<'order-combats'> = {
  step(s, _ws, task) {
    s.stack.pop();
    orderCombats(s, task);
    return null;
  },
  answer: asksNothing,
};
