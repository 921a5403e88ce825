/**
 * C-10 (DC 13, 16; spec §3): the whole-battle chain of battle-chain.ts against the engine: battles
 * fought by combat.ts `battleStep` with the chain's stated allocation and continuation rules end
 * as often as the exact chain says; the Monte Carlo estimate agrees with the exact chain.
 */
import { describe, expect, it } from 'vitest';
import {
  type BattleChainSpec,
  battleChain,
  CHAIN_ENDS,
  ChainBattle,
  type ChainEnd,
  exactChain,
  sampledChain,
} from '../src/games/dc/battle-chain.js';
import { alive, applyBattle, battleStep, canFire, makeBattle } from '../src/games/dc/combat.js';
import { dcOdds } from '../src/games/dc/odds.js';

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
    } else expect(['allout-att', 'allout-def']).toContain(d.kind);
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

describe('C-10: the whole-battle chain', () => {
  for (const [name, spec] of SPECS)
    it(`engine battles end as often as the exact chain says (${name})`, () => {
      const c = new ChainBattle(spec);
      const exact = exactChain(c);
      expect(exact.ends.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      expect(exact.rounds.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      const n = 3000;
      const freq = [0, 0, 0, 0];
      for (let g = 0; g < n; g++) freq[CHAIN_ENDS.indexOf(engineBattle(c))]!++;
      CHAIN_ENDS.forEach((e, k) => {
        const p = exact.ends[k]!;
        const sd = Math.sqrt((p * (1 - p)) / n);
        expect(Math.abs(freq[k]! / n - p), `${e}: ${freq[k]}/${n} vs ${p.toFixed(4)}`).toBeLessThanOrEqual(
          4 * sd + 0.003,
        );
      });
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
});
