/**
 * Dark Crusade, the Advanced level (DC 2.A.2): the Advanced counters in the set-up, HQ and STAVKA
 * support (13.B.7, variants hq-support and air-hq-order), Soviet air (13.A.1-3, variant
 * sov-air-alone), isolated artillery and air (17.B), the Shock Army out of supply (8.C.3.a), and the
 * exact air-to-air and flak distributions (RULES-CHECKLIST C-4, C-5) against simulated frequencies.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { makeBattle, simultaneous } from '../src/games/dc/combat.js';
import { buildComposite, compositeOptions } from '../src/games/dc/composites.js';
import { fireTotal } from '../src/games/dc/firepower.js';
import { dc } from '../src/games/dc/index.js';
import { mapByKey } from '../src/games/dc/map.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState } from '../src/games/dc/state.js';
import { airCombat, airToAirDistribution, flakDistribution } from '../src/games/dc/support.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, empty, P, T } from './helpers/dc.js';

function fresh(
  scenario = 'adv-tournament',
  variants: Record<string, boolean> = {},
  seed = 1,
  params: Record<string, unknown> = {},
): DcState {
  const s = startGame(resolveSetup(dc, { scenario, variants, params }, 'test'), {
    masterSeed: seed,
    gameIndex: 0,
  });
  s.stack.length = 0;
  return s;
}

const count = (s: DcState, type: string) =>
  s.units.filter((u) => u.st === 0 && s.rules.types[u.t]!.id === type).length;

describe('DC Advanced level: components (DC 2.A.2)', () => {
  it('the Advanced set-up adds the HQs, SS division, STAVKA, 1MM, air and artillery; the Introductory has none', () => {
    const a = fresh();
    expect(a.rules.level).toBe('advanced');
    expect(count(a, 'ger-pzhq')).toBe(4);
    expect(count(a, 'ger-hq')).toBe(2);
    expect(count(a, 'ger-ssdiv')).toBe(1);
    expect(count(a, 'sov-stavka')).toBe(1);
    expect(count(a, 'sov-1mm')).toBe(1);
    expect(count(a, 'sov-air')).toBe(3);
    expect(count(a, 'sov-art')).toBe(3);
    const stavka = a.units.find((u) => a.rules.types[u.t]!.id === 'sov-stavka')!;
    expect(stavka.at).toBe(P(a, 'MOS'));
    const i = fresh('intro-tournament');
    expect(i.rules.level).toBe('intro');
    expect(i.rules.types.every((t) => t.level === 'intro')).toBe(true);
    // the Introductory types keep their indices at the Advanced level
    expect(a.rules.types.slice(0, i.rules.types.length).map((t) => t.id)).toEqual(
      i.rules.types.map((t) => t.id),
    );
  });

  it('DC 12.B, 13.B.7: HQs, STAVKA, rockets and the 1MM count 1/2 on lines; a single hit destroys an HQ', () => {
    const a = fresh();
    for (const id of ['ger-hq', 'ger-pzhq', 'ger-ssdiv', 'sov-stavka', 'sov-rocket', 'sov-1mm'])
      expect(a.rules.types[T(a, id)]!.cap, id).toBe(0.5);
    expect(a.rules.types[T(a, 'ger-hq')]!.retreatCap).toBe(1);
    expect(a.rules.types[T(a, 'ger-ssdiv')]!.retreatCap).toBe(0.5);
    expect(a.rules.types[T(a, 'ger-hq')]!.limit).toBe(0);
    expect(a.rules.types[T(a, 'sov-stavka')]!.limit).toBe(0);
    // variant armour-cap
    expect(a.rules.types[T(a, 'ger-pzhq')]!.armour).toBe(false);
    expect(fresh('adv-tournament', { 'pzhq-armour': true }).rules.types[T(a, 'ger-pzhq')]!.armour).toBe(true);
  });
});

describe('DC 13.B.7 HQ support', () => {
  it('an attacking stack uses one HQ: +1 per supported unit up to its FF (hq-min) or its FF (hq-flat)', () => {
    for (const [variants, one, three] of [
      [{}, 1 + 1, 3 + 2],
      [{ 'hq-flat': true }, 1 + 2, 3 + 2],
    ] as const) {
      const s = empty(fresh('adv-tournament', variants));
      const target = { atk: P(s, 'BRE') };
      add(s, 'ger-inf', 0, 'WAR', target);
      add(s, 'ger-hq', 0, 'WAR', target);
      add(s, 'ger-hq', 0, 'WAR', target);
      const ws = dcWorkspace(s);
      expect(fireTotal(s, ws, makeBattle(s, P(s, 'BRE'), 0, false), true)).toBe(one);
      add(s, 'ger-inf', 0, 'WAR', target);
      add(s, 'ger-inf', 0, 'WAR', target);
      expect(fireTotal(s, ws, makeBattle(s, P(s, 'BRE'), 0, false), true)).toBe(three);
    }
  });

  it('variant hq-scope: an attacking Panzer HQ with 2 infantry corps adds 2, or 0 under pzhq-armour-only', () => {
    for (const [variants, want] of [
      [{}, 2 + 2],
      [{ 'pzhq-armour-only': true }, 2],
    ] as const) {
      const s = empty(fresh('adv-tournament', variants));
      const target = { atk: P(s, 'BRE') };
      add(s, 'ger-inf', 0, 'WAR', target);
      add(s, 'ger-inf', 0, 'WAR', target);
      add(s, 'ger-pzhq', 0, 'WAR', target);
      expect(fireTotal(s, dcWorkspace(s), makeBattle(s, P(s, 'BRE'), 0, false), true)).toBe(want);
    }
  });

  it('a defending stack uses as many HQs as it has units to support: 3 corps + 2 HQs = 3 + 2 + 1', () => {
    const s = empty(fresh());
    for (let k = 0; k < 3; k++) add(s, 'ger-inf', 0, 'WAR');
    add(s, 'ger-hq', 0, 'WAR');
    add(s, 'ger-pzhq', 0, 'WAR');
    const b = makeBattle(s, P(s, 'WAR'), 1, false);
    expect(fireTotal(s, dcWorkspace(s), b, false)).toBe(3 + 2 + 1);
  });

  it('variant air-hq-order: 2 corps + HQ with 1 air: (2 + 2) x 2 = 8 multiplied, 2 x 2 + 2 = 6 added after', () => {
    for (const [variants, want] of [
      [{}, 8],
      [{ 'hq-added-after': true }, 6],
    ] as const) {
      const s = empty(fresh('adv-tournament', variants));
      const target = { atk: P(s, 'BRE') };
      add(s, 'ger-inf', 0, 'WAR', target);
      add(s, 'ger-inf', 0, 'WAR', target);
      add(s, 'ger-hq', 0, 'WAR', target);
      const b = makeBattle(s, P(s, 'BRE'), 0, false);
      b.airAtt = 1;
      expect(fireTotal(s, dcWorkspace(s), b, true)).toBe(want);
    }
  });

  it('STAVKA adds +1 per rifle army, armour or cavalry unit, up to 4; artillery is not supported', () => {
    const s = empty(fresh());
    s.control[P(s, 'MIN')] = 0;
    const target = { atk: P(s, 'MIN') };
    for (let k = 0; k < 5; k++) add(s, 'sov-rifle', 1, 'MOS', target);
    add(s, 'sov-stavka', 1, 'MOS', target);
    const ws = dcWorkspace(s);
    expect(fireTotal(s, ws, makeBattle(s, P(s, 'MIN'), 1, false), true)).toBe(5 + 4);
    const t = empty(fresh());
    t.control[P(t, 'MIN')] = 0;
    add(t, 'sov-rifle', 1, 'MOS', target);
    add(t, 'sov-tank', 1, 'MOS', target);
    add(t, 'sov-art', 1, 'MOS', target);
    add(t, 'sov-stavka', 1, 'MOS', target);
    expect(fireTotal(t, dcWorkspace(t), makeBattle(t, P(t, 'MIN'), 1, false), true)).toBe(3 + 2);
  });
});

describe('DC 13.A Soviet air, 17.B isolation, 8.C.3.a Shock Army', () => {
  it('Soviet air adds +1 each with ground units present, none alone; sov-air-alone needs an undispersed one', () => {
    const s = empty(fresh());
    add(s, 'sov-air', 1, 'MOS');
    add(s, 'sov-air', 1, 'MOS');
    const ws = dcWorkspace(s);
    expect(fireTotal(s, ws, makeBattle(s, P(s, 'MOS'), 0, false), false)).toBe(0);
    add(s, 'sov-rifle', 1, 'MOS', { disp: true });
    // Moscow is a class-3 fortress: its fire bonus needs undispersed major infantry (none here)
    expect(fireTotal(s, ws, makeBattle(s, P(s, 'MOS'), 0, false), false)).toBe(2);
    const t = empty(fresh('adv-tournament', { 'sov-air-needs-undispersed-ground': true }));
    add(t, 'sov-air', 1, 'MOS');
    add(t, 'sov-rifle', 1, 'MOS', { disp: true });
    expect(fireTotal(t, dcWorkspace(t), makeBattle(t, P(t, 'MOS'), 0, false), false)).toBe(0);
  });

  it('DC 13.B.1: no simultaneous combat while Soviet air is over the point', () => {
    const s = empty(fresh());
    s.weather = 0;
    add(s, 'ger-inf', 0, 'WAR', { atk: P(s, 'BRE') });
    add(s, 'sov-rifle', 1, 'BRE');
    expect(simultaneous(s, makeBattle(s, P(s, 'BRE'), 0, false))).toBe(true);
    add(s, 'sov-air', 1, 'BRE');
    expect(simultaneous(s, makeBattle(s, P(s, 'BRE'), 0, false))).toBe(false);
  });

  it('17.B: isolated artillery and air cannot fire; the Shock Army fires 2 in supply, 1 out of it', () => {
    const s = empty(fresh());
    // Kiev cut off: every neighbour Axis-controlled
    const m = mapByKey(s.rules.mapKey);
    const kie = P(s, 'KIE');
    for (let k = m.adjStart[kie]!; k < m.adjStart[kie + 1]!; k++) s.control[m.adjNb[k]!] = 0;
    s.cv++;
    add(s, 'sov-art', 1, 'KIE');
    add(s, 'sov-air', 1, 'KIE');
    add(s, 'sov-shock', 1, 'KIE');
    const iso = fireTotal(s, dcWorkspace(s), makeBattle(s, P(s, 'KIE'), 0, false), false);
    add(s, 'sov-art', 1, 'MOS');
    add(s, 'sov-air', 1, 'MOS');
    add(s, 'sov-shock', 1, 'MOS');
    const sup = fireTotal(s, dcWorkspace(s), makeBattle(s, P(s, 'MOS'), 0, false), false);
    // Kiev: shock 1 (+ fortress bonus, which needs major infantry: none); Moscow: art 1 + shock 2 + air 1
    expect(iso).toBe(1);
    expect(sup).toBe(1 + 2 + 1);
  });

  it('C-4, C-5: air-to-air and flak distributions match simulated frequencies', () => {
    const s = empty(fresh());
    const n = 3000;
    for (const [german, sovietN] of [
      [0, 3],
      [1, 3],
      [2, 4],
    ] as const) {
      const exact = german === 0 ? flakDistribution(s, sovietN) : airToAirDistribution(s, sovietN, german);
      expect(exact.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      const seen = new Array<number>(sovietN + 1).fill(0);
      const t = empty(fresh('adv-tournament', {}, 100 + german));
      add(t, 'ger-inf', 0, 'WAR', { atk: P(t, 'BRE') });
      add(t, 'sov-rifle', 1, 'BRE');
      for (let k = 0; k < sovietN; k++) add(t, 'sov-air', 1, 'BRE');
      const b = makeBattle(t, P(t, 'BRE'), 0, false);
      b.airAtt = german;
      // the combat stream advances with each air combat (nothing is eliminated here): independent samples
      const ws = dcWorkspace(t);
      for (let g = 0; g < n; g++) {
        const lost = airCombat(t, ws, b).length;
        // flak: index = lost; air-to-air: index = survivors
        seen[german === 0 ? lost : sovietN - lost]!++;
      }
      exact.forEach((p, k) => {
        const f = seen[k]! / n;
        const sd = Math.sqrt((p * (1 - p)) / n);
        expect(Math.abs(f - p), `german ${german} soviet ${sovietN} k ${k}`).toBeLessThanOrEqual(
          4 * sd + 1e-9,
        );
      });
    }
  });
});

describe('DC 8.C.3 composites (D-36)', () => {
  const kinds = (s: DcState) =>
    compositeOptions(s, dcWorkspace(s)).map((o) => (o.unitType < 0 ? 'stop' : s.rules.types[o.unitType]!.id));

  it('two rifle armies on one point, undispersed and in supply: a Guards infantry army from 1942, not before', () => {
    const s = empty(fresh());
    add(s, 'sov-rifle', 1, 'MOS');
    add(s, 'sov-rifle', 1, 'MOS');
    s.turn = 8; // December 1941
    expect(kinds(s)).toEqual([]);
    s.turn = 9; // January 1942
    expect(kinds(s)).toEqual(['stop', 'sov-gds-inf']);
    const o = compositeOptions(s, dcWorkspace(s))[1]!;
    buildComposite(s, dcWorkspace(s), o);
    const onMap = s.units.filter((u) => u.st === 0);
    expect(onMap.map((u) => s.rules.types[u.t]!.id)).toEqual(['sov-gds-inf']);
    // dispersed on creation; the components' counters go to the dead pile
    expect(onMap[0]!.disp).toBe(true);
    expect(onMap[0]!.at).toBe(P(s, 'MOS'));
    expect(s.units.filter((u) => u.st === 1 && s.rules.types[u.t]!.id === 'sov-rifle').length).toBe(2);
    expect(kinds(s)).toEqual([]);
  });

  it('Shock Army (rifle + artillery), cavalry-mechanized group, tank army from June 1942 only; dispersed units never', () => {
    const s = empty(fresh());
    add(s, 'sov-rifle', 1, 'GOR');
    add(s, 'sov-art', 1, 'GOR');
    add(s, 'sov-tank', 1, 'KHA');
    add(s, 'sov-tank', 1, 'KHA');
    add(s, 'sov-cav', 1, 'KHA');
    add(s, 'sov-rifle', 1, 'KUR', { disp: true });
    add(s, 'sov-art', 1, 'KUR');
    s.turn = 5;
    expect(kinds(s).sort()).toEqual(['sov-cavmech', 'sov-shock', 'stop']);
    s.turn = 14; // June 1942
    expect(kinds(s).sort()).toEqual(['sov-cavmech', 'sov-shock', 'sov-tankarmy', 'stop']);
  });

  it('the counter mix limits composites; parachute corps only with paratroops-on', () => {
    const s = empty(fresh());
    s.turn = 9;
    s.pool[T(s, 'sov-gds-inf')] = 0;
    add(s, 'sov-rifle', 1, 'MOS');
    add(s, 'sov-rifle', 1, 'MOS');
    expect(kinds(s)).toEqual([]);
    // DC 21.F: the five parachute counters start on the map; a conversion needs an eliminated one
    const dead = (x: DcState) => {
      x.units.find((u) => x.rules.types[u.t]!.id === 'sov-para')!.st = 1;
    };
    const p = empty(fresh('adv-tournament', { 'paratroops-on': true }));
    add(p, 'sov-rifle', 1, 'MOS');
    expect(kinds(p)).toEqual([]);
    dead(p);
    expect(kinds(p)).toEqual(['stop', 'sov-para']);
    // variant para-build para-two-armies: one rifle army is not enough (DC 21.F)
    const two = empty(fresh('adv-tournament', { 'paratroops-on': true, 'para-two-armies': true }));
    dead(two);
    add(two, 'sov-rifle', 1, 'MOS');
    expect(kinds(two)).toEqual([]);
    add(two, 'sov-rifle', 1, 'MOS');
    expect(kinds(two)).toEqual(['stop', 'sov-para']);
  });
});

describe('DC 7.B.3 Soviet air and Mud', () => {
  it('grounded for the attack in Mud, defends normally', () => {
    const s = empty(fresh());
    s.control[P(s, 'MIN')] = 0;
    const target = { atk: P(s, 'MIN') };
    add(s, 'sov-rifle', 1, 'SMO', target);
    add(s, 'sov-air', 1, 'SMO', target);
    const ws = dcWorkspace(s);
    s.weather = 0;
    expect(fireTotal(s, ws, makeBattle(s, P(s, 'MIN'), 1, false), true)).toBe(2);
    s.weather = 1;
    expect(fireTotal(s, ws, makeBattle(s, P(s, 'MIN'), 1, false), true)).toBe(1);
    const d = empty(fresh());
    d.weather = 1;
    add(d, 'sov-rifle', 1, 'GOR');
    add(d, 'sov-air', 1, 'GOR');
    expect(fireTotal(d, dcWorkspace(d), makeBattle(d, P(d, 'GOR'), 0, false), false)).toBe(2);
  });
});
