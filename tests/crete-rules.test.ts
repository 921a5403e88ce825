/**
 * Crete known-answer tests (docs/games/crete.md "Printed examples" printed examples E1-E8), the data checks of docs/games/crete.md "Reconstructed values", the
 * British view at set-up (K6.1 hidden allocation) and resampling.
 */
import { describe, expect, it } from 'vitest';
import { GameMatch, GameSeries, playMatch, searchContext, startMatch } from '../src/core/driver.js';
import { UserError } from '../src/core/errors.js';
import type { Decision, Policy } from '../src/core/game.js';
import { offsetNeighbours } from '../src/core/hex.js';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { attackersOn, battleOptions, makeBattle, squareSets } from '../src/games/crete/combat.js';
import { COLUMNS, crtSixths, oddsColumn, usedColumn } from '../src/games/crete/crt.js';
import { creteData } from '../src/games/crete/data.js';
import { afterScatter, scatters, scatterTarget } from '../src/games/crete/drops.js';
import { resample, viewFor } from '../src/games/crete/hidden.js';
import { crete } from '../src/games/crete/index.js';
import { airSquares } from '../src/games/crete/luftwaffe.js';
import { AIRFIELD, CLEAR, MAP, ROUGH, squareOf, TOWN } from '../src/games/crete/map.js';
import { landingCap } from '../src/games/crete/mountain.js';
import { destinations, enterCost, moveStep, occupancy } from '../src/games/crete/movement.js';
import { barePosition, defaultSetup } from '../src/games/crete/odds.js';
import { resolveRules } from '../src/games/crete/resolve.js';
import { setupStep } from '../src/games/crete/setup.js';
import { type CreteState, DEAD, LIMBO } from '../src/games/crete/state.js';
import { outcome, score } from '../src/games/crete/victory.js';
import { creteWorkspace } from '../src/games/crete/workspace.js';
import { GAMES } from '../src/games/index.js';

const S = (id: string) => squareOf(id);

describe('E1 (K10.4): odds 8 to 3 reduce to 2-1', () => {
  it("reduces in the defender's favour and clamps", () => {
    expect(oddsColumn(8, 3)).toBe('2-1');
    expect(oddsColumn(8, 4)).toBe('2-1');
    expect(oddsColumn(9, 3)).toBe('3-1');
    expect(oddsColumn(3, 8)).toBe('1-3');
    expect(oddsColumn(3, 6)).toBe('1-2');
    expect(oddsColumn(5, 5)).toBe('1-1');
    expect(oddsColumn(40, 3)).toBe('6-1');
    expect(oddsColumn(1, 9)).toBe('1-3');
    const clamp = resolveRules(defaultSetup());
    const min13 = resolveRules(defaultSetup(['odds-min-1-3']));
    expect(usedColumn(clamp, 1, 9)).toBe(0);
    expect(usedColumn(min13, 1, 9)).toBe(-1);
  });
  it('the 2-1 column: limited NE 1, CA 1, DR 2, EX 1, DE 1; all-out AE 1, EX 3, DE 2 (sixths)', () => {
    const col = COLUMNS.indexOf('2-1');
    expect(crtSixths('recon', 'limited', col)).toEqual({ AE: 0, AR: 0, NE: 1, CA: 1, EX: 1, DR: 2, DE: 1 });
    expect(crtSixths('recon', 'all-out', col)).toEqual({ AE: 1, AR: 0, NE: 0, CA: 0, EX: 3, DR: 0, DE: 2 });
  });
});

describe('E2 (K12.3): II/FJR3 (MF 5) rough -> clear -> road x3 -> rough', () => {
  // squares of the right kinds on the Suda Bay board: clear off the road (row 1), coast road (row 2), rough (row 3+)
  const clear = S('S0201');
  const roads = [S('S0302'), S('S0402'), S('S0502')];
  const rough = S('S0504');
  it('data: the squares have the kinds the example needs', () => {
    expect(MAP.terrain[clear]).toBe(CLEAR);
    expect(MAP.road[clear]).toBe(0);
    for (const r of roads) expect(MAP.road[r]).toBe(1);
    expect(MAP.terrain[rough]).toBe(ROUGH);
    expect(MAP.road[rough]).toBe(0);
  });
  const pathCost = (variant: string) => {
    const rules = resolveRules(defaultSetup([variant]));
    const seq = [S('S0505'), clear, ...roads, rough];
    let c = 0;
    for (let k = 1; k < seq.length; k++) c += enterCost(rules, seq[k - 1]!, seq[k]!);
    return { rules, c };
  };
  it('road-square (default): 12 thirds spent, 1 MF left; another rough square is out, back onto the road is in', () => {
    const { rules, c } = pathCost('road-square');
    expect(c).toBe(12);
    const left = 15 - c;
    expect(left).toBe(3);
    expect(enterCost(rules, rough, S('S0505'))).toBeGreaterThan(left);
    expect(enterCost(rules, rough, roads[2]!)).toBeLessThanOrEqual(left);
  });
  it('road-connected contradicts the example: 14 thirds, and the step back onto the road is illegal', () => {
    const { rules, c } = pathCost('road-connected');
    expect(c).toBe(14);
    expect(enterCost(rules, rough, roads[2]!)).toBeGreaterThan(15 - c);
  });
  it('the movement search: along the coast road an MF-5 unit covers 15 squares and stops on the X square (K14)', () => {
    const s = barePosition(defaultSetup());
    s.phase = 'german-move';
    const ui = s.units.findIndex((u) => u.kind === 'para');
    s.units[ui]!.loc = S('S0502');
    s.units[ui]!.landed = 0;
    const ws = creteWorkspace(s);
    occupancy(s, ws);
    const out: number[] = [];
    destinations(s, ws, ui, out);
    expect(out).toContain(S('S2002'));
    expect(out).not.toContain(S('R0102'));
    // from rough, off the road: two rough squares (12 thirds) at most
    s.units[ui]!.loc = S('S0506');
    destinations(s, ws, ui, out);
    const far = out.filter((h) => MAP.road[h] === 0 && MAP.terrain[h] === ROUGH);
    expect(
      Math.max(...far.map((h) => Math.abs(MAP.row[h]! - 6) + Math.abs(MAP.col[h]! - 5))),
    ).toBeLessThanOrEqual(4);
  });
});

describe('E3 (K15.4): scatter direction 1 = north, then clockwise', () => {
  it('matches the core neighbour order on both column parities', () => {
    for (const id of ['S1005', 'S0505', 'R0503', 'H0604']) {
      const h = S(id);
      const nb = offsetNeighbours('even', MAP.col[h]!, MAP.row[h]!);
      for (let d = 1; d <= 6; d++) {
        const [c, r] = nb[d - 1]!;
        const want = `${id[0]}${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;
        expect(MAP.ids[scatterTarget(h, d)]).toBe(want);
      }
    }
  });
  it('off the north edge is the sea: Maleme airfield loses directions 1, 2 and 6', () => {
    const m = S('S0301');
    expect([1, 2, 3, 4, 5, 6].map((d) => scatterTarget(m, d) < 0)).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('E4 (K15.3): scatter thresholds', () => {
  it('clear 1-2, rough or town 1-4; airfields as clear', () => {
    for (let d = 1; d <= 6; d++) {
      expect(scatters(CLEAR, d)).toBe(d <= 2);
      expect(scatters(AIRFIELD, d)).toBe(d <= 2);
      expect(scatters(ROUGH, d)).toBe(d <= 4);
      expect(scatters(TOWN, d)).toBe(d <= 4);
    }
  });
});

/** A position for scoring: German units on Suda and the three airfields, `britishLost` Allied CF destroyed, `germanLost` points to the British. */
function scoringPosition(variant: string, paraLosses: number): CreteState {
  const s = barePosition(defaultSetup([variant]));
  const g = s.units.filter((u) => u.side === 'german' && u.kind === 'mtn');
  [S('S1802'), ...MAP.airfields].forEach((h, k) => {
    g[k]!.loc = h;
  });
  let lost = 0;
  for (const u of s.units)
    if (u.side === 'british' && lost + u.cf <= 80) {
      u.loc = DEAD;
      lost += u.cf;
    }
  s.points.german = lost;
  s.points.british = 64;
  s.stats.para_units_eliminated = paraLosses;
  return s;
}

describe('E5 (K3): the historical score 105 to 64', () => {
  it('80 Allied CF destroyed + Suda 10 + 3 airfields 15 = 105; German losses 64', () => {
    const s = scoringPosition('victory-printed', 3);
    expect(s.points.german).toBe(80);
    const sc = score(s);
    expect(sc.german).toBe(105);
    expect(sc.british).toBe(64);
  });
  it('a German win under every victory reading while para losses stay under the threshold', () => {
    for (const v of ['victory-printed', 'victory-errata']) {
      const o = outcome(scoringPosition(v, 3));
      expect(o.result, v).toBe('german-win');
      expect(o.downgraded).toBe(false);
    }
    expect(outcome(scoringPosition('victory-errata', 3)).level).toBe('decisive');
  });
  it('the errata lowers the German level after heavy para losses (decisive -> substantive), printed does not', () => {
    expect(outcome(scoringPosition('victory-errata', 7)).level).toBe('substantive');
    expect(outcome(scoringPosition('victory-errata', 7)).downgraded).toBe(true);
    expect(outcome(scoringPosition('victory-printed', 7)).level).toBe('points');
  });
});

describe('E6 (K11.1, K16): three units on a square, aircraft included', () => {
  it('2 ground units accept one air unit and refuse a second; 3 ground units accept none', () => {
    const s = barePosition(defaultSetup());
    const ws = creteWorkspace(s);
    const here = S('S1005');
    const british = MAP.neighbours[here]![0]!;
    s.units.find((u) => u.side === 'british')!.loc = british;
    const ger = s.units.filter((u) => u.kind === 'para');
    ger[0]!.loc = here;
    ger[1]!.loc = here;
    expect(attackersOn(s, 'german', here).length).toBe(2);
    expect(airSquares(s, ws)).toContain(here);
    s.units.find((u) => u.kind === 'air')!.loc = here;
    expect(airSquares(s, ws)).not.toContain(here);
    s.units.find((u) => u.kind === 'air')!.loc = -1;
    ger[2]!.loc = here;
    expect(airSquares(s, ws)).not.toContain(here);
  });
});

describe('C-33 (K10.10), V-MULTI: the attacking squares of a battle', () => {
  /** A British unit on S1005 and one para on each of three of its neighbours: the German battles on it. */
  const setsAgainst = (variant: string) => {
    const s = barePosition(defaultSetup([variant]));
    const ws = creteWorkspace(s);
    const here = S('S1005');
    s.units.find((u) => u.side === 'british')!.loc = here;
    const paras = s.units.filter((u) => u.kind === 'para');
    const around = MAP.neighbours[here]!.slice(0, 3);
    around.forEach((h, k) => {
      paras[k]!.loc = h;
    });
    const opts = battleOptions(s, ws, 'german').filter((o) => o.def === here);
    return { around, opts };
  };

  it('multi-square offers every non-empty subset of the adjacent squares, the whole set first, on each table', () => {
    const { around, opts } = setsAgainst('multi-square');
    const sets = [...new Set(opts.map((o) => [...o.squares].sort((a, b) => a - b).join(',')))];
    expect(sets).toHaveLength(7);
    expect(opts[0]!.squares).toEqual(around);
    for (const set of sets)
      expect(
        opts
          .filter((o) => [...o.squares].sort((a, b) => a - b).join(',') === set)
          .map((o) => o.table)
          .sort(),
      ).toEqual(['all-out', 'limited']);
  });

  it('one-on-one offers each adjacent square alone', () => {
    const { around, opts } = setsAgainst('one-on-one');
    expect([...new Set(opts.map((o) => o.squares.join(',')))].sort()).toEqual(around.map(String).sort());
  });

  it('squareSets lists 2^k - 1 distinct subsets', () => {
    for (const k of [2, 3, 4, 6]) {
      const sets = squareSets(Array.from({ length: k }, (_, i) => 10 + i));
      expect(sets).toHaveLength(2 ** k - 1);
      expect(new Set(sets.map((x) => x.join(','))).size).toBe(2 ** k - 1);
    }
  });
});

describe('C-48 (K15.6): the invariants catch a para attacking on its landing turn', () => {
  /** The invariants' findings about drops and landed paras (a bare position has no turn-1 allocation). */
  const landedBad = (s: CreteState) =>
    crete.invariants(s).filter((m) => m.includes('(K15') || m.includes('V-LANDSTACK'));
  /**
   * Turn-1 German combat: a British unit on S1005 and, beside it, a para that landed this turn; on
   * the stack a battle by that para (or, `stacked`, by a mountain unit on the para's square).
   */
  const position = (variant: string, scatter: boolean, stacked = false) => {
    const s = barePosition(defaultSetup([variant]));
    const here = S('S1005');
    const from = MAP.neighbours[here]![0]!;
    const bri = s.units.findIndex((u) => u.side === 'british');
    const para = s.units.findIndex((u) => u.kind === 'para');
    const mtn = s.units.findIndex((u) => u.kind === 'mtn');
    s.units[bri]!.loc = here;
    s.units[para]!.loc = from;
    s.units[para]!.landed = 1;
    if (stacked) {
      s.units[mtn]!.loc = from;
      s.units[mtn]!.landed = 0;
    }
    const b = makeBattle(s, 'german', [from], here, 'all-out');
    const battle = { ...b, attackers: [stacked ? mtn : para], defenders: [bri], scatter };
    s.stack.push({ t: 'roll', battle });
    return s;
  };
  it('a battle with a para landed this turn breaks the rules; its forced scatter attack does not', () => {
    expect(landedBad(position('landed-no-counterattack', false))).toEqual([
      expect.stringContaining('attacks on its landing turn 1 (K15.6)'),
    ]);
    expect(landedBad(position('landed-no-counterattack', true))).toEqual([]);
    expect(landedBad(position('stack-attacks-without-landed', false, true))).toEqual([]);
    expect(landedBad(position('stack-cannot-attack', false, true))).toEqual([
      expect.stringContaining('attacks from a square with a para landed this turn (V-LANDSTACK)'),
    ]);
  });
  it('a para dropped has its drop turn; one in the pool has none', () => {
    const s = barePosition(defaultSetup());
    expect(landedBad(s)).toEqual([]);
    s.units.find((u) => u.kind === 'para')!.landed = 1;
    expect(landedBad(s)).toEqual([expect.stringContaining('with drop turn 1 on turn 1 (K15)')]);
  });
});

describe('C-47 (K15.5): a scattered para whose forced attack leaves the enemy on the square', () => {
  /** A para over a British square (LIMBO) after its forced attack, the British unit still there. */
  const settled = (variant: string) => {
    const s = barePosition(defaultSetup([variant]));
    const ws = creteWorkspace(s);
    const here = S('S1005');
    const bri = s.units.findIndex((u) => u.side === 'british');
    const para = s.units.findIndex((u) => u.kind === 'para');
    s.units[bri]!.loc = here;
    s.units[para]!.loc = LIMBO;
    s.units[para]!.to = here;
    s.units[para]!.landed = 1;
    const battle = { ...makeBattle(s, 'german', [], here, 'all-out'), attackers: [para], scatter: true };
    const task = { t: 'after-scatter' as const, battle };
    s.stack.push(task);
    afterScatter(s, ws, task);
    return { s, para };
  };
  it('scatter-fail-retreats (default): it must retreat from the square', () => {
    const { s, para } = settled('scatter-fail-retreats');
    expect(s.stack.at(-1)).toMatchObject({ t: 'retreat', units: [para], away: [S('S1005')] });
    expect(s.points.british).toBe(0);
  });
  it('scatter-fail-destroyed: it is destroyed and scores its CF for the British (K3)', () => {
    const { s, para } = settled('scatter-fail-destroyed');
    expect(s.units[para]!.loc).toBe(DEAD);
    expect(s.stack).toHaveLength(0);
    expect(s.points.british).toBe(s.units[para]!.cf);
  });
});

describe('E7 (K17): mountain troops, up to three per free airfield', () => {
  it('1 German on it: 2; 3 Germans: 0; a British unit on it: 0', () => {
    const s = barePosition(defaultSetup());
    const ws = creteWorkspace(s);
    const maleme = MAP.airfields[0]!;
    const paras = s.units.filter((u) => u.kind === 'para');
    expect(landingCap(s, ws, 0, 0)).toBe(3);
    paras[0]!.loc = maleme;
    expect(landingCap(s, ws, 0, 0)).toBe(2);
    paras[1]!.loc = maleme;
    paras[2]!.loc = maleme;
    expect(landingCap(s, ws, 0, 0)).toBe(0);
    for (const p of paras) p.loc = -1;
    s.units.find((u) => u.side === 'british')!.loc = maleme;
    expect(landingCap(s, ws, 0, 0)).toBe(0);
  });
});

describe('V-MTNCAP mtn-stack-only (K17): landing waves into the room the movement makes', () => {
  it('later waves land on the same airfield in the same turn, and their units move on landing', () => {
    const pol = createPolicies(crete, { german: 'historical', british: 'historical' }, 'campaign');
    const ger = pol.german!;
    let laterWaves = 0;
    let waveMoves = 0;
    const perTurn = new Map<string, number>();
    const spy: Policy = {
      id: 'spy',
      choose(v, d, rng, search) {
        const s = v as CreteState;
        const top = s.stack[s.stack.length - 1];
        if (d.kind === 'move' && top?.t === 'move' && top.only !== undefined) {
          const u = (d.options[0] as { u: number }).u;
          expect(top.only).toContain(u);
          expect(s.units[u]!.kind).toBe('mtn');
          expect(s.units[u]!.landed).toBe(s.turn);
          waveMoves++;
        }
        const choice = ger.choose(v, d, rng, search);
        if (d.kind === 'mountain-land' && top?.t === 'mountain') {
          const o = d.options[choice] as { airfield: number; count: number };
          if (top.wave >= 1 && o.count > 0) laterWaves++;
          const key = `${s.turn}:${o.airfield}`;
          perTurn.set(key, (perTurn.get(key) ?? 0) + o.count);
        }
        return choice;
      },
    };
    for (let g = 0; g < 4; g++) {
      const m = startMatch(crete, defaultSetup(['mtn-stack-only']), { masterSeed: 7, gameIndex: g });
      playMatch(m, { german: spy, british: pol.british! }, { conformance: true });
    }
    expect(laterWaves).toBeGreaterThan(0);
    expect(waveMoves).toBeGreaterThan(0);
    expect(Math.max(...perTurn.values())).toBeGreaterThan(3);
  });
});

/** Plays the pre-game with a German policy that always holds back when it may; returns the turn-1 drops. */
function forcedMinimum(variant: string): number {
  const setup = defaultSetup([variant]);
  const m = startMatch(crete, setup, { masterSeed: 3, gameIndex: 0 });
  for (;;) {
    const p = m.pending();
    if (p === null || p.kind !== 'allocate-drop') break;
    const hold = p.options.findIndex((o) => (o as { board: number }).board === -1);
    m.apply(Math.max(hold, 0));
  }
  return (m.state as CreteState).secret!.alloc.filter((b) => b >= 0).length;
}

describe('E8 (K15 intro): no fewer than seven battalions on turn 1', () => {
  it('holding back is refused once the minimum is at stake: exactly 7 (9 under min-drops-9)', () => {
    expect(forcedMinimum('min-drops-7')).toBe(7);
    expect(forcedMinimum('min-drops-9')).toBe(9);
  });
  it('an allocation of 6 is refused, 7..13 accepted (parameters of the historical plan)', () => {
    const at = (suda: number) => () =>
      resolveRules({
        ...defaultSetup(),
        params: { 't1-drops-suda': suda, 't1-drops-retimo': 0, 't1-drops-heraklion': 0 },
      });
    expect(at(6)).toThrow(UserError);
    expect(at(6)).toThrow(/under the turn-1 minimum of 7/);
    for (let n = 7; n <= 13; n++) expect(at(n)).not.toThrow();
    expect(() =>
      resolveRules({
        ...defaultSetup(['min-drops-9']),
        params: { 't1-drops-suda': 8, 't1-drops-retimo': 0, 't1-drops-heraklion': 0 },
      }),
    ).toThrow(/minimum of 9/);
  });
});

describe('K6.1 hidden information: the British view at set-up', () => {
  /** The British view at the first set-up decision after German policy `g` allocated. */
  function viewAtSetup(g: string): { view: CreteState; state: CreteState } {
    const m = startMatch(crete, defaultSetup(), { masterSeed: 9, gameIndex: 2 });
    const pol = createPolicies(crete, { german: g, british: 'historical' }, 'campaign');
    for (;;) {
      const p = m.pending()!;
      if (p.kind === 'setup-hex')
        return { view: crete.view(m.state as CreteState, 'british'), state: m.state as CreteState };
      m.apply(
        pol[p.side]!.choose(crete.view(m.state as CreteState, p.side), p as Decision, streamRng(0, 0, 'x')),
      );
    }
  }
  it('contains nothing of the German allocation', () => {
    const a = viewAtSetup('historical');
    const b = viewAtSetup('maleme-schwerpunkt');
    expect(a.state.secret!.alloc).not.toEqual(b.state.secret!.alloc);
    expect(a.view.secret).toBeNull();
    expect(JSON.stringify(a.view)).not.toContain('alloc');
    // two different allocations, the same British view
    expect(JSON.stringify(a.view)).toBe(JSON.stringify(b.view));
    expect(crete.view(a.state, 'german').secret).not.toBeNull();
  });
  it('resample draws a legal allocation for the British and leaves the German state alone', () => {
    const { state } = viewAtSetup('historical');
    const draws = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const c = resample(crete.clone!(state), 'british', streamRng(4, k, 'resample'));
      const n = c.secret!.alloc.filter((x) => x >= 0).length;
      expect(n).toBeGreaterThanOrEqual(7);
      draws.add(c.secret!.alloc.join());
    }
    expect(draws.size).toBeGreaterThan(10);
    const g = crete.clone!(state);
    expect(resample(g, 'german', streamRng(4, 0, 'resample')).secret!.alloc).toEqual(state.secret!.alloc);
  });
  it('the rollout policy of the British searches on resampled allocations', () => {
    const m = startMatch(crete, defaultSetup(), { masterSeed: 9, gameIndex: 2 });
    const pol = createPolicies(crete, { german: 'historical', british: 'historical' }, 'campaign');
    let p = m.pending()!;
    while (p.kind !== 'setup-hex') {
      m.apply(
        pol[p.side]!.choose(crete.view(m.state as CreteState, p.side), p as Decision, streamRng(0, 0, 'x')),
      );
      p = m.pending()!;
    }
    const real = (m.state as CreteState).secret!.alloc.join();
    const search = searchContext(m, 'british');
    const seen = new Set<string>();
    for (let k = 0; k < 8; k++)
      seen.add((search.fork(streamRng(7, k, 'fork')).state as CreteState).secret!.alloc.join());
    expect(seen.size).toBeGreaterThan(1);
    expect([...seen].some((a) => a !== real)).toBe(true);
    const game = GAMES.find((g) => g.id === 'crete')!;
    const rollout = game.policies
      .find((x) => x.side === 'british' && x.id === 'rollout')!
      .create({ n: 1, k: 2 });
    const i = rollout.choose(
      crete.view(m.state as CreteState, 'british'),
      p,
      streamRng(7, 0, 'policy'),
      search,
    );
    expect(Number.isInteger(i) && i >= 0 && i < (p as { options: readonly unknown[] }).options.length).toBe(
      true,
    );
  });
  it('viewFor never copies the allocation into a British view later in the game', () => {
    const m = startMatch(crete, defaultSetup(), { masterSeed: 2, gameIndex: 1 });
    playMatch(m, createPolicies(crete, { german: 'historical', british: 'historical' }, 'campaign'));
    expect(viewFor(m.state as CreteState, 'british').secret).toBeNull();
  });
});

describe('data (spec 6.3)', () => {
  it('300 squares, 43 Allied units of 114 CF with a 2/2 of CF 3 (I-1)', () => {
    expect(MAP.size).toBe(300);
    expect(creteData.allied.length).toBe(43);
    expect(creteData.allied.reduce((a, u) => a + u.cf, 0)).toBe(114);
    expect(creteData.allied.find((u) => u.id === '2/2')!.cf).toBe(3);
  });
  it("each board's road graph is connected and the X squares are on it (I-3: even columns shifted)", () => {
    for (const board of MAP.byBoard) {
      const roads = board.filter((h) => MAP.road[h] === 1);
      const seen = new Set([roads[0]!]);
      const q = [roads[0]!];
      while (q.length > 0)
        for (const j of MAP.neighbours[q.pop()!]!)
          if (MAP.road[j] === 1 && !seen.has(j)) {
            seen.add(j);
            q.push(j);
          }
      expect(seen.size).toBe(roads.length);
    }
    for (const id of ['S2002', 'R0102', 'R1002', 'H0102']) expect(MAP.road[S(id)]).toBe(1);
    expect(MAP.exitTo[S('S2002')]).toBe(S('R0102'));
    expect(MAP.exitTo[S('S0102')]).toBe(-1); // I-5: no west exit off the island
  });
  it('the Galatas - Prison Valley road joins the coast road (I-3)', () => {
    const path = ['S1202', 'S1203', 'S1204', 'S1105', 'S1106'].map(S);
    for (let k = 1; k < path.length; k++) expect(MAP.neighbours[path[k - 1]!]).toContain(path[k]);
    expect(MAP.neighbours[S('S1303')]).toContain(S('S1202'));
  });
});

describe('a whole game', () => {
  it('plays to the end from a JSON copy the same way (explicit chance too)', () => {
    const setup = defaultSetup();
    const m = startMatch(crete, setup, { masterSeed: 1, gameIndex: 0 }, { explicitChance: true });
    const rng = streamRng(1, 0, 'chance');
    let chance = 0;
    for (;;) {
      const p = m.pending();
      if (p === null) break;
      const n =
        p.kind === 'chance'
          ? (p as { outcomes: readonly unknown[] }).outcomes.length
          : (p as { options: readonly unknown[] }).options.length;
      if (p.kind === 'chance') chance++;
      m.apply((rng.next() >>> 0) % n);
    }
    expect(chance).toBeGreaterThan(10);
    expect(crete.invariants(m.state as CreteState)).toEqual([]);
    const copy = JSON.parse(JSON.stringify(m.state));
    const again = new GameMatch(crete, setup, copy, crete.workspace(copy));
    expect(again.record()).toEqual(m.record());
  });
});

describe('per-task caches (movement searches, occupancy, air squares, battle strengths)', () => {
  it('list the options a fresh workspace lists, at every move, air and battle decision of whole games', () => {
    const setup = defaultSetup();
    let checked = 0;
    for (const ids of [crete.defaultPolicies, { german: 'random', british: 'random' }]) {
      const pol = createPolicies(crete, ids);
      const check = (inner: Policy): Policy =>
        ({
          id: inner.id,
          choose(view, d, rng, search) {
            const s = view as CreteState;
            const fresh = creteWorkspace(s);
            const opts = d.options as readonly { u: number; to: number }[];
            if (d.kind === 'move') {
              occupancy(s, fresh);
              const out: number[] = [];
              destinations(s, fresh, opts[0]!.u, out);
              expect(opts.slice(1).map((o) => o.to)).toEqual(out);
              checked++;
            } else if (d.kind === 'air-support') {
              expect(opts.slice(1).map((o) => o.to)).toEqual(airSquares(s, fresh));
              checked++;
            } else if (d.kind === 'battle') {
              expect(d.options).toEqual(battleOptions(s, fresh, d.side as 'german' | 'british'));
              checked++;
            }
            return inner.choose(view, d, rng, search);
          },
        }) as Policy;
      // 3 games each: only the units picked (move-unit) are asked their square
      for (let g = 0; g < 3; g++) {
        const m = startMatch(crete, setup, { masterSeed: 11, gameIndex: g });
        playMatch(m, { german: check(pol.german!), british: check(pol.british!) });
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('list the set-up and move-unit options a fresh workspace lists when games share one workspace (GameSeries)', () => {
    const setup = defaultSetup();
    let checked = 0;
    for (const ids of [crete.defaultPolicies, { german: 'random', british: 'random' }]) {
      const check = (inner: Policy): Policy =>
        ({
          id: inner.id,
          choose(view, d, rng, search) {
            const s = view as CreteState;
            const task = s.stack[s.stack.length - 1]!;
            if (d.kind === 'setup-hex' && task.t === 'setup') {
              expect(d.options).toEqual(setupStep(s, creteWorkspace(s), { ...task })!.options);
              checked++;
            } else if (d.kind === 'move-unit' && task.t === 'move') {
              expect(d.options).toEqual(moveStep(s, creteWorkspace(s), { ...task })!.options);
              checked++;
            }
            return inner.choose(view, d, rng, search);
          },
          reset: () => inner.reset?.(),
        }) as Policy;
      // the set-up lists and the movers are kept in the workspace, which the series passes from game to game
      const series = new GameSeries(crete, setup, () => {
        const pol = createPolicies(crete, ids);
        return { german: check(pol.german!), british: check(pol.british!) };
      });
      for (let g = 0; g < 4; g++) series.play({ masterSeed: 11, gameIndex: g });
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('move-unit (K8): a unit is asked its square only when picked, in any order the side picks', () => {
  it('the units a scripted policy passes over would have stayed had they been asked (play as with a question to every unit)', () => {
    const pairs = [
      { german: 'historical', british: 'historical' },
      { german: 'maleme-schwerpunkt', british: 'counterattack' },
      { german: 'airfield-grab', british: 'airfield-fortress' },
      { german: 'attrition', british: 'suda-keep' },
    ];
    let skipped = 0;
    let picked = 0;
    for (const ids of pairs) {
      const pol = createPolicies(crete, ids);
      const check = (inner: Policy): Policy =>
        ({
          id: inner.id,
          choose(view, d, rng, search) {
            const choice = inner.choose(view, d, rng, search);
            if (d.kind !== 'move-unit') return choice;
            const s = view as CreteState;
            const opts = d.options as readonly { u: number; to: number }[];
            expect(opts[0]).toEqual({ u: -1, to: -1 });
            // the units after the last pick in index order, then the earlier ones: one wrap at most, no repeats
            const units = opts.slice(1).map((o) => o.u);
            expect(units.filter((u, k) => k > 0 && u < units[k - 1]!).length).toBeLessThanOrEqual(1);
            expect(new Set(units).size).toBe(units.length);
            const fresh = creteWorkspace(s);
            occupancy(s, fresh);
            const passed = choice === 0 ? units : units.slice(0, choice - 1);
            for (const u of passed) {
              const out: number[] = [];
              destinations(s, fresh, u, out);
              if (out.length === 0) continue;
              const ask = { ...d, kind: 'move', options: [{ u, to: -1 }, ...out.map((to) => ({ u, to }))] };
              expect(inner.choose(view, ask as typeof d, rng, search)).toBe(0);
              skipped++;
            }
            if (choice > 0) picked++;
            return choice;
          },
        }) as Policy;
      const m = startMatch(crete, defaultSetup(), { masterSeed: 5, gameIndex: 0 });
      playMatch(m, { german: check(pol.german!), british: check(pol.british!) }, { conformance: true });
    }
    expect(skipped).toBeGreaterThan(100);
    expect(picked).toBeGreaterThan(100);
  });
});
