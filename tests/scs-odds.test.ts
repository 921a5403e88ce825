/**
 * Exact SCS battle odds (src/games/scs/odds.ts, computed from the game's code by enumerate.ts):
 * every table is a distribution, and small battles
 * match probabilities worked out by hand from 10.1 (fire order), the DRMs of 10.2-10.10 and the
 * default CRT set B (shock primary 4, shock secondary 5, combined/1E 5, mech 4, non-mech 5,
 * security 6, VI IC 5).
 */
import { describe, expect, it } from 'vitest';
import { columnTotals } from '../src/analysis/odds/format.js';
import { UserError } from '../src/core/errors.js';
import { enumerateBattle, forceDistribution } from '../src/games/scs/enumerate.js';
import { type BattleOdds, parseScsOdds, requestOdds, scsOdds } from '../src/games/scs/odds.js';
import { battleOdds, generatedBattleOdds } from './helpers/scs-odds-chain.js';

/** Known answers are worked with CRT set B (crt.json), named explicitly since the game's default is calibrated. */
const odds = (o: Record<string, string | true>): BattleOdds => requestOdds(parseScsOdds({ crt: 'B', ...o }));
const sum = (a: readonly number[]) => a.reduce((x, y) => x + y, 0);

/** Two 5-step shock battles against a supported force: every support marker in forest; VIII + Guderian in both readings with double six. */
const SUPPORTED: Record<string, string | true>[] = [
  {
    attacker: '5:shock',
    defender: 'mech:3,security:2',
    guderian: true,
    viii: true,
    ops: true,
    rotkopf: true,
    raid: true,
    forest: true,
  },
  {
    attacker: '5:shock',
    defender: 'mech:3,security:2',
    guderian: true,
    viii: true,
    errata: true,
    'double-six': true,
    'shock-first': true,
  },
];

function expectDistribution(o: BattleOdds): void {
  expect(o.taken + o.destroyed + o.stymied + o.unresolved).toBeCloseTo(1, 12);
  expect(sum(o.rounds)).toBeCloseTo(1, 12);
  expect(sum(o.sovietLost)).toBeCloseTo(1, 12);
  expect(sum(o.germanLost)).toBeCloseTo(1, 12);
  for (const p of [...o.rounds, ...o.sovietLost, ...o.germanLost]) expect(p).toBeGreaterThanOrEqual(0);
}

describe('sandtable odds scs: tables', () => {
  it('prints four distributions (hex taken, rounds, Soviet steps lost, German units lost) that each sum to 1', () => {
    const tables = scsOdds.compute({ attacker: '8:combined', defender: 'mech:1,nonmech:2' });
    expect(tables.map((t) => t.title.split(': ').pop())).toEqual([
      'P(hex taken)',
      'P(battle lasts exactly r rounds)',
      'Soviet steps lost',
      'German units lost',
    ]);
    for (const t of tables) expect(columnTotals(t)[0]).toBeCloseTo(1, 12);
    expect(tables[0]!.title).toContain('CRT E'); // the game's calibrated default (calibration.json);
    expect(tables[0]!.notes.join(' ')).toMatch(/drm-cumulative/);
    expect(tables[2]!.rows).toHaveLength(9); // 0..8 steps
    expect(tables[3]!.rows).toHaveLength(4); // 0..3 units
  });

  it('every kind and option set gives distributions summing to 1', () => {
    const cases: Record<string, string | true>[] = [
      { attacker: '8:combined' },
      { attacker: '8:shock', 'shock-first': true, vi: true, '1e': '6' },
      { attacker: '6:combined', kind: 'relief' },
      { attacker: '6:combined', kind: 'relief', rounds: '2', 'marker-in-garrison': true, hex: '2507' },
      { attacker: '6:combined', kind: 'breakout', pocket: '3' },
      ...SUPPORTED,
      { attacker: '2:combined', defender: 'nonmech:4', rounds: 'all', crt: 'A' },
      { attacker: '4:combined', crt: 'E', 'vi-round': '2', mf: '2', 'kill-order': 'security,nonmech,mech' },
    ];
    for (const c of cases) {
      expectDistribution(odds(c));
      for (const t of scsOdds.compute(c)) expect(columnTotals(t)[0]).toBeCloseTo(1, 12);
    }
  });
});

describe('SCS odds: hand-computed battles', () => {
  it('1-step combined army vs one non-mech, one round: German fires first (1/3), then the Soviet (1/3)', () => {
    const o = odds({ attacker: '1:combined', defender: 'nonmech:1', rounds: '1' });
    expect(o.destroyed).toBeCloseTo(1 / 3, 14);
    expect(o.taken).toBeCloseTo((2 / 3) * (1 / 3), 14);
    expect(o.stymied).toBeCloseTo(4 / 9, 14);
    expect(o.rounds).toEqual([0, 1]);
    expect(o.sovietLost[0]).toBeCloseTo(2 / 3, 14);
    expect(o.sovietLost[1]).toBeCloseTo(1 / 3, 14);
    expect(o.germanLost[1]).toBeCloseTo(2 / 9, 14);
  });

  it('the same battle to the death: P(taken) = (2/9) / (1 - 4/9) = 2/5, rounds geometric', () => {
    const o = odds({ attacker: '1:combined', defender: 'nonmech:1', rounds: 'all' });
    expect(o.taken).toBeCloseTo(2 / 5, 12);
    expect(o.destroyed).toBeCloseTo(3 / 5, 12);
    for (let r = 1; r <= 10; r++) expect(o.rounds[r]).toBeCloseTo((4 / 9) ** (r - 1) * (5 / 9), 12);
    expect(o.unresolved).toBeLessThan(1e-15);
  });

  it('up to 3 rounds (the default): P(stymied) = (4/9)^3', () => {
    const o = odds({ attacker: '1:combined', defender: 'nonmech:1' });
    expect(o.stymied).toBeCloseTo((4 / 9) ** 3, 14);
    expect(o.rounds[3]).toBeCloseTo((4 / 9) ** 2, 14);
    expect(odds({ attacker: '1:combined', defender: 'nonmech:1', mf: '1' }).stymied).toBeCloseTo(
      (4 / 9) ** 2,
      14,
    );
  });

  it('10.4: a mechanized unit hits on 4 in clear (1/2) and needs 5 in forest (1/3)', () => {
    expect(odds({ attacker: '1:combined', defender: 'mech:1', rounds: '1' }).destroyed).toBeCloseTo(
      1 / 2,
      14,
    );
    expect(
      odds({ attacker: '1:combined', defender: 'mech:1', rounds: '1', forest: true }).destroyed,
    ).toBeCloseTo(1 / 3, 14);
    // --hex 2408 is a forest hex of the game's map
    expect(
      odds({ attacker: '1:combined', defender: 'mech:1', rounds: '1', hex: '2408' }).destroyed,
    ).toBeCloseTo(1 / 3, 14);
  });

  it('10.1 step 1: a shock army on its first attack fires primary (4+) before the Germans, then not in step 4', () => {
    const o = odds({ attacker: '1:shock', 'shock-first': true, defender: 'nonmech:1', rounds: '1' });
    expect(o.taken).toBeCloseTo(1 / 2, 14);
    expect(o.destroyed).toBeCloseTo(1 / 6, 14);
    expect(o.stymied).toBeCloseTo(1 / 3, 14);
    // not its first attack: secondary column (5+) in step 4, after the Germans
    const later = odds({ attacker: '1:shock', defender: 'nonmech:1', rounds: '1' });
    expect(later.taken).toBeCloseTo(2 / 9, 14);
    // never primary against a relief force (10.2): German +1 (4+), then secondary 5+
    const relief = odds({
      attacker: '1:shock',
      'shock-first': true,
      defender: 'nonmech:1',
      rounds: '1',
      kind: 'relief',
    });
    expect(relief.taken).toBeCloseTo((1 / 2) * (1 / 3), 14);
  });

  it('shock-double-six: an unmodified 6 in primary fire scores two hits', () => {
    // 1 die vs 2 non-mech: only a 6 can clear the hex before the Germans fire
    const o = odds({
      attacker: '1:shock',
      'shock-first': true,
      defender: 'nonmech:2',
      rounds: '1',
      'double-six': true,
    });
    expect(o.taken).toBeCloseTo(1 / 6, 14);
    expect(odds({ attacker: '1:shock', 'shock-first': true, defender: 'nonmech:2', rounds: '1' }).taken).toBe(
      0,
    );
  });

  it('6.3: 1E absorbs the hits first (and with it gone, it no longer fires)', () => {
    // primary 4+ (1/2) kills the mech; else the mech (4+) hits 1E, which then cannot fire in step 4;
    // else 1E fires on the combined column (5+)
    const o = odds({ attacker: '1:shock', 'shock-first': true, '1e': '1', defender: 'mech:1', rounds: '1' });
    expect(o.taken).toBeCloseTo(1 / 2 + (1 / 2) * (1 / 2) * (1 / 3), 14);
    expect(o.destroyed).toBe(0);
    expect(o.sovietLost[1]).toBeCloseTo(1 / 4, 14);
  });

  it('10.10: a Raid gives the Soviets +1 in the first round only', () => {
    const r1 = odds({ attacker: '1:combined', defender: 'nonmech:1', raid: true, rounds: '1' });
    expect(r1.taken).toBeCloseTo((2 / 3) * (1 / 2), 14);
    const r2 = odds({ attacker: '1:combined', defender: 'nonmech:1', raid: true, rounds: '2' });
    expect(r2.taken - r1.taken).toBeCloseTo((2 / 3) * (1 / 2) * (2 / 3) * (1 / 3), 14);
  });

  it('10.11: the VI IC fires after security, unmodified (5+), one die per German unit, in its round only', () => {
    const o = odds({ attacker: '1:combined', defender: 'nonmech:1', vi: true, rounds: '1' });
    expect(o.taken).toBeCloseTo(2 / 9 + (4 / 9) * (1 / 3), 14);
    expect(o.destroyed).toBeCloseTo(1 / 3, 14); // the VI IC may still kill the German, the battle is lost
    expect(o.germanLost[1]).toBeCloseTo(2 / 9 + (4 / 9) * (1 / 3) + (1 / 3) * (1 / 3), 14);
    const late = odds({ attacker: '1:combined', defender: 'nonmech:1', 'vi-round': '2', rounds: '1' });
    expect(late.taken).toBeCloseTo(2 / 9, 14);
    // not modified by the Raid
    const raid = odds({ attacker: '1:combined', defender: 'security:1', vi: true, raid: true, rounds: '1' });
    expect(raid.taken).toBeCloseTo(1 / 2 + (1 / 2) * (5 / 6) * (1 / 3), 14);
  });

  it('10.6-10.8: VIII FK and Guderian give +2 (1.4) or +1 (errata reading); Ops E&C +1 in round 1 only', () => {
    const both = {
      attacker: '1:combined',
      defender: 'nonmech:1',
      guderian: true,
      viii: true,
      rounds: '1',
    } as const;
    expect(odds(both).destroyed).toBeCloseTo(2 / 3, 14); // 5 - 2: hit on 3+
    expect(odds({ ...both, errata: true }).destroyed).toBeCloseTo(1 / 2, 14); // hit on 4+
    expect(
      odds({ attacker: '1:combined', defender: 'nonmech:1', viii: true, rounds: '1' }).destroyed,
    ).toBeCloseTo(1 / 2, 14);
    const ops = odds({ attacker: '1:combined', defender: 'nonmech:1', ops: true, rounds: '2' });
    // round 1: German 1/2; round 2 (after both missed): German 1/3
    expect(ops.destroyed).toBeCloseTo(1 / 2 + (1 / 2) * (2 / 3) * (1 / 3), 14);
  });

  it('10.9: Rotkopf helps mechanized and non-mechanized fire, not security', () => {
    expect(
      odds({ attacker: '1:combined', defender: 'mech:1', rotkopf: true, rounds: '1' }).destroyed,
    ).toBeCloseTo(2 / 3, 14);
    expect(
      odds({ attacker: '1:combined', defender: 'security:1', rotkopf: true, rounds: '1' }).destroyed,
    ).toBeCloseTo((2 / 3) * (1 / 6), 14);
  });

  it('10.2: relief forces fire at +1 every round; relief-ignores-support drops the markers, not the +1', () => {
    const o = odds({ attacker: '1:combined', defender: 'nonmech:1', kind: 'relief', rounds: 'all' });
    // per round: German 1/2, then Soviet 1/3: P(taken) = (1/6) / (1 - 1/3)
    expect(o.taken).toBeCloseTo(1 / 4, 12);
    const ign = odds({
      attacker: '1:combined',
      defender: 'nonmech:1',
      kind: 'relief',
      rounds: '1',
      viii: true,
      'relief-ignores-support': true,
    });
    expect(ign.destroyed).toBeCloseTo(1 / 2, 14);
  });

  it('8.6: a breakout is one half-round at +1 with no Soviet fire', () => {
    const o = odds({ attacker: '1:combined', defender: 'nonmech:1', kind: 'breakout' });
    expect(o.destroyed).toBeCloseTo(1 / 2, 14);
    expect(o.taken).toBeCloseTo(1 / 2, 14);
    expect(o.germanLost).toEqual([1]);
    // two steps against mech (4+ -> 3+) and security (6 -> 5+): all four hit combinations
    const two = odds({ attacker: '2:combined', defender: 'mech:1,security:1', kind: 'breakout' });
    expect(two.sovietLost[2]).toBeCloseTo((2 / 3) * (1 / 3), 14);
    expect(two.sovietLost[0]).toBeCloseTo((1 / 3) * (2 / 3), 14);
  });

  it('10.14: the kill order decides which German type survives the first hit', () => {
    // 3 Soviet steps vs mech + security, one round: the mech has fired before step 4, so killing the
    // security unit first spares its step-5 fire; the number of kills (and P(taken)) is the same
    const mechFirst = odds({ attacker: '3:combined', defender: 'mech:1,security:1', rounds: '1' });
    const secFirst = odds({
      attacker: '3:combined',
      defender: 'mech:1,security:1',
      rounds: '1',
      'kill-order': 'security,mech,nonmech',
    });
    expect(mechFirst.taken).toBeCloseTo(secFirst.taken, 14);
    const mean = (d: readonly number[]) => d.reduce((a, p, i) => a + i * p, 0);
    expect(mean(secFirst.sovietLost)).toBeLessThan(mean(mechFirst.sovietLost));
    const m3 = odds({ attacker: '3:combined', defender: 'mech:2,security:1', rounds: '2' });
    const s3 = odds({
      attacker: '3:combined',
      defender: 'mech:2,security:1',
      rounds: '2',
      'kill-order': 'security,mech,nonmech',
    });
    expect(m3.taken).toBeGreaterThan(s3.taken); // killing the mech first saves Soviet steps in round 2
  });

  it('a marker-only force: the hex falls without a fight (8.10)', () => {
    const o = odds({ attacker: '3:combined', defender: 'mech:0', viii: true });
    expect(o).toMatchObject({ taken: 1, unfought: 1, rounds: [1] });
  });
});

describe('SCS odds: generated defenders', () => {
  it('the drawn force follows the multivariate hypergeometric over the force-generation die (forces.ts, pool.ts)', () => {
    // a mech marker + 1d6-1 draws without replacement from 3 mech, 2 non-mech and a Raid
    const r = parseScsOdds({
      attacker: '8:combined',
      marker: 'mech',
      pool: 'mech:3,nonmech:2,security:0,guderian:0,ops:0,rotkopf:0,raid:1,viii:0',
    });
    const d = forceDistribution(
      r.spec,
      'generated' in r.defence ? r.defence.generated : (undefined as never),
    );
    expect(sum(d.map((x) => x.p))).toBeCloseTo(1, 14);
    const p = (c: number[]) => d.find((x) => x.counts.join() === c.join())?.p ?? 0;
    // die 4 (3 draws): one of each type in 3 * 2 * 1 of the C(6,3) = 20 draws; all 3 mech in 1
    expect(p([2, 1, 0, 0, 0, 0, 0, 1])).toBeCloseTo((1 / 6) * (6 / 20), 14);
    expect(p([4, 0, 0, 0, 0, 0, 0, 0])).toBeCloseTo((1 / 6) * (1 / 20), 14);
    // die 1: the marker alone
    expect(p([1, 0, 0, 0, 0, 0, 0, 0])).toBeCloseTo(1 / 6, 14);
  });

  it('marker + 1d6-1 from a pool of 3 mech and 3 raids: P(marker-only) = (1/6)(1/2 + 1/5 + 1/20)', () => {
    const o = odds({
      attacker: '8:combined',
      pool: 'mech:3,nonmech:0,security:0,guderian:0,ops:0,rotkopf:0,raid:3,viii:0',
    });
    expect(o.unfought).toBeCloseTo((1 / 2 + 1 / 5 + 1 / 20) / 6, 14);
    expectDistribution(o);
  });

  it('the marker-in-garrison reading: on a 1 the marker returns and the hex falls', () => {
    const o = odds({ attacker: '8:combined', 'marker-in-garrison': true, marker: 'mech' });
    expect(o.unfought).toBeCloseTo(1 / 6, 14);
    const r = parseScsOdds({
      attacker: '8:combined',
      kind: 'relief',
      'marker-in-garrison': true,
      marker: 'mech',
    });
    const dist = forceDistribution(
      r.spec,
      'generated' in r.defence ? r.defence.generated : (undefined as never),
    );
    // 1d6 counters with the mech marker among them: 1 to 6 counters, each with probability 1/6
    const bySize = [0, 0, 0, 0, 0, 0, 0];
    for (const x of dist) bySize[sum(x.counts)]! += x.p;
    expect(bySize.slice(1)).toEqual(bySize.slice(1).map(() => expect.closeTo(1 / 6, 12)));
    for (const x of dist) expect(x.counts[0]).toBeGreaterThanOrEqual(1);
  });

  it('a generated force is the die-weighted mixture of the explicit battles (one composition per die)', () => {
    // pool of non-mech only: the garrison is 1..6 non-mech with probability 1/6 each
    const pool = 'mech:0,nonmech:20,security:0,guderian:0,ops:0,rotkopf:0,raid:0,viii:0';
    const gen = odds({ attacker: '6:combined', pool });
    let taken = 0;
    for (let k = 1; k <= 6; k++)
      taken += odds({ attacker: '6:combined', defender: `nonmech:${k}` }).taken / 6;
    expect(gen.taken).toBeCloseTo(taken, 13);
    // breakout from a 2-hex pocket: 0..10 units, the two-dice sum of 1d6-1
    const br = odds({ attacker: '3:combined', kind: 'breakout', pocket: '2', pool });
    let destroyed = 0;
    for (let a = 0; a < 6; a++)
      for (let b = 0; b < 6; b++)
        if (a + b > 0)
          destroyed +=
            odds({ attacker: '3:combined', kind: 'breakout', defender: `nonmech:${a + b}` }).destroyed / 36;
    expect(br.destroyed).toBeCloseTo(destroyed, 13);
    expect(br.unfought).toBeCloseTo(1 / 36, 14);
  });

  it('10.7: below row 09 Guderian never defends (the draws are among the other counters)', () => {
    const r = parseScsOdds({ attacker: '8:combined', hex: '2507' });
    expect('generated' in r.defence && r.defence.generated.pool[3]).toBe(0);
    expect(r.notes.join(' ')).toMatch(/row 09/);
    const r2 = parseScsOdds({ attacker: '8:combined', hex: '2410' });
    expect('generated' in r2.defence && r2.defence.generated.pool[3]).toBe(1);
  });

  it("the default pool is the game's start pool (3.3): 24 mech, 88 non-mech (calibration.json), 5 security, Guderian, Ops, Rotkopf, 2 Raids", () => {
    const r = parseScsOdds({});
    expect('generated' in r.defence && r.defence.generated.pool).toEqual([24, 88, 5, 1, 0, 1, 1, 2]);
  });

  it('odds scs (from combat.ts) equals the independent chain model to 1e-14 on a given force', () => {
    const r = parseScsOdds({ attacker: '5:combined', defender: 'mech:2,nonmech:1', rotkopf: true });
    const chain = battleOdds(r.spec, [2, 1, 0, 0, 0, 0, 1, 0]);
    const engine = requestOdds(r);
    for (const k of ['taken', 'destroyed', 'stymied', 'unresolved', 'unfought'] as const)
      expect(engine[k]).toBeCloseTo(chain[k], 14);
    for (const k of ['rounds', 'sovietLost', 'germanLost'] as const) {
      expect(engine[k]).toHaveLength(chain[k].length);
      for (const [i, p] of engine[k].entries()) expect(p).toBeCloseTo(chain[k][i]!, 14);
    }
  });

  const generated: Record<string, string | true>[] = [
    { attacker: '8:combined' },
    { attacker: '6:shock', 'shock-first': true, hex: '2507', vi: true },
    { attacker: '8:combined', kind: 'relief', 'marker-in-garrison': true },
    { attacker: '6:combined', kind: 'relief', rounds: '2', marker: 'raid' },
    { attacker: '6:combined', kind: 'breakout', pocket: '2' },
  ];
  for (const c of generated) {
    it(`a generated force from forces.ts and combat.ts equals the chain model's hypergeometric mixture: ${JSON.stringify(c)}`, () => {
      const r = parseScsOdds({ crt: 'B', ...c });
      if (!('generated' in r.defence)) throw new Error('a generated force expected');
      const chain = generatedBattleOdds(r.spec, r.defence.generated);
      const engine = requestOdds(r);
      for (const k of ['taken', 'destroyed', 'stymied', 'unfought'] as const)
        expect(engine[k]).toBeCloseTo(chain[k], 12);
      for (const k of ['rounds', 'sovietLost', 'germanLost'] as const)
        for (const [i, p] of engine[k].entries()) expect(p).toBeCloseTo(chain[k][i] ?? 0, 12);
    });
  }
});

describe('SCS odds: option errors', () => {
  const bad: [Record<string, string | true>, RegExp][] = [
    [{ attacker: '8:cavalry' }, /--attacker/],
    [{ attacker: '13:combined' }, /1\.\.12/],
    [{ kind: 'siege' }, /--kind/],
    [{ defender: 'tiger:1' }, /unknown counter type/],
    [{ defender: 'mech:1', pool: 'mech:3' }, /generated force/],
    [{ guderian: true }, /needs --defender/],
    [{ crt: 'Z' }, /--crt/],
    [{ rounds: '2', mf: '1' }, /not both/],
    [{ 'kill-order': 'mech,mech,security' }, /--kill-order/],
    [{ 'shock-first': true }, /shock army/],
    [{ hex: '9999' }, /--hex/],
    [{ pool: 'mech:1,nonmech:0,security:0,guderian:0,ops:0,rotkopf:0,raid:0' }, /pool would run out/],
  ];
  for (const [o, re] of bad) {
    it(`rejects ${JSON.stringify(o)}`, () => {
      expect(() => scsOdds.compute(o)).toThrow(UserError);
      expect(() => scsOdds.compute(o)).toThrow(re);
    });
  }
});

describe('SCS odds from combat.ts (explicit-chance enumeration) equal the independent chain model', () => {
  const cases: Record<string, string | true>[] = [
    { attacker: '1:combined', defender: 'nonmech:1', rounds: 'all' },
    { attacker: '8:combined', defender: 'mech:1,nonmech:2' },
    ...SUPPORTED,
    {
      attacker: '6:combined',
      '1e': '2',
      kind: 'relief',
      defender: 'mech:1,nonmech:2',
      viii: true,
      guderian: true,
    },
    {
      attacker: '3:combined',
      defender: 'nonmech:1,security:3',
      'vi-round': '2',
      'kill-order': 'security,nonmech,mech',
    },
  ];
  for (const c of cases) {
    it(JSON.stringify(c), () => {
      const r = parseScsOdds({ crt: 'B', ...c });
      if (!('explicit' in r.defence)) throw new Error('an explicit force expected');
      const chain = battleOdds(r.spec, r.defence.explicit);
      const engine = enumerateBattle(r.spec as Parameters<typeof enumerateBattle>[0], r.defence.explicit);
      for (const k of ['taken', 'destroyed', 'stymied'] as const) expect(engine[k]).toBeCloseTo(chain[k], 14);
      for (const k of ['rounds', 'sovietLost', 'germanLost'] as const) {
        expect(engine[k]).toHaveLength(chain[k].length);
        for (const [i, p] of engine[k].entries()) expect(p).toBeCloseTo(chain[k][i]!, 14);
      }
      expect(requestOdds(r).taken).toBe(engine.taken); // odds scs answers from combat.ts
    });
  }
});
