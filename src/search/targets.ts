/**
 * Targets of a calibration (docs/calibrate.md): an outcome rate, a statistic's mean or a
 * statistic's median of an arm (or of all arms pooled), equal to a value within a tolerance, at most
 * or at least a value, the modal result, below the sum of other results (e.g. SCS 4.1: sudden death
 * less common than the territorial results), or as high (low) as possible. Each is measured over a range of game indices with
 * its 95% interval, and scored by a loss in units of its tolerance (0 when met exactly).
 */
import { wilson, Z95 } from '../analysis/intervals.js';
import type { GameDefinition } from '../core/game.js';

export type Goal = 'equals' | 'atMost' | 'atLeast' | 'modal' | 'below' | 'maximize' | 'minimize';

/** A target as the file states it (checked by the file's schema). */
export interface TargetInput {
  readonly id?: string | undefined;
  readonly arm?: string | undefined;
  readonly rate?: string | undefined;
  readonly mean?: string | undefined;
  readonly median?: string | undefined;
  readonly equals?: number | undefined;
  readonly tolerance?: number | undefined;
  readonly atMost?: number | undefined;
  readonly atLeast?: number | undefined;
  readonly modal?: boolean | undefined;
  /** Result ids: this rate must be lower than their summed rate (of the same games). */
  readonly below?: readonly string[] | undefined;
  readonly maximize?: boolean | undefined;
  readonly minimize?: boolean | undefined;
  readonly weight?: number | undefined;
}

/** One arm's games of one candidate, by game index: result code (recordColumns' order) and statistics. */
export interface ArmObservations {
  readonly result: number[];
  readonly stats: Record<string, number[]>;
}

/**
 * A checked target. A rate counts the games whose result falls in class `cls` of `classes` (a
 * partition of the result codes: each side's wins and "no winner" for a side, each result for a
 * result id); a mean averages statistic `stat` over the games where it is not `missing`, a median
 * takes its middle value over those games.
 */
export interface Target {
  readonly id: string;
  readonly label: string;
  /** Arm indices pooled (one arm, or all). */
  readonly arms: readonly number[];
  readonly kind: 'rate' | 'mean' | 'median';
  readonly classes?: readonly (readonly number[])[];
  readonly classLabels?: readonly string[];
  readonly cls?: number;
  /** Goal below: the classes whose summed rate this rate must stay under. */
  readonly over?: readonly number[];
  readonly stat?: string;
  readonly missing?: number;
  readonly goal: Goal;
  readonly value?: number;
  readonly tolerance: number;
  readonly weight: number;
}

/**
 * A target's value over some games, with its 95% interval. Over no games (a statistic no game
 * reached, a rate of no game) there is no value: value, low and high are NaN (null in JSON).
 */
export interface Measure {
  readonly value: number;
  readonly low: number;
  readonly high: number;
  /** Games counted (for a mean: games where the statistic applies). */
  readonly n: number;
  /** Modal and below targets: the class(es) compared with and their rate. */
  readonly rival?: { readonly label: string; readonly rate: number };
}

const GOALS: readonly Goal[] = ['equals', 'atMost', 'atLeast', 'modal', 'below', 'maximize', 'minimize'];

/** Goals whose value is a lead of one rate over another (a difference of shares, met when above 0). */
export const isLead = (t: Target): boolean => t.goal === 'modal' || t.goal === 'below';

/** Checks targets against the game and the arm ids; problems name `targets[i]`. */
export function checkTargets(
  def: GameDefinition,
  armIds: readonly string[],
  inputs: readonly TargetInput[],
  problems: string[],
  field = 'targets',
): Target[] {
  const out: Target[] = [];
  inputs.forEach((t, i) => {
    const at = `field ${field}[${i}]`;
    const before = problems.length;
    const goals = GOALS.filter((g) => t[g] !== undefined && t[g] !== false);
    if (goals.length !== 1)
      problems.push(
        `${at}: give exactly one of equals, atMost, atLeast, modal, below, maximize, minimize (got ${goals.length === 0 ? 'none' : goals.join(', ')})`,
      );
    const stat = t.mean ?? t.median;
    const kinds = [t.rate, t.mean, t.median].filter((x) => x !== undefined).length;
    if (kinds !== 1)
      problems.push(
        `${at}: give exactly one of rate (an outcome), mean or median (a statistic) (got ${kinds === 0 ? 'none' : ['rate', 'mean', 'median'].filter((k) => t[k as 'rate'] !== undefined).join(', ')})`,
      );
    let arms = armIds.map((_, a) => a);
    if (t.arm !== undefined) {
      const a = armIds.indexOf(t.arm);
      if (a < 0)
        problems.push(
          `${at}: field arm: ${JSON.stringify(t.arm)} is not an arm (arms: ${armIds.join(', ')})`,
        );
      arms = [a];
    }
    const goal = goals[0] ?? 'equals';
    if (goal === 'equals' && t.tolerance === undefined)
      problems.push(`${at}: field tolerance: missing (equals needs a tolerance)`);
    if (goal === 'modal' && t.rate === undefined)
      problems.push(`${at}: modal applies to a rate, not a ${t.mean === undefined ? 'median' : 'mean'}`);
    if (goal === 'below' && (t.rate === undefined || !def.results.some((r) => r.id === t.rate)))
      problems.push(
        `${at}: below compares results: rate must be a result id (results: ${def.results.map((r) => r.id).join(', ')})`,
      );
    const over: number[] = [];
    for (const b of t.below ?? []) {
      const k = def.results.findIndex((r) => r.id === b);
      if (k < 0)
        problems.push(
          `${at}: field below: ${JSON.stringify(b)} is not a result of ${def.id} (results: ${def.results.map((r) => r.id).join(', ')})`,
        );
      else if (b === t.rate) problems.push(`${at}: field below: ${JSON.stringify(b)} is the rate itself`);
      else over.push(k);
    }
    let classes: number[][] | undefined;
    let classLabels: string[] | undefined;
    let cls: number | undefined;
    if (t.rate !== undefined) {
      const side = def.sides.findIndex((s) => s.id === t.rate);
      const result = def.results.findIndex((r) => r.id === t.rate);
      if (side >= 0) {
        classes = [...def.sides.map((s) => s.id), null].map((w) =>
          def.results.flatMap((r, k) => (r.winner === w ? [k] : [])),
        );
        classLabels = [...def.sides.map((s) => `${s.id} wins`), 'no winner'];
        cls = side;
      } else if (result >= 0 || goal === 'below') {
        classes = def.results.map((_, k) => [k]);
        classLabels = def.results.map((r) => r.id);
        cls = result;
      } else {
        problems.push(
          `${at}: field rate: ${JSON.stringify(t.rate)} is neither a side nor a result of ${def.id} (sides: ${def.sides.map((s) => s.id).join(', ')}; results: ${def.results.map((r) => r.id).join(', ')})`,
        );
      }
    }
    let missing: number | undefined;
    if (stat !== undefined) {
      const st = def.stats.find((s) => s.id === stat);
      if (st === undefined)
        problems.push(
          `${at}: field ${t.mean === undefined ? 'median' : 'mean'}: ${JSON.stringify(stat)} is not a statistic of ${def.id} (known: ${def.stats.map((s) => s.id).join(', ')})`,
        );
      missing = st?.missing;
    }
    if (problems.length > before) return;
    const what =
      t.rate !== undefined
        ? `${t.rate} rate`
        : t.mean !== undefined
          ? `mean ${t.mean}`
          : `median ${t.median}`;
    const where = t.arm === undefined ? (armIds.length === 1 ? armIds[0]! : 'all arms') : t.arm;
    const value = t.equals ?? t.atMost ?? t.atLeast;
    const label =
      goal === 'equals'
        ? `${what} of ${where} = ${value} ± ${t.tolerance}`
        : goal === 'atMost'
          ? `${what} of ${where} ≤ ${value}`
          : goal === 'atLeast'
            ? `${what} of ${where} ≥ ${value}`
            : goal === 'modal'
              ? `${t.rate} the most common result of ${where}`
              : goal === 'below'
                ? `${t.rate} rarer than ${(t.below ?? []).join(' + ')} in ${where}`
                : `${goal} ${what} of ${where}`;
    out.push({
      id: t.id ?? `${field === 'targets' ? 't' : 'c'}${i + 1}`,
      label,
      arms,
      kind: t.rate !== undefined ? 'rate' : t.mean !== undefined ? 'mean' : 'median',
      ...(classes === undefined ? {} : { classes, classLabels: classLabels!, cls: cls! }),
      ...(goal === 'below' ? { over } : {}),
      ...(stat === undefined ? {} : { stat }),
      ...(missing === undefined ? {} : { missing }),
      goal,
      ...(value === undefined ? {} : { value }),
      tolerance: t.tolerance ?? (t.rate !== undefined ? 0.01 : 1),
      weight: t.weight ?? 1,
    });
  });
  return out;
}

/** The statistics the targets read (what an evaluation must keep per game). */
export function targetStats(targets: readonly Target[]): string[] {
  return [...new Set(targets.flatMap((t) => (t.stat === undefined ? [] : [t.stat])))].sort();
}

/** Counts of each class of a rate target over the listed games of its arms. */
function classCounts(t: Target, obs: readonly ArmObservations[], games: readonly number[]): number[] {
  const classOf = new Map<number, number>();
  t.classes!.forEach((codes, k) => {
    for (const c of codes) classOf.set(c, k);
  });
  const counts = new Array<number>(t.classes!.length).fill(0);
  for (const a of t.arms) {
    const r = obs[a]!.result;
    for (const g of games) {
      const k = classOf.get(r[g]!);
      if (k !== undefined) counts[k]! += 1;
    }
  }
  return counts;
}

/** A measure over no games: no value (see Measure). */
const NOTHING = (n: number): Measure => ({ value: Number.NaN, low: Number.NaN, high: Number.NaN, n });

/** The target's value over games [from, to) of its arms, with its 95% interval. */
export function measure(t: Target, obs: readonly ArmObservations[], from: number, to: number): Measure {
  return measureAt(
    t,
    obs,
    Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i),
  );
}

/**
 * The target's value over the listed game indices of its arms (an index listed twice counts
 * twice: a bootstrap resample), with its 95% interval.
 */
export function measureAt(t: Target, obs: readonly ArmObservations[], games: readonly number[]): Measure {
  if (t.kind === 'rate') {
    const counts = classCounts(t, obs, games);
    const n = counts.reduce((x, y) => x + y, 0);
    if (n === 0) return NOTHING(0);
    const x = counts[t.cls!]!;
    const rate = n === 0 ? 0 : x / n;
    if (t.goal === 'below') {
      // the summed rate's lead over this one, with the same multinomial interval as modal's
      const p2 = n === 0 ? 0 : t.over!.reduce((a, k) => a + counts[k]!, 0) / n;
      const d = p2 - rate;
      const half = n === 0 ? 1 : Z95 * Math.sqrt(Math.max(0, rate + p2 - d * d) / n);
      const label = t.over!.map((k) => t.classLabels![k]!).join(' + ');
      return { value: d, low: d - half, high: d + half, n, rival: { label, rate: p2 } };
    }
    if (t.goal !== 'modal') {
      const w = wilson(x, n);
      return { value: rate, low: w.low, high: w.high, n };
    }
    // modal: the rate's lead over the most common other class, with the normal interval of a
    // difference of two shares of one multinomial sample: var = (p1 + p2 - (p1 - p2)^2) / n
    let rival = -1;
    counts.forEach((c, k) => {
      if (k !== t.cls && (rival < 0 || c > counts[rival]!)) rival = k;
    });
    const p2 = n === 0 ? 0 : counts[rival]! / n;
    const d = rate - p2;
    const half = n === 0 ? 1 : Z95 * Math.sqrt(Math.max(0, rate + p2 - d * d) / n);
    return { value: d, low: d - half, high: d + half, n, rival: { label: t.classLabels![rival]!, rate: p2 } };
  }
  if (t.kind === 'median') return medianMeasure(t, obs, games);
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (const a of t.arms) {
    const v = obs[a]!.stats[t.stat!]!;
    for (const g of games) {
      const x = v[g]!;
      if (t.missing !== undefined && x === t.missing) continue;
      n++;
      sum += x;
      sq += x * x;
    }
  }
  if (n === 0) return NOTHING(0);
  const mean = sum / n;
  const sd = n < 2 ? 0 : Math.sqrt(Math.max(0, (sq - n * mean * mean) / (n - 1)));
  const half = n < 2 ? Number.POSITIVE_INFINITY : (Z95 * sd) / Math.sqrt(n);
  return { value: mean, low: mean - half, high: mean + half, n };
}

/**
 * A median target's value over the listed games: the sample median (the mean of the two middle
 * values when n is even, as the run report's quartiles), with the distribution-free 95% interval
 * of order statistics x(l)..x(u), l = floor(n/2 - z·sqrt(n)/2), u = ceil(n/2 + 1 + z·sqrt(n)/2)
 * (1-based, clamped to 1..n): the normal approximation of the Binomial(n, 1/2) count of values
 * below the median, so the interval holds for any distribution of the statistic.
 */
function medianMeasure(t: Target, obs: readonly ArmObservations[], games: readonly number[]): Measure {
  const xs: number[] = [];
  for (const a of t.arms) {
    const v = obs[a]!.stats[t.stat!]!;
    for (const g of games) {
      const x = v[g]!;
      if (t.missing === undefined || x !== t.missing) xs.push(x);
    }
  }
  const n = xs.length;
  if (n === 0) return NOTHING(0);
  xs.sort((x, y) => x - y);
  const value = n % 2 === 1 ? xs[(n - 1) / 2]! : (xs[n / 2 - 1]! + xs[n / 2]!) / 2;
  const half = (Z95 * Math.sqrt(n)) / 2;
  const l = Math.min(n, Math.max(1, Math.floor(n / 2 - half)));
  const u = Math.min(n, Math.max(1, Math.ceil(n / 2 + 1 + half)));
  return { value, low: xs[l - 1]!, high: xs[u - 1]!, n };
}

/**
 * How far a value is from meeting the target, in tolerances (0 when met; for max/min, the distance
 * from the best); a measure over no games is infinitely far (it cannot be judged, so it ranks last).
 */
export function violation(t: Target, m: Measure): number {
  if (m.n === 0) return Number.POSITIVE_INFINITY;
  const v = t.value ?? 0;
  switch (t.goal) {
    case 'equals':
      return Math.abs(m.value - v) / t.tolerance;
    case 'atMost':
      return Math.max(0, m.value - v) / t.tolerance;
    case 'atLeast':
      return Math.max(0, v - m.value) / t.tolerance;
    case 'modal':
    case 'below':
      return Math.max(0, -m.value) / t.tolerance;
    case 'maximize':
      return ((t.kind === 'rate' ? 1 : 0) - m.value) / t.tolerance;
    case 'minimize':
      return m.value / t.tolerance;
  }
}

/**
 * What the 95% interval says of a target: `met` when the whole interval meets it, `missed` when
 * the whole interval misses it, `undecided` when it straddles the bar (more games would tell) or
 * there are no games to measure. Maximize and minimize have no bar: always `met`.
 */
export type Verdict = 'met' | 'undecided' | 'missed';

export function verdict(t: Target, m: Measure): Verdict {
  if (m.n === 0 || Number.isNaN(m.value)) return 'undecided';
  const v = t.value ?? 0;
  const judge = (all: boolean, none: boolean): Verdict => (all ? 'met' : none ? 'missed' : 'undecided');
  switch (t.goal) {
    case 'equals':
      return judge(
        m.low >= v - t.tolerance && m.high <= v + t.tolerance,
        m.high < v - t.tolerance || m.low > v + t.tolerance,
      );
    case 'atMost':
      return judge(m.high <= v, m.low > v);
    case 'atLeast':
      return judge(m.low >= v, m.high < v);
    case 'modal':
    case 'below':
      return judge(m.low > 0, m.high <= 0);
    case 'maximize':
    case 'minimize':
      return 'met';
  }
}

/**
 * Whether the point estimate meets the target (maximize and minimize always do: they have no
 * threshold); what the search ranks by. Claims about a setting use `verdict`, which reads the interval.
 */
export function met(t: Target, m: Measure): boolean {
  if (m.n === 0) return false;
  const v = t.value ?? 0;
  switch (t.goal) {
    case 'equals':
      return Math.abs(m.value - v) <= t.tolerance;
    case 'atMost':
      return m.value <= v;
    case 'atLeast':
      return m.value >= v;
    case 'modal':
    case 'below':
      return m.value > 0;
    default:
      return true;
  }
}

/** The loss of a candidate: the weighted sum of its targets' violations. */
export function totalLoss(targets: readonly Target[], measures: readonly Measure[]): number {
  let s = 0;
  targets.forEach((t, i) => {
    s += t.weight * violation(t, measures[i]!);
  });
  return s;
}

/**
 * Indices of the candidates no other candidate dominates (at least as close to every target and
 * closer to one), given each candidate's violation per target.
 */
export function paretoFront(violations: readonly (readonly number[])[]): number[] {
  const dominates = (a: readonly number[], b: readonly number[]) =>
    a.every((x, i) => x <= b[i]!) && a.some((x, i) => x < b[i]!);
  return violations.flatMap((v, i) => (violations.some((w, j) => j !== i && dominates(w, v)) ? [] : [i]));
}

/**
 * Pairs of targets that conflict among the candidates judged: each is met by some candidate, never
 * both by the same one.
 */
export function conflicts(
  metBy: readonly (readonly boolean[])[],
  targets: readonly Target[],
): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < targets.length; i++)
    for (let j = i + 1; j < targets.length; j++) {
      const anyI = metBy.some((m) => m[i]);
      const anyJ = metBy.some((m) => m[j]);
      const both = metBy.some((m) => m[i] && m[j]);
      if (anyI && anyJ && !both) out.push([targets[i]!.id, targets[j]!.id]);
    }
  return out;
}
