/**
 * SCS conformance: random and scripted playouts end, never throw, keep stacking and step/counter
 * accounting after every engine step, round-trip through JSON, and are reproducible from the seed.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord, TraceEvent } from '../src/core/game.js';
import { gameStreams } from '../src/core/rng.js';
import { resolveSetup, type SetupRequest } from '../src/core/setup.js';
import { scs } from '../src/games/scs/index.js';
import type { ScsState } from '../src/games/scs/state.js';

function play(policy: string, game: number, req: SetupRequest = {}, trace?: TraceEvent[]) {
  const setup = resolveSetup(scs, req, 'test');
  const streams = gameStreams(7, game);
  const state = scs.start(setup, streams);
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  const problems: string[] = [];
  let steps = 0;
  const pd = scs.policies.find((p) => p.id === policy)!;
  const onStep = (s: ScsState) => {
    steps++;
    if (problems.length === 0)
      for (const p of scs.invariants(s)) problems.push(`turn ${s.turn} ${s.phase}: ${p}`);
  };
  const record: GameRecord = scs.play(
    state,
    trace
      ? { streams, policies: { soviet: pd.create() }, onStep, trace }
      : { streams, policies: { soviet: pd.create() }, onStep },
  );
  return { state, record, problems, steps };
}

describe('SCS conformance', () => {
  it('300 random-policy games end without throwing and keep the invariants', () => {
    for (let g = 0; g < 300; g++) {
      const { state, record, problems, steps } = play('random', g);
      expect(problems).toEqual([]);
      expect(steps).toBeGreaterThan(0);
      expect(scs.results.map((r) => r.id)).toContain(record.result);
      expect(scs.endReasons).toContain(record.endReason);
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      for (const st of scs.stats) expect(Number.isFinite(record.stats[st.id])).toBe(true);
    }
  });

  for (const p of scs.policies) {
    it(`policy ${p.id}: 25 games keep the invariants`, () => {
      for (let g = 0; g < 25; g++) {
        const { record, problems } = play(p.id, g);
        expect(problems).toEqual([]);
        expect(record.endTurn).toBeGreaterThanOrEqual(1);
        expect(record.endTurn).toBeLessThanOrEqual(6);
      }
    });
  }

  for (const v of scs.variants) {
    it(`variant ${v.id}: games keep the invariants`, () => {
      for (const policy of ['random', 'historical']) {
        for (let g = 0; g < 15; g++)
          expect(play(policy, g, { variants: { [v.id]: true } }).problems).toEqual([]);
      }
    });
  }

  for (const set of ['A', 'E']) {
    it(`CRT set ${set}: games keep the invariants`, () => {
      for (let g = 0; g < 15; g++)
        expect(play('historical', g, { params: { crtSet: set } }).problems).toEqual([]);
    });
  }

  it('a game is reproducible from its seed, with or without a trace', () => {
    for (const policy of ['historical', 'random', 'sudden-death']) {
      const a = play(policy, 3).record;
      const trace: TraceEvent[] = [];
      const b = play(policy, 3, {}, trace).record;
      expect(b).toEqual(a);
      expect(trace.length).toBeGreaterThan(10);
      expect(trace.every((e) => e.rule.startsWith('SCS'))).toBe(true);
    }
  });
});
