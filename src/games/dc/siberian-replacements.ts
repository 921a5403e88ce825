/**
 * Siberian replacements (DC 8.A.2.c; RULES-CHECKLIST R-59, D-33 siberian-repl). Each symbol of the Turn Record
 * Track (reconstructed: data/dc.json siberianReplacements, data/NOTES.md; parameter sib-repl-scale
 * units per symbol) brings one unit of its type into Siberia in the Soviet R/R Phase, drawn from the
 * counter mix like all Soviet production (8.A.2, variant group sov-pool); symbols falling due during
 * the Siberian crisis are lost (3.C.3.d). Units in Siberia may be held indefinitely. In each Soviet
 * R/R Phase the Soviet player decides for each (D-33): hold; enter now by strategic movement
 * (dispersed, onto a Soviet-controlled point joined to a Soviet east-edge point through Soviet
 * points as in 9.A, one factor of this turn's strategic allowance); or, once held a full turn, enter
 * operationally from the eastern edge onto a Soviet east-edge point in supply, undispersed, in this
 * turn's operational phase (placed after the operational moves: the entry along the edge line is
 * the unit's one line of movement), within the edge line's capacity (DC 12.A-C), which these entries
 * share with the units re-entering from Siberia by operational movement in the same phase (9.A).
 * An operational entry whose point is no longer Soviet, or holds an Axis unit, by then stays in
 * Siberia.
 */
import type { Decision } from '../../core/game.js';
import { dcData } from './data.js';
import type { DcDecision, SibReplOption } from './decisions.js';
import { addSibReplLoads, edgeRoom, enemyAt } from './movement.js';
import { tell } from './narrate.js';
import { poolUnit } from './replacements.js';
import { crisisActive, eastEntries } from './siberia.js';
import { type DcState, type DcTask, monthOf } from './state.js';
import { strategicCapacity } from './strategic.js';
import { mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

type Task = DcTask & { t: 'sib-repl' };

/** DC 8.A.2.c: the unit types (ids) whose symbols fall due on `turn`, one entry per unit. */
export function siberianDue(turn: number, scale: number): string[] {
  const month = monthOf(turn);
  const out: string[] = [];
  for (const e of dcData.siberianReplacements.schedule)
    if (turn >= e.fromTurn && e.months.includes(month)) for (let k = 0; k < scale; k++) out.push(e.type);
  return out;
}

/** The Soviet R/R step: this turn's symbols arrive in Siberia (or are lost), then D-33 for each unit held. */
export function startSiberianReplacements(s: DcState, ws: DcWorkspace): void {
  const r = s.sibRepl;
  r.strat = 0;
  const due = siberianDue(s.turn, s.rules.sibReplScale);
  if (due.length > 0) {
    const crisis = crisisActive(s);
    let came = 0;
    for (const id of due) {
      const t = s.rules.types.findIndex((x) => x.id === id);
      const i = crisis || t < 0 ? -1 : poolUnit(s, t);
      if (i < 0) {
        s.stats.sibReplLost++;
        continue;
      }
      const u = s.units[i]!;
      u.st = 2;
      u.at = -1;
      u.losses = 0;
      u.disp = false;
      u.fort = false;
      u.atk = -1;
      u.iso = false;
      u.allOut = false;
      r.held.push(i, s.turn);
      s.stats.sibReplArrived++;
      came++;
    }
    tell(
      s,
      ws,
      1,
      'DC 8.A.2.c',
      crisis
        ? `Siberian replacements lost to the crisis: ${due.length}`
        : `Siberian replacements: ${came} of ${due.length} arrive in Siberia`,
    );
  }
  if (r.held.length > 0) s.stack.push({ t: 'sib-repl', i: 0 });
}

/** DC 9.A: Soviet-controlled points joined to a Soviet east-edge point through Soviet points (no Elista). */
function strategicEntries(s: DcState): number[] {
  const m = mapOf(s);
  const eli = m.index.get('ELI')!;
  const foe = new Uint8Array(m.n);
  for (const u of s.units) if (u.st === 0 && u.side === 0) foe[u.at] = 1;
  const seen = new Uint8Array(m.n);
  const q: number[] = [];
  for (let p = 0; p < m.n; p++)
    if (m.edgeEast[p] === 1 && s.control[p] === 1 && foe[p] === 0 && p !== eli) {
      seen[p] = 1;
      q.push(p);
    }
  for (let h = 0; h < q.length; h++) {
    const p = q[h]!;
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
      const nb = m.adjNb[k]!;
      const l = m.adjLine[k]!;
      if (seen[nb] === 1 || nb === eli || s.control[nb] !== 1 || foe[nb] === 1) continue;
      if (m.lineKerch[l] === 1 || m.lineNoStrategic[l] === 1) continue;
      seen[nb] = 1;
      q.push(nb);
    }
  }
  return q;
}

/** D-33 options for the held unit at pair position `k` of `sibRepl.held`: hold first. */
export function sibReplOptions(s: DcState, ws: DcWorkspace, k: number): SibReplOption[] {
  const r = s.sibRepl;
  const unit = r.held[k]!;
  const out: SibReplOption[] = [{ type: 'sib-repl', unit, to: -1, op: false }];
  if (strategicCapacity(s, ws, 1) > 0)
    for (const p of strategicEntries(s)) out.push({ type: 'sib-repl', unit, to: p, op: false });
  if (r.held[k + 1]! < s.turn) {
    // DC 12.A-C: within each edge line's capacity, after the operational entries already chosen this
    // turn (the units re-entering from the box in the operational phase count after them, movement.ts)
    const en = r.op.length === 0 ? null : addSibReplLoads(s, new Array<number>(2 * mapOf(s).n).fill(0));
    for (const p of eastEntries(s, ws))
      if (en === null || edgeRoom(s, s.units[unit]!, en, p))
        out.push({ type: 'sib-repl', unit, to: p, op: true });
  }
  return out;
}

/** The next D-33 decision, or null (task popped) when every held unit has been asked. */
export function sibReplStep(s: DcState, ws: DcWorkspace, task: Task): DcDecision | null {
  while (task.i < s.sibRepl.held.length) {
    const opts = sibReplOptions(s, ws, task.i);
    if (opts.length > 1)
      return { kind: 'siberian-repl', side: 'soviet', rule: 'DC 8.A.2.c', options: opts } as Decision<
        'siberian-repl',
        SibReplOption
      >;
    task.i += 2;
  }
  s.stack.pop();
  return null;
}

/** Carries out a D-33 answer. */
export function applySibRepl(s: DcState, ws: DcWorkspace, task: Task, o: SibReplOption): void {
  const r = s.sibRepl;
  if (o.to < 0) {
    task.i += 2;
    return;
  }
  const k = r.held.indexOf(o.unit);
  r.held.splice(k, 2);
  const u = s.units[o.unit]!;
  if (o.op) {
    r.op.push(o.unit, o.to);
    return;
  }
  // DC 9.A: strategic movement from Siberia: dispersed on arrival, one factor of the allowance
  u.st = 0;
  u.at = o.to;
  u.disp = true;
  r.strat++;
  s.stats.sovietStratUsed++;
  tell(
    s,
    ws,
    1,
    'DC 8.A.2.c',
    `${u.label} enters from Siberia by strategic movement at ${mapOf(s).names[o.to]}`,
  );
}

/** DC 8.A.2.c: the operational entries chosen this turn, after the Soviet operational moves. */
export function enterOperationally(s: DcState, ws: DcWorkspace): void {
  const r = s.sibRepl;
  if (r.op.length === 0) return;
  for (let k = 0; k < r.op.length; k += 2) {
    const i = r.op[k]!;
    const p = r.op[k + 1]!;
    const u = s.units[i]!;
    if (s.control[p] !== 1 || enemyAt(s, p, 1)) {
      // held again, still eligible to enter operationally next turn
      r.held.push(i, s.turn - 1);
      continue;
    }
    u.st = 0;
    u.at = p;
    u.disp = false;
    u.occ = true;
    tell(s, ws, 1, 'DC 8.A.2.c', `${u.label} enters from Siberia at ${mapOf(s).names[p]}`);
  }
  r.op.length = 0;
}

/**
 * D-33 for the scripted Soviet policies: never spend strategic movement on a Siberian replacement;
 * once it has been held a turn, enter operationally at the east-edge point `nearest` picks among
 * those offered (an index into its argument), else hold.
 */
export function pickSibRepl(
  d: DcDecision & { kind: 'siberian-repl' },
  nearest: (points: number[]) => number,
): number {
  const ks: number[] = [];
  for (let k = 0; k < d.options.length; k++) if (d.options[k]!.op) ks.push(k);
  return ks.length === 0 ? 0 : ks[nearest(ks.map((k) => d.options[k]!.to))]!;
}
