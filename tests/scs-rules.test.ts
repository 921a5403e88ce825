/**
 * Known-answer tests for the examples printed in the SCS rules (3.4, 8.4, 9.3, 10.1, 4.2/4.3,
 * 8.7/8.8/8.10, 10.13), on the default set-up or on hand-built positions with scripted dice.
 */
import { describe, expect, it } from 'vitest';
import type { Decision, Policy } from '../src/core/game.js';
import { resolveSetup } from '../src/core/setup.js';
import { isFrontHex } from '../src/games/scs/control.js';
import { scs } from '../src/games/scs/index.js';
import { invariants } from '../src/games/scs/invariants.js';
import { scsMap } from '../src/games/scs/map.js';
import { type StepOption, stepOptions } from '../src/games/scs/movement.js';
import { allPockets, PocketScratch, pocketIfTaken } from '../src/games/scs/pockets.js';
import { GERMAN, MECH, NONMECH, OPS_EC, type ScsState, SECURITY, SOVIET } from '../src/games/scs/state.js';
import { endOfTurn } from '../src/games/scs/turn.js';
import { endOfGameResult } from '../src/games/scs/victory.js';
import {
  activate,
  attackHex,
  fightBattle,
  RECONSTRUCTION,
  scriptedRun,
  startScs,
  takeFromPool,
} from './helpers/scs.js';

const H = (id: string) => scsMap.index(id);
const ids = (hs: readonly number[]) => hs.map((h) => scsMap.ids[h]).sort();

function fresh(seed = 1): ScsState {
  const setup = resolveSetup(scs, { params: RECONSTRUCTION }, 'test');
  return startScs(setup, { masterSeed: seed, gameIndex: 0 });
}

/** A Soviet policy answering by decision kind; unknown kinds take option 0. */
function scripted(answer: (d: Decision) => number, asked: string[] = []): Policy {
  return {
    id: 'scripted',
    choose: (_v, d) => {
      asked.push(d.kind);
      return answer(d);
    },
  };
}

/** Puts a counter of `type` at the end of the pool so the next scripted draw takes it. */
function stackPool(s: ScsState, type: number): void {
  s.pool.push(takeFromPool(s, type));
}

/** Replaces the marker of hex h by a counter of `type`. */
function setMarker(s: ScsState, h: number, type: number): void {
  if (s.marker[h]! >= 0) s.pool.unshift(s.marker[h]!);
  s.marker[h] = takeFromPool(s, type);
}

describe('SCS 3.4: initial front line', () => {
  it('puts one blind-drawn marker on each of the 25 front hexes, in 2612 not 2712 and in 2413 not 2512', () => {
    const s = fresh();
    const marked = scsMap.ids.filter((_, h) => s.marker[h]! >= 0);
    expect(marked).toHaveLength(25);
    expect(marked).toContain('2612');
    expect(marked).not.toContain('2712');
    expect(marked).toContain('2413');
    expect(marked).not.toContain('2512');
    expect(marked).toContain('1900'); // "from 1900 to 2417, inclusive"
    expect(marked).toContain('2417');
    for (let h = 0; h < scsMap.size; h++) expect(s.marker[h]! >= 0).toBe(isFrontHex(s, h));
    expect(invariants(s)).toEqual([]);
  });
});

describe('SCS 8.4: threatened pocket', () => {
  it('entering 2513 at the start of turn 1 threatens a pocket of 2612 and 2613', () => {
    const s = fresh();
    expect(ids(pocketIfTaken(s.control, H('2513'), [], new PocketScratch()))).toEqual(['2612', '2613']);
    expect(pocketIfTaken(s.control, H('2412'), [], new PocketScratch())).toEqual([]);
  });
  it('the one-pass pocket sizes agree with the per-hex search', () => {
    const s = fresh();
    const size = new Int32Array(scsMap.size);
    const fl = new Int32Array(scsMap.size);
    allPockets(s.control, s.cfg.fortified, size, fl, new PocketScratch());
    for (let h = 0; h < scsMap.size; h++) {
      if (s.control[h] !== GERMAN) continue;
      expect(size[h]).toBe(pocketIfTaken(s.control, h, [], new PocketScratch()).length);
    }
    expect(size[H('2513')]).toBe(2);
  });
});

describe('SCS 9.3: battle duration', () => {
  it('two clear hexes then a battle hex with 3 MF allows exactly one round', () => {
    const s = fresh();
    s.turn = 2;
    s.phase = 'III';
    const a = s.armies.findIndex((x) => x.id === '16');
    s.host = s.armies.findIndex((x) => x.id === '5'); // 1E elsewhere
    const path = ['2609', '2610', '2611'].map(H);
    for (const h of path) expect(s.cfg.forest[h]).toBe(0);
    const target = path[2]!;
    s.control[target] = GERMAN;
    s.marker[target] = takeFromPool(s, NONMECH);
    stackPool(s, NONMECH);
    const asked: string[] = [];
    const policy = scripted((d) => {
      if (d.kind !== 'step') return 0;
      const opts = d.options as StepOption[];
      const next = opts.findIndex((o) => o.to === path.find((h) => !visited.includes(h)));
      if (next >= 0) visited.push((opts[next] as StepOption).to);
      return Math.max(next, 0);
    }, asked);
    const visited: number[] = [];
    // garrison die 2 -> marker + 1 unit; Germans miss (1s), Soviets miss (1s): one round, then stymied
    const run = scriptedRun(s, policy, new Array(40).fill(1), [2]);
    activate(run, a);
    expect(asked).not.toContain('anotherRound');
    expect(run.trace.filter((e) => e.text.includes('round 2'))).toHaveLength(0);
    expect(run.trace.some((e) => e.rule === 'SCS 9.5')).toBe(true);
    expect(s.armies[a]!.hex).toBe(path[1]); // back to the hex it entered from (9.5)
    expect(s.held[target]).toHaveLength(2); // 8.9: the defenders stay in place
    expect(s.control[target]).toBe(GERMAN);
  });
});

describe('SCS 10.1: fire precedence', () => {
  it('fires shock primary, mechanized, non-mechanized, other Soviets, security, VI IC, in that order, hits applied at once', () => {
    const s = fresh();
    s.phase = 'III';
    const a = s.armies.findIndex((x) => x.id === '1S');
    const e = s.armies[s.armies.length - 1]!;
    s.host = a;
    const h = H('2507'); // clear
    s.marker[h] = -1;
    s.pool.push(...[]);
    s.engaged.push(takeFromPool(s, MECH), takeFromPool(s, NONMECH), takeFromPool(s, SECURITY));
    // step 1: 8 shock dice, one hit (kills the mech before it fires); step 3: 1 die, hit (1E);
    // step 4: 1E's 5 dice miss; step 5: security hits (1E); step 6: VI IC 2 dice, 2 hits
    const dice = [4, 1, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 6, 5, 5];
    const policy = scripted((d) => {
      if (d.kind === 'commitVI') return 1;
      if (d.kind === 'germanLoss') return Math.max(0, (d.options as number[]).indexOf(MECH));
      return 0;
    });
    const run = scriptedRun(s, policy, dice);
    const out = fightBattle(run, 'defense', h, a, 2);
    expect(out.won).toBe(true);
    expect(dice).toHaveLength(0);
    const fires = run.trace.filter((t) => t.rule.startsWith('SCS 10.1 step')).map((t) => t.rule);
    expect(fires).toEqual([
      'SCS 10.1 step 1',
      'SCS 10.1 step 3',
      'SCS 10.1 step 4',
      'SCS 10.1 step 5',
      'SCS 10.1 step 6',
      'SCS 10.1 step 8',
    ]);
    expect(e.steps).toBe(4); // 1E absorbed both hits (6.3)
    expect(s.armies[a]!.steps).toBe(8);
    expect(s.viReady).toBe(false);
    expect(s.armies[a]!.attacked).toBe(true);
    expect(s.engaged).toHaveLength(0);
  });

  it('a shock army fires on its secondary column after its first round and in later attacks (10.1 step 4)', () => {
    const s = fresh();
    s.phase = 'III';
    const a = s.armies.findIndex((x) => x.id === '1S');
    s.host = s.armies.findIndex((x) => x.id === '5');
    s.viReady = false;
    s.armies[a]!.attacked = true; // already attacked this turn
    s.engaged.push(takeFromPool(s, NONMECH));
    // round 1: German 1 die misses; 1S 8 dice at hit-on 5: a 4 misses, a 5 hits
    const run = scriptedRun(
      s,
      scripted(() => 0),
      [1, 4, 4, 4, 4, 4, 4, 4, 5],
    );
    const out = fightBattle(run, 'defense', H('2507'), a, 0);
    expect(out.won).toBe(true);
    expect(run.trace.some((t) => t.rule === 'SCS 10.1 step 1')).toBe(false);
  });

  it('mechanized units fire at -1 in forest (10.4) and relief forces at +1 (10.2)', () => {
    const s = fresh();
    s.phase = 'III';
    const a = s.armies.findIndex((x) => x.id === '20');
    s.host = s.armies.findIndex((x) => x.id === '5');
    s.viReady = false;
    const forest = H('2408');
    expect(s.cfg.forest[forest]).toBe(1);
    s.engaged.push(takeFromPool(s, MECH));
    // mech die 4 misses in forest (4-1 < 4); 20th's 6 dice: one 5 kills it
    const run = scriptedRun(
      s,
      scripted(() => 0),
      [4, 5, 1, 1, 1, 1, 1],
    );
    expect(fightBattle(run, 'defense', forest, a, 0).won).toBe(true);
    expect(s.armies[a]!.steps).toBe(6);
    // relief: non-mech die 4 hits (4+1 >= 5)
    s.engaged.push(takeFromPool(s, NONMECH));
    const run2 = scriptedRun(
      s,
      scripted(() => 0),
      [4, 5, 1, 1, 1, 1, 1],
    );
    expect(fightBattle(run2, 'relief', H('2507'), a, 0).won).toBe(true);
    expect(s.armies[a]!.steps).toBe(5);
  });
});

describe('SCS 8.10: marker-only defence', () => {
  it('a hex whose defence is support markers only falls without a fight; the markers go to the next turn box', () => {
    const s = fresh();
    s.phase = 'III';
    const a = s.armies.findIndex((x) => x.id === '5');
    const h = H('2507');
    setMarker(s, h, OPS_EC);
    const marker = s.marker[h]!;
    const run = scriptedRun(
      s,
      scripted(() => 0),
      [],
      [1],
    ); // garrison 1d6-1 = 0
    const mf = attackHex(run, a, H('2508'), h, 1);
    expect(mf).toBe(1);
    expect(s.control[h]).toBe(SOVIET);
    expect(s.track[2]).toContain(marker);
    expect(s.stats.markerOnlyFalls).toBe(1);
    expect(s.armies[a]!.hex).toBe(h);
  });
});

/** The 8.4 position: 61st in 2614 enters 2513, threatening 2612+2613; every marker there is non-mech. */
function pocketPosition() {
  const s = fresh();
  s.phase = 'III';
  const a = s.armies.findIndex((x) => x.id === '61');
  s.host = s.armies.findIndex((x) => x.id === '5');
  s.viReady = false;
  for (const id of ['2513', '2612', '2613']) setMarker(s, H(id), NONMECH);
  for (let k = 0; k < 12; k++) stackPool(s, NONMECH);
  return { s, a, h: H('2513') };
}

describe('SCS 8.5-8.8: relief and breakout battles', () => {
  it('8.7: a successful breakout destroys the force, keeps the hex German and returns the units to the pool', () => {
    const { s, a, h } = pocketPosition();
    const pool0 = s.pool.length;
    // relief 1d6 = 1: marker + 1 unit; all dice 6. Breakout 1d6-1 per hex: 6,6 = 10 units firing at +1
    const run = scriptedRun(
      s,
      scripted(() => 0),
      new Array(40).fill(6),
      [1, 6, 6],
    );
    const mf = attackHex(run, a, H('2614'), h, 1);
    expect(mf).toBe(-1);
    expect(s.stats.reliefBattles).toBe(1);
    expect(s.stats.reliefSovietWins).toBe(1);
    expect(s.stats.breakouts).toBe(1);
    expect(s.stats.breakoutGermanWins).toBe(1);
    expect(s.armies[a]!.steps).toBe(0);
    expect(s.control[h]).toBe(GERMAN);
    for (const p of ['2513', '2612', '2613']) expect(s.marker[H(p)]).toBeGreaterThanOrEqual(0);
    // 2 relief units eliminated; 10 breakout units back in the pool; 3 new markers drawn
    expect(s.track[2]).toHaveLength(2);
    expect(s.pool.length).toBe(pool0 - 1 - 8 + 10 - 3);
    expect(invariants(s)).toEqual([]);
  });

  it('8.8: a failed breakout sets the pocketed units aside and the pocket falls with the bottleneck hex', () => {
    const { s, a, h } = pocketPosition();
    // relief 1d6 = 1, Soviets win; breakout 1d6-1: 2,2 = 2 units (the two pocket markers), dice 1 (+1) miss
    const combat = [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1];
    const run = scriptedRun(
      s,
      scripted(() => 0),
      combat,
      [1, 2, 2],
    );
    const mf = attackHex(run, a, H('2614'), h, 1);
    expect(mf).toBe(1);
    expect(s.stats.breakoutGermanWins).toBe(0);
    expect(s.stats.germanPocketed).toBe(2);
    expect(s.aside).toHaveLength(2);
    for (const p of ['2513', '2612', '2613']) expect(s.control[H(p)]).toBe(SOVIET);
    expect(s.armies[a]!.hex).toBe(h);
    expect(invariants(s)).toEqual([]);
  });
});

describe('SCS 10.13: fortified localities', () => {
  it('are never attacked directly, and fall only inside a pocket after a failed breakout', () => {
    const s = fresh();
    s.turn = 2;
    s.phase = 'III';
    const kaluga = H('2211');
    const neck = H('2111');
    expect(s.cfg.fortified[kaluga]).toBe(1);
    for (const n of scsMap.nbr[kaluga]!) {
      if (n === neck) continue;
      s.control[n] = SOVIET;
      if (s.marker[n]! >= 0) {
        s.pool.push(s.marker[n]!);
        s.marker[n] = -1;
      }
    }
    setMarker(s, neck, NONMECH);
    setMarker(s, kaluga, NONMECH);
    for (let k = 0; k < 8; k++) stackPool(s, NONMECH);
    const a = s.armies.findIndex((x) => x.id === '43');
    s.host = s.armies.findIndex((x) => x.id === '5');
    s.viReady = false;
    s.armies[a]!.hex = H('2212');
    const options = stepOptions(s, H('2212'), 3).map((o) => o.to);
    expect(options).not.toContain(kaluga);
    expect(options).toContain(neck);
    expect(ids(pocketIfTaken(s.control, neck, [], new PocketScratch()))).toEqual(['2211']);
    // relief 1d6 = 1 beaten by 6s; breakout 1d6-1 = 1: Kaluga's marker fires at +1 with a 1 and misses
    const run = scriptedRun(
      s,
      scripted(() => 0),
      [6, 6, 6, 6, 6, 6, 6, 6, 1],
      [1, 2],
    );
    expect(attackHex(run, a, H('2212'), neck, 2)).toBe(2);
    expect(s.control[kaluga]).toBe(SOVIET);
    expect(s.control[neck]).toBe(SOVIET);
  });
});

describe('SCS 4.2-4.6: victory checks', () => {
  it('4.2: the turn-1 check fails while a German hex touches Moscow or Tula', () => {
    const s = fresh();
    const run = scriptedRun(
      s,
      scripted(() => 0),
      [],
    );
    s.turn = 1;
    expect(endOfTurn(run)).toBe('turn1-loss');
    for (const c of [scsMap.moscow, scsMap.tula])
      for (const n of scsMap.nbr[c]!) {
        if (s.marker[n]! >= 0) s.pool.push(s.marker[n]!);
        s.marker[n] = -1;
        s.control[n] = SOVIET;
      }
    expect(endOfTurn(run)).toBeNull();
  });

  it('4.3-4.4: 17 of 34 K-area hexes lose at the end of turn 3; 18 pass and the whole K-area turns Soviet', () => {
    const k = scsMap.ids.map((_, h) => h).filter((h) => fresh().cfg.kArea[h] === 1);
    expect(k).toHaveLength(34);
    for (const [n, want] of [
      [17, 'turn3-loss'],
      [18, null],
    ] as const) {
      const s = fresh();
      s.turn = 3;
      const run = scriptedRun(
        s,
        scripted(() => 0),
        [],
      );
      for (const h of k.slice(0, n)) {
        if (s.marker[h]! >= 0) s.pool.push(s.marker[h]!);
        s.marker[h] = -1;
        s.control[h] = SOVIET;
      }
      expect(endOfTurn(run)).toBe(want);
      if (want === null) {
        for (const h of k) expect(s.control[h]).toBe(SOVIET);
        expect(s.stats.kLineAtT3).toBe(18);
        expect(invariants(s)).toEqual([]);
      }
    }
  });

  it('4.5-4.7: win with 4 fortified localities and 3 hexes in/west of column 13, draw with 3 and 2 (counted twice)', () => {
    const s = fresh();
    const set = (list: string[]) => {
      for (const id of list) s.control[H(id)] = SOVIET;
    };
    set(['2211', '2012', '2010']); // the historical three (10.13)
    expect(endOfGameResult(s)).toBe('german-win');
    set(['1308', '1207']); // Smolensk (a candidate fortified locality, column 13) and Demidov
    expect(endOfGameResult(s)).toBe('draw');
    set(['1206']);
    expect(endOfGameResult(s)).toBe('soviet-win');
  });
});
