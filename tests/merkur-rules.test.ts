/**
 * Merkur known-answer tests: the printed examples (docs/games/merkur.md "Printed examples", E1-E15), hand-built positions
 * (activation table, contested stacking, landing test, regrouping, Royal Navy test) and the exact
 * odds of §3 against the game's own code, with simulated frequencies compared to them.
 */
import { describe, expect, it } from 'vitest';
import { d6 } from '../src/core/dice.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { activationCount } from '../src/games/merkur/activation.js';
import { collateralVictims } from '../src/games/merkur/bombard.js';
import { band, combatValues, zoneDefenceBonus } from '../src/games/merkur/combat.js';
import { artilleryValue, divisionalArt, markFired, supportValue } from '../src/games/merkur/command.js';
import { navyResult } from '../src/games/merkur/convoy.js';
import type { MerkurDecision, MerkurOption } from '../src/games/merkur/decisions.js';
import { merkur } from '../src/games/merkur/index.js';
import { MAP } from '../src/games/merkur/map.js';
import { reachable } from '../src/games/merkur/movement.js';
import {
  activationOdds,
  bandCounts,
  bombardCounts,
  landingOdds,
  navyOdds,
} from '../src/games/merkur/odds.js';
import { landingModifier, landingReduced } from '../src/games/merkur/paradrop.js';
import { startGame } from '../src/games/merkur/setup.js';
import { placementCount, placementModifier } from '../src/games/merkur/solitaire.js';
import type { MerkurState } from '../src/games/merkur/state.js';
import { advance, apply, runUntil } from '../src/games/merkur/turn-sequence.js';
import { countIn, eliminate, room } from '../src/games/merkur/units.js';
import { cwObjectiveFlags, outcome } from '../src/games/merkur/victory.js';
import { merkurWorkspace } from '../src/games/merkur/workspace.js';

const Z = (id: string) => MAP.index.get(id)!;

function emptyState(
  scenario = 'two-player',
  variants: Record<string, boolean> = {},
  params: Record<string, number> = {},
): MerkurState {
  const setup = resolveSetup(merkur, { scenario, variants, params }, 'test');
  const s = startGame(setup, { masterSeed: 1, gameIndex: 0 });
  for (const u of s.units) {
    u.status = 'pool';
    u.zone = -1;
  }
  s.turn = 1;
  return s;
}

/**
 * `runUntil`, answering the support and loss choices of a combat (docs/games/merkur.md "Decisions")
 * as the historical policies do; returns the first other decision, or null.
 */
function answerLosses(
  s: MerkurState,
  ws: ReturnType<typeof merkurWorkspace>,
  stop: (s: MerkurState) => boolean,
) {
  const kinds = ['artillery-support', 'loss-choice', 'retreat-zone', 'fort-sacrifice', 'bomb-target'];
  for (;;) {
    const d = runUntil(s, ws, stop) as MerkurDecision | null;
    if (d === null || !kinds.includes(d.kind)) return d;
    const id = d.side === 'german' ? 'historical' : 'historical-static';
    const pol = merkur.policies.find((p) => p.side === d.side && p.id === id)!.create();
    apply(s, ws, d, pol.choose(s, d, streamRng(1, 0, 'policy')));
  }
}

function put(s: MerkurState, id: string, zone: string): number {
  const i = s.units.findIndex((u) => u.id === id);
  s.units[i]!.zone = Z(zone);
  s.units[i]!.status = 'map';
  return i;
}

describe('Merkur 7.4 bands (E8, spec §3.1)', () => {
  it('A = 10 against the printed D values', () => {
    expect(band(10, 20, 'headings')).toBe(2);
    expect(band(10, 20, 'symmetric')).toBe(1);
    expect(band(10, 20, 'literal')).toBe(1);
    expect(band(10, 21, 'headings')).toBe(1);
    expect(band(10, 11, 'headings')).toBe(2);
    expect(band(10, 19, 'headings')).toBe(2);
    expect(band(10, 10, 'headings')).toBe(3);
    expect(band(10, 9, 'headings')).toBe(4);
    expect(band(10, 6, 'headings')).toBe(4);
    expect(band(10, 5, 'headings')).toBe(5);
    expect(band(10, 5, 'symmetric')).toBe(5);
    expect(band(10, 5, 'literal')).toBe(4);
  });
  const table: [number, number, number[], number[], number[], number[]][] = [
    [5, 5, [8, 567, 146, 559, 16], [16, 559, 146, 559, 16], [16, 559, 146, 575, 0], [505, 761, 22, 8, 0]],
    [7, 5, [0, 310, 125, 811, 50], [0, 310, 125, 811, 50], [0, 310, 125, 861, 0], [258, 960, 48, 30, 0]],
    [5, 7, [30, 831, 125, 310, 0], [50, 811, 125, 310, 0], [50, 811, 125, 310, 0], [791, 504, 1, 0, 0]],
    [8, 4, [0, 126, 80, 931, 159], [0, 126, 80, 931, 159], [0, 126, 80, 1090, 0], [98, 985, 99, 114, 0]],
    [4, 8, [114, 976, 80, 126, 0], [159, 931, 80, 126, 0], [159, 931, 80, 126, 0], [1038, 258, 0, 0, 0]],
    [10, 5, [0, 70, 56, 1011, 159], [0, 70, 56, 1011, 159], [0, 70, 56, 1170, 0], [54, 1029, 99, 114, 0]],
    [6, 11, [78, 1092, 56, 70, 0], [114, 1056, 56, 70, 0], [114, 1056, 56, 70, 0], [1130, 166, 0, 0, 0]],
    [12, 3, [0, 1, 4, 689, 602], [0, 1, 4, 689, 602], [0, 1, 4, 1291, 0], [1, 601, 181, 486, 27]],
  ];
  it.each(table)('a=%i d=%i: the reference counts out of 1296', (a, d, h, sy, lit, fire) => {
    expect(bandCounts(a, d, 'headings')).toEqual(h);
    expect(bandCounts(a, d, 'symmetric')).toEqual(sy);
    expect(bandCounts(a, d, 'literal')).toEqual(lit);
    expect(bandCounts(a, d, 'headings', true)).toEqual(fire);
  });
  it('8.3 bombardment comparison (spec §3.2)', () => {
    expect(bombardCounts(0)).toEqual([575, 146, 575]);
    expect(bombardCounts(-8)).toEqual([1281, 10, 5]);
    expect(bombardCounts(4)).toEqual([126, 80, 1090]);
  });
});

describe('Merkur printed examples', () => {
  it('E1-E3: divisional artillery within two zones, fired markers, Suessmann and Ramcke', () => {
    const s = emptyState();
    const su = put(s, 'Suessmann', '7');
    put(s, 'Meindl', '9'); // 1 zone from 7
    put(s, 'Heidrich', '17'); // path 7-8-17: 2 zones
    const dist = MAP.dist[Z('7')]![Z('17')]!;
    expect(dist).toBe(2);
    expect(divisionalArt(s, su)).toBe(6);
    put(s, 'Heidrich', '18'); // 17-18: 3 zones
    expect(MAP.dist[Z('7')]![Z('18')]!).toBeGreaterThan(2);
    expect(divisionalArt(s, su)).toBe(3);
    // E2: after Suessmann fires, every subordinate counts as fired, in range or not
    const ra = put(s, 'Ramcke', '1');
    markFired(s, su);
    expect(s.units.find((u) => u.id === 'Heidrich')!.fired).toBe(true);
    expect(s.units.find((u) => u.id === 'Meindl')!.fired).toBe(true);
    // E3: Ramcke cannot fire this turn
    expect(artilleryValue(s, ra)).toBe(0);
    // E2 second half: a subordinate fired first blocks the divisional EM (div-blocked)
    const t = emptyState();
    const su2 = put(t, 'Suessmann', '7');
    const me = put(t, 'Meindl', '9');
    put(t, 'Heidrich', '8');
    markFired(t, me);
    expect(divisionalArt(t, su2)).toBe(0);
    const w = emptyState('two-player', { 'div-excludes-fired': true });
    const su3 = put(w, 'Suessmann', '7');
    const me3 = put(w, 'Meindl', '9');
    put(w, 'Heidrich', '8');
    markFired(w, me3);
    expect(divisionalArt(w, su3)).toBe(3);
  });
  it('E4: with an 8 and a 6 battery in one zone only the 8 supports, attack and defence', () => {
    const s = emptyState();
    put(s, 'GebArt/1', '3');
    put(s, 'GebArt/3', '3');
    expect(supportValue(s, 0, Z('2'), false)).toBe(8);
    expect(supportValue(s, 0, Z('3'), false)).toBe(8);
  });
  it('E5: two of four units fire: lead attack + 1', () => {
    // the example's paras attack 5 (the data's value; the calibrated default is higher)
    const s = emptyState('two-player', {}, { paraAttack: 5 });
    const a = put(s, 'FJR3/I', '7');
    const b = put(s, 'FJR3/II', '7');
    put(s, 'FJR3/III', '7');
    put(s, 'Sturm/III', '7');
    put(s, '18 NZ', '10');
    s.turn = 3 * 1 + 1; // a day turn
    const v = combatValues(
      s,
      { kind: 'fire', side: 0, attackers: [a, b], zone: Z('10'), from: Z('7') },
      false,
    );
    expect(v.a).toBe(5 + 1);
  });
  it('E6, E7: town and terrain do not add up; Hill 107 +3 with a fort +5', () => {
    const s = emptyState();
    expect(zoneDefenceBonus(s, Z('9'), 1, false)).toBe(4); // Galatas: colline +2 or ville +4
    expect(zoneDefenceBonus(s, Z('9'), 0, false)).toBe(2);
    s.fort[Z('2')] = 1;
    expect(zoneDefenceBonus(s, Z('2'), 1, false)).toBe(5);
    expect(zoneDefenceBonus(s, Z('11'), 1, false)).toBe(6);
  });
  it('E9: air, artillery, fire and assault may all hit one zone in a turn', () => {
    // the German activation offers bombard, fire and assault orders against the same zone
    const s = emptyState();
    put(s, 'Heidrich', '7');
    const f = put(s, 'FJR3/I', '7');
    put(s, 'FJR3/II', '9');
    put(s, 'Kippenberger', '9');
    put(s, 'NZ Comp', '9');
    s.turn = 4;
    expect(
      artilleryValue(
        s,
        s.units.findIndex((u) => u.id === 'Heidrich'),
      ),
    ).toBe(3);
    expect(
      combatValues(s, { kind: 'fire', side: 0, attackers: [f], zone: Z('9'), from: Z('7') }, false).a,
    ).toBeGreaterThan(0);
  });
  it('E9: air, artillery, fire and assault hit one zone in sequence, each with its own result', () => {
    const s = emptyState();
    const em = put(s, 'Heidrich', '7');
    const f = put(s, 'FJR3/I', '7');
    const a = put(s, 'FJR3/II', '9');
    const a2 = put(s, 'FJR3/III', '9');
    put(s, 'Kippenberger', '9');
    for (const id of ['NZ Comp', '23 NZ', '22 NZ', '21 NZ']) put(s, id, '9');
    s.turn = 4;
    const ws = merkurWorkspace(s);
    const st = s.stats;
    const done = (st2: MerkurState) => st2.stack.length === 0;
    const counts = () => [st.bombardments_air, st.bombardments_art, st.fires, st.assaults];
    // 8.0: the air missions come first (one air unit on zone 9, the others stay home)
    s.stack = [{ t: 'air-missions', i: 0, planned: [] }];
    let sent = false;
    for (let d = answerLosses(s, ws, done); d !== null; d = answerLosses(s, ws, done)) {
      const bomb = d.options.findIndex((o) => o.type === 'air-bomb' && o.zone === Z('9'));
      apply(s, ws, d, !sent && bomb >= 0 ? bomb : 0);
      if (bomb >= 0) sent = true;
    }
    expect(counts()).toEqual([1, 0, 0, 0]);
    // 7.3: an activation of zone 7: Heidrich bombards zone 9, then FJR3/I fires into it
    s.stack = [
      { t: 'orders', side: 0, zone: Z('7'), mode: 'all', units: [em, f], i: 0, orders: [], forced: [] },
    ];
    for (let d = answerLosses(s, ws, done); d !== null; d = answerLosses(s, ws, done)) {
      // the orders; any other question (the initiative: keep) takes its first option
      if (d.kind !== 'unit-order') {
        apply(s, ws, d, 0);
        continue;
      }
      const want = d.options.findIndex((o) => (o.type === 'bombard' || o.type === 'fire') && o.to === Z('9'));
      expect(want).toBeGreaterThanOrEqual(0);
      apply(s, ws, d, want);
    }
    expect(counts()).toEqual([1, 1, 1, 0]);
    // then an activation of zone 9: the paras there (collateral hits may have taken one) assault
    expect(countIn(s, Z('9'), 1)).toBeGreaterThan(0);
    expect(countIn(s, Z('9'), 0)).toBeGreaterThan(0);
    s.stack = [
      { t: 'orders', side: 0, zone: Z('9'), mode: 'all', units: [a, a2], i: 0, orders: [], forced: [] },
    ];
    for (let d = answerLosses(s, ws, done); d !== null; d = answerLosses(s, ws, done))
      apply(s, ws, d, d.kind === 'unit-order' ? d.options.findIndex((o) => o.type === 'assault') : 0);
    expect(counts()).toEqual([1, 1, 1, 1]);
  });
  it('E10: solitaire placement counts', () => {
    expect(placementCount(4 + placementModifier(Z('17'), false))).toBe(0);
    expect(placementCount(1 + placementModifier(Z('4'), false))).toBe(2);
    expect(placementCount(6 + placementModifier(Z('2'), true))).toBe(3);
  });
  it('E11: the activation table', () => {
    expect(activationCount(6, 5, 0)).toBe(1);
    expect(activationCount(6, 5, 0) + 1).toBe(2);
    expect(activationCount(3, 5, 2)).toBe(0);
    expect(activationCount(1, 1, 0) + 1).toBe(1);
  });
  it('E12: Royal Navy outcomes', () => {
    expect(navyResult(1)).toBe('pass');
    expect(navyResult(2)).toBe('delay');
    expect(navyResult(3)).toBe('delay');
    expect(navyResult(4)).toBe('intercept');
    expect(navyResult(5)).toBe('intercept');
    expect(navyResult(6)).toBe('destroyed');
    const n = navyOdds(3);
    expect(n.landed[3]).toBeCloseTo(1 / 4, 12);
    expect(n.landed[3]! + n.landed[2]! + n.landed[1]!).toBeCloseTo(5 / 12, 12);
    expect(n.landed.reduce((a, p, j) => a + p * j, 0)).toBeCloseTo(1.0, 12);
  });
  it('E14: the historical end state is a draw', () => {
    const s = emptyState();
    for (const z of ['22', '26', '32', '35'])
      put(s, s.units.filter((u) => u.side === 1 && u.status === 'pool')[0]!.id, z);
    for (const z of MAP.objectives) if (!['22', '26', '32', '35'].includes(MAP.ids[z]!)) s.control[z] = 0;
    const n = cwObjectiveFlags(s).reduce((a, b) => a + b, 0);
    expect(n).toBe(4);
    expect(outcome(n)).toEqual({ result: 'draw', level: 'draw' });
  });
  it('E15: stacking 6 per side, 6 + 6 contested, strategic unlimited', () => {
    const s = emptyState();
    const ger = s.units.filter((u) => u.side === 0 && u.type === 'para').slice(0, 6);
    for (const u of ger) put(s, u.id, '3');
    expect(room(s, Z('3'), 0)).toBe(0);
    const seventh = put(s, 'FJR2/I', '2');
    expect(reachable(s, seventh)).not.toContain(Z('3'));
    const cw = s.units.filter((u) => u.side === 1 && u.type === 'infantry').slice(0, 6);
    for (const u of cw) put(s, u.id, '3');
    expect(room(s, Z('3'), 1)).toBe(0);
    expect(merkur.invariants(s)).toEqual([]);
    expect(room(s, Z('C'), 0)).toBeGreaterThan(6);
  });
});

describe('Merkur hand-built positions', () => {
  it('landing test modifiers (5.2)', () => {
    const s = emptyState();
    expect(landingModifier(s, Z('3'), false)).toBe(-1); // two-player para into empty plaine
    expect(landingModifier(s, Z('3'), true)).toBe(0);
    put(s, '22 NZ', '6');
    put(s, '21 NZ', '6');
    expect(landingModifier(s, Z('6'), false)).toBe(3 + 1 - 1);
    const solo = emptyState('solitaire');
    put(solo, '23 NZ', '2');
    expect(landingModifier(solo, Z('3'), false)).toBe(1);
    expect(landingOdds(-1)).toBe(0);
    expect(landingOdds(0)).toBeCloseTo(1 / 6);
    expect(landingOdds(3)).toBeCloseTo(4 / 6);
  });
  it('activation table with 4.1 bonus (turn 1: P(0) = 5/6 without, 3/6 with +2)', () => {
    const p0 = activationOdds(5, 0, false);
    expect(p0[0]).toBeCloseTo(5 / 6);
    expect(p0[1]).toBeCloseTo(1 / 6);
    const p2 = activationOdds(5, 2, false);
    expect(p2[0]).toBeCloseTo(3 / 6);
    expect(p2[3]).toBeCloseTo(1 / 6);
  });
  it('E13 regrouping: the fourth para loss returns one and retires three', () => {
    const s = emptyState();
    put(s, 'Heidrich', '7');
    put(s, 'FJR3/III', '7');
    const lost = ['FJR3/I', 'FJR3/II', 'Sturm/III', 'Sturm/IV'].map((id) => put(s, id, '12'));
    put(s, 'Meindl', '12');
    for (const i of lost) eliminate(s, i);
    eliminate(
      s,
      s.units.findIndex((u) => u.id === 'Meindl'),
    ); // an EM loss does not count
    expect(s.paraLosses).toHaveLength(4);
    s.stack = [{ t: 'regroup', units: s.paraLosses.slice(0, 4) }];
    const ws = merkurWorkspace(s);
    const d = advance(s, ws)!;
    expect(d.kind).toBe('regroup');
    apply(s, ws, d, 0);
    expect(s.stats.paras_regrouped).toBe(1);
    expect(s.stats.paras_retired).toBe(3);
    const back = s.units[lost[0]!]!;
    expect(back.status).toBe('map');
    expect(back.zone).toBe(Z('7')); // the zone of its regiment
  });
  it('frequencies from the streams match the exact odds (combat, landing, activation)', () => {
    const rng = streamRng(7, 0, 'combat');
    const n = 20000;
    const counts = [0, 0, 0, 0, 0];
    const roll = () => d6(rng) + d6(rng);
    for (let k = 0; k < n; k++) counts[band(5 + roll(), 5 + roll(), 'headings') - 1]!++;
    const exact = bandCounts(5, 5, 'headings').map((c) => c / 1296);
    for (let b = 0; b < 5; b++)
      expect(Math.abs(counts[b]! / n - exact[b]!)).toBeLessThan(
        4 * Math.sqrt((exact[b]! * (1 - exact[b]!)) / n) + 0.002,
      );
  });
});

describe('Merkur solitaire glider markers and summed air (3.2, 8.0)', () => {
  it('the German gives 4 glider markers to the Sturm Regiment; Suessmann lands without one', () => {
    const setup = resolveSetup(merkur, { scenario: 'solitaire' }, 'test');
    const s = startGame(setup, { masterSeed: 3, gameIndex: 0 });
    const ws = merkurWorkspace(s);
    let d = advance(s, ws)!;
    while (d.kind !== 'glider-assign') {
      apply(s, ws, d, 0);
      d = advance(s, ws)!;
    }
    expect(d.options).toHaveLength(5);
    const skip = d.options.findIndex((o) => s.units[o.unit]!.id === 'Sturm/I');
    apply(s, ws, d, skip);
    const glider = (id: string) => s.units.find((u) => u.id === id)!.glider;
    expect(glider('Sturm/I')).toBe(false);
    expect(['Sturm/II', 'Sturm/III', 'Sturm/IV', 'Meindl'].every(glider)).toBe(true);
    expect(glider('Suessmann')).toBe(false);
  });
  it('air-summed: two air units on one zone make one bombardment of their summed value', () => {
    const s = emptyState('two-player', { 'air-summed': true });
    put(s, '22 NZ', '3');
    s.turn = 4;
    s.stack = [{ t: 'air-missions', i: 0, planned: [] }];
    const ws = merkurWorkspace(s);
    for (let k = 0; k < 4; k++) {
      const d = advance(s, ws)!;
      if (d.kind !== 'air-mission') throw new Error(`expected an air mission, got ${d.kind}`);
      const pick = d.options.findIndex((o) =>
        k < 2 ? o.type === 'air-bomb' && o.zone === Z('3') : o.type === 'air-none',
      );
      apply(s, ws, d, pick);
    }
    s.stack.push({ t: 'activations', side: 1 });
    advance(s, ws);
    expect(s.stats.bombardments_air).toBe(1);
  });
});

describe('Merkur 8.0 Notes (spec §2 G9): every air mission is placed before any is resolved', () => {
  it('the air units are asked one by one and none flies before the last is placed; one whose target has gone is wasted', () => {
    let wasted = 0;
    for (let g = 0; g < 40; g++) {
      const setup = resolveSetup(merkur, { scenario: 'two-player' }, 'test');
      const s = startGame(setup, { masterSeed: 1, gameIndex: g });
      for (const u of s.units) {
        u.status = 'pool';
        u.zone = -1;
      }
      const t = put(s, '22 NZ', '3');
      s.units[t]!.reduced = true;
      s.turn = 4;
      s.stack = [{ t: 'air-missions', i: 0, planned: [] }];
      const ws = merkurWorkspace(s);
      const asked: number[] = [];
      for (let d = runUntil(s, ws, (x) => x.stack.length === 0); d !== null; ) {
        if (d.kind !== 'air-mission') throw new Error(`expected an air mission, got ${d.kind}`);
        expect(s.stats.bombardments_air).toBe(0);
        asked.push(d.options[0]!.air);
        apply(
          s,
          ws,
          d,
          d.options.findIndex((o) => o.type === 'air-bomb' && o.zone === Z('3')),
        );
        d = runUntil(s, ws, (x) => x.stack.length === 0);
      }
      expect(asked).toEqual([0, 1, 2, 3]);
      // 8.0: each unit flew its sortie of the day, whether it found a target or not
      expect(s.air.every((a) => a.flownDay === 2)).toBe(true);
      if (s.units[t]!.status === 'map') expect(s.stats.bombardments_air).toBe(4);
      else {
        expect(s.stats.bombardments_air).toBeLessThan(4);
        wasted++;
      }
    }
    expect(wasted).toBeGreaterThan(0);
  });
});

describe('Merkur odds against simulated frequencies (the game functions over the core dice)', () => {
  const n = 12000;
  const close = (f: number, p: number) =>
    expect(Math.abs(f - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n) + 0.002);
  it('landing test (5.2), modifier 2', () => {
    const r = streamRng(9, 0, 'landing');
    let k = 0;
    for (let i = 0; i < n; i++) if (landingReduced(d6(r), 2)) k++;
    close(k / n, landingOdds(2));
  });
  it('CW activations (4.0, 4.1), turn 1 with bonus 2', () => {
    const r = streamRng(9, 0, 'activation');
    const counts = new Array<number>(9).fill(0);
    for (let i = 0; i < n; i++) counts[activationCount(d6(r), 5, 2)]!++;
    for (const [j, p] of activationOdds(5, 2, false).entries()) close(counts[j]! / n, p);
  });
  it('Royal Navy test (5.4): eventual landings of a 3-unit convoy', () => {
    const r = streamRng(9, 0, 'navy');
    const landed = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) {
      let res = navyResult(d6(r));
      while (res === 'delay') res = navyResult(d6(r));
      if (res === 'pass') landed[3]!++;
      else if (res === 'destroyed') landed[0]!++;
      else {
        const k = d6(r);
        landed[k >= 4 ? 0 : Math.max(0, 3 - k)]!++;
      }
    }
    for (const [j, p] of navyOdds(3).landed.entries()) close(landed[j]! / n, p);
  });
});

describe('Merkur 3.1 a: combat re-roll with the initiative', () => {
  it('an attacker holding the initiative may have both sides re-roll a band 1-2 result; the initiative passes', () => {
    const s = emptyState();
    const a = put(s, 'FJR3/I', '11');
    put(s, '1 Welch', '11');
    s.turn = 4;
    s.initiative = 0;
    s.stack = [
      {
        t: 'combat',
        spec: { kind: 'assault', side: 0, attackers: [a], zone: Z('11'), from: Z('11') },
        vals: null,
        x: 0,
        y: 0,
        rerolled: false,
        stage: 0,
      },
    ];
    const ws = merkurWorkspace(s);
    const d = advance(s, ws)!;
    // 5 + 2d6 against 5 + 6 (city) + 2d6: band 1-2 with probability 0.97; this seed gives one
    expect(d.kind).toBe('initiative');
    expect(d.rule).toBe('Merkur 3.1, 7.4');
    apply(s, ws, d, 1);
    expect(s.initiative).toBe(1);
    expect(s.stats.initiative_uses_german).toBe(1);
    runUntil(s, ws, (st) => st.stack.length === 0);
    expect(s.stats.assaults).toBe(1);
  });
});

describe('Merkur 3.1: the defender re-roll and the CW re-activation (M-15)', () => {
  /** A German assault of attack 20 on one CW unit of defence 1 in a plain zone without a town: band 4-5 always. */
  function hopeless(variants: Record<string, boolean>): MerkurState {
    const s = emptyState('two-player', variants);
    const z = MAP.ids.find((_, k) => MAP.terrain[k] === 'plaine' && !MAP.objective[k] && !MAP.strategic[k])!;
    const a = put(s, 'FJR3/I', z);
    const c = put(s, '1 Welch', z);
    Object.assign(s.units[a]!, { a: 20 });
    Object.assign(s.units[c]!, { d: 1 });
    s.turn = 4;
    s.initiative = 1;
    s.stack = [
      {
        t: 'combat',
        spec: { kind: 'assault', side: 0, attackers: [a], zone: Z(z), from: Z(z) },
        vals: null,
        x: 0,
        y: 0,
        rerolled: false,
        stage: 0,
      },
    ];
    return s;
  }

  it('by default only the attacker may re-roll: the CW defender holding the initiative is not asked', () => {
    const s = hopeless({});
    const ws = merkurWorkspace(s);
    expect(answerLosses(s, ws, (st) => st.stack.length === 0)).toBeNull();
    expect(s.initiative).toBe(1);
    expect(s.stats.assaults).toBe(1);
  });

  it('reroll-defender-too: the defender holding the initiative may re-roll a band 4-5 result once; it passes', () => {
    const s = hopeless({ 'reroll-defender-too': true });
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('initiative');
    expect(d.side).toBe('commonwealth');
    expect(d.rule).toBe('Merkur 3.1, 7.4');
    apply(
      s,
      ws,
      d,
      d.options.findIndex((o) => o.type === 'reroll'),
    );
    expect(s.initiative).toBe(0);
    expect(s.stats.initiative_uses_cw).toBe(1);
    // the second result stands: no further initiative question, the combat resolves
    expect(answerLosses(s, ws, (st) => st.stack.length === 0)).toBeNull();
    expect(s.stats.assaults).toBe(1);
    expect(s.stats.band4 + s.stats.band5).toBe(1);
  });

  it('3.1 c: the CW holding the initiative may re-activate an activated zone; it spends no movement activation', () => {
    const s = emptyState();
    s.turn = 4;
    const c = put(s, '1 Welch', '11');
    put(s, 'FJR3/I', '12');
    s.units[c]!.acted = true;
    s.activated[Z('11')] = 1;
    s.initiative = 1;
    s.initiativeUsed = false;
    s.cwMoves = 1;
    s.stack = [{ t: 'activations', side: 1 }];
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('activation');
    const re = d.options.flatMap((o, i) =>
      o.type === 'activate' && o.initiative ? [{ i, zone: o.zone, mode: o.mode }] : [],
    );
    expect(re.map((r) => [MAP.ids[r.zone], r.mode]).sort()).toEqual([
      ['11', 'combat'],
      ['11', 'move'],
    ]);
    apply(s, ws, d, re.find((r) => r.mode === 'move')!.i);
    expect(s.initiative).toBe(0);
    expect(s.stats.initiative_uses_cw).toBe(1);
    expect(s.cwMoves).toBe(1);
    // the re-activated zone's units take orders again, the one that acted included
    const top = s.stack[s.stack.length - 1]!;
    expect(top.t).toBe('orders');
    expect(top.t === 'orders' && top.units).toEqual([c]);
  });

  it('the solitaire CW never re-activates (soloInitiative never: no such option)', () => {
    const s = emptyState('solitaire');
    s.turn = 4;
    const c = put(s, '1 Welch', '11');
    put(s, 'FJR3/I', '12');
    s.units[c]!.acted = true;
    s.activated[Z('11')] = 1;
    s.initiative = 1;
    s.cwMoves = 0;
    s.stack = [{ t: 'activations', side: 1 }];
    const d = advance(s, merkurWorkspace(s)) as MerkurDecision | null;
    const opts: readonly MerkurOption[] = d === null ? [] : d.options;
    expect(opts.some((o) => o.type === 'activate' && o.initiative)).toBe(false);
  });
});

describe('Merkur 5.4 (M-30): convoy units debarked on an enemy-held beach attack at the end of their turn', () => {
  it('no combat on debarking; the assault comes after the German activations, by the units debarked there', () => {
    const s = emptyState();
    s.turn = 7;
    s.seq = 4; // the phases after 'sea': air missions, German activations, the beach assaults
    put(s, '23 NZ', '3');
    const b1 = s.b1.units;
    expect(b1.length).toBeGreaterThan(0);
    s.stack = [{ t: 'sea-landing', units: [...b1] }];
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('sea-landing');
    apply(
      s,
      ws,
      d,
      d.options.findIndex((o) => o.type === 'sea' && o.zone === Z('3')),
    );
    expect(s.stats.assaults).toBe(0);
    expect(s.beachAssaults).toHaveLength(1);
    expect(s.beachAssaults[0]!.zone).toBe(Z('3'));
    // the German activations are skipped here: the turn goes on to the beach-assault phase
    s.stack = [];
    s.seq = 6;
    // G6: the German names the lead attacker of the debarked units
    let left = runUntil(s, ws, (st) => st.phase === 'cw-start') as MerkurDecision | null;
    expect(left?.kind).toBe('lead-attacker');
    apply(s, ws, left!, 0);
    left = answerLosses(s, ws, (st) => st.phase === 'cw-start') as MerkurDecision | null;
    expect(left).toBeNull();
    expect(s.stats.assaults).toBe(1);
    expect(s.beachAssaults).toHaveLength(0);
    expect(s.stats.band1 + s.stats.band2 + s.stats.band3 + s.stats.band4 + s.stats.band5).toBe(1);
  });
});

describe('Merkur 7.1 (spec §2 G6): the attacker chooses the lead attacker', () => {
  function twoAttackers(): { s: MerkurState; strong: number; weak: number } {
    const s = emptyState();
    const strong = put(s, 'FJR3/I', '3');
    const weak = put(s, 'FJR3/II', '3');
    put(s, '23 NZ', '3');
    Object.assign(s.units[strong]!, { a: 7 });
    Object.assign(s.units[weak]!, { a: 4 });
    s.turn = 4;
    s.stack = [
      {
        t: 'combat',
        spec: { kind: 'assault', side: 0, attackers: [strong, weak], zone: Z('3'), from: Z('3') },
        vals: null,
        x: 0,
        y: 0,
        rerolled: false,
        stage: 0,
      },
    ];
    return { s, strong, weak };
  }

  it('offers every participating combat unit; the one chosen gives the attack (+1 for the other)', () => {
    const { s, weak } = twoAttackers();
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('lead-attacker');
    expect(d.rule).toBe('Merkur 7.1');
    expect(d.options.map((o) => (o.type === 'lead-attacker' ? o.unit : -1)).sort()).toHaveLength(2);
    apply(
      s,
      ws,
      d,
      d.options.findIndex((o) => o.type === 'lead-attacker' && o.unit === weak),
    );
    const top = s.stack[s.stack.length - 1]!;
    expect(top.t === 'combat' && top.spec.leadAttacker).toBe(weak);
    const v = combatValues(s, top.t === 'combat' ? top.spec : (undefined as never), false);
    expect(v.leadA).toBe(weak);
    expect(v.a).toBe(4 + 1);
  });

  it('the scripted policies and the solitaire rules lead with the highest attack, as the engine did', () => {
    for (const id of ['historical', 'objective-count']) {
      const { s, strong } = twoAttackers();
      const ws = merkurWorkspace(s);
      const d = advance(s, ws) as MerkurDecision;
      const pol = merkur.policies.find((p) => p.side === 'german' && p.id === id)!.create();
      const pick = pol.choose(s, d, streamRng(1, 0, 'policy'));
      const o = d.options[pick]!;
      expect(o.type === 'lead-attacker' && o.unit).toBe(strong);
    }
  });
});

describe('Merkur V-LEADDEF lead-def-any', () => {
  it('the defender chooses the unit that leads; its own factor is used', () => {
    const s = emptyState('two-player', { 'lead-def-any': true });
    const a = put(s, 'FJR3/I', '3');
    put(s, '23 NZ', '3');
    const greek = put(s, '8 Greek', '3');
    s.turn = 4;
    s.stack = [
      {
        t: 'combat',
        spec: { kind: 'assault', side: 0, attackers: [a], zone: Z('3'), from: Z('3') },
        vals: null,
        x: 0,
        y: 0,
        rerolled: false,
        stage: 0,
      },
    ];
    const ws = merkurWorkspace(s);
    const d = advance(s, ws)!;
    if (d.kind !== 'lead-defender') throw new Error(`expected lead-defender, got ${d.kind}`);
    expect(d.side).toBe('commonwealth');
    const pick = d.options.findIndex((o) => o.unit === greek);
    apply(s, ws, d, pick);
    const t = s.stack[s.stack.length - 1]!;
    if (t.t !== 'combat') throw new Error('combat task expected');
    expect(combatValues(s, t.spec, false).leadD).toBe(greek);
    expect(combatValues(s, t.spec, false).d).toBe(3); // 8 Greek defence 3, plaine 0, no EM
  });
});

describe('Merkur V-QUEUEFREE queue-free (5.3)', () => {
  it('after choosing an airfield the German picks each landing unit', () => {
    const s = emptyState('two-player', { 'queue-free': true });
    put(s, 'Sturm/I', '2');
    s.turn = 4;
    s.stack = [{ t: 'air-landing', used: [], nonfield: false }];
    const ws = merkurWorkspace(s);
    const d = advance(s, ws)!;
    if (d.kind !== 'air-landing') throw new Error(`expected air-landing, got ${d.kind}`);
    apply(
      s,
      ws,
      d,
      d.options.findIndex((o) => o.type === 'airfield' && o.zone === Z('2')),
    );
    const pick = advance(s, ws)!;
    if (pick.kind !== 'air-landing-unit') throw new Error(`expected air-landing-unit, got ${pick.kind}`);
    const ringel = pick.options.findIndex((o) => s.units[o.unit]!.id === 'Ringel');
    expect(ringel).toBeGreaterThanOrEqual(0);
    apply(s, ws, pick, ringel);
    expect(s.units.find((u) => u.id === 'Ringel')!.zone).toBe(Z('2'));
    expect(s.stats.air_landed_units).toBe(1);
  });
});

describe('Merkur V-EMALONE (2.4): collateral victims', () => {
  it('an accompanied EM is immune by default, reducible (never eliminated) under the variant', () => {
    const s = emptyState();
    const em = put(s, 'Heidrich', '7');
    const para = put(s, 'FJR3/I', '7');
    expect(collateralVictims(s, Z('7'), 0)).toEqual([para]);
    const v = emptyState('two-player', { 'em-reducible-while-accompanied': true });
    put(v, 'Heidrich', '7');
    put(v, 'FJR3/I', '7');
    expect(collateralVictims(v, Z('7'), 0).sort()).toEqual([em, para].sort());
    v.units[em]!.reduced = true;
    expect(collateralVictims(v, Z('7'), 0)).toEqual([para]);
    const alone = emptyState();
    const e2 = put(alone, 'Heidrich', '7');
    expect(collateralVictims(alone, Z('7'), 0)).toEqual([e2]);
  });
});

describe('Merkur V-CWSETUP cw-setup-free (13.0)', () => {
  it('the two-player CW places each of its units before the forts', () => {
    const setup = resolveSetup(
      merkur,
      { scenario: 'two-player', variants: { 'cw-setup-free': true } },
      'test',
    );
    const s = startGame(setup, { masterSeed: 5, gameIndex: 0 });
    const ws = merkurWorkspace(s);
    let d = advance(s, ws)!;
    let n = 0;
    while (d.kind === 'setup-zone') {
      expect(d.side).toBe('commonwealth');
      apply(
        s,
        ws,
        d,
        d.options.findIndex((o) => o.zone === s.units[o.unit]!.home),
      );
      n++;
      d = advance(s, ws)!;
    }
    expect(n).toBe(s.units.filter((u) => u.side === 1).length);
    expect(d.kind).toBe('fort');
    expect(merkur.invariants(s)).toEqual([]);
  });
});

/**
 * docs/games/merkur.md "Readings": the 47 ambiguities, each a variant group of the readings named there (its default
 * first); beyond them V-COMBATREROLL (`combat-reroll`) and V-EMFOLLOW (`em-follow`).
 */
const SPEC_AMBIGUITIES: readonly (readonly [string, string, readonly string[]])[] = [
  ['V-BANDS', 'bands', ['bands-headings', 'bands-symmetric', 'bands-examples-literal']],
  ['V-LEADDEF', 'lead-def', ['lead-def-highest', 'lead-def-any']],
  ['V-DEFSTACK', 'def-stack', ['def-no-stack-bonus', 'def-stack-bonus']],
  ['V-EMCOUNT', 'em-count', ['em-not-counted', 'em-counted']],
  ['V-UNITCOUNT', 'unit-count', ['count-participants', 'count-zone']],
  ['V-AIRSUP', 'air-support', ['air-support-sortie', 'air-support-automatic']],
  ['V-ARTFIRE', 'art-fire', ['art-assault-only', 'art-assault-and-fire']],
  ['V-ARTCOUNT', 'art-count', ['art-one-per-combat', 'art-one-per-zone']],
  ['V-ARTONCE', 'art-once', ['support-unlimited', 'support-once-per-turn']],
  ['V-DIVBLOCK', 'div-block', ['div-blocked', 'div-excludes-fired']],
  ['V-DIVCMD', 'div-cmd', ['div-cmd-zone', 'div-cmd-map']],
  ['V-RINGELSUP', 'ringel-support', ['ringel-sum-bombard-only', 'ringel-sum-support']],
  ['V-EMALONE', 'em-alone', ['em-immune-while-accompanied', 'em-reducible-while-accompanied']],
  ['V-EMBONUS', 'em-bonus-defence', ['em-bonus-lead', 'em-bonus-any']],
  ['V-REACT', 'react', ['one-action-per-unit', 'zone-based']],
  ['V-ROAD', 'road', ['road-whole-move', 'road-step']],
  ['V-STRAT', 'strategic', ['min-move', 'road-to-strategic', 'strict']],
  ['V-NIGHTACT', 'night-activations', ['night-d6', 'night-table']],
  ['V-CONC0', 'concentration-zero', ['conc0-plus2', 'conc0-none']],
  ['V-CONTESTED', 'contested-objective', ['contested-counts-cw', 'contested-counts-none']],
  ['V-CTRLTIME', 'control-time', ['control-end-of-turn', 'control-full-turn']],
  ['V-INITCTRL', 'initial-control', ['initial-cw', 'initial-none']],
  ['V-TANKS', 'tanks', ['tank-participates', 'tank-leads']],
  ['V-FORTLOSS', 'fort-loss', ['fort-any-step', 'fort-optional-only']],
  ['V-REGROUP', 'regroup', ['regroup-full', 'regroup-reduced']],
  ['V-RNBACK', 'rn-back', ['rn-back-lost', 'rn-back-with-b2']],
  ['V-RNSELECT', 'rn-select', ['rn-random', 'rn-german', 'rn-cw']],
  ['V-RNINIT', 'rn-initiative', ['rn-holder', 'rn-none']],
  ['V-AIRSUM', 'air-sum', ['air-separate', 'air-summed']],
  ['V-AIRDECL', 'air-declare', ['air-declare-turn-start', 'air-declare-at-activation']],
  ['V-BOMBPLAIN', 'bomb-plain', ['bomb-plain-plus1', 'bomb-plain-zero']],
  ['V-BOMBEM', 'bomb-em', ['bomb-no-em-bonus', 'bomb-em-bonus']],
  ['V-MAORI', 'maori', ['maori-bands-assault', 'maori-simple', 'maori-may-fire']],
  ['V-PARASTRAT', 'para-strategic', ['no-drops-strategic', 'drops-strategic']],
  ['V-DROPS2P', 'drops-2p', ['drops-free', 'drops-historical']],
  ['V-DISPRED', 'dispersed-reduced', ['dispersed-2-3-0', 'dispersed-min']],
  ['V-AIRNIGHT', 'airlanding-night', ['airlanding-day-only', 'airlanding-any-turn']],
  ['V-QUEUEFREE', 'airlanding-order', ['queue-fixed', 'queue-free']],
  ['V-CWSETUP', 'cw-setup', ['cw-setup-historical', 'cw-setup-free']],
  ['V-SOLOMAP', 'solo-maps', ['solo-west-3', 'solo-east-3']],
  ['V-SOLOORPHANS', 'solo-orphans', ['orphans-historical', 'orphans-to-container', 'orphans-omitted']],
  ['V-SOLOREPEAT', 'solo-repeat', ['repeat-until-empty', 'repeat-once']],
  ['V-SOLOOVERFLOW', 'solo-overflow', ['overflow-all-zones', 'overflow-strategic', 'overflow-lost']],
  ['V-SOLOTEST', 'solo-test-time', ['test-after-placement', 'test-at-placement']],
  ['V-SOLOBOMB', 'solo-bombard', ['bombard-turn1-maps', 'bombard-each-placement']],
  ['V-SOLOFORTS', 'solo-forts', ['forts-at-placement', 'forts-turn1-only']],
  ['V-SOLOENTER', 'solo-enter', ['enter-only-with-3', 'enter-and-assault']],
];

describe('Merkur spec §4: every ambiguity is a named variant group with its default and why', () => {
  it('the 47 groups hold the readings the spec names, the spec default on; every group has one default that says why', () => {
    expect(SPEC_AMBIGUITIES).toHaveLength(47);
    for (const [id, group, ids] of SPEC_AMBIGUITIES) {
      for (const [k, vid] of ids.entries()) {
        const v = merkur.variants.find((x) => x.id === vid);
        expect(v, `${id} ${vid}`).toBeDefined();
        expect(v!.group, `${id} ${vid}`).toBe(group);
        expect(v!.default, `${id} ${vid}`).toBe(k === 0);
      }
    }
    const groups = new Set(merkur.variants.map((v) => v.group));
    for (const [, group] of SPEC_AMBIGUITIES) expect(groups.has(group)).toBe(true);
    expect([...groups].filter((g) => !SPEC_AMBIGUITIES.some(([, x]) => x === g)).sort()).toEqual([
      'combat-reroll',
      'dispersed-orders',
      'em-follow',
      'night-beach',
      'solo-counter',
    ]);
    for (const g of groups) {
      const defaults = merkur.variants.filter((v) => v.group === g && v.default);
      expect(defaults, g).toHaveLength(1);
      expect(defaults[0]!.description, g).toMatch(/^Default/);
      expect(defaults[0]!.rule, g).toMatch(/^Merkur /);
    }
  });
});
