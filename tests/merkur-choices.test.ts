/**
 * Merkur: the choices docs/games/merkur.md "Decisions" gives a side that the engine used to make by a fixed rule, now
 * typed decisions (G7/C5 artillery support, G12 loss choice, G13 retreat zone, C6 fort sacrifice,
 * C9 bombardment target, G17 RN losses; the 2.4 EM follow or stay; the losses of combat on
 * landing, 5.2, and of the Maori, 11.0; the lead units, supporters and initiative re-roll of a combat on
 * landing, 5.2; the 2.4 reading V-EMFOLLOW). Hand-built positions: what is offered, what an answer
 * does, and that the scripted policies and the solitaire rules answer as the engine's rule does.
 */
import { describe, expect, it } from 'vitest';
import { playOneGame } from '../src/core/driver.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import {
  combatBand,
  combatValues,
  defenders,
  landingLeadDefender,
  onLandingCombat,
} from '../src/games/merkur/combat.js';
import { artilleryValue, divisionalArt, supporterValue } from '../src/games/merkur/command.js';
import type { MerkurDecision } from '../src/games/merkur/decisions.js';
import { merkur } from '../src/games/merkur/index.js';
import { engineRetreat, type LossOp, retreatZones } from '../src/games/merkur/losses.js';
import { MAP } from '../src/games/merkur/map.js';
import { startGame } from '../src/games/merkur/setup.js';
import { soloChoose } from '../src/games/merkur/solitaire.js';
import type { MerkurState } from '../src/games/merkur/state.js';
import { apply, runUntil } from '../src/games/merkur/turn-sequence.js';
import { type MerkurWorkspace, merkurWorkspace } from '../src/games/merkur/workspace.js';

function emptyState(scenario = 'two-player', variants: Record<string, boolean> = {}): MerkurState {
  const setup = resolveSetup(merkur, { scenario, variants }, 'test');
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
  s.units[i]!.zone = zone;
  s.units[i]!.status = 'map';
  return i;
}

/** A sector zone, not an objective, with at least `n` sector neighbours that are not objectives. */
function plainZone(n: number): { z: number; nb: number[] } {
  for (let z = 0; z < MAP.count; z++) {
    if (MAP.strategic[z] || MAP.objective[z]) continue;
    const nb = MAP.adj[z]!.filter((y) => !MAP.strategic[y] && !MAP.objective[y] && MAP.map[y] === MAP.map[z]);
    if (nb.length >= n) return { z, nb };
  }
  throw new Error('no such zone');
}

function policy(side: 'german' | 'commonwealth', id: string) {
  return merkur.policies.find((p) => p.side === side && p.id === id)!.create();
}

const GERMAN_SCRIPTED = merkur.policies
  .filter((p) => p.side === 'german' && p.id !== 'random')
  .map((p) => p.id);
const CW_SCRIPTED = merkur.policies
  .filter((p) => p.side === 'commonwealth' && p.id !== 'random')
  .map((p) => p.id);

function pick(d: MerkurDecision, test: (o: MerkurDecision['options'][number]) => boolean): number {
  const k = d.options.findIndex(test);
  expect(k).toBeGreaterThanOrEqual(0);
  return k;
}

describe('Merkur 2.5 Note, 7.1 Note (spec §2 G7, C5): the side names its supporting EM or battery', () => {
  function assault(variants: Record<string, boolean> = {}) {
    const s = emptyState('two-player', variants);
    const { z, nb } = plainZone(2);
    const para = put(s, 'FJR3/I', z);
    const em = put(s, 'Heidrich', z);
    const battery = put(s, 'GebArt/1', nb[0]!);
    put(s, '23 NZ', z);
    s.stack = [
      {
        t: 'combat',
        spec: { kind: 'assault', side: 0, attackers: [para], zone: z, from: z },
        vals: null,
        x: 0,
        y: 0,
        rerolled: false,
        stage: 0,
      },
    ];
    return { s, z, para, em, battery };
  }

  it('offers none and the strongest EM or battery of each zone in range; the one named gives its value', () => {
    const { s, em, battery } = assault();
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('artillery-support');
    expect(d.side).toBe('german');
    expect(d.options.map((o) => (o.type === 'support' ? o.unit : -2))).toEqual([-1, em, battery]);
    const top = s.stack[s.stack.length - 1]!;
    if (top.t !== 'combat') throw new Error('combat expected');
    const value = (unit: number) => combatValues(structuredClone(s), { ...top.spec, supportA: unit }, true).a;
    expect(value(em) - value(-1)).toBe(supporterValue(s, em));
    expect(value(battery) - value(-1)).toBe(8);
    apply(
      s,
      ws,
      d,
      pick(d, (o) => o.type === 'support' && o.unit === em),
    );
    const after = s.stack[s.stack.length - 1]!;
    expect(after.t === 'combat' && after.spec.supportA).toBe(em);
  });

  it('the scripted policies name the strongest (the engine supportValue pick)', () => {
    for (const id of GERMAN_SCRIPTED) {
      const { s, battery } = assault();
      const d = advance(s, merkurWorkspace(s)) as MerkurDecision;
      const o = d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'support' && o.unit).toBe(battery);
    }
  });

  it('the defender is asked too; the solitaire CW names its strongest', () => {
    const s = emptyState('solitaire');
    const { z, nb } = plainZone(2);
    const para = put(s, 'FJR3/I', z);
    put(s, '23 NZ', z);
    const hargest = put(s, 'Hargest', z);
    const inglis = put(s, 'Inglis', nb[0]!);
    s.stack = [
      {
        t: 'combat',
        spec: { kind: 'assault', side: 0, attackers: [para], zone: z, from: z },
        vals: null,
        x: 0,
        y: 0,
        rerolled: false,
        stage: 0,
      },
    ];
    const ws = merkurWorkspace(s);
    const d = soloQuestion(s);
    expect(d.kind).toBe('artillery-support');
    expect(d.side).toBe('commonwealth');
    expect(d.options.map((o) => (o.type === 'support' ? o.unit : -2))).toEqual([-1, hargest, inglis]);
    const o = d.options[soloChoose(s, ws, d)]!;
    expect(o.type === 'support' && o.unit).toBe(hargest);
  });

  it('equal strengths in one zone: the player chooses, so each is an option (the first is the engine pick)', () => {
    const { s, em, battery } = assault();
    const twin = put(s, 'GebArt/2', s.units[battery]!.zone);
    put(s, 'GebArt/3', s.units[battery]!.zone);
    const d = advance(s, merkurWorkspace(s)) as MerkurDecision;
    expect(d.options.map((o) => (o.type === 'support' ? o.unit : -2))).toEqual([-1, em, battery, twin]);
    for (const id of GERMAN_SCRIPTED) {
      const o = d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'support' && o.unit).toBe(battery);
    }
  });

  it('art-one-per-zone: every zone adds its strongest, nobody chooses', () => {
    const { s } = assault({ 'art-one-per-zone': true });
    const d = advance(s, merkurWorkspace(s)) as MerkurDecision | null;
    expect(d?.kind).not.toBe('artillery-support');
  });
});

/** The first decision of `s` as the solitaire rules would be asked it (the CW's are answered inside advance). */
function soloQuestion(s: MerkurState): MerkurDecision {
  const t = structuredClone(s);
  t.rules = { ...t.rules, solitaire: false };
  return advance(t, merkurWorkspace(t)) as MerkurDecision;
}

/** Runs the hand-built tasks until the next decision, or null once they are all done. */
function advance(s: MerkurState, ws: MerkurWorkspace) {
  return runUntil(s, ws, (st) => st.stack.length === 0);
}

function losses(s: MerkurState, ops: LossOp[]): void {
  s.stack = [{ t: 'losses', ops, regroup: true }];
}

describe('Merkur 7.4 bands 1/5, 8.3 (spec §2 G12): all retreat, or one halved', () => {
  it('the losing side names the unit halved, or all retreat', () => {
    const s = emptyState();
    const { z } = plainZone(2);
    const a = put(s, 'FJR3/I', z);
    const b = put(s, 'FJR3/II', z);
    losses(s, [{ k: 'group', units: [a, b], enemy: 1 }]);
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('loss-choice');
    expect(d.side).toBe('german');
    expect(d.options.map((o) => (o.type === 'loss' ? o.unit : -2))).toEqual([-1, a, b]);
    apply(
      s,
      ws,
      d,
      pick(d, (o) => o.type === 'loss' && o.unit === b),
    );
    expect(advance(s, ws)).toBeNull();
    expect(s.units[b]!.reduced).toBe(true);
    expect(s.units[a]!.reduced).toBe(false);
    expect(s.units[a]!.zone).toBe(z);
  });

  it('the scripted policies take the engine rule: away from objectives and contested zones, all retreat', () => {
    for (const id of GERMAN_SCRIPTED) {
      const s = emptyState();
      const { z } = plainZone(2);
      const a = put(s, 'FJR3/I', z);
      const b = put(s, 'FJR3/II', z);
      losses(s, [{ k: 'group', units: [a, b], enemy: 1 }]);
      const d = advance(s, merkurWorkspace(s)) as MerkurDecision;
      const o = d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'loss' && o.unit).toBe(-1);
    }
  });

  it('in a contested zone the scripted CW halve the lowest defence', () => {
    for (const id of CW_SCRIPTED) {
      const s = emptyState();
      const { z } = plainZone(2);
      put(s, 'FJR3/I', z);
      const a = put(s, '23 NZ', z);
      const b = put(s, '22 NZ', z);
      s.units[b]!.reduced = true;
      losses(s, [{ k: 'group', units: [a, b], enemy: 0 }]);
      const d = advance(s, merkurWorkspace(s)) as MerkurDecision;
      expect(d.side).toBe('commonwealth');
      const o = d.options[policy('commonwealth', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'loss' && o.unit).toBe(b);
    }
  });
});

describe('Merkur 6.1, 7.4 (spec §2 G13): the retreating side names the zone', () => {
  it('offers every free adjacent zone with room; the unit goes where named', () => {
    const s = emptyState();
    const { z } = plainZone(2);
    const u = put(s, 'FJR3/I', z);
    put(s, '23 NZ', z);
    losses(s, [{ k: 'retreat', u, enemy: 1 }]);
    const ws = merkurWorkspace(s);
    const { free } = retreatZones(s, u, 1);
    expect(free.length).toBeGreaterThan(1);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('retreat-zone');
    expect(d.options.map((o) => (o.type === 'retreat' ? o.zone : -2))).toEqual(free);
    const engine = engineRetreat(s, u, free);
    const other = free.find((y) => y !== engine)!;
    for (const id of GERMAN_SCRIPTED) {
      const o = d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'retreat' && o.zone).toBe(engine);
    }
    apply(
      s,
      ws,
      d,
      pick(d, (o) => o.type === 'retreat' && o.zone === other),
    );
    expect(advance(s, ws)).toBeNull();
    expect(s.units[u]!.zone).toBe(other);
  });

  it('one legal zone: no decision', () => {
    const s = emptyState();
    const { z } = plainZone(2);
    const u = put(s, 'FJR3/I', z);
    put(s, '23 NZ', z);
    const { free } = retreatZones(s, u, 1);
    // fill every free zone but one with CW units (an enemy zone is not free)
    let k = 0;
    const cw = s.units.map((x, i) => (x.side === 1 && x.type === 'infantry' && x.status === 'pool' ? i : -1));
    for (const y of free.slice(1)) {
      const i = cw.find((j, n) => j >= 0 && n >= k)!;
      k = i + 1;
      s.units[i]!.zone = y;
      s.units[i]!.status = 'map';
    }
    losses(s, [{ k: 'retreat', u, enemy: 1 }]);
    expect(advance(s, merkurWorkspace(s))).toBeNull();
    expect(s.units[u]!.zone).toBe(free[0]);
  });
});

describe('Merkur 3.2 (spec §2 C6): the CW may sacrifice a fort instead of a loss', () => {
  function forted(reduced: boolean) {
    const s = emptyState();
    const { z } = plainZone(2);
    const u = put(s, '23 NZ', z);
    s.units[u]!.reduced = reduced;
    s.fort[z] = 1;
    losses(s, [{ k: 'step', u, optional: false, retreat: false, enemy: 0 }]);
    return { s, z, u };
  }

  it('use the fort: the fort goes, the unit keeps its step', () => {
    const { s, z, u } = forted(false);
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('fort-sacrifice');
    expect(d.side).toBe('commonwealth');
    apply(
      s,
      ws,
      d,
      pick(d, (o) => o.type === 'fort-sacrifice' && o.use),
    );
    expect(advance(s, ws)).toBeNull();
    expect(s.fort[z]).toBe(0);
    expect(s.units[u]!.reduced).toBe(false);
    expect(s.stats.forts_sacrificed).toBe(1);
  });

  it('the scripted CW sacrifice it only when the loss would eliminate the unit', () => {
    for (const reduced of [false, true])
      for (const id of CW_SCRIPTED) {
        const { s } = forted(reduced);
        const d = advance(s, merkurWorkspace(s)) as MerkurDecision;
        const o = d.options[policy('commonwealth', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
        expect(o.type === 'fort-sacrifice' && o.use).toBe(reduced);
      }
  });
});

describe('Merkur 8.2 (spec §2 C9): the defender names the bombardment target', () => {
  function strike(variants: Record<string, boolean> = {}) {
    const s = emptyState('two-player', variants);
    const { z } = plainZone(2);
    const a = put(s, '23 NZ', z);
    const b = put(s, '22 NZ', z);
    const weak = put(s, '6 Greek', z);
    s.stack = [
      {
        t: 'bombards',
        list: [{ side: 0, value: 6, zone: z, air: -1, firerZone: -1, preinvasion: true }],
        target: null,
        regroup: false,
      },
    ];
    return { s, a, b, weak };
  }

  it('default (lead-def-highest): the units of the highest defence; the one named takes the hit', () => {
    const { s, a, b } = strike();
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('bomb-target');
    expect(d.side).toBe('commonwealth');
    expect(d.rule).toBe('Merkur 8.2');
    // both full strength, defence 4 (6 Greek: 3): the engine took the first in unit order
    const [first, second] = [Math.min(a, b), Math.max(a, b)];
    expect(d.options.map((o) => (o.type === 'bomb-target' ? o.unit : -2))).toEqual([first, second]);
    for (const id of CW_SCRIPTED) {
      const o = d.options[policy('commonwealth', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'bomb-target' && o.unit).toBe(first);
    }
    apply(
      s,
      ws,
      d,
      pick(d, (o) => o.type === 'bomb-target' && o.unit === second),
    );
    const top = s.stack[s.stack.length - 1]!;
    expect(top.t === 'bombards' && top.target).toBe(second);
  });

  it('lead-def-any: any defender may be named', () => {
    const { s, weak } = strike({ 'lead-def-any': true });
    const d = advance(s, merkurWorkspace(s)) as MerkurDecision;
    expect(d.options.some((o) => o.type === 'bomb-target' && o.unit === weak)).toBe(true);
    expect(d.options).toHaveLength(3);
  });
});

describe('Merkur 5.4 (spec §2 G17): the side that picks names the B1 units lost', () => {
  function intercepted(variant: string) {
    const s = emptyState('two-player', { [variant]: true });
    const left = s.b1.units.slice(0, 3);
    s.stack = [{ t: 'rn-losses', left: left.slice(), k: 2, turnBack: false }];
    return { s, left };
  }

  it('rn-german: the German names each loss; the scripted policies sink the weakest first', () => {
    const { s, left } = intercepted('rn-german');
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('rn-losses');
    expect(d.side).toBe('german');
    expect(d.options.map((o) => (o.type === 'rn-loss' ? o.unit : -2))).toEqual(left);
    const val = (i: number) => s.units[i]!.a + s.units[i]!.art;
    const weakest = left.reduce((m, i) => (val(i) < val(m) ? i : m), left[0]!);
    for (const id of GERMAN_SCRIPTED) {
      const o = d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'rn-loss' && o.unit).toBe(weakest);
    }
    apply(s, ws, d, 2);
    const d2 = advance(s, ws) as MerkurDecision;
    expect(d2.options).toHaveLength(2);
    apply(s, ws, d2, 0);
    expect(advance(s, ws)).toBeNull();
    expect(left.map((i) => s.units[i]!.status)).toEqual(['lost', 'pool', 'lost']);
  });

  it('rn-cw: the CW names them; with no more units than losses nobody is asked', () => {
    const { s } = intercepted('rn-cw');
    expect((advance(s, merkurWorkspace(s)) as MerkurDecision).side).toBe('commonwealth');
    const t = intercepted('rn-cw').s;
    t.stack = [{ t: 'rn-losses', left: t.b1.units.slice(0, 2), k: 2, turnBack: false }];
    expect(advance(t, merkurWorkspace(t))).toBeNull();
  });
});

describe('Merkur spec §2.3 (M-63): soloResidual', () => {
  function play(soloResidual: string, game: number) {
    const setup = resolveSetup(merkur, { scenario: 'solitaire', params: { soloResidual } }, 'test');
    const pol = {
      german: policy('german', 'historical'),
      commonwealth: policy('commonwealth', 'historical-static'),
    };
    return playOneGame(merkur, setup, pol, { masterSeed: 1, gameIndex: game });
  }

  it('random: the residual choices are drawn, so games go otherwise than under the fixed rules', () => {
    const fixed = [0, 1, 2, 3].map((g) => JSON.stringify(play('fixed', g)));
    const random = [0, 1, 2, 3].map((g) => JSON.stringify(play('random', g)));
    expect(random.filter((r, g) => r !== fixed[g]).length).toBeGreaterThan(0);
    expect(JSON.stringify(play('random', 0))).toBe(random[0]);
  });

  it('random: the answer is a legal option drawn from stream solitaire', () => {
    const s = emptyState('solitaire');
    const random = { ...s, rules: { ...s.rules, soloResidual: 'random' as const } };
    const d: MerkurDecision = {
      kind: 'loss-choice',
      side: 'commonwealth',
      rule: 'Merkur 7.4, 8.3',
      options: [-1, 0, 1].map((unit) => ({ type: 'loss' as const, unit })),
    };
    const seen = new Set<number>();
    const ws = merkurWorkspace(random);
    for (let k = 0; k < 40; k++) seen.add(soloChoose(random, ws, d));
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
});

describe('Merkur 2.5 Ringel (M-13)', () => {
  it('batteries may be targeted only when no other friendly unit (but EMs) is in their zone', () => {
    const s = emptyState();
    const { z } = plainZone(1);
    const b = put(s, 'GebArt/1', z);
    put(s, 'Ringel', z);
    expect(defenders(s, z, 0)).toEqual([b]);
    const para = put(s, 'FJR3/I', z);
    expect(defenders(s, z, 0)).toEqual([para]);
  });

  it('Ringel sums only batteries in his zone, and not once reduced; the batteries keep their own values', () => {
    const s = emptyState();
    const { z, nb } = plainZone(1);
    const ringel = put(s, 'Ringel', z);
    const b1 = put(s, 'GebArt/1', z);
    put(s, 'GebArt/2', z);
    const far = put(s, 'GebArt/3', nb[0]!);
    expect(divisionalArt(s, ringel)).toBe(16);
    s.units[far]!.zone = z;
    expect(divisionalArt(s, ringel)).toBe(22);
    s.units[far]!.zone = MAP.ids.findIndex((_, y) => MAP.map[y] !== MAP.map[z] && !MAP.strategic[y]);
    expect(divisionalArt(s, ringel)).toBe(16);
    expect(artilleryValue(s, far)).toBe(6);
    s.units[ringel]!.reduced = true;
    expect(divisionalArt(s, ringel)).toBe(0);
    expect(artilleryValue(s, b1)).toBe(8);
  });
});

const NEW_KINDS: readonly string[] = [
  'artillery-support',
  'loss-choice',
  'retreat-zone',
  'fort-sacrifice',
  'bomb-target',
  'rn-losses',
];

describe('Merkur: random play meets the new choices', () => {
  it('in three random games the support, retreat and fort choices come up, each with two or more options, and the combats on landing ask theirs', () => {
    const seen = new Map<string, number>();
    const setup = resolveSetup(merkur, { scenario: 'two-player' }, 'test');
    for (let g = 0; g < 3; g++) {
      const s = startGame(setup, { masterSeed: 1, gameIndex: g });
      const ws = merkurWorkspace(s);
      const r = streamRng(1, g, 'test');
      const pol = merkur.policies.find((p) => p.id === 'random')!.create();
      for (let d = merkur.advance(s, ws); d !== null; d = merkur.advance(s, ws)) {
        const dd = d as MerkurDecision;
        if (NEW_KINDS.includes(dd.kind)) {
          expect(dd.options.length).toBeGreaterThan(1);
          seen.set(dd.kind, (seen.get(dd.kind) ?? 0) + 1);
        }
        // 5.2: the combats on landing ask their own questions too
        if (onLandingCombat(s)) seen.set(`landing:${dd.kind}`, (seen.get(`landing:${dd.kind}`) ?? 0) + 1);
        merkur.apply(s, ws, d, pol.choose(s, dd, r));
      }
    }
    for (const kind of [
      'artillery-support',
      'retreat-zone',
      'fort-sacrifice',
      'landing:artillery-support',
      'landing:initiative',
    ])
      expect(seen.get(kind) ?? 0).toBeGreaterThan(0);
  });
});

describe('Merkur 2.4 (spec §2 G13): an EM left alone may follow its last retreating unit', () => {
  function alone(enemyThere: boolean) {
    const s = emptyState();
    const { z, nb } = plainZone(2);
    const para = put(s, 'FJR3/I', z);
    const em = put(s, 'Heidrich', z);
    if (enemyThere) put(s, '23 NZ', z);
    losses(s, [{ k: 'retreat', u: para, enemy: 1, zone: nb[0]! }]);
    return { s, z, to: nb[0]!, em };
  }

  it('follow or stay, asked of the EM side; the EM goes where answered', () => {
    for (const stay of [false, true]) {
      const { s, z, to, em } = alone(true);
      const ws = merkurWorkspace(s);
      const d = advance(s, ws) as MerkurDecision;
      expect(d.kind).toBe('retreat-zone');
      expect(d.side).toBe('german');
      expect(d.rule).toBe('Merkur 2.4');
      expect(d.options).toEqual([
        { type: 'retreat', unit: em, zone: to, forced: false, em: true },
        { type: 'retreat', unit: em, zone: z, forced: false, em: true },
      ]);
      apply(s, ws, d, stay ? 1 : 0);
      expect(advance(s, ws)).toBeNull();
      expect(s.units[em]!.zone).toBe(stay ? z : to);
    }
  });

  it('the scripted policies follow out of a zone with enemy units and stay in one without', () => {
    for (const enemyThere of [true, false]) {
      const { s, to, z } = alone(enemyThere);
      const d = advance(s, merkurWorkspace(s)) as MerkurDecision;
      expect(d.kind).toBe('retreat-zone');
      for (const id of GERMAN_SCRIPTED) {
        const o = d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
        expect(o.type === 'retreat' && o.zone).toBe(enemyThere ? to : z);
      }
    }
  });

  it('only an EM the unit is under the orders of (its regiment or brigade, or divisional) may follow; em-follow-any: every EM', () => {
    for (const any of [false, true]) {
      const s = emptyState('two-player', any ? { 'em-follow-any': true } : {});
      const { z, nb } = plainZone(2);
      const para = put(s, 'FJR1/I', z);
      const heidrich = put(s, 'Heidrich', z);
      const braeuer = put(s, 'Braeuer', z);
      const suessmann = put(s, 'Suessmann', z);
      put(s, '23 NZ', z);
      losses(s, [{ k: 'retreat', u: para, enemy: 1, zone: nb[0]! }]);
      const ws = merkurWorkspace(s);
      const asked: number[] = [];
      for (let d = advance(s, ws); d !== null; d = advance(s, ws)) {
        const dd = d as MerkurDecision;
        expect(dd.rule).toBe('Merkur 2.4');
        const o = dd.options[0]!;
        if (o.type === 'retreat') asked.push(o.unit);
        apply(s, ws, d, 0);
      }
      expect(asked).toEqual(any ? [heidrich, braeuer, suessmann] : [braeuer, suessmann]);
      expect(s.units[heidrich]!.zone).toBe(any ? nb[0]! : z);
      expect(s.units[braeuer]!.zone).toBe(nb[0]!);
    }
  });

  it('no room where the unit went: no question, the EM stays', () => {
    const { s, z, to, em } = alone(true);
    const fill = s.units
      .map((u, i) => (u.side === 0 && u.type === 'para' && u.status === 'pool' ? i : -1))
      .filter((i) => i >= 0)
      .slice(0, 5);
    for (const i of fill) put(s, s.units[i]!.id, to);
    expect(advance(s, merkurWorkspace(s))).toBeNull();
    expect(s.units[em]!.zone).toBe(z);
  });
});

/** A position of game `g` (stream seeds) with every unit off the map, on day turn 4. */
function emptyGame(g: number, scenario = 'two-player'): MerkurState {
  const setup = resolveSetup(merkur, { scenario }, 'test');
  const s = startGame(setup, { masterSeed: 1, gameIndex: g });
  for (const u of s.units) {
    u.status = 'pool';
    u.zone = -1;
  }
  s.turn = 4;
  return s;
}

const LOSS_KINDS = ['retreat-zone', 'loss-choice', 'fort-sacrifice'];
const LANDING_COMBAT_KINDS = ['lead-attacker', 'lead-defender', 'artillery-support', 'initiative'];

describe('Merkur 5.2 (spec §2 G12, G13, C6): the losses of a combat on landing are the losing side’s choices', () => {
  it('asked between the combats on landing, of the side that loses; the tests are done first', () => {
    const asked = new Set<string>();
    for (let g = 0; g < 30; g++) {
      for (const scenario of ['two-player', 'solitaire']) {
        const s = emptyGame(g, scenario);
        const { z, nb } = plainZone(2);
        const p1 = put(s, 'FJR3/I', z);
        const p2 = put(s, 'FJR3/II', z);
        const p3 = put(s, 'FJR3/III', nb[1]!);
        put(s, '23 NZ', z);
        put(s, '22 NZ', z);
        put(s, '21 NZ', nb[1]!);
        s.fort[z] = 1;
        s.fort[nb[1]!] = 1;
        s.stack = [{ t: 'landing', units: [p1, p2, p3], zones: [z, z, nb[1]!], i: 3, rerolled: false }];
        const ws = merkurWorkspace(s);
        const before = s.stats.landing_combats;
        for (let d = advance(s, ws); d !== null; d = advance(s, ws)) {
          const dd = d as MerkurDecision;
          expect(dd.options.length).toBeGreaterThan(1);
          const kinds = s.stack.map((t) => t.t);
          if (LANDING_COMBAT_KINDS.includes(dd.kind)) expect(kinds.slice(-2)).toEqual(['landing', 'combat']);
          else {
            expect(LOSS_KINDS).toContain(dd.kind);
            expect(kinds.slice(-2)).toEqual(['landing', 'losses']);
          }
          if (dd.kind === 'fort-sacrifice') expect(dd.side).toBe('commonwealth');
          asked.add(`${dd.side}:${dd.kind}`);
          const side = dd.side === 'german' ? 'german' : 'commonwealth';
          const pick =
            scenario === 'solitaire' && side === 'commonwealth'
              ? soloChoose(s, ws, dd)
              : policy(side, side === 'german' ? GERMAN_SCRIPTED[0]! : CW_SCRIPTED[0]!).choose(
                  s,
                  dd,
                  streamRng(1, g, 'policy'),
                );
          apply(s, ws, d, pick);
        }
        expect(s.stats.landing_combats - before).toBe(2);
        expect(s.stack).toEqual([]);
      }
    }
    expect(asked.has('commonwealth:fort-sacrifice')).toBe(true);
    expect(asked.has('german:retreat-zone')).toBe(true);
  });
});

/** The landing zone of the tests below: a principal town (+6 to the CW defence, 7.2). */
const TOWN = MAP.town.indexOf(6);

/** Paras `ids` landed (tests done) in zone `z`, their combat on landing next. */
function landed(s: MerkurState, ids: readonly string[], z: number): number[] {
  const units = ids.map((id) => put(s, id, z));
  for (const i of units) s.units[i]!.dispersed = true;
  s.stack = [{ t: 'landing', units, zones: units.map(() => z), i: units.length, rerolled: false }];
  return units;
}

function combatTop(s: MerkurState) {
  const top = s.stack[s.stack.length - 1]!;
  if (top.t !== 'combat') throw new Error('combat expected');
  return top;
}

describe('Merkur 5.2 (spec §2 G6, G7, C5, V-LEADDEF): a combat on landing asks its lead units and supporters', () => {
  function position(scenario = 'two-player') {
    const s = emptyState(scenario, { 'lead-def-any': true });
    const z = TOWN;
    const nb = MAP.adj[z]!;
    const [fjr, sturm] = landed(s, ['FJR3/I', 'Sturm/I'], z) as [number, number];
    s.units[sturm]!.reduced = true;
    const nz23 = put(s, '23 NZ', z);
    s.units[nz23]!.reduced = true;
    const eng = put(s, 'NZ Eng', z);
    const hargest = put(s, 'Hargest', z);
    put(s, 'Inglis', nb[0]!);
    const battery = put(s, 'GebArt/1', nb[1]!);
    s.initiativeUsed = true;
    return { s, z, fjr, sturm, nz23, eng, hargest, battery };
  }

  it('the attacker names the lead, the defender its lead, then each side its supporter (the CW from the landing zone only)', () => {
    const { s, fjr, sturm, nz23, eng, hargest, battery } = position();
    const ws = merkurWorkspace(s);
    let d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('lead-attacker');
    expect(d.side).toBe('german');
    expect(d.options).toEqual([
      { type: 'lead-attacker', unit: fjr },
      { type: 'lead-attacker', unit: sturm },
    ]);
    for (const id of GERMAN_SCRIPTED) {
      const o = d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'lead-attacker' && o.unit).toBe(fjr);
    }
    apply(s, ws, d, 1);
    d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('lead-defender');
    expect(d.side).toBe('commonwealth');
    expect(d.options.map((o) => (o.type === 'lead-defender' ? o.unit : -2))).toEqual([nz23, eng]);
    // the engine's lead (full strength NZ Eng, defence 4, over the reduced 23 NZ), not the
    // activation rule of the scripted CW (the higher printed defence)
    expect(landingLeadDefender(s)).toBe(eng);
    for (const id of CW_SCRIPTED) {
      const o = d.options[policy('commonwealth', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o.type === 'lead-defender' && o.unit).toBe(eng);
    }
    apply(s, ws, d, 0);
    d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('artillery-support');
    expect(d.side).toBe('german');
    expect(d.options.map((o) => (o.type === 'support' ? o.unit : -2))).toEqual([-1, battery]);
    apply(s, ws, d, 0);
    d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('artillery-support');
    expect(d.side).toBe('commonwealth');
    expect(d.options.map((o) => (o.type === 'support' ? o.unit : -2))).toEqual([-1, hargest]);
    apply(s, ws, d, 1);
    const spec = combatTop(s).spec;
    expect(spec.kind).toBe('landing');
    expect(spec.leadAttacker).toBe(sturm);
    expect(spec.leadDefender).toBe(nz23);
    expect(spec.supportA).toBe(-1);
    expect(spec.supportD).toBe(hargest);
    const landings = s.stats.landing_combats;
    for (let q = advance(s, ws); q !== null; q = advance(s, ws)) apply(s, ws, q, 0);
    expect(s.stats.landing_combats).toBe(landings + 1);
    expect(s.stack).toEqual([]);
  });

  it('the solitaire CW answers as the engine: the highest defence leads, its strongest supporter', () => {
    const { s, eng, hargest } = position('solitaire');
    const t = structuredClone(s);
    t.rules = { ...t.rules, solitaire: false };
    const ws = merkurWorkspace(t);
    const kinds: string[] = [];
    for (let d = advance(t, ws); d !== null; d = advance(t, ws)) {
      const dd = d as MerkurDecision;
      if (dd.side === 'commonwealth' && (dd.kind === 'lead-defender' || dd.kind === 'artillery-support')) {
        kinds.push(dd.kind);
        const o = dd.options[soloChoose(t, ws, dd)]!;
        expect(o.type === 'support' || o.type === 'lead-defender' ? o.unit : -2).toBe(
          dd.kind === 'lead-defender' ? eng : hargest,
        );
      }
      if (combatTop(t).spec.kind !== 'landing') break;
      apply(t, ws, d, dd.side === 'german' ? 0 : soloChoose(t, ws, dd));
      if (kinds.length === 2) break;
    }
    expect(kinds).toEqual(['lead-defender', 'artillery-support']);
  });

  it('default lead-def-highest: the defender is not asked its lead', () => {
    const s = emptyState();
    landed(s, ['FJR3/I'], TOWN);
    put(s, '23 NZ', TOWN);
    put(s, 'NZ Eng', TOWN);
    s.initiativeUsed = true;
    const ws = merkurWorkspace(s);
    for (let d = advance(s, ws); d !== null; d = advance(s, ws)) {
      expect((d as MerkurDecision).kind).not.toBe('lead-defender');
      apply(s, ws, d, 0);
    }
    expect(s.stats.landing_combats).toBe(1);
  });
});

describe('Merkur 3.1 a, 5.2: the initiative may re-roll a combat on landing', () => {
  /** A lone reduced para lands on 23 NZ (EM, fort, town): every roll is band 1-2 once Hargest supports. */
  function hopeless() {
    const s = emptyState();
    const [para] = landed(s, ['FJR3/I'], TOWN) as [number];
    s.units[para]!.reduced = true;
    put(s, '23 NZ', TOWN);
    const hargest = put(s, 'Hargest', TOWN);
    s.fort[TOWN] = 1;
    s.initiative = 0;
    s.initiativeUsed = false;
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('artillery-support');
    apply(
      s,
      ws,
      d,
      pick(d, (o) => o.type === 'support' && o.unit === hargest),
    );
    return { s, ws };
  }

  it('the German attacker holding it is asked after a band 1-2; a re-roll passes it to the CW', () => {
    const { s, ws } = hopeless();
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('initiative');
    expect(d.side).toBe('german');
    expect(d.rule).toBe('Merkur 3.1, 7.4');
    expect(d.options).toEqual([{ type: 'keep' }, { type: 'reroll' }]);
    const top = combatTop(s);
    expect(combatBand(s, top.spec, top.vals!, top.x, top.y)).toBeLessThanOrEqual(2);
    const uses = s.stats.initiative_uses_german;
    apply(s, ws, d, 1);
    expect(s.initiative).toBe(1);
    expect(s.stats.initiative_uses_german).toBe(uses + 1);
    expect(combatTop(s).rerolled).toBe(true);
    for (let q = advance(s, ws); q !== null; q = advance(s, ws)) {
      expect((q as MerkurDecision).kind).not.toBe('initiative');
      apply(s, ws, q, 0);
    }
    expect(s.stats.landing_combats).toBe(1);
  });

  it('the scripted German keep it (the engine offered no re-roll on landing before)', () => {
    const { s, ws } = hopeless();
    const d = advance(s, ws) as MerkurDecision;
    for (const id of GERMAN_SCRIPTED)
      expect(d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]).toEqual({
        type: 'keep',
      });
  });

  it('reroll-defender-too: the CW holding it is asked after a band 4-5; the scripted CW and the solitaire rules keep', () => {
    for (const scenario of ['two-player', 'solitaire']) {
      const s = emptyState(scenario, { 'reroll-defender-too': true });
      const { z, nb } = plainZone(1);
      landed(s, ['FJR3/I', 'FJR3/II', 'FJR3/III'], z);
      put(s, 'Heidrich', z);
      put(s, 'GebArt/1', nb[0]!);
      put(s, 'Rethymno Police', z);
      s.initiative = 1;
      s.initiativeUsed = false;
      const t = structuredClone(s);
      t.rules = { ...t.rules, solitaire: false };
      const ws = merkurWorkspace(t);
      let asked: MerkurDecision | null = null;
      for (let d = advance(t, ws); d !== null && asked === null; d = advance(t, ws)) {
        const dd = d as MerkurDecision;
        if (dd.kind === 'initiative') asked = dd;
        // the German names the battery (+8): every roll is band 4-5
        else apply(t, ws, d, dd.kind === 'artillery-support' ? dd.options.length - 1 : 0);
      }
      expect(asked?.side).toBe('commonwealth');
      const d = asked!;
      const top = combatTop(t);
      expect(combatBand(t, top.spec, top.vals!, top.x, top.y)).toBeGreaterThanOrEqual(4);
      if (scenario === 'solitaire') expect(d.options[soloChoose(t, ws, d)]).toEqual({ type: 'keep' });
      else
        for (const id of CW_SCRIPTED)
          expect(d.options[policy('commonwealth', id).choose(t, d, streamRng(1, 0, 'policy'))]).toEqual({
            type: 'keep',
          });
    }
  });
});

describe('Merkur 11.0 (spec §2 C7, G13, C6): the Maori’s attack and the losses it causes are decisions', () => {
  it('the CW names the target or none; the loser is then asked its retreat zone or fort', () => {
    const asked = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const s = emptyGame(g);
      s.turn = 3;
      s.cwMoves = 1;
      const { z, nb } = plainZone(2);
      const maori = s.units.findIndex((u) => u.maori);
      put(s, s.units[maori]!.id, z);
      const para = put(s, 'FJR3/I', z);
      put(s, 'FJR3/II', nb[0]!);
      s.fort[z] = 1;
      s.stack = [{ t: 'maori' }];
      const ws = merkurWorkspace(s);
      const d = advance(s, ws) as MerkurDecision;
      expect(d.kind).toBe('maori-night');
      expect(d.side).toBe('commonwealth');
      apply(
        s,
        ws,
        d,
        pick(d, (o) => o.type === 'maori' && o.target === para),
      );
      for (let q = advance(s, ws); q !== null; q = advance(s, ws)) {
        const qq = q as MerkurDecision;
        expect(LOSS_KINDS).toContain(qq.kind);
        const loser = qq.options[0]!;
        if (qq.kind === 'retreat-zone' && loser.type === 'retreat')
          expect(qq.side).toBe(loser.unit === maori ? 'commonwealth' : 'german');
        asked.add(`${qq.side}:${qq.kind}`);
        apply(s, ws, q, 0);
      }
      expect(s.stats.maori_attacks).toBe(1);
    }
    expect(asked.size).toBeGreaterThan(1);
  });
});

describe('Merkur 4.0 b: the rest of an activation may hold in one answer', () => {
  /** Two paras alone on an objective zone, activated: nothing near, so moves and holding are all they may do. */
  function activation() {
    const s = emptyState();
    const z = MAP.objectives.find((y) => !MAP.strategic[y])!;
    const a = put(s, 'FJR3/I', z);
    const b = put(s, 'FJR3/II', z);
    s.stack = [{ t: 'orders', side: 0, zone: z, mode: 'all', units: [a, b], i: 0, orders: [], forced: [] }];
    return { s, z, a, b };
  }

  it('offered after the unit orders while another unit waits; it gives every unit left a stay order', () => {
    const { s, a, b } = activation();
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('unit-order');
    expect(d.options[d.options.length - 1]).toEqual({ type: 'hold', unit: a });
    expect(d.options.filter((o) => o.type === 'hold')).toHaveLength(1);
    apply(s, ws, d, d.options.length - 1);
    const top = s.stack[s.stack.length - 1]!;
    if (top.t !== 'orders') throw new Error('orders expected');
    expect(top.orders).toEqual([
      { u: a, o: 'stay' },
      { u: b, o: 'stay' },
    ]);
    expect(s.units[a]!.acted && s.units[b]!.acted).toBe(true);
    expect(advance(s, ws)).toBeNull();
  });

  it('not offered to the last unit; the scripted German holding an objective takes it at the first', () => {
    const { s, a } = activation();
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    for (const id of GERMAN_SCRIPTED) {
      const o = d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o).toEqual({ type: 'hold', unit: a });
    }
    apply(
      s,
      ws,
      d,
      pick(d, (o) => o.type === 'stay'),
    );
    const next = advance(s, ws) as MerkurDecision;
    expect(next.kind).toBe('unit-order');
    expect(next.options.some((o) => o.type === 'hold')).toBe(false);
  });
});

describe('Merkur 4.0: the German may activate every zone not yet activated in one answer', () => {
  /** Paras alone in three zones, nobody near, the CW holding the initiative (no re-activation offered). */
  function position() {
    const s = emptyState();
    const zones = MAP.objectives.filter((y) => !MAP.strategic[y]).slice(0, 3);
    const ids = ['FJR3/I', 'FJR3/II', 'FJR3/III'];
    const units = zones.map((z, k) => put(s, ids[k]!, z));
    s.initiative = 1;
    s.stack = [{ t: 'activations', side: 0 }];
    return { s, zones, units };
  }

  it('offered with two or more zones to activate; each is then activated in map order, then the question returns', () => {
    const { s, zones, units } = position();
    const ws = merkurWorkspace(s);
    const d = advance(s, ws) as MerkurDecision;
    expect(d.kind).toBe('activation');
    expect(d.options.filter((o) => o.type === 'activate')).toHaveLength(3);
    expect(d.options[d.options.length - 1]).toEqual({ type: 'activate-all' });
    for (const id of GERMAN_SCRIPTED) {
      const o = d.options[policy('german', id).choose(s, d, streamRng(1, 0, 'policy'))]!;
      expect(o).toEqual({ type: 'activate-all' });
    }
    apply(s, ws, d, d.options.length - 1);
    const order = [...zones.keys()].sort((p, q) => zones[p]! - zones[q]!);
    for (const k of order) {
      const u = advance(s, ws) as MerkurDecision;
      expect(u.kind).toBe('unit-order');
      expect(u.options[0]).toEqual({ type: 'stay', unit: units[k] });
      expect(s.activated[zones[k]!]).toBe(1);
      apply(
        s,
        ws,
        u,
        pick(u, (o) => o.type === 'stay'),
      );
    }
    // every zone activated: the activation task asks nothing more (end only) and is done
    expect(advance(s, ws)).toBeNull();
    expect(zones.every((z) => s.activated[z] === 1)).toBe(true);
    expect(units.every((i) => s.units[i]!.acted)).toBe(true);
  });

  it('the two-player CW: every zone open to a combat activation, in combat mode', () => {
    {
      const s = emptyState();
      const zones = MAP.objectives.filter((y) => !MAP.strategic[y]).slice(0, 2);
      const cw = ['2/7 Aus', '2/8 Aus'].map((id, k) => put(s, id, zones[k]!));
      put(s, 'FJR3/I', zones[0]!);
      put(s, 'FJR3/II', zones[1]!);
      s.initiative = 0;
      s.cwMoves = 0;
      s.stack = [{ t: 'activations', side: 1 }];
      const ws = merkurWorkspace(s);
      const d = advance(s, ws) as MerkurDecision;
      expect(d.kind).toBe('activation');
      const k = d.options.findIndex((o) => o.type === 'activate-all');
      expect(k).toBe(d.options.length - 1);
      for (const id of CW_SCRIPTED)
        expect(policy('commonwealth', id).choose(s, d, streamRng(1, 0, 'policy'))).toBe(k);
      apply(s, ws, d, k);
      const u = advance(s, ws) as MerkurDecision;
      expect(u.kind).toBe('unit-order');
      const first = zones[0]! < zones[1]! ? 0 : 1;
      expect(u.options[0]).toEqual({ type: 'stay', unit: cw[first] });
      expect(u.options.some((o) => o.type === 'move')).toBe(false);
      const top = s.stack[s.stack.length - 1]!;
      expect(top.t === 'orders' && top.mode === 'combat').toBe(true);
    }
  });

  it('not offered with one zone left to activate', () => {
    const { s, zones } = position();
    s.activated[zones[0]!] = 1;
    s.activated[zones[1]!] = 1;
    const d = advance(s, merkurWorkspace(s)) as MerkurDecision;
    expect(d.kind).toBe('activation');
    expect(d.options.some((o) => o.type === 'activate-all')).toBe(false);
  });
});
