/**
 * `attritional-fortress` (docs/games/dc.md "Policies", Axis item 4), on played Introductory Tournament games: every
 * battle it commits to meets the spec's thresholds, computed here with the C-10 chain
 * (battle-chain.ts) as the policy's module comment defines them; it attacks where they are met; it
 * fortifies every unit it does not move; and it declares a draw exactly when not behind (D-30).
 */
import { describe, expect, it } from 'vitest';
import { GameSeries, startMatch } from '../src/core/driver.js';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { battleChain } from '../src/games/dc/chain-odds.js';
import type { DcDecision, OpOption } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import { weatherAt } from '../src/games/dc/movement.js';
import { chainType, MIN_EXCHANGE, MIN_TAKEN } from '../src/games/dc/policies/attritional.js';
import type { DcState } from '../src/games/dc/state.js';
import { mapOf } from '../src/games/dc/supply.js';
import { margin, meets } from '../src/games/dc/victory.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';

const setup = resolveSetup(dc, { scenario: 'intro-tournament', variants: {}, params: {} }, 'test');

/**
 * The chain's verdict on the Axis battle at `p` as the state stands: the attackers committed there
 * (only the first `upTo` of them, by index, when given).
 */
function verdict(
  s: DcState,
  p: number,
  bt: boolean,
  upTo = Number.POSITIVE_INFINITY,
): { taken: number; passes: boolean; n: number } {
  const m = mapOf(s);
  const att: string[] = [];
  const def: string[] = [];
  let forts = 0;
  let worn = 0;
  for (const u of s.units) {
    if (u.st !== 0) continue;
    if (u.side === 0 && u.atk === p) {
      if (att.length < upTo) att.push(chainType(s, u.t));
    } else if (u.side === 1 && u.at === p && !u.ret) {
      def.push(s.rules.types[u.t]!.id);
      if (u.fort) forts++;
      worn += u.losses;
    }
  }
  const r = battleChain({
    level: 'intro',
    attacker: 0,
    attackers: att,
    defenders: def,
    airGer: 0,
    forts,
    simultaneous: !bt && weatherAt(s, p) === 0,
    bt,
    fortress: m.fortClass[p]!,
  });
  const defLoss = Math.max(0, r.hits[1] - forts - worn);
  const taken = r.ends[0]! + r.ends[1]!;
  return { taken, passes: taken >= MIN_TAKEN && defLoss >= MIN_EXCHANGE * r.hits[0], n: att.length };
}

/** Plays game `g` against `soviet`, calling `see` before each Axis answer is applied. */
function play(
  soviet: string,
  g: number,
  see: (s: DcState, d: DcDecision, choice: number, prev: DcDecision | null) => void,
): DcState {
  const policies = createPolicies(dc, { axis: 'attritional-fortress', soviet }, setup.scenario);
  const m = startMatch(dc, setup, { masterSeed: 19410622, gameIndex: g });
  const rng = streamRng(19410622, g, 'policy');
  let prev: DcDecision | null = null;
  for (let q = m.pending(); q !== null; q = m.pending()) {
    if (q.kind === 'chance') throw new Error('no chance points outside explicit-chance mode');
    const d = q as DcDecision;
    const s = m.state as DcState;
    const choice = policies[d.side]!.choose(s, d, rng);
    see(s, d, choice, prev);
    prev = d;
    m.apply(choice);
  }
  return m.state as DcState;
}

const moving = (d: DcDecision | null) =>
  d !== null && d.side === 'axis' && (d.kind === 'op-move' || d.kind === 'bt-move');

describe('attritional-fortress (spec §7.2 Axis 4)', () => {
  it('a series reusing the policy (reset between games) plays each game as a fresh one', () => {
    const make = () =>
      createPolicies(dc, { axis: 'attritional-fortress', soviet: 'stavka-historical' }, setup.scenario);
    const kept = new GameSeries(dc, setup, make);
    for (let g = 0; g < 3; g++) {
      const seed = { masterSeed: 7, gameIndex: g };
      expect(JSON.stringify(kept.play(seed))).toBe(
        JSON.stringify(new GameSeries(dc, setup, make).play(seed)),
      );
    }
  });

  it('commits only to battles with P(taken) >= 0.7 and loss exchange >= 1.5, and does attack, building some up', () => {
    let battles = 0;
    let attacks = 0;
    let builtUp = 0;
    for (const [soviet, g] of [
      ['stavka-historical', 0],
      ['deep-elastic', 1],
    ] as const)
      play(soviet, g, (s, d, choice, prev) => {
        if (moving(d)) {
          const o = d.options[choice] as OpOption;
          if ((o.type === 'move' || o.type === 'highway' || o.type === 'enter') && o.attack) attacks++;
        }
        // the Axis movement phase just ended: every battle it will fight, as committed
        if (!moving(prev) || moving(d)) return;
        const bt = prev!.kind === 'bt-move';
        const points = new Set<number>();
        for (const u of s.units) if (u.st === 0 && u.side === 0 && u.atk >= 0) points.add(u.atk);
        for (const p of points) {
          const v = verdict(s, p, bt);
          expect(v.n).toBeLessThanOrEqual(5);
          expect(v.taken).toBeGreaterThanOrEqual(MIN_TAKEN);
          expect(v.passes).toBe(true);
          battles++;
          // a battle built up over several answers: its first unit alone would not have met them
          if (v.n > 1 && !verdict(s, p, bt, 1).passes) builtUp++;
        }
      });
    expect(attacks).toBeGreaterThan(5);
    expect(battles).toBeGreaterThan(3);
    expect(builtUp).toBeGreaterThan(0);
  });

  it('fortifies every unit it does not move', () => {
    let fortified = 0;
    play('counter-offensive', 2, (_s, d, choice) => {
      if (d.side !== 'axis' || d.kind !== 'op-move') return;
      const o = d.options[choice] as OpOption;
      if (o.type === 'fortify') fortified++;
      // a stay while fortifying was offered would leave an eligible unit unfortified
      if (o.type === 'stay') expect(d.options.some((x) => (x as OpOption).type === 'fortify')).toBe(false);
    });
    expect(fortified).toBeGreaterThan(50);
  });

  it('declares a draw exactly when not behind (D-30)', () => {
    let declared = 0;
    let held = 0;
    for (const [soviet, g] of [
      ['deep-elastic', 3],
      ['stavka-historical', 4],
    ] as const)
      play(soviet, g, (s, d, choice) => {
        if (d.kind !== 'declare-draw' || d.side !== 'axis') return;
        const ws = dcWorkspace(s);
        const notBehind = !meets(s, ws, 1) && margin(s, ws, 0) >= margin(s, ws, 1);
        expect(choice).toBe(notBehind ? 1 : 0);
        if (choice === 1) declared++;
        else held++;
      });
    expect(declared).toBeGreaterThan(0);
    expect(held).toBeGreaterThan(0);
  });
});

describe('the chain under the game rules (battle-chain.ts spec.rules)', () => {
  const base = {
    level: 'intro',
    attacker: 0,
    attackers: ['ger-inf', 'ger-inf'],
    defenders: ['sov-rifle', 'sov-rifle'],
    airGer: 0,
    forts: 0,
    simultaneous: false,
    bt: false,
  } as const;
  const rulesOf = (params: Record<string, unknown>) =>
    (
      startMatch(dc, resolveSetup(dc, { scenario: 'intro-tournament', variants: {}, params }, 'test'), {
        masterSeed: 1,
        gameIndex: 0,
      }).state as DcState
    ).rules;

  it('the default rules give the default chain, a reconstructed parameter of the setup changes it', () => {
    const plain = battleChain(base);
    expect(battleChain({ ...base, rules: rulesOf({}) })).toEqual(plain);
    // ff-ger-inf 1 -> 2: the German infantry fires twice as hard, so the point falls more often
    const strong = battleChain({ ...base, rules: rulesOf({ 'ff-ger-inf': 2 }) });
    expect(strong.ends[0]! + strong.ends[1]!).toBeGreaterThan(plain.ends[0]! + plain.ends[1]! + 0.05);
  });

  it('rules of the other level are refused', () => {
    const adv = (
      startMatch(dc, resolveSetup(dc, { scenario: 'adv-tournament', variants: {}, params: {} }, 'test'), {
        masterSeed: 1,
        gameIndex: 0,
      }).state as DcState
    ).rules;
    expect(() => battleChain({ ...base, rules: adv })).toThrow(/level/);
  });
});
