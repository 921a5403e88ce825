/**
 * C-10 (DC 13, 16; docs/games/dc.md "Chance and odds"): the whole-battle chain of battle-chain.ts against the engine: battles
 * fought by combat.ts `battleStep` with the chain's stated allocation and continuation rules end
 * as often as the exact chain says; the Monte Carlo estimate agrees with the exact chain.
 */
import { describe, expect, it } from 'vitest';
import {
  type BattleChainSpec,
  CHAIN_ENDS,
  ChainBattle,
  type ChainEnd,
} from '../src/games/dc/battle-chain.js';
import { battleChain, exactChain, sampledChain } from '../src/games/dc/chain-odds.js';
import { alive, applyBattle, canFire, makeBattle } from '../src/games/dc/combat.js';
import { fireTotal } from '../src/games/dc/firepower.js';
import { defenderLosses } from '../src/games/dc/losses.js';
import { dcOdds } from '../src/games/dc/odds.js';
import { battleStep } from './helpers/dc.js';

/** One battle fought by the engine on the chain's position, answering by the chain's stated rules. */
function engineBattle(c: ChainBattle): ChainEnd {
  const { s, ws, spec } = c;
  c.load(c.start());
  // a point taken changed hands: back to the defender (and the supply caches keyed on control renewed)
  if (s.control[c.target] === spec.attacker) {
    s.control[c.target] = spec.attacker === 0 ? 1 : 0;
    s.cv++;
  }
  s.airAt = [];
  s.airUp = [];
  s.airFree = 0;
  s.stack.length = 0;
  const b = makeBattle(s, c.target, spec.attacker, spec.bt);
  if (spec.attacker === 0) b.airAtt = spec.airGer;
  else b.airDef = spec.airGer;
  s.stack.push({ t: 'battle', b });
  // the stated all-out rule: up to the spec's count, the attacker when first asked, the defender in round 2
  let att = spec.allOutAtt ?? 0;
  let def = spec.allOutDef ?? 0;
  for (let guard = 0; guard < 10000; guard++) {
    const d = battleStep(s, ws, b);
    if (d === null) break;
    let k = 0;
    if (d.kind === 'loss') {
      const side = d.side === 'axis' ? 0 : 1;
      const units = side === spec.attacker ? b.attackers : b.defenders;
      const want = s.units[c.pick(units, b.fortLeft > 0)]!;
      const sig = (i: number) => {
        const u = s.units[i]!;
        return `${u.t}|${u.losses}|${u.disp}|${u.fort}|${u.allOut}`;
      };
      k = d.options.findIndex((o) => sig(o.unit) === sig(units.find((i) => s.units[i] === want)!));
      expect(k).toBeGreaterThanOrEqual(0);
    } else if (d.kind === 'continue' || d.kind === 'sim-continue') {
      const attacker = b.stage === 'att-cont' || b.stage === 'sim-att';
      k = (attacker ? c.attackerGoesOn() : canFire(s, b.defenders)) ? 0 : 1;
    } else if (d.kind === 'allout-att') {
      k = Math.min(att, d.options.length - 1);
      att -= k;
    } else if (d.kind === 'allout-def') {
      k = b.round === 2 ? Math.min(def, d.options.length - 1) : 0;
      def -= k;
    } else expect(d.kind).toBe('hq-assign');
    applyBattle(s, ws, b, d, k);
    // an answer that ended the battle popped it (or pushed the defenders' retreat)
    const top = s.stack[s.stack.length - 1];
    if (b.outcome === 'def-retreat' || top?.t !== 'battle' || top.b !== b) break;
  }
  if (b.outcome === 'def-retreat') return 'def-retreat';
  if (!alive(s, b.attackers)) return 'att-eliminated';
  return alive(s, b.defenders) ? 'att-retreat' : 'taken';
}

const SPECS: readonly [string, BattleChainSpec][] = [
  [
    'normal fire: 2 infantry + a panzer corps with 1 air against 3 rifle armies, one fortified',
    {
      level: 'intro',
      attacker: 0,
      attackers: ['ger-inf', 'ger-inf', 'ger-pz'],
      defenders: ['sov-rifle', 'sov-rifle', 'sov-rifle'],
      airGer: 1,
      forts: 1,
      simultaneous: false,
      bt: false,
    },
  ],
  [
    'simultaneous fire: 3 infantry against 3 rifle armies',
    {
      level: 'intro',
      attacker: 0,
      attackers: ['ger-inf', 'ger-inf', 'ger-inf'],
      defenders: ['sov-rifle', 'sov-rifle', 'sov-rifle'],
      airGer: 0,
      forts: 0,
      simultaneous: true,
      bt: false,
    },
  ],
  [
    'a Soviet attack: 4 rifle armies and a tank corps against 2 German infantry with 1 air',
    {
      level: 'intro',
      attacker: 1,
      attackers: ['sov-rifle', 'sov-rifle', 'sov-rifle', 'sov-rifle', 'sov-tank'],
      defenders: ['ger-inf', 'ger-inf'],
      airGer: 1,
      forts: 0,
      simultaneous: false,
      bt: false,
    },
  ],
];

/** C-10 with all-out, Soviet air and fortresses (each a case of the engine-vs-chain frequency test). */
const NEW_SPECS: readonly [string, BattleChainSpec][] = [
  [
    'all-out attack: 2 infantry + a panzer corps (1 all out) with 1 air against 3 rifle armies',
    { ...SPECS[0]![1], forts: 0, allOutAtt: 1 },
  ],
  [
    'all-out both sides, allout-before-own-die: 4 rifle armies + a tank corps (2 all out) against 2 infantry (1 all out in round 2)',
    { ...SPECS[2]![1], allOutAtt: 2, allOutDef: 1, variants: { 'allout-before-own-die': true } },
  ],
  [
    'Soviet air, Advanced: 3 infantry + a panzer corps with 1 air, simultaneous, against 3 rifle armies and 2 Soviet air',
    {
      level: 'advanced',
      attacker: 0,
      attackers: ['ger-inf', 'ger-inf', 'ger-inf', 'ger-pz'],
      defenders: ['sov-rifle', 'sov-rifle', 'sov-rifle'],
      airGer: 1,
      forts: 0,
      simultaneous: true,
      bt: false,
      airSov: 2,
    },
  ],
  [
    'Soviet air and flak, Advanced: 4 rifle armies with 2 Soviet air against 2 German infantry',
    {
      level: 'advanced',
      attacker: 1,
      attackers: ['sov-rifle', 'sov-rifle', 'sov-rifle', 'sov-rifle'],
      defenders: ['ger-inf', 'ger-inf'],
      airGer: 0,
      forts: 0,
      simultaneous: false,
      bt: false,
      airSov: 2,
    },
  ],
  [
    'fortress class 3 (Moscow): 4 infantry + a panzer corps against 3 rifle armies, one fortified, 1 all out in round 2',
    {
      level: 'intro',
      attacker: 0,
      attackers: ['ger-inf', 'ger-inf', 'ger-inf', 'ger-inf', 'ger-pz'],
      defenders: ['sov-rifle', 'sov-rifle', 'sov-rifle'],
      airGer: 1,
      forts: 1,
      simultaneous: false,
      bt: false,
      fortress: 3,
      allOutDef: 1,
    },
  ],
  [
    'fortress class 2 (Konigsberg) held by the Axis: 5 rifle armies against 2 German infantry',
    {
      level: 'intro',
      attacker: 1,
      attackers: new Array<string>(5).fill('sov-rifle'),
      defenders: ['ger-inf', 'ger-inf'],
      airGer: 0,
      forts: 0,
      simultaneous: false,
      bt: false,
      fortress: 2,
    },
  ],
];

describe('C-10: the whole-battle chain', () => {
  for (const [name, spec] of [...SPECS, ...NEW_SPECS])
    it(`engine battles end as often as the exact chain says (${name})`, () => {
      const c = new ChainBattle(spec);
      const exact = exactChain(c);
      expect(exact.ends.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      expect(exact.rounds.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      const n = 3000;
      const freq = [0, 0, 0, 0];
      const before = c.s.stats.allOutUnits;
      for (let g = 0; g < n; g++) freq[CHAIN_ENDS.indexOf(engineBattle(c))]!++;
      // the engine was asked for (and given) the all-out declarations the spec states
      expect(c.s.stats.allOutUnits > before).toBe((spec.allOutAtt ?? 0) + (spec.allOutDef ?? 0) > 0);
      CHAIN_ENDS.forEach((e, k) => {
        const p = exact.ends[k]!;
        const sd = Math.sqrt((p * (1 - p)) / n);
        expect(Math.abs(freq[k]! / n - p), `${e}: ${freq[k]}/${n} vs ${p.toFixed(4)}`).toBeLessThanOrEqual(
          4 * sd + 0.003,
        );
      });
    });

  it('each new feature moves the odds (all-out, Soviet air, fortress class), from the same code', () => {
    const ends = (spec: BattleChainSpec) => exactChain(new ChainBattle(spec)).ends;
    const moved = (a: readonly number[], b: readonly number[]) =>
      Math.max(...a.map((p, k) => Math.abs(p - b[k]!)));
    for (const [name, spec] of NEW_SPECS) {
      const without: BattleChainSpec = {
        ...spec,
        allOutAtt: 0,
        allOutDef: 0,
        airSov: 0,
        fortress: 0,
      };
      expect(moved(ends(spec), ends(without)), name).toBeGreaterThan(0.01);
    }
    // DC 10.C: a class-1 fortress held by the Axis on the Soviet side reduces no loss (class - 1) but adds 1 to fire
    const c = new ChainBattle({ ...SPECS[2]![1], fortress: 1 });
    expect(defenderLosses(c.s, c.b, 3)[0]).toBe(3);
    const d = new ChainBattle({ ...SPECS[0]![1], forts: 0, fortress: 3 });
    // the Soviet defenders of Moscow: 3 losses less (class 3, three undispersed rifle armies)
    expect(defenderLosses(d.s, d.b, 3)[0]).toBe(0);
    // and 3 more fire: 3 rifle armies fire 6 at Moscow, 3 at Bialystok
    const plain = new ChainBattle(SPECS[0]![1]);
    expect([fireTotal(d.s, d.ws, d.b, false), fireTotal(plain.s, plain.ws, plain.b, false)]).toEqual([6, 3]);
  });

  it('the Monte Carlo estimate agrees with the exact chain; large battles fall back to it', () => {
    const spec = SPECS[0]![1];
    const exact = exactChain(new ChainBattle(spec));
    const mc = sampledChain(new ChainBattle(spec), 20000, 7);
    CHAIN_ENDS.forEach((_, k) => {
      const p = exact.ends[k]!;
      expect(Math.abs(mc.ends[k]! - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / 20000) + 0.002);
    });
    const big = battleChain({ ...spec, attackers: new Array(9).fill('ger-inf') }, 2000);
    expect([big.exact, big.samples]).toEqual([false, 2000]);
    expect(big.firstRound.ends.reduce((a, b) => a + b, 0) + big.firstRound.continues).toBeCloseTo(1, 9);
  });

  it('R-128: the breakthrough capacity left falls by one per round', () => {
    const r = battleChain(SPECS[0]![1]);
    expect(r.exact).toBe(true);
    expect(r.btCapacity[1]![0] - r.btCapacity[2]![0]).toBe(1);
  });

  it('odds dc prints the chain with its stated rules', () => {
    const tables = dcOdds.compute({
      attack: 'ger-inf:2,ger-pz:1',
      defend: 'sov-rifle:3',
      'air-ger': '1',
      forts: '1',
    });
    const t = tables.find((x) => x.title.startsWith('Battle'))!;
    expect(t.rule).toContain('13');
    const exact = exactChain(new ChainBattle(SPECS[0]![1]));
    expect(t.rows.find((r) => r.outcome === 'point taken')!.p[0]).toBeCloseTo(exact.ends[0]!, 12);
    expect(t.notes!.join(' ')).toContain('allocation');
  });

  it('odds dc --allout-att/--allout-def/--air-sov/--fortress/--variants print the chain of that battle', () => {
    const tables = dcOdds.compute({
      attack: 'ger-inf:2,ger-pz:1',
      defend: 'sov-rifle:3',
      'air-ger': '1',
      forts: '1',
      advanced: true,
      'allout-att': '1',
      'allout-def': '1',
      'air-sov': '2',
      fortress: '3',
      variants: 'allout-before-own-die',
    });
    const t = tables.find((x) => x.title.startsWith('Battle'))!;
    expect(t.title).toContain('at MOS');
    const exact = exactChain(
      new ChainBattle({
        ...SPECS[0]![1],
        level: 'advanced',
        allOutAtt: 1,
        allOutDef: 1,
        airSov: 2,
        fortress: 3,
        variants: { 'allout-before-own-die': true },
      }),
    );
    expect(t.rows.slice(0, 4).map((r) => r.p[0]!.toFixed(12))).toEqual(exact.ends.map((p) => p.toFixed(12)));
    expect(t.notes!.join(' ')).toContain('allout-before-own-die');
  });
});
