/**
 * What a report's headline answers, from the manifest's arms and the games table: the arms ranked
 * by the first side's win rate, the policy matrices among the arms (one side's policies crossed
 * with the other's, all else equal), and the paired comparisons the headline needs to say which
 * arms are distinguishable: each ranked arm against the next one, and within each row and each
 * column of every matrix, every pair of cells (compareArms: exact McNemar, Newcombe interval,
 * Holm-adjusted over all these comparisons of a side).
 */
import type { GameDefinition } from '../core/game.js';
import { type ComparisonRow, compareArms } from './compare.js';
import type { GamesTable } from './games-table.js';
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
}

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
 * Arm ids by the first side's win rate, highest first (ties in arm order). `outcomes` holds the
 * winner rows of summary.csv.
 */
export function rankArms(
  def: GameDefinition,
  outcomes: readonly OutcomeRow[],
  arms: readonly string[],
): string[] {
  const side = def.sides[0]!.id;
  const rate = new Map(
    outcomes.filter((o) => o.kind === 'winner' && o.outcome === side).map((o) => [o.arm, o.rate]),
  );
  return arms
    .map((arm, i) => ({ arm, i, r: rate.get(arm) ?? 0 }))
    .sort((x, y) => y.r - x.r || x.i - y.i)
    .map((x) => x.arm);
}

/**
 * The pairs the headline tests, each once: each ranked arm against the one ranked below it (the
 * lower one as `baseline`), then in every matrix each pair of cells of a row and of a column (the
 * earlier cell as `baseline`).
 */
export function headlinePairs(
  ranked: readonly string[],
  matrices: readonly PolicyMatrix[],
): { arm: string; baseline: string }[] {
  const pairs: { arm: string; baseline: string }[] = [];
  const seen = new Set<string>();
  const add = (arm: string, baseline: string) => {
    const k = [arm, baseline].sort().join('\u0000');
    if (arm === baseline || seen.has(k)) return;
    seen.add(k);
    pairs.push({ arm, baseline });
  };
  for (let i = 0; i + 1 < ranked.length; i++) add(ranked[i]!, ranked[i + 1]!);
  for (const m of matrices) {
    const lines = [...m.arms, ...m.cols.map((_, c) => m.arms.map((row) => row[c]!))];
    for (const line of lines)
      for (let i = 0; i < line.length; i++) for (let j = i + 1; j < line.length; j++) add(line[j]!, line[i]!);
  }
  return pairs;
}

/** The headline's paired comparisons of a run (see the module comment), on each side's win rate. */
export function headlineComparisons(
  def: GameDefinition,
  table: GamesTable,
  arms: readonly HeadlineArm[],
  outcomes: readonly OutcomeRow[],
): ComparisonRow[] {
  const ranked = rankArms(
    def,
    outcomes,
    arms.map((a) => a.id),
  );
  return compareArms(def, table, headlinePairs(ranked, policyMatrices(def, arms)));
}
