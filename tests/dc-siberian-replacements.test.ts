/**
 * Dark Crusade Siberian replacements (DC 8.A.2.c; RULES-CHECKLIST R-59, D-33 siberian-repl): the reconstructed
 * symbols (data/dc.json siberianReplacements, parameter sib-repl-scale), arrival in Siberia, holding,
 * strategic entry on the allowance, operational entry after a turn held within the edge lines'
 * capacity shared with the Siberia box's re-entries (12.A-C, 9.A), and loss in the crisis.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import type { DcDecision, OpOption } from '../src/games/dc/decisions.js';
import { cloneDc, dc } from '../src/games/dc/index.js';
import { mapByKey } from '../src/games/dc/map.js';
import { applyOp, opStep, startOp } from '../src/games/dc/movement.js';
import { startGame } from '../src/games/dc/setup.js';
import { eastEntries } from '../src/games/dc/siberia.js';
import {
  applySibRepl,
  enterOperationally,
  pickSibRepl,
  siberianDue,
  sibReplOptions,
  sibReplStep,
  startSiberianReplacements,
} from '../src/games/dc/siberian-replacements.js';
import type { DcState } from '../src/games/dc/state.js';
import { strategicCapacity } from '../src/games/dc/strategic.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, empty, P } from './helpers/dc.js';

function fresh(params: Record<string, unknown> = {}): DcState {
  const s = startGame(resolveSetup(dc, { scenario: 'intro-tournament', variants: {}, params }, 'test'), {
    masterSeed: 2,
    gameIndex: 0,
  });
  s.stack.length = 0;
  return s;
}

type Task = DcState['stack'][number] & { t: 'sib-repl' };

describe('DC 8.A.2.c: Siberian replacements (D-33)', () => {
  it('the reconstructed symbols: a rifle army each odd month from July 1941, a tank corps each April and October from 1942', () => {
    expect(siberianDue(2, 1)).toEqual([]); // June 1941
    expect(siberianDue(3, 1)).toEqual(['sov-rifle']); // July 1941
    expect(siberianDue(4, 1)).toEqual([]); // August 1941
    expect(siberianDue(6, 1)).toEqual([]); // October 1941: no tank before 1942
    expect(siberianDue(12, 1)).toEqual(['sov-tank']); // April 1942
    expect(siberianDue(9, 2)).toEqual(['sov-rifle', 'sov-rifle']); // January 1942, two per symbol
    expect(siberianDue(9, 0)).toEqual([]);
  });

  it('a symbol brings a unit into Siberia, held; it may enter strategically at once, operationally only after a turn', () => {
    const s = fresh();
    s.turn = 3;
    const ws = dcWorkspace(s);
    startSiberianReplacements(s, ws);
    expect(s.sibRepl.held.length).toBe(2);
    const [unit, turn] = s.sibRepl.held as [number, number];
    expect(turn).toBe(3);
    expect(s.units[unit]!.st).toBe(2);
    expect(s.rules.types[s.units[unit]!.t]!.id).toBe('sov-rifle');
    expect(s.stats.sibReplArrived).toBe(1);
    const now = sibReplOptions(s, ws, 0);
    expect(now[0]!.to).toBe(-1);
    expect(now.some((o) => o.op)).toBe(false);
    expect(now.length).toBeGreaterThan(1);
    // the strategic destinations: Soviet points joined to the east edge (Moscow is one in July 1941)
    expect(now.some((o) => o.to === P(s, 'MOS'))).toBe(true);
    s.turn = 4;
    const later = sibReplOptions(s, ws, 0).filter((o) => o.op);
    expect(later.map((o) => o.to)).toEqual(eastEntries(s, ws));
  });

  it('strategic entry: dispersed at the point, one factor of the allowance; the task asks every held unit', () => {
    const s = fresh();
    s.turn = 3;
    const ws = dcWorkspace(s);
    startSiberianReplacements(s, ws);
    const cap = strategicCapacity(s, ws, 1);
    const task = s.stack[s.stack.length - 1] as Task;
    const d = sibReplStep(s, ws, task) as DcDecision & { kind: 'siberian-repl' };
    expect(d.kind).toBe('siberian-repl');
    const k = d.options.findIndex((o) => o.to === P(s, 'MOS') && !o.op);
    applySibRepl(s, ws, task, d.options[k]!);
    const u = s.units[d.options[k]!.unit]!;
    expect([u.st, u.at, u.disp]).toEqual([0, P(s, 'MOS'), true]);
    expect(strategicCapacity(s, ws, 1)).toBe(cap - 1);
    expect(s.sibRepl.held).toEqual([]);
    expect(sibReplStep(s, ws, task)).toBeNull();
    expect(s.stack.length).toBe(0);
  });

  it('operational entry: undispersed at its east-edge point in the operational phase; held again if the point is lost', () => {
    const s = fresh();
    s.turn = 3;
    const ws = dcWorkspace(s);
    startSiberianReplacements(s, ws);
    s.stack.length = 0;
    s.turn = 4;
    const task: Task = { t: 'sib-repl', i: 0 };
    const opts = sibReplOptions(s, ws, 0);
    const d = { kind: 'siberian-repl', side: 'soviet', rule: 'DC 8.A.2.c', options: opts } as DcDecision & {
      kind: 'siberian-repl';
    };
    const k = pickSibRepl(d, () => 0);
    expect(opts[k]!.op).toBe(true);
    applySibRepl(s, ws, task, opts[k]!);
    const unit = opts[k]!.unit;
    expect(s.sibRepl.op).toEqual([unit, opts[k]!.to]);
    const c = s.sibRepl.op.slice();
    const lost = cloneDc(s);
    enterOperationally(s, ws);
    expect([s.units[unit]!.st, s.units[unit]!.at, s.units[unit]!.disp]).toEqual([0, c[1], false]);
    lost.control[c[1]!] = 0;
    enterOperationally(lost, dcWorkspace(lost));
    expect(lost.units[unit]!.st).toBe(2);
    expect(lost.sibRepl.held).toEqual([unit, 3]);
    // an Axis unit on the point (retreated into it, DC 13.B.4.b): the entry waits too
    const held = cloneDc(s);
    held.units[unit]!.st = 2;
    held.units[unit]!.at = -1;
    held.sibRepl.op = c.slice();
    add(held, 'ger-inf', 0, mapByKey(held.rules.mapKey).ids[c[1]!]!);
    enterOperationally(held, dcWorkspace(held));
    expect(held.units[unit]!.st).toBe(2);
  });

  it("12.A-C: operational entries share each edge line's capacity with the box's re-entries (Soviet minor: 3 units, 2 armour)", () => {
    const s = empty(fresh());
    s.turn = 6;
    const ws = dcWorkspace(s);
    const pen = P(s, 'PEN');
    expect(mapByKey(s.rules.mapKey).exitClass[pen]).toBe(1);
    // three tank corps and four rifle armies held in Siberia since the last turn
    const tanks = [0, 1, 2].map(() => add(s, 'sov-tank', 1, 'GOR', { st: 2, at: -1 }));
    const rifles = [0, 1, 2, 3].map(() => add(s, 'sov-rifle', 1, 'GOR', { st: 2, at: -1 }));
    for (const i of [...tanks, ...rifles]) s.sibRepl.held.push(i, 5);
    const task: Task = { t: 'sib-repl', i: 0 };
    const offers: boolean[] = [];
    for (let n = 0; n < 7; n++) {
      const opts = sibReplOptions(s, ws, task.i);
      const o = opts.find((x) => x.op && x.to === pen);
      offers.push(o !== undefined);
      // a refused unit may still enter elsewhere along another edge line
      expect(opts.some((x) => x.op && x.to === P(s, 'GOR'))).toBe(true);
      applySibRepl(s, ws, task, o ?? opts[0]!);
    }
    // tanks 1-2 by Penza, the 3rd over the armour limit; rifle 1 the line's 3rd unit, the rest over
    expect(offers).toEqual([true, true, false, true, false, false, false]);
    expect(s.sibRepl.op).toEqual([tanks[0], pen, tanks[1], pen, rifles[0], pen]);

    // the box's re-entries in the same operational phase come after the entries chosen in the R/R phase
    const b = empty(fresh());
    b.turn = 6;
    b.weather = 0;
    const chosen = [0, 1].map(() => add(b, 'sov-rifle', 1, 'GOR', { st: 2, at: -1 }));
    b.sibRepl.op.push(chosen[0]!, pen, chosen[1]!, pen);
    const box = [0, 1].map(() => add(b, 'sov-rifle', 1, 'GOR', { st: 5, at: -1 }));
    startOp(b, 1);
    const op = b.stack[b.stack.length - 1] as DcState['stack'][number] & { t: 'op' };
    expect(op.order).toEqual(box);
    expect(op.en![2 * pen]).toBe(4);
    const bws = dcWorkspace(b);
    const first = opStep(b, bws, op)!;
    const enterPen = { type: 'enter', at: pen, attack: false };
    expect(first.options).toContainEqual(enterPen);
    applyOp(b, op, enterPen as OpOption);
    const second = opStep(b, bws, op)!;
    expect(op.order[op.i]).toBe(box[1]);
    expect(second.options).not.toContainEqual(enterPen);
    expect(second.options).toContainEqual({ type: 'enter', at: P(b, 'GOR'), attack: false });
    enterOperationally(b, bws);
    expect(b.units.filter((u) => u.st === 0 && u.at === pen)).toHaveLength(3);
  });

  it('3.C.3.d: symbols due during the Siberian crisis are lost; sib-repl-scale 0 brings none', () => {
    const s = fresh();
    s.turn = 5;
    s.sib.crisis = 4;
    s.sib.commit = [5, 0, 0, 0];
    const ws = dcWorkspace(s);
    startSiberianReplacements(s, ws);
    expect(s.sibRepl.held).toEqual([]);
    expect(s.stats.sibReplLost).toBe(1);
    const z = fresh({ 'sib-repl-scale': 0 });
    z.turn = 3;
    startSiberianReplacements(z, dcWorkspace(z));
    expect(z.sibRepl.held).toEqual([]);
    expect(z.stats.sibReplArrived + z.stats.sibReplLost).toBe(0);
  });
});
