/**
 * Dark Crusade rules added beside the Advanced level, each with a hand-built position: the 1944 air
 * window (DC 7.A note c, D-7, variant 1944-air), the defender's all-out from round 2 (13.B.8, D-21)
 * and the attacker's declaration timing (variant allout-timing).
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { makeBattle } from '../src/games/dc/combat.js';
import { dc } from '../src/games/dc/index.js';
import { mapByKey } from '../src/games/dc/map.js';
import { secondOptions } from '../src/games/dc/movement.js';
import { replStep } from '../src/games/dc/replacements.js';
import { applyRetreat, retreatOptions } from '../src/games/dc/retreat.js';
import { seaOptions, torpedoed, torpedoProbability } from '../src/games/dc/sea.js';
import { startGame } from '../src/games/dc/setup.js';
import type { DcState, DcUnit, SideIx } from '../src/games/dc/state.js';
import { monthOf, yearOf } from '../src/games/dc/state.js';
import { stratStep } from '../src/games/dc/strategic.js';
import { seasControlled } from '../src/games/dc/supply.js';
import { applyWindow, window1944 } from '../src/games/dc/weather.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, battleStep, empty, P, seaMove } from './helpers/dc.js';

function fresh(variants: Record<string, boolean> = {}, scenario = 'intro-tournament'): DcState {
  const s = startGame(resolveSetup(dc, { scenario, variants, params: {} }, 'test'), {
    masterSeed: 3,
    gameIndex: 0,
  });
  s.stack.length = 0;
  return s;
}

describe('DC 7.A note c: the 1944 air window (D-7)', () => {
  it('asked on a Good 1944 turn; opened, this turn and the next Good turn get 1 air unit, then spent', () => {
    const s = fresh();
    s.turn = 38;
    expect([monthOf(s.turn), yearOf(s.turn)]).toEqual([6, 1944]);
    s.weather = 1;
    s.air = 0;
    expect(window1944(s)).toBe(false); // Mud: not asked
    s.weather = 0;
    expect(window1944(s)).toBe(true);
    expect(s.air).toBe(0);
    applyWindow(s, true);
    expect([s.air, s.airFree, s.w44]).toEqual([1, 1, 1]);
    s.turn = 39;
    s.air = 0;
    expect(window1944(s)).toBe(false);
    expect([s.air, s.w44]).toEqual([1, 2]);
    s.air = 0;
    expect(window1944(s)).toBe(false);
    expect(s.air).toBe(0);
  });

  it('not in 1943; variant may44-in-window: May 1944 gives air only through the window', () => {
    const s = fresh();
    s.turn = 26; // June 1943
    s.weather = 0;
    expect(window1944(s)).toBe(false);
    s.turn = 37; // May 1944, column 2 prints 1
    s.air = 1;
    expect(window1944(s)).toBe(true);
    expect(s.air).toBe(1);
    const v = fresh({ 'may44-in-window': true });
    v.turn = 37;
    v.weather = 0;
    v.air = 1;
    expect(window1944(v)).toBe(true);
    expect(v.air).toBe(0);
  });
});

describe('DC 13.B.8: all-out timing and the defender all-out (D-21)', () => {
  function battle(variants: Record<string, boolean> = {}) {
    const s = empty(fresh(variants));
    s.weather = 1; // Mud: normal combat
    for (let k = 0; k < 2; k++) add(s, 'ger-inf', 0, 'WAR', { atk: P(s, 'BRE') });
    for (let k = 0; k < 3; k++) add(s, 'sov-rifle', 1, 'BRE');
    const b = makeBattle(s, P(s, 'BRE'), 0, false);
    b.stage = 'allout';
    return { s, b, ws: dcWorkspace(s) };
  }

  it('allout-before-first-die: the attacker is asked before any fire; allout-before-own-die: after the defender fires', () => {
    const a = battle();
    expect(battleStep(a.s, a.ws, a.b)?.kind).toBe('allout-att');
    const l = battle({ 'allout-before-own-die': true });
    const d = battleStep(l.s, l.ws, l.b);
    expect(d?.kind).not.toBe('allout-att');
    expect(l.b.aoGroup).toBe(-1);
    expect(l.b.round).toBe(1);
    // the defender has fired: any loss it rolled is being (or has been) allocated
    expect(['att-loss', 'att-cont']).toContain(l.b.stage);
  });

  it('the defender is asked from round 2 only, one group per unit type; all-out units die after their die', () => {
    const { s, b, ws } = battle();
    b.round = 1;
    b.stage = 'def-fire';
    const r1 = battleStep(s, ws, b);
    expect(r1?.kind).not.toBe('allout-def');
    const t = battle();
    t.b.round = 2;
    t.b.stage = 'def-fire';
    const d = battleStep(t.s, t.ws, t.b)!;
    expect(d.kind).toBe('allout-def');
    expect(d.options.length).toBe(4); // 0..3 rifle armies
    for (const i of t.b.defenders) t.s.units[i]!.allOut = true;
    t.b.aoDef = 1;
    battleStep(t.s, t.ws, t.b);
    expect(t.b.defenders.every((i) => t.s.units[i]!.st === 1)).toBe(true);
  });
});

describe('DC switches of partial rules', () => {
  it('azov: Sevastopol alone gives the Axis the Sea of Azov only under azov-sevastopol (bit 4)', () => {
    for (const [variants, azov] of [
      [{}, 0],
      [{ 'azov-sevastopol': true }, 4],
    ] as const) {
      const s = fresh(variants);
      s.control[P(s, 'SEV')] = 0;
      s.control[P(s, 'ROS')] = 1;
      expect(seasControlled(s, 0) & 4).toBe(azov);
      expect(seasControlled(s, 0) & 2).toBe(2);
    }
  });

  it('second-point: a Soviet tank corps that took an empty point takes a second only under second-point-all', () => {
    for (const [variants, more] of [
      [{}, false],
      [{ 'second-point-all': true }, true],
    ] as const) {
      const s = empty(fresh(variants));
      s.weather = 0;
      const t = add(s, 'sov-tank', 1, 'MIN', { occ: true });
      const opts = secondOptions(s, dcWorkspace(s), t);
      expect(opts.length > 1, JSON.stringify(variants)).toBe(more);
    }
  });

  it('ger-repl-entry: a rebuilt Panzer corps enters at Warsaw only, or (ger-repl-any) Warsaw first of every supplied Axis point', () => {
    for (const [variants, many] of [
      [{}, false],
      [{ 'ger-repl-any': true }, true],
    ] as const) {
      const s = empty(fresh(variants));
      add(s, 'ger-pz', 0, 'WAR', { st: 1, at: -1 } as Partial<DcUnit>);
      s.units[s.units.length - 1]!.at = -1;
      s.gerArm = 5;
      const d = replStep(s, dcWorkspace(s), { t: 'repl', side: 0 })!;
      expect(d.kind).toBe('ger-repl');
      const at = d.options.filter((o) => o.type === 'rebuild').map((o) => (o as { at: number }).at);
      expect(at[0]).toBe(P(s, 'WAR'));
      expect(at.length > 1).toBe(many);
    }
  });

  it('retreat-control: a defender retreating into an enemy-held empty point takes it only under retreat-takes-control', () => {
    for (const [variants, side] of [
      [{}, 0],
      [{ 'retreat-takes-control': true }, 1],
    ] as const) {
      const s = empty(fresh(variants));
      const m = mapByKey(s.rules.mapKey);
      const from = P(s, 'MIN');
      const u = add(s, 'sov-rifle', 1, 'MIN');
      // every neighbour Axis-held and empty: only priority-b retreats
      for (let k = m.adjStart[from]!; k < m.adjStart[from + 1]!; k++) s.control[m.adjNb[k]!] = 0;
      const task = { t: 'retreat' as const, side: 1 as SideIx, from, bt: false, units: [u], i: 0, load: [] };
      const opts = retreatOptions(s, task, u);
      expect(opts.length).toBeGreaterThan(0);
      applyRetreat(s, dcWorkspace(s), task, opts[0]!);
      expect(s.control[opts[0]!.to]).toBe(side);
    }
  });

  it('R-117: a defender never retreats onto a point its attackers came from (they stay there until the battle ends)', () => {
    const s = empty(fresh());
    const m = mapByKey(s.rules.mapKey);
    const from = P(s, 'MIN');
    const u = add(s, 'sov-rifle', 1, 'MIN');
    for (let k = m.adjStart[from]!; k < m.adjStart[from + 1]!; k++) s.control[m.adjNb[k]!] = 0;
    const origin = m.adjNb[m.adjStart[from]!]!;
    add(s, 'ger-inf', 0, m.ids[origin]!, { atk: from });
    const task = { t: 'retreat' as const, side: 1 as SideIx, from, bt: false, units: [u], i: 0, load: [] };
    const to = retreatOptions(s, task, u).map((o) => o.to);
    expect(to.length).toBeGreaterThan(0);
    expect(to).not.toContain(origin);
  });

  it('repl-strat: a replacement that entered dispersed this turn may move strategically only under repl-strat-allowed', () => {
    for (const [variants, moves] of [
      [{}, false],
      [{ 'repl-strat-allowed': true }, true],
    ] as const) {
      const s = empty(fresh(variants));
      const i = add(s, 'sov-rifle', 1, 'GOR', { disp: true });
      if (s.rules.replStratAllowed) s.repl.push(i);
      const d = stratStep(s, dcWorkspace(s), { t: 'strat', side: 1, left: 5, unit: -1, arrivals: [] });
      expect(d?.options.some((o) => o.type !== 'end') ?? false, JSON.stringify(variants)).toBe(moves);
    }
  });
});

describe('DC 9.B sea movement (C-7 torpedoes, variant sea-cap)', () => {
  const seaTask = (left: number) => ({ t: 'sea' as const, side: 1 as SideIx, left, used: 0 });
  const dests = (s: DcState, left = 3) =>
    seaOptions(s, seaTask(left))
      .filter((o) => o.unit >= 0)
      .map((o) => mapByKey(s.rules.mapKey).ids[o.to]);

  it('from an own port to friendly ports of the same sea; Black Sea and Azov one sea, the Azov only with Kerch and Krasnodar', () => {
    const s = empty(fresh());
    add(s, 'sov-rifle', 1, 'SEV');
    for (const id of ['ODE', 'NIK', 'CON', 'NVR', 'KER', 'MAR', 'ROS', 'KRD']) s.control[P(s, id)] = 1;
    expect(dests(s).sort()).toEqual(['CON', 'KER', 'MAR', 'NIK', 'NVR', 'ODE', 'ROS'].sort());
    s.control[P(s, 'KRD')] = 0;
    expect(dests(s).sort()).toEqual(['CON', 'KER', 'NIK', 'NVR', 'ODE'].sort());
    // dispersed units and the Baltic are out of reach
    s.units[s.units.length - 1]!.disp = true;
    expect(dests(s)).toEqual([]);
  });

  it('one unit per sea per turn; sea-counts needs strategic allowance left, sea-free does not', () => {
    for (const [variants, withNone] of [
      [{}, false],
      [{ 'sea-free': true }, true],
    ] as const) {
      const s = empty(fresh(variants));
      add(s, 'sov-rifle', 1, 'SEV');
      add(s, 'sov-rifle', 1, 'SEV');
      s.control[P(s, 'ODE')] = 1;
      expect(dests(s, 0).length > 0).toBe(withNone);
      const task = seaTask(2);
      const o = seaOptions(s, task).find((x) => x.unit >= 0)!;
      seaMove(s, dcWorkspace(s), task, o);
      expect(seaOptions(s, task)).toEqual([]);
      expect(s.stats.seaMoves).toBe(1);
    }
  });

  it('C-7: lost on 1 in a friendly sea (1/6), on 1, 3 or 5 in an enemy sea (1/2)', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => torpedoed(d, true))).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([1, 2, 3, 4, 5, 6].map((d) => torpedoed(d, false))).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(torpedoProbability(true)).toBeCloseTo(1 / 6, 12);
    expect(torpedoProbability(false)).toBeCloseTo(1 / 2, 12);
  });
});

describe('DC 8.B allies losing their capital (variant defection)', () => {
  it('Bucharest Soviet: the Rumanians leave play (defection-removed) or also hand Rumania to the Soviets (defection-soviet)', async () => {
    const { checkDefections } = await import('../src/games/dc/reinforcements.js');
    for (const [variants, conSoviet] of [
      [{}, 0],
      [{ 'defection-soviet': true }, 1],
    ] as const) {
      const s = fresh(variants);
      const rum = () => s.units.filter((u) => u.st === 0 && s.rules.types[u.t]!.nation === 'rumanian').length;
      expect(rum()).toBeGreaterThan(0);
      checkDefections(s, dcWorkspace(s));
      expect(s.allyStatus).toEqual([0, 0]);
      s.control[P(s, 'BUC')] = 1;
      for (const u of s.units) if (u.at === P(s, 'BUC') && u.side === 0) u.at = P(s, 'IAS');
      checkDefections(s, dcWorkspace(s));
      expect(s.allyStatus).toEqual([0, 2]);
      expect(rum()).toBe(0);
      expect(s.stats.alliesDefected).toBe(1);
      // Constanta holds no Axis unit in the chart's set-up
      expect(s.control[P(s, 'CON')]).toBe(conSoviet);
      // once defected, always: retaking Bucharest does not bring them back
      s.control[P(s, 'BUC')] = 0;
      checkDefections(s, dcWorkspace(s));
      expect(rum()).toBe(0);
    }
  });
});

describe('DC 13.B.4.a retreat capacity (variant retreat-cap)', () => {
  it("retreat-shared: a line this phase's movement filled takes no retreat; retreat-fresh ignores that load", () => {
    for (const [variants, open] of [
      [{}, true],
      [{ 'retreat-shared': true }, false],
    ] as const) {
      const s = empty(fresh(variants));
      const m = mapByKey(s.rules.mapKey);
      const from = P(s, 'MIN');
      const u = add(s, 'sov-rifle', 1, 'MIN');
      const k = m.adjStart[from]!;
      const l = m.adjLine[k]!;
      s.control[m.adjNb[k]!] = 1;
      s.load[2 * l] = 2 * s.rules.lineCap[1]![m.lineClass[l]!]![0]!;
      const task = { t: 'retreat' as const, side: 1 as SideIx, from, bt: false, units: [u], i: 0, load: [] };
      const lines = retreatOptions(s, task, u).map((o) => o.line);
      expect(lines.includes(l), JSON.stringify(variants)).toBe(open);
    }
  });
});
