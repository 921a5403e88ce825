/**
 * Known-answer tests for the SCS force-pool mechanics (3.7, 4.8, 7.6, 8.7-8.10, 10.7) and for each
 * reading of an ambiguous rule that SCS offers as a variant (each group's default and alternative).
 */
import { describe, expect, it } from 'vitest';
import type { Decision, Policy } from '../src/core/game.js';
import { resolveSetup } from '../src/core/setup.js';
import { breakout } from '../src/games/scs/forces.js';
import { scs } from '../src/games/scs/index.js';
import { invariants } from '../src/games/scs/invariants.js';
import { scsMap } from '../src/games/scs/map.js';
import { PocketScratch, pocketIfTaken } from '../src/games/scs/pockets.js';
import { drawForBattle } from '../src/games/scs/pool.js';
import { GERMAN, GUDERIAN, NONMECH, type ScsState, SECURITY, SOVIET } from '../src/games/scs/state.js';
import {
  attackHex,
  fightBattle,
  phaseII,
  phaseIV,
  RECONSTRUCTION,
  scriptedRun,
  startScs,
  takeFromPool,
} from './helpers/scs.js';

const H = (id: string) => scsMap.index(id);

function fresh(variants: Record<string, boolean> = {}): ScsState {
  return startScs(resolveSetup(scs, { variants, params: RECONSTRUCTION }, 'test'), {
    masterSeed: 1,
    gameIndex: 0,
  });
}

function scripted(answer: (d: Decision) => number, asked: Decision[] = []): Policy {
  return {
    id: 'scripted',
    choose: (_v, d) => {
      asked.push(d);
      return answer(d);
    },
  };
}

const stackPool = (s: ScsState, type: number) => s.pool.push(takeFromPool(s, type));
function setMarker(s: ScsState, h: number, type: number): void {
  if (s.marker[h]! >= 0) s.pool.unshift(s.marker[h]!);
  s.marker[h] = takeFromPool(s, type);
}
const army = (s: ScsState, id: string) => s.armies.findIndex((x) => x.id === id);
const none = scripted(() => 0);

describe('SCS force pool: when counters leave and return', () => {
  it('3.7: taking a hex draws the garrison and one marker per German neighbour without one (marked hexes draw none)', () => {
    const s = fresh();
    s.phase = 'III';
    const h = H('2507');
    const a = army(s, '20');
    s.host = army(s, '5');
    s.viReady = false;
    setMarker(s, h, NONMECH);
    const fresh0 = scsMap.nbr[h]!.filter((n) => s.control[n] === GERMAN && s.marker[n]! < 0);
    const marked = scsMap.nbr[h]!.filter((n) => s.control[n] === GERMAN && s.marker[n]! >= 0);
    expect(fresh0.length).toBeGreaterThan(0);
    expect(marked.length).toBeGreaterThan(0);
    const before = marked.map((n) => s.marker[n]);
    stackPool(s, NONMECH);
    stackPool(s, NONMECH);
    const pool0 = s.pool.length;
    // garrison die 3: marker + 2 drawn units; Soviet 6s kill them in round 1, German 1s miss
    const run = scriptedRun(s, none, [1, 1, 1, 6, 6, 6, 1, 1, 1], [3]);
    expect(attackHex(run, a, H('2607'), h, 1)).toBe(1);
    expect(s.control[h]).toBe(SOVIET);
    expect(pool0 - s.pool.length).toBe(2 + fresh0.length);
    expect(marked.map((n) => s.marker[n])).toEqual(before);
    // 7.6: the three eliminated units wait in the next turn's box, not the pool
    expect(s.track[2]).toHaveLength(3);
    expect(invariants(s)).toEqual([]);
  });

  it('8.9: units that held go back to the pool in Phase IV, and the front hex then gets a new blind marker', () => {
    const s = fresh();
    s.phase = 'III';
    const h = H('2507');
    const m = s.marker[h]!;
    s.marker[h] = -1;
    s.held[h]!.push(m, takeFromPool(s, NONMECH));
    const pool0 = s.pool.length;
    const run = scriptedRun(s, none, []);
    phaseIV(run);
    expect(s.held[h]).toHaveLength(0);
    expect(s.marker[h]).toBeGreaterThanOrEqual(0);
    expect(s.pool.length).toBe(pool0 + 2 - 1);
    expect(invariants(s)).toEqual([]);
  });

  it('10.7: Guderian among the pocket markers of a breakout fought below row 09 is replaced by a pool draw and returns to the pool', () => {
    const s = fresh();
    s.phase = 'III';
    const bottleneck = H('2405');
    const pocketHex = H('2406');
    const a = army(s, '31');
    s.host = army(s, '5');
    s.armies[a]!.hex = bottleneck;
    setMarker(s, pocketHex, GUDERIAN);
    const g = s.marker[pocketHex]!;
    stackPool(s, NONMECH);
    const drawn = s.pool[s.pool.length - 1]!;
    // breakout 1d6-1 = 1 unit: Guderian comes out, is replaced by the non-mech, which misses (1+1 < 5)
    const run = scriptedRun(s, none, [1], [2]);
    expect(breakout(run, bottleneck, a, [pocketHex])).toBe(false);
    expect(s.pool).toContain(g);
    expect(s.aside).toEqual([drawn]);
    expect(run.trace.some((e) => e.rule === 'SCS 10.7')).toBe(true);
  });
});

describe('SCS 4.8 variants: when the pool is found empty', () => {
  const lastCounter = (s: ScsState) => {
    const keep = takeFromPool(s, NONMECH);
    while (s.pool.length > 0) s.removed.push(s.pool.pop()!);
    s.pool.push(keep);
  };
  it('pool-empty-at-once (default): drawing the last counter ends the game', () => {
    const s = fresh();
    lastCounter(s);
    const run = scriptedRun(s, none, []);
    expect(drawForBattle(run, H('2507'), s.engaged)).toBe(false);
    expect(s.pool).toHaveLength(0);
    expect(s.result).toBe('sudden-death');
    expect(s.endReason).toBe('sudden-death');
  });
  it('pool-empty-on-draw: the empty pool is found only by the next draw', () => {
    const s = fresh({ 'pool-empty-on-draw': true });
    lastCounter(s);
    const run = scriptedRun(s, none, []);
    expect(drawForBattle(run, H('2507'), s.engaged)).toBe(true);
    expect(s.pool).toHaveLength(0);
    expect(s.stats.minPool).toBe(0);
    expect(s.result).toBe('');
    expect(drawForBattle(run, H('2507'), s.engaged)).toBe(false);
    expect(s.result).toBe('sudden-death');
  });
});

describe('SCS 10.1 steps 8-9 variants: both forces wiped out in one round', () => {
  // 20th at 1 step vs a security unit: Soviet die misses, security hits, VI IC (step 6) kills the unit
  const battle = (variants: Record<string, boolean>) => {
    const s = fresh(variants);
    s.phase = 'III';
    const a = army(s, '20');
    s.host = army(s, '5');
    s.stepsLost += s.armies[a]!.steps - 1;
    s.armies[a]!.steps = 1;
    const h = H('2507');
    setMarker(s, h, SECURITY);
    const run = scriptedRun(
      s,
      scripted((d) => (d.kind === 'commitVI' ? 1 : 0)),
      [1, 6, 6],
      [1],
    );
    const mf = attackHex(run, a, H('2607'), h, 1);
    return { s, a, h, mf };
  };
  it('mutual-wipeout-german-hold (default): the battle is lost and the hex re-marked', () => {
    const { s, a, h, mf } = battle({});
    expect(mf).toBe(-1);
    expect(s.armies[a]!.steps).toBe(0);
    expect(s.control[h]).toBe(GERMAN);
    expect(s.marker[h]).toBeGreaterThanOrEqual(0);
    expect(invariants(s)).toEqual([]);
  });
  it('mutual-wipeout-soviet-win: step 8 first, the hex turns Soviet', () => {
    const { s, a, h, mf } = battle({ 'mutual-wipeout-soviet-win': true });
    expect(mf).toBe(-1);
    expect(s.armies[a]!.steps).toBe(0);
    expect(s.control[h]).toBe(SOVIET);
    expect(invariants(s)).toEqual([]);
  });
});

describe('SCS 8.9 variants: units that held, entered again under a pocket threat', () => {
  // 2513 held by one non-mech; 61st enters, threatening 2612+2613 (8.4)
  const battle = (variants: Record<string, boolean>) => {
    const s = fresh(variants);
    s.phase = 'III';
    const a = army(s, '61');
    s.host = army(s, '5');
    s.viReady = false;
    const h = H('2513');
    s.pool.push(s.marker[h]!);
    s.marker[h] = -1;
    s.held[h]!.push(takeFromPool(s, NONMECH));
    // German die 4: hits with the relief +1 only; the 61st's first die kills it; breakout dice 1,1 = nobody
    const run = scriptedRun(s, none, [4, 6, 1, 1, 1, 1, 1, 1, 1], [1, 1]);
    const mf = attackHex(run, a, H('2614'), h, 1);
    return { s, a, mf, run };
  };
  it('held-as-relief (default): they fight as the relief force with +1', () => {
    const { s, a, mf } = battle({});
    expect(mf).toBe(1);
    expect(s.stats.reliefBattles).toBe(1);
    expect(s.armies[a]!.steps).toBe(7);
    for (const p of ['2513', '2612', '2613']) expect(s.control[H(p)]).toBe(SOVIET);
  });
  it('held-as-defense: they fight as a regular defence (no +1); the breakout still follows', () => {
    const { s, a, mf } = battle({ 'held-as-defense': true });
    expect(mf).toBe(1);
    expect(s.stats.reliefBattles).toBe(0);
    expect(s.stats.pocketsThreatened).toBe(1);
    expect(s.stats.breakouts).toBe(1);
    expect(s.armies[a]!.steps).toBe(8);
    for (const p of ['2513', '2612', '2613']) expect(s.control[H(p)]).toBe(SOVIET);
  });
});

describe('SCS 10.1 step 1 / 10.2 variants: does a relief battle spend shock primary fire?', () => {
  const relief = (variants: Record<string, boolean>) => {
    const s = fresh(variants);
    s.phase = 'III';
    const a = army(s, '1S');
    s.host = army(s, '5');
    s.viReady = false;
    s.engaged.push(takeFromPool(s, NONMECH));
    // relief: German die 1 misses; 1S fires secondary (5-6): a 5 kills the unit
    const run = scriptedRun(s, none, [1, 5, 1, 1, 1, 1, 1, 1, 1]);
    expect(fightBattle(run, 'relief', H('2507'), a, 0).won).toBe(true);
    expect(run.trace.some((e) => e.rule === 'SCS 10.1 step 1')).toBe(false);
    return s.armies[a]!.attacked;
  };
  it('relief-spends-primary (default): primary fire is used up for the turn', () => {
    expect(relief({})).toBe(true);
  });
  it('relief-keeps-primary: primary fire stays for the first regular attack', () => {
    expect(relief({ 'relief-keeps-primary': true })).toBe(false);
  });
});

describe('SCS 8.8 / 10.13 variants: what falls after a failed breakout', () => {
  const pocket = (variants: Record<string, boolean>) => {
    const s = fresh(variants);
    s.phase = 'III';
    const a = army(s, '61');
    s.host = army(s, '5');
    s.viReady = false;
    for (const id of ['2513', '2612', '2613']) setMarker(s, H(id), NONMECH);
    for (let k = 0; k < 12; k++) stackPool(s, NONMECH);
    // relief 1d6 = 1 (marker + 1) killed by 6s; breakout 2,2 = the two pocket markers, both miss
    const run = scriptedRun(s, none, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1], [1, 2, 2]);
    expect(attackHex(run, a, H('2614'), H('2513'), 1)).toBe(1);
    return s;
  };
  it('pocket-falls-whole (default): the pocket turns Soviet with the bottleneck', () => {
    const s = pocket({});
    for (const p of ['2513', '2612', '2613']) expect(s.control[H(p)]).toBe(SOVIET);
  });
  it('pocket-fortified-only: the emptied pocket stays German, re-marked, and is no new pocket', () => {
    const s = pocket({ 'pocket-fortified-only': true });
    expect(s.control[H('2513')]).toBe(SOVIET);
    for (const p of ['2612', '2613']) {
      expect(s.control[H(p)]).toBe(GERMAN);
      expect(s.marker[H(p)]).toBeGreaterThanOrEqual(0);
    }
    expect(pocketIfTaken(s.control, H('2612'), [], new PocketScratch())).toEqual([]);
    expect(s.aside).toHaveLength(2);
    expect(invariants(s)).toEqual([]);
  });
  it('pocket-fortified-only: a fortified locality inside the pocket still falls (10.13)', () => {
    const s = fresh({ 'pocket-fortified-only': true });
    s.turn = 2;
    s.phase = 'III';
    const kaluga = H('2211');
    const neck = H('2111');
    const ring = H('2212');
    for (const n of scsMap.nbr[kaluga]!) {
      if (n === neck || n === ring) continue;
      s.control[n] = SOVIET;
      if (s.marker[n]! >= 0) s.pool.push(s.marker[n]!);
      s.marker[n] = -1;
    }
    s.control[ring] = GERMAN; // a non-fortified pocket hex beside Kaluga
    for (const n of scsMap.nbr[ring]!)
      if (n !== kaluga && n !== neck && s.control[n] === GERMAN) {
        s.control[n] = SOVIET;
        if (s.marker[n]! >= 0) s.pool.push(s.marker[n]!);
        s.marker[n] = -1;
      }
    const pocketHexes = pocketIfTaken(s.control, neck, [], new PocketScratch())
      .map((h) => scsMap.ids[h])
      .sort();
    expect(pocketHexes).toEqual(['2211', '2212']);
    setMarker(s, neck, NONMECH);
    setMarker(s, kaluga, NONMECH);
    setMarker(s, ring, NONMECH);
    for (let k = 0; k < 8; k++) stackPool(s, NONMECH);
    const a = army(s, '43');
    s.host = army(s, '5');
    s.viReady = false;
    s.armies[a]!.hex = H('2112');
    s.control[H('2112')] = SOVIET;
    // relief 1 (marker + 1) dies to 6s; breakout 2,1 = 1 unit (Kaluga's marker) misses
    const run = scriptedRun(s, none, [6, 6, 6, 6, 6, 6, 6, 6, 1], [1, 2, 1]);
    attackHex(run, a, H('2112'), neck, 2);
    expect(s.control[kaluga]).toBe(SOVIET);
    expect(s.control[neck]).toBe(SOVIET);
    expect(s.control[ring]).toBe(GERMAN);
  });
});

describe('SCS 7.2 variants: 4S with no free entry hex', () => {
  const enter = (variants: Record<string, boolean>) => {
    const s = fresh(variants);
    s.turn = 3;
    // every Soviet edge hex without an army becomes German; Moscow and Tula hold 16th and 50th
    for (let h = 0; h < scsMap.size; h++) {
      const edge = scsMap.northEdge[h] || scsMap.southEdge[h] || scsMap.eastEdge[h];
      if (edge && s.control[h] === SOVIET && !s.armies.some((x) => x.hex === h)) s.control[h] = GERMAN;
    }
    const run = scriptedRun(s, none, []);
    run.drawIndex = () => 0;
    phaseII(run);
    return s.armies[army(s, '4S')]!;
  };
  it('4s-waits (default): 4S stays on the track for the next Phase II', () => {
    expect(enter({}).hex).toBe(-2);
  });
  it('4s-lost: 4S never enters', () => {
    expect(enter({ '4s-lost': true }).hex).toBe(-4);
  });
});

describe('SCS 6.3 variants: where 1E may go in Phase IV', () => {
  const hosts = (variants: Record<string, boolean>) => {
    const s = fresh(variants);
    s.phase = 'III';
    s.host = army(s, '16'); // Moscow 2608
    const asked: Decision[] = [];
    const run = scriptedRun(
      s,
      scripted(() => 0, asked),
      [],
    );
    phaseIV(run);
    const d = asked.find((x) => x.kind === 'host1E')!;
    return (d.options as number[]).map((i) => s.armies[i]!.id).sort();
  };
  it('1e-host-anywhere (default): any living army', () => {
    expect(hosts({})).toHaveLength(17);
  });
  it('1e-host-adjacent: only the host and armies next to it', () => {
    const s = fresh();
    const near = s.armies
      .filter((x) => x.hex >= 0 && (x.id === '16' || scsMap.distance(x.hex, H('2608')) === 1))
      .map((x) => x.id)
      .sort();
    expect(near.length).toBeGreaterThan(1);
    expect(hosts({ '1e-host-adjacent': true })).toEqual(near);
  });
});

describe('SCS 10.2: relief-battle duration (group relief-duration)', () => {
  // the 20th (6 steps, combined arms) meets a one-unit relief force with no MF left (9.3): round 1
  // all dice miss; round 2 the German misses and one Soviet 6 kills it
  const dice = [1, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1];
  function relief(variants: Record<string, boolean>, answer: number) {
    const s = fresh(variants);
    s.phase = 'III';
    const a = army(s, '20');
    s.host = army(s, '5');
    s.viReady = false;
    s.engaged.push(takeFromPool(s, NONMECH));
    const asked: Decision[] = [];
    const run = scriptedRun(
      s,
      scripted((d) => (d.kind === 'anotherRound' ? answer : 0), asked),
      dice.slice(),
    );
    const out = fightBattle(run, 'relief', H('2507'), a, 0);
    return { out, asked: asked.map((d) => d.kind), s, trace: run.trace };
  }
  it('relief-ends-with-mf (default): out of MF after round 1, the battle is lost (9.6), no round 2 offered', () => {
    const r = relief({}, 1);
    expect(r.asked).not.toContain('anotherRound');
    expect(r.out.won).toBe(false);
    expect(r.s.engaged).toHaveLength(1);
    expect(r.trace.some((e) => e.text.includes('is out of MF'))).toBe(true);
  });
  it('relief-to-the-death: the battle goes on out of MF (free rounds) until one side is gone', () => {
    const r = relief({ 'relief-to-the-death': true }, 1);
    expect(r.asked).toEqual(['anotherRound']);
    expect(r.out).toEqual({ won: true, mf: 0 });
    expect(r.s.engaged).toHaveLength(0);
  });
  it('relief-to-the-death: a battle where no die ever hits ends, lost as out of MF, after 100 rounds', () => {
    const s = fresh({ 'relief-to-the-death': true });
    s.phase = 'III';
    s.host = army(s, '5');
    s.viReady = false;
    s.engaged.push(takeFromPool(s, NONMECH));
    const run = scriptedRun(
      s,
      scripted((d) => (d.kind === 'anotherRound' ? 1 : 0)),
      new Array<number>(7 * 100).fill(1),
    );
    expect(fightBattle(run, 'relief', H('2507'), army(s, '20'), 0).won).toBe(false);
    expect(run.trace.filter((e) => e.rule === 'SCS 10.1 step 4')).toHaveLength(100);
    expect(run.trace.some((e) => e.text.includes('is out of MF'))).toBe(true);
  });
  it('relief-to-the-death: the Soviet player may still break off after a round (10.1 step 10)', () => {
    const r = relief({ 'relief-to-the-death': true }, 0);
    expect(r.asked).toEqual(['anotherRound']);
    expect(r.out.won).toBe(false);
    expect(r.trace.some((e) => e.text.includes('breaks off'))).toBe(true);
  });
});
