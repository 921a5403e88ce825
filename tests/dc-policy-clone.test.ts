/**
 * Forkable Dark Crusade players (core/game.ts Policy.clone): the policies that keep a phase plan
 * (barbarossa-plan's operational plan, policies/plan.ts; attritional-fortress's assigned targets,
 * policies/attritional.ts) and every other scripted policy are cloned with a copy of that plan. A
 * game is played into the middle of an Axis operational phase of 1941, where the plan is in force;
 * the state and both players are cloned; the original and the copy, played on in lockstep, answer
 * alike to the end and finish with the same record.
 */
import { describe, expect, it } from 'vitest';
import type { Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import type { DcState } from '../src/games/dc/state.js';
import type { DcWorkspace } from '../src/games/dc/workspace.js';

type Players = Record<string, Policy<DcState, DcDecision>>;

/** Plays on from `s` to the end, or until `stop` holds at a decision; the answers given. */
function playOn(
  s: DcState,
  ws: DcWorkspace,
  players: Players,
  stop?: (s: DcState, d: DcDecision) => boolean,
): number[] {
  const answers: number[] = [];
  for (let p = dc.advance(s, ws); p !== null; p = dc.advance(s, ws)) {
    if (p.kind === 'chance') throw new Error('a chance point in sampled mode');
    if (stop?.(s, p) === true) break;
    const c = players[p.side]!.choose(s, p, ws.streams.stream(`policy:${p.side}`));
    answers.push(c);
    dc.apply(s, ws, p, c);
  }
  return answers;
}

describe('DC policies keep their phase plan when cloned', () => {
  for (const axis of ['barbarossa-plan', 'attritional-fortress'])
    it(`${axis}: cloned in the middle of an operational phase, the copy plays on as the original`, () => {
      const setup = resolveSetup(dc, { scenario: 'intro-tournament' }, 'test');
      const s = dc.start(setup, { masterSeed: 7, gameIndex: 2 });
      const ws = dc.workspace(s);
      const players = createPolicies(dc, { ...dc.defaultPolicies, axis }, 'intro-tournament') as Players;
      // the 40th Axis op-move of the second Axis operational phase (the plan made at its first)
      let moves = 0;
      playOn(
        s,
        ws,
        players,
        (x, d) => d.kind === 'op-move' && d.side === 'axis' && x.turn === 2 && ++moves === 40,
      );
      expect(moves).toBe(40);
      const s2 = dc.clone!(s);
      const ws2 = dc.workspace(s2);
      const copies: Players = {};
      for (const [side, p] of Object.entries(players)) {
        expect(p.clone, `${p.id} has clone`).toBeDefined();
        copies[side] = p.clone!();
      }
      // in lockstep: a copy sharing anything mutable with its original would drift from it
      let n = 0;
      for (
        let p = dc.advance(s, ws), q = dc.advance(s2, ws2);
        p !== null;
        p = dc.advance(s, ws), q = dc.advance(s2, ws2)
      ) {
        if (p.kind === 'chance' || q === null || q.kind === 'chance') throw new Error('the games parted');
        const a = players[p.side]!.choose(s, p, ws.streams.stream(`policy:${p.side}`));
        const b = copies[q.side]!.choose(s2, q, ws2.streams.stream(`policy:${q.side}`));
        expect(b, `decision ${n} (${p.kind})`).toBe(a);
        dc.apply(s, ws, p, a);
        dc.apply(s2, ws2, q, b);
        n++;
      }
      expect(dc.advance(s2, ws2)).toBeNull();
      expect(n).toBeGreaterThan(500);
      expect(dc.record(s2)).toEqual(dc.record(s));
    });
});
