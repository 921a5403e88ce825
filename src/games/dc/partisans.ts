/**
 * Soviet partisans (DC 19; variant readings partisans-after-supply, partisan-returns): 1 in 1942, 2 in
 * 1943, 3 in 1944; placed or moved in the Soviet supply phase (C.8, after the isolation check) on any
 * point of the 1941 USSR holding no Axis unit. A partisan controls its point for the Soviets, so Axis
 * supply cannot pass it; a partisan that moves away leaves the point Soviet-controlled. An Axis ground
 * unit entering its point removes it without combat; it is available again the next Soviet turn
 * (variant partisan-removal).
 */
import type { Decision } from '../../core/game.js';
import type { DcDecision, PartisanOption } from './decisions.js';
import { tell } from './narrate.js';
import { type DcState, type DcTask, yearOf } from './state.js';
import { mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** DC 19: partisan units available in a year. */
export function partisansAvailable(year: number): number {
  return year <= 1941 ? 0 : Math.min(3, year - 1941);
}

export function startPartisans(s: DcState): void {
  const n = partisansAvailable(yearOf(s.turn));
  while (s.partisans.length < n) s.partisans.push(-1);
  if (s.partisans.some((p) => p !== -2)) s.stack.push({ t: 'partisan', i: 0 });
}

function options(s: DcState, ws: DcWorkspace, k: number): PartisanOption[] {
  const m = mapOf(s);
  const axisAt = ws.mark;
  axisAt.fill(0, 0, m.n);
  for (const u of s.units) if (u.st === 0 && u.side === 0) axisAt[u.at] = 1;
  const out: PartisanOption[] = [{ type: 'partisan', to: s.partisans[k]! }];
  for (let p = 0; p < m.n; p++)
    if (m.side1941[p] === 1 && axisAt[p] === 0 && p !== s.partisans[k] && !s.partisans.includes(p))
      out.push({ type: 'partisan', to: p });
  return out;
}

export function partisanStep(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'partisan' },
): DcDecision | null {
  while (task.i < s.partisans.length) {
    if (s.partisans[task.i] === -2) {
      task.i++;
      continue;
    }
    const opts = options(s, ws, task.i);
    if (opts.length > 1)
      return { kind: 'partisan', side: 'soviet', rule: 'DC 19', options: opts } as Decision<
        'partisan',
        PartisanOption
      >;
    task.i++;
  }
  s.stack.pop();
  return null;
}

export function applyPartisan(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'partisan' },
  o: PartisanOption,
): void {
  const k = task.i++;
  const from = s.partisans[k]!;
  if (o.to === from) return;
  s.partisans[k] = o.to;
  s.stats.partisanPlacements++;
  // DC 19: the partisan controls its point for the Soviets (as control.ts takeControl for side 1)
  if (s.control[o.to] !== 1) {
    s.control[o.to] = 1;
    s.cv++;
  }
  if (ws.trace !== undefined) {
    const m = mapOf(s);
    // the point left stays Soviet-controlled until an Axis unit enters it (DC 19)
    tell(
      s,
      ws,
      1,
      'DC 19',
      from < 0
        ? `partisan placed at ${m.names[o.to]}`
        : `partisan moves ${m.names[from]} -> ${m.names[o.to]} (${m.names[from]} stays Soviet-controlled)`,
    );
  }
}

/** DC 19: an Axis ground unit entering point `p` removes a partisan there (available again next turn). */
export function removePartisanAt(s: DcState, p: number): void {
  const k = s.partisans.indexOf(p);
  if (k >= 0) {
    // variant partisan-destroyed (12.0 "destroying"): gone for good (-2)
    s.partisans[k] = s.rules.partisanDestroyed ? -2 : -1;
    s.stats.partisanRemovals++;
  }
}
