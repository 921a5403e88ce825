/**
 * The end of a battle (DC 13.B.4-5): the attackers' retreat, or the defenders' retreat and the
 * attackers' advance onto the point they take (control, DC 20). Defenders retreat one unit at a time along lines to friendly
 * points (enemy-held empty points at half capacity when none), within the line capacities of the
 * phase; a unit with no legal retreat is eliminated (RULES-CHECKLIST R-118).
 */
import type { Decision } from '../../core/game.js';
import { takeControl } from './control.js';
import type { DcDecision, RetreatOption } from './decisions.js';
import { attackAir } from './firepower.js';
import { destroy } from './losses.js';
import { enemyAt } from './movement.js';
import { tell } from './narrate.js';
import { loseOnBreakOff } from './paratroops.js';
import { type Battle, type DcState, type DcTask, other, SIDE_IDS } from './state.js';
import { mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

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
    if (opts.length > 1)
      return {
        kind: 'retreat-dest',
        side: SIDE_IDS[task.side],
        rule: 'DC 13.B.4',
        options: opts,
      } as Decision<'retreat-dest', RetreatOption>;
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

/** Ends battle `b` with `outcome` (DC 13.B.4-5); a defender retreat first pushes the retreat task. */
export function finish(
  s: DcState,
  ws: DcWorkspace,
  b: Battle,
  outcome: Battle['outcome'],
  chosen = false,
): null {
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
