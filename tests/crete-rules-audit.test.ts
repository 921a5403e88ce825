/**
 * Crete rules fixed after a rules audit, each from a built position that tells the old reading from
 * the rule text: movement in any order (K8), crossing from an X square a unit was set up on (K14),
 * retreats next to squares holding only aircraft (K10.11, K16), the CA retreat that could only
 * destroy the stack (K10.13) and "away from the attacking units" (K10.12).
 */
import { describe, expect, it } from 'vitest';
import { makeBattle } from '../src/games/crete/combat.js';
import { distance, MAP, squareOf } from '../src/games/crete/map.js';
import { crossing, destinations, moveStep, moveUnit, occupancy } from '../src/games/crete/movement.js';
import { barePosition, defaultSetup } from '../src/games/crete/odds.js';
import { caOptions, retreatSquares } from '../src/games/crete/retreat.js';
import type { CreteState, CreteTask } from '../src/games/crete/state.js';
import { creteWorkspace } from '../src/games/crete/workspace.js';

const S = (id: string) => squareOf(id);
const paras = (s: CreteState) => s.units.flatMap((u, i) => (u.kind === 'para' ? [i] : []));
const british = (s: CreteState) => s.units.flatMap((u, i) => (u.side === 'british' ? [i] : []));

describe('K8: units move in the order their side picks', () => {
  it('a unit passed over in index order is picked after a later one moves, and enters the room it left', () => {
    const s = barePosition(defaultSetup());
    s.phase = 'german-move';
    const ws = creteWorkspace(s);
    const here = S('S1005');
    const p = paras(s);
    const x = p[0]!;
    const full = [p[1]!, p[2]!, p[3]!];
    const a = MAP.neighbours[here]![0]!;
    for (const i of full) s.units[i]!.loc = a;
    s.units[x]!.loc = here;
    for (const i of p) s.units[i]!.landed = 0;
    const task: CreteTask & { t: 'move' } = { t: 'move', side: 'german', i: 0, u: -1, done: [] };
    s.stack.push(task);
    // x cannot enter the full square now
    occupancy(s, ws);
    const before: number[] = [];
    destinations(s, ws, x, before);
    expect(before).not.toContain(a);
    // pick the last unit of the stack first (after x in index order) and move it off
    const first = moveStep(s, ws, task)!;
    expect(first.kind).toBe('move-unit');
    expect(first.options.map((o) => o.u)).toEqual([-1, x, ...full]);
    task.i = full[2]! + 1;
    task.u = full[2]!;
    task.done.push(full[2]!);
    const where = moveStep(s, ws, task)!;
    expect(where.kind).toBe('move');
    const away = where.options.find((o) => o.to >= 0 && o.to !== here && distance(o.to, a) === 1)!;
    moveUnit(s, ws, full[2]!, away.to);
    task.u = -1;
    // the next pick lists the units after it (none), then x and the rest of the stack
    const next = moveStep(s, ws, task)!;
    expect(next.options.map((o) => o.u)).toEqual([-1, x, full[0]!, full[1]!]);
    task.i = x + 1;
    task.u = x;
    task.done.push(x);
    const dest = moveStep(s, ws, task)!;
    expect(dest.options.map((o) => o.to)).toContain(a);
  });
});

describe('K14: crossing to the next board', () => {
  const x = MAP.exitTo.findIndex((b) => b >= 0);
  it('a unit set up on an X square crosses on turn 1', () => {
    const s = barePosition(defaultSetup());
    const u = s.units[british(s)[0]!]!;
    u.loc = x;
    u.xTurn = 0;
    expect(crossing(s, u)).toBe(MAP.exitTo[x]);
  });
  it('a unit that reached it this turn stops there; one that reached it an earlier turn crosses', () => {
    const s = barePosition(defaultSetup());
    s.turn = 3;
    const u = s.units[british(s)[0]!]!;
    u.loc = x;
    u.xTurn = 3;
    expect(crossing(s, u)).toBe(-1);
    u.xTurn = 2;
    expect(crossing(s, u)).toBe(MAP.exitTo[x]);
  });
});

describe('K10.11, K16: aircraft exert no zone of control over a retreat', () => {
  /** A British unit on S1005 after a DR, a para attacking from its first neighbour; `extra` German unit two squares off. */
  function retreats(extra: 'air' | 'para' | 'none'): { opts: number[]; shadowed: number[] } {
    const s = barePosition(defaultSetup(['owner-free']));
    const ws = creteWorkspace(s);
    const here = S('S1005');
    const nb = MAP.neighbours[here]!;
    const b = british(s)[0]!;
    s.units[b]!.loc = here;
    const p = paras(s);
    s.units[p[0]!]!.loc = nb[0]!;
    // a square two away from here, across from the attacker: its neighbours next to here are retreat squares
    const far = MAP.neighbours[nb[3]!]!.find((j) => distance(j, here) === 2)!;
    const shadowed = nb.filter((j) => MAP.neighbours[far]!.includes(j));
    if (extra === 'air') s.units[s.units.findIndex((u) => u.kind === 'air')]!.loc = far;
    if (extra === 'para') s.units[p[1]!]!.loc = far;
    return { opts: retreatSquares(s, ws, b, [nb[0]!]), shadowed };
  }
  it('squares next to a square holding only aircraft stay open', () => {
    const { opts, shadowed } = retreats('air');
    expect(shadowed.length).toBeGreaterThan(0);
    for (const j of shadowed) expect(opts).toContain(j);
    expect(opts).toEqual(retreats('none').opts);
  });
  it('the same squares next to a ground unit are closed (K10.11)', () => {
    const { opts, shadowed } = retreats('para');
    for (const j of shadowed) expect(opts).not.toContain(j);
  });
});

describe('K10.13: a CA where retreating could only destroy the stack', () => {
  /** A British unit on S1005 hit by CA from a para on its first neighbour; `ring`: paras on all its other neighbours. */
  function options(ring: boolean) {
    const s = barePosition(defaultSetup());
    const ws = creteWorkspace(s);
    const here = S('S1005');
    const nb = MAP.neighbours[here]!;
    s.units[british(s)[0]!]!.loc = here;
    const p = paras(s);
    s.units[p[0]!]!.loc = nb[0]!;
    if (ring)
      nb.slice(1).forEach((j, k) => {
        s.units[p[k + 1]!]!.loc = j;
      });
    return caOptions(s, ws, makeBattle(s, 'german', [nb[0]!], here, 'limited')).map((o) => o.counter);
  }
  it('with a square to retreat to: retreat or counter-attack', () => {
    expect(options(false)).toEqual([-1, MAP.neighbours[S('S1005')]![0]]);
  });
  it('with none: the counter-attack only (no retreat that destroys it)', () => {
    expect(options(true)).toEqual([MAP.neighbours[S('S1005')]![0]]);
  });
});

describe('K10.12: a one-square retreat moves away from the attacking units', () => {
  it('road-then-away: a square next to the attacker (open only for the friendly unit on it) is not away', () => {
    // S0202 attacked from S0303; S0302 (next to both) holds a British unit, so K10.11 lets the retreat in
    const s = barePosition(defaultSetup());
    const ws = creteWorkspace(s);
    const [b, f] = british(s);
    s.units[b!]!.loc = S('S0202');
    s.units[f!]!.loc = S('S0302');
    s.units[paras(s)[0]!]!.loc = S('S0303');
    const opts = retreatSquares(s, ws, b!, [S('S0303')]).map((h) => MAP.ids[h]);
    // both are nearer a road; only S0102 is farther from the attacker than S0202
    expect(opts).toEqual(['S0102']);
  });
});
