/**
 * Exact combat odds for Strike & Counterstrike (SCS 8.3-8.8, 10.1-10.14; DESIGN §3 "Chance is
 * explicit"): one battle as a Markov chain over rounds. The state is (Soviet steps lost, German
 * mechanized / non-mechanized / security units left, German units lost), one chain per set of
 * support markers (they fix the DRMs); each round applies the fire steps of 10.1 in
 * order, every step's hits a distribution over the firing dice (crt.ts `fireDistribution`, the same
 * `hitsOfDie` the simulator rolls), the DRMs of combat.ts `roundDrm` and the hit numbers of the
 * game's Cfg, with losses applied before the next step fires. A generated defence is the exact
 * mixture over the force-generation die (crt.ts `generatedUnits`) and the blind draws without
 * replacement from a stated pool (multivariate hypergeometric).
 */
import { quote, UserError } from '../../core/errors.js';
import type { GameSetup, OddsProvider, OddsTable } from '../../core/game.js';
import { memoize } from '../../core/memo.js';
import { percent } from '../../core/percent.js';
import { gameStreams } from '../../core/rng.js';
import { type BattleKind, type Drm, roundDrm } from './combat.js';
import { fireDistribution, generatedUnits } from './crt.js';
import type { Run } from './engine.js';
import { enumerateBattle } from './enumerate.js';
import { scsMap } from './map.js';
import { type Cfg, parameters, resolveConfig } from './parameters.js';
import { startGame } from './setup.js';
import { GUDERIAN, MECH, NONMECH, OPS_EC, RAID, ROTKOPF, SECURITY, VIII_FK } from './state.js';
import { V, variants } from './variants.js';

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

/** Counter type names as used in the odds options (index = counter type of state.ts). */
export const TYPE_KEYS = [
  'mech',
  'nonmech',
  'security',
  'guderian',
  'viii',
  'ops',
  'rotkopf',
  'raid',
] as const;
const TYPE_LABEL = ['mech', 'non-mech', 'security', 'Guderian', 'VIII FK', 'Ops E&C', 'Rotkopf', 'Raid'];
const N_TYPES = TYPE_KEYS.length;

/** One battle: the Soviet force, the rules in force and the continuation rule. */
export interface ScsBattleSpec {
  /** Hit numbers and variants (resolveConfig of a setup). */
  readonly cfg: Cfg;
  readonly kind: BattleKind;
  readonly forest: boolean;
  readonly armyType: 'shock' | 'combined';
  readonly armySteps: number;
  /** Steps of 1E stacked with the army (6.3: it absorbs the hits first); 0 = none. */
  readonly engineerSteps: number;
  /** SCS 10.1 step 1: first round of the shock army's first attack this turn (defence only). */
  readonly shockFirst: boolean;
  /** SCS 10.11: the round in which the VI Interceptor Corps is committed; 0 = not used. */
  readonly viRound: number;
  /** Soviet continuation: fight at most this many rounds (Infinity = to the death). */
  readonly maxRounds: number;
  /** SCS 10.14: the order in which the Soviet player removes German units (counter types). */
  readonly killOrder: readonly number[];
  /** The fire order; FIRE_PRECEDENCE unless a test swaps it on purpose. */
  readonly order?: readonly FireStep[];
}

/** Exact outcome distribution of a battle (or of a mixture of battles). */
export interface BattleOdds {
  /** The Soviet force holds the hex at the end (defence/relief: won, or no fight; breakout: the breakout failed). */
  taken: number;
  /** Part of `taken` with no fight: a marker-only defence (8.10) or no breakout force. */
  unfought: number;
  /** The Soviet force was eliminated (for a breakout: the breakout succeeded, 8.7). */
  destroyed: number;
  /** Both sides left after the last round the continuation rule allows: the attack failed (9.5). */
  stymied: number;
  /** Still fighting after ROUND_CAP rounds (only when to the death and neither side can hit). */
  unresolved: number;
  /** Index r: P(the battle lasted exactly r rounds); index 0 = no fight. */
  rounds: number[];
  /** Index k: P(the Soviet force lost k steps). */
  sovietLost: number[];
  /** Index k: P(k German combat units were eliminated). */
  germanLost: number[];
}

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

function emptyOdds(): BattleOdds {
  return {
    taken: 0,
    unfought: 0,
    destroyed: 0,
    stymied: 0,
    unresolved: 0,
    rounds: [],
    sovietLost: [0],
    germanLost: [0],
  };
}

/**
 * The Markov chain of one battle for German forces sharing the same support markers (`support`,
 * by counter type; only types 3-7 are read): the state is (Soviet steps lost L, mechanized m,
 * non-mechanized n, security s left, German units lost). Starts with no combat unit fall at once
 * (8.10; for a breakout: no fire). Probabilities are scaled by the starts' masses.
 */
export function chainOdds(
  spec: ScsBattleSpec,
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
export function battleOdds(spec: ScsBattleSpec, counts: readonly number[]): BattleOdds {
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
    throw new UserError(
      `odds scs: ${kMax} draws from a pool of ${total} counters (4.8: the pool would run out)`,
    );
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

/** How the German force of a battle is generated (8.3, 8.5, 8.6). */
export interface GeneratedDefence {
  /** Counters of each type in the pool the draws come from (index = counter type). */
  readonly pool: readonly number[];
  /** The flipped front marker's type, or null when it is itself a blind draw from the pool. */
  readonly marker: number | null;
  /** Breakout: hexes in the pocket (one 1d6-1 die each). */
  readonly pocket: number;
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
export function generatedBattleOdds(spec: ScsBattleSpec, g: GeneratedDefence): BattleOdds {
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

// ---------------------------------------------------------------------------------------------
// Options and tables

type Opts = Readonly<Record<string, string | true>>;

function str(o: Opts, name: string): string | undefined {
  const v = o[name];
  if (v === undefined) return undefined;
  if (v === true) throw new UserError(`odds scs: option --${name} needs a value`);
  return v;
}

function int(o: Opts, name: string, min: number, max: number): number | undefined {
  const v = str(o, name);
  if (v === undefined) return undefined;
  const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UserError(
      `odds scs: option --${name} must be a whole number in ${min}..${max}, got ${quote(v)}`,
    );
  return n;
}

function typeOf(name: string, where: string): number {
  const t = (TYPE_KEYS as readonly string[]).indexOf(name.trim().toLowerCase().replace(/[-_ ]/g, ''));
  if (t < 0)
    throw new UserError(
      `odds scs: ${where}: unknown counter type ${quote(name)} (known: ${TYPE_KEYS.join(', ')})`,
    );
  return t;
}

/** Parses `type:count,type:count` into counts by counter type. */
function parseCounts(spec: string, where: string, base: readonly number[], allowed: number): number[] {
  const out = [...base];
  for (const part of spec.split(',').filter((x) => x.trim() !== '')) {
    const m = /^\s*([A-Za-z_-]+)\s*[:=]\s*(\d+)\s*$/.exec(part);
    if (m === null)
      throw new UserError(
        `odds scs: ${where} must look like mech:1,nonmech:2,security:0, got ${quote(part)}`,
      );
    const t = typeOf(m[1]!, where);
    if (t >= allowed)
      throw new UserError(
        `odds scs: ${where} takes ${TYPE_KEYS.slice(0, allowed).join(', ')}; support markers are flags (--guderian --viii --ops --rotkopf --raid)`,
      );
    out[t] = Number(m[2]);
  }
  return out;
}

/** The game's default CRT set (calibration.json). */
const DEFAULT_CRT = parameters.find((p) => p.id === 'crtSet')!.default;

/** The setup the options describe: CRT set and the rule readings (variants) of the game. */
function setupOf(o: Opts): GameSetup {
  const crt = (str(o, 'crt') ?? String(DEFAULT_CRT)).toUpperCase();
  if (crt !== 'A' && crt !== 'B' && crt !== 'E' && crt !== 'CUSTOM')
    throw new UserError(`odds scs: option --crt must be A, B, E or custom, got ${quote(crt)}`);
  const on = new Set(variants.filter((v) => v.default).map((v) => v.id));
  if (o.errata === true) {
    on.delete(V.drmCumulative);
    on.add(V.errataEitherOrBoth);
  }
  if (o['marker-in-garrison'] === true) {
    on.delete(V.markerPlusGarrison);
    on.add(V.markerInGarrison);
  }
  if (o['double-six'] === true) on.add(V.shockDoubleSix);
  if (o['relief-ignores-support'] === true) on.add(V.reliefIgnoresSupport);
  // custom: the hitOn_* parameters at their (calibrated) defaults
  return { scenario: 'campaign', variants: on, params: { crtSet: crt === 'CUSTOM' ? 'custom' : crt } };
}

/** The start pool of the game as setup.ts builds it (3.3): combat units and support markers, markers included. */
function startPool(setup: GameSetup): number[] {
  const s = startGame(setup, gameStreams(0, 0));
  const out = new Array<number>(N_TYPES).fill(0);
  for (const id of s.pool) out[s.gType[id]!]!++;
  for (const id of s.marker) if (id >= 0) out[s.gType[id]!]!++;
  return out;
}

/** A parsed odds request: the battle, the defence, and what the notes should say. */
export interface ScsOddsRequest {
  readonly spec: ScsBattleSpec;
  readonly defence: { readonly explicit: readonly number[] } | { readonly generated: GeneratedDefence };
  readonly title: string;
  readonly rule: string;
  readonly notes: string[];
}

/** Turns the CLI options into a battle and a defence (throws UserError on bad options). */
export function parseScsOdds(o: Opts): ScsOddsRequest {
  const notes: string[] = [];
  const setup = setupOf(o);
  const cfg = resolveConfig(setup);
  const kindWord = (str(o, 'kind') ?? 'defence').toLowerCase();
  const kind: BattleKind | undefined = (
    {
      defence: 'defense',
      defense: 'defense',
      regular: 'defense',
      relief: 'relief',
      breakout: 'breakout',
    } as Record<string, BattleKind>
  )[kindWord];
  if (kind === undefined)
    throw new UserError(
      `odds scs: option --kind must be defence, relief or breakout, got ${quote(kindWord)}`,
    );
  // attacker
  const att = str(o, 'attacker') ?? '8:combined';
  const am = /^\s*(\d+)\s*:\s*(shock|combined)\s*$/i.exec(att);
  if (am === null)
    throw new UserError(
      `odds scs: option --attacker must look like 8:combined or 8:shock, got ${quote(att)}`,
    );
  const armySteps = Number(am[1]);
  if (armySteps < 1 || armySteps > 12)
    throw new UserError(`odds scs: --attacker steps must be 1..12 (CDR = steps, 2.7), got ${armySteps}`);
  const armyType = am[2]!.toLowerCase() as 'shock' | 'combined';
  const engineerSteps = int(o, '1e', 0, 6) ?? 0;
  const shockFirst = o['shock-first'] === true;
  if (shockFirst && armyType !== 'shock')
    throw new UserError('odds scs: --shock-first needs a shock army (--attacker N:shock)');
  // hex, terrain and Guderian's area
  const hexId = str(o, 'hex');
  let forest = o.forest === true;
  let guderianArea = true;
  if (hexId !== undefined) {
    if (!scsMap.has(hexId))
      throw new UserError(
        `odds scs: option --hex must be a hex of the SCS map (1000-2716), got ${quote(hexId)}`,
      );
    const h = scsMap.index(hexId);
    if (cfg.forest[h] === 1) forest = true;
    guderianArea = scsMap.row[h]! >= 9;
  }
  // continuation
  const mf = int(o, 'mf', 0, 10);
  let maxRounds: number;
  const roundsWord = str(o, 'rounds');
  if (roundsWord !== undefined && mf !== undefined)
    throw new UserError('odds scs: give --rounds or --mf, not both');
  if (roundsWord !== undefined && /^(all|death|inf|infinity)$/i.test(roundsWord))
    maxRounds = Number.POSITIVE_INFINITY;
  else if (roundsWord !== undefined) maxRounds = int(o, 'rounds', 1, 100)!;
  else if (mf !== undefined) maxRounds = 1 + mf;
  else maxRounds = kind === 'relief' ? Number.POSITIVE_INFINITY : 3;
  if (kind === 'breakout') maxRounds = 1;
  // VI Interceptor Corps
  const viRoundOpt = int(o, 'vi-round', 1, 100);
  const viRound = viRoundOpt ?? (o.vi === true ? 1 : 0);
  // kill order
  const koWord = str(o, 'kill-order') ?? 'mech,nonmech,security';
  const killOrder = koWord.split(',').map((x) => typeOf(x, '--kill-order'));
  if (killOrder.length !== 3 || new Set(killOrder).size !== 3 || killOrder.some((t) => t > SECURITY))
    throw new UserError(`odds scs: --kill-order must order mech, nonmech and security, got ${quote(koWord)}`);
  const spec: ScsBattleSpec = {
    cfg,
    kind,
    forest,
    armyType,
    armySteps,
    engineerSteps,
    shockFirst,
    viRound,
    maxRounds,
    killOrder,
  };

  // defence
  const flags: [string, number][] = [
    ['guderian', GUDERIAN],
    ['viii', VIII_FK],
    ['ops', OPS_EC],
    ['rotkopf', ROTKOPF],
    ['raid', RAID],
  ];
  const flagged = flags.filter(([f]) => o[f] === true);
  let defence: ScsOddsRequest['defence'];
  let defenceText: string;
  const defWord = str(o, 'defender');
  if (defWord !== undefined) {
    if (str(o, 'pool') !== undefined || str(o, 'marker') !== undefined || str(o, 'pocket') !== undefined)
      throw new UserError(
        'odds scs: --defender gives the force; --pool, --marker and --pocket are for a generated force',
      );
    const counts = parseCounts(defWord, '--defender', new Array<number>(N_TYPES).fill(0), 3);
    for (const [, t] of flagged) counts[t] = 1;
    if (counts[MECH]! + counts[NONMECH]! + counts[SECURITY]! > 30)
      throw new UserError('odds scs: --defender: at most 30 German units');
    defence = { explicit: counts };
    defenceText =
      counts
        .map((c, t) => (c > 0 ? `${t < 3 ? `${c} ` : ''}${TYPE_LABEL[t]}` : ''))
        .filter((x) => x !== '')
        .join(' + ') || 'no German units';
    if (counts[GUDERIAN]! > 0 && !guderianArea)
      notes.push('Guderian given explicitly although the hex is below row 09 (10.7 would redraw him).');
  } else {
    if (flagged.length > 0)
      throw new UserError(
        `odds scs: --${flagged[0]![0]} needs --defender (a generated force draws its markers from --pool)`,
      );
    const base = startPool(setup);
    const poolWord = str(o, 'pool');
    const pool = poolWord === undefined ? base : parseCounts(poolWord, '--pool', base, N_TYPES);
    let marker: number | null = null;
    const markerWord = str(o, 'marker');
    if (markerWord !== undefined) marker = typeOf(markerWord, '--marker');
    if (!guderianArea) {
      // SCS 10.7: Guderian drawn for a hex below row 09 is redrawn and returns to the pool, so every
      // draw (and the flipped marker) is a uniform draw among the other counters
      if (pool[GUDERIAN]! > 0)
        notes.push(
          `Hex ${hexId} is below row 09: Guderian is redrawn (10.7), i.e. every draw is among the other counters.`,
        );
      pool[GUDERIAN] = 0;
      if (marker === GUDERIAN) {
        marker = null;
        notes.push('The Guderian marker is replaced by a draw (10.7).');
      }
    }
    const pocket = kind === 'breakout' ? (int(o, 'pocket', 1, 6) ?? 1) : 1;
    if (kind !== 'breakout' && str(o, 'pocket') !== undefined)
      throw new UserError('odds scs: --pocket is for --kind breakout');
    if (kind === 'breakout' && marker !== null)
      throw new UserError('odds scs: --marker is for a defence or relief force');
    defence = { generated: { pool, marker, pocket } };
    const poolText = pool.map((c, t) => `${TYPE_KEYS[t]}:${c}`).join(',');
    const markerText = marker === null ? 'a blind-drawn marker' : `a ${TYPE_LABEL[marker]} marker`;
    defenceText =
      kind === 'breakout'
        ? `breakout force 1d6-1 x ${pocket} pocket hex(es)`
        : `${kind === 'relief' ? 'relief force' : 'garrison'} (${cfg.markerInGarrison ? `${kind === 'relief' ? '1d6' : '1d6-1'} counters, ${markerText} among them` : `${markerText} + ${kind === 'relief' ? '1d6' : '1d6-1'}`})`;
    notes.push(
      `Generated force: draws without replacement from the pool ${poolText}${poolWord === undefined ? " (the game's start pool, 3.3)" : ''}; exact hypergeometric mixture.`,
    );
    if (kind !== 'breakout')
      notes.push(
        cfg.markerInGarrison
          ? 'Reading marker-in-garrison: the flipped marker is one of the generated counters; on 0 it returns and the hex falls.'
          : `Reading marker-plus-garrison (default): the flipped marker defends besides the ${kind === 'relief' ? '1d6' : '1d6-1'} drawn counters (3.7).`,
      );
    if (kind === 'relief')
      notes.push("As in the simulator, the relief force includes the attacked hex's flipped marker (8.5).");
    if (kind === 'breakout')
      notes.push(
        "The pocket's own counters are blind draws like the rest (variant breakout-pool-draws); units that held in the pocket are not modelled.",
      );
  }

  // titles and notes
  const attText = `${armySteps}-step ${armyType}${armyType === 'shock' ? (shockFirst && kind === 'defense' ? ' (first attack: primary fire round 1)' : ' (secondary column)') : ''}${engineerSteps > 0 ? ` + 1E (${engineerSteps})` : ''}`;
  const kindText = kind === 'defense' ? 'regular defence' : kind === 'relief' ? 'relief force' : 'breakout';
  const title = `SCS ${kindText}: ${attText} vs ${defenceText}, ${forest ? 'forest' : 'clear'}, CRT ${String(setup.params.crtSet)}`;
  const rule =
    kind === 'defense' ? 'SCS 10.1, 10.3' : kind === 'relief' ? 'SCS 8.5, 10.1, 10.2' : 'SCS 8.6-8.8';
  const h = cfg.hit;
  notes.push(
    `Hit on (modified die >=): shock primary ${h.shockPrimary}, shock secondary ${h.shockSecondary}, combined/1E ${h.combined}, mech ${h.mech}, non-mech ${h.nonMech}, security ${h.security}, VI IC ${h.vi} (crtSet ${String(setup.params.crtSet)}).`,
  );
  notes.push(
    kind === 'breakout'
      ? 'One half-round: German mechanized, non-mechanized, security fire with +1, no Soviet fire (8.6).'
      : 'Fire order 10.1: shock primary (round 1 of a first attack), German mech, non-mech, other Soviets, security, VI IC; hits applied at once.',
  );
  notes.push(
    cfg.viiiGuderianCumulative
      ? 'Reading drm-cumulative (default): VIII Fliegerkorps and Guderian together give +2 (1.4).'
      : 'Reading errata-either-or-both: VIII Fliegerkorps and/or Guderian give +1 in total (10.8 errata).',
  );
  if (cfg.reliefIgnoresSupport)
    notes.push('Variant relief-ignores-support: markers in a relief or breakout force give no DRM.');
  if (cfg.shockDoubleSix)
    notes.push('Variant shock-double-six: an unmodified 6 in shock primary fire scores two hits.');
  if (kind === 'relief')
    notes.push('Relief: German +1 every round; shock armies fire on their secondary column (10.2).');
  if (shockFirst && kind !== 'defense')
    notes.push('--shock-first has no effect here: primary fire only against a regular defence.');
  if (engineerSteps > 0)
    notes.push('1E absorbs every hit first (6.3); its steps fire on the combined-arms column.');
  if (kind !== 'breakout') {
    notes.push(
      maxRounds === Number.POSITIVE_INFINITY
        ? 'Continuation: to the death (no break-off, MF not limiting; the game stops a force whose MF run out: use --mf or --rounds).'
        : `Continuation: the Soviet force fights up to ${maxRounds} round(s) (${maxRounds - 1} MF after entering, 9.3), then is stymied.`,
    );
    notes.push(
      `German losses are removed in the order ${killOrder.map((t) => TYPE_KEYS[t]).join(' > ')} (10.14: the player's choice; the game's policies kill mech first).`,
    );
    if (viRound > 0)
      notes.push(
        `VI Interceptor Corps committed in round ${viRound}: one unmodified die per German unit, after security fire (10.11).`,
      );
  } else if (viRound > 0)
    notes.push('The VI Interceptor Corps does not fire in a breakout (no Soviet fire).');
  return { spec, defence, title, rule, notes };
}

/**
 * Exact odds of a parsed request. A battle against a given force (no breakout) is enumerated
 * through the game's own combat code in explicit-chance mode (enumerate.ts); generated forces and
 * breakouts still go through the Markov chain above, which agrees with the enumeration to 1e-15
 * (tests/scs-odds.test.ts).
 */
export function requestOdds(r: ScsOddsRequest): BattleOdds {
  if ('explicit' in r.defence && r.spec.kind !== 'breakout' && r.spec.order === undefined)
    return combatCodeOdds(r.spec, r.defence.explicit);
  return 'explicit' in r.defence
    ? battleOdds(r.spec, r.defence.explicit)
    : generatedBattleOdds(r.spec, r.defence.generated);
}

/** The odds of a battle (defence or relief) against a given force, from combat.ts (enumerate.ts). */
export function combatCodeOdds(spec: ScsBattleSpec, counts: readonly number[]): BattleOdds {
  if (spec.kind === 'breakout') throw new Error('SCS odds: a breakout is not a battle of combat.ts');
  if (counts[MECH]! + counts[NONMECH]! + counts[SECURITY]! === 0) return battleOdds(spec, counts); // 8.10: no fight
  const o = enumerateBattle({ ...spec, kind: spec.kind }, counts);
  return { ...o, unfought: 0 };
}

const pct = (x: number) => `${percent(x, 2)}%`;
const mean = (d: readonly number[]) => d.reduce((a, p, i) => a + i * p, 0);

/** The four tables of `sandtable odds scs`. */
export function oddsTables(r: ScsOddsRequest, odds: BattleOdds): OddsTable[] {
  const breakout = r.spec.kind === 'breakout';
  const col = ['P'];
  const outcomeRows = breakout
    ? [
        { outcome: 'hex stays Soviet (breakout fails, 8.8)', p: [odds.taken] },
        { outcome: 'Soviet force destroyed (breakout succeeds, 8.7)', p: [odds.destroyed] },
      ]
    : [
        { outcome: 'hex taken', p: [odds.taken] },
        { outcome: 'Soviet force destroyed', p: [odds.destroyed] },
        { outcome: 'stymied (both sides left after the last round)', p: [odds.stymied] },
      ];
  if (!breakout && r.spec.maxRounds === Number.POSITIVE_INFINITY) outcomeRows.pop(); // to the death: never stymied
  if (odds.unresolved > 1e-12)
    outcomeRows.push({
      outcome: `unresolved (still fighting after ${ROUND_CAP} rounds)`,
      p: [odds.unresolved],
    });
  const outcomeNotes = [...r.notes];
  if (odds.unfought > 0)
    outcomeNotes.unshift(
      breakout
        ? `No breakout force (0 combat units): ${pct(odds.unfought)}, included in "hex stays Soviet".`
        : `Hex falls without a fight (marker-only force, 8.10): ${pct(odds.unfought)}, included in "hex taken".`,
    );
  // rounds: cut the tail once less than 1e-10 is left beyond
  const rounds = odds.rounds;
  let last = rounds.length - 1;
  let tail = 0;
  while (last > 1 && tail + rounds[last]! < 1e-10) tail += rounds[last--]!;
  const roundRows = [];
  for (let i = 0; i <= last; i++) {
    if (i === 0 && rounds[0] === 0) continue;
    roundRows.push({
      outcome: i === 0 ? '0 (no fight)' : breakout ? '1 (one half-round)' : String(i),
      p: [rounds[i] ?? 0],
    });
  }
  if (tail > 0) roundRows.push({ outcome: `more than ${last}`, p: [tail] });
  const base = r.title;
  return [
    {
      title: `${base}: ${breakout ? 'P(hex stays Soviet)' : 'P(hex taken)'}`,
      rule: r.rule,
      columns: col,
      rows: outcomeRows,
      notes: outcomeNotes,
    },
    {
      title: `${base}: P(battle lasts exactly r rounds)`,
      rule: 'SCS 9.3, 10.1 step 10',
      columns: col,
      rows: roundRows,
      notes: [`Mean ${mean(rounds.slice(0, last + 1)).toFixed(3)} rounds.`],
    },
    {
      title: `${base}: Soviet steps lost`,
      rule: 'SCS 10.14, 6.3',
      columns: col,
      rows: odds.sovietLost.map((p, k) => ({ outcome: String(k), p: [p] })),
      notes: [`Mean ${mean(odds.sovietLost).toFixed(3)} steps.`],
    },
    {
      title: `${base}: German units lost`,
      rule: 'SCS 10.14, 10.12',
      columns: col,
      rows: odds.germanLost.map((p, k) => ({ outcome: String(k), p: [p] })),
      notes: [
        `Mean ${mean(odds.germanLost).toFixed(3)} units; support markers are never eliminated (10.12).`,
      ],
    },
  ];
}

export const scsOdds: OddsProvider = {
  description:
    "Strike & Counterstrike battle odds (SCS 8.3-8.8, 10.1-10.14): a battle against a given force enumerated through the game's combat code (explicit chance); generated forces and breakouts by an exact Markov chain over rounds with the fire precedence of 10.1. " +
    'Give the German force (--defender) or let it be generated from the pool (marker + 1d6-1, relief marker + 1d6, breakout 1d6-1 per pocket hex).',
  options: [
    {
      name: 'attacker',
      description: 'Soviet army as steps:type, type shock or combined (default 8:combined)',
    },
    { name: '1e', description: '1E steps stacked with the army (0-6; absorbs hits first, 6.3)' },
    {
      name: 'shock-first',
      flag: true,
      description: 'first attack this turn of the shock army: primary fire in round 1 (10.1 step 1)',
    },
    { name: 'vi', flag: true, description: 'commit the VI Interceptor Corps in round 1 (10.11)' },
    { name: 'vi-round', description: 'commit the VI Interceptor Corps in this round instead' },
    { name: 'kind', description: 'defence (default) | relief | breakout' },
    {
      name: 'defender',
      description: 'explicit German force, e.g. mech:1,nonmech:2,security:0 (default: generated)',
    },
    { name: 'guderian', flag: true, description: 'explicit force: Guderian supports (+1 all rounds, 10.7)' },
    {
      name: 'viii',
      flag: true,
      description: 'explicit force: VIII Fliegerkorps supports (+1 all rounds, 10.6)',
    },
    {
      name: 'ops',
      flag: true,
      description: 'explicit force: Ops Elefant & Christophorus (+1 first round, 10.8)',
    },
    {
      name: 'rotkopf',
      flag: true,
      description: 'explicit force: Rotkopf (+1 non-security, all rounds, 10.9)',
    },
    {
      name: 'raid',
      flag: true,
      description: 'explicit force: a Soviet Raid marker (Soviet +1 first round, 10.10)',
    },
    {
      name: 'pool',
      description:
        'generated force: pool mix, e.g. mech:24,nonmech:44,security:5,guderian:1,ops:1,rotkopf:1,raid:2,viii:0 (unlisted types: the start pool)',
    },
    {
      name: 'marker',
      description: 'generated force: the flipped front marker type (default: a blind draw from the pool)',
    },
    { name: 'pocket', description: 'breakout: hexes in the pocket (one 1d6-1 each, default 1)' },
    {
      name: 'hex',
      description: 'battle hex: forest from the game map, and Guderian redrawn below row 09 (10.7)',
    },
    { name: 'forest', flag: true, description: 'forest hex: German mechanized -1 (10.4)' },
    { name: 'rounds', description: 'fight up to this many rounds, or "all" (default 3; relief: all)' },
    { name: 'mf', description: 'MF left after entering the hex: rounds = 1 + MF (9.3)' },
    {
      name: 'kill-order',
      description: 'order in which German losses are taken (default mech,nonmech,security)',
    },
    {
      name: 'crt',
      description: `CRT set A | B | E | custom (crtSet parameter; custom: the hitOn_* defaults; default ${String(DEFAULT_CRT)}, the game's calibrated default)`,
    },
    {
      name: 'errata',
      flag: true,
      description: 'variant errata-either-or-both: VIII FK and/or Guderian +1 in total',
    },
    {
      name: 'marker-in-garrison',
      flag: true,
      description: 'variant: the flipped marker is one of the 1d6-1',
    },
    {
      name: 'double-six',
      flag: true,
      description: 'variant shock-double-six: unmodified 6 in primary fire = two hits',
    },
    {
      name: 'relief-ignores-support',
      flag: true,
      description: 'variant: markers in relief/breakout forces give no DRM',
    },
  ],
  compute(o) {
    const r = parseScsOdds(o);
    return oddsTables(r, requestOdds(r));
  },
};
