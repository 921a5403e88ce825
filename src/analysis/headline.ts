/**
 * What a report's headline answers, from the manifest's arms and the games table: each side's score
 * per arm (win 1, a game without a winner 1/2, loss 0), the policy matrices among the arms (one
 * side's policies crossed with the other's, all else equal), each side's policy rankings (one
 * side's policies, all else equal, per scenario), and the paired comparisons the headline needs to
 * say which arms are distinguishable: each ranked arm against the next, and each matrix side's best
 * reply against its runner-up (compareScores: the paired z test on score differences with the
 * interval it inverts, Holm-adjusted over all these comparisons together).
 */
import type { GameDefinition } from '../core/game.js';
import { playerSides } from '../core/policies.js';
import { compareScores, type ScoreComparison } from './compare.js';
import type { GamesTable } from './games-table.js';
import { wilson } from './intervals.js';
import type { OutcomeRow } from './summary.js';

/** What the headline reads of an arm (a manifest arm has all of it). */
export interface HeadlineArm {
  readonly id: string;
  readonly scenario: string;
  readonly variants: readonly string[];
  readonly params: Readonly<Record<string, unknown>>;
  readonly policies: Readonly<Record<string, string>>;
}

/**
 * A cross product of the row side's policies by the column side's: `arms[r][c]` is the arm that
 * plays rows[r] against cols[c]. Its arms share scenario, variants, parameters and the policies
 * of any other side.
 */
export interface PolicyMatrix {
  readonly rowSide: string;
  readonly colSide: string;
  readonly rows: readonly string[];
  readonly cols: readonly string[];
  readonly arms: readonly (readonly string[])[];
  /**
   * The column is the rules, not a policy: a solitaire side's policies each against the side the
   * rules play (solitaireMatrices). `cols` is then [RULES_COLUMN] and `colSide` the rules' side.
   */
  readonly againstRules?: true;
}

/** The one column of a matrix against the rules (PolicyMatrix.againstRules). */
export const RULES_COLUMN = 'the rules';

/** Everything of an arm but the two matrix sides' policies, as one comparable key. */
function restKey(a: HeadlineArm, rowSide: string, colSide: string): string {
  const others = Object.entries(a.policies)
    .filter(([s]) => s !== rowSide && s !== colSide)
    .sort(([x], [y]) => (x < y ? -1 : 1));
  const params = Object.entries(a.params).sort(([x], [y]) => (x < y ? -1 : 1));
  return JSON.stringify([a.scenario, [...a.variants].sort(), params, others]);
}

/**
 * The policy matrices among `arms`, for the first two sides that have policies in the arms: the
 * arms are grouped by everything but those two sides' policies, and in each group the rows or
 * columns with the most missing cells are dropped (the later one on a tie) until every cell is
 * played. A group leaving at least 2 x 2 is a matrix; the first arm for a pairing names its cell.
 * Rows and columns keep the order of the arms.
 */
export function policyMatrices(def: GameDefinition, arms: readonly HeadlineArm[]): PolicyMatrix[] {
  const sides = def.sides.map((s) => s.id).filter((s) => arms.some((a) => a.policies[s] !== undefined));
  const [rowSide, colSide] = sides;
  if (rowSide === undefined || colSide === undefined) return [];
  const groups = new Map<string, HeadlineArm[]>();
  for (const a of arms) {
    if (a.policies[rowSide] === undefined || a.policies[colSide] === undefined) continue;
    const k = restKey(a, rowSide, colSide);
    groups.set(k, [...(groups.get(k) ?? []), a]);
  }
  const out: PolicyMatrix[] = [];
  for (const group of groups.values()) {
    const cell = new Map<string, string>();
    for (const a of group) {
      const k = `${a.policies[rowSide]}\u0000${a.policies[colSide]}`;
      if (!cell.has(k)) cell.set(k, a.id);
    }
    let rows = [...new Set(group.map((a) => a.policies[rowSide]!))];
    let cols = [...new Set(group.map((a) => a.policies[colSide]!))];
    const has = (r: string, c: string) => cell.has(`${r}\u0000${c}`);
    for (;;) {
      const rowGaps = rows.map((r) => cols.filter((c) => !has(r, c)).length);
      const colGaps = cols.map((c) => rows.filter((r) => !has(r, c)).length);
      const worstRow = Math.max(0, ...rowGaps);
      const worstCol = Math.max(0, ...colGaps);
      if (worstRow === 0 && worstCol === 0) break;
      if (worstRow >= worstCol) {
        const i = rowGaps.lastIndexOf(worstRow);
        rows = rows.filter((_, k) => k !== i);
      } else {
        const i = colGaps.lastIndexOf(worstCol);
        cols = cols.filter((_, k) => k !== i);
      }
    }
    if (rows.length < 2 || cols.length < 2) continue;
    out.push({
      rowSide,
      colSide,
      rows,
      cols,
      arms: rows.map((r) => cols.map((c) => cell.get(`${r}\u0000${c}`)!)),
    });
  }
  return out;
}

/**
 * The matrices of a solitaire side against the rules among `arms`: arms that set the policy of the
 * one side policies play in their scenario (every other side played by the rules), grouped by
 * everything else (scenario, variants, parameters). A group with at least two of the side's
 * policies is a matrix of one column, the rules (`againstRules`), its rows the policies in the
 * order of the arms, the first arm of a policy its cell. Its value is the best policy's score,
 * and the meta-game's bootstrap chooses the best policy again in every resample.
 */
export function solitaireMatrices(def: GameDefinition, arms: readonly HeadlineArm[]): PolicyMatrix[] {
  const groups = new Map<string, { side: string; cells: Map<string, string> }>();
  for (const a of arms) {
    const sides = Object.keys(a.policies);
    const players = playerSides(def, a.scenario);
    if (sides.length !== 1 || players.length !== 1 || players[0] !== sides[0]) continue;
    const side = sides[0]!;
    const k = settingKey(a, side);
    const g = groups.get(k) ?? { side, cells: new Map<string, string>() };
    groups.set(k, g);
    if (!g.cells.has(a.policies[side]!)) g.cells.set(a.policies[side]!, a.id);
  }
  const out: PolicyMatrix[] = [];
  for (const { side, cells } of groups.values()) {
    const rules = def.sides.find((s) => s.id !== side);
    if (cells.size < 2 || rules === undefined) continue;
    out.push({
      rowSide: side,
      colSide: rules.id,
      rows: [...cells.keys()],
      cols: [RULES_COLUMN],
      arms: [...cells.values()].map((arm) => [arm]),
      againstRules: true,
    });
  }
  return out;
}

/** A side's score in an arm: win 1, a game without a winner 1/2, loss 0, with each part. */
export interface SideScore {
  readonly arm: string;
  readonly side: string;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly score: number;
  /** Wilson's 95% interval on score x games "successes": conservative, as draws only narrow the spread. */
  readonly lo95: number;
  readonly hi95: number;
}

/** Each side's score in each arm, from the winner rows of summary.csv (`none`: no winner). */
export function sideScores(def: GameDefinition, outcomes: readonly OutcomeRow[]): Map<string, SideScore> {
  const winner = new Map(
    outcomes.filter((o) => o.kind === 'winner').map((o) => [`${o.arm}\u0000${o.outcome}`, o]),
  );
  const arms = [...new Set(outcomes.map((o) => o.arm))];
  const out = new Map<string, SideScore>();
  for (const arm of arms)
    for (const side of def.sides) {
      const w = winner.get(`${arm}\u0000${side.id}`);
      const d = winner.get(`${arm}\u0000none`);
      const games = w?.games ?? 0;
      const wins = w?.count ?? 0;
      const draws = d?.count ?? 0;
      const ci = wilson(wins + draws / 2, games);
      out.set(scoreKey(arm, side.id), {
        arm,
        side: side.id,
        games,
        wins,
        draws,
        score: games === 0 ? 0 : (wins + draws / 2) / games,
        lo95: ci.low,
        hi95: ci.high,
      });
    }
  return out;
}

/** The key of sideScores' map. */
export function scoreKey(arm: string, side: string): string {
  return `${arm}\u0000${side}`;
}

/**
 * One side's policies compared with all else equal: arms that share scenario, variants, parameters
 * and every other side's policy, and differ in `side`'s policy (the first arm of each policy).
 * `arms` are in the manifest's order.
 */
export interface PolicyRanking {
  readonly side: string;
  readonly arms: readonly string[];
}

/** Everything of an arm but `side`'s policy, as one comparable key. */
function settingKey(a: HeadlineArm, side: string): string {
  const others = Object.entries(a.policies)
    .filter(([s]) => s !== side)
    .sort(([x], [y]) => (x < y ? -1 : 1));
  const params = Object.entries(a.params).sort(([x], [y]) => (x < y ? -1 : 1));
  return JSON.stringify([a.scenario, [...a.variants].sort(), params, others]);
}

/**
 * The policy rankings among `arms`: for each side, the arms grouped by everything but that side's
 * policy; a group with at least two of the side's policies is a ranking, unless every arm of it is
 * a cell of a policy matrix (the matrix's best responses rank those). An arm that changes another
 * side's policy or the scenario is in another group, so it is never ranked among one side's
 * strategies.
 */
export function policyRankings(
  def: GameDefinition,
  arms: readonly HeadlineArm[],
  matrices: readonly PolicyMatrix[] = policyMatrices(def, arms),
): PolicyRanking[] {
  const inMatrix = new Set(matrices.flatMap((m) => m.arms.flat()));
  const out: PolicyRanking[] = [];
  for (const side of def.sides.map((s) => s.id)) {
    const groups = new Map<string, Map<string, string>>();
    for (const a of arms) {
      const p = a.policies[side];
      if (p === undefined) continue;
      const k = settingKey(a, side);
      const g = groups.get(k) ?? new Map<string, string>();
      groups.set(k, g);
      if (!g.has(p)) g.set(p, a.id);
    }
    for (const g of groups.values()) {
      const ids = [...g.values()];
      if (ids.length >= 2 && !ids.every((id) => inMatrix.has(id))) out.push({ side, arms: ids });
    }
  }
  return out;
}

/** `ids` by `side`'s score, highest first (ties in the order given). */
export function byScore(
  scores: ReadonlyMap<string, SideScore>,
  ids: readonly string[],
  side: string,
): string[] {
  return ids
    .map((arm, i) => ({ arm, i, s: scores.get(scoreKey(arm, side))?.score ?? 0 }))
    .sort((x, y) => y.s - x.s || x.i - y.i)
    .map((x) => x.arm);
}

/**
 * The best reply of one matrix side in each line (fixed opposing policy): among the cells of the
 * line, the one where `side` scores most, and the runner-up (ties: the earlier policy).
 */
export function bestReplies(
  mx: PolicyMatrix,
  scores: ReadonlyMap<string, SideScore>,
  side: 'row' | 'col',
): { against: string; best: string; bestArm: string; second: string; secondArm: string }[] {
  const sideId = side === 'row' ? mx.rowSide : mx.colSide;
  const against = side === 'row' ? mx.cols : mx.rows;
  const options = side === 'row' ? mx.rows : mx.cols;
  const cell = (o: number, f: number) => (side === 'row' ? mx.arms[o]![f]! : mx.arms[f]![o]!);
  return against.map((opp, f) => {
    const ranked = byScore(
      scores,
      options.map((_, o) => cell(o, f)),
      sideId,
    );
    const pol = (arm: string) => options[options.findIndex((_, o) => cell(o, f) === arm)]!;
    return {
      against: opp,
      best: pol(ranked[0]!),
      bestArm: ranked[0]!,
      second: pol(ranked[1]!),
      secondArm: ranked[1]!,
    };
  });
}

/**
 * A matrix side's best policy against the other side's best reply (its maximin over pure
 * policies): for each of its policies, the cell where the other side holds it lowest; of those, the
 * highest. Ties go to the earlier policy.
 */
export function guaranteed(
  mx: PolicyMatrix,
  scores: ReadonlyMap<string, SideScore>,
  side: 'row' | 'col',
): { policy: string; reply: string; arm: string } {
  const sideId = side === 'row' ? mx.rowSide : mx.colSide;
  const mine = side === 'row' ? mx.rows : mx.cols;
  const theirs = side === 'row' ? mx.cols : mx.rows;
  const cell = (m: number, t: number) => (side === 'row' ? mx.arms[m]![t]! : mx.arms[t]![m]!);
  const s = (arm: string) => scores.get(scoreKey(arm, sideId))?.score ?? 0;
  let best: { policy: string; reply: string; arm: string; v: number } | undefined;
  mine.forEach((policy, m) => {
    let worst: { reply: string; arm: string; v: number } | undefined;
    theirs.forEach((reply, t) => {
      const arm = cell(m, t);
      if (worst === undefined || s(arm) < worst.v) worst = { reply, arm, v: s(arm) };
    });
    if (worst !== undefined && (best === undefined || worst.v > best.v)) best = { policy, ...worst };
  });
  const { v: _, ...r } = best!;
  return r;
}

/**
 * The pairs the headline tests on a side's score, each once: in every policy ranking each arm
 * against the one ranked below it (the lower one as baseline); in every matrix, for each side and
 * each opposing policy, the best reply against the runner-up.
 */
export function headlinePairs(
  def: GameDefinition,
  arms: readonly HeadlineArm[],
  outcomes: readonly OutcomeRow[],
): { arm: string; baseline: string; side: string }[] {
  const scores = sideScores(def, outcomes);
  const matrices = policyMatrices(def, arms);
  const pairs: { arm: string; baseline: string; side: string }[] = [];
  const seen = new Set<string>();
  const add = (arm: string, baseline: string, side: string) => {
    const k = [arm, baseline].sort().concat(side).join('\u0000');
    if (arm === baseline || seen.has(k)) return;
    seen.add(k);
    pairs.push({ arm, baseline, side });
  };
  for (const r of policyRankings(def, arms, matrices)) {
    const ranked = byScore(scores, r.arms, r.side);
    for (let i = 0; i + 1 < ranked.length; i++) add(ranked[i]!, ranked[i + 1]!, r.side);
  }
  for (const mx of matrices)
    for (const side of ['row', 'col'] as const)
      for (const b of bestReplies(mx, scores, side))
        add(b.bestArm, b.secondArm, side === 'row' ? mx.rowSide : mx.colSide);
  return pairs;
}

/** The headline's paired score comparisons (see headlinePairs), Holm-adjusted over all of them. */
export function headlineComparisons(
  def: GameDefinition,
  table: GamesTable,
  arms: readonly HeadlineArm[],
  outcomes: readonly OutcomeRow[],
): ScoreComparison[] {
  return compareScores(table, headlinePairs(def, arms, outcomes));
}
