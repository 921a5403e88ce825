/**
 * Explicit chance in Dark Crusade (docs/games/dc.md "Chance and odds"): core `enumerateChance` walks
 * a battle through the game's own code (combat.ts stopping at its fire dice and air combat as chance
 * points, the players answering by the battle chain's stated rules) and finds exactly the end
 * probabilities of the exact chain that `odds dc` reports (battle-chain.ts, chain-odds.ts); and
 * whole games in explicit-chance mode, their chance points sampled by the driver, end in legal states.
 */
import { describe, expect, it } from 'vitest';
import { enumerateChance, GameMatch, playMatch, startMatch } from '../src/core/driver.js';
import type { GameStateBase } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { randInt, randUnit } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import {
  type BattleChainSpec,
  CHAIN_ENDS,
  ChainBattle,
  statedGoesOn,
  statedPick,
} from '../src/games/dc/battle-chain.js';
import { exactChain } from '../src/games/dc/chain-odds.js';
import { alive, canFire, makeBattle } from '../src/games/dc/combat.js';
import type { DcDecision, DcPending } from '../src/games/dc/decisions.js';
import { cloneDc, dc } from '../src/games/dc/index.js';
import type { Battle, DcState } from '../src/games/dc/state.js';
import { runUntil } from '../src/games/dc/turn-sequence.js';
import { type DcWorkspace, dcWorkspace } from '../src/games/dc/workspace.js';

const isDc = (s: GameStateBase): s is DcState => 'units' in s && 'sib' in s;

/** The battle on top of the stack is over (popped, or its defenders retreating). */
const battleOver = (s: DcState): boolean => s.stack[s.stack.length - 1]?.t !== 'battle';

/** The answer the chain's stated rules give to a decision inside battle `b` (battle-chain.ts module comment). */
function statedAnswer(s: DcState, ws: DcWorkspace, b: Battle, d: DcDecision): number {
  switch (d.kind) {
    case 'loss': {
      const units = d.side === (b.att === 0 ? 'axis' : 'soviet') ? b.attackers : b.defenders;
      const want = s.units[statedPick(s, units, b.fortLeft > 0)]!;
      const sig = (i: number) => {
        const u = s.units[i]!;
        return `${u.t}|${u.losses}|${u.disp}|${u.fort}|${u.allOut}`;
      };
      const wanted = sig(units.find((i) => s.units[i] === want)!);
      return d.options.findIndex((o) => sig(o.unit) === wanted);
    }
    case 'continue':
    case 'sim-continue': {
      const attacker = b.stage === 'att-cont' || b.stage === 'sim-att';
      return (attacker ? statedGoesOn(s, ws, b) : canFire(s, b.defenders)) ? 0 : 1;
    }
    // no all-out declared (the specs below declare none), the first HQ
    case 'allout-att':
    case 'allout-def':
    case 'hq-assign':
      return 0;
    default:
      throw new Error(`${d.kind} inside a battle`);
  }
}

/** A match standing in a battle whose decisions the stated rules answer: only its chance points pend. */
class StatedBattle extends GameMatch {
  constructor(
    readonly s: DcState,
    readonly ws: DcWorkspace,
  ) {
    super(dc, resolveSetup(dc, {}, 'test'), s, ws);
  }

  override pending(): DcPending | null {
    for (;;) {
      const p = runUntil(this.s, this.ws, battleOver);
      if (p === null || p.kind === 'chance') return p;
      const top = this.s.stack[this.s.stack.length - 1];
      if (top?.t !== 'battle') throw new Error(`${p.kind} outside the battle`);
      dc.apply(this.s, this.ws, p, statedAnswer(this.s, this.ws, top.b, p));
    }
  }

  override apply(choice: number): void {
    const p = this.pending();
    if (p === null) throw new Error('the battle is over');
    dc.apply(this.s, this.ws, p, choice);
  }

  override clone(): StatedBattle {
    const s = cloneDc(this.s);
    const ws = dcWorkspace(s);
    ws.explicitChance = true;
    return new StatedBattle(s, ws);
  }
}

/** The battle of `spec` set up on the chain's state as the engine fights it, in explicit-chance mode. */
function statedBattle(c: ChainBattle): { m: StatedBattle; attackers: number[]; defenders: number[] } {
  const { spec } = c;
  c.load(c.start());
  const s = cloneDc(c.s);
  const ws = dcWorkspace(s);
  ws.explicitChance = true;
  s.airAt = [];
  s.airUp = [];
  s.airFree = 0;
  s.stack.length = 0;
  s.pending = null;
  const b = makeBattle(s, c.target, spec.attacker, spec.bt);
  if (spec.attacker === 0) b.airAtt = spec.airGer;
  else b.airDef = spec.airGer;
  s.stack.push({ t: 'battle', b });
  return { m: new StatedBattle(s, ws), attackers: b.attackers.slice(), defenders: b.defenders.slice() };
}

const SPECS: readonly [string, BattleChainSpec][] = [
  [
    'normal fire: 2 infantry and a panzer corps with 1 air against a fortified rifle army',
    {
      level: 'intro',
      attacker: 0,
      attackers: ['ger-inf', 'ger-inf', 'ger-pz'],
      defenders: ['sov-rifle'],
      airGer: 1,
      forts: 1,
      simultaneous: false,
      bt: false,
    },
  ],
  [
    'simultaneous fire: 2 panzer corps against a rifle army',
    {
      level: 'intro',
      attacker: 0,
      attackers: ['ger-pz', 'ger-pz'],
      defenders: ['sov-rifle'],
      airGer: 0,
      forts: 0,
      simultaneous: true,
      bt: false,
    },
  ],
  [
    'a Soviet attack: 3 rifle armies against a German infantry corps with 1 air',
    {
      level: 'intro',
      attacker: 1,
      attackers: ['sov-rifle', 'sov-rifle', 'sov-rifle'],
      defenders: ['ger-inf'],
      airGer: 1,
      forts: 0,
      simultaneous: false,
      bt: false,
    },
  ],
  [
    'Soviet air, Advanced: 2 infantry with 1 air against 2 rifle armies and 1 Soviet air (air-to-air first)',
    {
      level: 'advanced',
      attacker: 0,
      attackers: ['ger-inf', 'ger-inf'],
      defenders: ['sov-rifle', 'sov-rifle'],
      airGer: 1,
      forts: 0,
      simultaneous: false,
      bt: false,
      airSov: 1,
    },
  ],
];

describe('DC explicit chance: enumerateChance walks a battle through the game and matches odds dc', () => {
  for (const [name, spec] of SPECS)
    it(name, () => {
      const c = new ChainBattle(spec);
      const want = exactChain(c).ends;
      const { m, attackers, defenders } = statedBattle(c);
      const got = enumerateChance(
        m,
        (x) => {
          if (!isDc(x)) throw new Error('not a DC state');
          if (x.stack[x.stack.length - 1]?.t === 'retreat') return 'def-retreat';
          if (!alive(x, attackers)) return 'att-eliminated';
          return alive(x, defenders) ? 'att-retreat' : 'taken';
        },
        (x) => isDc(x) && battleOver(x),
      );
      const total = [...got.values()].reduce((a, p) => a + p, 0);
      if (process.env.DEBUG_DC === '1') console.log(name, [...got.entries()], want);
      expect(total).toBeCloseTo(1, 12);
      CHAIN_ENDS.forEach((end, k) => {
        expect(Math.abs((got.get(end) ?? 0) - want[k]!)).toBeLessThan(1e-12);
      });
    });
});

describe('DC explicit chance: games whose chance points the driver samples', () => {
  const GAMES = 2;
  for (const scenario of ['intro-tournament', 'adv-campaign'])
    it(`${scenario}: ${GAMES} games of the default policies end in legal states`, () => {
      const setup = resolveSetup(dc, { scenario }, 'test');
      for (let g = 0; g < GAMES; g++) {
        const match = startMatch(dc, setup, { masterSeed: 34, gameIndex: g }, { explicitChance: true });
        const policies = createPolicies(dc, dc.defaultPolicies, scenario);
        const rec = playMatch(match, policies);
        expect(rec.result).not.toBe('');
        const s = match.state;
        if (!isDc(s)) throw new Error('not a DC state');
        expect(dc.invariants(s)).toEqual([]);
      }
    });

  it('a game of random answers in explicit-chance mode stops at the chance points it meets, each summing to 1', () => {
    const setup = resolveSetup(dc, { scenario: 'adv-tournament' }, 'test');
    const s = dc.start(setup, { masterSeed: 34, gameIndex: 1 });
    const ws = dc.workspace(s);
    ws.explicitChance = true;
    const rng = ws.streams.stream('test');
    const rules = new Set<string>();
    for (let p = dc.advance(s, ws); p !== null; p = dc.advance(s, ws)) {
      if (p.kind !== 'chance') {
        dc.apply(s, ws, p, randInt(rng, 0, p.options.length - 1));
        continue;
      }
      rules.add(p.rule);
      expect(p.outcomes.reduce((a, o) => a + o.p, 0)).toBeCloseTo(1, 12);
      let u = randUnit(rng);
      let k = 0;
      while (k < p.outcomes.length - 1 && u >= p.outcomes[k]!.p) u -= p.outcomes[k++]!.p;
      dc.apply(s, ws, p, k);
    }
    expect(dc.invariants(s)).toEqual([]);
    expect(s.result).not.toBeNull();
    for (const rule of ['DC 7.A', 'DC 8.A.1.a', 'DC 13.B.2, 13.B.6']) expect(rules.has(rule)).toBe(true);
  });
});
