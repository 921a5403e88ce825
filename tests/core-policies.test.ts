/** Policy specs with typed parameters, and which sides a policy plays per scenario. */
import { describe, expect, it } from 'vitest';
import type { GameDefinition, ScenarioDef } from '../src/core/game.js';
import { createPolicies, formatPolicySpec, parsePolicySpec, playerSides } from '../src/core/policies.js';
import { GAMES } from '../src/games/index.js';

const sfo = GAMES.find((g) => g.id === 'sfo')!;
const scs = GAMES.find((g) => g.id === 'scs')!;

describe('policy specs', () => {
  it('parse an id with typed parameters, defaults filled in, and print the canonical form', () => {
    const spec = parsePolicySpec(sfo, 'soviet', 'rollout:n=16', 'test');
    expect(spec).toEqual({ id: 'rollout', params: { n: 16, k: 6 } });
    expect(formatPolicySpec(sfo, 'soviet', spec)).toBe('rollout:n=16');
    expect(formatPolicySpec(sfo, 'soviet', parsePolicySpec(sfo, 'soviet', 'rollout:n=8,k=6', 'test'))).toBe(
      'rollout',
    );
    expect(parsePolicySpec(sfo, 'us', 'random', 'test')).toEqual({ id: 'random', params: {} });
    // SFO scripted policies declare their weights; untouched weights leave the canonical id alone
    const held = parsePolicySpec(sfo, 'us', 'hold-towns', 'test');
    expect(held.params.townAlone).toBe(15);
    expect(formatPolicySpec(sfo, 'us', held)).toBe('hold-towns');
    const tuned = parsePolicySpec(sfo, 'us', 'hold-towns:townAlone=10', 'test');
    expect(formatPolicySpec(sfo, 'us', tuned)).toBe('hold-towns:townAlone=10');
  });

  it('refuse an unknown id, parameter or value in one line naming where', () => {
    expect(() => parsePolicySpec(sfo, 'soviet', 'nope', 'exp.json: arms[1]')).toThrow(
      /^exp\.json: arms\[1\]: unknown policy "nope" \(known: .*rollout/,
    );
    expect(() => parsePolicySpec(sfo, 'soviet', 'rollout:m=3', 'x')).toThrow(
      /no parameter "m" \(known: n, k\)/,
    );
    expect(() => parsePolicySpec(sfo, 'soviet', 'rollout:n=0', 'x')).toThrow(
      /n must be an integer in 1..10000, got "0"/,
    );
    expect(() => parsePolicySpec(sfo, 'soviet', 'rollout:n=2.5', 'x')).toThrow(/integer/);
    expect(() => parsePolicySpec(sfo, 'soviet', 'random:n=2', 'x')).toThrow(
      /has no parameter "n" \(known: none\)/,
    );
  });

  it('create a fresh policy per side the scenario gives a policy, with its parameters', () => {
    const ps = createPolicies(sfo, { soviet: 'rollout:n=2,k=2' }, 'advanced');
    expect(Object.keys(ps).sort()).toEqual(['soviet', 'us']);
    expect(ps.soviet!.id).toBe('rollout');
    expect(ps.us!.id).toBe(sfo.defaultPolicies.us);
    expect(Object.keys(createPolicies(scs, {}, 'campaign'))).toEqual(['soviet']);
  });
});

describe('sides per scenario', () => {
  it('a side is played by a policy where the game has policies for it, unless the scenario says the rules play it', () => {
    expect(playerSides(sfo, 'advanced')).toEqual(['soviet', 'us']);
    expect(playerSides(scs, 'campaign')).toEqual(['soviet']); // SCS: the rules play the Germans
    const solo: ScenarioDef = {
      id: 'solitaire',
      title: 'Solitaire',
      description: 'the rules play the US',
      rule: 'test',
      players: { soviet: 'policy', us: 'rules' },
    };
    const game = { ...sfo, scenarios: [...sfo.scenarios, solo] } as GameDefinition;
    expect(playerSides(game, 'solitaire')).toEqual(['soviet']);
    expect(playerSides(game, 'advanced')).toEqual(['soviet', 'us']);
    expect(Object.keys(createPolicies(game, {}, 'solitaire'))).toEqual(['soviet']);
  });
});
