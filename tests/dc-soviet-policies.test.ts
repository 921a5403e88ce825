/**
 * Dark Crusade Soviet policies of docs/games/dc.md "Policies" beyond the first three: `siberian-gambler` calls the
 * Siberian Reserve in July 1941 and sends its Shock armies all out when attacking near Smolensk or
 * Kiev in its 1941 counter-offensive; `fortress-partisan` puts its partisans on articulation points
 * of the Axis supply graph or on empty Axis-held VP cities when one is offered (the graph built here
 * independently, by removing each offered point and tracing again), and fortifies its garrisons.
 * Checked on played positions (barbarossa against each).
 */
import { describe, expect, it } from 'vitest';
import { startMatch } from '../src/core/driver.js';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import type { DcMap } from '../src/games/dc/map.js';
import type { DcState } from '../src/games/dc/state.js';
import { mapOf } from '../src/games/dc/supply.js';

/** Plays games of `soviet` against barbarossa, calling `see` before each decision is answered with `choice`. */
function play(
  scenario: string,
  soviet: string,
  games: number,
  see: (s: DcState, d: DcDecision, choice: number) => void,
): DcState[] {
  const setup = resolveSetup(dc, { scenario, variants: {}, params: {} }, 'test');
  const ends: DcState[] = [];
  for (let g = 0; g < games; g++) {
    const policies = createPolicies(dc, { axis: 'barbarossa', soviet }, setup.scenario);
    const m = startMatch(dc, setup, { masterSeed: 43, gameIndex: g });
    const rng = streamRng(43, g, 'policy');
    for (let q = m.pending(); q !== null; q = m.pending()) {
      const d = q as DcDecision;
      const s = m.state as DcState;
      const c = policies[d.side]!.choose(s, d, rng);
      see(s, d, c);
      m.apply(c);
    }
    ends.push(m.state as DcState);
  }
  return ends;
}

/** Hop distance from point `p` to the nearest of `ids` over the map's lines. */
function hops(m: DcMap, ids: readonly string[], p: number): number {
  const d = new Array<number>(m.n).fill(-1);
  const q = ids.map((id) => m.index.get(id)!);
  for (const x of q) d[x] = 0;
  for (let h = 0; h < q.length; h++) {
    const x = q[h]!;
    for (let k = m.adjStart[x]!; k < m.adjStart[x + 1]!; k++) {
      const y = m.adjNb[k]!;
      if (d[y] === -1) {
        d[y] = d[x]! + 1;
        q.push(y);
      }
    }
  }
  return d[p]!;
}

/** Axis-controlled points reached by land from the Axis overland sources (DC 17.A) without point `cut`. */
function axisReach(s: DcState, m: DcMap, cut: number): Set<number> {
  const src = ['HEL', 'CLU', 'BUC'].map((id) => m.index.get(id)!);
  for (let p = 0; p < m.n; p++) if (m.edgeWest[p] === 1 || m.edgeNorth[p] === 1) src.push(p);
  const seen = new Set<number>();
  const q: number[] = [];
  for (const p of src)
    if (p !== cut && s.control[p] === 0 && !seen.has(p)) {
      seen.add(p);
      q.push(p);
    }
  while (q.length > 0) {
    const x = q.pop()!;
    for (let k = m.adjStart[x]!; k < m.adjStart[x + 1]!; k++) {
      const y = m.adjNb[k]!;
      if (y !== cut && s.control[y] === 0 && !seen.has(y)) {
        seen.add(y);
        q.push(y);
      }
    }
  }
  return seen;
}

describe('DC siberian-gambler', () => {
  it('calls the Siberian Reserve in July 1941 and sends Shock armies all out near Smolensk or Kiev in its counter-offensive', () => {
    // Introductory: the call, and the record's call turn
    let calls = 0;
    const ends = play('intro-tournament', 'siberian-gambler', 2, (s, d, c) => {
      if (d.kind !== 'siberian-call') return;
      // May 1941 = turn 1: July 1941 is turn 3
      expect(c).toBe(s.turn === 3 ? 1 : 0);
      if (c === 1) calls++;
    });
    expect(calls).toBe(2);
    for (const s of ends) expect(s.stats.sibCallTurn).toBe(3);
    // Advanced: the Shock armies (DC 8.C.3.a) attacking within two lines of Smolensk or Kiev, Aug-Dec 1941
    let near = 0;
    let others = 0;
    play('adv-tournament', 'siberian-gambler', 2, (s, d, c) => {
      if (d.kind !== 'allout-att' || d.side !== 'soviet') return;
      const m = mapOf(s);
      const battle = [...s.stack].reverse().find((t) => t.t === 'battle');
      if (battle?.t !== 'battle') throw new Error('an all-out decision outside a battle');
      const shock = s.rules.types[d.options[0]!.unitType]!.id === 'sov-shock';
      if (s.turn >= 4 && s.turn <= 8 && shock && hops(m, ['SMO', 'KIE'], battle.b.at) <= 2) {
        expect(c).toBe(d.options.length - 1);
        expect(d.options[c]!.n).toBeGreaterThan(0);
        near++;
      } else if (!shock) {
        // the rest of the stack never goes all out (allOutVp off)
        expect(c).toBe(0);
        others++;
      }
    });
    expect(near).toBeGreaterThan(0);
    expect(others).toBeGreaterThan(0);
  });
});

describe('DC fortress-partisan', () => {
  it('puts a partisan on an articulation point of the Axis supply graph or an empty Axis-held VP city when one is offered', () => {
    let offered = 0;
    let asked = 0;
    play('intro-tournament', 'fortress-partisan', 2, (s, d, c) => {
      if (d.kind !== 'partisan') return;
      asked++;
      const m = mapOf(s);
      const whole = axisReach(s, m, -1);
      const good = (to: number): boolean => {
        if (s.control[to] !== 0) return false;
        // an offered point holds no Axis unit (DC 19): Axis-held and a VP city is an empty Axis-held VP city
        if (m.vp[to]! > 0) return true;
        const without = axisReach(s, m, to);
        for (const p of whole) if (p !== to && !without.has(p)) return true;
        return false;
      };
      const ok = d.options.map((o, k) => k > 0 && good(o.to));
      if (!ok.includes(true)) return;
      offered++;
      expect(ok[c]).toBe(true);
    });
    expect(asked).toBeGreaterThan(10);
    expect(offered).toBeGreaterThan(5);
  });

  it('fortifies the garrison of a stronghold it holds', () => {
    let checked = 0;
    let forts = 0;
    const ends = play('intro-tournament', 'fortress-partisan', 1, (s, d, c) => {
      if (d.kind !== 'op-move' || d.side !== 'soviet') return;
      const task = s.stack[s.stack.length - 1]!;
      if (task.t !== 'op' || task.second >= 0) return;
      const i = task.order[task.i]!;
      const u = s.units[i]!;
      const m = mapOf(s);
      if (u.at < 0 || s.control[u.at] !== 1 || (m.garrison[u.at] === 0 && m.vp[u.at] === 0)) return;
      const others = s.units.some(
        (x, j) =>
          j !== i && x.st === 0 && x.side === 1 && x.at === u.at && s.rules.types[x.t]!.id !== 'factory',
      );
      if (others) return;
      // alone on a fortress or VP city it holds: the garrison; fortified when it may, else it stays
      const fortify = d.options.findIndex((o) => o.type === 'fortify');
      expect(d.options[c]!.type).toBe(fortify >= 0 ? 'fortify' : 'stay');
      if (fortify >= 0) forts++;
      checked++;
    });
    expect(checked).toBeGreaterThan(5);
    expect(forts).toBeGreaterThan(0);
    expect(ends[0]!.stats.fortificationsBuilt).toBeGreaterThan(0);
  });
});
