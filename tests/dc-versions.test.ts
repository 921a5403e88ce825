/**
 * Dark Crusade versions, strategic options, reinforcements and factories (docs/games/dc.md "Printed examples" K-5, K-6, K-21,
 * K-22, K-25; R-16..R-21, R-38, R-61..R-71): hand-built positions through the game's own code, and
 * the pre-game fortification (C-9) and May mud (C-2) frequencies against their exact distributions.
 */
import { describe, expect, it } from 'vitest';
import type { Decision } from '../src/core/game.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { dcData } from '../src/games/dc/data.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import {
  FACTORY_SCHEDULE,
  factoriesStep,
  pickable,
  pickTurn,
  startFactories,
} from '../src/games/dc/factories.js';
import { dc } from '../src/games/dc/index.js';
import { mapByKey } from '../src/games/dc/map.js';
import { mayEnter } from '../src/games/dc/movement.js';
import { borderPoints, fortifyDistribution } from '../src/games/dc/pregame.js';
import { arrivalTurn } from '../src/games/dc/reinforcements.js';
import { sovietProduction } from '../src/games/dc/replacements.js';
import { startGame } from '../src/games/dc/setup.js';
import { type DcState, monthOf, turnLabel } from '../src/games/dc/state.js';
import { strategicCapacity } from '../src/games/dc/strategic.js';
import { advance, apply } from '../src/games/dc/turn-sequence.js';
import {
  axisCitiesCheck,
  endOfAxisTurn,
  instantCheck,
  margin,
  meets,
  requirement,
  sovietCheck,
} from '../src/games/dc/victory.js';
import { mayMudDie, mayMudProbability } from '../src/games/dc/weather.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';
import { pregameFortification } from './helpers/dc.js';

function game(scenario = 'intro-tournament', variants: Record<string, boolean> = {}, seed = 1): DcState {
  return startGame(resolveSetup(dc, { scenario, variants, params: {} }, 'test'), {
    masterSeed: seed,
    gameIndex: 0,
  });
}
/** The chart's set-up at the first turn with the pre-game left out. */
function atStart(scenario = 'intro-tournament'): DcState {
  const s = game(scenario);
  s.stack.length = 0;
  return s;
}
const P = (s: DcState, id: string) => mapByKey(s.rules.mapKey).index.get(id)!;

/** Answers decision `d` (asked by a step function outside `advance`). */
function answer(s: DcState, d: DcDecision, k: number): void {
  s.pending = d;
  apply(s, dcWorkspace(s), d, k);
}

/** Answers every pending decision with option 0 until `stop` holds or the game ends. */
function runUntil(
  s: DcState,
  stop: (s: DcState, d: DcDecision | null) => boolean,
  pick = (_d: DcDecision) => 0,
) {
  const ws = dcWorkspace(s);
  for (let n = 0; n < 200_000; n++) {
    const d = advance(s, ws) as DcDecision | null;
    if (stop(s, d) || d === null) return d;
    apply(s, ws, d, pick(d));
  }
  throw new Error('runUntil: no stop');
}

describe('DC versions (DC 2.B)', () => {
  it('registers the three versions at both levels as scenarios', () => {
    expect(dc.scenarios.map((x) => x.id)).toEqual([
      'intro-tournament',
      'intro-tournament-campaign',
      'intro-campaign',
      'adv-tournament',
      'adv-tournament-campaign',
      'adv-campaign',
    ]);
    expect(game('adv-tournament-campaign').rules.version).toBe('tournament-campaign');
    expect(game('adv-campaign').rules.version).toBe('campaign');
    expect(game('adv-tournament').rules.level).toBe('advanced');
    expect(game('intro-tournament-campaign').rules.version).toBe('tournament-campaign');
    expect(game('intro-campaign').rules.version).toBe('campaign');
  });

  it('K-6: December 1941 the Axis needs 7 + 7 in overland supply; 7 + 6 does not win', () => {
    const s = atStart();
    s.turn = 8;
    expect(monthOf(s.turn)).toBe(12);
    expect(requirement(s, 0)).toEqual([7, 7]);
    const ws = dcWorkspace(s);
    const m = mapByKey(s.rules.mapKey);
    // every point Axis except the Soviet victory cities, then hand over 7 VP of them
    for (let p = 0; p < m.n; p++) s.control[p] = m.vp[p]! > 0 && m.side1941[p] === 1 ? 1 : 0;
    for (const id of ['MIN', 'KIE', 'ODE', 'DNE', 'SEV']) s.control[P(s, id)] = 0;
    s.cv++;
    expect(meets(s, dcWorkspace(s), 0)).toBe(false);
    s.control[P(s, 'GRO')] = 0;
    s.cv++;
    expect(meets(s, ws, 0)).toBe(false); // 6 enemy VP
    s.control[P(s, 'STL')] = 0;
    s.cv++;
    expect(meets(s, ws, 0)).toBe(true); // 7 enemy VP
  });

  it('K-22: factory pairs: 3 destroyed give the Axis +1 and the Soviets -1; 4 give +2 / -2', () => {
    const s = atStart();
    const ws = dcWorkspace(s);
    const a0 = margin(s, ws, 0);
    const s0 = margin(s, ws, 1);
    s.factoriesLost = 3;
    expect([margin(s, ws, 0) - a0, margin(s, ws, 1) - s0]).toEqual([1, -1]);
    s.factoriesLost = 4;
    expect([margin(s, ws, 0) - a0, margin(s, ws, 1) - s0]).toEqual([2, -2]);
  });

  it('R-16: the Tournament Campaign game never asks for a draw; the Tournament game does after February 1942', () => {
    const kinds = (scenario: string) => {
      const s = game(scenario, {}, 3);
      const seen = new Set<string>();
      runUntil(s, (x, d) => {
        if (d !== null) seen.add(d.kind);
        return x.turn > 12;
      });
      return seen;
    };
    expect(kinds('intro-tournament').has('declare-draw')).toBe(true);
    expect(kinds('intro-tournament-campaign').has('declare-draw')).toBe(false);
  });

  it('R-15, D-40: under mutual-draw-on the phasing side may propose and the other accept; off by default', () => {
    const s = game('intro-tournament', { 'mutual-draw-on': true });
    const d = runUntil(s, (_x, q) => q?.kind === 'mutual-draw') as DcDecision;
    expect(d.side).toBe('axis');
    answer(s, d, 1);
    const accept = advance(s, dcWorkspace(s)) as DcDecision;
    expect([accept.kind, accept.side]).toEqual(['mutual-draw', 'soviet']);
    answer(s, accept, 1);
    expect(s.result).toEqual({ result: 'draw', level: 'draw-agreed', reason: 'draw-agreed' });
    const off = game('intro-tournament', {}, 2);
    const seen = new Set<string>();
    runUntil(off, (x, q) => {
      if (q !== null) seen.add(q.kind);
      return x.turn > 3;
    });
    expect(seen.has('mutual-draw')).toBe(false);
  });

  it('K-25: Campaign Soviet (ii) needs two consecutive checks: met first in Feb 1945 no win, Jan and Feb 1945 win', () => {
    const build = () => {
      const s = atStart('intro-campaign');
      const m = mapByKey(s.rules.mapKey);
      for (let p = 0; p < m.n; p++) s.control[p] = 1;
      s.cv++;
      // ten rifle armies off the map through Warsaw's west exit
      let n = 0;
      s.units.forEach((u, i) => {
        if (n < 10 && u.side === 1 && s.rules.types[u.t]!.id === 'sov-rifle' && u.st === 0) {
          u.st = 3;
          u.at = -1;
          s.exits.push(i, P(s, 'WAR'));
          n++;
        }
      });
      return s;
    };
    const late = build();
    late.turn = 46;
    expect(turnLabel(late.turn)).toBe('Feb 1945');
    expect(sovietCheck(late, dcWorkspace(late))).toBeNull();
    const early = build();
    early.turn = 45;
    expect(sovietCheck(early, dcWorkspace(early))).toBeNull();
    early.turn = 46;
    expect(sovietCheck(early, dcWorkspace(early))?.level).toBe('campaign-soviet-cities-exits');
    // an exit point lost to the Axis breaks the supply of the exited armies
    const cut = build();
    cut.control[P(cut, 'WAR')] = 0;
    cut.cv++;
    sovietCheck(cut, dcWorkspace(cut));
    expect(cut.camp.sovCities).toBe(0);
  });

  it('R-18: Campaign Axis wins: no Soviet unit after two Axis turns; the three cities six turns; every victory city', () => {
    const s = atStart('intro-campaign');
    expect(endOfAxisTurn(s)).toBeNull();
    for (const u of s.units) if (u.side === 1 && s.rules.types[u.t]!.id !== 'factory') u.st = 1;
    expect(endOfAxisTurn(s)).toBeNull();
    expect(endOfAxisTurn(s)?.level).toBe('campaign-axis-no-soviets');

    const c = atStart('intro-campaign');
    const m = mapByKey(c.rules.mapKey);
    for (let p = 0; p < m.n; p++) c.control[p] = m.vp[p]! > 0 && m.side1941[p] === 1 ? 1 : 0;
    for (const id of ['LEN', 'MOS', 'STL']) c.control[P(c, id)] = 0;
    c.cv++;
    const ws = dcWorkspace(c);
    let end = null;
    for (let t = 0; t < 6; t++) {
      expect(end).toBeNull();
      axisCitiesCheck(c, ws, false);
      end = axisCitiesCheck(c, ws, true);
    }
    expect(end?.level).toBe('campaign-axis-cities');
    expect(instantCheck(c)).toBeNull();
    for (let p = 0; p < m.n; p++) c.control[p] = 0;
    expect(instantCheck(c)?.level).toBe('campaign-axis-all-cities');
  });

  it('R-19 (i): every German unit eliminated ends a Campaign game at once', () => {
    const s = atStart('intro-campaign');
    for (const u of s.units) if (s.rules.types[u.t]!.nation === 'german' && u.st === 0) u.st = 1;
    expect(instantCheck(s)?.level).toBe('campaign-soviet-no-germans');
  });
});

describe('DC strategic options (DC 3.A, 3.B, 18)', () => {
  it('R-20: a May start begins in turn 1 with the chart marks dispersed and the Axis 1941 arrivals a turn early', () => {
    const s = game('intro-tournament', { 'start-may': true });
    runUntil(s, (x) => x.stack.length === 0 || x.seq > 0);
    expect(s.first).toBe(1);
    expect(s.turn).toBe(1);
    const dispersedJune = game().units.filter((u) => u.st === 0 && u.disp).length;
    expect(s.units.filter((u) => u.st === 0 && u.disp).length).toBeGreaterThan(dispersedJune);
    const july = dcData.orderOfAppearance.arrivals.find((e) => e.turn === 3)!;
    expect(arrivalTurn(s, july)).toBe(2);
    const polish = dcData.orderOfAppearance.arrivals.find((e) => e.type === 'pol-army')!;
    expect(arrivalTurn(s, polish)).toBe(38);
  });

  it('R-20, K-8: May 1941 of a May game is Good map-wide with 3 German air units; assaulted points roll for Mud', () => {
    const s = game('intro-tournament', { 'start-may': true }, 5);
    runUntil(s, (x) => x.seq > 1);
    expect(s.weather).toBe(0);
    expect(s.air).toBe(3);
    expect(mayMudDie(1) && mayMudDie(3) && mayMudDie(5)).toBe(true);
    expect(mayMudDie(2) || mayMudDie(4) || mayMudDie(6)).toBe(false);
  });

  it('sib-first-call: the first Siberian call is asked in the second game turn, or the first under sib-call-from-turn-1', () => {
    const firstCallTurn = (variants: Record<string, boolean>) => {
      const s = game('intro-tournament', variants, 4);
      const d = runUntil(s, (x, q) => q?.kind === 'siberian-call' || x.turn > 4);
      return d?.kind === 'siberian-call' ? s.turn : -1;
    };
    expect(firstCallTurn({})).toBe(3);
    expect(firstCallTurn({ 'sib-call-from-turn-1': true })).toBe(2);
    expect(firstCallTurn({ 'start-may': true })).toBe(2);
  });

  it('hun-release: from July 1942 the second Hungarian army may leave, unless only one ever may (hun-one-ever)', () => {
    const leaves = (variants: Record<string, boolean>) => {
      const s = game('intro-tournament', variants);
      s.stack.length = 0;
      const m = mapByKey(s.rules.mapKey);
      const [h1, h2] = s.units.filter((u) => s.rules.types[u.t]!.nation === 'hungarian');
      // H1 left in June 1942 and was eliminated; may H2 leave Cluj for a point outside Hungary in July?
      h1!.st = 1;
      h1!.at = -1;
      s.turn = 15;
      const out = [...Array(m.n).keys()].find(
        (p) => m.nation[p] !== 'Hungary' && m.nation[p] !== 'Rumania' && m.side1941[p] !== 1,
      )!;
      return mayEnter(s, h2!, out);
    };
    expect(leaves({})).toBe(true);
    expect(leaves({ 'hun-one-ever': true })).toBe(false);
  });

  it('C-2: May mud frequencies match P(Mud) = 1/2 per point', () => {
    const rng = streamRng(7, 0, 'weather');
    let mud = 0;
    const n = 6000;
    for (let k = 0; k < n; k++) if (mayMudDie(1 + Math.floor(rng.next() * 6))) mud++;
    expect(mayMudProbability()).toBe(0.5);
    expect(Math.abs(mud / n - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / n));
  });

  it('R-21: free set-up keeps Memel to 3 infantry corps, allies in their own countries, Soviet border units on the border and Lepaya', () => {
    for (let g = 0; g < 4; g++) {
      const s = game('intro-tournament', { 'setup-free': true }, 20 + g);
      let k = 0;
      runUntil(
        s,
        (x) => !x.stack.some((t) => t.t === 'pregame'),
        (d) => (d.kind === 'setup-place' ? (k++ * 7 + g) % d.options.length : 0),
      );
      const m = mapByKey(s.rules.mapKey);
      const mem = P(s, 'MEM');
      const memInf = s.units.filter(
        (u) => u.st === 0 && u.at === mem && s.rules.types[u.t]!.id === 'ger-inf',
      ).length;
      expect(memInf).toBeLessThanOrEqual(3);
      const border = new Set([...borderPoints(m), P(s, 'LEP')]);
      for (const u of s.units) {
        if (u.st !== 0) continue;
        const ty = s.rules.types[u.t]!;
        if (ty.nation === 'rumanian') expect(m.nation[u.at]).toBe('Rumania');
        if (ty.nation === 'finnish') expect(m.nation[u.at]).toBe('Finland');
        if (ty.nation === 'german') expect(m.side1941[u.at] !== 1 && m.nation[u.at] !== 'Hungary').toBe(true);
      }
      const chart = game();
      s.units.forEach((u, i) => {
        const c = chart.units[i]!;
        if (u.side === 1 && u.st === 0 && u.at !== c.at) {
          expect(border.has(u.at)).toBe(true);
          expect(border.has(c.at)).toBe(true);
        }
      });
    }
  });

  it('R-21: the Soviet decides first; the Axis is asked only when the Soviet declines (setup-policy)', () => {
    const s = game('intro-tournament', { 'setup-policy': true });
    const ws = dcWorkspace(s);
    const d1 = advance(s, ws) as DcDecision;
    expect([d1.kind, d1.side]).toEqual(['free-setup', 'soviet']);
    apply(s, ws, d1, 0);
    const d2 = advance(s, ws) as DcDecision;
    expect([d2.kind, d2.side]).toEqual(['free-setup', 'axis']);
    const t = game('intro-tournament', { 'setup-policy': true });
    const wt = dcWorkspace(t);
    apply(t, wt, advance(t, wt) as DcDecision, 1);
    expect(t.free).toBe(true);
    const next = advance(t, wt) as DcDecision;
    expect(next.kind).toBe('setup-place');
  });

  it('C-9: pre-game fortification frequencies match Binomial(n, 1/2) in June and Binomial(n, 1/3) in May', () => {
    for (const first of [2, 1]) {
      const counts: number[] = [];
      let n = 0;
      const games = 400;
      for (let g = 0; g < games; g++) {
        const s = startGame(resolveSetup(dc, {}, 'test'), { masterSeed: 9, gameIndex: g });
        s.stack.length = 0;
        s.first = first;
        const ws = dcWorkspace(s);
        pregameFortification(s, ws);
        const border = new Set(borderPoints(mapByKey(s.rules.mapKey)));
        n = s.units.filter(
          (u) => u.side === 1 && u.st === 0 && border.has(u.at) && s.rules.types[u.t]!.fortify,
        ).length;
        counts.push(s.stats.pregameForts);
      }
      const dist = fortifyDistribution(n, first);
      const mean = dist.reduce((a, p, k) => a + p * k, 0);
      const sim = counts.reduce((a, x) => a + x, 0) / games;
      const sd = Math.sqrt((n * (first === 2 ? 0.25 : 2 / 9)) / games);
      expect(Math.abs(sim - mean)).toBeLessThan(4 * sd);
      expect(dist.reduce((a, p) => a + p, 0)).toBeCloseTo(1, 12);
    }
  });
});

describe('DC factories (DC 8.C)', () => {
  it('K-21: ten pick opportunities (pre-game, Jul 41 ... Jul 43); tank C only after tank B', () => {
    const turns: number[] = [];
    for (let t = 1; t <= 46; t++) if (pickTurn(t)) turns.push(t);
    expect(turns.map(turnLabel)).toEqual([
      'Jul 1941',
      'Oct 1941',
      'Jan 1942',
      'Apr 1942',
      'Jul 1942',
      'Oct 1942',
      'Jan 1943',
      'Apr 1943',
      'Jul 1943',
    ]);
    expect(turnLabel(turns.at(-1)! + 3)).toBe('Oct 1943');
    const s = atStart();
    expect(pickable(s)).toEqual(['INF-A', 'TANK-A']);
    s.fac.picked.push('TANK-A');
    expect(pickable(s)).toEqual(['INF-A', 'TANK-B']);
    expect(pickable(s)).not.toContain('TANK-C');
  });

  it('K-5: tank B picked in January 1942 is deployed in April and first produces in May 1942', () => {
    const s = atStart();
    const ws = dcWorkspace(s);
    s.turn = 9;
    expect(turnLabel(s.turn)).toBe('Jan 1942');
    s.fac.picked.push('INF-A', 'TANK-A');
    startFactories(s, 0);
    const pick = factoriesStep(s, ws, s.stack.at(-1)! as never) as Decision<'factory-pick', { id: string }>;
    const k = pick.options.findIndex((o) => o.id === 'TANK-B');
    answer(s, pick as DcDecision, k);
    s.pending = null;
    s.stack.length = 0;
    expect(s.fac.due).toEqual([2, 12]);
    const produced = () => s.stats.sovietProduced;
    for (const t of [10, 11]) {
      s.turn = t;
      startFactories(s, 0);
      expect(factoriesStep(s, ws, s.stack.at(-1)! as never)).toBeNull();
    }
    expect(s.units.some((u) => u.label === 'TANK-B')).toBe(false);
    s.turn = 12;
    expect(turnLabel(s.turn)).toBe('Apr 1942');
    startFactories(s, 0);
    const site = factoriesStep(s, ws, s.stack.at(-1)! as never) as DcDecision;
    expect(site.kind).toBe('factory-site');
    const gor = (site.options as readonly { at: number }[]).findIndex((o) => o.at === P(s, 'GOR'));
    answer(s, site, gor);
    const tb = s.units.find((u) => u.label === 'TANK-B')!;
    expect(tb.at).toBe(P(s, 'GOR'));
    expect(FACTORY_SCHEDULE.get('TANK-B')!.months).toContain(5);
    const tbTanks = () => s.units.filter((u) => u.st === 0 && u.at === P(s, 'GOR') && u.side === 1).length;
    const before = tbTanks();
    s.turn = 13;
    expect(turnLabel(s.turn)).toBe('May 1942');
    const p0 = produced();
    sovietProduction(s, ws);
    expect(produced()).toBeGreaterThan(p0);
    expect(tbTanks()).toBeGreaterThan(before);
  });

  it('R-69..R-71, K-11: an entrained factory costs a strategic factor, moves the next R/R phase, and is lost with its point', () => {
    const s = atStart();
    s.turn = 4;
    const ws = dcWorkspace(s);
    const cap = strategicCapacity(s, ws, 1);
    startFactories(s, cap);
    const d = factoriesStep(s, ws, s.stack.at(-1)! as never) as DcDecision;
    expect(d.kind).toBe('entrain');
    const k = (d.options as readonly { unit: number }[]).findIndex(
      (o) => o.unit >= 0 && s.units[o.unit]!.label === 'DNIPRO',
    );
    answer(s, d, k);
    expect(strategicCapacity(s, ws, 1)).toBe(cap - 1);
    const dnipro = s.units.find((u) => u.label === 'DNIPRO')!;
    expect(dnipro.st).toBe(4);
    s.stack.length = 0;
    s.pending = null;
    // the next R/R phase: it moves over Soviet points (here to Siberia)
    s.turn = 5;
    startFactories(s, cap);
    const dest = factoriesStep(s, ws, s.stack.at(-1)! as never) as DcDecision;
    expect(dest.kind).toBe('factory-dest');
    expect((dest.options as readonly { at: number }[])[0]!.at).toBe(-1);
    answer(s, dest, 0);
    expect(s.fac.ent).toEqual([]);
    expect(s.stats.factoriesToSiberia).toBe(1);
    // another, whose point falls before it moves
    s.stack.length = 0;
    s.pending = null;
    startFactories(s, cap);
    const e2 = factoriesStep(s, ws, s.stack.at(-1)! as never) as DcDecision;
    const kk = (e2.options as readonly { unit: number }[]).findIndex(
      (o) => o.unit >= 0 && s.units[o.unit]!.label === 'MARPL',
    );
    answer(s, e2, kk);
    s.stack.length = 0;
    s.pending = null;
    s.control[P(s, 'MAR')] = 0;
    s.cv++;
    const lost = s.factoriesLost;
    s.turn = 6;
    startFactories(s, cap);
    factoriesStep(s, ws, s.stack.at(-1)! as never);
    expect(s.factoriesLost).toBe(lost + 1);
  });
});
