/**
 * Known-answer tests for the SCS rules examples that tests/scs-rules.test.ts does not cover (issue
 * 17 part 4): 1.6 map edges, 2.10 MF, 3.2 VIII Fliegerkorps, 3.5 Soviet set-up, 7.3 the
 * joint-operation marker, 7.4 replacements, 7.5 German reinforcements, 10.7 Guderian relieved,
 * 10.11 the VI Interceptor Corps. Each position is reached through the engine (start, then
 * runUntil/apply answering every decision with a policy), and each check quotes the rule it tests.
 */
import { describe, expect, it } from 'vitest';
import type { Decision, Policy, TraceEvent } from '../src/core/game.js';
import { resolveSetup } from '../src/core/setup.js';
import { type ScsView, scs } from '../src/games/scs/index.js';
import { invariants } from '../src/games/scs/invariants.js';
import { scsMap } from '../src/games/scs/map.js';
import type { StepOption } from '../src/games/scs/movement.js';
import { pocketIfTaken } from '../src/games/scs/pockets.js';
import { GERMAN, GUDERIAN, NONMECH, type ScsState, SOVIET, VIII_FK } from '../src/games/scs/state.js';
import { apply, runUntil } from '../src/games/scs/turn-sequence.js';
import { type ScsWorkspace, scsWorkspace } from '../src/games/scs/workspace.js';
import { fightBattle, RECONSTRUCTION, scriptedRun, takeFromPool } from './helpers/scs.js';

const H = (id: string) => scsMap.index(id);
const army = (s: ScsState, id: string) => s.armies.findIndex((x) => x.id === id);

interface Game {
  s: ScsState;
  ws: ScsWorkspace;
  trace: TraceEvent[];
}

function newGame(gameIndex: number, seed = 17): Game {
  const setup = resolveSetup(scs, {}, 'test');
  const s = scs.start(setup, { masterSeed: seed, gameIndex });
  const ws = scsWorkspace(s);
  const trace: TraceEvent[] = [];
  ws.trace = trace;
  return { s, ws, trace };
}

/** The historical policy, with the answers `override` gives (undefined: historical's own). */
function policy(override?: (s: ScsState, d: Decision) => number | undefined): Policy<ScsView> {
  const base = scs.policies.find((p) => p.id === 'historical')!.create() as Policy<ScsView>;
  return {
    id: 'test',
    choose: (v, d, rng) => override?.(v.state, d) ?? base.choose(v, d, rng),
  };
}

/**
 * Steps game `g` through the engine, `p` answering every decision (`seen` is told each decision
 * and answer), until `stop` holds before a rules step or the game ends; true when `stop` held.
 */
function playUntil(
  g: Game,
  p: Policy<ScsView>,
  stop: (s: ScsState) => boolean,
  seen?: (s: ScsState, d: Decision, choice: number) => void,
): boolean {
  const { s, ws } = g;
  for (;;) {
    const pending = runUntil(s, ws, stop);
    if (pending === null) return s.result === '' && stop(s);
    const d = pending as Decision;
    const choice = p.choose(scs.view(s, 'soviet'), d, ws.streams.stream('policy:soviet'));
    seen?.(s, d, choice);
    apply(s, ws, pending, choice);
  }
}

/** The first game (from index 0) whose play reaches `stop`, with the decisions seen on the way. */
function firstReaching(
  stop: (s: ScsState) => boolean,
  p: Policy<ScsView> = policy(),
  seen?: (s: ScsState, d: Decision, choice: number) => void,
  /** Called before each game is tried, so that what `seen` gathered from a game that never reached the position is forgotten. */
  fresh?: () => void,
): Game {
  for (let i = 0; i < 40; i++) {
    fresh?.();
    const g = newGame(i);
    if (playUntil(g, p, stop, seen)) return g;
  }
  throw new Error('no game reached the position');
}

/** Where German counter `id` is: pool, track:<turn>, marker, held, aside, removed, engaged. */
function whereIs(s: ScsState, id: number): string {
  if (s.pool.includes(id)) return 'pool';
  const t = s.track.findIndex((b) => b.includes(id));
  if (t >= 0) return `track:${t}`;
  if (s.marker.includes(id)) return 'marker';
  if (s.held.some((x) => x.includes(id))) return 'held';
  if (s.aside.includes(id)) return 'aside';
  if (s.removed.includes(id)) return 'removed';
  if (s.engaged.includes(id)) return 'engaged';
  return 'nowhere';
}

describe('SCS 1.6: compass directions and map edges', () => {
  it('south 1017-2716, east 2716-2700, north 1000-2700, west 1000-1017; each corner on two edges', () => {
    const edge = (name: 'northEdge' | 'southEdge' | 'eastEdge' | 'westEdge') =>
      scsMap.ids.filter((_, h) => scsMap[name][h] === 1);
    const cols = (ids: string[]) => ids.map((id) => Number(id.slice(0, 2)));
    const rows = (ids: string[]) => ids.map((id) => Number(id.slice(2)));
    const north = edge('northEdge');
    const south = edge('southEdge');
    const east = edge('eastEdge');
    const west = edge('westEdge');
    // "the north edge runs from 1000 to 2700, inclusive": one hex per column 10-27, all in row 00
    expect(cols(north)).toEqual(Array.from({ length: 18 }, (_, i) => 10 + i));
    expect(new Set(rows(north))).toEqual(new Set([0]));
    // "the south edge of the map to run from 1017 to 2716, inclusive": one hex per column, the last row
    expect(cols(south)).toEqual(Array.from({ length: 18 }, (_, i) => 10 + i));
    expect(south[0]).toBe('1017');
    expect(south[south.length - 1]).toBe('2716');
    // "the east edge runs from 2716 to 2700", "the west edge runs from 1000 to 1017"
    expect(east).toEqual(Array.from({ length: 17 }, (_, r) => `27${String(r).padStart(2, '0')}`));
    expect(west).toEqual(Array.from({ length: 18 }, (_, r) => `10${String(r).padStart(2, '0')}`));
    // "the four 'corner' hexes are therefore each simultaneously part of two map edges"
    const on = (id: string) =>
      (['northEdge', 'southEdge', 'eastEdge', 'westEdge'] as const).filter((e) => scsMap[e][H(id)] === 1);
    expect(on('1000')).toEqual(['northEdge', 'westEdge']);
    expect(on('2700')).toEqual(['northEdge', 'eastEdge']);
    expect(on('2716')).toEqual(['southEdge', 'eastEdge']);
    expect(on('1017')).toEqual(['southEdge', 'westEdge']);
    for (const id of ['1508', '2608', '1900']) expect(on(id).length).toBeLessThanOrEqual(1);
  });

  it('7.2 reads them: 4S may enter only on a Soviet north, south or east edge hex, Moscow or Tula', () => {
    const offered: number[][] = [];
    firstReaching(
      (s) => s.turn === 3 && s.phase === 'III',
      policy(),
      (_s, d) => {
        if (d.kind === 'enter4S') offered.push([...(d.options as number[])]);
      },
    );
    expect(offered.length).toBeGreaterThan(0);
    for (const h of offered.flat()) {
      const ok =
        scsMap.northEdge[h] === 1 ||
        scsMap.southEdge[h] === 1 ||
        scsMap.eastEdge[h] === 1 ||
        h === scsMap.moscow ||
        h === scsMap.tula;
      expect(ok, scsMap.ids[h]).toBe(true);
      expect(scsMap.westEdge[h] === 1 && !scsMap.northEdge[h] && !scsMap.southEdge[h]).toBe(false);
    }
  });
});

describe('SCS 2.10: Soviet MF 2 on turn 1, 3 every turn after', () => {
  it('each force starts its move with 2 MF on turn 1 and 3 MF on turns 2 and 3', () => {
    const most = new Map<number, number>();
    firstReaching(
      (s) => s.turn === 4,
      policy(),
      (s, d) => {
        if (d.kind !== 'step') return;
        most.set(s.turn, Math.max(most.get(s.turn) ?? 0, s.mf));
        for (const o of d.options as StepOption[]) if (o.to >= 0) expect(o.cost).toBeLessThanOrEqual(s.mf);
      },
    );
    expect(most.get(1)).toBe(2);
    expect(most.get(2)).toBe(3);
    expect(most.get(3)).toBe(3);
  });
});

describe('SCS 3.2 and 7.5: German reinforcements on the Turn Track, into the pool in Phase I', () => {
  it('"the VIII Fliegerkorps marker goes into the Turn 3 box"; it and the turn-3 units enter the pool in Phase I of turn 3', () => {
    const g0 = newGame(0);
    const s0 = g0.s;
    const viii = s0.gType.indexOf(VIII_FK);
    expect(s0.gType.filter((t) => t === VIII_FK)).toHaveLength(1);
    expect(whereIs(s0, viii)).toBe('track:3');
    // 7.5: the reinforcement units of turns 3, 4 and 5 wait in their boxes; none before turn 3
    const boxes = s0.track.map((b) => [...b]);
    expect(boxes[1]).toEqual([]);
    expect(boxes[2]).toEqual([]);
    for (const t of [3, 4, 5])
      expect(boxes[t]!.filter((id) => s0.gType[id] === NONMECH).length).toBeGreaterThan(0);
    expect(boxes[6]).toEqual([]);
    for (const t of [3, 4, 5]) {
      // turn t has begun but its Phase I not yet run: still in the box ("when those times arrive in play")
      const before = firstReaching((s) => s.turn === t && s.phase === 'IV');
      for (const id of boxes[t]!) expect(whereIs(before.s, id)).toBe(`track:${t}`);
      // Phase II of turn t (Phase I has run): every one of them is in the force pool
      const g = firstReaching((s) => s.turn === t && s.phase === 'II');
      for (const id of boxes[t]!) expect(whereIs(g.s, id)).toBe('pool');
      expect(g.s.track[t]).toEqual([]);
      expect(invariants(g.s)).toEqual([]);
    }
  });
});

describe('SCS 3.5: Soviet set-up', () => {
  it('1S at 2606 at full strength 8, 4S and the joint-operation marker in the Turn 3 box, 1E (6) atop any army', () => {
    const { s, ws } = newGame(3);
    const first = runUntil(s, ws) as Decision;
    // "the '8' counter for the First Shock Army (1S) goes into hex 2606 (at full strength)"
    const s1 = s.armies[army(s, '1S')]!;
    expect(scsMap.ids[s1.hex]).toBe('2606');
    expect(s1.steps).toBe(8);
    // "always using the full-strength counter for each army"
    for (const a of s.armies) expect(a.steps).toBe(a.full);
    // "all four counters belonging to Fourth Shock Army (4S), along with the ... marker, into the Turn 3 box"
    const s4 = s.armies[army(s, '4S')]!;
    expect(s4.hex).toBe(-2);
    expect(s4.full).toBe(8);
    expect(s.pac).toBe(-2);
    // "place the '6' strength counter for 1E ... atop any one of the armies you just placed"
    const e = s.armies[s.armies.length - 1]!;
    expect(e.id).toBe('1E');
    expect(e.steps).toBe(6);
    expect(first.kind).toBe('host1E');
    const onMap = s.armies.flatMap((a, i) => (a.type !== 'engineer' && a.hex >= 0 ? [i] : []));
    expect([...(first.options as number[])].sort((x, y) => x - y)).toEqual(onMap);
    const pick = (first.options as number[]).indexOf(army(s, '1S'));
    apply(s, ws, s.pending!, pick);
    expect(s.host).toBe(army(s, '1S'));
    // 7.2, 7.3: 4S and the marker arrive together in Phase II of turn 3, not before
    const kinds: [number, string][] = [];
    const g = firstReaching(
      (x) => x.turn === 3 && x.phase === 'III',
      policy(),
      (x, d) => {
        if (d.kind === 'enter4S' || d.kind === 'placeJointOp') kinds.push([x.turn, d.kind]);
      },
    );
    expect(kinds.filter(([t]) => t === 3).map(([, k]) => k)).toEqual(['enter4S', 'placeJointOp']);
    expect(kinds.every(([t]) => t === 3)).toBe(true);
    expect(g.s.armies[army(g.s, '4S')]!.hex).toBeGreaterThanOrEqual(0);
    expect(g.s.armies[army(g.s, '4S')]!.steps).toBe(8); // "at its full strength of 8"
  });
});

describe('SCS 7.3: the joint-operation marker', () => {
  it('never on a fortified locality or a hex whose conversion forms a pocket; its hex turns Soviet without combat', () => {
    let options: number[] = [];
    let before: ScsState | null = null;
    let chosen = -1;
    const g = firstReaching(
      (s) => s.turn === 3 && s.phase === 'III',
      policy(),
      (s, d, c) => {
        if (d.kind !== 'placeJointOp') return;
        options = [...(d.options as number[])];
        before = structuredClone({ ...s, cfg: null }) as unknown as ScsState;
        chosen = options[c]!;
      },
    );
    const b = before as unknown as ScsState;
    expect(options.length).toBeGreaterThan(0);
    const fortified = g.s.cfg.fortified;
    for (const h of options) {
      expect(b.control[h], scsMap.ids[h]).toBe(GERMAN); // "any suitable German-controlled hex"
      expect(fortified[h], scsMap.ids[h]).toBe(0); // "may not be a fortified locality"
      expect(pocketIfTaken(b.control, h, [], g.ws.pockets), scsMap.ids[h]).toEqual([]); // no pocket
    }
    // every German hex left out is a fortified locality, would form a pocket, or holds defenders (8.9)
    for (let h = 0; h < scsMap.size; h++) {
      if (b.control[h] !== GERMAN || options.includes(h)) continue;
      const why =
        fortified[h] === 1 ||
        pocketIfTaken(b.control, h, [], g.ws.pockets).length > 0 ||
        b.held[h]!.length > 0;
      expect(why, scsMap.ids[h]).toBe(true);
    }
    // "that hex is immediately and automatically converted, without combat, to a Soviet-controlled hex"
    expect(g.s.control[chosen]).toBe(SOVIET);
    expect(g.trace.some((e) => e.rule === 'SCS 7.3' && e.text.includes('without combat'))).toBe(true);
    // "Place any dislocated Front Line marker into the force pool"
    const m = b.marker[chosen]!;
    if (m >= 0) expect(['pool', 'marker']).toContain(whereIs(g.s, m));
  });

  it('is removed from play once Soviet territory links it to the main body, and not before', () => {
    // a hex next to Soviet territory: placed "into a situation of immediate linkage"
    const linked = firstReaching(
      (s) => s.turn === 3 && s.phase === 'III',
      policy((s, d) => {
        if (d.kind !== 'placeJointOp') return undefined;
        const i = (d.options as number[]).findIndex((h) =>
          scsMap.nbr[h]!.some((n) => s.control[n] === SOVIET),
        );
        return i >= 0 ? i : undefined;
      }),
    );
    expect(linked.s.pac).toBe(-1);
    expect(linked.trace.some((e) => e.rule === 'SCS 7.3' && e.text.includes('linked up'))).toBe(true);
    // the westernmost hex offered: stays on the map while cut off, and leaves only when linked
    let placed = -1;
    const far = firstReaching(
      (s) => s.turn === 3 && s.phase === 'III',
      policy((_s, d) => {
        if (d.kind !== 'placeJointOp') return undefined;
        const o = d.options as number[];
        let best = 0;
        for (let i = 1; i < o.length; i++) if (scsMap.col[o[i]!]! < scsMap.col[o[best]!]!) best = i;
        placed = o[best]!;
        return best;
      }),
    );
    expect(far.s.pac).toBe(placed);
    expect(far.s.control[placed]).toBe(SOVIET);
    playUntil(far, policy(), (s) => s.pac !== placed);
    if (far.s.pac === -1) expect(far.trace.some((e) => e.text.includes('linked up'))).toBe(true);
    else expect(far.s.result).not.toBe(''); // never linked: the game ended with the marker in place
  });
});

describe('SCS 7.4: Soviet replacements', () => {
  it('from turn 2, up to 10 steps a Phase II, never to 1E, the dead or past full strength, none saved', () => {
    const given = new Map<number, number>();
    const offeredTo = new Set<string>();
    let turn1 = 0;
    const g = firstReaching(
      (s) => s.turn === 4 && s.phase === 'III',
      // turn 2: take one step only; turn 3: take every step offered (the 9 unused are not saved)
      policy((s, d) => {
        if (d.kind !== 'replacement') return undefined;
        if (s.turn === 2 && (given.get(2) ?? 0) >= 1) return 0;
        return d.options.length > 1 ? 1 : 0;
      }),
      (s, d, c) => {
        if (d.kind !== 'replacement') return;
        if (s.turn === 1) turn1++;
        const o = d.options as number[];
        expect(o[0]).toBe(-1); // "up to": the player may stop
        for (const i of o.slice(1)) {
          const a = s.armies[i]!;
          offeredTo.add(a.id);
          expect(a.type).not.toBe('engineer'); // "The 1E unit may never receive replacements"
          expect(a.hex).toBeGreaterThanOrEqual(0); // never from the dead pile
          expect(a.steps).toBeLessThan(a.full); // "No unit may be made stronger than its original full strength"
        }
        if (c > 0) given.set(s.turn, (given.get(s.turn) ?? 0) + 1);
      },
      () => {
        given.clear();
        offeredTo.clear();
        turn1 = 0;
      },
    );
    expect(turn1).toBe(0); // "Starting with Turn 2"
    expect(given.get(2)).toBe(1);
    expect(given.get(3)).toBe(10); // "a grand total of 10"; none of turn 2's left-over 9 carried over
    expect(offeredTo.has('1E')).toBe(false);
    for (const a of g.s.armies) expect(a.steps).toBeLessThanOrEqual(a.full);
    expect(invariants(g.s)).toEqual([]);
  });
});

describe('SCS 10.7: Guderian is removed in Phase I of turn 3', () => {
  it('in play at the end of turn 2 wherever he is, out of play for good from turn 3 Phase I', () => {
    // turn 3 has begun (the turn marker moved, 5.3), its Phase I not yet run
    const end2 = firstReaching((s) => s.turn === 3 && s.phase === 'IV');
    const gud = end2.s.gType.indexOf(GUDERIAN);
    expect(['pool', 'marker', 'track:3', 'aside']).toContain(whereIs(end2.s, gud));
    const g = firstReaching((s) => s.turn === 3 && s.phase === 'II');
    expect(whereIs(g.s, gud)).toBe('removed');
    expect(g.trace.some((e) => e.rule === 'SCS 10.7' && e.turn === 3 && e.text.includes('removed'))).toBe(
      true,
    );
    playUntil(g, policy(), () => false);
    expect(whereIs(g.s, gud)).toBe('removed');
    expect(
      g.trace.some((e) => e.turn >= 3 && e.text.includes('Guderian') && !e.text.includes('removed')),
    ).toBe(false);
  });

  it('a Guderian front marker is replaced by a blind draw', () => {
    const g = firstReaching((s) => s.turn === 3 && s.phase === 'IV');
    const s = g.s;
    const gud = s.gType.indexOf(GUDERIAN);
    const h = s.marker.findIndex((m) => m >= 0);
    const where = whereIs(s, gud);
    if (where === 'pool') s.pool.splice(s.pool.indexOf(gud), 1);
    else if (where === 'track:3') s.track[3]!.splice(s.track[3]!.indexOf(gud), 1);
    else if (where === 'aside') s.aside.splice(s.aside.indexOf(gud), 1);
    else if (where === 'marker') s.marker[s.marker.indexOf(gud)] = -1;
    s.pool.push(s.marker[h]!);
    s.marker[h] = gud;
    expect(playUntil(g, policy(), (x) => x.turn === 3 && x.phase === 'II')).toBe(true);
    expect(whereIs(s, gud)).toBe('removed');
    expect(s.marker[h]).toBeGreaterThanOrEqual(0);
    expect(s.gType[s.marker[h]!]).not.toBe(GUDERIAN);
    expect(invariants(s)).toEqual([]);
  });
});

describe('SCS 10.11: the VI Interceptor Corps', () => {
  it('committed once a turn; back only in Phase II of the next turn', () => {
    let committed = -1;
    const asked: number[] = [];
    const g = firstReaching(
      // turn 2 has begun (5.3), its Phase I not yet run
      (s) => s.turn === 2 && s.phase === 'IV',
      policy((_s, d) => (d.kind === 'commitVI' ? 1 : undefined)),
      (s, d) => {
        if (d.kind !== 'commitVI') return;
        asked.push(s.turn);
        if (committed < 0) committed = s.turn;
      },
    );
    expect(committed).toBe(1);
    expect(asked).toEqual([1]); // "once per turn": never offered again in turn 1
    expect(g.trace.filter((e) => e.rule === 'SCS 10.1 step 6' && e.turn === 1)).toHaveLength(1);
    // the turn has changed: still in the next turn's holding box, and through Phase I
    expect(g.s.viReady).toBe(false);
    expect(playUntil(g, policy(), (s) => s.turn === 2 && s.phase === 'I')).toBe(true);
    expect(g.s.viReady).toBe(false);
    expect(playUntil(g, policy(), (s) => s.turn === 2 && s.phase === 'II')).toBe(true);
    expect(g.s.viReady).toBe(true); // "until it reenters play during Phase II of the next turn"
  });

  it('held (never committed), it fires no dice: the round uses exactly the German and Soviet dice', () => {
    const s = scs.start(resolveSetup(scs, { params: RECONSTRUCTION }, 'test'), {
      masterSeed: 1,
      gameIndex: 0,
    });
    s.phase = 'III';
    const a = army(s, '20');
    s.host = army(s, '5');
    s.engaged.push(takeFromPool(s, NONMECH), takeFromPool(s, NONMECH));
    // round 1: 2 German dice miss, the 20th's 6 dice miss; VI IC held; the Soviet player breaks off
    const hold: Policy = { id: 'hold', choose: () => 0 };
    const dice = [1, 1, 1, 1, 1, 1, 1, 1];
    const run = scriptedRun(s, hold, dice);
    expect(fightBattle(run, 'defense', H('2507'), a, 1).won).toBe(false);
    expect(dice).toEqual([]);
    expect(run.trace.some((e) => e.rule === 'SCS 10.1 step 6')).toBe(false);
    expect(s.viReady).toBe(true);
    // committed, the same round needs one more die per German unit (2), unmodified
    const s2 = scs.start(resolveSetup(scs, { params: RECONSTRUCTION }, 'test'), {
      masterSeed: 1,
      gameIndex: 0,
    });
    s2.phase = 'III';
    s2.host = army(s2, '5');
    s2.engaged.push(takeFromPool(s2, NONMECH), takeFromPool(s2, NONMECH));
    const commit: Policy = { id: 'commit', choose: (_v, d) => (d.kind === 'commitVI' ? 1 : 0) };
    const dice2 = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const run2 = scriptedRun(s2, commit, dice2);
    expect(fightBattle(run2, 'defense', H('2507'), a, 1).won).toBe(false);
    expect(dice2).toEqual([]);
    expect(run2.trace.filter((e) => e.rule === 'SCS 10.1 step 6')).toHaveLength(1);
    expect(s2.viReady).toBe(false);
  });
});
