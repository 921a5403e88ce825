/**
 * Dark Crusade known-answer tests (docs/games/dc.md "Printed examples") and hand-built positions: fire splitting (K-2), the CRT
 * (K-17, K-28), losses of a major unit (K-1), weather and air (K-7, K-8, K-16), VP (K-10), strategic
 * capacity (K-11), line capacity with "2" armies and the armour sub-limit (K-13), breakthrough
 * capacity and halving (K-3, K-18), isolated fortresses (K-14), fortress combat (K-15), the
 * highway (K-19), turn-1 production (K-20), draws (K-24), simultaneous combat (K-26), German air (K-27),
 * the Shock Army's losses (K-9), sea moves (K-23), retreat values (K-29);
 * and the exact fire odds against simulated frequencies.
 */
import { describe, expect, it } from 'vitest';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { breakthroughCapacity } from '../src/games/dc/breakthrough.js';
import { allOutGroups, makeBattle, simultaneous, startBattle } from '../src/games/dc/combat.js';
import { crtLoss, fireDistribution, fireLosses, split } from '../src/games/dc/fire.js';
import { fireTotal } from '../src/games/dc/firepower.js';
import { dc } from '../src/games/dc/index.js';
import { supplyPhase } from '../src/games/dc/isolation.js';
import { defenderLosses, takeLoss } from '../src/games/dc/losses.js';
import { mapByKey } from '../src/games/dc/map.js';
import { applyOp, lineRoom, opOptions } from '../src/games/dc/movement.js';
import { sovietProduction } from '../src/games/dc/replacements.js';
import { applyRetreat, retreatOptions } from '../src/games/dc/retreat.js';
import { seaOptions, torpedoProbability } from '../src/games/dc/sea.js';
import { startGame } from '../src/games/dc/setup.js';
import type { Battle, DcState, SideIx } from '../src/games/dc/state.js';
import { strategicCapacity } from '../src/games/dc/strategic.js';
import { seasControlled } from '../src/games/dc/supply.js';
import { runUntil } from '../src/games/dc/turn-sequence.js';
import { airOf, columnOf, rollColumn, weatherOf } from '../src/games/dc/weather.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, empty, P, seaMove, siberiaStart, T } from './helpers/dc.js';

const setupOf = (variants: Record<string, boolean> = {}, params: Record<string, unknown> = {}) =>
  resolveSetup(dc, { variants, params }, 'test');

/** The chart's set-up at the first turn, the pre-game (start month, set-up choice, first factory, fortification) left out. */
function fresh(variants: Record<string, boolean> = {}, params: Record<string, unknown> = {}): DcState {
  const s = startGame(setupOf(variants, params), { masterSeed: 1, gameIndex: 0 });
  s.stack.length = 0;
  return s;
}

/** The Advanced-level set-up (STAVKA, rockets, the 1MM, Shock Armies), as `fresh`. */
function freshAdv(): DcState {
  const s = startGame(resolveSetup(dc, { scenario: 'adv-tournament', variants: {}, params: {} }, 'test'), {
    masterSeed: 1,
    gameIndex: 0,
  });
  s.stack.length = 0;
  return s;
}

/** The line joining points `a` and `b` (ids). */
function lineOf(s: DcState, a: string, b: string): number {
  const m = mapByKey(s.rules.mapKey);
  const pa = P(s, a);
  for (let k = m.adjStart[pa]!; k < m.adjStart[pa + 1]!; k++)
    if (m.adjNb[k] === P(s, b)) return m.adjLine[k]!;
  throw new Error(`no line ${a}-${b}`);
}

describe('DC fire and the CRT', () => {
  it('K-2: 37 splits 19 + 18 and 72 into three 24s for every top column 24..35', () => {
    for (let m = 24; m <= 35; m++) {
      expect(split(37, m)).toEqual([19, 18]);
      expect(split(72, m)).toEqual([24, 24, 24]);
    }
    expect(split(72, 23)).toEqual([18, 18, 18, 18]);
    expect(split(72, 36)).toEqual([36, 36]);
    expect(split(37, 37)).toEqual([37]);
    expect(split(25, 24)).toEqual([13, 12]);
    expect(split(48, 24)).toEqual([24, 24]);
    expect(split(49, 24)).toEqual([17, 16, 16]);
  });

  it('K-28: column 1 gives one loss half the time; every column averages c/2', () => {
    const s = fresh();
    const d1 = fireDistribution(s.rules.crt, 24, 1);
    expect(d1[1]).toBeCloseTo(0.5, 12);
    for (let c = 1; c <= 24; c++) {
      const mean = fireDistribution(s.rules.crt, 24, c).reduce((a, p, l) => a + p * l, 0);
      expect(mean).toBeCloseTo(c / 2, 12);
    }
  });

  it('K-17: with +1 sixes remain sixes; column 5 with +1', () => {
    const s = fresh();
    expect(crtLoss(s.rules.crt, 10, 6, 1)).toBe(crtLoss(s.rules.crt, 10, 6));
    expect(crtLoss(s.rules.crt, 10, 5, 1)).toBe(crtLoss(s.rules.crt, 10, 6));
    const d = fireDistribution(s.rules.crt, 24, 5, 1);
    expect(d[1]).toBeCloseTo(1 / 6, 12);
    expect(d[4]).toBeCloseTo(1 / 2, 12);
  });

  it('the exact loss distribution of 37 and 72 matches simulated frequencies', () => {
    const s = fresh();
    for (const total of [37, 72, 5]) {
      const exact = fireDistribution(s.rules.crt, 24, total);
      const rng = streamRng(7, total, 'combat');
      const n = 20000;
      const counts = new Array<number>(exact.length).fill(0);
      for (let k = 0; k < n; k++) counts[fireLosses(s.rules.crt, 24, total, rng)]!++;
      exact.forEach((p, l) => {
        const sd = Math.sqrt((p * (1 - p)) / n);
        expect(Math.abs(counts[l]! / n - p)).toBeLessThan(4.5 * sd + 1e-9);
      });
    }
  });

  it('K-1: a major FF-3 corps survives 3 losses and dies at the 4th', () => {
    const s = empty(fresh({}, { 'ff-ger-pz': 3 }));
    const i = add(s, 'ger-pz', 0, 'WAR');
    const b = makeBattle(s, P(s, 'WAR'), 1, false);
    for (let k = 1; k <= 3; k++) {
      takeLoss(s, b, i);
      expect(s.units[i]!.st).toBe(0);
      expect(s.units[i]!.disp).toBe(true);
    }
    takeLoss(s, b, i);
    expect(s.units[i]!.st).toBe(1);
  });

  it('minor units: FF-1 losses survived by default, one hit under minor-one-hit', () => {
    const s = fresh({}, { 'ff-sov-tank': 2 });
    expect(s.rules.types[T(s, 'sov-tank')]!.limit).toBe(1);
    const s2 = fresh({ 'minor-one-hit': true }, { 'ff-sov-tank': 2 });
    expect(s2.rules.types[T(s2, 'sov-tank')]!.limit).toBe(0);
  });
});

describe('DC weather, air, victory points, strategic capacity', () => {
  it('K-16: the October roll sets October and November; Dec-Feb are Snow', () => {
    const s = fresh();
    expect(rollColumn(10, 1)).toBe(1);
    expect(rollColumn(10, 2)).toBe(1);
    expect(rollColumn(10, 3)).toBe(2);
    expect(weatherOf(s.rules, 10, 1)).toBe(0);
    expect(weatherOf(s.rules, 11, 1)).toBe(2);
    expect(weatherOf(s.rules, 10, 2)).toBe(1);
    expect(weatherOf(s.rules, 11, 2)).toBe(0);
    for (const m of [12, 1, 2]) for (const c of [1, 2]) expect(weatherOf(s.rules, m, c)).toBe(2);
    expect(columnOf(4, 2, 1)).toBe(2);
    expect(columnOf(5, 1, 2)).toBe(1);
  });

  it('K-7, K-8: April 1942 air Good 2, Mud 0; June 1941 of a June game 4', () => {
    expect(airOf(4, 1942, 1, false)).toBe(2);
    expect(airOf(4, 1942, 2, false)).toBe(0);
    expect(airOf(6, 1941, 1, true)).toBe(4);
    expect(airOf(6, 1941, 1, false)).toBe(3);
  });

  it('K-10: VP totals 7 Axis and 16 Soviet; 11 one-point and 6 two-point cities', () => {
    const m = mapByKey(fresh().rules.mapKey);
    let axis = 0;
    let soviet = 0;
    let one = 0;
    let two = 0;
    for (let p = 0; p < m.n; p++) {
      if (m.side1941[p] === 0) axis += m.vp[p]!;
      else soviet += m.vp[p]!;
      if (m.vp[p] === 1) one++;
      if (m.vp[p] === 2) two++;
    }
    expect([axis, soviet, one, two]).toEqual([7, 16, 11, 6]);
  });

  it('K-11: strategic capacity on turn 1: Axis 0, Soviet 2; later by VP in supply', () => {
    const s = fresh();
    const ws = dcWorkspace(s);
    expect(strategicCapacity(s, ws, 0)).toBe(0);
    expect(strategicCapacity(s, ws, 1)).toBe(2);
    s.turn = 3;
    expect(strategicCapacity(s, ws, 0)).toBe(7);
    expect(strategicCapacity(s, ws, 1)).toBe(16);
  });
});

describe('DC line capacity, breakthrough, highway (hand-built positions)', () => {
  it('K-13: an Axis inferior line carries one Rumanian "2" army and nothing else; armour sub-limit', () => {
    const s = empty(fresh());
    const m = mapByKey(s.rules.mapKey);
    const inferior = [...Array(m.lines).keys()].find((l) => m.lineClass[l] === 2)!;
    const r = add(s, 'rum-army', 0, 'BUC');
    const inf = add(s, 'ger-inf', 0, 'BUC');
    expect(lineRoom(s, s.units[r]!, inferior)).toBe(true);
    s.load[2 * inferior] = 4; // the Rumanian army counted 2
    expect(lineRoom(s, s.units[inf]!, inferior)).toBe(false);
    const major = [...Array(m.lines).keys()].find((l) => m.lineClass[l] === 0)!;
    const pz = add(s, 'ger-pz', 0, 'WAR');
    s.load.fill(0);
    s.load[2 * major] = 8;
    s.load[2 * major + 1] = 4; // four armour units already: the Axis major line's armour limit
    expect(lineRoom(s, s.units[pz]!, major)).toBe(false);
    expect(lineRoom(s, s.units[inf]!, major)).toBe(true);
    s.load[2 * major] = 12; // six units: full
    expect(lineRoom(s, s.units[inf]!, major)).toBe(false);
  });

  it('K-3: breakthrough capacity of a major line after 2 rounds; Soviet -1 through Dec 1941', () => {
    const s = fresh();
    s.turn = 10;
    expect(breakthroughCapacity(s, 0, 0, 2)).toEqual([4, 2]);
    expect(breakthroughCapacity(s, 1, 0, 2)).toEqual([2, 1]);
    s.turn = 8;
    expect(breakthroughCapacity(s, 1, 0, 2)).toEqual([1, 0]);
    expect(breakthroughCapacity(s, 1, 0, 0)).toEqual([3, 2]);
  });

  it('K-18: breakthrough halving: Soviet total 5 -> 2, Axis 5 -> 3; per unit under bt-per-unit-16', () => {
    for (const [side, expected] of [
      [1, 2],
      [0, 3],
    ] as const) {
      const s = empty(fresh());
      const at = side === 1 ? 'SMO' : 'WAR';
      for (let k = 0; k < 5; k++) add(s, side === 1 ? 'sov-tank' : 'ger-inf', side, at, { atk: P(s, 'MIN') });
      const b = makeBattle(s, P(s, 'MIN'), side, true);
      expect(fireTotal(s, dcWorkspace(s), b, true)).toBe(expected);
    }
    const s = empty(fresh({ 'bt-per-unit-16': true }));
    for (let k = 0; k < 2; k++) add(s, 'sov-tank', 1, 'SMO', { atk: P(s, 'ORS') });
    expect(fireTotal(s, dcWorkspace(s), makeBattle(s, P(s, 'ORS'), 1, true), true)).toBe(2);
  });

  it('K-19: armour at Minsk reaches Orsha on the highway in Good weather, not in Snow', () => {
    const s = empty(fresh());
    s.control[P(s, 'MIN')] = 0;
    const pz = add(s, 'ger-pz', 0, 'MIN');
    const inf = add(s, 'ger-inf', 0, 'MIN');
    const ws = dcWorkspace(s);
    const task = { t: 'op' as const, side: 0 as const, order: [pz, inf], i: 0, second: -1 };
    s.weather = 0;
    const hw = (i: number) =>
      opOptions(s, ws, { ...task }, i)
        .filter((o) => o.type === 'highway')
        .map((o) => (o as { to: number }).to);
    expect(hw(pz)).toContain(P(s, 'ORS'));
    expect(hw(inf)).toEqual([]);
    s.weather = 2;
    expect(hw(pz)).toEqual([]);
  });
});

describe('DC combat triggers, air, fortresses', () => {
  it('K-26: simultaneous combat for Axis attacks in Good, or Snow with German air; never for Soviet attacks', () => {
    const s = fresh();
    const b = makeBattle(s, P(s, 'BRE'), 0, false);
    s.weather = 0;
    expect(simultaneous(s, b)).toBe(true);
    s.weather = 2;
    expect(simultaneous(s, b)).toBe(false);
    b.airAtt = 1;
    expect(simultaneous(s, b)).toBe(true);
    s.weather = 1;
    expect(simultaneous(s, b)).toBe(false);
    expect(simultaneous(s, makeBattle(s, P(s, 'WAR'), 1, false))).toBe(false);
  });

  it('K-27: 3 German FF-1 units + 1 Rumanian with 2 air: attack 10, defence 12 (lw-text)', () => {
    const s = empty(fresh());
    for (let k = 0; k < 3; k++) add(s, 'ger-inf', 0, 'IAS', { atk: P(s, 'KIS') });
    add(s, 'rum-mtn', 0, 'IAS', { atk: P(s, 'KIS') });
    const ws = dcWorkspace(s);
    const att = makeBattle(s, P(s, 'KIS'), 0, false);
    att.airAtt = 2;
    expect(fireTotal(s, ws, att, true)).toBe(10);
    for (const u of s.units) u.atk = -1;
    const def = makeBattle(s, P(s, 'IAS'), 1, false);
    def.airDef = 2;
    expect(fireTotal(s, ws, def, false)).toBe(12);
  });

  it('K-15: Moscow (class 3) with 2 undispersed major infantry: reduction 2, fire bonus 2; Axis in Kiev: 2 and 3', () => {
    const s = empty(fresh());
    add(s, 'sov-rifle', 1, 'MOS');
    add(s, 'sov-rifle', 1, 'MOS');
    const b = makeBattle(s, P(s, 'MOS'), 0, false);
    expect(defenderLosses(s, b, 5)).toEqual([3, 0]);
    expect(fireTotal(s, dcWorkspace(s), b, false)).toBe(2 + 2);
    const k = empty(fresh());
    k.control[P(k, 'KIE')] = 0;
    for (let n = 0; n < 3; n++) add(k, 'ger-inf', 0, 'KIE');
    const bk = makeBattle(k, P(k, 'KIE'), 1, false);
    expect(defenderLosses(k, bk, 5)).toEqual([3, 0]);
  });

  it('K-20: no Soviet all-out on the first turn', () => {
    const s = empty(fresh());
    add(s, 'sov-rifle', 1, 'SMO', { atk: P(s, 'ORS') });
    const b = makeBattle(s, P(s, 'ORS'), 1, false);
    expect(allOutGroups(s, dcWorkspace(s), b)).toEqual([]);
    s.turn = 3;
    expect(allOutGroups(s, dcWorkspace(s), b).length).toBe(1);
  });

  it('K-20, sov-t1-inf: turn-1 Soviet production is the factories only (none), half or all of the centres', () => {
    const produced = (v: Record<string, boolean>) => {
      const s = fresh(v);
      sovietProduction(s, dcWorkspace(s));
      return s.stats.sovietProduced;
    };
    const factories = produced({});
    expect(factories).toBe(2); // MOSCOW 6,12 and RYZN 6,12 produce in June
    expect(produced({ 't1-inf-half': true })).toBe(factories + 6);
    expect(produced({ 't1-inf-full': true })).toBe(factories + 13);
  });
});

describe('DC isolation and draws (hand-built positions)', () => {
  /** Runs one supply phase of `side` with its isolation eliminations; returns the units left at `at`. */
  function supplyTurns(s: DcState, side: SideIx, at: string, turns: number): number[] {
    const ws = dcWorkspace(s);
    const left: number[] = [];
    for (let t = 0; t < turns; t++) {
      supplyPhase(s, ws, side);
      // the fortress's losses are forced moves (one unit type there): carried out unasked
      expect(runUntil(s, ws, (x) => x.stack.length === 0)).toBeNull();
      left.push(s.units.filter((u) => u.st === 0 && u.at === P(s, at)).length);
    }
    return left;
  }

  it('K-14: Axis 5 in Kiev 5 -> 4 -> 3 -> 2 -> 1 -> 1', () => {
    const s = empty(fresh());
    s.control[P(s, 'KIE')] = 0;
    for (let k = 0; k < 5; k++) add(s, 'ger-inf', 0, 'KIE');
    expect(supplyTurns(s, 0, 'KIE', 5)).toEqual([4, 3, 2, 1, 1]);
  });

  it('K-14: Soviet 7 in Moscow 7 -> 6 -> 5 -> 4 -> 3 -> 3; 6 in Tula 6 -> 4 -> 2 -> 1 -> 1; 4 in the open all gone', () => {
    const iso = (at: string, n: number, turns: number) => {
      const s = empty(fresh());
      for (let p = 0; p < s.control.length; p++) s.control[p] = 0;
      s.control[P(s, at)] = 1;
      for (let k = 0; k < n; k++) add(s, 'sov-rifle', 1, at);
      return supplyTurns(s, 1, at, turns);
    };
    expect(iso('MOS', 7, 5)).toEqual([6, 5, 4, 3, 3]);
    expect(iso('TUL', 6, 4)).toEqual([4, 2, 1, 1]);
    expect(iso('SMO', 4, 1)).toEqual([0]);
  });

  it('iso-two-phases: a unit is eliminated only at its second isolated supply phase', () => {
    const s = empty(fresh({ 'iso-two-phases': true }));
    for (let p = 0; p < s.control.length; p++) s.control[p] = 0;
    s.control[P(s, 'SMO')] = 1;
    add(s, 'sov-rifle', 1, 'SMO');
    expect(supplyTurns(s, 1, 'SMO', 2)).toEqual([1, 0]);
  });

  it('K-24: no draw before the end of February 1942; a declaration while the opponent meets his requirement hands him the win', () => {
    const s = fresh();
    const ws = dcWorkspace(s);
    s.turn = 10;
    s.stack.push({ t: 'victory', check: 1, stage: 0 });
    expect(runUntil(s, ws, (x) => x.stack.length === 0)).toBeNull();
    s.turn = 11;
    for (let p = 0; p < s.control.length; p++) s.control[p] = 0;
    s.cv++;
    s.stack.push({ t: 'victory', check: 1, stage: 0 });
    const d = runUntil(s, ws, (x) => x.stack.length === 0);
    expect(d?.kind).toBe('declare-draw');
    expect(d?.side).toBe('soviet');
    dc.apply(s, ws, d!, 1);
    expect(s.result).toEqual({ result: 'axis-win', level: 'declared-draw-lost', reason: 'draw-declared' });
  });
});

describe('DC partisans (hand-built)', () => {
  it('R-151..R-155: a placed partisan controls its point, blocks Axis supply, and is removed by an Axis unit', async () => {
    const { applyPartisan, partisansAvailable, startPartisans } = await import(
      '../src/games/dc/partisans.js'
    );
    const { supplyReach } = await import('../src/games/dc/supply.js');
    const { takeControl } = await import('../src/games/dc/control.js');
    expect([1941, 1942, 1943, 1944].map(partisansAvailable)).toEqual([0, 1, 2, 3]);
    const s = empty(fresh());
    s.turn = 14;
    for (const id of ['BIA', 'BAR', 'MIN']) s.control[P(s, id)] = 0;
    s.cv++;
    const ws = dcWorkspace(s);
    expect(supplyReach(s, ws, 'german')[P(s, 'MIN')]).toBe(1);
    startPartisans(s);
    const task = s.stack.pop() as { t: 'partisan'; i: number };
    applyPartisan(s, ws, task, { type: 'partisan', to: P(s, 'BAR') });
    expect(s.control[P(s, 'BAR')]).toBe(1);
    const reach = supplyReach(s, ws, 'german');
    expect(reach[P(s, 'BAR')]).toBe(0);
    takeControl(s, P(s, 'BAR'), 0);
    expect(s.partisans[0]).toBe(-1);
    expect(s.stats.partisanRemovals).toBe(1);
  });
});

describe('DC Siberian Reserve (DC 3.C)', () => {
  it('C-8 and K-4: a July 1941 call brings wave 1 in August and 5 rolls; the crisis table', async () => {
    const { crisisDistribution, crisisRow, applyCall } = await import('../src/games/dc/siberia.js');
    const [a, b, c, none] = crisisDistribution(5);
    expect(a).toBeCloseTo(0.1667, 4);
    expect(b).toBeCloseTo(0.1389, 4);
    expect(c).toBeCloseTo(0.2926, 4);
    expect(none).toBeCloseTo(0.4019, 4);
    expect(crisisDistribution(2)[2]).toBeCloseTo(0, 12);
    // K-12: 9/5/2/2 = 18, 13/7/2/2 = 24, 15/9/3/3 = 30
    expect([0, 1, 2, 5].map((k) => crisisRow(k).reduce((x, y) => x + y, 0))).toEqual([18, 24, 30, 30]);
    const s = fresh();
    s.turn = 3;
    applyCall(s, true);
    expect(s.sib.wave1).toBe(4);
  });

  it('a crisis halves Soviet strategic capacity (rounded up) until the commitment is met; frequencies of the gamble', async () => {
    const { crisisDistribution } = await import('../src/games/dc/siberia.js');
    let crises = 0;
    const n = 3000;
    for (let g = 0; g < n; g++) {
      const s = startGame(setupOf(), { masterSeed: 3, gameIndex: g });
      const ws = dcWorkspace(s);
      s.sib.call = 3;
      s.sib.wave1 = 4;
      for (let t = 4; t <= 8 && s.sib.crisis < 0; t++) {
        s.turn = t;
        siberiaStart(s, ws);
        s.stack.length = 0;
      }
      if (s.sib.crisis >= 0) {
        crises++;
        if (crises === 1) {
          s.turn = 11;
          expect(strategicCapacity(s, ws, 1)).toBe(8);
        }
      }
    }
    const p = 1 - crisisDistribution(5)[3];
    expect(Math.abs(crises / n - p)).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / n));
  });
});

describe('DC winter bonuses (R-46, R-48)', () => {
  it('Finnish attack into Finland and Soviet attack on the Arctic line get +1 in the 41/42 Snow only', async () => {
    const { winterBonus } = await import('../src/games/dc/battle-dice.js');
    const s = empty(fresh({ 'finland-plus-viborg': true }));
    s.weather = 2;
    s.turn = 9;
    add(s, 'fin-corps', 0, 'HEL', { atk: P(s, 'VIB') });
    add(s, 'sov-rifle', 1, 'VIB');
    expect(winterBonus(s, makeBattle(s, P(s, 'VIB'), 0, false))).toBe(1);
    s.turn = 21;
    expect(winterBonus(s, makeBattle(s, P(s, 'VIB'), 0, false))).toBe(0);
    const d = empty(fresh());
    d.weather = 2;
    d.turn = 8;
    expect(winterBonus(d, makeBattle(d, P(d, 'VIB'), 0, false))).toBe(0);
    d.control[P(d, 'TIK')] = 0;
    add(d, 'ger-inf', 0, 'TIK');
    add(d, 'sov-rifle', 1, 'VOL', { atk: P(d, 'TIK') });
    expect(winterBonus(d, makeBattle(d, P(d, 'TIK'), 1, false))).toBe(1);
    add(d, 'fin-corps', 0, 'TIK');
    expect(winterBonus(d, makeBattle(d, P(d, 'TIK'), 1, false))).toBe(0);
  });
});

describe('DC Shock Army, sea moves, retreat values (K-9, K-23, K-29)', () => {
  /** An Axis attack on `at` started as the combat phase does (supply judged at its start, DC 8.C.3.a). */
  function battleOn(s: DcState, at: string): Battle {
    const from = at === 'KIE' ? 'ZHI' : 'SMO';
    add(s, 'ger-inf', 0, from, { atk: P(s, at) });
    startBattle(s, dcWorkspace(s), P(s, at), 0, false);
    const top = s.stack.pop()!;
    expect(top.t).toBe('battle');
    return (top as { b: Battle }).b;
  }

  it('K-9: a Shock Army in supply dies at its 2nd loss, out of supply at its 1st; fortified: fortification, dispersal, destroyed', () => {
    // unfortified, in supply (Moscow)
    const s = empty(freshAdv());
    const a = add(s, 'sov-shock', 1, 'MOS');
    const b = battleOn(s, 'MOS');
    takeLoss(s, b, a);
    expect([s.units[a]!.st, s.units[a]!.disp]).toEqual([0, true]);
    takeLoss(s, b, a);
    expect(s.units[a]!.st).toBe(1);
    // unfortified, out of supply: Kiev cut off (every neighbour Axis-controlled)
    const o = empty(freshAdv());
    const m = mapByKey(o.rules.mapKey);
    const kie = P(o, 'KIE');
    for (let k = m.adjStart[kie]!; k < m.adjStart[kie + 1]!; k++) o.control[m.adjNb[k]!] = 0;
    o.cv++;
    const c = add(o, 'sov-shock', 1, 'KIE');
    const bo = battleOn(o, 'KIE');
    expect(bo.oos).toEqual([c]);
    takeLoss(o, bo, c);
    expect(o.units[c]!.st).toBe(1);
    // fortified, in supply (DC 18): the 1st breakthrough takes the fortification only
    const f = empty(freshAdv());
    const d = add(f, 'sov-shock', 1, 'MOS', { fort: true });
    const bf = battleOn(f, 'MOS');
    takeLoss(f, bf, d);
    expect([f.units[d]!.st, f.units[d]!.fort, f.units[d]!.disp]).toEqual([0, false, false]);
    takeLoss(f, bf, d);
    expect([f.units[d]!.st, f.units[d]!.disp]).toEqual([0, true]);
    takeLoss(f, bf, d);
    expect(f.units[d]!.st).toBe(1);
  });

  it('K-23: sea moves lose a unit on {1} in a friendly sea, {1,3,5} in an enemy one; the Azov needs both Kerch banks; one unit per sea', () => {
    const s = empty(fresh());
    const seaTask = () => ({ t: 'sea' as const, side: 1 as SideIx, left: 5, used: 0 });
    const ids = (opts: { unit: number; to: number }[], unit: number) =>
      opts
        .filter((o) => o.unit === unit)
        .map((o) => mapByKey(s.rules.mapKey).ids[o.to])
        .sort();
    // DC 9.B: the Azov (Rostov) to the Black Sea only with Kerch and Krasnodar both Soviet
    for (const id of ['ODE', 'NIK', 'NVR', 'KER', 'MAR', 'ROS', 'SEV', 'KRD']) s.control[P(s, id)] = 1;
    const r = add(s, 'sov-rifle', 1, 'ROS');
    expect(ids(seaOptions(s, seaTask()), r)).toEqual(['KER', 'MAR', 'NIK', 'NVR', 'ODE', 'SEV']);
    s.control[P(s, 'KRD')] = 0;
    // within the Azov only; reaching Kerch, at the straits, from the Azov counts as leaving it (as for
    // factories, factory-sea.ts), while a Black Sea port reaches Kerch without Krasnodar
    expect(ids(seaOptions(s, seaTask()), r)).toEqual(['MAR']);
    s.control[P(s, 'KRD')] = 1;
    // one unit per sea per turn: after a Black Sea move, a Baltic one still, no second Black Sea one
    const b = add(s, 'sov-rifle', 1, 'LEN');
    const task = seaTask();
    const ws = dcWorkspace(s);
    seaMove(s, ws, task, { type: 'sea', unit: r, to: P(s, 'ODE') });
    add(s, 'sov-rifle', 1, 'SEV');
    expect(seaOptions(s, task).every((o) => o.unit < 0 || o.unit === b)).toBe(true);
    expect(ids(seaOptions(s, task), b)).toEqual(['LEP', 'RIG', 'TAL']);
    // C-7: the die, exact and simulated through applySea, as the sea's control makes it friendly or not
    for (const [sevSide, p] of [
      [1, 1 / 6],
      [0, 1 / 2],
    ] as const) {
      s.control[P(s, 'SEV')] = sevSide;
      const friendly = (seasControlled(s, 1) & 2) !== 0;
      expect(torpedoProbability(friendly)).toBeCloseTo(p, 12);
      const n = 3000;
      let lost = 0;
      for (let k = 0; k < n; k++) {
        Object.assign(s.units[r]!, { st: 0, at: P(s, 'ODE'), disp: false });
        const before = s.stats.seaLost;
        seaMove(s, ws, seaTask(), { type: 'sea', unit: r, to: P(s, 'NIK') });
        lost += s.stats.seaLost - before;
      }
      expect(Math.abs(lost / n - p)).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / n));
    }
  });

  it('kerch-port: Kerch from Rostov without Krasnodar only under kerch-port-both; Sevastopol to Rostov needs it under both', () => {
    for (const [variants, fromRostov, fromSev] of [
      [{}, ['MAR'], ['KER', 'NIK', 'NVR', 'ODE']],
      [{ 'kerch-port-both': true }, ['KER', 'MAR'], ['KER', 'NIK', 'NVR', 'ODE']],
    ] as const) {
      const s = empty(fresh(variants));
      for (const id of ['ODE', 'NIK', 'NVR', 'KER', 'MAR', 'ROS', 'SEV']) s.control[P(s, id)] = 1;
      s.control[P(s, 'KRD')] = 0;
      const task = { t: 'sea' as const, side: 1 as SideIx, left: 5, used: 0 };
      const to = (unit: number) =>
        seaOptions(s, task)
          .filter((o) => o.unit === unit)
          .map((o) => mapByKey(s.rules.mapKey).ids[o.to])
          .sort();
      const r = add(s, 'sov-rifle', 1, 'ROS');
      const v = add(s, 'sov-rifle', 1, 'SEV');
      // DC 9.B: Rostov (Azov) to Kerch (both seas) crosses the straits only under kerch-port-strait
      expect(to(r)).toEqual([...fromRostov]);
      // Sevastopol (Black Sea) never reaches Rostov or Mariupol without both banks
      expect(to(v)).toEqual([...fromSev]);
    }
  });

  it('K-29: STAVKA + rocket + 2 armies count 4 in retreat, 3 in movement; the 1MM 1/2 in both; a Rumanian "2" army 2 in both', () => {
    const s = empty(freshAdv());
    const l = lineOf(s, 'SMO', 'VYA');
    expect(mapByKey(s.rules.mapKey).lineClass[l]).toBe(0); // a major line: Soviet capacity 4 (DC 12.A)
    const group = ['sov-stavka', 'sov-rocket', 'sov-rifle', 'sov-rifle'].map((id) => add(s, id, 1, 'SMO'));
    const extra = add(s, 'sov-rifle', 1, 'SMO');
    const mm = add(s, 'sov-1mm', 1, 'SMO');
    // retreat (DC 13.B.4.a): every unit one, so the four fill the line and a fifth army finds no room on it
    const ret = {
      t: 'retreat' as const,
      side: 1 as SideIx,
      from: P(s, 'SMO'),
      bt: false,
      units: group,
      i: 0,
      load: [],
    };
    const ws = dcWorkspace(s);
    for (const i of group) applyRetreat(s, ws, ret, { type: 'retreat', unit: i, line: l, to: P(s, 'VYA') });
    expect(ret.load[l]).toBe(2 * 4);
    expect(retreatOptions(s, ret, extra).some((o) => o.line === l)).toBe(false);
    // the 1MM counts 1/2 in retreat
    const before = ret.load[l]!;
    applyRetreat(s, ws, ret, { type: 'retreat', unit: mm, line: l, to: P(s, 'VYA') });
    expect(ret.load[l]! - before).toBe(1);
    // movement (DC 12.B): STAVKA and the rocket 1/2 each, so the four use 3 and a fifth army fits
    const t = empty(freshAdv());
    const order = ['sov-stavka', 'sov-rocket', 'sov-rifle', 'sov-rifle', 'sov-1mm'].map((id) =>
      add(t, id, 1, 'SMO'),
    );
    const fifth = add(t, 'sov-rifle', 1, 'SMO');
    const op = { t: 'op' as const, side: 1 as SideIx, order, i: 0, second: -1 };
    for (let k = 0; k < 4; k++) {
      applyOp(t, op, { type: 'move', line: l, to: P(t, 'VYA'), attack: false });
      op.second = -1;
    }
    expect(t.load[2 * l]).toBe(2 * 3);
    expect(lineRoom(t, t.units[fifth]!, l)).toBe(true);
    applyOp(t, op, { type: 'move', line: l, to: P(t, 'VYA'), attack: false });
    expect(t.load[2 * l]).toBe(2 * 3 + 1); // the 1MM: 1/2
    // a Rumanian "2" army: 2 on an Axis line in movement and in retreat (DC 12.C, 13.B.4.a)
    const a = empty(freshAdv());
    const bl = lineOf(a, 'BUC', 'GAL');
    const rum = add(a, 'rum-army', 0, 'BUC');
    const rret = {
      t: 'retreat' as const,
      side: 0 as SideIx,
      from: P(a, 'BUC'),
      bt: false,
      units: [rum],
      i: 0,
      load: [],
    };
    applyRetreat(a, dcWorkspace(a), rret, { type: 'retreat', unit: rum, line: bl, to: P(a, 'GAL') });
    expect(rret.load[bl]).toBe(2 * 2);
    const rum2 = add(a, 'rum-army', 0, 'BUC');
    applyOp(
      a,
      { t: 'op', side: 0, order: [rum2], i: 0, second: -1 },
      { type: 'move', line: bl, to: P(a, 'GAL'), attack: false },
    );
    expect(a.load[2 * bl]).toBe(2 * 2);
  });
});
