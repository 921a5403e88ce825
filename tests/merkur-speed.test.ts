/**
 * Merkur speed-pass guards: the movement search (6.1, 5.1, 5.5, 11.0) over its lookup tables and
 * reused buffers gives the zones the straightforward least-cost search gives, in positions taken
 * from played games under each movement reading; the EM index table command.ts reads is checked by
 * the invariants.
 */
import { describe, expect, it } from 'vitest';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { merkur } from '../src/games/merkur/index.js';
import { MAP, terrainCost } from '../src/games/merkur/map.js';
import { newMoveScratch, reachable } from '../src/games/merkur/movement.js';
import { startGame } from '../src/games/merkur/setup.js';
import { isDay, type MerkurState } from '../src/games/merkur/state.js';
import { advance, apply } from '../src/games/merkur/turn-sequence.js';
import { countIn, moveOf, STACK_LIMIT } from '../src/games/merkur/units.js';
import { merkurWorkspace } from '../src/games/merkur/workspace.js';

/** 6.1 as a plain least-cost search: always expand the cheapest open (zone, all-road) state. */
function referenceReachable(s: MerkurState, ui: number): number[] {
  const u = s.units[ui]!;
  const ma = moveOf(u);
  if (u.fixed || ma <= 0 || u.status !== 'map') return [];
  const v = s.rules.v;
  const enemy = (1 - u.side) as 0 | 1;
  const best = new Map<string, number>();
  const startRoad = MAP.road[u.zone]!;
  best.set(`${u.zone},${startRoad}`, 0);
  const open: [number, boolean][] = [[u.zone, startRoad]];
  const out = new Set<number>();
  while (open.length > 0) {
    open.sort((a, b) => best.get(`${a[0]},${a[1]}`)! - best.get(`${b[0]},${b[1]}`)!);
    const [z, road] = open.shift()!;
    const spent = best.get(`${z},${road}`)!;
    if (z !== u.zone && countIn(s, z, enemy) > 0) continue;
    for (const to of MAP.adj[z]!) {
      if (u.type === 'tank' && !MAP.road[to]) continue;
      const enemies = countIn(s, to, enemy);
      const friends = countIn(s, to, u.side);
      if (!isDay(s.turn) && enemies > 0 && friends === 0 && !u.maori) continue;
      const roadRate = v['road-step'] ? MAP.road[z]! && MAP.road[to]! : road && MAP.road[to]!;
      let cost = MAP.strategic[to]
        ? roadRate && v['road-to-strategic']
          ? 1
          : terrainCost(to)
        : roadRate
          ? 1
          : terrainCost(to);
      if (enemies > 0) cost++;
      if (spent + cost > ma) {
        if (v['min-move'] && z === u.zone) cost = ma - spent;
        else continue;
      }
      const nroad = road && MAP.road[to]!;
      const key = `${to},${nroad}`;
      if (spent + cost < (best.get(key) ?? Number.POSITIVE_INFINITY)) {
        best.set(key, spent + cost);
        open.push([to, nroad]);
        if (to !== u.zone && (MAP.strategic[to] || friends < STACK_LIMIT)) out.add(to);
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}

describe('Merkur movement search after the speed pass', () => {
  const readings: Record<string, boolean>[] = [
    {},
    { 'road-step': true },
    { 'road-to-strategic': true },
    { strict: true },
  ];
  for (const variants of readings) {
    it(`equals the plain least-cost search in played positions (${JSON.stringify(variants)})`, () => {
      const setup = resolveSetup(merkur, { scenario: 'two-player', variants }, 'test');
      const s = startGame(setup, { masterSeed: 3, gameIndex: 0 });
      const ws = merkurWorkspace(s);
      const policies = createPolicies(merkur, merkur.defaultPolicies, 'two-player');
      const rng = streamRng(3, 0, 'policy');
      const scratch = newMoveScratch();
      let compared = 0;
      let moves = 0;
      let asked = 0;
      for (let k = 0; k < 4000; k++) {
        const p = advance(s, ws);
        if (p === null || p.kind === 'chance') break;
        if (p.kind === 'unit-order') {
          // the orders step's zones (reused per movement class across an activation's moves) are the search's
          const top = s.stack[s.stack.length - 1]!;
          const o0 = p.options[0]!;
          if (top.t === 'orders' && top.mode !== 'combat' && o0.type === 'stay') {
            const offered = p.options.flatMap((o) => (o.type === 'move' ? [o.to] : []));
            expect(offered).toEqual(referenceReachable(s, o0.unit));
            asked++;
          }
        }
        if (p.kind === 'unit-order' && k % 5 === 0) {
          for (let i = 0; i < s.units.length; i++) {
            if (s.units[i]!.status !== 'map') continue;
            const want = referenceReachable(s, i);
            expect(reachable(s, i, undefined, scratch)).toEqual(want);
            compared++;
            moves += want.length;
          }
        }
        apply(s, ws, p, policies[p.side]!.choose(s, p, rng));
      }
      expect(compared).toBeGreaterThan(500);
      expect(asked).toBeGreaterThan(100);
      expect(moves).toBeGreaterThan(compared); // positions where units do move, not only empty answers
    });
  }
});

describe('Merkur EM index table', () => {
  it('the invariants name a unit list whose EMs are not where the data order puts them', () => {
    const s = startGame(resolveSetup(merkur, { scenario: 'two-player' }, 'test'), {
      masterSeed: 1,
      gameIndex: 0,
    });
    expect(merkur.invariants(s)).toEqual([]);
    const e = s.units.findIndex((u) => u.type === 'em');
    const other = s.units.findIndex((u) => u.type !== 'em');
    [s.units[e], s.units[other]] = [s.units[other]!, s.units[e]!];
    expect(merkur.invariants(s).some((m) => m.startsWith('2.3: EMs at unit indices'))).toBe(true);
  });
});
