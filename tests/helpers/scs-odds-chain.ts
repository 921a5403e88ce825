/**
 * An independent model of SCS battle odds for the tests (tests/scs-odds*.test.ts): one battle as a
 * Markov chain over rounds written from the rules text (10.1's fire order as a list, so a test can
 * swap it to build a deliberately wrong model), with the generated forces as the multivariate
 * hypergeometric mixture over the force-generation die (8.3, 8.5, 8.6). The product's odds
 * (src/games/scs/odds.ts) come from the game's own code through enumerate.ts; this model is what
 * they are checked against, and the source of the cross-check's wrong models.
 */
import { memoize } from '../../src/core/memo.js';
import { type BattleKind, type Drm, roundDrm } from '../../src/games/scs/combat.js';
import { fireDistribution, generatedUnits } from '../../src/games/scs/crt.js';
import type { Run } from '../../src/games/scs/engine.js';
import { emptyOdds, type GeneratedDefence } from '../../src/games/scs/enumerate.js';
import type { BattleOdds, ScsBattleSpec } from '../../src/games/scs/odds.js';
import type { Cfg } from '../../src/games/scs/parameters.js';
import { MECH, NONMECH, RAID, SECURITY } from '../../src/games/scs/state.js';

/** The fire steps of one round (SCS 10.1 steps 1-6). */
export type FireStep = 'shockPrimary' | 'mech' | 'nonMech' | 'soviet' | 'security' | 'vi';

/** SCS 10.1: the fire precedence the simulator (combat.ts `fightBattle`) follows. */
export const FIRE_PRECEDENCE: readonly FireStep[] = [
  'shockPrimary',
  'mech',
  'nonMech',
  'soviet',
  'security',
  'vi',
];

/** SCS 8.6: a breakout is one half-round of German fire in precedence order, no Soviet fire. */
const BREAKOUT_PRECEDENCE: readonly FireStep[] = ['mech', 'nonMech', 'security'];

const N_TYPES = 8;

/** A battle of the odds (odds.ts ScsBattleSpec) with the fire order of the model. */
export type ChainSpec = ScsBattleSpec & {
  /** The fire order; FIRE_PRECEDENCE unless a test swaps it on purpose. */
  readonly order?: readonly FireStep[];
};

/** Rounds computed at most when fighting to the death (then the rest is `unresolved`). */
export const ROUND_CAP = 2000;
/** Active mass below which a to-the-death battle is considered finished. */
const MASS_EPS = 1e-16;

function addAt(a: number[], i: number, p: number): void {
  while (a.length <= i) a.push(0);
  a[i]! += p;
}

/** A Run-shaped handle on a Cfg, so the odds read the simulator's own `roundDrm`. */
function drmReader(cfg: Cfg, forest: boolean): (kind: BattleKind, round: number, counts: number[]) => Drm {
  const run = { s: { cfg: { ...cfg, forest: [forest ? 1 : 0] } } } as unknown as Run;
  return (kind, round, counts) =>
    roundDrm(run, kind, 0, round, counts, { mech: 0, nonMech: 0, security: 0, soviet: 0 });
}

const NO_HITS = [1];
/** crt.ts fireDistribution of one packed (dice, hitOn, drm, doubleSix), built once per key. */
const fireOf = memoize((key: number): number[] =>
  fireDistribution(key >> 12, (key >> 7) & 31, ((key >> 1) & 63) - 32, (key & 1) === 1),
);
/** crt.ts fireDistribution, cached. */
function fire(dice: number, hitOn: number, drm: number, doubleSix = false): number[] {
  if (dice <= 0) return NO_HITS;
  return fireOf((dice << 12) | (hitOn << 7) | ((drm + 32) << 1) | (doubleSix ? 1 : 0));
}

function convolve(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 1) return [...a];
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) out[i + j]! += a[i]! * b[j]!;
  return out;
}

/** A starting German force of a chain: combat units by type, with its probability mass. */
export interface ChainStart {
  readonly m: number;
  readonly n: number;
  readonly s: number;
  readonly p: number;
}

/**
 * The Markov chain of one battle for German forces sharing the same support markers (`support`,
 * by counter type; only types 3-7 are read): the state is (Soviet steps lost L, mechanized m,
 * non-mechanized n, security s left, German units lost). Starts with no combat unit fall at once
 * (8.10; for a breakout: no fire). Probabilities are scaled by the starts' masses.
 */
export function chainOdds(
  spec: ChainSpec,
  support: readonly number[],
  starts: readonly ChainStart[],
): BattleOdds {
  const out = emptyOdds();
  const fought = starts.filter((x) => x.p > 0 && x.m + x.n + x.s > 0);
  for (const x of starts) {
    if (x.p > 0 && x.m + x.n + x.s === 0) {
      // SCS 8.10 (only support markers: the hex falls) / 8.6 (no breakout force: no fire)
      out.taken += x.p;
      out.unfought += x.p;
      addAt(out.rounds, 0, x.p);
      out.sovietLost[0]! += x.p;
      out.germanLost[0]! += x.p;
    }
  }
  if (fought.length === 0) return out;
  const cfg = spec.cfg;
  const hit = cfg.hit;
  const A = spec.armySteps;
  const E = spec.engineerSteps;
  const F = A + E;
  const breakout = spec.kind === 'breakout';
  const order = spec.order ?? (breakout ? BREAKOUT_PRECEDENCE : FIRE_PRECEDENCE);
  const primary = spec.armyType === 'shock' && spec.shockFirst && spec.kind === 'defense';
  const maxRounds = breakout ? 1 : spec.maxRounds;
  const drmOf = drmReader(cfg, spec.forest);
  const counts = new Array<number>(N_TYPES).fill(0);
  for (let t = 3; t < N_TYPES; t++) counts[t] = support[t] ?? 0;
  // the German tuples (m, n, s, lost) that can occur, numbered; a state is L * T + tuple
  const Mx = Math.max(...fought.map((x) => x.m));
  const Nx = Math.max(...fought.map((x) => x.n));
  const Sx = Math.max(...fought.map((x) => x.s));
  const Gx = Math.max(...fought.map((x) => x.m + x.n + x.s));
  const tm: number[] = [];
  const tn: number[] = [];
  const ts: number[] = [];
  const tl: number[] = [];
  const Lx = breakout ? 0 : Gx; // German units lost (none in a breakout)
  const lookup = new Int32Array((Mx + 1) * (Nx + 1) * (Sx + 1) * (Lx + 1)).fill(-1);
  const key = (m: number, n: number, s: number, l: number) =>
    ((m * (Nx + 1) + n) * (Sx + 1) + s) * (Lx + 1) + l;
  for (let m = 0; m <= Mx; m++)
    for (let n = 0; n <= Nx; n++)
      for (let s = 0; s <= Sx; s++)
        for (let l = 0; m + n + s + l <= Gx && l <= Lx; l++) {
          lookup[key(m, n, s, l)] = tm.length;
          tm.push(m);
          tn.push(n);
          ts.push(s);
          tl.push(l);
        }
  const T = tm.length;
  const size = (F + 1) * T;
  // sparse vectors over a dense array: values, the list of live indices, and a stamp per index
  let cur = new Float64Array(size);
  let curList = new Int32Array(size);
  let curLen = 0;
  let next = new Float64Array(size);
  let nextList = new Int32Array(size);
  let nextLen = 0;
  const stamp = new Int32Array(size).fill(-1);
  let gen = 0;
  const put = (j: number, q: number) => {
    if (stamp[j] !== gen) {
      stamp[j] = gen;
      next[j] = q;
      nextList[nextLen++] = j;
    } else next[j]! += q;
  };
  for (const x of fought) {
    const j = lookup[key(x.m, x.n, x.s, 0)]!;
    if (cur[j] === 0) curList[curLen++] = j;
    cur[j]! += x.p;
  }
  const order3 = spec.killOrder;
  const c = [0, 0, 0];
  /** Index of the state after k hits on the German force (10.14: removed in the kill order). */
  const afterKills = (L: number, t: number, k: number): number => {
    c[0] = tm[t]!;
    c[1] = tn[t]!;
    c[2] = ts[t]!;
    let left = k;
    for (const o of order3) {
      const x = Math.min(left, c[o]!);
      c[o]! -= x;
      left -= x;
    }
    return L * T + lookup[key(c[0]!, c[1]!, c[2]!, tl[t]! + k - left)]!;
  };
  const armyLeft = (L: number) => A - Math.max(0, L - E);
  const engineerLeft = (L: number) => Math.max(0, E - L);
  const byL = (f: (L: number) => readonly number[]) => Array.from({ length: F + 1 }, (_, L) => f(L));
  const byDice = (max: number, hitOn: number, d: number) =>
    Array.from({ length: max + 1 }, (_, k) => fire(k, hitOn, d));
  const total = fought.reduce((a, x) => a + x.p, 0);
  let round = 0;
  let active = total;
  while (active > 0 && round < Math.min(maxRounds, ROUND_CAP)) {
    round++;
    const drm = drmOf(spec.kind, round, counts);
    const first = round === 1;
    for (const step of order) {
      // this step's hit distributions: German fire by the firing type's count, Soviet fire by the
      // Soviet steps lost (its dice) or, for the VI IC, by the German units left
      let german: (readonly number[])[] | null = null;
      let firing: readonly number[] = tm;
      let soviet: (readonly number[])[] | null = null;
      let vi: (readonly number[])[] | null = null;
      switch (step) {
        case 'shockPrimary':
          if (primary && first)
            soviet = byL((L) => fire(armyLeft(L), hit.shockPrimary, drm.soviet, cfg.shockDoubleSix));
          break;
        case 'mech':
          german = byDice(Mx, hit.mech, drm.mech);
          firing = tm;
          break;
        case 'nonMech':
          german = byDice(Nx, hit.nonMech, drm.nonMech);
          firing = tn;
          break;
        case 'security':
          german = byDice(Sx, hit.security, drm.security);
          firing = ts;
          break;
        case 'soviet':
          // step 4: the army (unless it fired primary this round) and 1E, combined-arms column for 1E
          if (!breakout)
            soviet = byL((L) =>
              convolve(
                fire(
                  primary && first ? 0 : armyLeft(L),
                  spec.armyType === 'shock' ? hit.shockSecondary : hit.combined,
                  drm.soviet,
                ),
                fire(engineerLeft(L), hit.combined, drm.soviet),
              ),
            );
          break;
        case 'vi':
          // SCS 10.11: one unmodified die per involved German unit, in the round it is committed
          if (spec.viRound === round && !breakout) vi = byDice(Gx, hit.vi, 0);
          break;
      }
      if (german === null && soviet === null && vi === null) continue;
      gen++;
      nextLen = 0;
      for (let x = 0; x < curLen; x++) {
        const i = curList[x]!;
        const p = cur[i]!;
        const t = i % T;
        const L = (i - t) / T;
        const force = F - L;
        if (german !== null) {
          // German fire: skipped once the Soviet force is gone
          const dice = firing[t]!;
          if (dice === 0 || force === 0) {
            put(i, p);
            continue;
          }
          const h = german[dice]!;
          let tail = 0;
          for (let k = 0; k < h.length; k++) {
            const q = h[k]!;
            if (q === 0) continue;
            if (k >= force) tail += q;
            else put((L + k) * T + t, p * q);
          }
          if (tail > 0) put((L + force) * T + t, p * tail);
          continue;
        }
        // Soviet fire (steps 1, 4: only while the force lives; 6 regardless); hits beyond the
        // German units left are lumped
        const g = tm[t]! + tn[t]! + ts[t]!;
        if (g === 0 || (soviet !== null && force === 0)) {
          put(i, p);
          continue;
        }
        const h = soviet !== null ? soviet[L]! : vi![g]!;
        let tail = 0;
        for (let k = 0; k < h.length; k++) {
          const q = h[k]!;
          if (q === 0) continue;
          if (k >= g) tail += q;
          else put(afterKills(L, t, k), p * q);
        }
        if (tail > 0) put(afterKills(L, t, g), p * tail);
      }
      [cur, next] = [next, cur];
      [curList, nextList] = [nextList, curList];
      curLen = nextLen;
    }
    // SCS 10.1 steps 7-10: end of the round
    active = 0;
    let kept = 0;
    for (let x = 0; x < curLen; x++) {
      const i = curList[x]!;
      const p = cur[i]!;
      const t = i % T;
      const L = (i - t) / T;
      const g = tm[t]! + tn[t]! + ts[t]!;
      let ends = true;
      if (L === F)
        out.destroyed += p; // both sides gone in one round: lost, no force to take the hex
      else if (g === 0 || breakout) out.taken += p;
      else if (round >= maxRounds) out.stymied += p;
      else ends = false;
      if (ends) {
        addAt(out.rounds, round, p);
        addAt(out.sovietLost, L, p);
        addAt(out.germanLost, tl[t]!, p);
      } else {
        active += p;
        curList[kept++] = i;
      }
    }
    curLen = kept;
    if (maxRounds === Number.POSITIVE_INFINITY && active < MASS_EPS * total) break;
  }
  // to the death and cut off: what is left is reported as unresolved (beyond the last round)
  for (let x = 0; x < curLen; x++) {
    const i = curList[x]!;
    const p = cur[i]!;
    const t = i % T;
    const L = (i - t) / T;
    out.unresolved += p;
    addAt(out.rounds, round + 1, p);
    addAt(out.sovietLost, L, p);
    addAt(out.germanLost, tl[t]!, p);
  }
  return out;
}

/**
 * Exact distribution of one battle against a given German force (`counts` by counter type, as in
 * state.ts: mech, non-mech, security, then the support markers).
 */
export function battleOdds(spec: ChainSpec, counts: readonly number[]): BattleOdds {
  return chainOdds(spec, counts, [
    { m: counts[MECH] ?? 0, n: counts[NONMECH] ?? 0, s: counts[SECURITY] ?? 0, p: 1 },
  ]);
}

/** The weighted sum of battle distributions. */
export function mixOdds(parts: readonly { readonly odds: BattleOdds; readonly p: number }[]): BattleOdds {
  const out = emptyOdds();
  for (const { odds, p } of parts) {
    out.taken += p * odds.taken;
    out.unfought += p * odds.unfought;
    out.destroyed += p * odds.destroyed;
    out.stymied += p * odds.stymied;
    out.unresolved += p * odds.unresolved;
    for (let i = 0; i < odds.rounds.length; i++) addAt(out.rounds, i, p * odds.rounds[i]!);
    for (let i = 0; i < odds.sovietLost.length; i++) addAt(out.sovietLost, i, p * odds.sovietLost[i]!);
    for (let i = 0; i < odds.germanLost.length; i++) addAt(out.germanLost, i, p * odds.germanLost[i]!);
  }
  return out;
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) r = (r * (n - i + 1)) / i;
  return r;
}

/**
 * Exact distribution of the counter types among k blind draws without replacement from a pool
 * (`pool[t]` counters of type t): the multivariate hypergeometric, keyed by the count vector.
 */
export function drawDistribution(pool: readonly number[], k: number): { counts: number[]; p: number }[] {
  const weights = new Array<number>(k + 1).fill(0);
  weights[k] = 1;
  return drawMixture(pool, weights);
}

/**
 * The mixture of drawDistribution(pool, k) over k with weights[k] (one pass over the counter types,
 * so a breakout's many possible force sizes share the work).
 */
export function drawMixture(
  pool: readonly number[],
  weights: readonly number[],
): { counts: number[]; p: number }[] {
  const total = pool.reduce((a, b) => a + b, 0);
  let kMax = weights.length - 1;
  while (kMax > 0 && weights[kMax] === 0) kMax--;
  if (kMax > total)
    throw new Error(`odds scs: ${kMax} draws from a pool of ${total} counters (4.8: the pool would run out)`);
  let partial: { counts: number[]; drawn: number; w: number }[] = [{ counts: [], drawn: 0, w: 1 }];
  for (let t = 0; t < pool.length; t++) {
    const K = pool[t]!;
    const next: typeof partial = [];
    for (const q of partial) {
      const hi = Math.min(K, kMax - q.drawn);
      for (let x = 0; x <= hi; x++)
        next.push({ counts: [...q.counts, x], drawn: q.drawn + x, w: q.w * choose(K, x) });
    }
    partial = next;
  }
  const out: { counts: number[]; p: number }[] = [];
  for (const q of partial) {
    const p = ((weights[q.drawn] ?? 0) * q.w) / choose(total, q.drawn);
    if (p > 0) out.push({ counts: q.counts, p });
  }
  return out;
}

/**
 * The exact distribution of the German force (count vectors by type): marker + 1d6-1 draws for a
 * regular defence (8.3), marker + 1d6 for a relief force (8.5), with the marker-in-garrison variant
 * the marker being one of them; a breakout force is 1d6-1 per pocket hex, all blind draws (8.6).
 */
export function defenceDistribution(
  kind: BattleKind,
  cfg: Cfg,
  g: GeneratedDefence,
): { counts: number[]; p: number }[] {
  // units per force-generation roll: index = units, from crt.ts `generatedUnits`
  let units = [1];
  const dice = kind === 'breakout' ? g.pocket : 1;
  for (let k = 0; k < dice; k++) {
    const one: number[] = [];
    for (let d = 1; d <= 6; d++)
      addAt(
        one,
        generatedUnits(d, kind === 'breakout' ? 'breakout' : kind === 'relief' ? 'relief' : 'garrison'),
        1 / 6,
      );
    units = convolve(units, one);
  }
  // mass per number of blind draws, and the mass of no force at all
  const weights: number[] = [];
  let none = 0;
  const fixed = kind !== 'breakout' && g.marker !== null ? g.marker : -1;
  units.forEach((pu, u) => {
    if (pu === 0) return;
    let counters = u; // counters in the force, the marker included
    if (kind !== 'breakout') {
      if (!cfg.markerInGarrison)
        counters = u + 1; // 3.7 "the rest": marker plus the drawn units
      else if (u === 0) {
        none += pu; // the marker returns to the pool; the hex falls
        return;
      }
    }
    addAt(weights, fixed >= 0 ? counters - 1 : counters, pu);
  });
  const out = drawMixture(g.pool, weights);
  if (fixed >= 0) for (const d of out) d.counts[fixed]! += 1;
  if (none > 0) out.push({ counts: new Array<number>(N_TYPES).fill(0), p: none });
  return out;
}

/**
 * Exact odds of a battle against a generated force: the mixture over the force distribution, one
 * chain per combination of support markers (they set the DRMs; the combat units are the chain's start).
 */
export function generatedBattleOdds(spec: ChainSpec, g: GeneratedDefence): BattleOdds {
  const groups = new Map<string, { support: number[]; starts: ChainStart[] }>();
  for (const { counts, p } of defenceDistribution(spec.kind, spec.cfg, g)) {
    // VIII/Guderian/Ops/Rotkopf count as present or not (combat.ts roundDrm); each Raid counts
    const support = counts.map((x, t) => (t < 3 ? 0 : t !== RAID ? Math.min(x, 1) : x));
    const key = support.join(',');
    let e = groups.get(key);
    if (e === undefined) {
      e = { support, starts: [] };
      groups.set(key, e);
    }
    e.starts.push({ m: counts[MECH]!, n: counts[NONMECH]!, s: counts[SECURITY]!, p });
  }
  return mixOdds([...groups.values()].map((e) => ({ odds: chainOdds(spec, e.support, e.starts), p: 1 })));
}
