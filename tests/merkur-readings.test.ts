/**
 * Merkur: readings where the engine had left the rule text, each from a hand-built position that
 * tells the readings apart: 12.2 b the solitaire counter-attack into contested zones (V-solo-counter),
 * 11.0 / 5.4 a convoy debarking at night (V-night-beach), 8.3 the second defender named by the
 * defender, 3.1 Notes dispersed paras (V-dispersed-orders), and the 12.2 retreat under soloResidual.
 */
import { describe, expect, it } from 'vitest';
import { playOneGame } from '../src/core/driver.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { divisionalArt, supporterValue } from '../src/games/merkur/command.js';
import type { MerkurDecision } from '../src/games/merkur/decisions.js';
import { merkur } from '../src/games/merkur/index.js';
import { engineLossAnswer, retreatZones } from '../src/games/merkur/losses.js';
import { MAP } from '../src/games/merkur/map.js';
import { startGame } from '../src/games/merkur/setup.js';
import { soloChoose } from '../src/games/merkur/solitaire.js';
import { CW, GER, type MerkurState } from '../src/games/merkur/state.js';
import { apply, runUntil } from '../src/games/merkur/turn-sequence.js';
import { type MerkurWorkspace, merkurWorkspace } from '../src/games/merkur/workspace.js';

function emptyState(
  scenario: string,
  variants: Record<string, boolean> = {},
  soloResidual?: string,
): MerkurState {
  const params = soloResidual === undefined ? {} : { soloResidual };
  const setup = resolveSetup(merkur, { scenario, variants, params }, 'test');
  const s = startGame(setup, { masterSeed: 1, gameIndex: 0 });
  for (const u of s.units) {
    u.status = 'pool';
    u.zone = -1;
  }
  s.turn = 4;
  return s;
}

function put(s: MerkurState, id: string, zone: number): number {
  const i = s.units.findIndex((u) => u.id === id);
  expect(i, id).toBeGreaterThanOrEqual(0);
  s.units[i]!.zone = zone;
  s.units[i]!.status = 'map';
  return i;
}

function advance(s: MerkurState, ws: MerkurWorkspace) {
  return runUntil(s, ws, (st) => st.stack.length === 0);
}

function scripted(side: 'german' | 'commonwealth') {
  return merkur.policies.filter((p) => p.side === side && p.id !== 'random').map((p) => p.create());
}

/** Two neighbouring sector zones, neither an objective nor beside one. */
function quietPair(): { z: number; y: number } {
  const nearObjective = (x: number) => MAP.objective[x] || MAP.adj[x]!.some((w) => MAP.objective[w]);
  for (let z = 0; z < MAP.count; z++) {
    if (MAP.strategic[z] || nearObjective(z)) continue;
    const y = MAP.adj[z]!.find((w) => !MAP.strategic[w] && !MAP.objective[w]);
    if (y !== undefined) return { z, y };
  }
  throw new Error('no such pair');
}

describe('Merkur 12.2 b: the solitaire CW counter-attacks Germans in a contested or objective zone', () => {
  // zone z holds one CW unit; its neighbour y, not an objective, is contested
  function position(variants: Record<string, boolean>) {
    const s = emptyState('solitaire', variants);
    const { z, y } = quietPair();
    const cw = put(s, '23 NZ', z);
    put(s, '22 NZ', y);
    put(s, 'FJR3/I', y);
    return { s, z, y, cw };
  }

  it('default: the zone is activated for combat and its unit fires into the contested zone', () => {
    const { s, z, y, cw } = position({});
    const ws = merkurWorkspace(s);
    const act: MerkurDecision = {
      kind: 'activation',
      side: 'commonwealth',
      rule: 'Merkur 4.0',
      options: [
        { type: 'activate', zone: z, mode: 'combat', initiative: false },
        { type: 'end-activations' },
      ],
    };
    expect(soloChoose(s, ws, act)).toBe(0);
    const order: MerkurDecision = {
      kind: 'unit-order',
      side: 'commonwealth',
      rule: 'Merkur 4.0',
      options: [
        { type: 'stay', unit: cw },
        { type: 'fire', unit: cw, to: y },
      ],
    };
    expect(soloChoose(s, ws, order)).toBe(1);
  });

  it('counter-objective-only: beside a contested zone that is no objective the CW stays', () => {
    const { s, z, y, cw } = position({ 'counter-objective-only': true });
    const ws = merkurWorkspace(s);
    const act: MerkurDecision = {
      kind: 'activation',
      side: 'commonwealth',
      rule: 'Merkur 4.0',
      options: [
        { type: 'activate', zone: z, mode: 'combat', initiative: false },
        { type: 'end-activations' },
      ],
    };
    expect(soloChoose(s, ws, act)).toBe(1);
    const order: MerkurDecision = {
      kind: 'unit-order',
      side: 'commonwealth',
      rule: 'Merkur 4.0',
      options: [
        { type: 'stay', unit: cw },
        { type: 'fire', unit: cw, to: y },
      ],
    };
    expect(soloChoose(s, ws, order)).toBe(0);
  });

  it('a zone held only by the Germans, no objective, is no counter-attack target under either reading', () => {
    const { s, z, y, cw } = position({});
    s.units[s.units.findIndex((u) => u.id === '22 NZ')]!.status = 'pool';
    const ws = merkurWorkspace(s);
    const order: MerkurDecision = {
      kind: 'unit-order',
      side: 'commonwealth',
      rule: 'Merkur 4.0',
      options: [
        { type: 'stay', unit: cw },
        { type: 'fire', unit: cw, to: y },
      ],
    };
    expect(soloChoose(s, ws, order)).toBe(0);
    expect(z).not.toBe(y);
  });
});

describe('Merkur 11.0, 5.4: a convoy debarking on a night turn', () => {
  const beaches = MAP.ids.map((_, z) => z).filter((z) => MAP.beach[z] && !MAP.strategic[z]);

  function night(variants: Record<string, boolean>) {
    const s = emptyState('two-player', variants);
    s.turn = 9;
    const b = beaches[0]!;
    put(s, '23 NZ', b);
    const units = s.b1.units.slice();
    s.b1.landTurn = 9;
    s.b1.landed = true;
    s.stack = [{ t: 'sea-landing', units }];
    return { s, b, units };
  }

  it('default (night-beach-barred): a beach held only by the CW is not offered at night; a contested one is, without an assault', () => {
    expect(beaches.length).toBeGreaterThan(2);
    const { s, b } = night({});
    const c = beaches[1]!;
    put(s, '22 NZ', c);
    put(s, 'FJR3/I', c);
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('sea-landing');
    const zones = d.options.map((o) => (o.type === 'sea' ? o.zone : -1));
    expect(zones).not.toContain(b);
    expect(zones).toContain(c);
    apply(s, ws, d, zones.indexOf(c));
    expect(s.beachAssaults).toEqual([]);
  });

  it('night-beach-assault: the CW-held beach is offered and the debarked units assault it that night', () => {
    const { s, b, units } = night({ 'night-beach-assault': true });
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    const zones = d.options.map((o) => (o.type === 'sea' ? o.zone : -1));
    expect(zones).toContain(b);
    apply(s, ws, d, zones.indexOf(b));
    expect(s.beachAssaults).toHaveLength(1);
    expect(s.beachAssaults[0]!.zone).toBe(b);
    expect(s.beachAssaults[0]!.units.every((i) => units.includes(i))).toBe(true);
  });

  it('by day the CW-held beach is offered under the default too, with its assault', () => {
    const { s, b } = night({});
    s.turn = 8;
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    const zones = d.options.map((o) => (o.type === 'sea' ? o.zone : -1));
    apply(s, ws, d, zones.indexOf(b));
    expect(s.beachAssaults.map((x) => x.zone)).toEqual([b]);
  });

  it('default: with every beach held by the CW and no German port, B1 debarks the next turn', () => {
    const { s, units } = night({});
    const cwIds = s.units.filter((u) => u.side === CW && u.type !== 'em').map((u) => u.id);
    for (const [k, z] of beaches.entries()) put(s, cwIds[k]!, z);
    const ws = merkurWorkspace(s);
    expect(advance(s, ws)).toBeNull();
    expect(units.every((i) => s.units[i]!.status === 'pool')).toBe(true);
    expect(s.b1.landTurn).toBe(10);
    expect(s.b1.landed).toBe(false);
  });
});

describe('Merkur 8.3: the defender names the second defender, which must retreat or be halved', () => {
  function strike(scenario = 'two-player', soloResidual?: string) {
    const s = emptyState(scenario, {}, soloResidual);
    const { z } = quietPair();
    const nz23 = put(s, '23 NZ', z);
    const nz22 = put(s, '22 NZ', z);
    const greek = put(s, '6 Greek', z);
    // value 40 beats any defence: the result is "greater than", the case with a second defender
    s.stack = [
      {
        t: 'bombards',
        list: [{ side: GER, value: 40, zone: z, air: -1, firerZone: -1, preinvasion: false }],
        target: nz23,
        regroup: false,
      },
    ];
    return { s, z, nz23, nz22, greek };
  }

  it('the CW is asked; the scripted policies name the engine pick (the highest defence); the unit named is the one that answers', () => {
    const { s, nz22, greek } = strike();
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('second-defender');
    expect(d.side).toBe('commonwealth');
    expect(d.rule).toBe('Merkur 8.3');
    expect(d.options.map((o) => (o.type === 'second-defender' ? o.unit : -2)).sort()).toEqual(
      [nz22, greek].sort(),
    );
    for (const p of scripted('commonwealth')) {
      const o = d.options[p.choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'second-defender' && o.unit).toBe(nz22);
    }
    apply(
      s,
      ws,
      d,
      d.options.findIndex((o) => o.type === 'second-defender' && o.unit === greek),
    );
    const next = advance(s, ws) as MerkurDecision;
    expect(next.kind).toBe('loss-choice');
    expect(next.options.map((o) => (o.type === 'loss' ? o.unit : -2))).toEqual([-1, greek]);
  });

  it('with one other unit in the zone nothing is asked: it is the second defender', () => {
    const { s, greek } = strike();
    s.units[greek]!.status = 'pool';
    const d = advance(s, merkurWorkspace(s)) as MerkurDecision;
    expect(d.kind).toBe('loss-choice');
  });

  it('the solitaire CW names the engine pick under soloResidual fixed, and draws it under random', () => {
    const { s, nz22, greek } = strike('solitaire');
    const d: MerkurDecision = {
      kind: 'second-defender',
      side: 'commonwealth',
      rule: 'Merkur 8.3',
      options: [greek, nz22].map((unit) => ({ type: 'second-defender' as const, unit })),
    };
    const ws = merkurWorkspace(s);
    expect(soloChoose(s, ws, d)).toBe(1);
    const r = strike('solitaire', 'random').s;
    const rws = merkurWorkspace(r);
    const seen = new Set<number>();
    for (let k = 0; k < 40; k++) seen.add(soloChoose(r, rws, d));
    expect([...seen].sort()).toEqual([0, 1]);
  });
});

describe('Merkur 3.1 Notes: a dispersed para fights only once re-activated with the initiative', () => {
  function dropped(variants: Record<string, boolean>) {
    const s = emptyState('two-player', variants);
    s.turn = 2;
    const { z, y } = quietPair();
    const para = put(s, 'FJR3/I', z);
    s.units[para]!.dispersed = true;
    s.units[para]!.dispersedTurn = 2;
    put(s, '23 NZ', y);
    return { s, z, y, para };
  }

  function ordersOf(s: MerkurState, z: number, para: number) {
    s.stack = [{ t: 'orders', side: GER, zone: z, mode: 'all', units: [para], i: 0, orders: [], forced: [] }];
    return advance(s, merkurWorkspace(s));
  }

  it('default (dispersed-reactivate): no fire or assault order; it stays without being asked', () => {
    const { s, z, para } = dropped({});
    expect(ordersOf(s, z, para)).toBeNull();
  });

  it('dispersed-may-fight: it is offered fire into the enemy zone at 2-3-0', () => {
    const { s, z, y, para } = dropped({ 'dispersed-may-fight': true });
    const d = ordersOf(s, z, para) as MerkurDecision;
    expect(d.kind).toBe('unit-order');
    expect(d.options.some((o) => o.type === 'fire' && o.to === y)).toBe(true);
  });

  it('default: the re-activation with the initiative removes the marker and the para may fire', () => {
    const { s, z, y, para } = dropped({});
    s.activated[z] = 1;
    s.initiative = GER;
    s.initiativeUsed = false;
    s.stack = [{ t: 'activations', side: GER }];
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('activation');
    const k = d.options.findIndex((o) => o.type === 'activate' && o.zone === z && o.initiative);
    expect(k).toBeGreaterThanOrEqual(0);
    apply(s, ws, d, k);
    expect(s.units[para]!.dispersed).toBe(false);
    const order = advance(s, ws) as MerkurDecision;
    expect(order.kind).toBe('unit-order');
    expect(order.options.some((o) => o.type === 'fire' && o.to === y)).toBe(true);
  });
});

describe('Merkur 12.2: the solitaire retreat follows the rule under every soloResidual', () => {
  it("random draws an EM's 2.4 follow-or-stay but never a unit's retreat zone", () => {
    for (const residual of ['fixed', 'random']) {
      const s = emptyState('solitaire', {}, residual);
      const { z } = quietPair();
      const u = put(s, '23 NZ', z);
      const zones = retreatZones(s, u, GER).free;
      expect(zones.length).toBeGreaterThan(1);
      const d: MerkurDecision = {
        kind: 'retreat-zone',
        side: 'commonwealth',
        rule: 'Merkur 6.1, 7.4',
        options: zones.map((zone) => ({ type: 'retreat' as const, unit: u, zone, forced: false })),
      };
      const rule = engineLossAnswer(s, d);
      const ws = merkurWorkspace(s);
      for (let k = 0; k < 40; k++) expect(soloChoose(s, ws, d), residual).toBe(rule);
    }
    const s = emptyState('solitaire', {}, 'random');
    const { z, y } = quietPair();
    const em = put(s, s.units.find((x) => x.side === CW && x.type === 'em')!.id, z);
    const follow: MerkurDecision = {
      kind: 'retreat-zone',
      side: 'commonwealth',
      rule: 'Merkur 2.4',
      options: [
        { type: 'retreat', unit: em, zone: y, forced: false, em: true },
        { type: 'retreat', unit: em, zone: z, forced: false, em: true },
      ],
    };
    const ws = merkurWorkspace(s);
    const seen = new Set<number>();
    for (let k = 0; k < 40; k++) seen.add(soloChoose(s, ws, follow));
    expect([...seen].sort()).toEqual([0, 1]);
  });
});

describe('Merkur 2.5, 7.1 Note: under ringel-sum-support fired batteries still count in the sum Ringel lends', () => {
  it('Ringel with two fired batteries supports with their sum; he bombards with nothing; the default lends nothing', () => {
    for (const on of [true, false]) {
      const s = emptyState('two-player', on ? { 'ringel-sum-support': true } : {});
      const { z } = quietPair();
      const ringel = put(s, 'Ringel', z);
      const b1 = put(s, 'GebArt/1', z);
      const b2 = put(s, 'GebArt/2', z);
      s.units[b1]!.fired = true;
      s.units[b2]!.fired = true;
      expect(supporterValue(s, ringel)).toBe(on ? 16 : 0);
      expect(divisionalArt(s, ringel)).toBe(0);
    }
  });
});

describe('Merkur: the variants inert under the defaults act under the condition their actsWhen states', () => {
  function record(
    scenario: string,
    variants: Record<string, boolean>,
    params: Record<string, string | readonly string[] | number>,
    german: string,
    game: number,
  ): string {
    const setup = resolveSetup(merkur, { scenario, variants, params }, 'test');
    const ids: Record<string, string> = { ...merkur.defaultPolicies, german };
    const pol = Object.fromEntries(
      Object.entries(ids).map(([side, id]) => [
        side,
        merkur.policies.find((p) => p.side === side && p.id === id)!.create(),
      ]),
    );
    return JSON.stringify(playOneGame(merkur, setup, pol, { masterSeed: 1, gameIndex: game }));
  }

  it('conc0-none: drops-historical with every turn-1 drop off Carte Ouest', () => {
    const drops = { germanDropZones: ['21', '21', '21', '21', '22', '22', '22', '23', '23', '23'] };
    const base = { 'drops-historical': true };
    expect(record('two-player', { ...base, 'conc0-none': true }, drops, 'historical', 0)).not.toBe(
      record('two-player', base, drops, 'historical', 0),
    );
  });

  it('rn-back-with-b2: a convoy B1 of 8 (seed 1, game 19 is intercepted for 4-6 units)', () => {
    const p = { convoyB1Size: 8 };
    expect(record('two-player', { 'rn-back-with-b2': true }, p, 'historical', 19)).not.toBe(
      record('two-player', {}, p, 'historical', 19),
    );
  });

  it('air-declare-at-activation: the random German activates zones before the Luftwaffe zone', () => {
    expect(record('two-player', { 'air-declare-at-activation': true }, {}, 'random', 0)).not.toBe(
      record('two-player', {}, {}, 'random', 0),
    );
  });
});
