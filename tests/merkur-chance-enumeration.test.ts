/**
 * Merkur's chance points in explicit-chance mode (src/games/merkur/chance.ts): core enumerateChance
 * walks one battle through the game's own code (the combat task's two 2d6 chance points) and the
 * distribution of its 7.4 band equals the exact table of `odds merkur` (odds.ts bandCounts) to
 * 1e-12, in several situations (an assault into a town, one of chosen values, fire into a contested
 * zone, another band reading). The solitaire rules' random answer (soloResidual random, 12.2) is a
 * chance point too: walked through the game, each of its outcomes leaves the state that answering
 * the decision with that option leaves, each with probability 1/n. And games played in
 * explicit-chance mode, the driver sampling each chance node, stop at the chance points of every
 * procedure they reach and end in legal states.
 */
import { describe, expect, it } from 'vitest';
import { enumerateChance, GameMatch, playMatch, startMatch } from '../src/core/driver.js';
import type { ChanceNode, Decision, GameStateBase } from '../src/core/game.js';
import { isRulesChance } from '../src/core/kernel.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { stateKey } from '../src/core/state-hash.js';
import { bandReading, type CombatSpec, combatValues } from '../src/games/merkur/combat.js';
import type { MerkurDecision } from '../src/games/merkur/decisions.js';
import { merkur } from '../src/games/merkur/index.js';
import { MAP } from '../src/games/merkur/map.js';
import { bandCounts } from '../src/games/merkur/odds.js';
import { startGame } from '../src/games/merkur/setup.js';
import { bombardKey, NOISE_VALUES, tieBreakDraw } from '../src/games/merkur/solitaire.js';
import type { MerkurState } from '../src/games/merkur/state.js';
import { contested } from '../src/games/merkur/units.js';
import { merkurWorkspace } from '../src/games/merkur/workspace.js';

const Z = (id: string) => MAP.index.get(id)!;

/** A two-player state at turn 4 with every unit off the map and the initiative used (no re-roll question). */
function emptyState(variants: Record<string, boolean> = {}): MerkurState {
  const setup = resolveSetup(merkur, { scenario: 'two-player', variants }, 'test');
  const s = startGame(setup, { masterSeed: 1, gameIndex: 0 });
  for (const u of s.units) {
    u.status = 'pool';
    u.zone = -1;
  }
  s.turn = 4;
  s.seq = 6;
  s.initiativeUsed = true;
  return s;
}

function put(s: MerkurState, id: string, zone: number): number {
  const i = s.units.findIndex((u) => u.id === id);
  s.units[i]!.zone = zone;
  s.units[i]!.status = 'map';
  return i;
}

const BANDS = ['band1', 'band2', 'band3', 'band4', 'band5'] as const;

/**
 * The band distribution of the combat `spec` (its lead units and supporters named) enumerated
 * through the game's own code, against odds.ts's exact table for the same values.
 */
function compare(s: MerkurState, spec: CombatSpec): { walked: number[]; table: number[] } {
  const full: CombatSpec = { ...spec, leadAttacker: spec.attackers[0]!, supportA: -1, supportD: -1 };
  s.stack = [{ t: 'combat', spec: full, vals: null, x: 0, y: 0, rerolled: false, stage: 0 }];
  const vals = combatValues(structuredClone(s), full, false);
  const fireContested = full.kind === 'fire' && contested(s, full.zone);
  const counts = bandCounts(vals.a, vals.d, bandReading(s), fireContested);
  const ws = merkurWorkspace(s);
  ws.explicitChance = true;
  const setup = resolveSetup(merkur, { scenario: 'two-player' }, 'test');
  const match = new GameMatch(merkur, setup, s, ws);
  const dist = enumerateChance(
    match,
    (x) => {
      const st = x as MerkurState;
      return String(BANDS.findIndex((b) => st.stats[b] > 0) + 1);
    },
    // the combat is over once its task has left the top of the stack (its losses are next)
    (x: GameStateBase) => (x as MerkurState).stack.at(-1)?.t !== 'combat',
  );
  return { walked: [1, 2, 3, 4, 5].map((b) => dist.get(String(b)) ?? 0), table: counts.map((c) => c / 1296) };
}

function expectSame(r: { walked: number[]; table: number[] }): void {
  expect(r.walked.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  for (let b = 0; b < 5; b++)
    expect(Math.abs(r.walked[b]! - r.table[b]!), `band ${b + 1}`).toBeLessThan(1e-12);
}

describe('Merkur explicit chance: one battle enumerated through the game equals odds merkur', () => {
  it('an assault into a town (Chania), one para against one battalion', () => {
    const s = emptyState();
    const a = put(s, 'FJR3/I', Z('11'));
    put(s, '1 Welch', Z('11'));
    expectSame(compare(s, { kind: 'assault', side: 0, attackers: [a], zone: Z('11'), from: Z('11') }));
  });

  it('an assault in a plain zone with chosen values, two attackers', () => {
    const s = emptyState();
    const z = MAP.ids.findIndex(
      (_, k) => MAP.terrain[k] === 'plaine' && !MAP.objective[k] && !MAP.strategic[k],
    );
    const a = put(s, 'FJR3/I', z);
    const b = put(s, 'FJR3/II', z);
    const c = put(s, '1 Welch', z);
    Object.assign(s.units[a]!, { a: 9 });
    Object.assign(s.units[c]!, { d: 4 });
    const r = compare(s, { kind: 'assault', side: 0, attackers: [a, b], zone: z, from: z });
    expectSame(r);
    // not a degenerate table: several bands are possible
    expect(r.table.filter((p) => p > 0).length).toBeGreaterThan(2);
  });

  it('fire into a contested zone (7.3: the final score halved)', () => {
    const s = emptyState();
    const z = MAP.ids.findIndex(
      (_, k) =>
        MAP.terrain[k] === 'plaine' &&
        !MAP.strategic[k] &&
        MAP.adj[k]!.some((y) => !MAP.strategic[y] && MAP.map[y] === MAP.map[k]),
    );
    const y = MAP.adj[z]!.find((q) => !MAP.strategic[q] && MAP.map[q] === MAP.map[z])!;
    const a = put(s, 'FJR3/I', y);
    put(s, 'FJR3/III', z);
    put(s, '1 Welch', z);
    expect(contested(s, z)).toBe(true);
    expectSame(compare(s, { kind: 'fire', side: 0, attackers: [a], zone: z, from: y }));
  });

  it('under another reading of the band headings (bands-symmetric)', () => {
    const s = emptyState({ 'bands-symmetric': true });
    const a = put(s, 'FJR3/I', Z('11'));
    put(s, '1 Welch', Z('11'));
    expect(bandReading(s)).toBe('symmetric');
    expectSame(compare(s, { kind: 'assault', side: 0, attackers: [a], zone: Z('11'), from: Z('11') }));
  });
});

describe('Merkur explicit chance: the solitaire rules answer at random (soloResidual random, 12.2)', () => {
  it("each outcome of the rules' draw carries out one option, uniformly, as answering it would", () => {
    const setup = resolveSetup(merkur, { scenario: 'solitaire', params: { soloResidual: 'random' } }, 'test');
    const m = startMatch(merkur, setup, { masterSeed: 3, gameIndex: 0 }, { explicitChance: true });
    const policies = createPolicies(merkur, { ...merkur.defaultPolicies }, 'solitaire');
    const rng = m.workspace.streams.stream('policy:german');
    // play on (chance outcome 0, the German default policy) to the first random answer of several options
    let p = m.pending();
    while (p !== null && !(p.kind === 'chance' && isRulesChance(p as ChanceNode))) {
      if (p.kind === 'chance') m.apply(0);
      else
        m.apply(policies.german!.choose(merkur.view(m.state as MerkurState, 'german'), p as Decision, rng));
      p = m.pending();
    }
    expect(p, 'a random answer of the rules is reached').not.toBeNull();
    const node = p as ChanceNode;
    if (!isRulesChance<MerkurDecision>(node)) throw new Error('not a rules chance node');
    expect(node.rule).toBe('Merkur 12.2');
    const n = node.decision.options.length;
    expect(n, `${node.decision.kind}: options`).toBeGreaterThan(1);
    expect(node.options).toEqual(node.decision.options.map((_o, i) => i));
    // the walk: each outcome carried out, the branch read as soon as the answer is (nothing pending yet)
    const walked = enumerateChance(
      m,
      (x) => stateKey(merkur, x),
      (x) => (x as MerkurState).pending === null,
    );
    // the same decision answered option by option from a copy of the state
    const answered = new Map<string, number>();
    for (let o = 0; o < n; o++) {
      const c = m.clone();
      (c.state as MerkurState).pending = node.decision;
      c.apply(o);
      const k = stateKey(merkur, c.state);
      answered.set(k, (answered.get(k) ?? 0) + 1 / n);
    }
    expect(walked.size).toBe(answered.size);
    for (const [k, q] of answered) expect(Math.abs((walked.get(k) ?? 0) - q), k).toBeLessThan(1e-12);
    // the pending draw is plain data: a state copied through JSON carries the decision it answers and
    // continues as the state itself does
    for (let o = 0; o < n; o++) {
      const a = m.clone();
      a.apply(o);
      a.pending();
      const copy = JSON.parse(JSON.stringify(m.state)) as MerkurState;
      const ws = merkurWorkspace(copy);
      ws.explicitChance = true;
      const b = new GameMatch(merkur, setup, copy, ws);
      b.apply(o);
      b.pending();
      expect(stateKey(merkur, b.state), `outcome ${o} after a JSON copy`).toBe(stateKey(merkur, a.state));
    }
  });
});

describe('Merkur explicit chance: 12.2 g, bombardment targets tied at random', () => {
  /**
   * The sampled rule by brute force over every pair of noise values of two bombardments: each key
   * bombardKey(germans, v), the fixed options' keys as given, the least key wins, the earlier option
   * on an equal key (solitaire.ts soloChoose 'unit-order').
   */
  function bruteForce(
    keys: readonly number[],
    germans: readonly number[],
    fixed: readonly boolean[],
  ): number[] {
    const noisy = fixed.flatMap((f, i) => (f ? [] : [i]));
    expect(noisy).toHaveLength(2);
    const wins = new Array<number>(keys.length).fill(0);
    for (let v = 0; v < NOISE_VALUES; v++)
      for (let w = 0; w < NOISE_VALUES; w++) {
        let pick = 0;
        let best = Number.POSITIVE_INFINITY;
        keys.forEach((k, i) => {
          const key =
            i === noisy[0] ? bombardKey(germans[i]!, v) : i === noisy[1] ? bombardKey(germans[i]!, w) : k;
          if (key < best) {
            best = key;
            pick = i;
          }
        });
        wins[pick]!++;
      }
    return wins.map((c) => c / NOISE_VALUES ** 2);
  }

  function exact(keys: readonly number[], germans: readonly number[], fixed: readonly boolean[]): number[] {
    const draw = tieBreakDraw(keys, germans, fixed);
    const out = new Array<number>(keys.length).fill(0);
    draw.options.forEach((o, k) => {
      out[o] = draw.chance.outcomes[k]!.p;
    });
    return out;
  }

  const INF = Number.POSITIVE_INFINITY;
  it('two bombardments of equally held zones: the exact odds of the sampled noise (the earlier wins equal noise)', () => {
    // options: stay (50), bombard 3 Germans, move (12), bombard 3 Germans
    const keys = [50, INF, 12, INF];
    const germans = [0, 3, 0, 3];
    const fixed = [true, false, true, false];
    const p = exact(keys, germans, fixed);
    expect(p[1]).toBeCloseTo(0.5005, 12);
    expect(p[3]).toBeCloseTo(0.4995, 12);
    const brute = bruteForce(keys, germans, fixed);
    for (let i = 0; i < keys.length; i++)
      expect(Math.abs(p[i]! - brute[i]!), `option ${i}`).toBeLessThan(1e-12);
  });

  it('the zone with more Germans is bombarded; an assault (12.2 c) comes first; a key the noise straddles is weighed exactly', () => {
    const cases: [number[], number[], boolean[]][] = [
      [
        [INF, INF],
        [2, 4],
        [false, false],
      ],
      [
        [0, INF, INF],
        [0, 4, 4],
        [true, false, false],
      ],
      // a fire on an objective holding 11 Germans (key 0.9) against bombardments of 1 German (0.9 + noise)
      [
        [INF, 2 - 11 / 10, INF],
        [1, 0, 1],
        [false, true, false],
      ],
    ];
    for (const [keys, germans, fixed] of cases) {
      const p = exact(keys, germans, fixed);
      const brute = bruteForce(keys, germans, fixed);
      expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      for (let i = 0; i < keys.length; i++)
        expect(Math.abs(p[i]! - brute[i]!), `${JSON.stringify(keys)} option ${i}`).toBeLessThan(1e-12);
    }
  });
});

describe('Merkur explicit chance: games with the driver sampling the chance nodes', {
  timeout: 300_000,
}, () => {
  for (const scenario of ['two-player', 'solitaire'])
    it(`${scenario}: every game stops at chance points and ends legally`, () => {
      const setup = resolveSetup(merkur, { scenario }, 'explicit chance');
      const rules = new Set<string>();
      for (let g = 0; g < 2; g++) {
        const m = startMatch(merkur, setup, { masterSeed: 5, gameIndex: g }, { explicitChance: true });
        const rec = playMatch(m, createPolicies(merkur, { ...merkur.defaultPolicies }, scenario), {
          conformance: {
            cloneEquality: false,
            atDecision: (_m, p) => {
              if (p.kind === 'chance') rules.add(`${p.rule}: ${(p as ChanceNode).what}`);
            },
          },
        });
        expect(merkur.results.map((r) => r.id)).toContain(rec.result);
        expect(merkur.invariants(m.state as MerkurState), `game ${g}: invariants at the end`).toEqual([]);
        expect(m.pending(), `game ${g}: over`).toBeNull();
      }
      // the combat dice, landing tests, the CW activation roll and bombardments are rolled in every game
      // (and the solitaire placement, 12.0)
      const due = ['Merkur 7.0', 'Merkur 5.2', 'Merkur 4.0', 'Merkur 8.1'];
      if (scenario === 'solitaire') due.push('Merkur 12.0');
      for (const r of due)
        expect(
          [...rules].some((x) => x.startsWith(r)),
          `${scenario}: a chance point of ${r}`,
        ).toBe(true);
    });
});
