/**
 * Merkur 4.0, 4.1: activations. The CW activation roll and its table (4.0, 4.1 concentration
 * bonus, with the initiative re-roll or +1, 3.1), each side's zone activations (4.0, with
 * re-activation by the initiative, 3.1 c), and the orders of an activated zone's units (stay, move,
 * fire, assault, bombard), then its combats in the order of 7.3's "multiple combats": bombardments,
 * fire, assault, and the forced assaults of units that entered enemy-held zones (5.5, 7.0).
 */
import type { ChanceNode } from '../../core/game.js';
import { expectKind, type TaskOf, unreachable } from '../../core/kernel.js';
import { d6Node, roll } from './chance.js';
import type { CombatSpec } from './combat.js';
import { bombardZones } from './command.js';
import {
  type ActivationOption,
  asksNothing,
  dec,
  type InitiativeOption,
  type MerkurDecision,
  type MerkurTaskKind,
  type OrderOption,
  sideIndex,
} from './decisions.js';
import { canUseInitiative, useInitiative } from './initiative.js';
import { MAP } from './map.js';
import { reachable } from './movement.js';
import { tell } from './narrate.js';
import { queueRegroup } from './regroup.js';
import {
  type Bombard,
  CW,
  dayOf,
  GER,
  isDay,
  type MerkurState,
  type MUnit,
  type Order,
  type Task,
} from './state.js';
import { countIn, moveOf, type Occupancy, occupancy, STACK_LIMIT } from './units.js';
import type { MerkurWorkspace } from './workspace.js';

/** 4.0, 4.1 (M-23, M-24): the modifier k subtracted and the bonus b of this turn's roll. */
export function activationTerms(s: MerkurState): { k: number; b: number } {
  const t = s.turn;
  const night = !isDay(t);
  if (night && (t !== 3 || s.rules.v['night-d6'])) return { k: 0, b: 0 };
  const k = t <= 5 ? 6 - t : 0;
  let b = 0;
  if (t <= 5) {
    const { g } = occupancy(s);
    let zones = 0;
    for (let z = 0; z < MAP.count; z++) if (MAP.map[z] === 'ouest' && g[z]! > 0) zones++;
    b = zones === 1 ? 2 : zones === 2 ? 1 : zones === 0 && s.rules.v['conc0-plus2'] ? 2 : 0;
  }
  return { k, b };
}

/** 4.0: N = max(0, d6 - k + b). */
export function activationCount(die: number, k: number, b: number): number {
  return Math.max(0, die - k + b);
}

/**
 * 4.0, 4.1: the CW activation roll (`rolled` -1: to roll; -2: re-rolled with the initiative, to
 * roll again), then the initiative's offer to re-roll it or add one zone (3.1).
 */
function cwRollStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'cw-roll'>,
): MerkurDecision | ChanceNode | null {
  if (task.rolled < 0)
    return roll(
      ws,
      'activation',
      'd6',
      () => ACTIVATION_DIE,
      (k) => activationDie(s, ws, task, k + 1),
    );
  if (canUseInitiative(s, CW) && !(s.rules.solitaire && s.rules.soloInitiative === 'never'))
    return dec('initiative', CW, 'Merkur 3.1, 4.0', [
      { type: 'keep' },
      { type: 'reroll' },
      { type: 'plus-one' },
    ]);
  endRoll(s, task);
  return null;
}

const ACTIVATION_DIE = d6Node('Merkur 4.0', 'CW activation die');

/** 4.0: die `die` of the CW activation roll: N = max(0, die - k + b) zones (a re-roll stands). */
function activationDie(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'cw-roll'>,
  die: number,
): void {
  const { k, b } = activationTerms(s);
  const again = task.rolled === -2;
  task.rolled = activationCount(die, k, b);
  if (again) {
    endRoll(s, task);
    return;
  }
  if (s.turn <= 5 && b > 0) s.stats.cw_conc_bonus_turns++;
  if (ws.trace !== undefined)
    tell(s, ws, CW, 'Merkur 4.0', `activation roll ${die} - ${k} + ${b}: ${task.rolled} zone(s)`, {
      dice: [die],
    });
}

/** 4.0: the roll stands: this turn's CW movement activations. */
function endRoll(s: MerkurState, task: TaskOf<Task, 'cw-roll'>): void {
  s.cwMoves = task.rolled;
  if (s.turn <= 5) s.cwMovesT15 += task.rolled;
  s.stack.pop();
}

/** 4.0 with 3.1 c: the CW activation roll kept, re-rolled, or raised by one with the initiative. */
function answerRollInitiative(
  s: MerkurState,
  task: TaskOf<Task, 'cw-roll'>,
  type: InitiativeOption['type'],
): void {
  if (type === 'reroll') {
    useInitiative(s, CW);
    task.rolled = -2;
    return;
  }
  if (type === 'plus-one') {
    useInitiative(s, CW);
    task.rolled += 1;
  }
  endRoll(s, task);
}

/** 4.0, 4.1: the CW activation roll (3.1: kept, re-rolled or +1 with the initiative). */
export const cwRollTask: MerkurTaskKind<'cw-roll'> = {
  step: cwRollStep,
  outcome: (s, ws, task, _node, k) => activationDie(s, ws, task, k + 1),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'initiative');
    answerRollInitiative(s, task, d.options[choice]!.type);
  },
};

/** 4.0: the zones a side may activate next. */
function activationStep(s: MerkurState, ws: MerkurWorkspace, side: 0 | 1): MerkurDecision | null {
  const opts: ActivationOption[] = [{ type: 'end-activations' }];
  const g = ws.occ?.g.fill(0) ?? new Int8Array(MAP.count);
  const c = ws.occ?.c.fill(0) ?? new Int8Array(MAP.count);
  const own = side === GER ? g : c;
  const other = side === GER ? c : g;
  const day = isDay(s.turn);
  // per zone, in one pass with the occupancy: a German unit that has not fired; a CW unit free to move (4.0)
  const ready = ws.flags?.ready.fill(0) ?? new Uint8Array(MAP.count);
  // CW units a re-activation could move (3.1 c: those that acted too, not an EM that fired)
  const mobile = ws.flags?.mobile.fill(0) ?? new Uint8Array(MAP.count);
  const us = s.units;
  // the side's units per zone, for the answer's unit list (applyAnswer, 'activate')
  const zu = ws.zoneUnits !== undefined && ws.zoneUnits.next.length >= us.length ? ws.zoneUnits : undefined;
  if (zu !== undefined) {
    zu.decision = null;
    zu.head.fill(-1);
  }
  for (let i = 0; i < us.length; i++) {
    const u = us[i]!;
    if (u.status !== 'map' || u.zone < 0) continue;
    if (u.side === GER) g[u.zone]!++;
    else c[u.zone]!++;
    if (u.side !== side) continue;
    if (zu !== undefined) {
      zu.next[i] = -1;
      if (zu.head[u.zone] === -1) zu.head[u.zone] = i;
      else zu.next[zu.tail[u.zone]!] = i;
      zu.tail[u.zone] = i;
    }
    if (side === GER ? !u.fired : !u.fixed && u.m > 0 && !u.acted) ready[u.zone] = 1;
    if (side === CW && !u.fixed && u.m > 0 && !u.fired) mobile[u.zone] = 1;
  }
  // 4.0 footnote 1 (V air-declare-at-activation): the Luftwaffe zone is activated like a zone
  if (side === GER && day && s.rules.v['air-declare-at-activation'] && s.luftwaffeTurn !== s.turn) {
    const d = dayOf(s.turn);
    if (s.air.some((a) => !a.lost && a.flownDay !== d)) opts.push({ type: 'luftwaffe' });
  }
  if (side === GER) {
    const initiative = canUseInitiative(s, GER);
    let fresh = 0;
    for (let z = 0; z < MAP.count; z++) {
      if (own[z]! === 0) continue;
      if (s.activated[z] === 0) {
        opts.push({ type: 'activate', zone: z, mode: 'all', initiative: false });
        fresh++;
      } else if (initiative && ready[z] === 1)
        opts.push({ type: 'activate', zone: z, mode: 'all', initiative: true });
    }
    // 4.0: every zone not yet activated, one after the other (one answer for what would otherwise be one per zone)
    if (fresh >= 2) opts.push({ type: 'activate-all' });
  } else {
    const { adjStart, adjFlat } = MAP;
    // 3.1 c (M-15): the initiative re-activates a zone already activated, for combat or movement
    const initiative = canUseInitiative(s, CW) && !(s.rules.solitaire && s.rules.soloInitiative === 'never');
    let fresh = 0;
    for (let z = 0; z < MAP.count; z++) {
      if (own[z]! === 0) continue;
      // 4.0 (M-22): combat, day only: contested or adjacent to German units
      let combat = false;
      if (day) {
        combat = other[z]! > 0;
        for (let k = adjStart[z]!, end = adjStart[z + 1]!; k < end && !combat; k++)
          combat = other[adjFlat[k]!]! > 0;
      }
      if (s.activated[z] !== 0) {
        if (!initiative) continue;
        if (combat) opts.push({ type: 'activate', zone: z, mode: 'combat', initiative: true });
        if (mobile[z] === 1) opts.push({ type: 'activate', zone: z, mode: 'move', initiative: true });
        continue;
      }
      if (combat) {
        opts.push({ type: 'activate', zone: z, mode: 'combat', initiative: false });
        fresh++;
      }
      if (s.cwMoves > 0 && ready[z] === 1)
        opts.push({ type: 'activate', zone: z, mode: 'move', initiative: false });
    }
    // 4.0: every zone open to a combat activation, one after the other (not to the solitaire CW, whose 12.2 rules answer zone by zone)
    if (fresh >= 2 && !s.rules.solitaire) opts.push({ type: 'activate-all' });
  }
  if (opts.length === 1) {
    s.stack.pop();
    return null;
  }
  const d = dec('activation', side, 'Merkur 4.0', opts);
  if (zu !== undefined) zu.decision = d;
  return d;
}

/**
 * 4.0: activates zone `zone` for `side` (3.1 c: re-activates it with the initiative) and asks its
 * units' orders. `listed`: the activation step's per-zone lists and counts in the workspace are
 * those of the current positions (nothing moved since it asked).
 */
function activateZone(
  s: MerkurState,
  ws: MerkurWorkspace,
  side: 0 | 1,
  zone: number,
  mode: 'all' | 'move' | 'combat',
  initiative: boolean,
  listed: boolean,
): void {
  s.activated[zone] = 1;
  if (initiative) useInitiative(s, side);
  if (mode === 'move' && !initiative) s.cwMoves--;
  const zoneBased = s.rules.v['zone-based'] === true;
  const units: number[] = [];
  const us = s.units;
  const take = (i: number, u: MUnit) => {
    if (initiative) {
      // 3.1: re-activation removes dispersion in a paradrop turn
      if (u.dispersed) {
        u.dispersed = false;
        s.stats.undispersed_by_initiative++;
      }
      if (!u.fired) units.push(i);
    } else if (!u.acted || zoneBased) units.push(i);
  };
  const zu = ws.zoneUnits;
  if (listed && zu !== undefined) {
    for (let i = zu.head[zone]!; i >= 0; i = zu.next[i]!) take(i, us[i]!);
  } else
    for (let i = 0; i < us.length; i++) {
      const u = us[i]!;
      if (u.zone !== zone || u.side !== side || u.status !== 'map') continue;
      take(i, u);
    }
  const orders: Task = { t: 'orders', side, zone, mode, units, i: 0, orders: [], forced: [] };
  s.stack.push(orders);
  if (listed && ws.occ !== undefined && ws.ordersOcc !== undefined) {
    // the activation step's counts are the positions the orders start from
    ws.ordersOcc.g.set(ws.occ.g);
    ws.ordersOcc.c.set(ws.occ.c);
    ws.ordersTask = orders;
  }
}

/** 4.0: the zones a side activates, one by one. */
export const activationsTask: MerkurTaskKind<'activations'> = {
  step: (s, ws, task) => activationStep(s, ws, task.side),
  answer(s, ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'activation');
    const o = d.options[choice]!;
    switch (o.type) {
      case 'activate': {
        const zu = ws.zoneUnits;
        activateZone(
          s,
          ws,
          sideIndex(d),
          o.zone,
          o.mode,
          o.initiative,
          zu !== undefined && zu.decision === d,
        );
        return;
      }
      case 'activate-all':
        s.stack.push({ t: 'activate-rest', side: sideIndex(d) });
        return;
      case 'luftwaffe':
        s.luftwaffeTurn = s.turn;
        s.stack.push({ t: 'air-missions', i: 0, planned: [] });
        return;
      case 'end-activations':
        s.stack.pop();
        return;
      default:
        return unreachable(o);
    }
  },
};

/**
 * 4.0 (`activate-all`): the German activates, one after the other in map order, every zone holding
 * German units that it has not activated this turn, each once its predecessor's orders and
 * combats are done (a zone its units enter meanwhile is activated in its turn too, 4.0: the units
 * that moved have acted). The same as answering `activate` for each such zone in that order.
 */
function activateRestStep(s: MerkurState, ws: MerkurWorkspace, side: 0 | 1): null {
  const occ = occupancy(s, ws.occ);
  const own = side === GER ? occ.g : occ.c;
  const other = side === GER ? occ.c : occ.g;
  const { adjStart, adjFlat } = MAP;
  for (let z = 0; z < MAP.count; z++)
    if (own[z]! > 0 && s.activated[z] === 0) {
      if (side === CW) {
        // 4.0 (M-22): a CW combat activation, contested or next to German units (day only, as offered)
        let combat = other[z]! > 0;
        for (let k = adjStart[z]!, end = adjStart[z + 1]!; k < end && !combat; k++)
          combat = other[adjFlat[k]!]! > 0;
        if (!combat || !isDay(s.turn)) continue;
      }
      if (ws.trace !== undefined)
        tell(s, ws, side, 'Merkur 4.0', `activates zone ${MAP.ids[z]} (activate-all)`);
      activateZone(s, ws, side, z, side === GER ? 'all' : 'combat', false, false);
      if (ws.ordersOcc !== undefined && ws.occ !== undefined) {
        ws.ordersOcc.g.set(occ.g);
        ws.ordersOcc.c.set(occ.c);
        ws.ordersTask = s.stack[s.stack.length - 1]!;
      }
      return null;
    }
  s.stack.pop();
  return null;
}

/** 4.0 (activate-all): every zone not yet activated, in map order. */
export const activateRestTask: MerkurTaskKind<'activate-rest'> = {
  step: (s, ws, task) => activateRestStep(s, ws, task.side),
  answer: asksNothing,
};

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
        for (const y of bombardZones(s, ui, z, occ)) opts.push({ type: 'bombard', unit: ui, to: y });
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
    s.stack.push({ t: 'combat', spec: combats[k]!, vals: null, x: 0, y: 0, rerolled: false, stage: 0 });
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
