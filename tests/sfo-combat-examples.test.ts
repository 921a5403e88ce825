import { describe, expect, it } from 'vitest';
import {
  advanceOptions,
  type Battle,
  hexDefence,
  legalBattles,
  makeBattle,
  retreatOptions,
} from '../src/games/sfo/combat.js';
import { columnLabel } from '../src/games/sfo/crt.js';
import { invariants } from '../src/games/sfo/invariants.js';
import type { SfoState } from '../src/games/sfo/state.js';
import { fightResult, hexIds, hexIndex, positionState, scriptedPolicy } from './helpers/sfo.js';

const unit = (s: SfoState, id: string) => s.units.findIndex((u) => u.id === id);
const first = scriptedPolicy(() => true);
const noAdvance = scriptedPolicy((o) => o.type !== 'advance');
const describeBattle = (s: SfoState, b: Battle) =>
  `${b.attackers
    .map((a) => s.units[a]!.id)
    .sort()
    .join(
      '+',
    )}>${s.units.find((u) => u.status === 'map' && u.hex === b.defender)!.id}@${columnLabel(s.rules.level, b.column)}`;

describe('SFO 9 combat (Fig. 11): choices and columns', () => {
  // US X 0504, Y 0505, Z 0306; Soviet B (unit 1) on 0604 touches X and Y, E (unit 5) on 0605 touches Y only.
  const spec = {
    soviet: ['0101', '0604', '0103', '0104', '0108', '0605'],
    us: ['0302', '0504', '0505', '0306'],
  } as const;

  it('Basic: B+E against Y uses the 2-attackers column; one-on-one battles use column 1; nobody can attack Z', () => {
    const s = positionState({
      level: 'basic',
      ...spec,
      soviet: ['0801', '0604', '0806', '0902', '0907', '0605'],
    });
    const all = legalBattles(s, 'soviet')
      .map((b) => describeBattle(s, b))
      .sort();
    expect(all).toEqual(['B+E>Y@2 attackers', 'B>X@1 attackers', 'B>Y@1 attackers', 'E>Y@1 attackers']);
  });

  it('Advanced: B+E against Y is strength difference +1, each one-on-one battle 0', () => {
    const s = positionState({
      level: 'advanced',
      ...spec,
      soviet: ['0801', '0604', '0806', '0902', '0907', '0605'],
    });
    const all = legalBattles(s, 'soviet')
      .map((b) => describeBattle(s, b))
      .sort();
    expect(all).toEqual(['B+E>Y@+1', 'B>X@0', 'B>Y@0', 'E>Y@0']);
  });

  it('a unit attacks only once per turn: after B attacks X, B cannot join against Y', () => {
    const s = positionState({
      level: 'basic',
      ...spec,
      soviet: ['0801', '0604', '0806', '0902', '0907', '0605'],
    });
    const bx = legalBattles(s, 'soviet').find((b) => describeBattle(s, b) === 'B>X@1 attackers')!;
    fightResult(s, bx, 3, { soviet: first, us: first }); // column 1, die 3: NE
    const all = legalBattles(s, 'soviet')
      .map((b) => describeBattle(s, b))
      .sort();
    expect(all).toEqual(['E>Y@1 attackers']);
  });

  it('variant one-attack-per-hex: a hex attacked once cannot be attacked again that phase', () => {
    const s = positionState({
      level: 'basic',
      ...spec,
      soviet: ['0801', '0604', '0806', '0902', '0907', '0605'],
      variants: ['one-attack-per-hex'],
    });
    const by = legalBattles(s, 'soviet').find((b) => describeBattle(s, b) === 'B>Y@1 attackers')!;
    fightResult(s, by, 3, { soviet: first, us: first });
    expect(legalBattles(s, 'soviet')).toEqual([]);
  });
});

describe('SFO 9.2 retreat (Fig. 12): US 3-unit attack on Soviet E at 0706', () => {
  // US on 0705, 0605, 0606 (Basic); Soviet E on 0706.
  const make = (variants: string[], extraUs: string[] = []) =>
    positionState({ level: 'basic', soviet: ['0706'], us: ['0705', '0605', '0606', ...extraUs], variants });

  it('E may retreat only to 0806: 0707 and 0805 are in US ZOC', () => {
    const s = make([]);
    expect(hexIds(s, retreatOptions(s, 0))).toEqual(['0806']);
  });

  it('chart-basic variant: a 1 gives DE; unified Table 2: a 1 gives EX (= DR in Basic); 2-5 give DR on both', () => {
    for (const [variant, die, expected] of [
      ['crt-chart-basic', 1, 'DE'],
      ['crt-unified', 1, 'EX'],
      ['crt-chart-basic', 2, 'DR'],
      ['crt-unified', 5, 'DR'],
    ] as const) {
      const s = make([variant]);
      const b = makeBattle(s, hexIndex(s, '0706'), [unit(s, 'W'), unit(s, 'X'), unit(s, 'Y')]);
      expect(columnLabel('basic', b.column)).toBe('3 attackers');
      const r = fightResult(s, b, die, { soviet: first, us: noAdvance });
      expect(r).toBe(expected);
      const e = s.units[0]!;
      if (expected === 'DE') expect(e.status).toBe('eliminated');
      else expect(s.units[0]!.hex).toBe(hexIndex(s, '0806'));
      expect(invariants(s)).toEqual([]);
    }
  });

  it('Fig. 12 known answers for dice 3, 4 and 6 ("other results would result in DR"): neither 3-attacker column gives DR on a 6; Table 2\'s +3 column does', () => {
    // Basic allows at most these three attackers: a US unit on 0707 or 0805, the other hexes next
    // to 0706, would put 0806 in US ZOC and leave E no retreat, which the figure says it has.
    for (const h of ['0707', '0805']) expect(retreatOptions(make([], [h]), 0)).toEqual([]);
    for (const [variant, six] of [
      ['crt-unified', 'NE'],
      ['crt-chart-basic', 'AR'],
    ] as const) {
      const got = [3, 4, 6].map((die) => {
        const s = make([variant]);
        const b = makeBattle(s, hexIndex(s, '0706'), [unit(s, 'W'), unit(s, 'X'), unit(s, 'Y')]);
        return fightResult(s, b, die, { soviet: first, us: noAdvance });
      });
      expect(got).toEqual(['DR', 'DR', six]);
    }
    // Advanced, four US units from the same three hexes (two stacked on 0705): +3, Table 2.
    for (const die of [3, 4, 6]) {
      const s = positionState({ level: 'advanced', soviet: ['0706'], us: ['0705', '0705', '0605', '0606'] });
      const b = legalBattles(s, 'us').find((x) => x.attackers.length === 4)!;
      expect([b.attackers.length, hexIds(s, [b.defender])[0], columnLabel('advanced', b.column)]).toEqual([
        4,
        '0706',
        '+3',
      ]);
      expect(fightResult(s, b, die, { soviet: first, us: noAdvance })).toBe('DR');
      expect(hexIds(s, [s.units[0]!.hex])).toEqual(['0806']);
      expect(invariants(s)).toEqual([]);
    }
  });

  it('had a US unit stood on 0807, E could not retreat and a DR eliminates it', () => {
    const s = make([], ['0807']);
    expect(retreatOptions(s, 0)).toEqual([]);
    const b = makeBattle(s, hexIndex(s, '0706'), [unit(s, 'W'), unit(s, 'X'), unit(s, 'Y')]);
    const lost = s.stats.soviet_units_lost;
    expect(fightResult(s, b, 2, { soviet: first, us: noAdvance })).toBe('DR');
    expect(s.units[0]!.status).toBe('eliminated');
    expect(s.stats.soviet_units_lost).toBe(lost + 1);
  });

  it('SFO 9.3: after the retreat one attacker may advance into 0706, ignoring ZOC', () => {
    const s = make([]);
    const b = makeBattle(s, hexIndex(s, '0706'), [unit(s, 'W'), unit(s, 'X'), unit(s, 'Y')]);
    const advanceX = scriptedPolicy((o) => o.type === 'advance' && o.unit === unit(s, 'X'));
    fightResult(s, b, 2, { soviet: first, us: advanceX });
    expect(s.units[unit(s, 'X')]!.hex).toBe(hexIndex(s, '0706'));
    expect(s.units[unit(s, 'W')]!.hex).toBe(hexIndex(s, '0705')); // only one advances
  });

  it('retreat may not enter friendly units in Basic, may join a single friendly unit in Advanced', () => {
    const basic = positionState({ level: 'basic', soviet: ['0706', '0806'], us: ['0705', '0605', '0606'] });
    expect(retreatOptions(basic, 0)).toEqual([]);
    const adv = positionState({ level: 'advanced', soviet: ['0706', '0806'], us: ['0705', '0605', '0606'] });
    expect(hexIds(adv, retreatOptions(adv, 0))).toEqual(['0806']);
    const full = positionState({
      level: 'advanced',
      soviet: ['0706', '0806', '0806'],
      us: ['0705', '0605', '0606'],
    });
    expect(retreatOptions(full, 0)).toEqual([]);
  });

  it('no retreat into forest in Basic; allowed in Advanced', () => {
    // Soviet on 0507 attacked from 0607/0508 side: 0506 forest is a neighbour
    const basic = positionState({ level: 'basic', soviet: ['0507'], us: ['0607'] });
    expect(hexIds(basic, retreatOptions(basic, 0))).not.toContain('0506');
    const adv = positionState({ level: 'advanced', soviet: ['0507'], us: ['0607'] });
    expect(hexIds(adv, retreatOptions(adv, 0))).toContain('0506');
  });
});

describe('SFO 9 Advanced: forest defence and combat integrity (Fig. 13)', () => {
  // Soviet stack on 0605; US Z in forest 0506, US X on 0604.
  const s0 = () =>
    positionState({ level: 'advanced', soviet: ['0605', '0605'], us: ['0101', '0604', '0103', '0506'] });

  it('forest adds +1 per hex: one defender 1+1 = 2, so the 1+1 stack attacks at 2 - 2 = 0', () => {
    const s = s0();
    expect(hexDefence(s, hexIndex(s, '0506'))).toBe(2);
    const z = legalBattles(s, 'soviet').filter((b) => b.defender === hexIndex(s, '0506'));
    expect(z.map((b) => [b.attackers.length, b.difference])).toEqual([[2, 0]]);
    const two = positionState({ level: 'advanced', soviet: ['0605'], us: ['0506', '0506'] });
    expect(hexDefence(two, hexIndex(two, '0506'))).toBe(3);
  });

  it('the stack on 0605 attacks whole: never one unit alone, and once it has attacked Z it cannot attack X', () => {
    const s = s0();
    for (const b of legalBattles(s, 'soviet')) expect(b.attackers.length).toBe(2);
    const z = legalBattles(s, 'soviet').find((b) => b.defender === hexIndex(s, '0506'))!;
    fightResult(s, z, 3, { soviet: first, us: first }); // column 0, die 3: NE
    expect(legalBattles(s, 'soviet')).toEqual([]);
  });

  it('a negative strength difference is not a legal battle', () => {
    const s = positionState({ level: 'advanced', soviet: ['0605'], us: ['0506', '0506'] });
    expect(legalBattles(s, 'soviet')).toEqual([]);
  });

  it('all defenders of a stack defend and retreat (possibly to different hexes); elim-all DE removes both', () => {
    const s = positionState({
      level: 'advanced',
      soviet: ['0605', '0605', '0604', '0604', '0504'],
      us: ['0505', '0505'],
    });
    const b = legalBattles(s, 'soviet').find(
      (x) => x.attackers.length === 5 && x.defender === hexIndex(s, '0505'),
    );
    expect(b?.difference).toBe(3);
    fightResult(s, b!, 1, { soviet: noAdvance, us: first }); // +3, die 1: DE
    expect(s.units.filter((u) => u.side === 'us' && u.status === 'eliminated').length).toBe(4); // 2 unlisted + 2 killed
    expect(invariants(s)).toEqual([]);
  });

  it('variant elim-one: DE eliminates one defender and the other retreats', () => {
    const s = positionState({
      level: 'advanced',
      soviet: ['0605', '0605', '0604', '0604', '0504'],
      us: ['0505', '0505'],
      variants: ['elim-one'],
    });
    const b = legalBattles(s, 'soviet').find(
      (x) => x.attackers.length === 5 && x.defender === hexIndex(s, '0505'),
    )!;
    fightResult(s, b, 1, { soviet: noAdvance, us: first });
    const w = s.units[unit(s, 'W')]!;
    const x = s.units[unit(s, 'X')]!;
    expect([w.status, x.status].sort()).toEqual(['eliminated', 'map']);
    const survivor = w.status === 'map' ? w : x;
    expect(survivor.hex).toBe(hexIndex(s, '0405')); // the only hex outside Soviet ZOC
    expect(invariants(s)).toEqual([]);
  });

  it('AE with elim-all eliminates every attacker; AR retreats each attacker from its own hex', () => {
    const s = positionState({ level: 'advanced', soviet: ['0605', '0704'], us: ['0604'] });
    const b = legalBattles(s, 'soviet').find((x) => x.attackers.length === 2)!;
    expect(b.difference).toBe(1);
    fightResult(s, b, 5, { soviet: first, us: first }); // +1, die 5: AR
    expect(s.units[0]!.hex).not.toBe(hexIndex(s, '0605'));
    expect(s.units[1]!.hex).not.toBe(hexIndex(s, '0704'));
    const t = positionState({ level: 'advanced', soviet: ['0605'], us: ['0604'] });
    fightResult(t, legalBattles(t, 'soviet')[0]!, 6, { soviet: first, us: first }); // 0, die 6: AE
    expect(t.units[0]!.status).toBe('eliminated');
  });

  it('advance: not into forest in Basic (no unit stands there); into forest in Advanced', () => {
    const s = positionState({
      level: 'advanced',
      soviet: ['0605', '0605'],
      us: ['0101', '0604', '0103', '0506'],
    });
    const z = legalBattles(s, 'soviet').find((b) => b.defender === hexIndex(s, '0506'))!;
    fightResult(s, z, 1, { soviet: noAdvance, us: first }); // 0, die 1: DR
    expect(advanceOptions(s, z).length).toBe(2);
  });
});
