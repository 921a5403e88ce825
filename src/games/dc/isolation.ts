/**
 * Isolation (DC 17.B; variants isolation, vp-fortress-rate): at the end of its player turn (B.8,
 * C.8) a side's units out of supply are eliminated, but a fortress holds some of them: its garrison
 * (one less for Axis units in a Soviet fortress and Soviet units in Konigsberg), losing one unit a
 * turn in a VP city and two elsewhere, the owner choosing which (D-27).
 */
import type { Decision } from '../../core/game.js';
import type { DcDecision, EliminateOption } from './decisions.js';
import { destroy } from './losses.js';
import { tell } from './narrate.js';
import { type DcState, type DcTask, SIDE_IDS, type SideIx, yearOf } from './state.js';
import { inSupply, mapOf } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** DC 17.B (variants isolation, vp-fortress-rate): isolated units of `side` are eliminated, fortresses hold some. */
export function supplyPhase(s: DcState, ws: DcWorkspace, side: SideIx): void {
  const m = mapOf(s);
  const fortress = new Map<number, number>();
  const lost = new Map<number, string[]>(); // point -> the types of the units eliminated there (the trace)
  s.units.forEach((u, i) => {
    if (u.side !== side || u.st !== 0 || s.rules.types[u.t]!.id === 'factory') return;
    if (inSupply(s, ws, u)) {
      u.iso = false;
      return;
    }
    if (s.rules.isolationTwoPhases && !u.iso) {
      u.iso = true;
      return;
    }
    const holds = m.garrison[u.at]! > 0 || (s.rules.vpRateAnyCity && m.vp[u.at]! > 0);
    if (holds) {
      fortress.set(u.at, (fortress.get(u.at) ?? 0) + 1);
      return;
    }
    if (ws.trace !== undefined) lost.set(u.at, [...(lost.get(u.at) ?? []), s.rules.types[u.t]!.id]);
    destroy(s, i);
    if (side === 0) s.stats.axisIsolatedEliminated++;
    else {
      s.stats.sovietIsolatedEliminated++;
      if (yearOf(s.turn) === 1941) s.stats.sovietIsolatedEliminated1941++;
    }
  });
  for (const [p, n] of [...fortress.entries()].sort((a, b) => b[0] - a[0])) {
    const g = m.garrison[p]!;
    // DC 17.B: capacity -1 for Axis units in a Soviet fortress and Soviet units in Konigsberg
    const cap = g === 0 ? 0 : Math.max(0, g - (m.side1941[p] !== side ? 1 : 0));
    const rate = m.vp[p]! > 0 ? 1 : 2;
    const left = Math.min(rate, n - cap);
    if (left > 0) s.stack.push({ t: 'isolation', side, point: p, left });
  }
  const names = [...lost.entries()].map(([p, types]) => `${m.names[p]} (${types.join(', ')})`);
  tell(
    s,
    ws,
    side,
    'DC 17.B',
    names.length === 0
      ? `${SIDE_IDS[side]} supply checked`
      : `${SIDE_IDS[side]} supply checked: isolated units eliminated at ${names.join('; ')}`,
  );
}

function isolated(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'isolation' }): EliminateOption[] {
  const seen = new Set<string>();
  const out: EliminateOption[] = [];
  s.units.forEach((u, i) => {
    if (u.st !== 0 || u.side !== task.side || u.at !== task.point || s.rules.types[u.t]!.id === 'factory')
      return;
    if (inSupply(s, ws, u)) return;
    const sig = `${u.t}|${u.losses}|${u.disp ? 1 : 0}|${u.fort ? 1 : 0}`;
    if (seen.has(sig)) return;
    seen.add(sig);
    out.push({ type: 'eliminate', unit: i });
  });
  return out;
}

/** D-27: the next isolated unit the fortress loses (one option: the kernel carries it out); null when done (pops the task). */
export function isolationStep(
  s: DcState,
  ws: DcWorkspace,
  task: DcTask & { t: 'isolation' },
): DcDecision | null {
  const opts = task.left > 0 ? isolated(s, ws, task) : [];
  if (opts.length === 0) {
    s.stack.pop();
    return null;
  }
  return {
    kind: 'isolation-loss',
    side: SIDE_IDS[task.side],
    rule: 'DC 17.B',
    options: opts,
  } as Decision<'isolation-loss', EliminateOption>;
}

/** Carries out a D-27 answer: the unit is eliminated. */
export function eliminateIsolated(s: DcState, task: DcTask & { t: 'isolation' }, unit: number): void {
  destroy(s, unit);
  if (task.side === 0) s.stats.axisIsolatedEliminated++;
  else {
    s.stats.sovietIsolatedEliminated++;
    if (yearOf(s.turn) === 1941) s.stats.sovietIsolatedEliminated1941++;
  }
  task.left--;
}
