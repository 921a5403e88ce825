/**
 * SCS's scripted Soviet policies as a search uses them (policies/common.ts): `scores` ranks the
 * options with the answer `choose` gives highest (ties aside), and `clone` copies the turn-1 plan
 * (4.2) and the caches the answers depend on, so a forked game continues as the original would.
 */
import { describe, expect, it } from 'vitest';
import { startMatch } from '../src/core/driver.js';
import type { Policy } from '../src/core/game.js';
import { resolveSetup } from '../src/core/setup.js';
import type { ScsDecision, ScsView } from '../src/games/scs/decisions.js';
import { scs } from '../src/games/scs/index.js';
import type { ScsState } from '../src/games/scs/state.js';

const setup = resolveSetup(scs, {}, 'test');
const SCRIPTED = scs.policies.filter((p) => p.id !== 'random');

/** Plays `s` under `policy` to the end (or `stop` decisions), each answer appended to `answers`; the decisions made. */
function playOn(
  s: ScsState,
  policy: Policy<ScsView, ScsDecision>,
  answers: string[],
  stop = Number.POSITIVE_INFINITY,
): number {
  const ws = scs.workspace(s);
  const rng = ws.streams.stream('policy:soviet');
  let n = 0;
  for (let p = scs.advance(s, ws); p !== null && n < stop; p = scs.advance(s, ws), n++) {
    if (p.kind === 'chance') throw new Error('a chance point in sampled mode');
    const c = policy.choose(scs.view(s, 'soviet'), p, rng);
    answers.push(`${p.kind}:${c}/${p.options.length}`);
    scs.apply(s, ws, p, c);
  }
  return n;
}

describe('SCS policies: scores', () => {
  it('the option choose picks has the highest score, every option scored (5 policies x 3 games, seed 1)', () => {
    expect(SCRIPTED.length).toBe(5);
    for (const def of SCRIPTED) {
      const policy = def.create();
      expect(policy.scores, def.id).toBeDefined();
      let checked = 0;
      const kinds = new Set<string>();
      for (let g = 0; g < 3; g++) {
        policy.reset?.();
        const m = startMatch(scs, setup, { masterSeed: 1, gameIndex: g });
        const s = m.state as ScsState;
        const rng = m.workspace.streams.stream('policy:soviet');
        for (let p = m.pending(); p !== null; p = m.pending()) {
          const d = p as ScsDecision;
          const view = scs.view(s, 'soviet');
          const out = new Float64Array(d.options.length).fill(Number.NaN);
          policy.scores!(view, d, out);
          const c = policy.choose(view, d, rng);
          for (let i = 0; i < out.length; i++)
            expect(Number.isFinite(out[i]!), `${def.id} ${d.kind} ${i}`).toBe(true);
          expect(out[c], `${def.id} game ${g} ${d.kind}: choice ${c} of ${[...out]}`).toBe(Math.max(...out));
          kinds.add(d.kind);
          checked++;
          m.apply(c);
        }
      }
      expect(checked, def.id).toBeGreaterThan(100);
      for (const k of ['force', 'step', 'germanLoss', 'host1E'])
        expect(kinds.has(k), `${def.id} ${k}`).toBe(true);
    }
  });
});

describe('SCS policies: scores changes nothing', () => {
  it('a game whose every decision was scored first is answered as one never scored (5 policies, seed 1 game 4)', () => {
    for (const def of SCRIPTED) {
      const answers = (score: boolean): string[] => {
        const policy = def.create();
        const s = scs.start(setup, { masterSeed: 1, gameIndex: 4 });
        const ws = scs.workspace(s);
        const rng = ws.streams.stream('policy:soviet');
        const out: string[] = [];
        for (let p = scs.advance(s, ws); p !== null; p = scs.advance(s, ws)) {
          if (p.kind === 'chance') throw new Error('a chance point in sampled mode');
          const view = scs.view(s, 'soviet');
          if (score) policy.scores!(view, p, new Float64Array(p.options.length));
          const c = policy.choose(view, p, rng);
          out.push(`${p.kind}:${c}`);
          scs.apply(s, ws, p, c);
        }
        return out;
      };
      expect(answers(true), def.id).toEqual(answers(false));
    }
  });
});

describe('SCS policies: clone', () => {
  it('a clone taken mid-game continues exactly as the original (turn-1 plan under way and a later turn)', () => {
    let forks = 0;
    // games 0 and 4 of seed 1 (game 4 runs all six turns under historical, tests/scs-pinned.slow.test.ts);
    // cuts 4-10 fall inside turn 1's plan (4.2), where a clone without the plan and the caches
    // answers differently for historical, pocket-hunter and shock-spearhead
    for (const def of SCRIPTED)
      for (const [game, cut] of [
        [0, 4],
        [0, 7],
        [4, 10],
        [4, 300],
      ] as const) {
        const policy = def.create();
        const s = scs.start(setup, { masterSeed: 1, gameIndex: game });
        const made = playOn(s, policy, [], cut);
        if (made < cut) continue; // the game ended before the cut
        forks++;
        const copy = policy.clone!();
        const t = scs.clone!(s);
        const a: string[] = [];
        const b: string[] = [];
        // the clone plays first: the original's memory must not be shared with it
        playOn(t, copy, b);
        playOn(s, policy, a);
        expect(b.length, `${def.id} cut ${cut}`).toBeGreaterThan(0);
        expect(b, `${def.id} cut ${cut}`).toEqual(a);
        expect(JSON.stringify(scs.record(t))).toBe(JSON.stringify(scs.record(s)));
      }
    expect(forks).toBeGreaterThan(15);
  });
});
