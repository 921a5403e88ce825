/**
 * Dark Crusade rules the checklist had as partial, each with a hand-built position: the Shock Army's
 * loss limit out of supply (DC 8.C.3.a), the crisis commitment pace with composites (3.C.3.c,
 * variant crisis-pace), the Hungarian release as an Axis decision (5.D, D-13, variant hun-release),
 * the same-number rule for Guards tank armies (8.C.3.e, variant gta-number) and the reconstructed
 * Extraordinary Events that take units off the map (8.B).
 */
import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { startBattle } from '../src/games/dc/combat.js';
import { buildComposite, compositeOptions } from '../src/games/dc/composites.js';
import { dcData } from '../src/games/dc/data.js';
import type { CommitOption, DcDecision } from '../src/games/dc/decisions.js';
import {
  applyHunRelease,
  hunReleaseOpen,
  hunReleaseOptions,
  hunReleaseStep,
} from '../src/games/dc/hungary.js';
import { dc } from '../src/games/dc/index.js';
import { takeLoss } from '../src/games/dc/losses.js';
import { mapByKey } from '../src/games/dc/map.js';
import { hungarianHeld, mayEnter } from '../src/games/dc/movement.js';
import { reinfStep, startReinforcements } from '../src/games/dc/reinforcements.js';
import { startGame } from '../src/games/dc/setup.js';
import {
  applyCompose,
  commit,
  commitNeed,
  composeOptions,
  enter,
  siberiaStep,
} from '../src/games/dc/siberia.js';
import type { Battle, DcState, DcTask } from '../src/games/dc/state.js';
import { strategicDestinations, stratStep } from '../src/games/dc/strategic.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { add, empty, P, siberiaStart, T } from './helpers/dc.js';

function fresh(scenario = 'adv-tournament', variants: Record<string, boolean> = {}): DcState {
  const s = startGame(resolveSetup(dc, { scenario, variants, params: {} }, 'test'), {
    masterSeed: 5,
    gameIndex: 0,
  });
  s.stack.length = 0;
  return s;
}

const id = (s: DcState, i: number) => s.rules.types[s.units[i]!.t]!.id;

describe('DC 8.C.3.a: the Shock Army dies at its first loss out of supply (R-74)', () => {
  function attackKiev(cutOff: boolean) {
    const s = empty(fresh());
    const m = mapByKey(s.rules.mapKey);
    const kie = P(s, 'KIE');
    if (cutOff) for (let k = m.adjStart[kie]!; k < m.adjStart[kie + 1]!; k++) s.control[m.adjNb[k]!] = 0;
    s.cv++;
    const shock = add(s, 'sov-shock', 1, 'KIE');
    add(s, 'ger-inf', 0, 'ZHI', { atk: kie });
    startBattle(s, dcWorkspace(s), kie, 0, false);
    const b = (s.stack[s.stack.length - 1] as DcTask & { t: 'battle' }).b as Battle;
    return { s, b, shock };
  }

  it('in supply it survives one loss (minor, FF 2: 2 hits); cut off, one loss destroys it', () => {
    const sup = attackKiev(false);
    expect(sup.b.oos).toBeUndefined();
    takeLoss(sup.s, sup.b, sup.shock);
    expect(sup.s.units[sup.shock]!.st).toBe(0);
    takeLoss(sup.s, sup.b, sup.shock);
    expect(sup.s.units[sup.shock]!.st).toBe(1);
    const cut = attackKiev(true);
    expect(cut.b.oos).toEqual([cut.shock]);
    takeLoss(cut.s, cut.b, cut.shock);
    expect(cut.s.units[cut.shock]!.st).toBe(1);
    expect(cut.s.rules.types[T(cut.s, 'sov-shock')]!.limitOos).toBe(0);
  });
});

describe('DC 3.C.3.c: the crisis commitment pace (R-28, variant crisis-pace)', () => {
  /** A crisis striking now with the first row (9/5/2/2 = 18); rifle armies, tank corps, a Shock Army at Gorki. */
  function crisis(variants: Record<string, boolean> = {}) {
    const s = empty(fresh('adv-tournament', variants));
    s.turn = 6;
    Object.assign(s.sib, { wave1: 6, waves: 3, crisis: 6, settled: true, commit: [9, 5, 2, 2] });
    for (let k = 0; k < 12; k++) add(s, 'sov-rifle', 1, 'GOR');
    for (let k = 0; k < 6; k++) add(s, 'sov-tank', 1, 'GOR');
    add(s, 'sov-shock', 1, 'GOR');
    return s;
  }
  const step = (s: DcState) => {
    const task = { t: 'siberia', stage: 2 } as DcTask & { t: 'siberia' };
    s.stack.push(task);
    return { task, d: siberiaStep(s, dcWorkspace(s), task) };
  };

  it('crisis-pace-total: 6 of any types on the first turn, then a stop; more at will on the second; all on the third', () => {
    const s = crisis();
    expect(commitNeed(s)).toMatchObject({ mustNow: 6, optional: false });
    const first = step(s).d!;
    expect(first.kind).toBe('crisis-commit');
    // rifle, tank and the Shock Army (a composite, counting as its components), no stop yet
    const opts = first.options as CommitOption[];
    expect(opts.map((o) => id(s, o.unit))).toEqual(['sov-rifle', 'sov-tank', 'sov-shock']);
    // the Shock Army counts as a rifle army and an artillery unit
    commit(s, opts[2]!);
    expect(s.sib.committed).toEqual([1, 0, 1, 0]);
    for (let k = 0; k < 4; k++) commit(s, pick(s, 'sov-rifle'));
    expect(commitNeed(s)).toMatchObject({ mustNow: 0, optional: true });
    const { task, d } = step(s);
    expect((d!.options[0] as CommitOption).unit).toBe(-1);
    commit(s, d!.options[0] as CommitOption, task);
    expect(task.cs).toBe(true);
    expect(siberiaStep(s, dcWorkspace(s), task)).toBeNull();
    s.turn = 7;
    expect(commitNeed(s)).toMatchObject({ mustNow: 0, optional: true });
    s.turn = 8;
    expect(commitNeed(s)).toMatchObject({ mustNow: 12, optional: false });
    expect((step(s).d!.options[0] as CommitOption).unit).toBeGreaterThanOrEqual(0);
  });

  it('crisis-pace-type: ceil(k/3) of each type by crisis turn k, basic units only, no stop', () => {
    const s = crisis({ 'crisis-pace-type': true });
    const d = step(s).d!;
    const opts = d.options as CommitOption[];
    expect(opts.map((o) => id(s, o.unit))).toEqual(['sov-rifle', 'sov-tank']);
    expect(opts.every((o) => o.unit >= 0)).toBe(true);
  });

  function pick(s: DcState, type: string): CommitOption {
    const unit = s.units.findIndex((u) => u.st === 0 && s.rules.types[u.t]!.id === type);
    return { type: 'commit', unit, kind: 0 };
  }
});

describe('DC 5.D: the Hungarian release, D-13 hun-release (R-36)', () => {
  const hungarians = (s: DcState) =>
    s.units.map((_u, i) => i).filter((i) => s.units[i]!.st === 0 && id(s, i) === 'hun-army');

  it('asked in June 1942 (neither yet, or an army); the army named leaves, the other waits for July', () => {
    const s = fresh('intro-tournament');
    const [h1, h2] = hungarians(s);
    const out = P(s, 'LVO');
    s.turn = 13;
    expect(hunReleaseOpen(s)).toBe(false);
    expect(mayEnter(s, s.units[h1!]!, out)).toBe(false);
    s.turn = 14;
    expect(hunReleaseOpen(s)).toBe(true);
    s.stack.push({ t: 'hun-release' });
    const d = hunReleaseStep(s)!;
    expect(d.kind).toBe('hun-release');
    // H1 and H2 are identical counters on one point: one option names either (one group, docs/games/dc.md "Decisions")
    expect(d.options.map((o) => (o as { unit: number }).unit)).toEqual([-1, h1]);
    expect(hunReleaseOptions(s)).toHaveLength(2);
    expect(hungarianHeld(s, s.units[h1!]!)).toBe(true);
    applyHunRelease(s, dcWorkspace(s), { type: 'hun', unit: h1! });
    expect(hunReleaseOpen(s)).toBe(false);
    expect(hungarianHeld(s, s.units[h1!]!)).toBe(false);
    expect(hungarianHeld(s, s.units[h2!]!)).toBe(true);
    s.turn = 15;
    expect(hungarianHeld(s, s.units[h2!]!)).toBe(false);
  });

  it('hun-one-ever: "neither yet" asks again the next turn; the army not named stays until the Soviet trigger', () => {
    const s = fresh('intro-tournament', { 'hun-one-ever': true });
    const [h1, h2] = hungarians(s);
    s.turn = 14;
    applyHunRelease(s, dcWorkspace(s), { type: 'hun', unit: -1 });
    s.turn = 15;
    expect(hunReleaseOpen(s)).toBe(true);
    expect(hungarianHeld(s, s.units[h1!]!)).toBe(true);
    applyHunRelease(s, dcWorkspace(s), { type: 'hun', unit: h2! });
    s.turn = 30;
    expect(hungarianHeld(s, s.units[h1!]!)).toBe(true);
    expect(hungarianHeld(s, s.units[h2!]!)).toBe(false);
    s.hunFree = true;
    expect(hungarianHeld(s, s.units[h1!]!)).toBe(false);
  });
});

describe('DC 8.C.3.e: a tank army and a Guards tank army of the same number (R-78, variant gta-number)', () => {
  const build = (s: DcState, type: string) => {
    const o = compositeOptions(s, dcWorkspace(s)).find((x) => x.unitType === T(s, type))!;
    expect(o, type).toBeDefined();
    buildComposite(s, dcWorkspace(s), o);
    return s.units.findIndex((u, i) => u.st === 0 && id(s, i) === type && u.disp);
  };

  it('numbered counters: the Guards tank army formed from tank army 1 is number 1; the next tank army is number 2', () => {
    const s = empty(fresh());
    s.turn = 21; // January 1943
    add(s, 'sov-tank', 1, 'MOS');
    add(s, 'sov-tank', 1, 'MOS');
    const ta = build(s, 'sov-tankarmy');
    expect([s.units[ta]!.no, s.units[ta]!.label]).toEqual([1, '1 tank army']);
    s.units[ta]!.disp = false;
    add(s, 'sov-rifle', 1, 'MOS');
    const gta = build(s, 'sov-gds-tank');
    expect(s.units[gta]!.no).toBe(1);
    expect(s.units[ta]!.st).toBe(1);
    // tank army 1 is in the dead pile, but Guards tank army 1 is on the map: the next is number 2
    add(s, 'sov-tank', 1, 'GOR');
    add(s, 'sov-tank', 1, 'GOR');
    const ta2 = build(s, 'sov-tankarmy');
    expect(s.units[ta2]!.no).toBe(2);
  });

  it('with every other number barred, no tank army can form; gta-unnumbered keeps no numbers', () => {
    const s = empty(fresh());
    s.turn = 21;
    const max = dcData.counterMix['sov-tankarmy'] as number;
    for (let n = 1; n <= max; n++) add(s, 'sov-gds-tank', 1, 'GOR', { no: n });
    add(s, 'sov-tank', 1, 'MOS');
    add(s, 'sov-tank', 1, 'MOS');
    expect(compositeOptions(s, dcWorkspace(s)).some((o) => o.unitType === T(s, 'sov-tankarmy'))).toBe(false);
    const u = empty(fresh('adv-tournament', { 'gta-unnumbered': true }));
    u.turn = 21;
    for (let n = 1; n <= max; n++) add(u, 'sov-gds-tank', 1, 'GOR', { no: n });
    add(u, 'sov-tank', 1, 'MOS');
    add(u, 'sov-tank', 1, 'MOS');
    const ta = build(u, 'sov-tankarmy');
    expect(u.units[ta]!.no).toBeUndefined();
  });
});

describe('DC 8.B: the reconstructed Extraordinary Events (R-65)', () => {
  it('March 1943: the Italian army leaves the map for good; August 1943: the SS Panzer Corps, lapsing when none is on the map', () => {
    const s = empty(fresh('intro-tournament'));
    // the Order of Appearance units count as arrived and lost (no arrivals in the way)
    for (const u of s.units) u.st = 1;
    const ita = add(s, 'ita-army', 0, 'KHA');
    s.turn = 23;
    startReinforcements(s, 0);
    const task = s.stack[s.stack.length - 1] as DcTask & { t: 'reinf' };
    expect(task.withdraw).toBe(1);
    expect(reinfStep(s, dcWorkspace(s), task)).toBeNull();
    expect([s.units[ita]!.st, s.units[ita]!.at, s.units[ita]!.wd]).toEqual([2, -1, true]);
    expect(s.stats.withdrawals).toBe(1);
    // never arrives again, whatever its Order of Appearance entry says
    s.stack.length = 0;
    s.turn = 24;
    startReinforcements(s, 0);
    expect(s.stack).toHaveLength(0);
    s.turn = 28;
    startReinforcements(s, 0);
    const ss = s.stack[s.stack.length - 1] as DcTask & { t: 'reinf' };
    expect(reinfStep(s, dcWorkspace(s), ss)).toBeNull();
    expect(s.stack).toHaveLength(0);
    expect(s.stats.withdrawals).toBe(1);
  });

  it('the events carry provenance: rules for the Rumanian withdrawal, reconstructed with a reason otherwise', () => {
    const wd = dcData.orderOfAppearance.withdrawals;
    expect(wd.map((w) => [w.turn, w.nation, w.to, w.provenance])).toEqual([
      [8, 'rumanian', 'Rumania', 'rules'],
      [23, 'italian', 'off-map', 'reconstructed'],
      [28, 'german', 'off-map', 'reconstructed'],
    ]);
    expect(wd.every((w) => w.source.length > 40)).toBe(true);
  });
});

describe('R-81, R-175 (DC 9.A): the Soviet strategic transit through Siberia', () => {
  /** Gorki and Astrakhan Soviet-held, every other point Axis: no friendly path on the map between them. */
  function position(side: 0 | 1) {
    const s = empty(fresh());
    s.control.fill(side === 0 ? 1 : 0);
    for (const p of ['GOR', 'AST']) s.control[P(s, p)] = side;
    const i = add(s, side === 1 ? 'sov-rifle' : 'ger-inf', side, 'GOR');
    const task = { t: 'strat' as const, side, left: 3, unit: -1, arrivals: [] as number[] };
    s.stack.push(task);
    return { s, ws: dcWorkspace(s), task, i };
  }

  it('a rifle army at Gorki reaches Astrakhan by leaving and re-entering the east edge', () => {
    const { s, ws, task, i } = position(1);
    const d = stratStep(s, ws, task) as DcDecision & { kind: 'strat-next' };
    expect(d.kind).toBe('strat-next');
    expect(strategicDestinations(s, ws, task, i).map((o) => o.to)).toEqual([P(s, 'AST'), -1]);
  });

  it('no such transit for the Axis on the east edge', () => {
    const { s, ws, task, i } = position(0);
    expect(strategicDestinations(s, ws, task, i)).toEqual([]);
  });
});

describe('DC 3.C.2: the Siberian Reserve as composites, or held back (R-23, D-32 siberian-compose)', () => {
  /** January 1942, Advanced: wave 1 (5 rifle, 3 tank, 1 artillery, 1 cavalry) due, counters in the dead pile. */
  function wave(variants: Record<string, boolean> = {}) {
    const s = empty(fresh('adv-tournament', variants));
    for (const u of s.units) u.st = 1;
    // the set-up has no cavalry counter: one in the dead pile
    add(s, 'sov-cav', 1, 'MOS', { st: 1, at: -1 });
    s.turn = 9;
    s.sib.wave1 = 9;
    siberiaStart(s, dcWorkspace(s));
    expect(s.sib.owed).toEqual([5, 3, 1, 1]);
    return s;
  }
  const names = (s: DcState) =>
    composeOptions(s).map((o) =>
      o.unitType === -1 ? 'enter' : o.unitType === -2 ? `hold ${o.kind}` : s.rules.types[o.unitType]!.id,
    );

  it('offers the Shock Army and the cavalry-mechanized group (not Guards armies), and holding back each type', () => {
    const s = wave();
    expect(names(s)).toEqual(['enter', 'sov-shock', 'sov-cavmech', 'hold 0', 'hold 1', 'hold 2', 'hold 3']);
    expect(names(wave({ 'sib-comp-any': true }))).toContain('sov-gds-inf');
    expect(names(wave({ 'paratroops-on': true }))).toContain('sov-para');
  });

  it('a Shock Army formed from the wave enters with it, dispersed; a unit held back joins the next wave', () => {
    const s = wave();
    const task = { t: 'siberia', stage: 1 } as DcTask & { t: 'siberia' };
    const shock = composeOptions(s).find((o) => o.unitType === T(s, 'sov-shock'))!;
    applyCompose(s, task, shock);
    expect(s.sib.owed).toEqual([4, 3, 0, 1]);
    expect(s.sib.comp).toEqual([T(s, 'sov-shock')]);
    // no artillery left to pair: no more Shock Armies
    expect(names(s)).not.toContain('sov-shock');
    applyCompose(s, task, { type: 'compose', unitType: -2, recipe: -1, kind: 0 });
    expect([s.sib.owed[0], s.sib.held[0]]).toEqual([3, 1]);
    enter(s, dcWorkspace(s), P(s, 'GOR'), 0);
    const onMap = s.units.filter((u) => u.st === 0);
    const shocks = onMap.filter((u) => s.rules.types[u.t]!.id === 'sov-shock');
    expect(shocks).toHaveLength(1);
    expect([shocks[0]!.at, shocks[0]!.disp]).toEqual([P(s, 'GOR'), true]);
    expect(onMap.filter((u) => s.rules.types[u.t]!.id === 'sov-rifle')).toHaveLength(3);
    expect(s.sib.comp).toEqual([]);
    applyCompose(s, task, { type: 'compose', unitType: -1, recipe: -1, kind: -1 });
    expect(task.cd).toBe(true);
    // February 1942: wave 2 brings 5 rifle armies and the one held back
    s.turn = 10;
    siberiaStart(s, dcWorkspace(s));
    expect(s.sib.owed[0]).toBe(6);
    expect(s.sib.held).toEqual([0, 0, 0, 0]);
  });

  it('the Introductory level and the third wave: no composites, no holding back', () => {
    expect(composeOptions(empty(fresh('intro-tournament')))).toEqual([]);
    const s = wave();
    s.sib.waves = 3;
    expect(names(s).some((n) => n.startsWith('hold'))).toBe(false);
  });
});
