/**
 * Merkur 7.4 results as losses (with 3.2 forts, 6.1 retreats, 2.4 EMs, 8.3 bombardment results):
 * the losses a band inflicts, carried out one at a time, the losing side choosing where the rules
 * leave a choice (a `losses` task), and the engine's answers off the decision path.
 */
import { expectKind, type TaskOf, unreachable } from '../../core/kernel.js';
import type { CombatSpec } from './combat.js';
import { underOrders } from './command.js';
import { dec, type MerkurDecision, type MerkurTaskKind } from './decisions.js';
import { isAdjacent, MAP } from './map.js';
import { tell } from './narrate.js';
import { queueRegroup } from './regroup.js';
import { CW, GER, type MerkurState, type Task } from './state.js';
import {
  checkForts,
  combatUnits,
  contested,
  countIn,
  defenceOf,
  eliminate,
  halve,
  leadOf,
  room,
  unitsIn,
} from './units.js';
import type { MerkurWorkspace } from './workspace.js';

/**
 * One loss of a combat result still to be carried out (7.4, 3.2, 6.1), as plain data so that a
 * combat of an activation can stop at each choice of the losing side and resume (docs/games/merkur.md "Decisions",
 * G13, C6). An answer field left undefined is asked (or, off the decision path, given by the
 * engine's rule: `engineFort`, `engineRetreat`, `engineGroupLoss`).
 * - step: the unit loses a step (a fort may absorb it; `fort`: the CW's answer), then retreats if `retreat` is set;
 * - elim: fire band 5 eliminates the unit (a fort may absorb it);
 * - retreat: the unit retreats (`zone`: the chosen zone);
 * - group: bands 1/5, 8.3: the other units all retreat (`halve` -1) or one of them (`halve`) loses a step;
 * - em: 2.4: an EM left without combat units by the last one's retreat follows it (`follow`) or stays.
 */
export type LossOp =
  | { k: 'step'; u: number; optional: boolean; retreat: boolean; enemy: 0 | 1; fort?: boolean }
  | { k: 'elim'; u: number; fort?: boolean }
  | { k: 'retreat'; u: number; enemy: 0 | 1; zone?: number }
  | { k: 'group'; units: number[]; enemy: 0 | 1; halve?: number }
  /** 8.3: the defender names the second defender among `units` (`pick`); it must retreat or be halved. */
  | { k: 'second'; units: number[]; enemy: 0 | 1; pick?: number }
  /** 2.4: EM `u`, left in `from` by its last retreating combat unit, may follow it into `to`. */
  | { k: 'em'; u: number; from: number; to: number; enemy: 0 | 1; follow?: boolean };

/** 7.4*: halved, then retreats (a unit that cannot retreat is halved again). */
function hrOp(ui: number, enemy: 0 | 1): LossOp {
  return { k: 'step', u: ui, optional: false, retreat: true, enemy };
}

/** 7.4: the losses band `b` inflicts, in the order they are carried out (11.0 Maori: `maoriOps`). */
export function bandOps(s: MerkurState, spec: CombatSpec, b: number, leadA: number, leadD: number): LossOp[] {
  const aSide = spec.side;
  const dSide = (1 - aSide) as 0 | 1;
  const ops: LossOp[] = [];
  if (spec.kind === 'fire') {
    if (b <= 3) ops.push({ k: 'step', u: leadA, optional: false, retreat: false, enemy: dSide });
    if (b === 3 || b === 4) ops.push({ k: 'step', u: leadD, optional: false, retreat: false, enemy: aSide });
    if (b === 5) ops.push({ k: 'elim', u: leadD });
    return ops;
  }
  const others = spec.attackers.filter((i) => i !== leadA);
  const otherDefs = combatUnits(s, unitsIn(s, spec.zone, dSide)).filter((i) => i !== leadD);
  if (b <= 3) ops.push(hrOp(leadA, dSide));
  if (b === 1) ops.push({ k: 'group', units: others, enemy: dSide });
  if (b >= 3) ops.push(hrOp(leadD, aSide));
  if (b === 5) ops.push({ k: 'group', units: otherDefs, enemy: aSide });
  return ops;
}

/**
 * 11.0 (V-MAORI): the Maori's result touches only the two units: the Maori (defeat) or the target
 * (victory) is halved and retreats; a tie does nothing.
 */
export function maoriOps(b: number, leadA: number, leadD: number): LossOp[] {
  if (b <= 2) return [hrOp(leadA, GER)];
  if (b >= 4) return [hrOp(leadD, CW)];
  return [];
}

/** A choice the losing side makes while losses are carried out (docs/games/merkur.md "Decisions"). */
export type LossQuestion =
  | { kind: 'fort-sacrifice'; side: 0 | 1; unit: number }
  | { kind: 'retreat-zone'; side: 0 | 1; unit: number; zones: number[]; forced: boolean }
  | { kind: 'loss-choice'; side: 0 | 1; units: number[] }
  | { kind: 'second-defender'; side: 0 | 1; units: number[] }
  | { kind: 'em-follow'; side: 0 | 1; unit: number; from: number; to: number };

/**
 * Carries out `ops` from the first: with `ask`, stops at the first choice still unanswered and
 * returns it (the ops done are removed from `ops`, the one asked stays first); without, takes the
 * engine's answers. Returns null when every op is done.
 */
export function runLosses(
  s: MerkurState,
  ws: MerkurWorkspace,
  ops: LossOp[],
  ask: boolean,
): LossQuestion | null {
  while (ops.length > 0) {
    const op = ops[0]!;
    const u = op.k === 'group' || op.k === 'second' ? undefined : s.units[op.u];
    switch (op.k) {
      case 'step':
      case 'elim': {
        if (op.k === 'step' && u!.status !== 'map') break;
        if (op.fort === undefined && fortEligible(s, op.u, op.k === 'step' && op.optional)) {
          if (ask) return { kind: 'fort-sacrifice', side: CW, unit: op.u };
          op.fort = engineFort(s, op.u);
        }
        if (op.fort === true) {
          sacrificeFort(s, op.u);
          if (op.k === 'step' && op.retreat) ops.splice(1, 0, { k: 'retreat', u: op.u, enemy: op.enemy });
          break;
        }
        if (op.k === 'elim') eliminate(s, op.u);
        else if (!halve(s, op.u) && op.retreat) ops.splice(1, 0, { k: 'retreat', u: op.u, enemy: op.enemy });
        break;
      }
      case 'retreat': {
        if (u!.status !== 'map') break;
        if (op.zone === undefined) {
          const { free, forced } = retreatZones(s, op.u, op.enemy);
          const zones = free.length > 0 ? free : forced;
          if (ask && zones.length > 1)
            return { kind: 'retreat-zone', side: u!.side, unit: op.u, zones, forced: free.length === 0 };
          op.zone = free.length > 0 ? engineRetreat(s, op.u, free) : (forced[0] ?? -1);
        }
        const from = u!.zone;
        retreatTo(s, ws, op.u, op.enemy, op.zone);
        // 2.4: "An EM may voluntarily retreat with the last combat unit under its orders that is
        // retreating" (V-EMFOLLOW: em-follow-own, the EMs that command it; em-follow-any, every EM left)
        if (
          u!.status === 'map' &&
          u!.zone !== from &&
          combatUnits(s, unitsIn(s, from, u!.side)).length === 0
        ) {
          const any = s.rules.v['em-follow-any'] === true;
          ops.splice(
            1,
            0,
            ...unitsIn(s, from, u!.side)
              .filter((e) => any || underOrders(s.units[e]!, u!))
              .map((e): LossOp => ({ k: 'em', u: e, from, to: u!.zone, enemy: op.enemy })),
          );
        }
        break;
      }
      case 'em': {
        const side = u!.side;
        if (u!.status !== 'map' || u!.zone !== op.from || room(s, op.to, side) <= 0) break;
        if (combatUnits(s, unitsIn(s, op.from, side)).length > 0) break;
        if (op.follow === undefined) {
          if (ask) return { kind: 'em-follow', side, unit: op.u, from: op.from, to: op.to };
          op.follow = engineFollow(s, op.from, op.enemy);
        }
        if (op.follow) moveUnit(s, op.u, op.to);
        break;
      }
      case 'second': {
        const list = op.units.filter((i) => s.units[i]!.status === 'map');
        if (list.length === 0 || s.units[list[0]!]!.zone < 0) break;
        if (op.pick === undefined) {
          if (ask && list.length > 1) {
            op.units = list;
            return { kind: 'second-defender', side: s.units[list[0]!]!.side, units: list };
          }
          op.pick = engineSecondDefender(s, list);
        }
        ops.splice(1, 0, { k: 'group', units: [op.pick], enemy: op.enemy });
        break;
      }
      case 'group': {
        const list = op.units.filter((i) => s.units[i]!.status === 'map');
        if (list.length === 0 || s.units[list[0]!]!.zone < 0) break;
        if (op.halve === undefined) {
          if (ask) {
            op.units = list;
            return { kind: 'loss-choice', side: s.units[list[0]!]!.side, units: list };
          }
          op.halve = engineGroupLoss(s, list);
        }
        if (op.halve >= 0)
          ops.splice(1, 0, { k: 'step', u: op.halve, optional: true, retreat: false, enemy: op.enemy });
        else ops.splice(1, 0, ...list.map((i): LossOp => ({ k: 'retreat', u: i, enemy: op.enemy })));
        break;
      }
    }
    ops.shift();
  }
  return null;
}

/**
 * 8.3: the engine's second defender of a bombardment among `units`: the highest defence, full
 * strength first, then the first (the scripted policies' and the solitaire CW's answer).
 */
export function engineSecondDefender(s: MerkurState, units: readonly number[]): number {
  return leadOf(s, units, (i) => defenceOf(s, s.units[i]!));
}

/** 3.2 (V-FORTLOSS): a fort in the zone of CW unit `ui` may absorb this loss instead of the unit. */
export function fortEligible(s: MerkurState, ui: number, optionalLoss: boolean): boolean {
  const u = s.units[ui]!;
  if (u.side !== CW || u.zone < 0 || s.fort[u.zone] !== 1) return false;
  return !s.rules.v['fort-optional-only'] || optionalLoss;
}

/** docs/games/merkur.md "Solitaire" (the engine's and the solitaire answer): sacrifice the fort only when the loss would eliminate the unit. */
export function engineFort(s: MerkurState, ui: number): boolean {
  return s.units[ui]!.reduced;
}

/** 3.2: the fort of unit `ui`'s zone is given up to absorb its loss. */
function sacrificeFort(s: MerkurState, ui: number): void {
  s.fort[s.units[ui]!.zone] = 0;
  s.stats.forts_destroyed++;
  s.stats.forts_sacrificed++;
}

/**
 * 6.1, 7.4 (M-36): the zones unit `ui` may retreat to: `free` (adjacent, room, no enemy; tanks by
 * road), or, when there is none, `forced` (adjacent with room but enemy units: it arrives halved).
 */
export function retreatZones(s: MerkurState, ui: number, enemy: 0 | 1): { free: number[]; forced: number[] } {
  const u = s.units[ui]!;
  const free: number[] = [];
  const forced: number[] = [];
  for (const z of MAP.adj[u.zone]!) {
    if (u.type === 'tank' && !MAP.road[z]) continue;
    if (room(s, z, u.side) <= 0) continue;
    if (countIn(s, z, enemy) > 0) forced.push(z);
    else free.push(z);
  }
  return { free, forced };
}

/** docs/games/merkur.md "Solitaire" (the engine's and the solitaire retreat): nearest objective (CW), then most friends, then lowest index; the smallest key. */
export function retreatKey(s: MerkurState, ui: number, z: number): number {
  const side = s.units[ui]!.side;
  let near = 99;
  if (side === CW) for (const o of MAP.objectives) near = Math.min(near, MAP.dist[z]![o]!);
  return near * 1000 - countIn(s, z, side) * 10 + z / 100;
}

/** The engine's retreat zone among `free` (the smallest `retreatKey`, the first among equals). */
export function engineRetreat(s: MerkurState, ui: number, free: readonly number[]): number {
  let best = -1;
  let bestKey = Number.POSITIVE_INFINITY;
  for (const z of free) {
    const key = retreatKey(s, ui, z);
    if (key < bestKey) {
      bestKey = key;
      best = z;
    }
  }
  return best;
}

/**
 * 6.1, 7.4 (M-36): unit `ui` retreats into zone `to` (-1: nowhere: halved again). Into an enemy or
 * contested zone it arrives halved (eliminated if reduced). A lone EM left behind follows its
 * last unit (2.4).
 */
function retreatTo(s: MerkurState, ws: MerkurWorkspace, ui: number, enemy: 0 | 1, to: number): void {
  const u = s.units[ui]!;
  const from = u.zone;
  const side = u.side;
  if (to < 0) {
    halve(s, ui);
    return;
  }
  if (countIn(s, to, enemy) > 0) {
    if (halve(s, ui)) return;
  }
  moveUnit(s, ui, to);
  if (ws.trace !== undefined)
    tell(s, ws, side, 'Merkur 6.1', `${u.id} retreats ${MAP.ids[from]} -> ${MAP.ids[u.zone]}`);
}

/**
 * 2.4 (docs/games/merkur.md "Decisions"; the engine's and the solitaire answer): the EM follows its last unit when
 * enemy units are in the zone it would be left alone in (where it could be attacked), else stays.
 */
export function engineFollow(s: MerkurState, from: number, enemy: 0 | 1): boolean {
  return countIn(s, from, enemy) > 0;
}

/**
 * docs/games/merkur.md "Solitaire" (the engine's and the solitaire answer to "all retreat, or one halved"): in an
 * objective or contested zone the lowest defence (the first among equals) is halved to hold the
 * ground (its index); elsewhere all retreat (-1).
 */
export function engineGroupLoss(s: MerkurState, list: readonly number[]): number {
  const z = s.units[list[0]!]!.zone;
  if (!MAP.objective[z] && !contested(s, z)) return -1;
  let low = list[0]!;
  for (const i of list) if (defenceOf(s, s.units[i]!) < defenceOf(s, s.units[low]!)) low = i;
  return low;
}

/**
 * The option the engine's rule takes at a loss decision (docs/games/merkur.md "Solitaire": the answer of the solitaire
 * rules and of the scripted policies): fort only to save a unit from elimination, the
 * `engineRetreat` zone (the first forced zone when none is free), `engineGroupLoss`.
 */
export function engineLossAnswer(
  s: MerkurState,
  d: MerkurDecision & { kind: 'fort-sacrifice' | 'retreat-zone' | 'loss-choice' },
): number {
  switch (d.kind) {
    case 'fort-sacrifice':
      return d.options.findIndex((o) => o.use === engineFort(s, o.unit));
    case 'retreat-zone': {
      const first = d.options[0]!;
      if (first.em === true) {
        // 2.4: the option whose zone is the EM's own is "stay"
        const e = s.units[first.unit]!;
        const stay = d.options.findIndex((o) => o.zone === e.zone);
        return engineFollow(s, e.zone, (1 - e.side) as 0 | 1) ? 1 - stay : stay;
      }
      if (first.forced) return 0;
      const z = engineRetreat(
        s,
        first.unit,
        d.options.map((o) => o.zone),
      );
      return d.options.findIndex((o) => o.zone === z);
    }
    case 'loss-choice': {
      const unit = engineGroupLoss(
        s,
        d.options.flatMap((o) => (o.unit >= 0 ? [o.unit] : [])),
      );
      return d.options.findIndex((o) => o.unit === unit);
    }
  }
}

/** 7.4 bands 1/5, 8.3 second defender: "all retreat, or one halved", by the engine's rule. */
export function groupLoss(s: MerkurState, ws: MerkurWorkspace, list: readonly number[], enemy: 0 | 1): void {
  runLosses(s, ws, [{ k: 'group', units: list.slice(), enemy }], false);
}

export function moveUnit(s: MerkurState, ui: number, to: number): void {
  s.units[ui]!.zone = to;
}

/** Is `to` adjacent to `from` (fire, bombardment range)? */
export function inRange(from: number, to: number): boolean {
  return from === to || isAdjacent(from, to);
}

/**
 * 7.4, 3.2, 6.1 (docs/games/merkur.md "Decisions"): carries out a combat's losses, asking the losing side
 * "all retreat or one halved", the retreat zone when there are two or more, and whether a fort
 * absorbs a loss; then the forts and para regrouping as after any combat.
 */
function lossesStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'losses'>,
): MerkurDecision | null {
  const q = runLosses(s, ws, task.ops, true);
  if (q === null) {
    s.stack.pop();
    checkForts(s);
    if (task.regroup) queueRegroup(s);
    return null;
  }
  if (q.kind === 'fort-sacrifice')
    return dec('fort-sacrifice', CW, 'Merkur 3.2', [
      { type: 'fort-sacrifice', unit: q.unit, use: true },
      { type: 'fort-sacrifice', unit: q.unit, use: false },
    ]);
  if (q.kind === 'em-follow')
    return dec('retreat-zone', q.side, 'Merkur 2.4', [
      { type: 'retreat', unit: q.unit, zone: q.to, forced: false, em: true },
      { type: 'retreat', unit: q.unit, zone: q.from, forced: false, em: true },
    ]);
  if (q.kind === 'retreat-zone')
    return dec(
      'retreat-zone',
      q.side,
      'Merkur 6.1, 7.4',
      q.zones.map((zone) => ({ type: 'retreat', unit: q.unit, zone, forced: q.forced })),
    );
  if (q.kind === 'second-defender')
    return dec(
      'second-defender',
      q.side,
      'Merkur 8.3',
      q.units.map((unit) => ({ type: 'second-defender', unit })),
    );
  return dec('loss-choice', q.side, 'Merkur 7.4, 8.3', [
    { type: 'loss', unit: -1 },
    ...q.units.map((unit) => ({ type: 'loss' as const, unit })),
  ]);
}

/** 7.4, 3.2, 6.1: a combat's losses, one at a time. */
export const lossesTask: MerkurTaskKind<'losses'> = {
  step: lossesStep,
  answer(_s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'fort-sacrifice', 'retreat-zone', 'loss-choice', 'second-defender');
    const op = task.ops[0]!;
    switch (d.kind) {
      case 'fort-sacrifice':
        if (op.k === 'step' || op.k === 'elim') op.fort = d.options[choice]!.use;
        return;
      case 'retreat-zone': {
        const zone = d.options[choice]!.zone;
        if (op.k === 'retreat') op.zone = zone;
        else if (op.k === 'em') op.follow = zone === op.to;
        return;
      }
      case 'loss-choice':
        if (op.k === 'group') op.halve = d.options[choice]!.unit;
        return;
      case 'second-defender':
        if (op.k === 'second') op.pick = d.options[choice]!.unit;
        return;
      default:
        return unreachable(d);
    }
  },
};
