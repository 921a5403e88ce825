/**
 * Strategic sea movement (DC 9.B; RULES-CHECKLIST R-85, C-7, variant group sea-cap): after land movement a unit
 * that starts the phase undispersed in a port moves to another friendly-controlled port of the same
 * sea — the Black Sea and the Sea of Azov count as one — and is dispersed on arrival. At most one
 * unit per sea per turn for each player (the Baltic, the Black Sea). Moving into or out of the Azov
 * needs both sides of the Kerch Straits (Kerch and Krasnodar). Sea control is not required, but
 * each unit rolls for torpedoes (C-7): lost on a 1 in a friendly-controlled sea, on 1, 3 or 5 in
 * an enemy-controlled one. Variant sea-counts (default): each sea move uses one unit of the
 * strategic allowance left after land movement; sea-free: it does not.
 */
import type { Decision } from '../../core/game.js';
import type { DcDecision, SeaOption } from './decisions.js';
import { destroy } from './losses.js';
import { tell } from './narrate.js';
import type { DcState, DcTask, SideIx } from './state.js';
import { mapOf, seasControlled } from './supply.js';
import type { DcWorkspace } from './workspace.js';

type Task = DcTask & { t: 'sea' };

/** Sea groups of DC 9.B: 1 the Baltic, 2 the Black Sea with the Azov. */
export function group(seaBits: number): number {
  return (seaBits & 1 ? 1 : 0) | (seaBits & 6 ? 2 : 0);
}

/** C-7: is the unit lost on this die? */
export function torpedoed(die: number, friendlySea: boolean): boolean {
  return friendlySea ? die === 1 : die % 2 === 1;
}

/** C-7: the exact probability of losing a unit at sea, from `torpedoed` over the six faces. */
export function torpedoProbability(friendlySea: boolean): number {
  return [1, 2, 3, 4, 5, 6].filter((d) => torpedoed(d, friendlySea)).length / 6;
}

/** Starts the sea part of a strategic phase with `left` strategic moves unused by land movement. */
export function startSea(s: DcState, side: SideIx, left: number): void {
  s.stack.push({ t: 'sea', side, left, used: 0 });
}

/**
 * DC 9.B: whether a sea move between ports of sea bits `from` and `to` (both in the Black Sea group)
 * goes into or out of the Sea of Azov, and so needs both sides of the Kerch Straits. Variant
 * kerch-port: under kerch-port-strait (default) Kerch, on the straits, is reached from an Azov port
 * only through them; under kerch-port-both a port marked on both seas reaches either without crossing.
 */
export function crossesKerch(s: DcState, from: number, to: number): boolean {
  return s.rules.kerchPortBoth ? (from & to & 6) === 0 : (from & 2) !== (to & 2);
}

/** The sea legs between two ports: the seas both touch; crossing into or out of the Azov is Black + Azov. */
export function legSeas(a: number, b: number): number {
  const common = a & b;
  return common !== 0 ? common : (a | b) & 6;
}

/** D-15 (sea part): one option per unit group (type, port, losses) and destination port; first, end. */
export function seaOptions(s: DcState, task: Task): SeaOption[] {
  if (task.left <= 0 && !s.rules.seaFree) return [];
  const m = mapOf(s);
  const kerch = ['KER', 'KRD'].every((id) => s.control[m.index.get(id)!] === task.side);
  const out: SeaOption[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i]!;
    if (u.side !== task.side || u.st !== 0 || u.disp || u.atk >= 0) continue;
    const from = m.seas[u.at]!;
    if (from === 0 || s.rules.types[u.t]!.id === 'factory') continue;
    const key = (u.t * 256 + u.at) * 64 + u.losses;
    if (seen.has(key)) continue;
    seen.add(key);
    for (let p = 0; p < m.n; p++) {
      const to = m.seas[p]!;
      if (p === u.at || to === 0 || s.control[p] !== task.side) continue;
      const g = group(from) & group(to);
      if (g === 0 || (task.used & g) !== 0) continue;
      // DC 9.B: into or out of the Azov only with both sides of the Kerch Straits
      if (g === 2 && !kerch && crossesKerch(s, from, to)) continue;
      let foe = false;
      for (const x of s.units) if (x.st === 0 && x.at === p && x.side !== task.side) foe = true;
      if (!foe) out.push({ type: 'sea', unit: i, to: p });
    }
  }
  if (out.length === 0) return out;
  return [{ type: 'sea', unit: -1, to: -1 }, ...out];
}

export function seaStep(s: DcState, task: Task): DcDecision | null {
  const opts = seaOptions(s, task);
  if (opts.length === 0) {
    s.stack.pop();
    return null;
  }
  return {
    kind: 'sea-move',
    side: task.side === 0 ? 'axis' : 'soviet',
    rule: 'DC 9.B',
    options: opts,
  } as Decision<'sea-move', SeaOption>;
}

/** Carries out a sea move: its torpedo die (C-7) is rolled next (the torpedo task, `applyTorpedo`). */
export function applySea(s: DcState, task: Task, o: SeaOption): void {
  if (o.unit < 0) {
    s.stack.pop();
    return;
  }
  const m = mapOf(s);
  const u = s.units[o.unit]!;
  const seas = legSeas(m.seas[u.at]!, m.seas[o.to]!);
  task.used |= group(seas);
  if (!s.rules.seaFree) task.left--;
  const friendly = (seasControlled(s, task.side) & seas) === seas;
  s.stack.push({ t: 'torpedo', side: task.side, unit: o.unit, to: o.to, friendly });
}

/** DC 9.B (C-7): the torpedo die `die` of the torpedo task's move: the unit arrives dispersed, or is lost; the task ends. */
export function applyTorpedo(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'torpedo' },
  die: number,
): void {
  s.stack.pop();
  const m = mapOf(s);
  const u = s.units[task.unit]!;
  s.stats.seaMoves++;
  if (torpedoed(die, task.friendly)) {
    s.stats.seaLost++;
    tell(s, ws, task.side, 'DC 9.B', `${u.label} torpedoed at sea`, [die]);
    destroy(s, task.unit);
    return;
  }
  u.at = task.to;
  u.disp = true;
  u.fort = false;
  tell(s, ws, task.side, 'DC 9.B', `${u.label} moves by sea to ${m.names[task.to]}`, [die]);
}
