/**
 * Dark Crusade optional rule 21, Soviet parachute units (variant paratroops-on; RULES-CHECKLIST R-157a … R-164,
 * D-17 para-drop): hand-built positions for the drops per turn, the escort, the drop on an empty
 * point, the free shot on Axis infantry-type units (simulated against the CRT), the loss of the
 * paratroops with their escort and on breaking off, no all-out on a drop, and Mud.
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { allOutGroups, applyBattle, makeBattle } from '../src/games/dc/combat.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import { cloneDc, dc } from '../src/games/dc/index.js';
import {
  applyDrop,
  dropOptions,
  dropStep,
  dropsPerTurn,
  pickDrop,
  startDrops,
} from '../src/games/dc/paratroops.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState } from '../src/games/dc/state.js';
import { advance, apply } from '../src/games/dc/turn-sequence.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, battleStep, empty, P, paraRound } from './helpers/dc.js';

function fresh(variants: Record<string, boolean> = { 'paratroops-on': true }, seed = 5): DcState {
  const s = startGame(resolveSetup(dc, { scenario: 'adv-tournament', variants, params: {} }, 'test'), {
    masterSeed: seed,
    gameIndex: 0,
  });
  s.stack.length = 0;
  s.turn = 10; // February 1942: two drops a turn
  s.weather = 0;
  return empty(s);
}

/** A parachute corps and its escort at Smolensk, Axis infantry and armour at Vitebsk. */
function position(variants?: Record<string, boolean>, seed?: number) {
  const s = fresh(variants, seed);
  const para = add(s, 'sov-para', 1, 'SMO');
  const air = add(s, 'sov-air', 1, 'SMO');
  const inf = add(s, 'ger-inf', 0, 'VIT');
  const pz = add(s, 'ger-pz', 0, 'VIT');
  return { s, para, air, inf, pz, ws: dcWorkspace(s) };
}

function drop(s: DcState, unit: number, to: string): void {
  startDrops(s);
  const task = s.stack[s.stack.length - 1] as DcState['stack'][number] & { t: 'para' };
  const d = dropStep(s, task)!;
  expect(d.kind).toBe('para-drop');
  const opts = (d as DcDecision & { kind: 'para-drop' }).options;
  expect(opts[0]!.unit, 'the parachute unit asked').toBe(unit);
  const k = opts.findIndex((o) => o.to === P(s, to));
  expect(k, `drop onto ${to} offered`).toBeGreaterThan(0);
  applyDrop(s, dcWorkspace(s), task, opts[k]!);
}

describe('DC 21.F: the five parachute units at start', () => {
  it('under paratroops-on the five corps stand at their reconstructed stations, out of the counter mix; none without', () => {
    for (const on of [true, false]) {
      const s = startGame(
        resolveSetup(
          dc,
          { scenario: 'adv-tournament', variants: on ? { 'paratroops-on': true } : {}, params: {} },
          'test',
        ),
        { masterSeed: 1, gameIndex: 0 },
      );
      const t = s.rules.types.findIndex((x) => x.id === 'sov-para');
      const at = s.units.filter((u) => u.t === t && u.st === 0).map((u) => u.at);
      expect(at.sort()).toEqual(on ? ['KIE', 'KHA', 'ODE', 'MIN', 'RIG'].map((id) => P(s, id)).sort() : []);
      expect(s.pool[t]).toBe(on ? 0 : 5);
    }
  });
});

describe('DC 21.B: the drop (D-17)', () => {
  it('21.B.2: 1 drop a turn in 1941, 2 in 1942, 3 in 1943, 5 in 1944 and 1945', () => {
    expect([3, 9, 21, 33, 45].map(dropsPerTurn)).toEqual([1, 2, 3, 5, 5]);
    expect(dropsPerTurn(8)).toBe(1); // December 1941
  });

  it('21.B.1: every adjacent point is offered with an escort on the point; none without, none in Mud (21.E)', () => {
    const { s, para, air } = position();
    const targets = dropOptions(s, para).map((o) => o.to);
    expect(targets).toEqual([-1, P(s, 'ORS'), P(s, 'VYA'), P(s, 'VIT')]);
    s.weather = 1;
    expect(dropOptions(s, para).length).toBe(1);
    s.weather = 0;
    s.units[air]!.at = P(s, 'VYA');
    expect(dropOptions(s, para).length).toBe(1);
    s.units[air]!.at = P(s, 'SMO');
    s.units[air]!.disp = true;
    expect(dropOptions(s, para).length).toBe(1);
    s.units[air]!.disp = false;
    // a parachute corps that moved this phase cannot drop
    s.units[para]!.occ = true;
    expect(dropOptions(s, para).length).toBe(1);
  });

  it('on an empty point: the paratroops occupy it without using the line, the escort stays; the turn limit holds', () => {
    const s = fresh();
    s.turn = 4; // August 1941: one drop
    const a = add(s, 'sov-para', 1, 'SMO');
    const b = add(s, 'sov-para', 1, 'SMO');
    const air = add(s, 'sov-air', 1, 'SMO');
    const vit = P(s, 'VIT');
    s.control[vit] = 0;
    drop(s, a, 'VIT');
    expect(s.units[a]!.at).toBe(vit);
    expect(s.control[vit]).toBe(1);
    expect(s.units[air]!.at).toBe(P(s, 'SMO'));
    expect(s.load.every((x) => x === 0)).toBe(true);
    expect(s.drops).toEqual([a, air, P(s, 'SMO'), vit]);
    // the drop record is part of the state: a clone holds its own copy
    const c = cloneDc(s);
    c.drops.length = 0;
    expect(s.drops.length).toBe(4);
    // 1941: the one drop is made, the second corps is not asked
    const task = s.stack[s.stack.length - 1] as DcState['stack'][number] & { t: 'para' };
    expect(task.left).toBe(0);
    expect(dropStep(s, task)).toBeNull();
    expect(s.units[b]!.at).toBe(P(s, 'SMO'));
  });

  it('21.B.3: paratroops dropping from one point onto one target share one escort; another target needs another', () => {
    const s = fresh();
    const a = add(s, 'sov-para', 1, 'SMO');
    const b = add(s, 'sov-para', 1, 'SMO');
    add(s, 'sov-air', 1, 'SMO');
    add(s, 'ger-inf', 0, 'VIT');
    drop(s, a, 'VIT');
    // the only air unit escorts the drop on Vitebsk: the second corps may join it, nothing else
    expect(dropOptions(s, b).map((o) => o.to)).toEqual([-1, P(s, 'VIT')]);
  });

  it('the Soviet turn asks D-17 after the operational moves only under paratroops-on', () => {
    for (const on of [true, false]) {
      const s = fresh(on ? { 'paratroops-on': true } : {});
      add(s, 'sov-para', 1, 'SMO');
      add(s, 'sov-air', 1, 'SMO');
      add(s, 'ger-inf', 0, 'VIT');
      s.seq = 11; // the Soviet operational movement phase (C.3)
      const ws = dcWorkspace(s);
      const kinds: string[] = [];
      while (kinds.length < 20) {
        const p = advance(s, ws)!;
        kinds.push(p.kind);
        if (p.kind !== 'op-move') break;
        apply(s, ws, p, 0);
      }
      expect(kinds.includes('para-drop')).toBe(on);
      expect(kinds.slice(0, -1).every((k) => k === 'op-move')).toBe(true);
    }
  });
});

describe('DC 21.B.3-4, 21.C, 21.D: the drop on an Axis-held point', () => {
  it('21.B.4: the free shot of two corps rolls CRT column 2, owed by infantry-type units only; the paratroops are then dispersed', () => {
    // two parachute corps fire 2: CRT column 2 of data/dc.json, each die's losses as printed
    const crt = fresh().rules.crt[1]!;
    const freq = new Array<number>(crt.length + 1).fill(0);
    const n = 300;
    for (let seed = 0; seed < n; seed++) {
      const { s, para, ws } = position(undefined, seed);
      const p2 = add(s, 'sov-para', 1, 'SMO');
      drop(s, para, 'VIT');
      drop(s, p2, 'VIT');
      const b = makeBattle(s, P(s, 'VIT'), 1, false);
      paraRound(s, ws, b);
      expect(s.units[para]!.disp && s.units[p2]!.disp).toBe(true);
      freq[b.lossLeft]!++;
    }
    for (let l = 0; l <= 2; l++) {
      const p = crt.filter((x) => x === l).length / 6;
      expect(Math.abs(freq[l]! / n - p), `P(${l} losses)`).toBeLessThan(
        4 * Math.sqrt((p * (1 - p)) / n) + 1e-9,
      );
    }
  });

  it("21.B.4: the free shot's losses are taken by the Axis infantry-type units, before normal combat", () => {
    const { s, para, inf, pz, ws } = position();
    drop(s, para, 'VIT');
    const b = makeBattle(s, P(s, 'VIT'), 1, false);
    s.units[para]!.disp = true; // after its shot
    b.stage = 'para-loss';
    b.lossLeft = 1;
    battleStep(s, ws, b);
    expect(s.units[pz]!.losses).toBe(0);
    expect(s.units[inf]!.losses).toBe(1);
    expect(b.round).toBeGreaterThanOrEqual(1); // normal combat came after
  });

  it('21.B.3: paratroops whose escort is shot down are destroyed before the shot', () => {
    const { s, para, air, inf, ws } = position();
    drop(s, para, 'VIT');
    const b = makeBattle(s, P(s, 'VIT'), 1, false);
    expect(b.attackers).toEqual([para, air]);
    s.units[air]!.st = 1;
    b.stage = 'para';
    battleStep(s, ws, b);
    expect(s.units[para]!.st).toBe(1);
    expect(s.units[inf]!.losses).toBe(0);
    expect(s.stats.paraLost).toBe(1);
  });

  it('21.C: breaking off loses the dropped paratroops, not the ground attackers; 21.D: no all-out for them', () => {
    const { s, para, ws } = position();
    const rifle = add(s, 'sov-rifle', 1, 'SMO', { atk: P(s, 'VIT') });
    drop(s, para, 'VIT');
    const b = makeBattle(s, P(s, 'VIT'), 1, false);
    s.units[para]!.disp = true; // after its free shot
    const groups = allOutGroups(s, ws, b).map(([t]) => s.rules.types[t]!.id);
    expect(groups).toEqual(['sov-rifle']);
    s.stack.push({ t: 'battle', b });
    b.stage = 'att-cont';
    const d: DcDecision = {
      kind: 'continue',
      side: 'soviet',
      rule: 'DC 13.B.2',
      options: [
        { type: 'continue', go: true },
        { type: 'continue', go: false },
      ],
    };
    applyBattle(s, ws, b, d, 1);
    expect(s.units[para]!.st).toBe(1);
    expect(s.units[rifle]!.st).toBe(0);
    expect(s.units[rifle]!.disp).toBe(true);
    expect(s.stats.paraLost).toBe(1);
  });

  it('the scripted Soviet rule (pickDrop): drop only where Soviet ground units already attack', () => {
    const { s, para } = position();
    const d = {
      kind: 'para-drop',
      side: 'soviet',
      rule: 'DC 21.B',
      options: dropOptions(s, para),
    } as DcDecision & { kind: 'para-drop' };
    expect(pickDrop(s, d)).toBe(0);
    add(s, 'sov-rifle', 1, 'SMO', { atk: P(s, 'VIT') });
    expect(d.options[pickDrop(s, d)]!.to).toBe(P(s, 'VIT'));
  });
});

describe('the paratroop readings (variant groups para-escort, escort-attack, para-shot, para-break-off)', () => {
  const on = (v: string) => ({ 'paratroops-on': true, [v]: true });

  it('escort-per-unit: a second corps onto the same target needs a second air unit', () => {
    const s = fresh(on('escort-per-unit'));
    const a = add(s, 'sov-para', 1, 'SMO');
    const b = add(s, 'sov-para', 1, 'SMO');
    const air1 = add(s, 'sov-air', 1, 'SMO');
    add(s, 'ger-inf', 0, 'VIT');
    drop(s, a, 'VIT');
    expect(dropOptions(s, b).map((o) => o.to)).toEqual([-1]);
    const air2 = add(s, 'sov-air', 1, 'SMO');
    drop(s, b, 'VIT');
    expect(s.drops).toEqual([a, air1, P(s, 'SMO'), P(s, 'VIT'), b, air2, P(s, 'SMO'), P(s, 'VIT')]);
  });

  it('escort-stays: the escort stays home, and the paratroops fire their free shot', () => {
    const { s, para, air, ws } = position(on('escort-stays'));
    drop(s, para, 'VIT');
    expect(s.units[air]!.atk).toBe(-1);
    const b = makeBattle(s, P(s, 'VIT'), 1, false);
    expect(b.attackers).toEqual([para]);
    paraRound(s, ws, b);
    expect(s.units[para]!.st).toBe(0);
    expect(s.units[para]!.disp).toBe(true);
  });

  it('shot-any-defender: the armour may take the free shot; with no infantry-type unit, still no shot', () => {
    const { s, para, inf, pz, ws } = position(on('shot-any-defender'));
    drop(s, para, 'VIT');
    const b = makeBattle(s, P(s, 'VIT'), 1, false);
    s.units[para]!.disp = true;
    b.stage = 'para-loss';
    b.lossLeft = 1;
    const d = battleStep(s, ws, b)!;
    expect(d.kind).toBe('loss');
    expect((d as DcDecision & { kind: 'loss' }).options.map((o) => o.unit).sort()).toEqual([inf, pz].sort());
    // default: only the infantry corps is offered (so no decision at all)
    const q = position();
    drop(q.s, q.para, 'VIT');
    const qb = makeBattle(q.s, P(q.s, 'VIT'), 1, false);
    q.s.units[q.para]!.disp = true;
    qb.stage = 'para-loss';
    qb.lossLeft = 1;
    expect(battleStep(q.s, q.ws, qb)?.kind).not.toBe('loss');
    expect(q.s.units[q.inf]!.losses).toBe(1);
  });

  it('para-lost-chosen-break-off: an attack that can no longer fire takes its paratroops back', () => {
    for (const [variants, lost] of [
      [undefined, 1],
      [on('para-lost-chosen-break-off'), 0],
    ] as const) {
      const { s, para, ws } = position(variants);
      drop(s, para, 'VIT');
      const b = makeBattle(s, P(s, 'VIT'), 1, false);
      s.units[para]!.disp = true; // after its free shot: it cannot fire
      for (const i of b.attackers) s.units[i]!.disp = true;
      s.stack.push({ t: 'battle', b });
      b.stage = 'att-cont';
      b.round = 1;
      expect(battleStep(s, ws, b)).toBeNull();
      expect(s.stats.paraLost).toBe(lost);
      expect(s.units[para]!.st).toBe(lost);
    }
  });
});
