/**
 * Cross-check (docs/architecture.md "Chance is explicit"): the same SCS battles simulated with the game's own
 * combat code (combat.ts fightBattle, forces.ts generateDefenders / breakout / breakoutFire, the
 * engine's dice and blind draws) over fixed seeds agree with the exact odds of `odds scs` (enumerated
 * from the same code, enumerate.ts) and with an independent Markov-chain model (helpers/scs-odds-chain.ts).
 *
 * For every case, four marginals are compared by a chi-square goodness-of-fit test at p > 0.001
 * (bins merged until each expects at least 5): the outcome (hex taken / Soviet force destroyed /
 * stymied), the Soviet steps lost, the German units lost and the number of rounds.
 *
 * Power: each case also names deliberately wrong models (Soviet fire before the German fire, i.e.
 * a swapped 10.1 fire order; another CRT set; the other VIII/Guderian reading; a missing DRM; the
 * VI IC in the wrong round) and asserts that the very same simulated sample rejects them
 * (p < 0.001 on the outcome or the Soviet-losses test). So a wrong fire order or table in the odds
 * (or in the simulator) would fail this file.
 */
import { describe, expect, it } from 'vitest';
import type { Decision, Policy } from '../src/core/game.js';
import { resolveSetup } from '../src/core/setup.js';
import { forceSteps } from '../src/games/scs/combat.js';
import type { ScsView } from '../src/games/scs/decisions.js';
import { breakout, breakoutFire, generateDefenders, markerOnly } from '../src/games/scs/forces.js';
import { scs } from '../src/games/scs/index.js';
import { scsMap } from '../src/games/scs/map.js';
import {
  type BattleOdds,
  parseScsOdds,
  requestOdds,
  type ScsBattleSpec,
  type ScsOddsRequest,
} from '../src/games/scs/odds.js';
import { CRT_SETS } from '../src/games/scs/parameters.js';
import { isCombatUnit } from '../src/games/scs/state.js';
import { fightBattle, makeRun } from './helpers/scs.js';
import {
  battleOdds,
  type ChainSpec,
  FIRE_PRECEDENCE,
  type FireStep,
  generatedBattleOdds,
} from './helpers/scs-odds-chain.js';

// ---- chi-square goodness of fit -------------------------------------------------------------

function lnGamma(x: number): number {
  const g = [
    676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = 0.99999999999980993;
  for (let i = 0; i < g.length; i++) a += g[i]! / (x + i + 1);
  const t = x + g.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Upper regularized incomplete gamma Q(a, x) (Numerical Recipes gser / gcf). */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) {
    let sum = 1 / a;
    let del = sum;
    for (let n = 1; n < 1000; n++) {
      del *= x / (a + n);
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
  }
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
}

it('gammaQ gives the chi-square 0.999 quantiles: P(chi2_1 > 10.83) = P(chi2_10 > 29.59) = 0.001', () => {
  expect(gammaQ(0.5, 10.828 / 2)).toBeCloseTo(0.001, 5);
  expect(gammaQ(5, 29.588 / 2)).toBeCloseTo(0.001, 5);
});

/**
 * Chi-square p-value of observed counts against exact probabilities; bins are merged in order
 * until each expects at least 5. An outcome the exact odds call impossible must never be observed
 * (returns 0 then).
 */
function chiSquareP(observed: readonly number[], exact: readonly number[], n: number): number {
  const len = Math.max(observed.length, exact.length);
  const bins: { o: number; e: number }[] = [];
  let cur = { o: 0, e: 0 };
  for (let i = 0; i < len; i++) {
    const o = observed[i] ?? 0;
    const e = (exact[i] ?? 0) * n;
    if (e === 0 && o > 0) return 0;
    cur.o += o;
    cur.e += e;
    if (cur.e >= 5) {
      bins.push(cur);
      cur = { o: 0, e: 0 };
    }
  }
  if (cur.e > 0 || cur.o > 0) {
    if (bins.length === 0) bins.push(cur);
    else {
      bins[bins.length - 1]!.o += cur.o;
      bins[bins.length - 1]!.e += cur.e;
    }
  }
  if (bins.length < 2) return 1;
  let chi2 = 0;
  for (const b of bins) chi2 += (b.o - b.e) ** 2 / b.e;
  return gammaQ((bins.length - 1) / 2, chi2 / 2);
}

// ---- the simulator, driven battle by battle -------------------------------------------------

interface Observed {
  n: number;
  /** [taken, destroyed, stymied] */
  outcome: number[];
  rounds: number[];
  sovietLost: number[];
  germanLost: number[];
}

const bump = (a: number[], i: number) => {
  while (a.length <= i) a.push(0);
  a[i]!++;
};

interface Case {
  readonly name: string;
  /** `sandtable odds scs` options. */
  readonly opts: Record<string, string | true>;
  /** The battle hex of the simulation (its terrain and row must match the options). */
  readonly hex: string;
  /** Game variants and CRT set of the simulation (the odds get them through `opts`; CRT B unless named). */
  readonly variants?: Record<string, boolean>;
  readonly crt?: 'A' | 'B' | 'E';
  /** Breakout from a generated force: the pocket hexes. */
  readonly pocket?: readonly string[];
  /** Deliberately wrong models that the same sample must reject. */
  readonly wrong: readonly {
    readonly what: string;
    readonly spec: (s: ScsBattleSpec) => ChainSpec;
    /** An explicit German force to use instead (counts by counter type). */
    readonly defender?: readonly number[];
  }[];
}

const N = 20_000;

/** Soviet fire (step 4) before the German mechanized and non-mechanized fire: a wrong 10.1. */
const SOVIET_FIRST: readonly FireStep[] = ['shockPrimary', 'soviet', 'mech', 'nonMech', 'security', 'vi'];
const swapped = (s: ScsBattleSpec): ChainSpec => ({ ...s, order: SOVIET_FIRST });
const crt =
  (set: 'A' | 'E') =>
  (s: ScsBattleSpec): ChainSpec => ({
    ...s,
    cfg: { ...s.cfg, hit: { ...CRT_SETS[set], vi: s.cfg.hit.vi } },
  });

function simulate(c: Case, r: ScsOddsRequest, seed: number): Observed {
  const spec = r.spec;
  const setup = resolveSetup(
    scs,
    { variants: c.variants ?? {}, params: { crtSet: c.crt ?? 'B' } },
    'crosscheck',
  );
  const s = scs.start(setup, { masterSeed: seed, gameIndex: 0 });
  // the simulated game reads the same rules the odds were given
  expect(s.cfg.hit).toEqual(spec.cfg.hit);
  expect([
    s.cfg.viiiGuderianCumulative,
    s.cfg.markerInGarrison,
    s.cfg.shockDoubleSix,
    s.cfg.reliefIgnoresSupport,
  ]).toEqual([
    spec.cfg.viiiGuderianCumulative,
    spec.cfg.markerInGarrison,
    spec.cfg.shockDoubleSix,
    spec.cfg.reliefIgnoresSupport,
  ]);
  const h = scsMap.index(c.hex);
  expect(s.cfg.forest[h] === 1).toBe(spec.forest);
  s.phase = 'III';
  const a = s.armies.findIndex((x) => x.type === spec.armyType);
  const army = s.armies[a]!;
  const e = s.armies[s.armies.length - 1]!;
  const byType: number[][] = [[], [], [], [], [], [], [], []];
  for (let id = 0; id < s.gType.length; id++) byType[s.gType[id]!]!.push(id);
  const track = s.track.map((b) => [...b]);
  let asks = 0;
  const policy: Policy = {
    id: 'crosscheck',
    choose: (view, d: Decision) => {
      const v = view as ScsView;
      switch (d.kind) {
        case 'anotherRound':
          asks++;
          return 1; // the continuation rule is the MF given to fightBattle
        case 'commitVI':
          return v.battle!.round === spec.viRound ? 1 : 0;
        case 'germanLoss': {
          const opts = d.options as number[];
          for (const t of spec.killOrder) if (opts.includes(t)) return opts.indexOf(t);
          return 0;
        }
        default:
          throw new Error(`unexpected decision ${d.kind}`);
      }
    },
  };
  const run = makeRun(s, { policy, seed: [seed, 1] });
  const mf = spec.maxRounds === Number.POSITIVE_INFINITY ? 1e9 : spec.maxRounds - 1;
  const F = spec.armySteps + spec.engineerSteps;
  const obs: Observed = { n: N, outcome: [0, 0, 0], rounds: [], sovietLost: [], germanLost: [] };
  const combatUnits = () => s.engaged.filter((id) => isCombatUnit(s.gType[id]!)).length;
  for (let i = 0; i < N; i++) {
    // reset the board around the battle
    s.engaged.length = 0;
    s.aside.length = 0;
    s.held[h] = [];
    s.track = track.map((b) => [...b]);
    army.steps = spec.armySteps;
    army.hex = h;
    army.attacked = !spec.shockFirst;
    e.steps = spec.engineerSteps;
    s.host = spec.engineerSteps > 0 ? a : -1;
    s.viReady = spec.viRound > 0;
    asks = 0;
    let taken: boolean;
    let rounds: number;
    let gStart: number;
    if ('explicit' in r.defence) {
      for (let t = 0; t < r.defence.explicit.length; t++)
        s.engaged.push(...byType[t]!.slice(0, r.defence.explicit[t]));
      gStart = combatUnits();
      if (spec.kind === 'breakout') {
        taken = !breakoutFire(run, h, a);
        rounds = 1;
      } else {
        const out = fightBattle(run, spec.kind, h, a, mf);
        taken = out.won;
        rounds = 1 + asks;
      }
    } else {
      const g = r.defence.generated;
      // the pool of the odds, counter by counter; a fixed marker comes from outside it
      s.pool = g.pool.flatMap((k, t) => byType[t]!.slice(0, k));
      if (spec.kind === 'breakout') {
        for (const p of c.pocket!) {
          s.marker[scsMap.index(p)] = -1;
          s.held[scsMap.index(p)] = [];
        }
        const stats = s.stats.breakoutGermanWins;
        // the engaged force is emptied by breakout(): count it from the first fire
        taken = !breakout(
          run,
          h,
          a,
          c.pocket!.map((p) => scsMap.index(p)),
        );
        expect(s.stats.breakoutGermanWins - stats).toBe(taken ? 0 : 1);
        gStart = 0;
        rounds = -1; // not observed
      } else {
        if (g.marker !== null) s.marker[h] = byType[g.marker]![g.pool[g.marker]!]!;
        else {
          const k = run.drawIndex(s.pool.length);
          s.marker[h] = s.pool.splice(k, 1)[0]!;
        }
        generateDefenders(run, h, spec.kind === 'relief');
        gStart = combatUnits();
        if (markerOnly(s)) {
          taken = true;
          rounds = 0;
          s.engaged.length = 0;
        } else {
          const out = fightBattle(run, spec.kind, h, a, mf);
          taken = out.won;
          rounds = 1 + asks;
        }
      }
    }
    const lost = F - forceSteps(s, a);
    obs.outcome[taken ? 0 : lost === F ? 1 : 2]!++;
    if (rounds >= 0) bump(obs.rounds, rounds);
    bump(obs.sovietLost, lost);
    if (spec.kind !== 'breakout') bump(obs.germanLost, gStart - combatUnits());
  }
  return obs;
}

/** The independent chain model (tests/helpers/scs-odds-chain.ts) of request r's battle under `spec`. */
function oddsOf(spec: ChainSpec, r: ScsOddsRequest): BattleOdds {
  return 'explicit' in r.defence
    ? battleOdds(spec, r.defence.explicit)
    : generatedBattleOdds(spec, r.defence.generated);
}

/** p-values of the four marginals of a sample against an exact distribution. */
function pValues(obs: Observed, o: BattleOdds, kind: string) {
  return {
    outcome: chiSquareP(obs.outcome, [o.taken, o.destroyed, o.stymied + o.unresolved], obs.n),
    sovietLost: chiSquareP(obs.sovietLost, o.sovietLost, obs.n),
    germanLost: kind === 'breakout' ? 1 : chiSquareP(obs.germanLost, o.germanLost, obs.n),
    rounds: obs.rounds.length === 0 ? 1 : chiSquareP(obs.rounds, o.rounds, obs.n),
  };
}

const CASES: Case[] = [
  {
    name: 'regular defence, clear: 8-step combined vs 1 mech + 2 non-mech, up to 3 rounds',
    opts: { attacker: '8:combined', defender: 'mech:1,nonmech:2', hex: '2507' },
    hex: '2507',
    wrong: [
      { what: 'Soviet fire before German fire', spec: swapped },
      { what: 'CRT set E', spec: crt('E') },
    ],
  },
  {
    name: 'regular defence, forest: 5-step combined vs 2 mech + non-mech + security with Rotkopf, up to 2 rounds',
    opts: {
      attacker: '5:combined',
      defender: 'mech:2,nonmech:1,security:1',
      rotkopf: true,
      hex: '2408',
      rounds: '2',
    },
    hex: '2408',
    wrong: [
      { what: 'no forest -1 for mechanized (10.4)', spec: (s) => ({ ...s, forest: false }) },
      { what: 'Soviet fire before German fire', spec: swapped },
    ],
  },
  {
    name: 'relief to the death: 6-step combined + 1E (2) vs mech + 2 non-mech with VIII FK and Guderian (+2)',
    opts: {
      attacker: '6:combined',
      '1e': '2',
      kind: 'relief',
      defender: 'mech:1,nonmech:2',
      viii: true,
      guderian: true,
      hex: '2410',
    },
    hex: '2410',
    wrong: [
      {
        what: 'the errata reading (+1 for both)',
        spec: (s) => ({ ...s, cfg: { ...s.cfg, viiiGuderianCumulative: false } }),
      },
      { what: 'Soviet fire before German fire', spec: swapped },
    ],
  },
  {
    name: 'relief, errata reading: 4-step shock (secondary column) vs 2 non-mech with VIII FK and Guderian (+1), up to 3 rounds',
    opts: {
      attacker: '4:shock',
      kind: 'relief',
      defender: 'nonmech:2',
      viii: true,
      guderian: true,
      errata: true,
      hex: '2410',
      rounds: '3',
    },
    hex: '2410',
    variants: { 'errata-either-or-both': true },
    wrong: [
      {
        what: 'the cumulative reading (+2)',
        spec: (s) => ({ ...s, cfg: { ...s.cfg, viiiGuderianCumulative: true } }),
      },
    ],
  },
  {
    name: 'breakout: 4-step combined vs 2 mech + 2 non-mech + security with Ops E&C, one half-round at +1',
    opts: {
      attacker: '4:combined',
      kind: 'breakout',
      defender: 'mech:2,nonmech:2,security:1',
      ops: true,
      hex: '2410',
    },
    hex: '2410',
    wrong: [
      { what: 'CRT set E', spec: crt('E') },
      {
        what: 'no breakout +1 (regular-defence DRMs)',
        spec: (s) => ({ ...s, kind: 'defense', maxRounds: 1, order: ['mech', 'nonMech', 'security'] }),
      },
    ],
  },
  {
    name: "shock army's first attack: 6-step shock vs 2 mech + 3 non-mech, primary fire in round 1, up to 3 rounds",
    opts: { attacker: '6:shock', 'shock-first': true, defender: 'mech:2,nonmech:3', hex: '2507' },
    hex: '2507',
    wrong: [
      { what: 'no primary fire (secondary column from round 1)', spec: (s) => ({ ...s, shockFirst: false }) },
      {
        what: 'German fire before shock primary fire',
        spec: (s) => ({ ...s, order: ['mech', 'nonMech', 'shockPrimary', 'soviet', 'security', 'vi'] }),
      },
    ],
  },
  {
    name: 'Soviet Raid: 3-step combined vs 2 non-mech + security with a Raid (+1 round 1), up to 2 rounds',
    opts: { attacker: '3:combined', defender: 'nonmech:2,security:1', raid: true, hex: '2507', rounds: '2' },
    hex: '2507',
    wrong: [
      { what: 'the Raid ignored', spec: (s) => s, defender: [0, 2, 1, 0, 0, 0, 0, 0] },
      {
        what: 'the Raid +1 in every round (combined hits one lower throughout, +2 in round 1)',
        spec: (s) => ({ ...s, cfg: { ...s.cfg, hit: { ...s.cfg.hit, combined: s.cfg.hit.combined - 1 } } }),
      },
      { what: 'Soviet fire before German fire', spec: swapped },
    ],
  },
  {
    name: 'VI Interceptor Corps committed in round 2: 3-step combined vs non-mech + 3 security, up to 3 rounds',
    opts: { attacker: '3:combined', defender: 'nonmech:1,security:3', 'vi-round': '2', hex: '2507' },
    hex: '2507',
    wrong: [
      { what: 'VI IC in round 1', spec: (s) => ({ ...s, viRound: 1 }) },
      {
        what: 'VI IC before security fire',
        spec: (s) => ({ ...s, order: ['shockPrimary', 'mech', 'nonMech', 'soviet', 'vi', 'security'] }),
      },
    ],
  },
  {
    name: 'generated garrison (marker + 1d6-1 from the start pool), 8-step combined, clear hex below row 09 (Guderian redrawn)',
    opts: { attacker: '8:combined', hex: '2507' },
    hex: '2507',
    wrong: [
      { what: 'Soviet fire before German fire', spec: swapped },
      { what: 'CRT set A', spec: crt('A') },
    ],
  },
  {
    name: 'generated garrison, marker-in-garrison reading, 5-step shock first attack with 1E (3) in forest row 09, VI IC round 1',
    opts: {
      attacker: '5:shock',
      'shock-first': true,
      '1e': '3',
      'marker-in-garrison': true,
      hex: '2409',
      vi: true,
    },
    hex: '2409',
    variants: { 'marker-in-garrison': true },
    wrong: [{ what: 'Soviet fire before German fire', spec: swapped }],
  },
  {
    name: 'generated relief force (marker + 1d6) to the death, 8-step combined, row 10 (Guderian can come)',
    opts: { attacker: '8:combined', kind: 'relief', hex: '2410' },
    hex: '2410',
    wrong: [
      { what: 'Soviet fire before German fire', spec: swapped },
      { what: 'CRT set E', spec: crt('E') },
    ],
  },
  {
    name: 'generated breakout from a 2-hex pocket (1d6-1 each, pool draws), 6-step combined',
    opts: { attacker: '6:combined', kind: 'breakout', pocket: '2', hex: '2410' },
    hex: '2410',
    pocket: ['2612', '2613'],
    wrong: [{ what: 'CRT set E', spec: crt('E') }],
  },
];

describe('SCS odds agree with the simulator (chi-square, p > 0.001)', () => {
  CASES.forEach((c, k) => {
    it(`${c.name}: ${N} simulated battles`, () => {
      const r = parseScsOdds({ crt: c.crt ?? 'B', ...c.opts });
      // odds scs (from the game's own code through enumerate.ts)
      const exact = requestOdds(r);
      const obs = simulate(c, r, 4000 + k);
      const p = pValues(obs, exact, r.spec.kind);
      expect(p.outcome, `outcome ${JSON.stringify(obs.outcome)}`).toBeGreaterThan(0.001);
      expect(p.sovietLost, `Soviet steps lost ${JSON.stringify(obs.sovietLost)}`).toBeGreaterThan(0.001);
      expect(p.germanLost, `German units lost ${JSON.stringify(obs.germanLost)}`).toBeGreaterThan(0.001);
      expect(p.rounds, `rounds ${JSON.stringify(obs.rounds)}`).toBeGreaterThan(0.001);
      // the independent chain model the wrong models are built from fits the same sample
      const q = pValues(obs, oddsOf(r.spec, r), r.spec.kind);
      expect(Math.min(q.outcome, q.sovietLost, q.germanLost, q.rounds)).toBeGreaterThan(0.001);
      // power: the same sample rejects each deliberately wrong model
      for (const w of c.wrong) {
        const wrongOdds =
          w.defender !== undefined ? battleOdds(w.spec(r.spec), w.defender) : oddsOf(w.spec(r.spec), r);
        const wrong = pValues(obs, wrongOdds, r.spec.kind);
        expect(
          Math.min(wrong.outcome, wrong.sovietLost),
          `wrong model "${w.what}" must be rejected`,
        ).toBeLessThan(0.001);
      }
    });
  });

  it('the swapped fire order is a real difference: P(hex taken) and mean Soviet losses move by far more than the test resolves', () => {
    const r = parseScsOdds({ attacker: '8:combined', defender: 'mech:1,nonmech:2' });
    const right = battleOdds(r.spec, [1, 2, 0, 0, 0, 0, 0, 0]);
    const wrong = battleOdds({ ...r.spec, order: SOVIET_FIRST }, [1, 2, 0, 0, 0, 0, 0, 0]);
    const mean = (d: readonly number[]) => d.reduce((a, p, i) => a + i * p, 0);
    // the standard error of a mean loss over N battles is below 1.2/sqrt(N) < 0.01 steps
    expect(mean(right.sovietLost) - mean(wrong.sovietLost)).toBeGreaterThan(0.3);
    expect(FIRE_PRECEDENCE).toEqual(['shockPrimary', 'mech', 'nonMech', 'soviet', 'security', 'vi']);
  });
});
