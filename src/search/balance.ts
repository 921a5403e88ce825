/**
 * The best-response loop (double oracle over policies): solve the meta-game of the two sides'
 * current policy sets (src/analysis/metagame.ts); for each side, score every candidate not yet in
 * its set against the other side's equilibrium mix, on the common game indices; add the best one
 * when its gain over the current value is significant; solve again; stop when neither side adds a
 * policy, or at the round limit. The payoffs come from a `PayoffSource` (src/search/balance-run.ts
 * plays them on the worker pool; a test gives a known matrix), so the loop decides from the
 * per-game scores alone: the same scores give the same rounds, however they were played.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { type BalanceBand, type LpSolver, metaGame, metaGameSentence } from '../analysis/metagame.js';
import { quantile } from '../analysis/summary.js';
import { streamState } from '../core/rng.js';

/** One pairing of policies: the row side's policy and the column side's. */
export interface Cell {
  readonly row: string;
  readonly col: string;
}

/** Where the loop's payoffs come from. */
export interface PayoffSource {
  /** Makes every listed cell's scores available (plays those not played yet). */
  ensure(cells: readonly Cell[]): Promise<void>;
  /** The row side's score (win 1, draw 1/2, loss 0) in each game index 0..n-1 of an ensured cell. */
  scores(cell: Cell): ArrayLike<number>;
}

/** One side as the loop sees it: its starting policies and its candidates (canonical specs). */
export interface LoopSide {
  readonly id: string;
  readonly name: string;
  readonly start: readonly string[];
  readonly candidates: readonly string[];
}

export interface LoopConfig {
  readonly seed: number;
  readonly rounds: number;
  /** One-sided level of a gain's test, before the Bonferroni division by the candidates tested. */
  readonly alpha: number;
  readonly resamples: number;
  readonly band: BalanceBand;
  readonly row: LoopSide;
  readonly col: LoopSide;
}

/** The meta-game of two policy sets, as balance.json records it. */
export interface MetaSummary {
  readonly rows: readonly string[];
  readonly cols: readonly string[];
  /** Mean score of the row side per cell. */
  readonly payoff: readonly (readonly number[])[];
  /** The row side's equilibrium score and its bootstrap interval. */
  readonly value: number;
  readonly interval: readonly [number, number];
  readonly level: number;
  readonly games: number;
  readonly rowMix: readonly number[];
  readonly colMix: readonly number[];
  /** How much the other side gains against each policy, compared with the value. */
  readonly exploitability: { readonly rows: readonly number[]; readonly cols: readonly number[] };
  readonly sentence: string;
}

/** A candidate scored against the other side's equilibrium mix (scores are the candidate side's). */
export interface CandidateScore {
  readonly spec: string;
  /** Its mean score against the mix (the other side's policies in the mix's support). */
  readonly vsMix: number;
  /** vsMix minus the side's equilibrium score, paired game by game. */
  readonly gain: number;
  /** The one-sided bootstrap lower bound of the gain at the oracle's level. */
  readonly lower: number;
  readonly significant: boolean;
}

/** One side's best-response search in one round. */
export interface OracleRound {
  readonly side: string;
  /** The other side's equilibrium mix the candidates were scored against (positive weights). */
  readonly against: readonly { readonly policy: string; readonly weight: number }[];
  /** The side's equilibrium score (the value, or 1 minus it for the column side). */
  readonly baseline: number;
  /** The one-sided level of each test: alpha over the candidates tested (Bonferroni). */
  readonly level: number;
  /** Every candidate not yet in the side's set, in the file's order. */
  readonly tested: readonly CandidateScore[];
  /** The candidate with the highest gain (the first on a tie), and whether it was added. */
  readonly best: string | null;
  readonly added: string | null;
}

export interface RoundRecord {
  readonly round: number;
  readonly meta: MetaSummary;
  readonly row: OracleRound;
  readonly col: OracleRound;
  /** The sets the next round solves (the added policies appended). */
  readonly next: { readonly rows: readonly string[]; readonly cols: readonly string[] };
}

export type StopReason = 'converged' | 'round-limit';

export interface LoopOutcome {
  readonly rounds: readonly RoundRecord[];
  readonly stop: StopReason;
  /** The meta-game of the final sets. */
  readonly final: MetaSummary;
}

/** A gain at most this is no gain (sums of the same scores in another order differ by rounding). */
const GAIN_FLOOR = 1e-9;

/** The meta-game of `rows` x `cols` from the source's scores (every cell ensured). */
export function solveSets(
  lp: LpSolver,
  src: PayoffSource,
  cfg: LoopConfig,
  rows: readonly string[],
  cols: readonly string[],
): MetaSummary {
  const scores = rows.map((row) => cols.map((col) => src.scores({ row, col })));
  const mg = metaGame(lp, scores, { seed: cfg.seed, resamples: cfg.resamples });
  return {
    rows: [...rows],
    cols: [...cols],
    payoff: mg.payoff,
    value: mg.value,
    interval: mg.interval,
    level: mg.level,
    games: mg.games,
    rowMix: mg.rowMix,
    colMix: mg.colMix,
    exploitability: { rows: mg.exploitability.rows, cols: mg.exploitability.cols },
    sentence: metaGameSentence(mg, { rowSide: cfg.row.name, colSide: cfg.col.name, rows, cols }, cfg.band),
  };
}

const cross = (rows: readonly string[], cols: readonly string[]): Cell[] =>
  rows.flatMap((row) => cols.map((col) => ({ row, col })));

/**
 * One side's oracle: each candidate's paired gain over the side's equilibrium score, game by game,
 * against the other side's mix; its lower bound is the `level` quantile of the gain over bootstrap
 * resamples of the game indices (the same resamples for every candidate of the side, drawn from
 * the stream `balance:<side>` of the round).
 */
function oracle(
  cfg: LoopConfig,
  src: PayoffSource,
  meta: MetaSummary,
  side: 'row' | 'col',
  round: number,
  tested: readonly string[],
): OracleRound {
  const me = side === 'row' ? cfg.row : cfg.col;
  const n = meta.games;
  const otherNames = side === 'row' ? meta.cols : meta.rows;
  const otherMix = side === 'row' ? meta.colMix : meta.rowMix;
  const against = otherNames.flatMap((policy, i) =>
    otherMix[i]! > 0 ? [{ policy, weight: otherMix[i]! }] : [],
  );
  // the side's own score in a cell: the row side's, or 1 minus it
  const own = (mine: string, other: string): ArrayLike<number> =>
    side === 'row'
      ? src.scores({ row: mine, col: other })
      : complement(src.scores({ row: other, col: mine }));
  // the equilibrium's score per game: both mixes over every cell
  const base = new Float64Array(n);
  meta.rows.forEach((r, i) => {
    meta.cols.forEach((c, j) => {
      const w = meta.rowMix[i]! * meta.colMix[j]!;
      if (w === 0) return;
      const s = src.scores({ row: r, col: c });
      for (let g = 0; g < n; g++) base[g]! += w * (side === 'row' ? s[g]! : 1 - s[g]!);
    });
  });
  const baseline = side === 'row' ? meta.value : 1 - meta.value;
  const level = tested.length === 0 ? cfg.alpha : cfg.alpha / tested.length;
  const diffs = tested.map((spec) => {
    const d = new Float64Array(n);
    for (const { policy, weight } of against) {
      const s = own(spec, policy);
      for (let g = 0; g < n; g++) d[g]! += weight * s[g]!;
    }
    let vs = 0;
    for (let g = 0; g < n; g++) {
      vs += d[g]!;
      d[g]! -= base[g]!;
    }
    return { spec, d, vsMix: vs / n };
  });
  const boot = diffs.map(() => new Float64Array(cfg.resamples));
  const rng = xoroshiro128plusFromState(streamState(cfg.seed, round, `balance:${me.id}`));
  const weight = new Uint32Array(n);
  for (let b = 0; b < cfg.resamples; b++) {
    weight.fill(0);
    for (let k = 0; k < n; k++) weight[uniformInt(rng, 0, n - 1)]! += 1;
    diffs.forEach((x, i) => {
      let s = 0;
      for (let g = 0; g < n; g++) s += weight[g]! * x.d[g]!;
      boot[i]![b] = s / n;
    });
  }
  const scored: CandidateScore[] = diffs.map((x, i) => {
    let gain = 0;
    for (let g = 0; g < n; g++) gain += x.d[g]!;
    gain /= n;
    const sorted = boot[i]!.sort();
    const lower = quantile(sorted, level);
    return { spec: x.spec, vsMix: x.vsMix, gain, lower, significant: lower > GAIN_FLOOR };
  });
  let best: CandidateScore | undefined;
  for (const c of scored) if (best === undefined || c.gain > best.gain) best = c;
  return {
    side: me.id,
    against,
    baseline,
    level,
    tested: scored,
    best: best?.spec ?? null,
    added: best?.significant === true ? best.spec : null,
  };
}

function complement(s: ArrayLike<number>): Float64Array {
  const out = new Float64Array(s.length);
  for (let g = 0; g < s.length; g++) out[g] = 1 - s[g]!;
  return out;
}

/**
 * Runs the loop from `done` (the rounds a previous run finished, in order; empty to start) up to
 * `cfg.rounds` rounds, calling `onRound` as each round finishes (before the next one plays).
 */
export async function balanceLoop(
  lp: LpSolver,
  src: PayoffSource,
  cfg: LoopConfig,
  opts: { readonly done?: readonly RoundRecord[]; readonly onRound?: (r: RoundRecord) => void } = {},
): Promise<LoopOutcome> {
  const rounds: RoundRecord[] = [...(opts.done ?? [])];
  if (rounds.length > cfg.rounds)
    throw new Error(`balance: ${rounds.length} rounds finished, more than the limit ${cfg.rounds}`);
  const last = rounds.at(-1);
  let rows = last?.next.rows ?? cfg.row.start;
  let cols = last?.next.cols ?? cfg.col.start;
  let stop: StopReason = 'round-limit';
  let final: MetaSummary | undefined;
  if (last !== undefined && last.row.added === null && last.col.added === null) {
    stop = 'converged';
    final = last.meta;
  }
  for (let k = rounds.length + 1; final === undefined && k <= cfg.rounds; k++) {
    await src.ensure(cross(rows, cols));
    const meta = solveSets(lp, src, cfg, rows, cols);
    const rowTests = cfg.row.candidates.filter((c) => !rows.includes(c));
    const colTests = cfg.col.candidates.filter((c) => !cols.includes(c));
    // candidates first meet only the other side's policies its mix plays
    const rowSupport = meta.rows.filter((_, i) => meta.rowMix[i]! > 0);
    const colSupport = meta.cols.filter((_, j) => meta.colMix[j]! > 0);
    await src.ensure([...cross(rowTests, colSupport), ...cross(rowSupport, colTests)]);
    const row = oracle(cfg, src, meta, 'row', k, rowTests);
    const col = oracle(cfg, src, meta, 'col', k, colTests);
    const next = {
      rows: row.added === null ? rows : [...rows, row.added],
      cols: col.added === null ? cols : [...cols, col.added],
    };
    const rec: RoundRecord = { round: k, meta, row, col, next };
    rounds.push(rec);
    opts.onRound?.(rec);
    rows = next.rows;
    cols = next.cols;
    if (row.added === null && col.added === null) {
      stop = 'converged';
      final = meta;
    }
  }
  if (final === undefined) {
    await src.ensure(cross(rows, cols));
    final = solveSets(lp, src, cfg, rows, cols);
  }
  return { rounds, stop, final };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;

/** One side's oracle in a few words: what it added, or its best and why it was not added. */
export function oracleText(o: OracleRound, name: string): string {
  if (o.tested.length === 0) return `${name}: no candidate left`;
  const best = o.tested.find((c) => c.spec === o.best)!;
  const gain = `${pts(best.gain)} points (lower bound ${pts(best.lower)})`;
  return o.added !== null
    ? `${name}: adds ${o.added}, ${gain}`
    : `${name}: best ${best.spec} ${gain}, not significant`;
}

/** The console's line for a finished round. */
export function roundLine(r: RoundRecord, cfg: LoopConfig): string {
  const m = r.meta;
  return `round ${r.round}: ${m.rows.length} x ${m.cols.length} policies, ${cfg.row.name} scores ${pct(m.value)} [${pct(m.interval[0])}, ${pct(m.interval[1])}]; ${oracleText(r.row, cfg.row.name)}; ${oracleText(r.col, cfg.col.name)}`;
}
