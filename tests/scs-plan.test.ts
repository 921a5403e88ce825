/**
 * SCS turn-1 planning (policies/plan.ts, 4.2, 8.4) and the fast pocket test of pockets.ts (8.4):
 * the shortcut must give exactly the pockets of the plain two-search definition.
 */
import { describe, expect, it } from 'vitest';
import { searchContext, startMatch } from '../src/core/driver.js';
import { gameStreams, randInt } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { forceSteps } from '../src/games/scs/combat.js';
import type { ScsDecision } from '../src/games/scs/decisions.js';
import { scs } from '../src/games/scs/index.js';
import { scsMap } from '../src/games/scs/map.js';
import { PocketScratch, pocketIfTaken } from '../src/games/scs/pockets.js';
import { PlanScratch, planTurn1, takeChance } from '../src/games/scs/policies/plan.js';
import { GERMAN, type ScsState, SOVIET } from '../src/games/scs/state.js';

/** SCS 8.4 by definition: German hexes that reach a German west-edge hex, avoiding `avoid`. */
function reachesWest(control: readonly number[], avoid: number): boolean[] {
  const ok = new Array<boolean>(scsMap.size).fill(false);
  const q: number[] = [];
  for (let h = 0; h < scsMap.size; h++)
    if (scsMap.westEdge[h] === 1 && h !== avoid && control[h] === GERMAN) {
      ok[h] = true;
      q.push(h);
    }
  while (q.length > 0) {
    const u = q.shift()!;
    for (const v of scsMap.nbr[u]!)
      if (!ok[v] && v !== avoid && control[v] === GERMAN) {
        ok[v] = true;
        q.push(v);
      }
  }
  return ok;
}

function naivePocket(control: readonly number[], h: number): number[] {
  const after = reachesWest(control, h);
  const before = reachesWest(control, -1);
  const out: number[] = [];
  for (let i = 0; i < scsMap.size; i++)
    if (i !== h && control[i] === GERMAN && !after[i] && before[i]) out.push(i);
  return out;
}

const start = (): ScsState => scs.start(resolveSetup(scs, {}, 'test'), { masterSeed: 1, gameIndex: 0 });

describe('SCS 8.4 pocket test (fast path)', () => {
  it('equals the definition on random control maps', () => {
    const rng = gameStreams(7, 0).stream('test');
    for (let trial = 0; trial < 60; trial++) {
      const control = new Array<number>(scsMap.size).fill(GERMAN);
      const soviet = randInt(rng, 20, 200);
      for (let k = 0; k < soviet; k++) control[randInt(rng, 0, scsMap.size - 1)] = SOVIET;
      for (let h = 0; h < scsMap.size; h++) {
        if (control[h] !== GERMAN) continue;
        expect(pocketIfTaken(control, h, [], new PocketScratch())).toEqual(naivePocket(control, h));
      }
    }
  });
  it('keeps the 8.4 example: 2513 at the start threatens 2612 and 2613', () => {
    const s = start();
    expect(
      pocketIfTaken(s.control, scsMap.index('2513'), [], new PocketScratch()).map((h) => scsMap.ids[h]),
    ).toEqual(['2612', '2613']);
  });
});

describe('SCS 4.2 turn-1 plan', () => {
  it('starts with a ring hex and enters 2513 first only as an accepted relief battle (8.4-8.5)', () => {
    const s = start();
    const cands: number[] = [];
    for (let i = 0; i < s.armies.length - 1; i++) if (s.armies[i]!.hex >= 0) cands.push(i);
    const p = planTurn1(s, new PlanScratch(), cands)!;
    expect(p).not.toBeNull();
    expect(scsMap.capitalRing).toContain(p.hex);
    if (scsMap.ids[p.hex] === '2513') expect(p.relief).toBe(true);
    if (!p.relief) expect(pocketIfTaken(s.control, p.hex, [], new PocketScratch())).toEqual([]);
  });
  it('historical passes the turn-1 check in most games with the full Soviet counter mix (seed 1, 200 games)', () => {
    // 71 Soviet counters (scs/data: the counter-mix parameter): at the calibrated 55 the armies by
    // Moscow and Tula give up steps to the German pool (2.1) and the check is lost in 93 of these
    // 200 games. Each game is played through turn 1 only, where the 4.2 check decides it.
    const setup = resolveSetup(scs, { params: { sovietCounters: 71 } }, 'test');
    let losses = 0;
    for (let g = 0; g < 200; g++) {
      const m = startMatch(scs, setup, { masterSeed: 1, gameIndex: g });
      const soviet = scs.policies.find((x) => x.id === 'historical')!.create();
      const s = m.state as ScsState;
      const rng = m.workspace.streams.stream('policy:soviet');
      for (let p = m.pending(); p !== null && s.turn === 1; p = m.pending()) {
        const d = p as ScsDecision;
        m.apply(soviet.choose(scs.view(s, d.side), d, rng, searchContext(m, d.side)));
      }
      if (s.result === 'turn1-loss') losses++;
    }
    expect(losses).toBeLessThan(40); // 20%; it was 33% before the plan
  });
});

describe('SCS turn-1 plan: P(hex taken) from the live CRT (issue 17 part 4)', () => {
  const startWith = (params: Record<string, string | number>): ScsState =>
    scs.start(resolveSetup(scs, { params }, 'test'), { masterSeed: 1, gameIndex: 0 });
  /** `sandtable odds scs`'s "hex taken" against the generated garrison (clear 2410, the start pool). */
  function provider(
    crt: string,
    attacker: string,
    rounds: number,
    extra: Record<string, string | true> = {},
  ) {
    const t = scs.odds!.compute({ attacker, rounds: String(rounds), crt, ...extra })[0]!;
    return t.rows.find((r) => r.outcome === 'hex taken')!.p[0]!;
  }
  it('equals the odds provider under CRT sets A, B and custom, and follows custom hit numbers', () => {
    for (const crt of ['A', 'B', 'custom']) {
      const s = startWith({ crtSet: crt });
      const c = s.armies.findIndex((x) => x.id === '20');
      const k = s.armies.findIndex((x) => x.id === '1S');
      s.host = s.armies.findIndex((x) => x.id === '5'); // 1E elsewhere
      // entering with 1 MF left: 2 rounds (9.3); the shock army's first attack fires its primary column
      expect(takeChance(s, c, 1, false)).toBeCloseTo(provider(crt, `${forceSteps(s, c)}:combined`, 2), 12);
      expect(takeChance(s, k, 1, false)).toBeCloseTo(
        provider(crt, `${forceSteps(s, k)}:shock`, 2, { 'shock-first': true }),
        12,
      );
      expect(takeChance(s, c, 0, true)).toBeCloseTo(
        provider(crt, `${forceSteps(s, c)}:combined`, 1, { kind: 'relief' }),
        12,
      );
    }
    const chance = (hitOn: number) => {
      const s = startWith({ crtSet: 'custom', hitOn_combined: hitOn });
      return takeChance(
        s,
        s.armies.findIndex((x) => x.id === '20'),
        1,
        false,
      );
    };
    expect(chance(3)).toBeGreaterThan(chance(6) + 0.2);
  });
  it('chooses another first attack under CRT set A, where the set-B tables it read before were wrong', () => {
    const first = (crtSet: string) => {
      const s = startWith({ crtSet });
      const cands: number[] = [];
      for (let i = 0; i < s.armies.length - 1; i++) if (s.armies[i]!.hex >= 0) cands.push(i);
      const p = planTurn1(s, new PlanScratch(), cands)!;
      return { army: s.armies[p.army]!.id, hex: scsMap.ids[p.hex], p: p.p, relief: p.relief };
    };
    // the set-B tables gave 10th Army into 2613 (accepting the relief battle) at 0.31 under every CRT
    const b = first('B');
    expect([b.army, b.hex, b.relief]).toEqual(['10', '2613', true]);
    expect(b.p).toBeCloseTo(0.302, 3);
    // under set A that attack is worth less, and the plan opens with 61st Army into 2513 instead
    const a = first('A');
    expect([a.army, a.hex, a.relief]).toEqual(['61', '2513', true]);
    expect(a.p).toBeCloseTo(0.134, 3);
  });
});
