import { describe, expect, it } from 'vitest';
import type { Decision, Policy } from '../src/core/game.js';
import { exploitOptions, hexDefence, legalBattles, makeBattle } from '../src/games/sfo/combat.js';
import { columnLabel } from '../src/games/sfo/crt.js';
import type { SfoOption } from '../src/games/sfo/decisions.js';
import { supportHexes } from '../src/games/sfo/events.js';
import { invariants } from '../src/games/sfo/invariants.js';
import { mapOf } from '../src/games/sfo/map.js';
import { infiltrationHexes, moveContext, moveOptions } from '../src/games/sfo/movement.js';
import type { SfoState } from '../src/games/sfo/state.js';
import { fightResult, hexIds, hexIndex, positionState, runPhase, scriptedPolicy } from './helpers/sfo.js';

const unit = (s: SfoState, id: string) => s.units.findIndex((u) => u.id === id);
const at = (s: SfoState, id: string) => {
  const u = s.units[unit(s, id)]!;
  return u.status === 'map' ? hexIds(s, [u.hex])[0] : u.status;
};
const first = scriptedPolicy(() => true);
const noAdvance = scriptedPolicy((o) => o.type !== 'advance');

/** A policy answering each decision with the first option `pick` accepts (given the state), else option 0. */
function policy(pick: (s: SfoState, o: SfoOption, kind: string) => boolean): Policy {
  return {
    id: 'script',
    choose(view, d: Decision) {
      return Math.max(
        0,
        (d.options as readonly SfoOption[]).findIndex((o) => pick(view as SfoState, o, d.kind)),
      );
    },
  };
}

describe('SFO 9 Expert, Fig. 13 right: Air support', () => {
  // Soviet stack (А, Б) on 0605; US Z in forest 0506, US X on 0604.
  const make = () =>
    positionState({ level: 'expert', soviet: ['0605', '0605'], us: ['0101', '0604', '0103', '0506'] });

  it('air support placed on Z makes the attack 1 + 1 + 2 = 4 against 1 + 1 (forest) = 2: difference +2', () => {
    const s = make();
    const z = hexIndex(s, '0506');
    expect(hexDefence(s, z)).toBe(2);
    expect(legalBattles(s, 'soviet').find((b) => b.defender === z)!.difference).toBe(0);
    s.expert!.placed = { kind: 'air', hex: z };
    const b = legalBattles(s, 'soviet').find((x) => x.defender === z)!;
    expect([b.difference, columnLabel('expert', b.column), b.support]).toEqual([2, '+2', 'air']);
    // artillery adds 1, Spetsnaz adds no strength
    expect(makeBattle(s, z, b.attackers, 'artillery').difference).toBe(1);
    expect(makeBattle(s, z, b.attackers, 'spetsnaz').difference).toBe(0);
    // the support belongs to the defender it was placed on, not to X
    expect(legalBattles(s, 'soviet').find((x) => x.defender === hexIndex(s, '0604'))!.difference).toBe(1);
  });

  it('support needs ground attackers: it may only be placed on enemies next to a unit that can attack', () => {
    const s = make();
    expect(hexIds(s, supportHexes(s, 'soviet'))).toEqual(['0506', '0604']);
    // placed during movement: last turn's combat does not matter
    for (const u of s.units) u.attacked = true;
    expect(hexIds(s, supportHexes(s, 'soviet'))).toEqual(['0506', '0604']);
    s.units.forEach((u) => {
      if (u.side === 'soviet') u.disrupted = true;
    });
    expect(supportHexes(s, 'soviet')).toEqual([]);
  });

  it('support applies to one battle and is lost, used or not, at the end of the combat phase', () => {
    const s = make();
    const z = hexIndex(s, '0506');
    s.expert!.placed = { kind: 'air', hex: z };
    const b = legalBattles(s, 'soviet').find((x) => x.defender === z)!;
    fightResult(s, b, 3, { soviet: noAdvance, us: first }); // +2, die 3: DR
    expect(s.expert!.placed).toBeNull();
    expect(s.stats.supported_battles).toBe(1);
    const t = make();
    t.expert!.placed = { kind: 'artillery', hex: hexIndex(t, '0604') };
    t.phase = 'soviet-combat';
    runPhase(t, 'combat', 'soviet', { soviet: first, us: first }, { seed: 1, game: 2 }); // ends combat at once
    expect(t.expert!.placed).toBeNull();
    expect(t.stats.supported_battles).toBe(0);
  });
});

describe('SFO 9.2 / 9.3 Expert optional Armour in the open, Figs. 14-15', () => {
  // US Z on clear 0406, US Y in forest 0307. Soviet З tank on 0507 and Д on forest 0506; air support on Z.
  const make = (variants: string[] = ['armour-in-open']) => {
    const s = positionState({
      level: 'expert',
      soviet: [],
      us: [],
      at: { ZE: '0507', D: '0506', Z: '0406', Y: '0307' },
      variants,
    });
    s.expert!.placed = { kind: 'air', hex: hexIndex(s, '0406') };
    return s;
  };
  const battle = (s: SfoState) => {
    const b = legalBattles(s, 'soviet').find(
      (x) => x.defender === hexIndex(s, '0406') && x.attackers.length === 2,
    )!;
    expect(b.difference).toBe(4); // Fig. 14: tank 2 + infantry 1 + air 2 against 1
    return b;
  };
  // US: Z retreats into the forest 0307 with Y; then Z to 0207 and Y to 0206 (Fig. 14).
  const usFig14 = policy((s, o) => {
    if (o.type !== 'retreat') return true;
    const from = at(s, s.units[o.unit]!.id);
    const want = from === '0406' ? '0307' : s.units[o.unit]!.id === 'Z' ? '0207' : '0206';
    return hexIds(s, [o.to])[0] === want;
  });
  // Soviet: the tank advances into 0406, exploits into 0307, then Д follows into 0406 (Fig. 15 left).
  const sovietFig15 = policy((s, o, kind) => {
    if (kind === 'exploit') return o.type === 'advance' && hexIds(s, [o.to])[0] === '0307';
    if (kind === 'advance')
      return o.type === 'advance' && (s.units[o.unit]!.id === 'ZE' || at(s, 'ZE') === '0307');
    if (kind === 'eliminate') return o.type === 'eliminate' && s.units[o.unit]!.id === 'D';
    return true;
  });

  it('Fig. 14: DR is a breakthrough: Z retreats into 0307 onto Y, then both retreat again, to 0207 and 0206', () => {
    const s = make();
    expect(fightResult(s, battle(s), 5, { soviet: noAdvance, us: usFig14 })).toBe('DR'); // +4, die 5
    expect([at(s, 'Z'), at(s, 'Y')]).toEqual(['0207', '0206']);
    expect(s.stats.breakthroughs).toBe(1);
    expect(invariants(s)).toEqual([]);
  });

  it('Fig. 15 left: exploitation: the tank advances to 0406 and on into 0307, then Д advances into 0406', () => {
    const s = make();
    fightResult(s, battle(s), 5, { soviet: sovietFig15, us: usFig14 });
    expect([at(s, 'ZE'), at(s, 'D'), at(s, 'Z'), at(s, 'Y')]).toEqual(['0307', '0406', '0207', '0206']);
    expect(s.stats.exploitations).toBe(1);
    expect(invariants(s)).toEqual([]);
  });

  it('Fig. 15 right: with EX or DE, Z is eliminated and Y does not retreat; the tank may still exploit, not into Y', () => {
    for (const [die, result] of [
      [3, 'EX'],
      [1, 'DE'],
    ] as const) {
      const s = make();
      expect(fightResult(s, battle(s), die, { soviet: sovietFig15, us: usFig14 })).toBe(result);
      expect(at(s, 'Z')).toBe('eliminated');
      expect(at(s, 'Y')).toBe('0307');
      // EX: the Soviets also lose one unit (they chose Д), so the tank exploits alone
      expect(at(s, 'D')).toBe(result === 'EX' ? 'eliminated' : '0506');
      expect(at(s, 'ZE')).toBe('0406');
      expect(hexIds(s, exploitOptions(s, unit(s, 'ZE')))).not.toContain('0307');
      expect(invariants(s)).toEqual([]);
    }
  });

  it('without the optional rule the same DR retreats Z one hex only, Y stays, and only one unit advances', () => {
    const s = make([]);
    fightResult(s, battle(s), 5, { soviet: sovietFig15, us: usFig14 });
    expect([at(s, 'Z'), at(s, 'Y'), at(s, 'ZE'), at(s, 'D')]).toEqual(['0307', '0307', '0406', '0506']);
    expect(s.stats.breakthroughs + s.stats.exploitations).toBe(0);
  });

  it('no breakthrough against a forest hex, nor without a tank among the attackers', () => {
    const s = positionState({
      level: 'expert',
      soviet: [],
      us: [],
      at: { ZE: '0406', D: '0407', Y: '0307' },
      variants: ['armour-in-open'],
    });
    const b = legalBattles(s, 'soviet').find((x) => x.attackers.length === 2)!;
    fightResult(s, b, 2, { soviet: noAdvance, us: first }); // +1 vs forest 2: die 2 DR
    expect(s.stats.breakthroughs).toBe(0);
    const t = positionState({
      level: 'expert',
      soviet: [],
      us: [],
      at: { A: '0507', D: '0506', Z: '0406' },
      variants: ['armour-in-open'],
    });
    fightResult(t, legalBattles(t, 'soviet').find((x) => x.attackers.length === 2)!, 2, {
      soviet: noAdvance,
      us: first,
    });
    expect(t.stats.breakthroughs).toBe(0);
  });

  it('infiltration: a tank in enemy ZOC may step into another enemy-ZOC clear hex; infantry and forest may not', () => {
    // US X on 0504 and Y on 0705: every neighbour of 0604 is in US ZOC, so normally a unit there cannot move at all.
    const spec = {
      level: 'expert',
      soviet: [],
      us: [],
      at: { ZE: '0604', A: '0603', X: '0504', Y: '0705' },
    } as const;
    const s = positionState({ ...spec, variants: ['armour-in-open'] });
    const dests = (st: SfoState, id: string) =>
      hexIds(
        st,
        moveOptions(st, 'soviet').flatMap((o) =>
          o.type === 'move' && o.unit === unit(st, id) ? [o.to] : [],
        ),
      );
    expect(dests(s, 'ZE')).toEqual(['0505', '0605', '0704']); // clear only: not forest 0603
    const c = moveContext(s, 'soviet');
    expect(infiltrationHexes(s, unit(s, 'A'), mapOf(s), c.zoc, c.enemy)).toEqual([]);
    const plain = positionState(spec);
    expect(dests(plain, 'ZE')).toEqual([]);
    runPhase(
      s,
      'movement',
      'soviet',
      {
        soviet: policy(
          (st, o) => o.type === 'move' && st.units[o.unit]!.id === 'ZE' && hexIds(st, [o.to])[0] === '0505',
        ),
        us: first,
      },
      { seed: 1, game: 3 },
    );
    expect(at(s, 'ZE')).toBe('0505');
    expect(s.stats.infiltrations).toBe(1);
  });
});

describe('SFO 9 Expert: a strength difference above +5', () => {
  it('is legal and fought in the +5 column (Table 2 stops at +5): tank З, five infantry and Air support against W', () => {
    const s = positionState({
      level: 'expert',
      soviet: ['0604', '0604', '0605', '0605', '0504'],
      us: ['0505'],
      at: { ZE: '0504' },
    });
    s.expert!.placed = { kind: 'air', hex: hexIndex(s, '0505') };
    const b = legalBattles(s, 'soviet').find((x) => x.attackers.length === 6)!;
    expect([b.difference, columnLabel('expert', b.column)]).toEqual([8, '+5']); // 5 x 1 + 2 + air 2 - 1
    expect(fightResult(s, b, 4, { soviet: noAdvance, us: first })).toBe('EX'); // +5, die 4 (+3 and +4 give DR)
    expect(invariants(s)).toEqual([]);
  });
});

describe('SFO 9 Expert EX and disrupted units', () => {
  it('EX: both sides eliminate one unit, the other defender retreats, the attacker may advance', () => {
    const s = positionState({
      level: 'expert',
      soviet: ['0605', '0605', '0604', '0604', '0504'],
      us: ['0505', '0505'],
    });
    const b = legalBattles(s, 'soviet').find((x) => x.attackers.length === 5)!;
    expect(b.difference).toBe(3);
    const lostBefore = s.stats.soviet_units_lost;
    fightResult(s, b, 2, { soviet: policy((_s, o) => o.type !== 'no-advance'), us: first }); // +3, die 2: EX
    expect(s.stats.res_ex).toBe(1);
    expect(s.stats.soviet_units_lost).toBe(lostBefore + 1);
    const w = s.units[unit(s, 'W')]!;
    const x = s.units[unit(s, 'X')]!;
    expect([w.status, x.status].sort()).toEqual(['eliminated', 'map']);
    expect(hexIds(s, [(w.status === 'map' ? w : x).hex])).toEqual(['0405']);
    expect(s.units.filter((u) => u.side === 'soviet' && u.hex === hexIndex(s, '0505')).length).toBe(1); // advanced
    expect(invariants(s)).toEqual([]);
  });

  it('a disrupted unit defends with its 0-1-0 back side, cannot move and cannot attack', () => {
    const s = positionState({ level: 'expert', soviet: ['0605'], us: [], at: { 'WG-V': '0604' } });
    const v = unit(s, 'WG-V');
    expect(hexDefence(s, hexIndex(s, '0604'))).toBe(2); // pioneer 1-2-4 (parameter pioneer-factors)
    s.units[v]!.disrupted = true;
    expect(hexDefence(s, hexIndex(s, '0604'))).toBe(1);
    expect(moveOptions(s, 'us').some((o) => o.type === 'move' && o.unit === v)).toBe(false);
    expect(legalBattles(s, 'us')).toEqual([]);
    const t = positionState({
      level: 'expert',
      soviet: ['0605'],
      us: [],
      at: { 'WG-V': '0604' },
      params: { 'pioneer-factors': '2-1-4' },
    });
    expect(t.units[unit(t, 'WG-V')]!.offence).toBe(2);
    expect(hexDefence(t, hexIndex(t, '0604'))).toBe(1);
  });
});
