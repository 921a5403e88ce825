/**
 * Reinforcements and withdrawals (DC 8.B, 3.A; the Order of Appearance and Extraordinary Events List
 * are missing: data/dc.json `orderOfAppearance`, reconstructed, data/NOTES.md "Order of Appearance").
 * Reinforcements enter undispersed in their side's R/R phase and may move and attack that turn:
 * German (and Italian) units at an Axis point in overland supply to the west edge (D-11
 * entry-point, asked per unit), allies at their fixed point, Soviet units at a Soviet point in
 * overland supply to the east or south-east edge. In a May game the Axis 1941 arrivals come one turn
 * early (3.A). An ally whose entry point is Soviet-controlled gets no more reinforcements (8.B).
 * Withdrawals (8.B): Rumanian units withdrawn in December 1941 are picked up and put on points in
 * Rumania (D-12 withdraw, unit and point together), each using one Axis strategic movement factor.
 * The reconstructed Extraordinary Events (data/dc.json `orderOfAppearance.withdrawals`, `to`
 * "off-map": the Italian army in March 1943, the SS Panzer Corps in August 1943) take a unit of the
 * nation (and type) off the map for good in the Axis R/R Phase (D-12 with point -1), with no
 * strategic factor; an event with no such unit on the map lapses.
 */
import type { Decision } from '../../core/game.js';
import { memoizeWeak } from '../../core/memo.js';
import { takeControl } from './control.js';
import { dcData } from './data.js';
import type { DcDecision, EntryOption, WithdrawOption } from './decisions.js';
import { tell } from './narrate.js';
import { type DcState, type DcTask, type DcUnit, SIDE_IDS, type SideIx, unit, yearOf } from './state.js';
import { mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

type Task = DcTask & { t: 'reinf' };

/** DC 2.A.1: the Order of Appearance entries of the level (types the rules in force have). */
export const levelArrivals = memoizeWeak(
  (
    types: readonly { readonly id: string }[],
  ): readonly (typeof dcData.orderOfAppearance.arrivals)[number][] =>
    dcData.orderOfAppearance.arrivals.filter((e) => types.some((t) => t.id === e.type)),
);

/** Creates the units of the Order of Appearance, out of play (status 2) until they arrive; their indices in data order. */
export function reinforcementUnits(
  types: readonly { readonly id: string; readonly name: string }[],
): DcUnit[] {
  const out: DcUnit[] = [];
  for (const e of levelArrivals(types)) {
    const t = types.findIndex((x) => x.id === e.type);
    for (let k = 0; k < e.count; k++)
      out.push(
        unit(t, e.side === 'axis' ? 0 : 1, e.count > 1 ? `${e.label} ${k + 1}` : e.label, -1, false, 2),
      );
  }
  return out;
}

/** The arrival turn of an Order-of-Appearance entry in this game (DC 3.A: Axis 1941 arrivals a turn early in May). */
export function arrivalTurn(s: DcState, e: (typeof dcData.orderOfAppearance.arrivals)[number]): number {
  return e.side === 'axis' && s.first === 1 && yearOf(e.turn) === 1941 ? e.turn - 1 : e.turn;
}

/** Points reached from `side`'s map edge (west, or east and south-east) through its controlled points, overland. */
function edgeReach(s: DcState, ws: DcWorkspace, side: SideIx): Uint8Array {
  const m = mapOf(s);
  const seen = ws.own;
  seen.fill(0);
  const q = ws.queue;
  let head = 0;
  let tail = 0;
  for (let p = 0; p < m.n; p++)
    if ((side === 0 ? m.edgeWest[p] : m.edgeEast[p]) === 1 && s.control[p] === side) {
      seen[p] = 1;
      q[tail++] = p;
    }
  while (head < tail) {
    const p = q[head++]!;
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
      const nb = m.adjNb[k]!;
      if (seen[nb] === 1 || s.control[nb] !== side) continue;
      seen[nb] = 1;
      q[tail++] = nb;
    }
  }
  return seen;
}

/** D-11 options for an arriving unit: its entry points (empty: it cannot enter this turn and waits). */
function entryOptions(s: DcState, ws: DcWorkspace, entry: string, side: SideIx): EntryOption[] {
  const m = mapOf(s);
  if (entry !== 'west' && entry !== 'east') {
    const p = m.index.get(entry)!;
    return s.control[p] === 0 ? [{ type: 'entry', at: p }] : [];
  }
  const reach = edgeReach(s, ws, side);
  const out: EntryOption[] = [];
  for (let p = 0; p < m.n; p++) if (reach[p] === 1) out.push({ type: 'entry', at: p });
  return out;
}

/** Starts the reinforcement step of `side`'s R/R phase: units due now (and any that could not enter before). */
export function startReinforcements(s: DcState, side: SideIx): void {
  const due: number[] = [];
  let i = s.reinfBase;
  for (const e of levelArrivals(s.rules.types)) {
    for (let k = 0; k < e.count; k++, i++)
      if (
        s.units[i]!.side === side &&
        s.units[i]!.st === 2 &&
        s.units[i]!.at === -1 &&
        s.units[i]!.wd !== true &&
        arrivalTurn(s, e) <= s.turn &&
        // DC 8.B: no reinforcements for an ally that left the war (allies.ts)
        (s.allyStatus[0] === 0 && s.allyStatus[1] === 0
          ? true
          : !defected(s, s.rules.types[s.units[i]!.t]!.nation))
      )
        due.push(i);
  }
  const wd = side === 0 ? dcData.orderOfAppearance.withdrawals.filter((w) => w.turn === s.turn) : [];
  const left = wd.reduce((a, w) => a + w.count, 0);
  if (due.length > 0 || left > 0) s.stack.push({ t: 'reinf', side, due, k: 0, withdraw: left });
}

function entryOf(s: DcState, i: number): string {
  let j = s.reinfBase;
  for (const e of levelArrivals(s.rules.types)) {
    if (i < j + e.count) return e.entry;
    j += e.count;
  }
  return 'west';
}

type Withdrawal = (typeof dcData.orderOfAppearance.withdrawals)[number];

/** The withdrawal event `task.withdraw` is at this turn (DC 8.B), and how many it still takes. */
function currentWithdrawal(s: DcState, task: Task): { w: Withdrawal; left: number } | null {
  if (task.withdraw <= 0) return null;
  const wd = dcData.orderOfAppearance.withdrawals.filter((w) => w.turn === s.turn);
  let after = task.withdraw;
  for (let k = wd.length - 1; k >= 0; k--) {
    const w = wd[k]!;
    if (after <= w.count) return { w, left: after };
    after -= w.count;
  }
  return null;
}

/**
 * D-12 options: a unit of the event's nation (and type) outside its home country (one per type and
 * losses) with a home point to go to; or, for an off-map event, any such unit on the map (point -1).
 */
function withdrawOptions(s: DcState, w: Withdrawal): WithdrawOption[] {
  const m = mapOf(s);
  const out: WithdrawOption[] = [];
  const seen = new Set<string>();
  const home: number[] = [];
  if (w.to === 'off-map') home.push(-1);
  else for (let p = 0; p < m.n; p++) if (m.nation[p] === w.to && s.control[p] === 0) home.push(p);
  s.units.forEach((u, i) => {
    const ty = s.rules.types[u.t]!;
    if (u.st !== 0 || ty.nation !== w.nation || (w.type !== undefined && ty.id !== w.type)) return;
    if (w.to !== 'off-map' && m.nation[u.at] === w.to) return;
    const sig = `${u.t}|${u.losses}|${u.disp ? 1 : 0}|${u.at}`;
    if (seen.has(sig)) return;
    seen.add(sig);
    for (const p of home) out.push({ type: 'withdraw', unit: i, at: p });
  });
  return out;
}

export function reinfStep(s: DcState, ws: DcWorkspace, task: Task): DcDecision | null {
  while (task.k < task.due.length) {
    const i = task.due[task.k]!;
    const opts = entryOptions(s, ws, entryOf(s, i), task.side);
    if (opts.length > 1)
      return {
        kind: 'entry-point',
        side: SIDE_IDS[task.side],
        rule: 'DC 8.B',
        options: opts,
      } as Decision<'entry-point', EntryOption>;
    if (opts.length === 1) arrive(s, ws, task, opts[0]!.at);
    else task.k++;
  }
  for (let cur = currentWithdrawal(s, task); cur !== null; cur = currentWithdrawal(s, task)) {
    const opts = withdrawOptions(s, cur.w);
    if (opts.length === 0) {
      // DC 8.B: no such unit on the map: the event lapses
      task.withdraw -= cur.left;
      continue;
    }
    if (opts.length > 1)
      return { kind: 'withdraw', side: 'axis', rule: 'DC 8.B', options: opts } as Decision<
        'withdraw',
        WithdrawOption
      >;
    withdraw(s, ws, task, opts[0]!);
    return null;
  }
  s.stack.pop();
  return null;
}

/** Unit task.due[task.k] enters at `at`, undispersed (DC 8.B). */
export function arrive(s: DcState, ws: DcWorkspace, task: Task, at: number): void {
  const u = s.units[task.due[task.k++]!]!;
  u.st = 0;
  u.at = at;
  u.disp = false;
  s.stats.reinforcements++;
  tell(s, ws, task.side, 'DC 8.B', `${u.label} arrives at ${mapOf(s).names[at]}`);
}

/** D-12: the unit is picked up and put on the Rumanian point; one Axis strategic movement factor (8.B). */
export function withdraw(s: DcState, ws: DcWorkspace, task: Task, o: WithdrawOption): void {
  const u = s.units[o.unit]!;
  if (o.at < 0) {
    // reconstructed Extraordinary Event: off the map for good (status 2, never to arrive again)
    u.st = 2;
    u.at = -1;
    u.wd = true;
    u.atk = -1;
    u.fort = false;
    u.disp = false;
    task.withdraw--;
    s.stats.withdrawals++;
    tell(s, ws, 0, 'DC 8.B', `${u.label} withdrawn from the front`);
    return;
  }
  u.at = o.at;
  u.atk = -1;
  u.fort = false;
  task.withdraw--;
  s.stratUsed++;
  s.stats.withdrawals++;
  tell(s, ws, 0, 'DC 8.B', `${u.label} withdrawn to ${mapOf(s).names[o.at]}`);
}

// Axis allies losing their capital (DC 8.B note; RULES-CHECKLIST, variant group
// defection): "Axis Allied troops whose capital is lost to the Soviets become Soviet controlled and
// must return to their home country as soon as possible and remain", and "once an Axis Allied
// country has been knocked out of the war or defects to the Soviets, no further reinforcements for
// that country appear". The capitals on the map are Helsinki (Finland) and Bucharest (Rumania);
// Hungary and Italy have none, so they never defect. Judged at the start of every player turn.
// Readings: defection-removed (default) — the ally's units leave play; defection-soviet — they
// leave the Axis and hold their home country for the Soviets: its points without Axis units pass to
// Soviet control.

/** [nation, capital, home country] of the allies that can defect, in `allyStatus` order. */
export const DEFECTORS: readonly (readonly [string, string, string])[] = [
  ['finnish', 'HEL', 'Finland'],
  ['rumanian', 'BUC', 'Rumania'],
];

/** ally status, 0 active, 2 defected (the rules name no other way out of the war). */
export function defected(s: DcState, nation: string): boolean {
  const k = DEFECTORS.findIndex((d) => d[0] === nation);
  return k >= 0 && s.allyStatus[k] === 2;
}

/** Applies the defection of every ally whose capital is Soviet-controlled (start of a player turn). */
export function checkDefections(s: DcState, ws: DcWorkspace): void {
  const m = mapOf(s);
  DEFECTORS.forEach(([nation, capital, home], k) => {
    if (s.allyStatus[k] !== 0 || s.control[m.index.get(capital)!] !== 1) return;
    s.allyStatus[k] = 2;
    s.stats.alliesDefected++;
    for (const u of s.units) {
      if (s.rules.types[u.t]!.nation !== nation || u.st === 2) continue;
      // out of play for good: on the map, or in the dead pile waiting for a rebuild (8.A.1.b)
      u.st = 2;
      u.at = -1;
      u.atk = -1;
      u.fort = false;
    }
    if (s.rules.defectionSoviet)
      for (let p = 0; p < m.n; p++) {
        if (m.nation[p] !== home) continue;
        let axis = false;
        for (const u of s.units) if (u.st === 0 && u.at === p && u.side === 0) axis = true;
        if (!axis) takeControl(s, p, 1);
      }
    tell(s, ws, 1, 'DC 8.B', `${home} leaves the war: its capital ${m.names[m.index.get(capital)!]} is lost`);
  });
}
