import { describe, expect, it } from 'vitest';
import { gameStreams, randInt } from '../src/core/rng.js';
import { mapOf } from '../src/games/sfo/map.js';
import {
  enemyZoc,
  entryDestinations,
  entryHexes,
  moveOptions,
  reachable,
} from '../src/games/sfo/movement.js';
import type { SfoState } from '../src/games/sfo/state.js';
import { hexIds, hexIndex, positionState } from './helpers/sfo.js';

/**
 * Reference: enumerate every path the rules allow (SFO 8), independent of the engine's search.
 * SFO 8.3: a unit that starts in enemy ZOC may not step from it straight into enemy ZOC; under the
 * literal reading (zoc-strict) it may not enter any enemy ZOC during that move.
 */
function referenceReach(state: SfoState, ui: number): string[] {
  const m = mapOf(state);
  const u = state.units[ui]!;
  const zoc = enemyZoc(state, u.side, m);
  const enemyAt = (h: number) =>
    state.units.some((x) => x.status === 'map' && x.side !== u.side && x.hex === h);
  const friendsAt = (h: number) =>
    state.units.filter((x) => x.status === 'map' && x.side === u.side && x.hex === h).length;
  const startsInZoc = zoc[u.hex] === 1;
  const out = new Set<number>();
  const walk = (h: number, mp: number, first: boolean) => {
    if (!first && zoc[h] === 1) return; // entering ZOC stops
    for (const n of m.neighbours[h]!) {
      if (enemyAt(n)) continue;
      const cost = m.forest[n] === 1 ? (state.rules.forestAllowed ? 2 : 99) : 1;
      if (cost > mp) continue;
      if (startsInZoc && zoc[n] === 1 && (first || state.rules.zocStrict)) continue;
      if (n !== u.hex && friendsAt(n) < state.rules.stackLimit) out.add(n);
      walk(n, mp - cost, false);
    }
  };
  walk(u.hex, u.movement, true);
  return [...out].map((h) => m.ids[h]!).sort();
}

describe('SFO 8 movement (Figs. 6-8)', () => {
  it('Fig. 6 (Basic): a unit moves up to 4 clear hexes and never into forest', () => {
    const s = positionState({ level: 'basic', soviet: ['0804'], us: [] });
    const r = hexIds(s, reachable(s, 0));
    expect(r).toContain('0404'); // 4 clear hexes west
    expect(r).not.toContain('0304'); // 5 hexes
    for (const f of ['0603', '0703', '0506']) expect(r).not.toContain(f);
  });

  it('Fig. 7 (Advanced): forest costs 2 MP and may be entered', () => {
    const s = positionState({ level: 'advanced', soviet: ['0605'], us: [] });
    const r = hexIds(s, reachable(s, 0));
    for (const f of ['0506', '0603', '0703']) expect(r).toContain(f);
    expect(r).not.toContain('0307'); // forest 0307: 3 clear hexes away + 2 MP = 5 MP
    expect(r).toEqual(referenceReach(s, 0));
  });

  it('Fig. 8: entering enemy ZOC stops the unit; a unit in ZOC may leave but not step ZOC to ZOC', () => {
    // US unit on 0504: its ZOC is 0503, 0505, 0403, 0404, 0603, 0604
    const s = positionState({ level: 'basic', soviet: ['0705'], us: ['0504'] });
    const a = hexIds(s, reachable(s, 0));
    expect(a).toContain('0604'); // may enter the ZOC...
    expect(a).not.toContain('0503'); // ...but not pass through it (0503 only via ZOC or forest)
    expect(a).toEqual(referenceReach(s, 0));
    const z = positionState({
      level: 'basic',
      soviet: ['0604'],
      us: ['0504'],
      variants: ['zoc-direct-step'],
    });
    const b = hexIds(z, reachable(z, 0)); // starts in ZOC at 0604
    expect(b).not.toContain('0504'); // never the enemy hex
    expect(b).toContain('0605'); // may disengage
    expect(b).toContain('0704');
    expect(b).toEqual(referenceReach(z, 0));
    // the direct ZOC-to-ZOC step 0604 -> 0505 is barred under both readings of SFO 8.3; leaving
    // first (0605 -> 0505) reaches 0505 under zoc-direct-step, not under zoc-strict
    const strict = positionState({
      level: 'basic',
      soviet: ['0604'],
      us: ['0504'],
      variants: ['zoc-strict'],
    });
    expect(hexIds(strict, reachable(strict, 0))).not.toContain('0505');
    expect(hexIds(strict, reachable(strict, 0))).toEqual(referenceReach(strict, 0));
    expect(b).toContain('0505');
  });

  it('SFO 8.2: friendly units do not block; stacking limit 1 (Basic) / 2 (Advanced) at the destination', () => {
    const basic = positionState({ level: 'basic', soviet: ['0805', '0705'], us: [] });
    expect(hexIds(basic, reachable(basic, 0))).not.toContain('0705');
    expect(hexIds(basic, reachable(basic, 0))).toContain('0605'); // through the friendly unit
    const adv = positionState({ level: 'advanced', soviet: ['0805', '0705', '0705'], us: [] });
    expect(hexIds(adv, reachable(adv, 0))).not.toContain('0705');
    const adv2 = positionState({ level: 'advanced', soviet: ['0805', '0705'], us: [] });
    expect(hexIds(adv2, reachable(adv2, 0))).toContain('0705');
  });

  it('never enters enemy-occupied hexes; matches the path-enumeration reference on random positions', () => {
    const rng = gameStreams(1, 1).stream('test');
    for (let t = 0; t < 200; t++) {
      const level = t % 2 === 0 ? 'basic' : 'advanced';
      const m = mapOf(positionState({ level, soviet: [], us: [] }));
      const pickHexes = (n: number, used: Set<string>) => {
        const out: string[] = [];
        while (out.length < n) {
          const h = m.ids[randInt(rng, 0, m.size - 1)]!;
          if (used.has(h) || (level === 'basic' && m.forest[m.grid.index(h)] === 1)) continue;
          used.add(h);
          out.push(h);
        }
        return out;
      };
      const used = new Set<string>();
      const zoc = t % 4 < 2 ? 'zoc-direct-step' : 'zoc-strict'; // both readings of SFO 8.3
      const s = positionState({ level, soviet: pickHexes(4, used), us: pickHexes(3, used), variants: [zoc] });
      for (let ui = 0; ui < s.units.length; ui++) {
        if (s.units[ui]!.status !== 'map') continue;
        const got = hexIds(s, reachable(s, ui));
        expect(got).toEqual(referenceReach(s, ui));
        for (const h of got)
          expect(
            s.units.some(
              (u) => u.status === 'map' && u.side !== s.units[ui]!.side && u.hex === hexIndex(s, h),
            ),
          ).toBe(false);
      }
    }
  });

  it('each unit moves at most once per phase: options never list a unit that has moved', () => {
    const s = positionState({ level: 'basic', soviet: ['0805', '0705'], us: [] });
    s.units[0]!.moved = true;
    const opts = moveOptions(s, 'soviet');
    expect(opts.some((o) => o.type === 'move' && o.unit === 0)).toBe(false);
    expect(opts.some((o) => o.type === 'move' && o.unit === 1)).toBe(true);
  });
});

describe('SFO 8.4 arriving forces (Fig. 10)', () => {
  it('V enters on column 01 but not into the ZOC of a Soviet unit on 0206 (0106, 0107)', () => {
    const s = positionState({ level: 'advanced', soviet: ['0206'], us: ['0302'] });
    const v = s.units.findIndex((u) => u.id === 'WG-V');
    s.units[v]!.status = 'arriving';
    const entry = hexIds(s, entryHexes(s, v));
    expect(entry).toContain('0105');
    expect(entry).toContain('0108');
    expect(entry).not.toContain('0106');
    expect(entry).not.toContain('0107');
    const dest = hexIds(s, entryDestinations(s, v));
    // after entering (1 MP) it may go on with 3 MP, halting on entering 0106, 0107, 0205, 0207
    for (const h of ['0105', '0108', '0106', '0107', '0205', '0207', '0204', '0304'])
      expect(dest).toContain(h);
    expect(dest).not.toContain('0206');
  });

  it('an arriving unit that cannot enter has no entry options and stays off the map', () => {
    // Soviet units covering every column-01 hex with ZOC: 0202 is forest, so use the 02xx column and 0101/0108 neighbours
    const s = positionState({ level: 'advanced', soviet: ['0201', '0203', '0205', '0207', '0101'], us: [] });
    const v = s.units.findIndex((u) => u.id === 'WG-V');
    s.units[v]!.status = 'arriving';
    expect(entryHexes(s, v)).toEqual([]);
    expect(entryDestinations(s, v)).toEqual([]);
    expect(moveOptions(s, 'us')).toEqual([{ type: 'end-movement' }]);
  });

  it('Soviet arrivals enter from column 09', () => {
    const s = positionState({ level: 'advanced', soviet: [], us: ['0205'] });
    s.units[0]!.status = 'arriving';
    s.stats.soviet_units_lost--;
    const dest = hexIds(s, entryDestinations(s, 0));
    expect(dest).toContain('0901');
    expect(dest).toContain('0605'); // 4 MP: 0905 + 3 more
    expect(dest).not.toContain('0505');
  });
});
